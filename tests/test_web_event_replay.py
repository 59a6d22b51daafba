"""A whole marathon's or relay's replay in the browser (issue 40), used as a speedsolver
uses it: a 2x2 x10 played by keys, its Replay in the session list opens the whole event
(the board count, the splits as the list shows them, each board dealt in turn, the clock
the event's), its link opens the same replay on a fresh page; a relay of the 2x2 and the
3x3 the same way in Chinese on a phone; a cut link, one whose first board is not its id's,
and one whose board 2 moves off the board (written by the package's encoder) each say
precisely what is wrong, and the board is the link's scramble."""

from __future__ import annotations

import re

import pytest
from web_fixtures import (
    TIME,
    dealt,
    first_row,
    fresh_page,
    ms,
    open_site,
    shown_board,
    solve_shown,
    start_marathon,
    wait_ready,
    wait_text,
)

from npuzzle.speedsolving.solve_code import Split, encode_event


def splits_listed(page, n: int) -> list[str]:
    """The split times the session list shows for solve n (its Replay board k buttons)."""
    buttons = page.get_by_role("button", name=re.compile(rf"^Replay board \d+ of solve {n}$"))
    return [buttons.nth(i).inner_text() for i in range(buttons.count())]


def play_event(page, boards: int, width: int | None = None) -> list[tuple[str, str]]:
    """An event's boards, each solved by keys as it is dealt: [(scramble, moves)]."""
    played = []
    for k in range(boards):
        scramble = dealt(page, None if width is None else width + k)
        played.append((scramble, solve_shown(page)))
    return played


@pytest.mark.slow  # the solver deals each board: its load and ten random boards, over 10 s
def test_a_marathon_x10_replays_whole_and_its_link_opens_it(page, browser, site_url):
    start_marathon(page, "Marathon x10")
    played = play_event(page, 10)
    wait_text(page, "#session-summary", r"^2x2 x10: 1 solve", timeout=30_000)
    total = re.match(rf"^({TIME})", first_row(page)[1])[1]
    moves = sum(len(m) for _, m in played)
    splits = splits_listed(page, 1)
    assert len(splits) == 10

    # the whole event's Replay: board 1 of 10, every split, the first board's scramble
    page.get_by_role("button", name="Replay solve 1", exact=True).click()
    heading = f"Replay of solve 1: 10 boards, {moves} moves, {total}"
    assert page.locator("#replay-heading").inner_text() == heading
    assert page.locator("#replay-board").inner_text() == "Board 1 of 10"
    assert page.locator("#replay-splits").inner_text() == "Splits: " + " ".join(splits)
    assert page.locator("#replay-splits [aria-current=step]").inner_text() == splits[0]
    assert page.locator("#replay-at").inner_text() == f"Move 0 of {moves}"
    assert shown_board(page) == played[0][0]
    assert page.locator("#replay-analyse").is_hidden()  # an analysis is of one board
    # Step through board 1: the next step deals board 2, its scramble, its split marked
    step = page.get_by_role("button", name="Step", exact=True)
    for _ in played[0][1]:
        step.click()
    assert page.locator("#replay-board").inner_text() == "Board 2 of 10"
    assert page.locator("#replay-splits [aria-current=step]").inner_text() == splits[1]
    assert shown_board(page) == played[1][0]
    # the clock is the event's: board 1's split has passed
    assert ms(page.locator("#replay-clock").inner_text()) >= ms(splits[0]) - 10
    page.get_by_role("button", name="Back", exact=True).click()  # back onto board 1
    assert page.locator("#replay-board").inner_text() == "Board 1 of 10"
    page.get_by_role("button", name="End", exact=True).click()
    assert page.locator("#replay-board").inner_text() == "Board 10 of 10"
    assert page.locator("#replay-at").inner_text() == f"Move {moves} of {moves}"
    assert shown_board(page) == "2x2:1,2,3,0"
    assert page.locator("#session-summary").inner_text().startswith("2x2 x10: 1 solve")  # the replay counts for nothing
    page.get_by_role("button", name="Start", exact=True).click()
    assert shown_board(page) == played[0][0]

    # its link: every board, said with its length
    page.get_by_role("button", name="Link to this solve").click()
    link = page.locator("#replay-link-text").input_value()
    assert f"#id={played[0][0]}&replay=" in link
    assert page.locator("#replay-status").inner_text() == (
        f"The link opens this event's whole replay, all 10 boards ({len(link)} characters;"
        " copied where the browser allows)."
    )

    # the link on a fresh page: the same replay
    gen = fresh_page(browser, site_url)
    other = next(gen)
    other.set_viewport_size({"width": 1366, "height": 768})
    other.goto(link)
    wait_text(other, "#replay-board", r"^Board 1 of 10$", timeout=30_000)
    assert other.locator("#replay-heading").inner_text() == f"Replay of an event: 10 boards, {moves} moves, {total}"
    assert other.locator("#replay-splits").inner_text() == "Splits: " + " ".join(splits)
    assert shown_board(other) == played[0][0]
    for k, (scramble, solution) in enumerate(played[:3]):
        assert other.locator("#replay-board").inner_text() == f"Board {k + 1} of 10"
        assert shown_board(other) == scramble
        for _ in solution:
            other.get_by_role("button", name="Step", exact=True).click()
    # a reload keeps the replay (the address is its link)
    other.reload()
    wait_text(other, "#replay-board", r"^Board 1 of 10$", timeout=30_000)
    assert other.locator("#replay-splits").inner_text() == "Splits: " + " ".join(splits)

    # a cut link: said precisely; the board is the link's scramble, no replay
    other.locator("#replay-close").click()
    other.evaluate(f"location.hash = {link.split('#')[1][:-9]!r}")
    wait_text(other, "#link-message", r"cut short", timeout=10_000)
    assert other.locator("#link-message").inner_text() == (
        "This link's replay cannot be played: in replay=, the solve code is cut short: copy the whole link."
        " The board is the link's scramble."
    )
    assert other.locator("#replay").is_hidden()
    assert shown_board(other) == played[0][0]
    next(gen, None)  # fresh_page closes it: the test fails if it logged or threw an error


