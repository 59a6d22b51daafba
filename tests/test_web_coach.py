"""The coach, the score and the records in the browser, used as a person uses them: keys and
clicks, and what the page shows, checked against breadth-first search.

The time from a key press to the coach's new number is printed (run with -s), never
asserted: a loaded machine may take any time, and a test must not depend on an idle one.
"""

from __future__ import annotations

import re
import statistics

import pytest
from support import bfs, closer_tiles, korf100
from web_fixtures import open_site, shown_board, wait_ready, wait_text

from npuzzle import Topology, api
from npuzzle.rules.board import default_goal
from npuzzle.rules.notation import parse_board
from npuzzle.rules.topology import DIRECTIONS
from npuzzle.search.heuristics import Heuristic

COACH_READY = 120_000  # ms: the coach answers once the solver has loaded, on a slow 2-core machine
GOAL3 = default_goal(3, 3)
T3 = Topology(3, 3)
DIST3 = bfs(GOAL3, T3)
# the arrow key that moves the blank this way (a key names the way the TILE slides)
KEY = {"U": "ArrowDown", "D": "ArrowUp", "L": "ArrowRight", "R": "ArrowLeft"}

# Times (ms) from a key press to the coach's new number, from the page's own clock.
WATCH_COACH = """
window.coachTimes = [];
document.addEventListener('keydown', () => { window.pressed = performance.now(); }, true);
window.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    if (window.pressed !== undefined && document.getElementById('coach').dataset.state === 'answer') {
      window.coachTimes.push(performance.now() - window.pressed);
      window.pressed = undefined;
    }
  }).observe(document.getElementById('coach'), {attributes: true, childList: true, subtree: true, characterData: true});
});
"""


def coach_answer(page) -> str:
    """The coach's line once it answers about the board on screen."""
    page.locator("#coach[data-state=answer]").wait_for(timeout=COACH_READY)
    return page.locator("#coach-text").inner_text()


def distance_shown(page) -> int:
    text = coach_answer(page)
    if text == "at the goal":
        return 0
    m = re.fullmatch(r"(\d+) moves? to the goal", text)
    assert m, text
    return int(m.group(1))


def marked(page) -> set[int]:
    return {int(t) for t in page.locator("#board button.good").all_inner_texts()}


def expected_marks(board: tuple[int, ...]) -> set[int]:
    """The tiles whose move brings the board one move nearer its goal (breadth-first search)."""
    return closer_tiles(board, DIST3, T3)


def board_on_screen(page) -> tuple[int, ...]:
    return parse_board(shown_board(page))[2]


def check_against_bfs(page):
    board = board_on_screen(page)
    assert distance_shown(page) == DIST3[board], shown_board(page)
    assert marked(page) == expected_marks(board), shown_board(page)
    good = expected_marks(board)
    said = page.locator("#coach-good").inner_text()
    assert all(str(t) in said for t in good) and (said == "") == (not good)


def test_the_coach_counts_the_moves_left_and_marks_the_good_tiles_as_bfs_does(page):
    page.add_init_script(WATCH_COACH)
    start = "3x3:" + ",".join(map(str, max((b for b in DIST3 if DIST3[b] == 20), key=str)))
    open_site(page, f"#id={start}")
    check_against_bfs(page)
    for letter in "ULDRRULDLURDRULLD":
        if T3.step[board_on_screen(page).index(0)][DIRECTIONS.index(letter)] < 0:
            continue  # off the board
        page.locator("body").press(KEY[letter])
        check_against_bfs(page)
    # Undo and Redo: the number and the marks follow at once (answers are kept by position)
    for button in ("Undo", "Undo", "Redo", "Undo"):
        page.get_by_role("button", name=button).click()
        check_against_bfs(page)
    times = page.evaluate("window.coachTimes")
    assert times  # the number changed after the keys: how quickly is printed, not judged
    print(
        f"\ncoach, key press to its new number on a 3x3: median {statistics.median(times):.0f} ms, "
        f"max {max(times):.0f} ms over {len(times)} moves"
    )


