"""Replays in the browser, used as a speedsolver uses them: a board solved by keys replays
from the session list (Step, Back, Play), and the replay's moves count for nothing (no
second solve, no record); Analyse opens the analysis with the scramble on the board and the
table's row following the replay; a 100-move 4x4 solve (imported) gives a "link to this
solve" of at most 400 characters, which opens in a fresh page, in Chinese on a phone, as the
same moves with each move's time as recorded (to 10 ms), read step by step from the page;
a cut link says why and plays nothing; a 30x30 solved by hover replays the same way."""

from __future__ import annotations

import json
import random
import re

import pytest
from support import STEP
from web_fixtures import fresh_page, open_site, shown_board, wait_text

from npuzzle.rules.board import MoveError, apply_moves, default_goal
from npuzzle.rules.notation import format_board_id
from npuzzle.rules.topology import OPPOSITE, Topology
from npuzzle.speedsolving.session_files import to_json_text
from npuzzle.speedsolving.sessions import format_time

KEY = {"U": "ArrowDown", "D": "ArrowUp", "L": "ArrowRight", "R": "ArrowLeft"}  # the key that moves the blank this way
ANALYSED = 120_000  # ms: a 3x3's analysis, once the solver has loaded
SCRAMBLE_3X3 = "3x3:1,2,3,4,5,6,0,7,8"
HAND = "UDUDRR"  # a detour: the analysis has moves lost to show


def seconds(text: str) -> int:
    """A time as the page shows it (m:ss.sss, maybe followed by words) in ms."""
    m = re.match(r"(\d+):(\d\d)\.(\d{3})", text)
    assert m, text
    return (int(m[1]) * 60 + int(m[2])) * 1000 + int(m[3])


def after(scramble: str, moves: str) -> str:
    topo = Topology(3, 3)
    tiles = [int(x) for x in scramble.split(":")[1].split(",")]
    return format_board_id(3, 3, apply_moves(tuple(tiles), moves, topo))


def current_row(page) -> str | None:
    return page.evaluate("document.querySelector('#speed-rows tr[aria-current=\"true\"]')?.dataset.i ?? null")


def a_100_move_solve() -> dict:
    """A 4x4 solve of 100 moves (the way back along a random walk from the goal), its moves'
    times 40 to 900 ms apart, as a session keeps it."""
    rng = random.Random(2026)
    topo, goal = Topology(4, 4), default_goal(4, 4)
    walk, board = [], goal
    while len(walk) < 100:
        letter = rng.choice("UDLR")
        if walk and letter == OPPOSITE[walk[-1]]:
            continue
        try:
            board = apply_moves(board, letter, topo)
        except MoveError:
            continue
        walk.append(letter)
    moves = "".join(OPPOSITE[m] for m in reversed(walk))
    times, now = [], 0
    for i in range(100):
        now += 0 if i == 0 else rng.randrange(40, 900)
        times.append(now)
    return {
        "date": 1_764_000_000_000,
        "type": "random",
        "ms": now + 3,
        "penalty": "",
        "optimum": None,
        "scramble": format_board_id(4, 4, board),
        "moves": moves,
        "times": times,
    }


