"""The Session panel in the browser, used as a speedsolver uses it, on a phone's screen: a
pasted scramble solved by keys is kept, marked as pasted, with its time to the millisecond
and the optimum once the coach knows it; the inspection counted down; it survives a reload; the session exported as
JSON and imported into a cleared session gives the same list; a bad file changes nothing
and says why; the same in Chinese."""

from __future__ import annotations

import json
import re

import pytest
from web_fixtures import axe_violations, open_site, wait_text

COACH_READY = 120_000  # ms: the coach answers once the solver has loaded, on a slow 2-core machine
KEY = {"U": "ArrowDown", "D": "ArrowUp", "L": "ArrowRight", "R": "ArrowLeft"}  # the key that moves the blank this way
TIME = r"0:\d\d\.\d{3}"


def paste_and_solve(page, rows: str, moves: str):
    """Paste a board in the editor and solve it with the arrow keys."""
    page.get_by_text("Enter a board").click()
    page.wait_for_function("document.getElementById('edit-board').value !== ''")  # filled when opened
    page.locator("#edit-board").fill(rows)
    page.get_by_role("button", name="Use this board").click()
    page.wait_for_function(
        "location.hash.includes('3x3:') && document.getElementById('move-count').textContent === '0'"
    )
    for letter in moves:
        page.locator("body").press(KEY[letter])
    wait_text(page, "#message", rf"^Solved in {len(moves)} moves? \({TIME}\)!", timeout=10_000)


def rows(page) -> list[list[str]]:
    """The session's list as a person reads it: each row's cells (the mark's choice aside)."""
    return page.evaluate("""() => [...document.querySelectorAll('#session-rows tr')].map((tr) =>
        [...tr.cells].slice(0, -1).map((td) => td.innerText.trim()))""")


def open_panel(page):
    if not page.locator("#session").evaluate("(d) => d.open"):
        page.locator("#session summary").click()


@pytest.mark.slow  # three files through two languages: over 10 s beside another test process
def test_a_pasted_solve_is_kept_exported_and_imported_in_both_languages(page, tmp_path):
    page.set_viewport_size({"width": 390, "height": 844})
    open_site(page)
    page.get_by_role("checkbox", name=re.compile("^Practice mode")).check()  # no coach during a solve: the solves count
    paste_and_solve(page, "1 2 3\n4 5 6\n0 7 8", "RR")
    open_panel(page)
    assert page.locator("#session-summary").inner_text() == "3x3: 1 solve"
    [first] = rows(page)
    assert re.fullmatch(rf"{TIME} pasted", first[1]) and first[2:4] == ["2", "1"]  # moves (STM), MTM
    # the time is the one the message under the board gives, to the millisecond
    assert first[1].split()[0] in page.locator("#message").inner_text()
    # the records take it too, apart from shuffled boards' records, marked
    assert re.search(
        rf"3x3: pasted scrambles only: best time {TIME}, fewest moves 2", page.locator("#records").inner_text()
    )
    # the optimum comes from the coach, when it has loaded
    page.locator("#session-rows tr td:nth-child(6)", has_text="2").wait_for(timeout=COACH_READY)

    # the inspection, chosen: counted down beside the timer on the next board, gone at the first move
    page.get_by_label("Inspection: 15 s before a solve").check()
    page.get_by_role("button", name="Reset").click()
    assert re.fullmatch(r"Inspection: 1[0-5] s", page.locator(".inspection").inner_text())
    assert page.locator("#timer").inner_text() == "0:00.000"
    # the countdown apart from the time, not run into it
    assert re.search(r"0:00\.000\s+Inspection: 1[0-5] s", page.locator(".stats").inner_text())
    for letter in "UDRR":  # a detour: 4 moves, 3 MTM
        page.locator("body").press(KEY[letter])
    assert page.locator(".inspection").is_hidden()
    wait_text(page, "#session-summary", r"^3x3: 2 solves$", timeout=10_000)
    page.get_by_role("combobox", name="Mark of solve 1").select_option("+2")
    listed = rows(page)
    assert [r[0] for r in listed] == ["2", "1"] and listed[0][2:4] == ["4", "3"]  # newest first
    assert re.fullmatch(r"0:0[2-9]\.\d{3} pasted", listed[1][1])  # +2 s
    assert page.locator("html").evaluate("(e) => e.scrollWidth") <= 390  # the phone's width: the list scrolls inside

    page.reload()  # the solver need not be ready: the session is the page's own
    wait_text(page, "#session-summary", r"^3x3: 2 solves$", timeout=30_000)
    open_panel(page)
    assert rows(page) == listed
    assert page.get_by_label("Inspection: 15 s before a solve").is_checked()  # remembered
    assert axe_violations(page) == []  # the panel open, with its figures and list

    with page.expect_download() as info:
        page.get_by_role("button", name="Export JSON").click()
    exported = tmp_path / "session.json"
    info.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert [s["penalty"] for s in data["solves"]] == ["+2", ""] and {s["type"] for s in data["solves"]} == {"pasted"}
    assert [len(s["move_times"]) for s in data["solves"]] == [2, 4]

    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Clear session").click()
    assert rows(page) == [] and page.locator("#session-summary").inner_text() == "3x3: 0 solves"
    # a bad file: said precisely, and nothing changes
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import…").click()
    chooser.value.set_files(files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b'{"format": "x"}'}])
    wait_text(
        page, "#session-status", r"^Not imported, nothing changed: this JSON is not an npuzzle session", timeout=5000
    )
    assert rows(page) == []
    page.set_input_files("#session-file", exported)
    wait_text(page, "#session-status", r"^Imported 2 solves, 2 of them new\.$", timeout=5000)
    assert rows(page) == listed

    # in Chinese: the same session, its words, and a file read again
    page.get_by_role("button", name="中文").click()
    assert page.locator("#session-summary").inner_text() == "3x3：2 次复原"
    assert rows(page)[1][1].endswith(" 粘贴")
    assert page.locator("#session-figure-rows th").all_inner_texts() == ["单次", "平均", "ao5", "ao12", "ao50", "ao100"]
    page.set_input_files("#session-file", exported)
    wait_text(page, "#session-status", r"^导入了 2 次复原，其中 0 次是新的。$", timeout=5000)
    page.set_input_files(
        "#session-file", files=[{"name": "bad.csv", "mimeType": "text/csv", "buffer": b"date,size\n1,2\n"}]
    )
    wait_text(page, "#session-status", r'^没有导入，什么也没有改变：CSV 文件没有 "type" 这一列。$', timeout=5000)
    assert [r[0] for r in rows(page)] == ["2", "1"]