def bad_link(first: str, splits: list[Split]) -> str:
    return f"#id={first}&replay={encode_event(splits, None, splits[-1].ms)}"


@pytest.mark.parametrize(
    ("link", "message"),
    [
        (  # the code's first board is another than the id's
            bad_link("2x2:0,2,1,3", [Split("2x2:0,1,3,2", "RD", 900), Split("2x2:0,2,1,3", "DR", 2105)]),
            "in replay=, the solve code's first board is not the link's board (id=)",
        ),
        (  # board 2's second move takes the blank off the board
            bad_link("2x2:0,1,3,2", [Split("2x2:0,1,3,2", "RD", 900), Split("2x2:0,2,1,3", "DD", 2105)]),
            "in replay=, board 2 of the solve code: move 2 (D) takes the blank off the board",
        ),
        (  # a relay's 3x3 after its 2x2: the 3x3 is its own plain board
            bad_link("2x2:0,1,3,2", [Split("2x2:0,1,3,2", "RD", 900), Split("3x3:1,2,3,4,5,6,7,0,8", "RR", 2105)]),
            "in replay=, board 2 of the solve code: move 2 (R) takes the blank off the board",
        ),
    ],
)
def test_a_bad_event_link_says_what_is_wrong(page, link, message):
    open_site(page, link, ready=False)
    wait_text(page, "#link-message", "cannot be played", timeout=30_000)
    said = page.locator("#link-message").inner_text()
    assert said == f"This link's replay cannot be played: {message}. The board is the link's scramble."
    assert page.locator("#replay").is_hidden()
    assert shown_board(page) == link.split("=")[1].split("&")[0]


@pytest.mark.parametrize("page", ["zh"], indirect=True)
def test_a_bad_event_link_says_so_in_chinese(page):
    link = bad_link("2x2:0,1,3,2", [Split("2x2:0,1,3,2", "RD", 900), Split("2x2:0,2,1,3", "DD", 2105)])
    open_site(page, link, ready=False)
    wait_text(page, "#link-message", "无法播放", timeout=30_000)
    assert page.locator("#link-message").inner_text() == (
        "这个链接的回放无法播放：replay= 中，复原代码的第 2 块棋盘：第 2 步（D）把空格移出了棋盘。棋盘是链接中的打乱。"
    )
    assert page.locator("#replay").is_hidden()


@pytest.mark.slow  # the solver deals each board
@pytest.mark.parametrize("page", ["zh"], indirect=True)
def test_a_relay_replays_whole_in_chinese_on_a_phone(page, browser, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_site(page, "#id=2x2:1,2,3,0", ready=False)
    page.get_by_role("button", name="English").click()
    wait_ready(page)
    page.get_by_label("Size", exact=True).select_option("3x3")
    dealt(page, 3)
    page.get_by_label("Event").select_option(label="Relay 2x2 to this size")
    page.evaluate("document.activeElement?.blur()")
    page.locator("body").press(" ")
    played = play_event(page, 2, width=2)
    page.locator("#session summary").click()
    wait_text(page, "#session-summary", r"^relay 2x2-3x3: 1 solve", timeout=30_000)
    splits = splits_listed(page, 1)
    moves = sum(len(m) for _, m in played)
    page.get_by_role("button", name="中文").click()

    page.get_by_role("button", name="回放第 1 次复原", exact=True).click()
    assert page.locator("#replay-board").inner_text() == "第 1 块棋盘，共 2 块"
    assert page.locator("#replay-splits").inner_text() == "分段： " + " ".join(splits)
    assert page.locator("#replay-heading").inner_text().startswith(f"第 1 次复原的回放：2 块棋盘，{moves} 步，")
    page.get_by_role("button", name="结尾", exact=True).click()
    assert page.locator("#replay-board").inner_text() == "第 2 块棋盘，共 2 块"
    assert shown_board(page) == "3x3:1,2,3,4,5,6,7,8,0"
    assert page.locator("html").evaluate("(e) => e.scrollWidth") <= 390  # fits the phone
    page.get_by_role("button", name="这次复原的链接").click()
    link = page.locator("#replay-link-text").input_value()
    assert "&lang=zh" in link
    assert f"（{len(link)} 个字符；" in page.locator("#replay-status").inner_text()

    gen = fresh_page(browser, site_url, "zh")
    other = next(gen)
    other.set_viewport_size({"width": 390, "height": 844})
    other.goto(link)
    wait_text(other, "#replay-board", r"^第 1 块棋盘，共 2 块$", timeout=30_000)
    assert other.locator("#replay-heading").inner_text().startswith(f"项目回放：2 块棋盘，{moves} 步，")
    assert other.locator("#replay-splits").inner_text() == "分段： " + " ".join(splits)
    assert shown_board(other) == played[0][0]
    for _ in played[0][1]:
        other.get_by_role("button", name="前进", exact=True).click()
    assert other.locator("#replay-board").inner_text() == "第 2 块棋盘，共 2 块"
    assert shown_board(other) == played[1][0]
    assert other.locator("html").evaluate("(e) => e.scrollWidth") <= 390
    next(gen, None)
