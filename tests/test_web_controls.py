"""The Controls group in the browser, used as a Slidysim player uses it: hover mode chosen,
a shuffled 3x3 solved by moving the mouse alone at about 30 moves a second (one jump of
the pointer crossing two tiles at once), then by WASD naming the gap's way at about 30
presses a second after an inspection of over 15 s (+2) and a checkbox ticked; every move counted, the board solved, the time to the millisecond; a
letter typed in a text field moves nothing; the choices kept over a reload, and their
words in Chinese.  No time is asserted: the waits only pace the input."""

from __future__ import annotations

import re

import pytest
from support import STEP
from web_fixtures import axe_violations, open_site, shown_board, wait_text

GOAL = "3x3:1,2,3,4,5,6,7,8,0"
START = "3x3:0,4,1,3,6,2,5,7,8"
SOLUTION = "RRDLLDRRULLURRDD"  # the blank's moves from START to the goal (16; not the shortest)
WASD = {"U": "w", "D": "s", "L": "a", "R": "d"}  # a key names the gap's way
PACE = 33  # ms between two moves: 30 a second
TIME = r"\d:\d\d\.\d{3}"


def solved_in(page, moves: int):
    wait_text(page, "#message", rf"^Solved in {moves} moves \({TIME}\)!", timeout=10_000)
    assert shown_board(page) == GOAL
    assert int(page.locator("#move-count").inner_text()) == moves
    assert re.fullmatch(TIME, page.locator("#timer").inner_text())


@pytest.mark.slow
def test_hover_and_wasd_solve_at_30_a_second_and_the_choices_are_kept(page):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.clock.install()  # time runs as ever, and the test may send it on (the inspection's 15 s)
    open_site(page, f"#id={START}", ready=False)  # the board is the page's own: no need to wait for Python
    page.wait_for_function(f"location.hash.includes('{START}')")
    page.locator("#controls summary").click()
    page.get_by_label("Mouse", exact=True).select_option(label="Hover (no click)")
    assert (
        page.locator("#board-keys").inner_text()
        == "Arrow keys slide a tile into the gap. Pointing at a tile slides it."
    )

    # the mouse alone: the pointer goes where the gap goes, cell to cell
    box = page.locator("#board").bounding_box()
    side = box["width"] / 3

    def point(row: float, col: float):
        return box["x"] + col * side, box["y"] + row * side

    row, col = 0, 0
    page.mouse.move(*point(row + 0.5, col + 0.5))  # onto the gap: nothing moves
    assert page.locator("#move-count").inner_text() == "0"
    i = 0
    while i < len(SOLUTION):
        if SOLUTION[i : i + 2] == "RD" and i == 1:
            # one pointer event for two moves: from the middle of the gap's cell, right, then
            # down, passing through the tile on the right on the way (not through a corner)
            page.mouse.move(*point(row + 1.2, col + 1.9))
            row, col, i = row + 1, col + 1, i + 2
        else:
            dr, dc = STEP[SOLUTION[i]]
            row, col, i = row + dr, col + dc, i + 1
            page.mouse.move(*point(row + 0.5, col + 0.5))
        page.wait_for_timeout(PACE)
    solved_in(page, len(SOLUTION))
    page.mouse.move(*point(row + 0.8, col + 0.2))  # about inside the last cell: nothing more
    page.mouse.move(*point(row + 0.5, col - 0.5))  # on past the last tile: the solved board stays
    assert int(page.locator("#move-count").inner_text()) == len(SOLUTION) and shown_board(page) == GOAL
    # the hand leaves upwards, then to the panels on the right: from now on it never crosses the board
    above = box["y"] / 2  # between the page's top and the board's
    page.mouse.move(point(0, col - 0.5)[0], above)
    page.mouse.move(page.locator("#controls summary").bounding_box()["x"], above)

    # keys: WASD naming the way the gap goes
    page.get_by_label("Keys", exact=True).select_option(label="Arrows + WASD")
    page.get_by_label("A key moves", exact=True).select_option(label="the gap")
    assert page.locator("#board-keys").inner_text() == "Arrow keys and WASD move the gap. Pointing at a tile slides it."
    # with the inspection: looked at for over 15 s, the solve gets +2, as in the cubing rule
    page.locator("#session summary").click()
    page.get_by_label("Inspection: 15 s before a solve").check()
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # the page's time stands still: 16 s exactly
    page.get_by_role("button", name="Reset").focus()  # by the keyboard: the mouse stays off the board
    page.keyboard.press("Enter")  # the same scramble again; the keys leave the menu
    assert shown_board(page) == START
    assert page.locator(".inspection").inner_text() == "Inspection: 15 s"
    page.clock.fast_forward(16_000)
    assert page.locator(".inspection").inner_text() == "Inspection over 15 s: +2"
    # the coach hidden with a click: its ticked box keeps the focus, and the keys still go to the board
    page.get_by_label("Coach: show the moves left").uncheck()
    assert page.evaluate("document.activeElement.id") == "coach-on"
    page.keyboard.press(WASD[SOLUTION[0]])  # the first move: the inspection ends at 16 s
    page.clock.resume()
    for letter in SOLUTION[1:]:
        page.wait_for_timeout(PACE)
        page.keyboard.press(WASD[letter])
    solved_in(page, len(SOLUTION))
    assert page.get_by_role("combobox", name="Mark of solve 2", exact=True).input_value() == "+2"
    assert page.locator(".inspection").inner_text() == "Inspection over 15 s: +2"

    # a letter typed in a text field is text, not a move
    page.get_by_text("Enter a board").click()
    page.locator("#edit-board").fill("")
    page.locator("#edit-board").press("s")
    assert page.locator("#edit-board").input_value() == "s"
    assert int(page.locator("#move-count").inner_text()) == len(SOLUTION) and shown_board(page) == GOAL

    # kept over a reload; in Chinese, the same choices in its words
    page.reload()
    page.wait_for_function("document.querySelectorAll('#board button.tile').length === 8")
    page.locator("#controls summary").click()
    chosen = {
        name: page.get_by_label(name, exact=True).evaluate("(s) => s.selectedOptions[0].text")
        for name in ["Mouse", "Keys"]
    }
    assert chosen == {"Mouse": "Hover (no click)", "Keys": "Arrows + WASD"}
    assert page.locator("#board-keys").inner_text() == "Arrow keys and WASD move the gap. Pointing at a tile slides it."
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.locator("html").evaluate("(e) => e.scrollWidth") <= 390  # the menus fit a phone
    assert axe_violations(page) == []
    page.get_by_role("button", name="中文").click()
    chosen = {
        name: page.get_by_label(name, exact=True).evaluate("(s) => s.selectedOptions[0].text")
        for name in ["鼠标", "按键", "按键移动"]
    }
    assert chosen == {
        "鼠标": "悬停（不用点击）",
        "按键": "方向键 + WASD",
        "按键移动": "空格",
    }
    assert page.locator("#board-keys").inner_text() == "方向键和 WASD 键移动空格。鼠标指向一个方块，它就滑动。"
    assert page.locator("#controls summary").inner_text() == "操作方式"
