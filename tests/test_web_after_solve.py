"""After Solve, as a player meets it (issue 39): the playback's controls on the screen of a
phone, the ending's counts named and matching the Moves counter, the timer still while the
solver thinks and plays; touch help on a touch screen and the wrap choice with the board's
other rules.  English at a laptop's size and Chinese at a phone's, and the phone in both.
"""

from __future__ import annotations

import re

import pytest
from web_fixtures import READY, closed_clean, watched_page

from npuzzle import api

BOARD = "3x3:4,1,3,7,2,6,5,0,8"  # tile 5 is left of the gap; 7 moves from the goal
BOARD5 = api.random(5, 5, seed=39)["id"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
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
    },
}


def person(browser, site_url, lang: str, **options):
    page = watched_page(browser, site_url, **options, **({"locale": "zh-CN"} if lang == "zh" else {}))
    page.words = WORDS[lang]
    return page


def open_board(page, board: str) -> None:
    page.goto(f"{page.site_url}#id={board}")
    page.get_by_role("status").filter(has_text=page.words["ready"]).wait_for(timeout=READY)


def in_view(page, selector: str) -> bool:
    return page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }""",
        selector,
    )


@pytest.mark.parametrize(("lang", "viewport"), [("en", LAPTOP), ("zh", PHONE)])
def test_after_a_playback_the_ending_names_each_count_and_the_timer_is_the_players(browser, site_url, lang, viewport):
    page = person(browser, site_url, lang, viewport=viewport)
    words = page.words
    open_board(page, BOARD)
    five = page.locator("#board button.tile", has_text=re.compile("^5$"))
    five.click()
    five.click()  # over and back: two moves of the player's own
    assert page.locator("#move-count").inner_text() == "2"
    page.get_by_role("button", name=words["solve"], exact=True).click()
    page.get_by_role("status").filter(has_text=re.compile(words["solution"])).wait_for(timeout=60_000)
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
def test_on_a_touch_phone_solve_shows_the_playback_and_the_help_speaks_of_taps(browser, site_url, lang):
    page = person(browser, site_url, lang, viewport=PHONE, has_touch=True, is_mobile=True)
    words = page.words
    open_board(page, BOARD5)
    # touch help, not the keys' (nor the line of keys under the board)
    assert page.locator(".help-touch").inner_text().startswith(words["help"])
    assert page.locator(".help-touch").is_visible()
    assert not page.locator(".help-keys").is_visible() and not page.locator("#board-keys").is_visible()
    # the wrap choice is no longer beside Size: it is with the board's other rules
    wrap = page.get_by_label(words["wrap"], exact=True)
    assert not wrap.is_visible()
    page.get_by_text(words["editor"], exact=True).click()
    assert wrap.is_visible() and page.locator("#editor").locator("#wrap-preset").count() == 1
    page.get_by_text(words["editor"], exact=True).click()
    page.evaluate("scrollTo(0, 0)")
    page.get_by_role("button", name=words["solve"], exact=True).click()
    page.get_by_role("status").filter(has_text=re.compile(words["solution"])).wait_for(timeout=120_000)
    page.wait_for_function(
        "() => { const r = document.getElementById('play').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= innerHeight; }",
        timeout=5_000,
    )
    assert in_view(page, "#play") and in_view(page, "#step-forward") and in_view(page, "#step-back")
    closed_clean(page)


def test_on_a_laptop_the_keys_help_stays(browser, site_url):
    page = person(browser, site_url, "en", viewport=LAPTOP)
    open_board(page, BOARD)
    assert page.locator(".help-keys").is_visible() and not page.locator(".help-touch").is_visible()
    assert page.locator("#board-keys").is_visible()
    closed_clean(page)


@pytest.mark.parametrize(("lang", "viewport"), [("en", LAPTOP), ("zh", PHONE)])
def test_an_own_solve_explains_stm_mtm_and_tps_where_it_counts_them(browser, site_url, lang, viewport):
    page = person(browser, site_url, lang, viewport=viewport)
    open_board(page, "3x3:1,2,3,4,5,6,7,0,8")
    page.locator("#board button.tile", has_text=re.compile("^8$")).click()
    message = page.locator("#message")
    message.filter(has_text="MTM").wait_for(timeout=10_000)
    assert (
        message.get_attribute("title")
        == {
            "en": "STM: single-tile moves, each tile moved counts; MTM: multi-tile moves, a run of tiles slid at "
            "once counts as one; TPS: tiles moved a second",
            "zh": "STM：单步计数，每移动一个方块算一步；MTM：多步计数，一次滑动一整排方块算一步；TPS：每秒移动的方块数",
        }[lang]
    )
    closed_clean(page)
