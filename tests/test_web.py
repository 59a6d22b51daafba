"""The web app in a real browser, used the way a person uses it; and the package in Pyodide.

The site (built by build.py) is served under a sub-path, /npuzzle/, as on a GitHub project
page.  Chromium is Debian's `chromium`; `python3 build.py test` installs it if missing and
makes these tests fail, not skip, without it.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess

import pytest
from support import node_executable
from web_fixtures import (
    BYPASS_CSP,
    DIST,
    READY,
    ROOT,
    SEEDS,
    board_id,
    case_link,
    closed_clean,
    ensure_site,
    moves_shown,
    open_site,
    record_status,
    shown_board,
    status,
    tile,
    wait_ready,
    wait_text,
    watched_page,
)

from npuzzle import Topology, apply_moves
from npuzzle.rules.notation import parse_board

# ------------------------------------------------------------------ Pyodide itself


def pyodide_run(korf24_seconds: float) -> dict:
    """tests/pyodide_node.mjs's answers: the package inside Pyodide under Node.js."""
    out = subprocess.run(
        [node_executable(), str(ROOT / "tests" / "pyodide_node.mjs"), str(ensure_site()), "55"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        env={**os.environ, "KORF24_SECONDS": str(korf24_seconds)},
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.pyodide
def test_package_runs_in_pyodide_under_node():
    # The 24-puzzle's weighted search answers within 150 moves in its 1 s on a free machine;
    # on a loaded one the second gives it less, so it is asked again with 4 s, then 16 s,
    # rather than failed for the machine's load or let off with a worse answer.
    for seconds in (1, 4, 16):
        result = pyodide_run(seconds)
        if result["korf24"]["length"] <= 150:
            break
    assert result["platform"] == "emscripten"
    assert result["python"].startswith("3.")
    assert result["check"]["solvable"] is True
    assert result["bad"] == {
        "ok": False,
        "field": "board",
        "error": "a 3x3 board needs 9 numbers, got 3",
        "code": "board.count",
        "params": {"width": 3, "height": 3, "n": 9, "got": 3},
    }
    assert result["unsolvable"]["solvable"] is False
    assert result["random"]["ok"] and result["random"]["solvable"]
    assert result["wrapped"]["found"] and result["wrapped"]["optimal"]
    assert result["hard"]["length"] == 31 and result["hard"]["optimal"]
    # the pattern databases, registered from the site's files as the worker does
    assert sorted(result["registered"]) == ["5x5-a", "5x5-b", "5x5-c", "5x5-d", "5x5-e", "corner6", "ring6"]
    [korf] = result["korf"]
    assert korf["found"] and korf["optimal"] and korf["heuristic"] == "pdb"
    assert korf["length"] == korf["expected"] == 41
    # a 24-puzzle: weighted IDA* with the 5x5 databases, within its budget
    k24 = result["korf24"]
    assert k24["found"] and not k24["optimal"] and k24["heuristic"] == "pdb"
    assert 100 <= k24["length"] <= 150 and k24["lower_bound"] <= 100
    _, _, start = parse_board(k24["board"])
    assert apply_moves(start, k24["moves"], Topology(5, 5)) == tuple(range(25))


@pytest.mark.pyodide
def test_the_sites_python_snapshot_starts_npuzzle_and_the_files_come_back():
    # build.py ships Pyodide's memory snapshot of a worker with npuzzle imported
    # (make_snapshot.mjs); started from it as the worker does, npuzzle is imported at once,
    # and once the wheel's files are unpacked again a module the snapshot had not imported
    # loads, with the package's metadata.
    site = ensure_site()
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["snapshot"]["url"].endswith("/python.snapshot.gz")
    assert (site / manifest["snapshot"]["url"]).stat().st_size == manifest["snapshot"]["bytes"]
    out = subprocess.run(
        [node_executable(), str(ROOT / "tests" / "snapshot_node.mjs"), str(site)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    result = json.loads(out.strip().splitlines()[-1])
    assert {"npuzzle.api", "npuzzle.pdb.kernel", "npuzzle.search.optimal"} <= set(result["imported"])
    assert "npuzzle.cli" not in result["imported"]
    assert result["cli"] is True and result["version"] == result["metadata"]
    assert (result["solve"]["length"], result["solve"]["optimal"]) == (2, True)


def test_site_has_only_relative_urls():
    for path in DIST.glob("*.*"):
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text()
            assert not re.search(r"""(src|href)=["']/|from ["']/|url\(/|https?://(?!www\.w3\.org)""", text), path.name


# ------------------------------------------------------------------ playing


@pytest.mark.smoke
def test_board_is_playable_before_and_after_the_solver_loads(page):
    open_site(page, "#id=3x3:1,2,3,4,0,5,7,8,6", ready=False)
    # Playable at once: no waiting for Python.
    assert shown_board(page) == "3x3:1,2,3,4,0,5,7,8,6"
    tile(page, 5).click()
    assert shown_board(page) == "3x3:1,2,3,4,5,0,7,8,6"
    assert moves_shown(page) == 1
    wait_ready(page)
    # The blank is not a button; every tile is one, named by its number.
    tiles = page.locator("#board button")
    assert tiles.count() == 8
    assert sorted(int(t) for t in tiles.all_inner_texts()) == list(range(1, 9))
    # Arrow key: the tile below the blank slides up.
    page.locator("body").press("ArrowUp")
    assert shown_board(page) == "3x3:1,2,3,4,5,6,7,8,0"
    wait_text(page, "#message", r"solved in 2 moves")
    assert "#id=3x3:1,2,3,4,5,6,7,8,0" in page.url


@pytest.mark.smoke
def test_click_slides_a_whole_run_undo_redo_reset(page):
    open_site(page, "#id=4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0")
    tile(page, 13).click()  # three tiles slide right
    assert shown_board(page) == "4x4:1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15"
    assert moves_shown(page) == 3
    page.get_by_role("button", name="Undo").click()  # the whole run slides back, as it came
    assert shown_board(page) == "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
    assert moves_shown(page) == 0
    page.get_by_role("button", name="Redo").click()
    assert shown_board(page) == "4x4:1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15"
    assert moves_shown(page) == 3
    tile(page, 2).click()  # not in line with the blank: nothing
    assert moves_shown(page) == 3
    page.get_by_role("button", name="Reset").click()
    assert shown_board(page) == "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
    assert moves_shown(page) == 0


def test_wrapped_row_moves_through_the_edge(page):
    open_site(page, "#id=3x3:0,1,2,3,4,5,6,7,8&goal=3x3:1,2,0,3,4,5,6,7,8&wrap=r0")
    assert page.locator(".wrap-mark").count() == 2
    page.locator("body").press("ArrowRight")  # tile 2 slides right, through the wrapped edge
    assert shown_board(page) == "3x3:2,1,0,3,4,5,6,7,8"
    assert "wrap=r0" in page.url


def test_shuffle_gives_a_solvable_board_of_the_size(page):
    open_site(page)
    page.get_by_label("Size", exact=True).select_option("3x3")
    page.wait_for_function("document.getElementById('board').style.getPropertyValue('--w') === '3'")
    before = shown_board(page)
    page.get_by_role("button", name="Shuffle").click()
    page.wait_for_function(f"location.hash !== '#id={before}'")
    board = shown_board(page)
    assert board.startswith("3x3:") and board != before
    from npuzzle import api

    assert api.check(board)["solvable"]
    assert moves_shown(page) == 0


# ------------------------------------------------------------------ solving


@pytest.mark.smoke
@pytest.mark.parametrize("index", [16, 17, 6])
def test_solve_a_seed_case_and_play_it_to_the_goal(page, index):
    case = SEEDS[index]
    open_site(page, case_link(case))
    assert shown_board(page) == board_id(case)
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", r"solution: \d+ moves", timeout=120_000)
    text = status(page)
    assert f"{case['optimal']} moves, the shortest possible" in text
    moves = page.locator("#solution-moves").inner_text()
    assert re.fullmatch(r"[UDLR]+", moves) and len(moves) == case["optimal"]
    assert len(page.locator("#solution-tiles").inner_text().split()) == case["optimal"]
    page.locator("#speed").fill("20")
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#message", rf"solution played: {case['optimal']} moves", timeout=30_000)
    assert shown_board(page) == board_id(case, "goal")


def test_hard_4x4_is_solved_with_pattern_databases_fetched_on_demand(page):
    case = SEEDS[1]  # 62 moves
    fetched = []
    page.on("request", lambda r: fetched.append(r.url) if "/pdb/" in r.url else None)
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.locator("#coach[data-state=answer]").wait_for(timeout=READY)
    assert fetched == []  # a 3x3 needs none
    # A 4x4 game: its database is fetched as the game begins, for the coach and to warm the
    # solver (the same file, at most twice: the second from the cache), not when Solve is pressed.
    page.evaluate(f"location.hash = '{case_link(case)}'")
    page.wait_for_function("document.getElementById('board').style.getPropertyValue('--w') === '4'")
    page.locator("#coach[data-state=answer]").wait_for(timeout=READY)
    assert 1 <= len(fetched) <= 2 and all(url.endswith("/corner6.pdb") for url in fetched), fetched
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", r"solution: \d+ moves", timeout=180_000)
    text = status(page)
    assert "62 moves, the shortest possible" in text
    assert len(set(fetched)) == 1  # the default goal needs one database
    print(f"\n62-move 4x4 in the browser: {text}")
    page.locator("#speed").fill("20")
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#message", "solution played: 62 moves", timeout=30_000)


def test_hint_plays_one_optimal_move(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("document.getElementById('move-count').textContent === '1'")
    assert shown_board(page) == "3x3:1,2,3,4,5,6,7,0,8"
    page.get_by_role("button", name="Hint").click()
    wait_text(page, "#message", "solved in 2 moves")


def test_hint_on_a_24_puzzle_plays_one_move_of_a_quick_answer(page):
    board = "5x5:17,1,20,9,16,2,22,19,14,5,15,21,0,3,24,23,18,13,12,7,10,8,6,4,11"
    open_site(page, f"#id={board}&goal=5x5:{','.join(map(str, range(25)))}")
    wait_ready(page)
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("document.getElementById('move-count').textContent === '1'", timeout=60_000)
    assert re.fullmatch(r"Hint: move \d+ \(best move found in 2 s, not proven shortest\)\.", status(page)), status(page)
    assert shown_board(page) != board


def test_unsolvable_board_is_reported_at_once(page):
    open_site(page, "#id=3x3:2,1,3,4,5,6,7,8,0")
    wait_text(page, "[role=status]", "unsolvable", timeout=10_000)
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "unsolvable", timeout=5_000)
    assert "parity" in status(page)


@pytest.mark.slow
def test_cancel_stops_a_long_solve_and_the_page_keeps_working(page):
    hard = SEEDS[1]  # 62 moves; with the misplaced-tiles heuristic this runs for ages
    open_site(page, case_link(hard))
    page.get_by_text("Solver options").click()
    page.locator("#heuristic").select_option("misplaced")
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", r"^Thinking… \d+ s$", timeout=30_000)  # the player's words...
    # ...and the engine's under Details, once it reports
    page.wait_for_function("document.getElementById('status-figures').textContent.includes('nodes')", timeout=30_000)
    page.get_by_role("button", name="Cancel").click()
    wait_text(page, "[role=status]", "cancelled", timeout=5_000)
    assert page.get_by_role("button", name="Cancel").is_disabled()
    page.locator("body").press("ArrowUp")  # still playable while the solver restarts
    assert moves_shown(page) == 1
    wait_ready(page)
    page.locator("#heuristic").select_option("linear-conflict")
    page.evaluate("location.hash = '#id=3x3:1,2,3,4,5,6,0,7,8'")
    page.wait_for_function("document.getElementById('board').style.getPropertyValue('--w') === '3'")
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "2 moves, the shortest possible", timeout=30_000)


# ------------------------------------------------------------------ big and wrapped boards


def no_overflow(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_10x10_gets_a_near_optimal_answer_with_a_lower_bound(page):
    open_site(page)
    page.get_by_label("Size", exact=True).select_option("10x10")
    page.wait_for_function("location.hash.startsWith('#id=10x10:')")
    wait_ready(page)
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", r"solution: \d+ moves", timeout=60_000)
    text = status(page)
    assert re.search(r"\d+ moves \(the shortest is at least \d+\)", text), text
    assert "nodes" not in text  # the solver's figures are under Details
    notes = page.locator("#solution-notes")
    assert notes.is_visible()
    notes.locator("summary").click()
    assert notes.locator("li").count() >= 1
    assert no_overflow(page)


@pytest.mark.slow
def test_24_puzzle_link_gets_a_near_optimal_answer_with_its_databases(page):
    # Korf's 24-puzzle #5 (100 moves optimal), his goal (the blank first), from a link
    board = "5x5:17,1,20,9,16,2,22,19,14,5,15,21,0,3,24,23,18,13,12,7,10,8,6,4,11"
    goal = "5x5:" + ",".join(map(str, range(25)))
    fetched = []
    page.on("request", lambda r: fetched.append(r.url) if "/pdb/" in r.url else None)
    open_site(page, f"#id={board}&goal={goal}")
    record_status(page)
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", r"solution: \d+ moves", timeout=120_000)
    text = status(page)
    length, bound = map(int, re.search(r"(\d+) moves \(the shortest is at least (\d+)\)", text).groups())
    assert 100 <= length <= 150 and 79 <= bound <= 100, text
    assert sorted(u.rsplit("/", 1)[-1] for u in fetched) == [f"5x5-{c}.pdb" for c in "abcde"]
    log = page.evaluate("window.statusLog")
    assert any(re.fullmatch(r"Loading pattern databases [\d.]+ / 6\.4 MB", t) for t in log), log
    # the player reads the best so far; the engine's words are under Details
    assert any(re.fullmatch(r"Best so far: \d+ moves; still looking for a shorter one… \d+ s", t) for t in log), log
    figures = page.evaluate("window.figuresLog")
    assert any(re.search(r"weighted IDA\* \(w = \d/\d\): best so far", t) for t in figures), figures
    notes = page.locator("#solution-notes")
    notes.locator("summary").click()
    assert "pattern databases" in notes.inner_text()
    print(f"\nKorf's 24-puzzle #5 in the browser: {text}")
    page.locator("#speed").fill("20")
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#message", f"solution played: {length} moves", timeout=60_000)


def test_30x30_board_fits_and_its_numbers_fit_their_tiles(page):
    open_site(page)
    page.get_by_label("Size", exact=True).select_option("30x30")
    page.wait_for_function("location.hash.startsWith('#id=30x30:')")
    assert page.locator("#board button.tile").count() == 899
    assert no_overflow(page)
    last = tile(page, 899)
    fits = last.evaluate("b => b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1")
    assert fits
    assert last.bounding_box()["width"] >= 15
    board = page.locator("#board").bounding_box()
    assert board["y"] + board["height"] <= 900 + 400  # within reach: about one screen down


def test_custom_rectangular_size(page):
    open_site(page)
    page.get_by_label("Size", exact=True).select_option("custom")
    page.get_by_label("Width").fill("12")
    page.get_by_label("Height").fill("7")
    page.get_by_role("button", name="Use", exact=True).click()
    page.wait_for_function("location.hash.startsWith('#id=12x7:')")
    assert shown_board(page).startswith("12x7:")


def test_torus_link_shows_wrap_markers_on_every_line(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,8,0&wrap=all")
    assert page.locator(".wrap-mark").count() == 2 * (3 + 3)
    assert page.get_by_label("Wrap", exact=True).input_value() == "all"
    assert "every row and column" in page.locator("#size-label").inner_text()
    page.locator("body").press("ArrowLeft")  # the tile at the left edge goes round to the right
    assert shown_board(page) == "3x3:1,2,3,4,5,6,0,8,7"
    page.wait_for_function("location.hash.includes('wrap=all')")  # the link stays short


def test_seed_004_preset_board_is_solved_by_playing_its_solution(page):
    open_site(page)
    page.get_by_text("Enter a board", exact=True).click()  # the wrap lives with the board's other rules
    page.get_by_label("Wrap", exact=True).select_option("seed-004")
    page.wait_for_function("location.hash.startsWith('#id=5x5:') && location.hash.includes('wrap=r2,c2')")
    assert page.locator(".wrap-mark").count() == 4
    wait_ready(page)
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", r"solution: \d+ moves", timeout=60_000)
    length = int(re.search(r"solution: (\d+) moves", status(page), re.I).group(1))
    page.locator("#speed").fill("20")
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#message", rf"solution played: {length} moves", timeout=60_000 + 100 * length)


# ------------------------------------------------------------------ links


def test_share_link_round_trip(page, browser):
    case = SEEDS[17]  # 5x5 with row 2 and column 2 wrapped
    open_site(page, case_link(case))
    assert shown_board(page) == board_id(case)
    assert page.locator(".wrap-mark").count() == 4
    page.locator("body").press("ArrowLeft")
    moved = shown_board(page)
    page.get_by_role("button", name="Share").click()
    link = page.get_by_label("Link to this board").input_value()
    assert f"#id={moved}" in link and "wrap=r2,c2" in link
    other = browser.new_page()
    other.goto(link)
    assert shown_board(other) == moved
    assert other.locator(".wrap-mark").count() == 4
    other.close()


def test_custom_goal_survives_in_the_link(page):
    case = SEEDS[16]
    open_site(page, case_link(case))
    assert f"goal={board_id(case, 'goal')}" in page.url
    page.reload()
    wait_ready(page)
    assert shown_board(page) == board_id(case)


def test_link_with_moves_replays_them(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8&moves=RR")
    assert page.locator("#solution-moves").inner_text() == "RR"
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#message", "solution played: 2 moves", timeout=10_000)


@pytest.mark.parametrize(
    "hash_, why",
    [
        ("#id=3x3:1,2,3", "needs 9 numbers"),
        ("#id=banana", "board ID looks like"),
        ("#id=3x3:1,1,2,3,4,5,6,7,0", "used twice"),
        ("#id=3x3:1,2,3,4,5,6,7,8,0&goal=4x4:1,2", "needs 16 numbers"),
        ("#id=3x3:1,2,3,4,5,6,7,8,0&wrap=r9", "outside the board"),
        ("#id=3x3:1,2,3,4,5,6,7,8,0&moves=DDX", "bad move letter"),
        ("#id=3x3:1,2,3,4,5,6,7,8,0&moves=D", "off the board"),
        ("#board=1", "no board"),
        ("#id=%E0%A4%A", "not readable"),
    ],
)
def test_malformed_link_shows_a_message_and_the_default_board(page, hash_, why):
    open_site(page, hash_, ready=False)
    note = page.get_by_role("alert")
    assert why in note.inner_text()
    assert "does not describe a board" in note.inner_text()
    assert shown_board(page).startswith("4x4:")
    assert page.locator("#board button").count() == 15
    wait_ready(page)


OK3 = "3x3:1,2,3,4,5,6,7,8,0"
# Links a person may be sent: (hash, what the note must say; None: a board, no note)
FUZZ_LINKS = [
    ("#id=3x3:1,2", "in id=, a 3x3 board needs 9 numbers, got 2"),
    ("#id=<img src=x onerror=alert(1)>", "in id=, a board ID looks like"),
    ("#id=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "in id=, a board ID looks like"),
    ("#id=4x4:%3Cscript%3E", "in id=, '<script>' is not a tile number"),
    ("#id=4x4:<script>alert(1)</script>", "in id=, '<script>alert(1)</script>' is not a tile number"),
    (f"#id={OK3}&goal=<b>x</b>", "in goal=, width 1 is out of range"),
    (f"#id={OK3}&goal=4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "in goal=, the goal is 4x4 but the start is 3x3"),
    (f"#id={OK3}&goal=3x3:1,2,3,4,5,6,7,8,8", "in goal=, number 8 is used twice"),
    (f"#id={OK3}&wrap=r99", "in wrap=, wrapped row 99 is outside the board (0 to 2)"),
    (f"#id={OK3}&wrap=<b>x</b>", "in wrap=, bad wrap '<b>x</b>'"),
    (f"#id={OK3}&wrap=c" + "9" * 400, "in wrap=, wrapped line 99999999... is out of range"),
    (f"#id={OK3}&wrap=%00", r"in wrap=, bad wrap '\x00'"),
    (f"#id={OK3}&moves=XYZ", "in moves=, bad move letter 'X' at move 1"),
    (f"#id={OK3}&moves=" + "U" * 5, "in moves=, move 3 (U) takes the blank off the board"),
    (f"#id={OK3}&moves=%C3%BC", "in moves=, bad move letter 'Ü' at move 1"),
    ("#id=" + "9" * 30 + "x3:1", "in id=, width 99999999... is out of range"),
    ("#id=3x3:1,2,3,4,5,6,7,8," + "9" * 30, "in id=, number 99999999... is out of range"),
    ("#id=", "in id=, the board is empty"),
    ("#id=&goal=&wrap=&moves=", "in id=, the board is empty"),
    (f"#id={OK3}&id=2x2:1,2,3,0", "the link gives id twice"),
    ("#id=\uff13x3:1,2,3,4,5,6,7,8,0", "in id=, a board ID looks like"),
    ("#id=%F0%9F%98%80", "in id=, a board ID looks like"),
    ("#id=3x3:" + "1," * 10_000 + "1", "in id=, a 3x3 board needs 9 numbers, got 10001"),
    ("#id=3x3:" + "<b>" * 5000, "in id=, '<b><b><b>"),
    ("#id=%E0%A4%A", "the link's id is not readable text"),
    ("#javascript:alert(1)", "the link has no board (id=...)"),
    (f"#id={OK3}&id={OK3}&&&=&=x&evil=<img src=x onerror=alert(1)>", None),
    ("#id=3x3:1,2,3,4,5,6,0,7,8&moves=r%20r", None),
]


@pytest.mark.slow
def test_link_fuzz_never_breaks_the_page(browser, site_url):
    """Malformed links, on a phone-sized screen: a precise note, the default board, still
    playable, nothing injected, no error thrown or logged, no dialog."""
    page = watched_page(browser, site_url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    problems = page.problems
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    elements = "() => document.querySelectorAll('img, script, b, iframe, object, embed, svg').length"
    before = page.evaluate(elements)
    for i, (hash_, why) in enumerate(FUZZ_LINKS):
        if i % 2:  # a new link in the same page (hashchange), or a fresh load
            page.evaluate("h => { location.hash = h; }", hash_)
        else:
            page.goto("about:blank")
            page.goto(page.site_url + hash_)
        page.wait_for_function("document.getElementById('board').querySelectorAll('button.tile').length > 0")
        note = page.locator("#link-message")
        if why is None:
            page.wait_for_function("document.getElementById('link-message').hidden")
            assert shown_board(page).startswith("3x3:"), hash_
        else:
            note.filter(has_text=why).wait_for(timeout=5_000)
            text = note.inner_text()
            assert text.startswith("This link does not describe a board: ") and len(text) < 300, (hash_, text)
            assert shown_board(page).startswith("4x4:") and page.locator("#board button").count() == 15, hash_
        # nothing from the link became an element: not in the note, the status, the board, anywhere
        assert page.evaluate(elements) == before, hash_
        assert page.evaluate("""() => ['link-message', 'status', 'message'].every(
            id => document.getElementById(id).children.length === 0)"""), hash_
        # the board is a grid: rows of cells, each holding a tile or the gap, and the wrap marks
        for stray in (
            "#board > :not(.board-row):not(span.wrap-mark)",
            "#board > .board-row > :not(.board-cell)",
            "#board .board-cell > :not(button.tile):not(span.gap)",
        ):
            assert page.locator(stray).count() == 0, (hash_, stray)
        # still playable: a key slides a tile
        board = shown_board(page)
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp"):
            page.locator("body").press(key)
            if shown_board(page) != board:
                break
        assert shown_board(page) != board and moves_shown(page) >= 1, hash_
        assert problems == [], (hash_, problems)
    # the phone-sized layout after all that: the board on screen, Solve there
    wait_ready(page)
    box = page.locator("#board").bounding_box()
    assert box["width"] > 300 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.get_by_role("button", name="Solve").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    closed_clean(page)


# ------------------------------------------------------------------ editor


def test_editor_explains_bad_input_and_loads_good_input(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    wait_ready(page)  # rows of numbers are checked by Python: don't race the worker's start
    page.get_by_text("Enter a board").click()
    # opening fills the fields with the current board as the person opens them ...
    assert page.locator("#edit-board").input_value() == "1 2 3\n4 5 6\n0 7 8"
    # ... and never after: text typed at once is kept (the browser's "toggle" event, a task
    # later, once wrote the board over it, the controls test's failure one run in three)
    page.get_by_text("Enter a board").click()  # closed again
    page.evaluate("""() => new Promise((done) => {
        const details = document.getElementById('editor');
        details.addEventListener('toggle', () => setTimeout(done), {once: true});
        details.querySelector('summary').click();
        const field = document.getElementById('edit-board');
        field.value = 'typed at once';
        field.dispatchEvent(new Event('input', {bubbles: true}));
    })""")  # ends once the toggle event has come, and the page has answered it
    assert page.locator("#edit-board").input_value() == "typed at once"
    # by the keyboard: Enter on the summary opens the form filled
    page.get_by_text("Enter a board").click()  # closed again
    page.locator("#editor summary").focus()
    page.keyboard.press("Enter")
    assert page.locator("#editor").evaluate("(d) => d.open")
    assert page.locator("#edit-board").input_value() == "1 2 3\n4 5 6\n0 7 8"
    page.get_by_role("textbox", name=re.compile("^Board")).fill("1 2 3\n4 5 5\n7 8 0")
    page.get_by_role("button", name="Use this board").click()
    wait_text(page, "#edit-board-error", "used twice", timeout=10_000)
    assert shown_board(page) == "3x3:1,2,3,4,5,6,0,7,8"
    page.locator("#edit-board").fill("1 2 3\n4 5 6\n7 0 8")
    page.locator("#edit-goal").fill("1 2 3 4")
    page.get_by_role("button", name="Use this board").click()
    wait_text(page, "#edit-goal-error", "out of range", timeout=10_000)
    assert page.locator("#edit-board-error").inner_text() == ""
    assert shown_board(page) == "3x3:1,2,3,4,5,6,0,7,8"
    page.locator("#edit-goal").fill("")
    page.locator("#edit-wrap").fill("r1")
    page.get_by_role("button", name="Use this board").click()
    page.wait_for_function("location.hash.includes('wrap=r1')")
    assert shown_board(page) == "3x3:1,2,3,4,5,6,7,0,8"
    assert page.locator(".wrap-mark").count() == 2


def test_phone_sized_screen_fits(browser, site_url):
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.goto(site_url + "#id=4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    box = page.locator("#board").bounding_box()
    assert box["width"] > 250
    page.close()


def test_works_offline_once_loaded(browser, site_url):
    context = browser.new_context(**BYPASS_CSP)
    page = context.new_page()
    page.site_url = site_url
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "2 moves, the shortest possible", timeout=30_000)
    context.close()


@pytest.mark.parametrize("snapshot", ["served", "corrupt", "missing"])
def test_the_solver_starts_from_the_snapshot_or_as_usual_when_it_fails(browser, site_url, snapshot):
    # A snapshot that cannot be used (not a snapshot, or not found) gives a normal start
    # (micropip installs the wheel), said in the worker's timings; the page works the same.
    page = watched_page(browser, site_url)
    if snapshot == "corrupt":
        page.context.route(
            "**/python.snapshot.gz",
            lambda route: route.fulfill(
                body=gzip.compress(b"not a snapshot" * 100_000), content_type="application/gzip"
            ),
        )
    elif snapshot == "missing":
        page.context.route("**/python.snapshot.gz", lambda route: route.fulfill(status=404, body="gone"))
    open_site(page, "#id=4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14")
    timings = json.loads(page.evaluate("document.documentElement.dataset.solverTimings"))
    if snapshot == "served":
        assert timings["snapshot"] == "used" and timings["wheel"] == 0
    else:
        assert timings["snapshot"].startswith("failed: ") and timings["wheel"] > 0
        if snapshot == "missing":
            assert "HTTP 404" in timings["snapshot"]
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "15 moves, the shortest possible", timeout=60_000)
    closed_clean(page)


def test_swipe_slides_a_tile(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)
    box = tile(page, 8).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y, steps=4)
    page.mouse.up()
    assert shown_board(page) == "3x3:1,2,3,4,5,6,7,8,0"
    assert moves_shown(page) == 1
    wait_ready(page)