def test_on_a_4x4_the_number_follows_a_move_quickly(page):
    page.add_init_script(WATCH_COACH)
    board = "4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14"  # 15 moves
    open_site(page, f"#id={board}")
    assert coach_answer(page) == "15 moves to the goal"
    distances = []
    # a walk that never comes back to a board, so every answer is worked out, none remembered
    t4, tiles, seen, walk = Topology(4, 4), list(parse_board(board)[2]), set(), ""
    while len(walk) < 8:
        seen.add(tuple(tiles))
        blank = tiles.index(0)
        for d in (2, 1, 3, 0):  # L, D, R, U
            cell = t4.step[blank][d]
            after = list(tiles)
            if cell >= 0:
                after[blank], after[cell] = after[cell], 0
            if cell >= 0 and tuple(after) not in seen:
                walk, tiles = walk + DIRECTIONS[d], after
                break
    for key in (KEY[letter] for letter in walk):
        before = page.locator("#coach-text").inner_text()
        page.locator("body").press(key)
        page.wait_for_function(
            "b => document.getElementById('coach').dataset.state === 'answer'"
            " && document.getElementById('coach-text').textContent !== b",
            arg=before,
            timeout=30_000,
        )
        distances.append(distance_shown(page))
        problem = api.coach(shown_board(page))
        assert distances[-1] == problem["distance"]
        assert marked(page) == {problem["tiles"][m] for m, v in problem["moves"].items() if v == "closer"}
    times = page.evaluate("window.coachTimes")
    assert len(times) == len(walk)  # a new number after every key; how quickly is printed, not judged
    print(
        f"\ncoach, key press to its new number on a 4x4 (a new board each move): median {statistics.median(times):.0f} ms, "
        f"max {max(times):.0f} ms; distances {distances}"
    )


def test_the_coach_can_be_hidden_and_the_choice_is_kept(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    assert coach_answer(page) == "2 moves to the goal"
    assert marked(page) == {7}
    page.get_by_label("Coach: show").uncheck()
    assert page.locator("#coach").is_hidden() and marked(page) == set()
    page.locator("body").press("ArrowLeft")  # the box keeps the focus, the key goes to the board: 7 slides left
    assert page.locator("#coach").is_hidden() and marked(page) == set()
    page.reload()
    wait_ready(page)
    assert not page.get_by_label("Coach: show").is_checked()
    page.wait_for_timeout(500)
    assert page.locator("#coach").is_hidden() and marked(page) == set()
    page.get_by_label("Coach: show").check()
    assert coach_answer(page) == "1 move to the goal" and marked(page) == {8}


def test_a_solve_by_hand_with_a_detour_gets_its_score(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")  # 2 moves: RR
    for letter in "UDRR":  # up and back down first
        page.locator("body").press(KEY[letter])
    # STM and MTM (UDRR: three runs of one letter), and TPS when the time is not 0:00.000
    wait_text(
        page,
        "#message",
        r"^Solved in 4 moves \(0:\d\d\.\d\d\d\)! 4 STM, 3 MTM(, [\d.,]+ TPS)?\. Shortest possible: 2\.$",
        timeout=COACH_READY,
    )
    assert coach_answer(page) == "at the goal" and marked(page) == set()
    # the score goes with the game: a played solution is not the person's, and has none
    page.get_by_role("button", name="Reset").click()
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "2 moves, the shortest possible", timeout=30_000)
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#message", r"^Solution played: 2 moves\.$", timeout=10_000)


def test_records_count_own_solves_of_shuffled_boards_and_clear(page):
    open_site(page)
    assert re.search(r"Your records, 4x4: none yet", page.locator("#records").inner_text())
    page.get_by_role(
        "checkbox", name=re.compile("^Practice mode")
    ).check()  # no coach during the solve: it counts for the records
    page.get_by_label("Size", exact=True).select_option("3x3")
    wait_text(page, "[role=status]", "New random board", timeout=30_000)
    page.wait_for_function("document.getElementById('board').style.getPropertyValue('--w') === '3'")
    board = shown_board(page)
    answer = api.solve(board)
    assert answer["optimal"]
    for letter in answer["moves"]:
        page.locator("body").press(KEY[letter])
    n = answer["length"]
    # the first record of a size breaks both (a screen reader hears it: the line is live)
    runs = len(re.findall(r"U+|D+|L+|R+", answer["moves"]))
    wait_text(
        page,
        "#message",
        rf"^Solved in {n} moves? \((0:\d\d\.\d\d\d)\)! {n} STM, {runs} MTM(, [\d.]+ TPS)?\. "
        rf"(Shortest possible: {n}\. )?"  # when the hidden coach knew it already
        r"New records: your best time and fewest moves!$",
        timeout=30_000,
    )
    time_taken = re.search(r"\((\d:\d\d\.\d\d\d)\)", page.locator("#message").inner_text()).group(1)
    records = page.locator("#records").inner_text()
    assert f"Your records, 3x3: best time {time_taken}, fewest moves {n}, fewest MTM {runs}, best TPS " in records
    page.reload()  # kept in the browser
    wait_ready(page)
    assert f"fewest moves {n}" in page.locator("#records").inner_text()
    page.once("dialog", lambda d: d.dismiss())  # asked first: No keeps them
    page.get_by_role("button", name="Clear records").click()
    assert f"fewest moves {n}" in page.locator("#records").inner_text()
    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Clear records").click()
    assert "none yet" in page.locator("#records").inner_text()


def test_a_link_board_gets_a_score_but_no_record(page):
    page.add_init_script("localStorage.setItem('npuzzle.practice', 'on')")  # practice mode, chosen before
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)  # Solve stays off while the board is unsolved
    page.get_by_role("status").filter(has_text=re.compile("ready", re.I)).wait_for(timeout=COACH_READY)
    page.locator("body").press("ArrowLeft")
    wait_text(
        page,
        "#message",
        r"^Solved in 1 move \(0:\d\d\.\d\d\d\)! 1 STM, 1 MTM(, [\d.,]+ TPS)?\. Shortest possible: 1\.$",
        timeout=COACH_READY,
    )
    # no "New record" aloud: a link's board is a pasted scramble, its records kept apart
    assert re.search(
        r"3x3: pasted scrambles only: best time 0:\d\d\.\d{3}, fewest moves 1\b", page.locator("#records").inner_text()
    )


