"""After Solve, as a player meets it (issue 39): the playback's controls on the screen of a
phone, the ending's counts named and matching the Moves counter, the timer still while the
solver thinks and plays; touch help on a touch screen (the keys' help on a laptop), the wrap
choice with the board's other rules, and STM, MTM and TPS explained where a solve of one's
own counts them.

Each in English and in Chinese, on a phone (390x844, a touch screen) and on a laptop
(1366x768): one page for each language and size checks the items in a row (a page's load is
most of a browser test's time).  The 5x5's playback on screen is a phone's alone.
"""

from __future__ import annotations

import re

import pytest
from web_fixtures import LAPTOP, PHONE, READY, TOUCH, closed_clean, watched_page

from npuzzle import api

BOARD = "3x3:4,1,3,7,2,6,5,0,8"  # tile 5 is left of the gap; 7 moves from the goal
BOARD5 = api.random(5, 5, seed=39)["id"]
WORDS = {
    "en": {
        "ready": "Solver ready.",
        "solve": "Solve",
        "play": "Play",
        "solution": r"^Solution: \d+ moves",
        "ending": r"^Solved: (\d+) moves? yours and (\d+) moves? by the solver, (\d+) moves in all \(\d:\d\d\.\d\d\d\)\.$",
        "help": "Tap a tile",
        "editor": "Enter a board",
        "wrap": "Wrap",
        "use": "Use this board",
    },
    "zh": {
        "ready": "求解器已就绪。",
        "solve": "求解",
        "play": "播放",
        "solution": r"^解：\d+ 步",
        "ending": r"^已完成：你走了 (\d+) 步，求解器走了 (\d+) 步，共 (\d+) 步（\d:\d\d\.\d\d\d）。$",
        "help": "轻点",
        "editor": "输入棋盘",
        "wrap": "环绕",
        "use": "使用这个棋盘",
    },
}


def person(browser, site_url, lang: str, **options):
    page = watched_page(browser, site_url, **options, **({"locale": "zh-CN"} if lang == "zh" else {}))
    page.words = WORDS[lang]
    return page


def open_board(page, board: str) -> None:
    page.goto(f"{page.site_url}#id={board}")
    page.get_by_role("status").filter(has_text=page.words["ready"]).wait_for(timeout=READY)


# In view, wholly: a box at a fractional place in the page (827.25 px) scrolled to the
# nearest edge ended a quarter of a pixel past the viewport (scrollY is whole pixels); the
# page now scrolls the rest of that pixel too.
IN_VIEW = """s => { const r = document.querySelector(s).getBoundingClientRect();
                   return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }"""


def in_view(page, selector: str) -> bool:
    return page.evaluate(IN_VIEW, selector)


TERMS = {
    "en": "STM: single-tile moves, each tile moved counts; MTM: multi-tile moves, a run of tiles slid at "
    "once counts as one; TPS: tiles moved a second",
    "zh": "STM：单步计数，每移动一个方块算一步；MTM：多步计数，一次滑动一整排方块算一步；TPS：每秒移动的方块数",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("device", ["phone", "laptop"])
def test_a_players_solve_then_solve_and_playback_with_each_count_named(browser, site_url, lang, device):
    phone = device == "phone"
    page = person(browser, site_url, lang, **({"viewport": PHONE, **TOUCH} if phone else {"viewport": LAPTOP}))
    words = page.words
    open_board(page, "3x3:1,2,3,4,5,6,7,0,8")
    # the help speaks of taps on a touch screen, of keys on a laptop (and the line of keys under the board)
    assert page.locator(".help-touch").is_visible() == phone and page.locator(".help-keys").is_visible() != phone
    assert page.locator("#board-keys").is_visible() != phone
    if phone:
        assert page.locator(".help-touch").inner_text().startswith(words["help"])
    # a solve of the player's own: STM, MTM and TPS explained where it counts them
    page.locator("#board button.tile", has_text=re.compile("^8$")).click()
    message = page.locator("#message")
    message.filter(has_text="MTM").wait_for(timeout=10_000)
    assert message.get_attribute("title") == TERMS[lang]
    # the wrap choice is not beside Size: it is with the board's other rules, in the editor,
    # where the next board is entered
    wrap = page.get_by_label(words["wrap"], exact=True)
    assert not wrap.is_visible()
    page.get_by_text(words["editor"], exact=True).click()
    assert wrap.is_visible() and page.locator("#editor").locator("#wrap-preset").count() == 1
    page.locator("#edit-board").fill(BOARD)
    page.get_by_role("button", name=words["use"], exact=True).click()
    page.locator("#board button.tile", has_text=re.compile("^5$")).wait_for()
    page.wait_for_function("() => document.getElementById('move-count').textContent === '0'")
    page.get_by_text(words["editor"], exact=True).click()
    # two moves of the player's own, then Solve and its playback: the ending names each count
    five = page.locator("#board button.tile", has_text=re.compile("^5$"))
    five.click()
    five.click()  # over and back
    assert page.locator("#move-count").inner_text() == "2"
    page.get_by_role("button", name=words["solve"], exact=True).click()
    page.get_by_role("status").filter(has_text=re.compile(words["solution"])).wait_for(timeout=60_000)
    page.wait_for_function(IN_VIEW, arg="#play", timeout=5_000)  # the playback's controls on the screen
    assert in_view(page, "#step-forward") and in_view(page, "#step-back")
    timer = page.locator("#timer").inner_text()
    page.wait_for_timeout(300)
    assert page.locator("#timer").inner_text() == timer != "0:00.000"  # Solve stopped it (the player's time)
    page.locator("#speed").fill("8")
    page.get_by_role("button", name=words["play"], exact=True).click()
    page.locator("#message").filter(has_text=re.compile(words["ending"])).wait_for(timeout=60_000)
    yours, solver, total = map(int, re.match(words["ending"], page.locator("#message").inner_text()).groups())
    assert yours == int(page.locator("#move-count").inner_text()) == 2  # the player's, as the counter has them
    assert solver == api.solve(BOARD)["length"] and total == yours + solver
    assert page.locator("#timer").inner_text() == timer  # nor did it run while the solver played
    closed_clean(page)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_on_a_phone_solve_on_a_5x5_shows_the_playback(browser, site_url, lang):
    """A phone's alone: the 5x5 is what pushed the controls below a phone's first screen; on a
    laptop they stay beside the board (the test above reads them in view after Solve there)."""
    page = person(browser, site_url, lang, viewport=PHONE, **TOUCH)
    words = page.words
    open_board(page, BOARD5)
    page.locator("details.options > summary").click()  # Solver options: a 2 s search (the 5x5's
    page.locator("#time-limit").select_option("2")  # answer's length does not matter here)
    page.locator("details.options > summary").click()
    page.evaluate("scrollTo(0, 0)")
    page.get_by_role("button", name=words["solve"], exact=True).click()
    page.get_by_role("status").filter(has_text=re.compile(words["solution"])).wait_for(timeout=120_000)
    page.wait_for_function(IN_VIEW, arg="#play", timeout=5_000)
    assert in_view(page, "#play") and in_view(page, "#step-forward") and in_view(page, "#step-back")
    closed_clean(page)
