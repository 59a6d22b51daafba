"""Events' sessions in the browser, as a speedsolver uses them: a width relay's and a height
relay's sessions exported (CSV, JSON) and imported into a fresh page, the lists read the
same, splits and all, the files the package's own; the width and height relays played on a
phone in English (the chooser, the big timer with the board's number, the splits in the
list, nothing wider than the phone); a marathon x42 on the 2x2 played to its end, its 42
splits adding up to its time and its export read back by the package."""

from __future__ import annotations

import json
import re

import pytest
from support import event_solves, shortest
from web_fixtures import (
    TIME,
    dealt,
    first_row,
    fresh_page,
    import_as_new,
    ms,
    open_site,
    play,
    start_marathon,
    wait_text,
)

from npuzzle.speedsolving.session_files import read_file, to_csv, to_json_text

WIDTH_RELAY, HEIGHT_RELAY = "relay 2x3-4x3", "relay 3x2-3x4"
BAD = '^Not imported, nothing changed: solve 1: "relay-x" is not a valid event.$'


def rows(page) -> list[list[str]]:
    """The session's list as a person reads it: each row's cells (the mark's choice aside)."""
    return page.evaluate("""() => [...document.querySelectorAll('#session-rows tr')].map((tr) =>
        [...tr.cells].slice(0, -1).map((td) => td.innerText.trim()))""")


def event_list(page, board: str, event: str) -> list[list[str]]:
    """The list of an event's current session: its board on the screen, the event chosen
    (the panel shows that event's session at once)."""
    open_site(page, f"#id={board}", ready=False)
    page.get_by_label("Event").select_option(label=event)
    if not page.locator("#session").evaluate("(d) => d.open"):
        page.locator("#session summary").click()
    return rows(page)


def test_an_event_s_session_exported_and_imported_into_a_fresh_page(page, browser, tmp_path):
    page.set_viewport_size({"width": 1366, "height": 768})
    sessions = {key: event_solves(key, seed=n, count=5) for n, key in enumerate((WIDTH_RELAY, HEIGHT_RELAY))}
    kept = {
        "version": 2,
        "keys": {
            k: {"current": 1, "sessions": [{"id": 1, "name": "Sunday", "solves": s}]} for k, s in sessions.items()
        },
    }
    page.add_init_script(f"localStorage.setItem('npuzzle.sessions', {json.dumps(json.dumps(kept))})")
    files = {}
    for key, board, event, button in (
        (WIDTH_RELAY, "4x3:1,2,3,4,5,6,7,8,9,10,0,11", "Width relay (this height, widths from 2)", "Export CSV"),
        (HEIGHT_RELAY, "3x4:1,2,3,4,5,6,7,8,9,10,0,11", "Height relay (this width, heights from 2)", "Export JSON"),
    ):
        listed = event_list(page, board, event)
        summary = page.locator("#session-summary").inner_text()
        assert len(listed) == 5 and summary.startswith(f"{key}, Sunday: 5 solves"), summary
        assert "Splits:" in listed[0][1]
        with page.expect_download() as info:
            page.get_by_role("button", name=button).click()
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        # the page's file is the package's, byte for byte, and reads back to the solves kept
        written = (to_csv if button == "Export CSV" else to_json_text)(key, sessions[key], "Sunday")
        assert path.read_bytes().decode() == written
        assert read_file(written) == [(key, s) for s in sessions[key]]
        files[key] = (path, board, event, listed)

    pages = fresh_page(browser, page.site_url)
    fresh = next(pages)  # a browser of its own: nothing kept
    fresh.set_viewport_size({"width": 1366, "height": 768})
    for key, (path, board, event, listed) in files.items():
        assert event_list(fresh, board, event) == []
        import_as_new(fresh, path, rf"^Imported 5 solves into new sessions: “Sunday” \({key}, 5 solves\)\.$")
        assert rows(fresh) == listed  # every solve, its time, moves and splits, as it was listed
        assert fresh.get_by_role("button", name=re.compile(r"^Replay board \d of solve 1$")).count() == len(
            sessions[key][0]["splits"]
        )
    # a bad row: which solve, which field, and nothing imported
    bad = files[WIDTH_RELAY][0].read_text().replace(",relay-w,", ",relay-x,", 1)
    fresh.set_input_files("#session-file", files=[{"name": "bad.csv", "mimeType": "text/csv", "buffer": bad.encode()}])
    wait_text(fresh, "#session-status", BAD, timeout=5000)
    assert rows(fresh) == listed and fresh.get_by_label("Session of this size").locator("option").count() == 2
    next(pages, None)