def test_a_10x10_says_at_least(page):
    board = api.random(10, 10, seed=4)["id"]
    open_site(page, f"#id={board}")
    text = coach_answer(page)
    m = re.fullmatch(r"at least ([\d,]+) moves to the goal", text)
    assert m, text
    _, _, tiles = parse_board(board)
    manhattan = Heuristic.make("manhattan", default_goal(10, 10), Topology(10, 10)).value(tiles)
    assert int(m.group(1).replace(",", "")) >= manhattan
    assert marked(page) == set()
    page.locator("body").press("ArrowLeft")
    page.locator("body").press("ArrowDown")
    assert re.fullmatch(r"at least [\d,]+ moves to the goal", coach_answer(page))


def coach_workers(page) -> list:
    """The coach's own workers (worker.js#coach)."""
    return [w for w in page.workers if w.url.endswith("/worker.js#coach")]


@pytest.mark.slow
def test_the_coach_borrows_the_idle_solver_and_starts_its_own_when_a_solve_runs(page):
    board, _ = korf100()[59]  # Korf #60: a one-worker solve that runs for long
    goal = ",".join(map(str, range(16)))  # Korf's goal: the blank first
    open_site(page, f"#id=4x4:{','.join(map(str, board))}&goal=4x4:{goal}&workers=1")
    assert re.fullmatch(r"(at least )?[\d,]+ moves to the goal", coach_answer(page))  # the solver's worker answered
    assert coach_workers(page) == []
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "^Thinking")
    page.locator("body").press("ArrowRight")  # the person moves on while it solves
    assert shown_board(page).endswith(",6,0,8")
    text = coach_answer(page)  # its own worker, started because the solver was busy
    assert re.fullmatch(r"(at least )?[\d,]+ moves to the goal", text), text
    assert len(coach_workers(page)) == 1
