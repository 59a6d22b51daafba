"""What a person did survives a reload, a bad link stays to be corrected, and pictures
cut into the tiles: the built site in Chromium, used with keys, clicks and reloads."""

from __future__ import annotations

import re
import struct
import zlib

from test_web import moves_shown, open_site, page, shown_board, tile, wait_ready  # noqa: F401  (page: a fixture)
from test_web_layout import MEASURE

START = "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"


def seconds_shown(page) -> int:
    m, s = page.locator("#timer").inner_text().split(":")
    return int(m) * 60 + int(s)


def reload(page):
    page.reload()
    page.locator("#board button.tile").first.wait_for()


# ------------------------------------------------------------------ a reload keeps the game

def test_moves_undo_redo_timer_and_who_moved_survive_a_reload(page):
    open_site(page, "#id=" + START, ready=False)
    body = page.locator("body")
    for key in ("ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft"):  # four moves, each its own action
        body.press(key)
    assert moves_shown(page) == 4
    page.get_by_role("button", name="Undo").click()
    assert moves_shown(page) == 3
    board, address = shown_board(page), page.url
    page.wait_for_timeout(2200)  # the clock runs from the first move
    before = seconds_shown(page)
    assert before >= 2
    reload(page)
    assert shown_board(page) == board and page.url == address
    assert moves_shown(page) == 3
    assert seconds_shown(page) >= before  # it goes on from where it was...
    page.wait_for_timeout(1100)
    assert seconds_shown(page) > before  # ...and runs
    undo, redo = page.get_by_role("button", name="Undo"), page.get_by_role("button", name="Redo")
    assert undo.is_enabled() and redo.is_enabled()
    redo.click()  # the move undone before the reload
    assert moves_shown(page) == 4 and not redo.is_enabled()
    for _ in range(4):
        undo.click()
    assert moves_shown(page) == 0 and shown_board(page) == START and not undo.is_enabled()
    # and a reload of the start shows the start, the four moves still there to Redo
    reload(page)
    assert shown_board(page) == START and moves_shown(page) == 0 and redo.is_enabled()


def test_a_reload_keeps_who_solved_it(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.get_by_role("button", name="Solve").click()
    page.get_by_role("status").filter(has_text=re.compile(r"solution: 2 moves", re.I)).wait_for(timeout=60_000)
    page.get_by_role("button", name="Step").click()  # the solver's move...
    tile(page, 8).click()  # ...and the person's
    page.locator("#message").filter(has_text="Solved in 2 moves").wait_for()
    message = page.locator("#message").inner_text()
    assert "1 of them played by the solver" in message
    reload(page)
    assert moves_shown(page) == 2
    assert page.locator("#message").inner_text() == message
    assert page.locator("#solution-progress").inner_text().startswith("Move 1 of 2") is False  # left it: the person's own move
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Undo").click()
    assert moves_shown(page) == 0


def test_another_board_in_the_address_starts_afresh(page):
    open_site(page, "#id=" + START, ready=False)
    page.locator("body").press("ArrowDown")
    assert moves_shown(page) == 1
    page.goto(page.site_url + "#id=3x3:1,2,3,4,5,6,7,0,8")
    page.locator("#board button.tile").first.wait_for()
    assert moves_shown(page) == 0 and not page.get_by_role("button", name="Undo").is_enabled()


# ------------------------------------------------------------------ a bad link stays to be corrected

def test_a_bad_link_survives_a_reload_and_is_corrected_in_the_editor(page):
    open_site(page, "#id=3x3:1,2", ready=False)
    note = page.get_by_role("alert")
    assert "in id=, a 3x3 board needs 9 numbers, got 2" in note.inner_text()
    assert page.url.endswith("#id=3x3:1,2")  # the address is not replaced by the new board's
    reload(page)
    assert page.url.endswith("#id=3x3:1,2")
    assert "in id=, a 3x3 board needs 9 numbers, got 2" in note.inner_text()
    fix = page.locator("#link-fix")
    assert "id=3x3:1,2" in fix.inner_text()
    field = page.get_by_role("textbox", name=re.compile("^Board"))
    assert field.input_value() == "3x3:1,2"
    assert page.locator("#edit-board-error").inner_text() == "in id=, a 3x3 board needs 9 numbers, got 2"
    assert field.get_attribute("aria-invalid") == "true"
    wait_ready(page)
    page.get_by_role("button", name="Correct the link").click()
    assert page.evaluate("document.activeElement.id") == "edit-board"
    field.fill("3x3:1,2,3,4,5,6,7,0,8")
    page.get_by_role("button", name="Use this board").click()
    page.wait_for_function("location.hash === '#id=3x3:1,2,3,4,5,6,7,0,8'")
    assert shown_board(page) == "3x3:1,2,3,4,5,6,7,0,8"
    assert not note.is_visible() and not fix.is_visible()


def test_a_move_on_the_new_board_replaces_the_bad_link(page):
    open_site(page, "#id=4x4:1,2,3&wrap=r1", ready=False)
    assert page.url.endswith("#id=4x4:1,2,3&wrap=r1")
    board = shown_board(page)
    for key in ("ArrowLeft", "ArrowRight", "ArrowUp"):
        page.locator("body").press(key)
        if shown_board(page) != board:
            break
    page.wait_for_function("location.hash.startsWith('#id=4x4:') && !location.hash.includes('wrap')")
    assert page.url.endswith("#id=" + shown_board(page))
    assert not page.locator("#link-fix").is_visible()


# ------------------------------------------------------------------ pictures

def png(width: int, height: int) -> bytes:
    """A small PNG made with the standard library: red rising left to right, green top to bottom."""
    rows = b"".join(b"\0" + bytes(v for x in range(width) for v in (255 * x // (width - 1), 255 * y // (height - 1), 90))
                    for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
