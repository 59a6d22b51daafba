"""What a person did survives a reload, a bad link stays to be corrected, and pictures
cut into the tiles: the built site in Chromium, used with keys, clicks and reloads."""

from __future__ import annotations

import re
import struct
import zlib

from web_fixtures import MEASURE, moves_shown, open_site, shown_board, tile, wait_ready

START = "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"


def seconds_shown(page) -> int:
    m, s = page.locator("#timer").inner_text().split(":")  # m:ss.sss
    return int(m) * 60 + int(float(s))


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
    page.locator("#message").filter(has_text="Solved: 1 move yours and 1 move by the solver, 2 moves in all").wait_for()
    message = page.locator("#message").inner_text()
    progress = page.locator("#solution-progress").inner_text()
    assert progress.startswith("Solution: move 2 of 2")  # the person's move was the solution's
    reload(page)
    assert moves_shown(page) == 1  # the person's own: the solver's Step is the solution's
    assert page.locator("#message").inner_text() == message
    assert page.locator("#solution-progress").inner_text() == progress
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Undo").click()
    assert moves_shown(page) == 0


def test_another_board_in_the_address_starts_afresh(page):
    open_site(page, "#id=" + START, ready=False)
    page.locator("body").press("ArrowDown")
    assert moves_shown(page) == 1
    page.goto(page.site_url + "#id=3x3:1,2,3,4,5,6,7,0,8")
    page.locator("#board button.tile").first.wait_for()
    assert moves_shown(page) == 0 and shown_board(page) == "3x3:1,2,3,4,5,6,7,0,8"
    # the game the new address replaced is not lost: Undo brings it back (game.js's previous)
    page.get_by_role("status").filter(has_text="Undo brings back your game (1 move).").wait_for()
    page.get_by_role("button", name="Undo").click()
    assert moves_shown(page) == 1 and shown_board(page) != "3x3:1,2,3,4,5,6,7,0,8"


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
    """A PNG made with the standard library: red rising left to right, green top to bottom.
    A row is filled a channel at a time by slices (an 8000 x 7000 picture in about a second;
    a value at a time it took a minute)."""
    red = bytes(255 * x // (width - 1) for x in range(width))
    rows = bytearray()
    for y in range(height):
        row = bytearray(3 * width)
        row[0::3], row[1::3], row[2::3] = red, bytes([255 * y // (height - 1)]) * width, b"Z" * width  # Z: 90
        rows += b"\0" + row

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")


TILE_STYLES = """() => Object.fromEntries([...document.querySelectorAll('#board button.tile')].map(b => {
    const s = getComputedStyle(b);
    return [b.textContent, {image: s.backgroundImage, position: s.backgroundPosition, size: s.backgroundSize,
                            color: s.color, name: b.getAttribute('aria-label')}];
}))"""


def open_pictures(page):
    page.get_by_text("Picture tiles").click()


def pictured(page) -> bool:
    return page.evaluate("document.getElementById('board').classList.contains('pictured')")


def test_a_picture_from_a_file_is_cut_into_the_tiles_and_remembered(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)
    open_pictures(page)
    assert "nothing is uploaded" in page.locator("#picture").inner_text()
    page.set_input_files("#picture-file", files=[{"name": "wide.png", "mimeType": "image/png", "buffer": png(40, 20)}])
    page.wait_for_function("document.getElementById('board').classList.contains('pictured')")
    styles = page.evaluate(TILE_STYLES)
    images = {s["image"] for s in styles.values()}
    assert len(images) == 1 and images.pop().startswith('url("blob:')  # one picture for every tile
    # a 2:1 picture covers the 3x3 board 6 cells wide, 1.5 cut off each side; each tile's
    # window is its goal cell's: tile 1 at (row 0, column 0), 5 at (1, 1), 8 at (2, 1)
    assert {s["size"] for s in styles.values()} == {"600% 300%"}
    assert styles["1"]["position"] == "30% 0%"
    assert styles["5"]["position"] == "50% 50%"
    assert styles["8"]["position"] == "50% 100%"
    assert len({s["position"] for s in styles.values()}) == 8
    assert styles["7"]["name"] == "7, row 3, column 1, home, can move right"  # names as before, for screen readers
    # said once the file is kept in IndexedDB, a moment after the board shows it
    page.locator("#picture-message").filter(has_text=re.compile(r"^Picture: wide\.png\.$")).wait_for(timeout=10_000)
    # a move takes the tile's part with it
    tile(page, 8).click()
    assert page.evaluate(TILE_STYLES)["8"]["position"] == "50% 100%"
    # the numbers: small in a corner, or hidden (the text and the name stay)
    assert page.get_by_role("radio", name="The picture, with small numbers in a corner").is_checked()
    assert page.evaluate(TILE_STYLES)["5"]["color"] != "rgba(0, 0, 0, 0)"
    page.get_by_role("radio", name="The picture only").check()
    assert page.evaluate(TILE_STYLES)["5"]["color"] == "rgba(0, 0, 0, 0)"
    assert tile(page, 5).count() == 1
    # remembered: the picture (kept in this browser) and the switch
    reload(page)
    page.wait_for_function("document.getElementById('board').classList.contains('pictured')")
    after = page.evaluate(TILE_STYLES)
    assert after["1"]["position"] == "30% 0%" and after["5"]["color"] == "rgba(0, 0, 0, 0)"
    assert after["1"]["image"].startswith('url("blob:')


def test_a_built_in_picture_and_back_to_numbers(page):
    open_site(page, "#id=4x3:1,2,3,4,5,6,7,8,9,10,0,11", ready=False)
    open_pictures(page)
    rings = page.get_by_role("button", name="Rings")
    rings.click()
    page.wait_for_function("document.getElementById('board').classList.contains('pictured')")
    assert rings.get_attribute("aria-pressed") == "true"
    styles = page.evaluate(TILE_STYLES)
    # a square picture on a 4x3 board: 4 cells wide, 4 tall, half a cell cut off top and bottom
    assert styles["1"]["size"] == "400% 400%"
    assert styles["1"]["position"] == "0% 16.6667%" and styles["11"]["position"] == "66.6667% 83.3333%"
    reload(page)  # remembered by name
    page.wait_for_function("document.getElementById('board').classList.contains('pictured')")
    page.get_by_text("Picture tiles").click()
    assert page.get_by_role("button", name="Rings").get_attribute("aria-pressed") == "true"
    page.get_by_role("radio", name="Numbers only").check()
    assert not pictured(page)
    assert page.evaluate(TILE_STYLES)["1"]["image"] == "none"
    reload(page)
    page.wait_for_timeout(300)
    assert not pictured(page)


def test_bad_files_get_a_precise_message_and_change_nothing(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)
    open_pictures(page)
    page.get_by_role("button", name="Colour gradient").click()
    page.wait_for_function("document.getElementById('board').classList.contains('pictured')")
    before = page.evaluate(TILE_STYLES)
    message = page.locator("#picture-message")
    page.set_input_files("#picture-file", files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}])
    message.filter(has_text="not an image").wait_for()
    assert message.inner_text() == (
        "“notes.txt” is not an image (text/plain): choose a PNG, JPEG, GIF, WebP or SVG file. The board is unchanged."
    )
    assert page.evaluate(TILE_STYLES) == before
    page.set_input_files(
        "#picture-file", files=[{"name": "broken.png", "mimeType": "image/png", "buffer": png(8, 8)[:40]}]
    )
    message.filter(has_text="could not be read").wait_for()
    assert message.inner_text().startswith("“broken.png” could not be read as a picture")
    assert page.evaluate(TILE_STYLES) == before
    page.set_input_files(
        "#picture-file", files=[{"name": "huge.png", "mimeType": "image/png", "buffer": png(8000, 7000)}]
    )
    message.filter(has_text="too large").wait_for(timeout=30_000)
    assert (
        message.inner_text()
        == "“huge.png” is too large: 8000 × 7000 pixels (at most 50 megapixels). The board is unchanged."
    )
    assert page.evaluate(TILE_STYLES) == before
    assert page.get_by_role("button", name="Colour gradient").get_attribute("aria-pressed") == "true"


def test_a_picture_dropped_on_the_board_is_used(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)
    page.evaluate("""async () => {
        const canvas = Object.assign(document.createElement('canvas'), {width: 30, height: 30});
        canvas.getContext('2d').fillRect(0, 0, 10, 10);
        const blob = await new Promise(r => canvas.toBlob(r, 'image/png'));
        const data = new DataTransfer();
        data.items.add(new File([blob], 'dropped.png', {type: 'image/png'}));
        const frame = document.getElementById('board-frame');
        frame.dispatchEvent(new DragEvent('dragover', {dataTransfer: data, bubbles: true, cancelable: true}));
        frame.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
    }""")
    page.wait_for_function("document.getElementById('board').classList.contains('pictured')")
    assert page.evaluate(TILE_STYLES)["5"]["position"] == "50% 50%"


def test_pictures_on_a_wrapped_5x5_and_a_30x30_leave_no_tile_overlapping(page):
    page.set_viewport_size({"width": 1280, "height": 800})
    wrapped = "5x5:1,2,3,4,5,6,7,8,9,10,0,11,12,13,14,15,16,17,18,19,20,21,22,23,24"
    open_site(page, f"#id={wrapped}&wrap=r2,c2", ready=False)
    open_pictures(page)
    page.get_by_role("button", name="Checkerboard").click()
    page.wait_for_function("document.getElementById('board').classList.contains('pictured')")
    m = page.evaluate(MEASURE)
    assert (m["tiles"], m["overlaps"], m["spills"]) == (24, 0, 0)
    page.get_by_label("Size", exact=True).select_option("30x30")
    page.wait_for_function("location.hash.startsWith('#id=30x30:')")
    m = page.evaluate(MEASURE)
    assert (m["tiles"], m["overlaps"], m["spills"]) == (899, 0, 0)
    styles = page.evaluate(TILE_STYLES)
    assert len({s["image"] for s in styles.values()}) == 1 and len({s["position"] for s in styles.values()}) == 899
    assert styles["899"]["position"] == "96.5517% 100%"  # goal cell 898: column 28, row 29
