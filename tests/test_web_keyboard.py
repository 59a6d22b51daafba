"""The page with the keyboard alone, as a person who cannot use a mouse: Tab from the top
of the page to Solve in a few presses (on a 4x4 and on a 30x30), the skip link, the board
as one Tab stop whose tiles are reached inside it, Enter on a tile, a tile that cannot
move, the focus kept on the button used; what a screen reader reads (the tiles' names,
the live region) in English and Chinese; and axe-core with the study lab open, in both
languages.
"""

from __future__ import annotations

import re

import pytest
from web_fixtures import LAPTOP, PHONE, axe_violations, open_site, shown_board, wait_text

# The name a screen reader gives the focused element (its aria-label, else its text).
FOCUSED = """() => { const e = document.activeElement;
    return e === document.body ? 'body' : (e.getAttribute('aria-label') || e.textContent).trim(); }"""
MOST_TABS = 8  # issue 28: from the address bar to Solve


def tabs_to_solve(page, keys=()) -> list[str]:
    """Press `keys`, then Tab until Solve has the focus; the names focused on the way."""
    for key in keys:
        page.keyboard.press(key)
    names = []
    while len(names) < 20 and (not names or names[-1] != "Solve"):
        page.keyboard.press("Tab")
        names.append(page.evaluate(FOCUSED))
    return names


def test_tab_reaches_solve_in_a_few_presses_and_the_focus_stays_on_it(page):
    open_site(page, "#id=4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
    # the board is one stop: its first cell's tile, named with what it can do
    names = tabs_to_solve(page)
    assert names == ["Skip to the actions", "English", "中文", "1, row 1, column 1, home", "Shuffle", "Share", "Solve"]
    assert len(names) <= MOST_TABS
    # Solve by keyboard: the focus goes to Cancel while it works and comes back to Solve
    page.keyboard.press("Enter")
    wait_text(page, "[role=status]", r"^Solution")
    page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for()
    assert page.evaluate(FOCUSED) == "Solve"
    # Undo by keyboard, down to the first move: Undo is disabled and the focus goes to Redo
    page.get_by_role("button", name="Step").click()  # the solution's move, then back with the keyboard
    page.get_by_role("button", name="Undo").focus()
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) == "Redo"


def test_the_skip_link_reaches_solve_on_a_30x30(page):
    board = [*range(1, 899), 0, 899]  # one move from the goal
    open_site(page, "#id=30x30:" + ",".join(map(str, board)))
    skip = page.get_by_role("link", name="Skip to the actions")
    assert not skip.evaluate("e => e.getBoundingClientRect().bottom > 0")  # out of sight until focused
    page.keyboard.press("Tab")
    assert skip.evaluate("e => e === document.activeElement && e.getBoundingClientRect().top >= 0")
    names = tabs_to_solve(page, keys=["Enter"])
    assert names == ["Shuffle", "Share", "Solve"]  # 1 + 3 Tab presses
    assert "#id=30x30:" in page.url  # the link wrote nothing into the address
    # by Tab alone too: Zoom in (Zoom out and Fit are disabled at the fitting size) and one
    # stop for the board's 900 cells
    page.reload()
    page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for()
    names = tabs_to_solve(page)
    assert names[3:] == ["Zoom in", "1, row 1, column 1, home", "Shuffle", "Share", "Solve"]
    assert len(names) <= MOST_TABS
    # inside the board: the corners and a cell's neighbours; the focus never leaves it
    tiles = page.locator("#board [tabindex='0']")
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == "1, row 1, column 1, home"
    page.keyboard.press("Control+End")
    assert page.evaluate(FOCUSED) == "899, row 30, column 30, can move left"
    page.keyboard.press("Shift+ArrowLeft")
    assert page.evaluate(FOCUSED) == "gap, row 30, column 29"
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED) == "871, row 30, column 1, home, can move right"
    page.keyboard.press("Shift+ArrowUp")
    assert page.evaluate(FOCUSED) == "841, row 29, column 1, home"
    assert tiles.count() == 1  # one Tab stop, and it is the tile focused last
    assert tiles.get_attribute("aria-label") == "841, row 29, column 1, home"
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")  # 899 slides left into the gap: solved, the focus on it still
    assert page.evaluate(FOCUSED) == "899, row 30, column 29, home, can move right"
    assert page.locator("#board [aria-label^='898, row 30, column 28, home, can move right']").count() == 1


