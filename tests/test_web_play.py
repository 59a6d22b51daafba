"""Playing in the browser as a person meets it: playback that never blocks the page,
messages that describe the state on screen, quick private hints and honest endings.

Speeds are printed (run with -s to see them), not asserted: the machine may be busy.
"""

from __future__ import annotations

import re
import time

import pytest
from web_fixtures import ROOT, moves_shown, open_site, record_status, shown_board, status, wait_ready, wait_text

from npuzzle import api

KORF = [line.split() for line in (ROOT / "tests" / "data" / "korf100.txt").read_text().splitlines() if line.strip()]
KORF_GOAL = "4x4:" + ",".join(map(str, range(16)))

# Long tasks (over 50 ms) of the main thread, and the slowest turn of a 10 ms timer probe,
# kept from the first script on: they say whether the page could answer a click.
WATCH_MAIN_THREAD = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push({start: e.startTime, duration: e.duration});
}).observe({type: 'longtask', buffered: true});
window.probeLate = [];
(function probe(last) {
  setTimeout(() => { const now = performance.now(); window.probeLate.push([now, now - last - 10]); probe(now); }, 10);
})(performance.now());
"""


def korf_link(number: int) -> str:
    """Korf's 4x4 #number (1-based) as a link, with his goal (the blank first)."""
    tiles = KORF[number - 1][:16]
    return f"#id=4x4:{','.join(tiles)}&goal={KORF_GOAL}"


def longest_task(page, since: float) -> float:
    """The longest main-thread task (ms) that began after `since` (page time, ms)."""
    return page.evaluate(
        """since => Math.max(0,
        ...window.longTasks.filter(t => t.start + t.duration >= since).map(t => t.duration),
        ...window.probeLate.filter(([t]) => t >= since).map(([, late]) => late))""",
        since,
    )


def played(page) -> int:
    """The solution's moves played, as its panel says ("Solution: move 2,048 of 67,000")."""
    return int(re.match(r"Solution: move (\d+)", page.locator("#solution-progress").inner_text()).group(1))


def now(page) -> float:
    return page.evaluate("performance.now()")


@pytest.mark.slow
def test_fastest_playback_of_a_30x30_answer_never_blocks_and_pause_stops_it(page):
    board = api.random(30, 30, seed=3)["id"]
    answer = api.solve(board, strategy="constructive")
    assert answer["found"] and answer["length"] > 30_000
    page.add_init_script(WATCH_MAIN_THREAD)
    open_site(page, f"#id={board}&moves={answer['moves']}", ready=False)
    wait_text(page, "#solution-progress", f"Solution: move 0 of {answer['length']}", timeout=30_000)
    opening = longest_task(page, 0)
    wait_ready(page)
    page.locator("#speed").fill("12")  # the top speed
    started = now(page)
    page.get_by_role("button", name="Play").click()
    page.wait_for_function(
        "Number(/move (\\d+)/.exec(document.getElementById('solution-progress').textContent)[1]) > 2000", timeout=60_000
    )
    page.wait_for_timeout(1_500)
    clicked = time.perf_counter()
    page.get_by_role("button", name="Pause").click()
    click_seconds = time.perf_counter() - clicked
    stopped_at = played(page)
    page.wait_for_timeout(1_000)
    assert played(page) == stopped_at  # Pause stopped it at once
    assert moves_shown(page) == 0  # the solver's moves are the solution's, not the person's
    assert 0 < stopped_at < answer["length"]
    playing = longest_task(page, started)
    assert page.get_by_role("button", name="Play").is_visible()
    assert f"moves={answer['moves'][stopped_at : stopped_at + 20]}" in page.url  # the address, once paused
    print(
        f"\n30x30 answer of {answer['length']} moves: opening the link, longest task {opening:.0f} ms; "
        f"playing at the top speed, longest task {playing:.0f} ms; Pause clicked in {click_seconds:.2f} s "
        f"after {stopped_at} moves"
    )


# ------------------------------------------------------------------ messages


@pytest.mark.slow
def test_a_memory_stop_says_so_and_never_blames_a_solvable_board(page):
    open_site(page, korf_link(60))
    page.get_by_text("Solver options").click()
    page.locator("#algorithm").select_option("astar")
    page.locator("#heuristic").select_option("misplaced")
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "No solution found", timeout=180_000)
    text = status(page)
    assert text.startswith("No solution found: A* ran out of memory; the shortest solution has at least "), text
    assert text.endswith("IDA* needs little memory: choose it in Solver options.") and "parity" not in text
    page.locator("#status-details summary").click()  # the full account, one click away
    details = page.locator("#status-figures").inner_text()
    assert details.startswith("No solution found: memory limit: A* stored 2,000,000 states"), details


def test_after_shuffle_a_link_is_described_as_the_links_board(page):
    open_site(page)
    page.get_by_role("button", name="Shuffle").click()
    wait_text(page, "[role=status]", "New random board")
    page.evaluate("location.hash = '#id=3x3:1,2,3,4,5,6,0,7,8'")
    wait_text(page, "[role=status]", "Board from the link", timeout=10_000)
    assert "random" not in status(page)
    page.evaluate("location.hash = '#id=3x3:1,2,3,4,5,6,0,7,8&moves=RR'")
    wait_text(page, "[role=status]", "This link carries a solution of 2 moves", timeout=10_000)


