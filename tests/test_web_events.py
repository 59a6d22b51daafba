"""Slidysim's events in the browser, played as a speedsolver plays them, by keys: a marathon
x10 on the 2x2 to its end (the big timer's "3 / 10", one solve with ten splits that add up
to its time, the event's own records line, a board of it replayed), a relay of the 2x2 and
the 3x3, and a blindfolded 2x2 solved and one ended unsolved (a DNF); in English and
Chinese, on a laptop and a phone; axe with the event chosen."""

from __future__ import annotations

import re

import pytest
from support import shortest
from web_fixtures import (
    TIME,
    axe_violations,
    dealt,
    first_row,
    ms,
    open_site,
    play,
    shown_board,
    solve_shown,
    start_marathon,
    wait_ready,
    wait_text,
)


def astray(board_id: str) -> str:
    """A move of the blank that does not bring the board to its goal (a solve given up part way)."""
    shape, cells = board_id.split(":")
    width, height = map(int, shape.split("x"))
    board = list(map(int, cells.split(",")))
    blank, goal = board.index(0), [*range(1, width * height), 0]
    for way, cell in (("U", blank - width), ("D", blank + width), ("L", blank - 1), ("R", blank + 1)):
        if (way in "LR" and cell // width != blank // width) or not 0 <= cell < len(board):
            continue
        after = board.copy()
        after[blank], after[cell] = after[cell], 0
        if after != goal:
            return way
    raise AssertionError(board_id)


@pytest.mark.slow  # the solver deals each board: its load and ten random boards, over 10 s
def test_a_marathon_x10_on_the_2x2_by_keys(page):
    start_marathon(page, "Marathon x10")
    assert axe_violations(page) == []  # the chooser beside the size, chosen
    boards = []
    for k in range(1, 11):
        if k > 1:
            wait_text(page, "#big-place", rf"^{k} / 10$", timeout=30_000)
        dealt(page)
        if k == 3:
            assert page.locator("#big-place").inner_text() == "3 / 10"
            assert page.locator("#big-time").is_visible()
            # no help while the event runs, practice mode's switch off: Solve and Hint stay off
            # whatever else redraws the buttons (the solver's answer that dealt this board)
            assert page.locator("#solve").is_disabled() and page.locator("#hint").is_disabled()
        boards.append(solve_shown(page))
    wait_text(page, "#session-summary", r"^2x2 x10: 1 solve", timeout=30_000)
    row = first_row(page)
    total = re.match(rf"^({TIME})", row[1])[1]
    splits = page.get_by_role("button", name=re.compile(r"^Replay board \d+ of solve 1$"))
    assert splits.count() == 10
    assert sum(ms(splits.nth(i).inner_text()) for i in range(10)) == ms(total)  # the splits add up
    assert row[2] == str(sum(map(len, boards)))  # every board's moves
    assert page.locator("#records-text").inner_text().startswith(f"Your records, 2x2 x10: best time {total}")
    page.get_by_role("button", name="Replay board 3 of solve 1").click()
    assert page.locator("#replay-at").inner_text().endswith(f"of {len(boards[2])}")

    # Escape on the second board of the next marathon: a DNF with the first board and the second so far
    page.evaluate("document.activeElement?.blur()")
    said = page.locator("#status").inner_text()
    page.locator("body").press(" ")
    # the replayed board is off its goal too: the new marathon's first board is on the screen
    # once the status line says a new random board came (it counts them, so it reads anew)
    page.wait_for_function(
        "(said) => { const now = document.getElementById('status').textContent;"
        " return now !== said && now.startsWith('New random board'); }",
        arg=said,
        timeout=30_000,
    )
    dealt(page)
    solve_shown(page)
    wait_text(page, "#big-place", r"^2 / 10$", timeout=30_000)
    play(page, astray(dealt(page)))
    page.locator("body").press("Escape")
    wait_text(page, "#session-summary", r"^2x2 x10: 2 solves", timeout=30_000)
    assert first_row(page)[1].startswith("DNF (")
    assert page.get_by_role("button", name=re.compile(r"^Replay board \d+ of solve 2$")).count() == 2
    assert page.locator("#session-status").inner_text() == "Event given up: DNF, with the boards solved so far."

    page.get_by_role("button", name="中文").click()
    assert page.get_by_label("项目").locator("option:checked").inner_text() == "马拉松 x10"
    assert "分段：" in first_row(page)[1]


@pytest.mark.slow  # the solver deals each board
@pytest.mark.parametrize("page", ["zh"], indirect=True)
def test_a_relay_and_blindfolded_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_site(page, "#id=2x2:1,2,3,0", ready=False)
    page.get_by_role("button", name="English").click()
    wait_ready(page)
    page.get_by_label("Size", exact=True).select_option("3x3")  # the relay's largest board
    dealt(page, 3)
    page.get_by_label("Event").select_option(label="Relay 2x2 to this size")
    page.evaluate("document.activeElement?.blur()")
    page.locator("body").press(" ")
    dealt(page, 2)  # the relay's first board
    two = solve_shown(page)
    dealt(page, 3)
    assert page.locator("#big-place").inner_text() == "2 / 2"
    three = solve_shown(page)
    page.locator("#session summary").click()
    wait_text(page, "#session-summary", r"^relay 2x2-3x3: 1 solve", timeout=30_000)
    assert first_row(page)[2] == str(len(two) + len(three))
    assert page.get_by_role("button", name=re.compile(r"^Replay board \d of solve 1$")).count() == 2
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # nothing wider than the phone

    # blindfolded: the numbers gone from the first move, back at the goal
    page.get_by_label("Event").select_option(label="Blindfolded")
    page.evaluate("document.activeElement?.blur()")
    page.locator("body").press(" ")  # a new 3x3, blindfolded
    dealt(page)
    moves = shortest(shown_board(page))  # memorised
    play(page, moves[:1])
    ink = "() => getComputedStyle(document.querySelector('#board button.tile')).color"
    assert page.evaluate(ink) == "rgba(0, 0, 0, 0)"
    play(page, moves[1:])
    wait_text(page, "#session-summary", r"^3x3 blind: 1 solve", timeout=30_000)
    assert page.evaluate(ink) != "rgba(0, 0, 0, 0)"
    # one ended unsolved: Done, a DNF
    page.locator("body").press(" ")
    play(page, astray(dealt(page)))
    page.get_by_role("button", name=re.compile("^Done")).click()
    wait_text(page, "#session-summary", r"^3x3 blind: 2 solves", timeout=30_000)
    assert first_row(page)[1].startswith("DNF (")
    page.get_by_role("button", name="中文").click()
    assert page.get_by_label("项目").locator("option:checked").inner_text() == "盲拧"
    assert axe_violations(page) == []


def test_the_event_chosen_survives_a_reload(page):
    """A speedsolver's event, as their size, is there again after a reload, and so is its session."""
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)
    page.get_by_label("Event").select_option(label="Marathon x42")
    page.reload()
    wait_ready(page)
    chooser = page.get_by_label("Event")
    assert chooser.evaluate("(s) => s.selectedOptions[0].textContent") == "Marathon x42"
    wait_text(page, "#session-summary", r"^3x3 x42: 0 solves", timeout=10_000)