def what_is_said(page) -> dict:
    """Walk the 3x3 1,2,3 / 4,6,_ / 7,5,8 with the keyboard inside the board, moving 6 and
    then 5 by Enter; the names focused and the live region's words on the way."""
    said = {}
    read = lambda: page.evaluate(FOCUSED)  # noqa: E731
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("Control+Home")
    said["first"] = read()
    page.keyboard.press("Control+End")
    said["last"] = read()
    page.keyboard.press("Shift+ArrowLeft")
    said["stuck tile"] = read()
    page.keyboard.press("Enter")
    said["stuck"] = page.locator("#announce").inner_text().strip()
    page.keyboard.press("Shift+ArrowUp")
    said["movable"] = read()
    page.keyboard.press("Enter")
    # the move is said once, the coach's words for its board joined when they come in time
    page.wait_for_function("s => document.getElementById('announce').textContent !== s", arg=said["stuck"])
    said["moved"] = re.split(r"\. |。", page.locator("#announce").inner_text().strip())[0]
    said["moved tile"] = read()  # the focus went with the tile
    page.keyboard.press("Shift+ArrowLeft")
    said["gap"] = read()
    page.keyboard.press("Shift+ArrowDown")
    said["now movable"] = read()  # 5 is in the gap's column now
    page.keyboard.press("Space")
    said["home"] = read()
    said["board"] = shown_board(page)
    return said


def test_tile_names_messages_and_axe_with_the_lab_open_in_both_languages(page):
    open_site(page, "#id=3x3:1,2,3,4,6,0,7,5,8")
    assert what_is_said(page) == {
        "first": "1, row 1, column 1, home",
        "last": "8, row 3, column 3, can move up",
        "stuck tile": "5, row 3, column 2",
        "stuck": "5 cannot move: it is not in line with the gap",
        "movable": "6, row 2, column 2, can move right",
        "moved": "6 moved right",
        "moved tile": "6, row 2, column 3, home, can move left",
        "gap": "gap, row 2, column 2",
        "now movable": "5, row 3, column 2, can move up",
        "home": "5, row 2, column 2, home, can move down",
        "board": "3x3:1,2,3,4,5,6,7,0,8",
    }
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert shown_board(page) == "3x3:1,2,3,4,6,0,7,5,8"
    page.get_by_text("Study lab: compare searches").click()
    page.get_by_role("heading", name="Study lab").last.wait_for()
    headings = page.get_by_role("heading", level=2).all_inner_texts()
    assert [h for h in headings if h][:6] == [
        "Board",
        "Actions",
        "Size and picture",
        "Coach and records",
        "More tools",
        "Study lab",
    ], headings
    assert page.locator("#board").get_attribute("aria-describedby") == "board-keys board-focus-keys"
    assert page.locator("#board-focus-keys").inner_text() == (
        "On the board, Enter or Space slides the focused tile; Shift with the arrows, Home and End move the focus."
    )
    violations = axe_violations(page)
    assert violations == [], violations

    page.get_by_role("button", name="中文").click()
    assert what_is_said(page) == {
        "first": "1，第 1 行第 1 列，在原位",
        "last": "8，第 3 行第 3 列，可以向上移动",
        "stuck tile": "5，第 3 行第 2 列",
        "stuck": "5 不能移动：它和空格不在同一行或同一列",
        "movable": "6，第 2 行第 2 列，可以向右移动",
        "moved": "6 向右移动",
        "moved tile": "6，第 2 行第 3 列，在原位，可以向左移动",
        "gap": "空格，第 2 行第 2 列",
        "now movable": "5，第 3 行第 2 列，可以向上移动",
        "home": "5，第 2 行第 2 列，在原位，可以向下移动",
        "board": "3x3:1,2,3,4,5,6,7,0,8",
    }
    assert page.get_by_role("link").first.inner_text() == "跳到操作"
    assert (
        page.locator("#board-focus-keys").inner_text()
        == "在棋盘上，回车键或空格键滑动有焦点的方块；Shift+方向键、Home 和 End 移动焦点。"
    )
    violations = axe_violations(page)
    assert violations == [], violations


@pytest.mark.parametrize("page", ["en", "zh"], indirect=True)
def test_arrow_keys_on_a_summary_or_an_arrow_widget_move_no_tile(page):
    """A disclosure's summary ("Enter a board") keeps the arrows (the page scrolls), and so do
    widgets that move by them (the lab's tabs); the board's letters still reach it from a summary.
    At a laptop's size and then a phone's, in one page (a phone is held to the board by touch,
    but a keyboard can be joined to it)."""
    board = "3x3:1,2,3,4,5,6,7,0,8"
    page.set_viewport_size(LAPTOP)
    open_site(page, f"#id={board}", ready=False)
    for moved, size in enumerate((LAPTOP, PHONE)):
        page.set_viewport_size(size)
        page.locator("#editor > summary").focus()
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            page.keyboard.press(key)
        assert page.locator("#move-count").inner_text() == str(moved)
        if not moved:
            assert shown_board(page) == board
            page.locator("#lab-box > summary").click()
        page.locator("#lab-tab-compare").focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        assert page.locator("#move-count").inner_text() == str(moved)
        page.locator("#board [tabindex='0']").focus()  # on the board the arrows are the board's
        page.keyboard.press("ArrowLeft" if not moved else "ArrowRight")
        assert page.locator("#move-count").inner_text() == str(moved + 1)