def test_an_editor_rejection_shows_its_error_not_board_loaded(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.get_by_text("Enter a board").click()
    page.wait_for_function("document.getElementById('edit-board').value === '1 2 3\\n4 5 6\\n0 7 8'")
    page.locator("#edit-board").fill("1 2 3\n4 5 6\n7 0 8")
    page.get_by_role("button", name="Use this board").click()
    wait_text(page, "[role=status]", "Board loaded from the editor", timeout=10_000)
    page.locator("#edit-board").fill("1 2 3\n4 5 5\n7 8 0")
    page.get_by_role("button", name="Use this board").click()
    wait_text(page, "[role=status]", "The editor did not take the board: .*used twice", timeout=10_000)
    assert "Board loaded" not in status(page)
    assert shown_board(page) == "3x3:1,2,3,4,5,6,7,0,8"
    page.locator("body").press("ArrowLeft")  # the rejection was about the editor's input, not this board...
    assert "did not take" in status(page)
    page.evaluate("location.hash = '#id=3x3:1,2,3,4,5,6,0,7,8'")  # ...and goes with the game
    wait_text(page, "[role=status]", "Board from the link", timeout=10_000)


def test_progress_counts_never_go_backwards(page):
    board = api.random(6, 6, seed=5)["id"]
    open_site(page, f"#id={board}")
    record_status(page)  # the engine's figures are under Details while it searches
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", r"solution: \d+ moves", timeout=120_000)
    counts = [
        int(m.group(1).replace(",", ""))
        for t in page.evaluate("window.figuresLog")
        if (m := re.search(r"([\d,]+) nodes", t)) and t.startswith("Solving")
    ]
    assert len(counts) >= 2 and counts == sorted(counts), counts


def test_cancel_says_cancelled_until_the_solver_is_back(page):
    open_site(page, korf_link(60))
    page.get_by_text("Solver options").click()
    page.locator("#heuristic").select_option("misplaced")
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", r"^Thinking… \d+ s$", timeout=30_000)
    page.get_by_role("button", name="Cancel").click()
    wait_text(page, "[role=status]", "^Cancelled. Restarting the solver", timeout=5_000)
    wait_text(page, "[role=status]", "^Cancelled. Solver ready again.", timeout=90_000)


# ------------------------------------------------------------------ hints


@pytest.mark.slow
def test_a_hint_on_korfs_60_is_quick_labelled_and_shows_one_move_only(page):
    open_site(page, korf_link(60))
    hint = page.get_by_role("button", name="Hint")
    hint.click()  # the first hint also fetches the pattern databases
    wait_text(page, "[role=status]", "^Hint: move", timeout=60_000)
    page.get_by_role("button", name="Undo").click()
    started = time.perf_counter()
    hint.click()
    wait_text(page, "[role=status]", "^Hint: move", timeout=30_000)
    seconds = time.perf_counter() - started
    text = status(page)
    assert re.fullmatch(
        r"Hint: move \d+ \((on a shortest path|best move found in 2 s, not proven shortest)\)\.", text
    ), text
    assert moves_shown(page) == 1
    assert page.locator("#solution").is_hidden()  # the solution is not shown: Solve shows it
    print(f"\nA hint on Korf's #60 (66 moves) in {seconds:.2f} s: {text}")


def test_a_hint_can_show_its_tile_instead_and_the_choice_is_kept(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.get_by_text("Solver options").click()
    page.get_by_label("Hint", exact=True).select_option("show")
    page.get_by_role("button", name="Hint").click()
    wait_text(page, "[role=status]", r"^Hint: move 7 \(on a shortest path\); it is highlighted\.", timeout=30_000)
    assert moves_shown(page) == 0
    assert page.locator("#board button.hint").all_inner_texts() == ["7"]
    page.get_by_role(
        "button", name=re.compile(r"^7, row \d+, column \d+(, home)?(, can move \w+)?$")
    ).click()  # the person makes it: the mark and message go
    assert page.locator("#board button.hint").count() == 0
    assert not status(page).startswith("Hint")
    page.reload()
    wait_ready(page)
    assert page.get_by_label("Hint", exact=True).input_value() == "show"


# ------------------------------------------------------------------ endings


def test_a_played_solution_is_not_the_persons_solve(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "2 moves, the shortest possible", timeout=30_000)
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#message", r"^Solution played: 2 moves\.$", timeout=10_000)
    assert page.locator("#message.won").count() == 0


def test_a_solve_with_hints_says_how_many(page):
    open_site(page, "#id=3x3:1,2,3,4,0,5,7,8,6")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("document.getElementById('move-count').textContent === '1'", timeout=30_000)
    page.locator("body").press("ArrowUp")
    wait_text(page, "#message", r"^Solved in 2 moves with 1 hint \(\d:\d\d\.\d\d\d\)\.$", timeout=10_000)
    page.get_by_role("button", name="Reset").click()
    page.locator("body").press("ArrowLeft")
    page.locator("body").press("ArrowUp")
    wait_text(page, "#message", r"^Solved in 2 moves with 1 hint", timeout=10_000)  # Reset keeps the count
    page.evaluate("location.hash = '#id=3x3:1,2,3,4,5,6,7,0,8'")
    page.wait_for_function("location.hash === '#id=3x3:1,2,3,4,5,6,7,0,8'")
    page.locator("body").press("ArrowLeft")
    # the person's own: the score (tests/test_web_coach.py) follows once the coach knows the optimum
    wait_text(
        page,
        "#message",
        r"^Solved in 1 move \(\d:\d\d\.\d\d\d\)! 1 STM, 1 MTM(, [\d.,]+ TPS)?\.( Shortest possible: 1\.)?$",
        timeout=10_000,
    )
    assert page.locator("#message.won").count() == 1