@pytest.mark.slow
def test_a_solve_replays_analyses_and_travels_as_a_link(page, browser, site_url, tmp_path):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, f"#id={SCRAMBLE_3X3}")
    for letter in HAND:
        page.locator("body").press(KEY[letter])
    wait_text(page, "#message", r"^Solved in 6 moves", timeout=10_000)
    records = page.locator("#records-text").inner_text()
    page.locator("#session summary").click()
    # the moves' times as the session keeps them (the page shows them only in a replay)
    kept = page.evaluate("JSON.parse(localStorage.getItem('npuzzle.sessions'))")  # version 2: named sessions
    [solve] = kept["keys"]["3x3"]["sessions"][0]["solves"]
    times = solve["times"]
    assert len(times) == 6

    # "This game's solve" analysed: its replay keeps the moves' times as the session has them
    page.locator("#speedsolve summary").click()
    page.locator("#speed-this").click()
    page.locator("#speed-analyse").click()
    wait_text(page, "#speed-summary", r"^6 moves \(STM\)", timeout=ANALYSED)
    assert page.locator("#replay-at").inner_text() == "Move 0 of 6"
    page.get_by_role("button", name="Step", exact=True).last.click()
    page.get_by_role("button", name="Step", exact=True).last.click()
    assert page.locator("#replay-clock").inner_text() == format_time(times[1])
    page.locator("#replay-close").click()

    # the replay, from the session's list: at move 0, the scramble on the board
    page.get_by_role("button", name="Replay solve 1").click()
    assert page.locator("#replay-heading").inner_text() == f"Replay of solve 1: 6 moves, {format_time(solve['ms'])}"
    assert page.locator("#replay-at").inner_text() == "Move 0 of 6"
    assert page.locator("#replay-clock").inner_text() == "0:00.000"
    assert shown_board(page) == SCRAMBLE_3X3
    step, back = page.get_by_role("button", name="Step", exact=True).last, page.locator("#replay-back")
    step.click()
    step.click()
    assert page.locator("#replay-at").inner_text() == "Move 2 of 6"
    assert page.locator("#replay-clock").inner_text() == format_time(times[1])
    assert shown_board(page) == after(SCRAMBLE_3X3, HAND[:2])
    # in hover mode a hand lying on the board while the replay stands moves nothing
    page.locator("#controls summary").click()
    page.locator("#control-mouse").select_option("hover")
    box = page.locator("#board").bounding_box()
    for i in range(12):
        page.mouse.move(box["x"] + box["width"] * (i % 4 + 0.5) / 4, box["y"] + box["height"] * (i // 4 + 0.5) / 3)
    assert page.locator("#replay-at").inner_text() == "Move 2 of 6"
    assert shown_board(page) == after(SCRAMBLE_3X3, HAND[:2])
    page.locator("#control-mouse").select_option("click")
    back.click()
    assert page.locator("#replay-at").inner_text() == "Move 1 of 6"
    assert page.locator("#replay-said").inner_text() == f"Move 1 of 6 · {format_time(times[0])}"  # said when it stands
    page.keyboard.press("ArrowRight")  # the focus is on the replay's Back: the arrows step it
    assert page.locator("#replay-at").inner_text() == "Move 2 of 6"
    page.locator("#replay-play").click()
    wait_text(page, "#replay-at", r"^Move 6 of 6$", timeout=20_000)
    assert page.locator("#replay-play").inner_text() == "Play"
    assert shown_board(page) == "3x3:1,2,3,4,5,6,7,8,0"
    # the replay's moves are not the person's: no second solve, no record
    assert page.locator("#session-summary").inner_text() == "3x3: 1 solve"
    assert page.locator("#records-text").inner_text() == records
    assert "replayed" in page.locator("#status").inner_text()

    # Analyse: the analysis of this solve, its scramble on the board, the row following the replay
    page.locator("#replay-analyse").click()
    assert shown_board(page) == SCRAMBLE_3X3
    wait_text(page, "#speed-summary", r"^6 moves \(STM\)", timeout=ANALYSED)
    assert page.locator("#speed-scramble").is_visible() and page.locator("#speed-rows tr").count() == 6
    assert current_row(page) is None  # move 0: no row yet
    step.click()
    assert current_row(page) == "1"
    step.click()
    assert current_row(page) == "2" and page.locator("#replay-at").inner_text() == "Move 2 of 6"
    page.locator("#speed-rows tr").nth(4).click()  # a row: the replay goes there
    assert page.locator("#replay-at").inner_text() == "Move 5 of 6" and current_row(page) == "5"
    assert shown_board(page) == after(SCRAMBLE_3X3, HAND[:5])
    page.get_by_role("button", name="Replay beside the table").click()
    wait_text(page, "#replay-at", r"^Move 6 of 6$", timeout=20_000)
    assert current_row(page) == "6"
    # the notation menu, the scramble's label and its field one under the other (the labels over their fields)
    boxes = [
        page.locator(s).bounding_box() for s in ("#speed-notation", "label[for=speed-scramble]", "#speed-scramble")
    ]
    assert boxes[0]["y"] + boxes[0]["height"] <= boxes[1]["y"] and boxes[1]["y"] + boxes[1]["height"] <= boxes[2]["y"]

    # a 100-move 4x4 solve, imported; replayed from a 4x4 board's session, its link copied
    long = a_100_move_solve()
    path = tmp_path / "session.json"
    path.write_text(to_json_text("4x4", [long]))
    page.locator("#session-file").set_input_files(str(path))
    wait_text(page, "#session-status", r"^Imported 1 solves", timeout=10_000)
    page.locator("#size").select_option("4x4")
    wait_text(page, "#session-summary", r"^4x4: 1 solve", timeout=30_000)
    page.get_by_role("button", name="Replay solve 1").click()
    assert page.locator("#replay-at").inner_text() == "Move 0 of 100"
    page.locator("#replay-link").click()
    link = page.locator("#replay-link-text").input_value()
    assert len(link) <= 400
    assert f"({len(link)} characters;" in page.locator("#replay-status").inner_text()
    assert f"id={long['scramble']}&replay=" in link

    # the link in a fresh page, in Chinese, on a phone: the same moves, each at its time
    gen = fresh_page(browser, site_url, "zh")
    other = next(gen)
    other.set_viewport_size({"width": 390, "height": 844})
    other.goto(link)
    wait_text(other, "#replay-at", r"^第 0 步，共 100 步$", timeout=30_000)
    assert other.locator("#replay-heading").inner_text() == f"回放：100 步，{format_time(long['ms'])}"
    assert shown_board(other) == long["scramble"]
    topo, tiles = Topology(4, 4), tuple(int(x) for x in long["scramble"].split(":")[1].split(","))
    forward = other.get_by_role("button", name="前进", exact=True)
    for k in range(1, 101):
        forward.click()
        assert other.locator("#replay-at").inner_text() == f"第 {k} 步，共 100 步"
        assert abs(seconds(other.locator("#replay-clock").inner_text()) - long["times"][k - 1]) <= 10, k
        if k % 25 == 0:  # the board follows (read every 25 moves: reading it is slow)
            assert shown_board(other) == format_board_id(4, 4, apply_moves(tiles, long["moves"][:k], topo))
    assert other.locator("html").evaluate("(e) => e.scrollWidth") <= 390  # fits the phone
    # a cut link: said precisely; the board is the scramble and no replay opens
    other.locator("#replay-close").click()
    other.evaluate(f"location.hash = {json.dumps(link.split('#')[1][:-3])}")
    wait_text(other, "#link-message", r"复原代码", timeout=10_000)
    assert other.locator("#replay").is_hidden()
    assert shown_board(other) == long["scramble"]
    next(gen, None)  # fresh_page closes it: the test fails if it logged or threw an error


@pytest.mark.smoke
@pytest.mark.slow  # two pages and a 30x30: over 10 s beside another test process
def test_a_30x30_solved_by_hover_replays_from_its_link(page, browser, site_url):
    """The largest board a person plays: solved by pointing alone (cells of about 20 px at
    1366x768), replayed from the session to its end, and its link replayed on a phone."""
    page.set_viewport_size({"width": 1366, "height": 768})
    topo, goal = Topology(30, 30), default_goal(30, 30)
    walk = "ULULULUL"  # the blank's way from the goal; the solve goes back along it
    start = format_board_id(30, 30, apply_moves(goal, walk, topo))
    solve = "".join(OPPOSITE[m] for m in reversed(walk))
    open_site(page, f"#id={start}", ready=False)  # the board is the page's own: no need to wait for Python
    page.wait_for_function("document.querySelectorAll('#board button.tile').length === 899")
    page.locator("#controls summary").click()
    page.locator("#control-mouse").select_option("hover")
    page.locator("#board").scroll_into_view_if_needed()  # back up to the board, as a person scrolls
    box = page.locator("#board").bounding_box()
    side = box["width"] / 30
    row, col = 29 - walk.count("U"), 29 - walk.count("L")
    page.mouse.move(box["x"] + (col + 0.5) * side, box["y"] + (row + 0.5) * side)  # onto the gap
    for letter in solve:
        dr, dc = STEP[letter]
        row, col = row + dr, col + dc
        page.mouse.move(box["x"] + (col + 0.5) * side, box["y"] + (row + 0.5) * side)
    wait_text(page, "#message", r"^Solved in 8 moves", timeout=10_000)
    assert shown_board(page) == format_board_id(30, 30, goal)
    page.mouse.move(box["x"] / 2, box["y"] / 2)  # the hand leaves the board

    page.locator("#session summary").click()
    page.get_by_role("button", name="Replay solve 1").click()
    assert page.locator("#replay-at").inner_text() == "Move 0 of 8"
    assert shown_board(page) == start
    page.locator("#replay-end").click()
    assert page.locator("#replay-at").inner_text() == "Move 8 of 8"
    assert shown_board(page) == format_board_id(30, 30, goal)
    page.locator("#replay-link").click()
    link = page.locator("#replay-link-text").input_value()
    assert f"id={start}&replay=" in link

    gen = fresh_page(browser, site_url)
    other = next(gen)
    other.set_viewport_size({"width": 390, "height": 844})
    other.goto(link)
    wait_text(other, "#replay-at", r"^Move 0 of 8$", timeout=30_000)
    assert shown_board(other) == start
    for k in range(1, 9):
        other.locator("#replay-step").click()
        assert other.locator("#replay-at").inner_text() == f"Move {k} of 8"
    assert shown_board(other) == format_board_id(30, 30, goal)
    assert other.locator("html").evaluate("(e) => e.scrollWidth") <= 390  # fits the phone
    next(gen, None)
