"""What a player meets around the board (issue 28's players): the status line after Solve in
a player's words with the solver's figures one click away, playback that leaves the
player's moves and time alone, a legend for the board's marks, a picture panel with one
clear choice, and a new game from a stray key that Undo takes back.

One page serves the tests, in order (a page load of Python costs seconds): they act as a
person does (clicks, keys) and read what a person sees.
"""

from __future__ import annotations

import re

import pytest
from web_fixtures import closed_clean, moves_shown, open_site, shown_board, status, tile, wait_text, watched_page

from npuzzle import api

# Tile 5 is left of the blank; the shortest way home is 7 moves.
BOARD = "3x3:4,1,3,7,2,6,5,0,8"
SHORTEST = 7
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def player(browser, site_url):
    """One English page at a laptop's size for the module's tests, checked for errors at the end."""
    page = watched_page(browser, site_url, viewport={"width": 1366, "height": 768})
    open_site(page, f"#id={BOARD}")  # each test may be the first on its process's page
    yield page
    closed_clean(page)


def timer(page) -> str:
    return page.locator("#timer").inner_text()


def legend(page) -> list[str]:
    """The legend's entries a person sees."""
    return [item.inner_text() for item in page.locator("#legend li:visible").all()]


def test_solve_speaks_a_players_words_and_playback_is_the_solutions(player):
    page = player
    assert api.solve(BOARD)["length"] == SHORTEST
    open_site(page, f"#id={BOARD}")
    tile(page, 5).click()  # over and back: two moves of the player's own
    tile(page, 5).click()
    assert moves_shown(page) == 2
    page.get_by_role("button", name="Solve", exact=True).click()
    wait_text(page, "[role=status]", "^Solution:", timeout=60_000)
    # what a player wants: the length and that none is shorter; no solver's figures
    assert status(page) == f"Solution: {SHORTEST} moves, the shortest possible."
    details = page.locator("#status-details")
    assert details.locator("summary").inner_text() == "Details"
    assert not page.locator("#status-figures").is_visible()
    details.locator("summary").click()
    figures = page.locator("#status-figures").inner_text()
    assert re.fullmatch(
        rf"(IDA\*|A\*) with [a-z +]+: [\d,]+ nodes? searched, [\d.]+ s solving, [\d.]+ s in all; "
        rf"{SHORTEST} single-tile moves \(STM\), \d+ multi-tile moves \(MTM\)",
        figures,
    ), figures
    # the legend names the marks on the board: tiles at home, and the coach's
    page.locator("#legend li[data-mark=good]:visible").wait_for(timeout=60_000)
    assert legend(page) == ["in its place", "keeps to a shortest path (coach)"]

    # in Chinese: the same, in its words
    page.get_by_role("button", name="中文").click()
    assert status(page) == f"解：{SHORTEST} 步，已是最短。"
    assert "节点" not in status(page)
    assert details.locator("summary").inner_text() == "详情"
    assert "个节点" in page.locator("#status-figures").inner_text()
    assert legend(page) == ["已归位", "保持在最短路径上（教练）"]
    page.get_by_role("button", name="English").click()

    # playback is the solution's: "Solution: move i of n", the player's counter and clock stay
    page.locator("#speed").fill("1")  # a move a second
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#solution-progress", rf"^Solution: move 1 of {SHORTEST}\b", timeout=10_000)
    time_then = timer(page)
    wait_text(page, "#solution-progress", rf"^Solution: move 3 of {SHORTEST}\b", timeout=10_000)
    assert (moves_shown(page), timer(page)) == (2, time_then)
    page.get_by_role("button", name="Pause").click()
    played = int(re.match(r"Solution: move (\d+)", page.locator("#solution-progress").inner_text()).group(1))
    assert 3 <= played < SHORTEST
    # the player takes over: their counter goes on from their own moves
    blank = shown_board(page).split(":")[1].split(",").index("0")
    neighbour = blank - 1 if blank % 3 else blank + 1
    tile(page, int(shown_board(page).split(":")[1].split(",")[neighbour])).click()
    assert moves_shown(page) == 3


def test_a_stray_arrow_key_on_the_size_menu_loses_no_game(player):
    page = player
    # a game of its own (the module's page may come to this test first, on another process)
    open_site(page, f"#id={BOARD}")
    for _ in range(3):  # over, back and over: three moves of the player's own
        tile(page, 5).click()
    before, moves = shown_board(page), moves_shown(page)
    assert moves == 3 and not page.locator("#message").inner_text()  # a game in progress
    # from the keyboard alone: Tab to the Size menu, then a stray arrow key
    page.locator("body").focus()
    for _ in range(60):
        if page.evaluate("document.activeElement.id") == "size":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("document.getElementById('board').style.getPropertyValue('--w') === '4'")
    wait_text(
        page,
        "[role=status]",
        r"^New random board: shuffle \d+ of this visit\. Undo brings back your game \(3 moves\)\. ",
        timeout=30_000,
    )
    assert moves_shown(page) == 0
    for _ in range(30):
        if page.evaluate("document.activeElement.id") == "undo":
            break
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    # the game is back, with its moves
    assert (shown_board(page), moves_shown(page)) == (before, 3)
    assert page.locator("#size").input_value() == "3x3"


def test_on_a_phone_the_legend_keeps_off_the_board_and_solve_stays_in_sight(player):
    page = player
    page.set_viewport_size(PHONE)
    page.evaluate("scrollTo(0, 0)")
    boxes = page.evaluate("""() => Object.fromEntries(['board', 'legend', 'solve'].map(id => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [id, {top: r.top, bottom: r.bottom}];
    }))""")
    assert boxes["legend"]["top"] >= boxes["board"]["bottom"]  # under the board, not over it
    assert boxes["solve"]["bottom"] <= PHONE["height"]  # Solve on the first screen


def test_the_picture_panel_offers_one_choice_of_three_and_a_preview(player):
    page = player
    page.get_by_text("Picture tiles").click()
    choices = page.get_by_role("group", name="The tiles show")
    assert [r.get_attribute("value") for r in choices.get_by_role("radio").all()] == ["none", "corner", "only"]
    assert choices.get_by_role("radio", name="Numbers only").is_checked()
    assert not page.get_by_role("img", name=re.compile("^The whole picture")).is_visible()
    choices.get_by_role("radio", name="The picture only").check()
    page.wait_for_function("document.getElementById('board').classList.contains('pictured')")
    page.get_by_role("img", name="The whole picture: Colour gradient").wait_for()
    assert page.evaluate("document.getElementById('board').classList.contains('picture-numbers-hidden')")
    choices.get_by_role("radio", name="The picture, with small numbers in a corner").check()
    assert not page.evaluate("document.getElementById('board').classList.contains('picture-numbers-hidden')")
    choices.get_by_role("radio", name="Numbers only").check()
    assert not page.evaluate("document.getElementById('board').classList.contains('pictured')")
    assert not page.get_by_role("img", name=re.compile("^The whole picture")).is_visible()
