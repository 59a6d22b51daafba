"""The big timer, used as a speedsolver uses it: while a solve is timed (its inspection, then
from the first move) the time in large monospace digits, the session's ao5 and ao12 under it,
the inspection's countdown on a line of its own; on a laptop (1366x768) its digits are at least
a third of the board's height, on a phone (390x844) the board, the timer and the game's buttons
are all on the first screen; screen readers are not told each tick (aria-hidden); in English
and Chinese.  Boards are solved quickly: a 3x3 two moves from its goal, Reset and again."""

from __future__ import annotations

import re

from web_fixtures import axe_violations, open_site, wait_text

KEY = {"U": "ArrowDown", "D": "ArrowUp", "L": "ArrowRight", "R": "ArrowLeft"}  # the key that moves the blank this way
TIME = r"\d:\d\d\.\d{3}"
BOARD = "3x3:1,2,3,4,5,6,0,7,8"  # two moves from the goal: RR


def solve(page, count: int):
    """The board solved `count` times (Reset before each but the first): each solve kept."""
    for n in range(count):
        if n or page.locator("#message").inner_text().startswith("Solved"):
            page.get_by_role("button", name="Reset").click()
        for letter in "RR":
            page.locator("body").press(KEY[letter])
        wait_text(page, "#message", r"^Solved", timeout=10_000)


def box(page, selector: str) -> dict:
    return page.locator(selector).bounding_box()


def figures(page) -> dict[str, list[str]]:
    """The session panel's figures: {name: [current, best]}."""
    return {
        r[0]: r[1:]
        for r in page.evaluate("""() => [...document.querySelectorAll('#session-figure-rows tr')].map((tr) =>
            [...tr.cells].map((c) => c.innerText.trim()))""")
    }


def start(page, width: int, height: int):
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script("localStorage.setItem('npuzzle.practice', 'on')")  # practice mode: the solves count
    open_site(page, f"#id={BOARD}", ready=False)  # Solve stays off on a board being solved: wait for the status
    page.get_by_role("status").filter(has_text=re.compile("ready", re.I)).wait_for(timeout=120_000)


def test_on_a_laptop_the_timer_is_big_while_solving_with_the_sessions_averages(page):
    start(page, 1366, 768)
    big = page.locator("#big-timer")
    assert big.get_attribute("aria-hidden") == "true"  # screen readers hear the status line, not each tick
    assert big.is_hidden()  # nothing timed yet
    # four solves: the averages under the timer wait for five
    solve(page, 4)
    assert big.is_hidden()  # a solve ended: on a laptop the column it covered comes back
    page.get_by_role("button", name="Reset").click()
    page.locator("body").press(KEY["R"])  # the fifth solve runs
    assert big.is_visible()
    assert page.locator("#big-ao5").inner_text() == "ao5: –"
    assert page.locator("#big-ao12").inner_text() == "ao12: –"
    board = box(page, "#board")
    time = box(page, "#big-time")
    assert time["height"] >= board["height"] / 3, (time, board)
    # the digits keep their place as they change (monospace, tabular): the same box a moment later
    first = page.locator("#big-time").inner_text()
    page.wait_for_function("(t) => document.getElementById('big-time').textContent !== t", arg=first)
    assert box(page, "#big-time") == time
    assert re.fullmatch(TIME, page.locator("#big-time").inner_text())
    # it covers none of the board, and stays inside the window
    assert time["x"] >= board["x"] + board["width"] and time["x"] + time["width"] <= 1366
    page.locator("body").press(KEY["R"])
    wait_text(page, "#message", r"^Solved", timeout=10_000)

    # five solves: the sixth runs with the session's ao5 under the timer, ao12 still to come
    page.locator("#session summary").click()
    ao5 = figures(page)["ao5"][0]
    assert re.fullmatch(TIME, ao5) and figures(page)["ao12"] == ["-", "-"]
    page.get_by_role("button", name="Reset").click()
    page.locator("body").press(KEY["R"])
    assert page.locator("#big-ao5").inner_text() == f"ao5: {ao5}"
    assert page.locator("#big-ao12").inner_text() == "ao12: –"
    assert axe_violations(page) == []  # the timer shown over the panels

    page.get_by_role("button", name="中文").click()
    wait_text(page, "#big-ao5", rf"^五次平均 {re.escape(ao5)}$", timeout=5000)
    assert page.locator("#big-ao12").inner_text() == "十二次平均 –"

    # the inspection: its countdown on a line of its own, the time still at zero
    page.locator("body").press(KEY["R"])
    wait_text(page, "#message", r"^用 ", timeout=10_000)
    page.get_by_role("checkbox", name=re.compile("复原前观察 15 秒")).check()
    page.get_by_role("button", name="重置").click()
    wait_text(page, "#big-inspection", r"^观察：1[0-5] 秒$", timeout=5000)
    assert page.locator("#big-time").inner_text() == "0:00.000"
    assert big.is_visible()


def test_on_a_phone_the_board_the_timer_and_the_buttons_fit_the_first_screen(page):
    start(page, 390, 844)
    page.locator("body").press(KEY["R"])  # the solve runs
    big = page.locator("#big-timer")
    assert big.is_visible()
    board, time = box(page, "#board"), box(page, "#big-time")
    assert time["y"] >= board["y"] + board["height"]  # under the board: the board did not move
    for element in (board, time, box(page, "#shuffle"), box(page, "#undo"), box(page, "#solve")):
        assert element["y"] >= 0 and element["y"] + element["height"] <= 844, element
    assert time["height"] >= 48  # px: readable at arm's length
    assert page.locator("html").evaluate("(e) => e.scrollWidth") <= 390  # nothing wider than the phone
    assert page.locator("#big-ao5").inner_text() == "ao5: –"
    page.locator("body").press(KEY["R"])
    wait_text(page, "#message", r"^Solved", timeout=10_000)
    # the solve over: the final time stays, right under the board (the page under it does not jump)
    page.locator("#coach").wait_for(state="visible")  # back at the goal (the score's optimum) ...
    board_after, time_after = box(page, "#board"), box(page, "#big-time")
    assert board_after["y"] == board["y"]  # ... on the line kept for it: the board does not move down
    assert big.is_visible() and time_after["height"] == time["height"]
    assert time_after["y"] - (board_after["y"] + board_after["height"]) == time["y"] - (board["y"] + board["height"])
    assert page.locator("#big-time").inner_text() == page.locator("#timer").inner_text()