@pytest.mark.slow  # the solver deals each board: its load and five random boards, over 10 s
def test_the_width_and_height_relays_on_a_phone_in_english(page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,8,0")  # at its goal: the next board on the screen is the relay's
    chooser = page.get_by_label("Event")
    box = chooser.bounding_box()
    assert box and 0 <= box["x"] and box["x"] + box["width"] <= 390  # the chooser on the phone's screen
    assert chooser.locator("option").all_inner_texts() == [
        "Single",
        "Marathon x10",
        "Marathon x42",
        "Relay 2x2 to this size",
        "Height relay (this width, heights from 2)",
        "Width relay (this height, widths from 2)",
        "Blindfolded",
    ]
    page.locator("#session summary").click()
    for event, shapes, key in (
        ("Width relay (this height, widths from 2)", [(2, 3), (3, 3)], "relay 2x3-3x3"),
        ("Height relay (this width, heights from 2)", [(3, 2), (3, 3)], "relay 3x2-3x3"),
    ):
        chooser.select_option(label=event)
        page.evaluate("document.activeElement?.blur()")
        page.locator("body").press(" ")  # Space: the relay's first board
        moves = []
        for n, (width, height) in enumerate(shapes, 1):
            board = dealt(page, width, height)
            play(page, shortest(board)[:1])
            if n == 1:  # running: the big timer, the board's number
                assert page.locator("#big-place").inner_text() == "1 / 2"
                assert re.fullmatch(TIME, page.locator("#big-time").inner_text())
                timer = page.locator("#big-time").bounding_box()
                assert timer and timer["x"] >= 0 and timer["x"] + timer["width"] <= 390
            moves.append(shortest(board))
            play(page, moves[-1][1:])
        wait_text(page, "#session-summary", rf"^{key}: 1 solve", timeout=30_000)
        row = first_row(page)
        total = re.match(rf"^({TIME})", row[1])[1]
        assert row[2] == str(sum(map(len, moves)))
        splits = page.get_by_role("button", name=re.compile(r"^Replay board \d of solve 1$"))
        assert splits.count() == 2 and "Splits:" in row[1]
        assert ms(splits.nth(0).inner_text()) + ms(splits.nth(1).inner_text()) == ms(total)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone


@pytest.mark.slow  # the solver deals 42 boards
def test_a_marathon_x42_on_the_2x2_to_its_end(page, tmp_path):
    start_marathon(page, "Marathon x42")
    boards = []
    for k in range(1, 43):
        if k > 1:
            wait_text(page, "#big-place", rf"^{k} / 42$", timeout=30_000)
        board = dealt(page, 2, 2)
        boards.append((board, shortest(board)))
        play(page, boards[-1][1])
    wait_text(page, "#session-summary", r"^2x2 x42: 1 solve", timeout=30_000)
    row = first_row(page)
    total = re.match(rf"^({TIME})", row[1])[1]
    splits = page.get_by_role("button", name=re.compile(r"^Replay board \d+ of solve 1$"))
    assert splits.count() == 42
    assert sum(ms(splits.nth(i).inner_text()) for i in range(42)) == ms(total)
    assert row[2] == str(sum(len(m) for _, m in boards))
    assert page.locator("#records-text").inner_text().startswith(f"Your records, 2x2 x42: best time {total}")
    with page.expect_download() as info:
        page.get_by_role("button", name="Export CSV").click()
    path = tmp_path / "x42.csv"
    info.value.save_as(path)
    [(key, solve)] = read_file(path.read_text())  # the package reads the page's file
    assert key == "2x2 x42" and solve["event"] == "x42"
    assert [(s["scramble"], s["moves"]) for s in solve["splits"]] == boards
    assert solve["splits"][-1]["ms"] == solve["ms"] == ms(total)
