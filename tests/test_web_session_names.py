"""Named sessions in the browser, used as a csTimer user uses them: a session made, renamed,
switched to and from, deleted and put back with Undo, the current one kept over a reload,
one session exported and imported into a new session ("Import into" kept over a reload); the records over every session of
the size; csTimer's own export file imported (before Python has loaded, so the page says
it waits), each sliding-puzzle session a named session with its times, +2 and DNF, the
cube's left out and named, a bad file refused and nothing changed; every control inside
the panel at 1366x768 and 390x844, English and Chinese, axe with the panel open."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import generated_solves
from web_fixtures import axe_violations, import_as_new, open_site, wait_text

from npuzzle.speedsolving.records import best_over
from npuzzle.speedsolving.session_files import to_json_text
from npuzzle.speedsolving.sessions import format_time

FIXTURE = Path(__file__).parent / "data" / "cstimer_export.txt"
BOARD = "3x3:1,2,3,4,5,6,0,7,8"
FOUR = "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"


def rows(page) -> list[list[str]]:
    """The session's list as a person reads it: each row's cells (the mark's choice aside)."""
    return page.evaluate("""() => [...document.querySelectorAll('#session-rows tr')].map((tr) =>
        [...tr.cells].slice(0, -1).map((td) => td.innerText.trim()))""")


def options(page) -> list[str]:
    return page.locator("#sessions-pick option").all_inner_texts()


def chosen(page) -> str:
    return page.locator("#sessions-pick").evaluate("(s) => s.selectedOptions[0].textContent")


def answer(page, text: str | None):
    """The next prompt answered with this text (None: dismissed), as csTimer asks for a name."""
    page.once("dialog", lambda d: d.accept(text) if text is not None else d.dismiss())


def inside_the_panel(page, width: int):
    """Every control of the panel's sessions and files inside the panel and the window."""
    boxes = page.evaluate("""() => {
        const panel = document.getElementById('session').getBoundingClientRect();
        const controls = [...document.querySelectorAll('.session-names :is(button, select), #session > .controls :is(button, select)')]
          .filter((c) => !c.hidden).map((c) => { const r = c.getBoundingClientRect(); return [c.id, r.left, r.right]; });
        return {panel: [panel.left, panel.right], controls, scroll: document.documentElement.scrollWidth};
    }""")
    left, right = boxes["panel"]
    assert boxes["scroll"] <= width, boxes
    assert len(boxes["controls"]) >= 9, boxes
    for name, a, b in boxes["controls"]:
        assert left <= a and b <= right <= width, (name, a, b, boxes["panel"])


def test_sessions_by_name_on_a_laptop(page, tmp_path):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, f"#id={BOARD}", ready=False)
    solves = [s for s in generated_solves(17, 12) if not s["assisted"]][:8]
    path = tmp_path / "mine.json"
    path.write_text(to_json_text("3x3", solves))
    page.locator("#session summary").click()
    assert options(page) == ["Default session (0)"]
    page.set_input_files("#session-file", path)  # into the current session, the choice as it comes
    wait_text(page, "#session-status", r"^Imported 8 solves, 8 of them new\.$", timeout=5000)
    default_rows = rows(page)
    assert len(default_rows) == 8 and options(page) == ["Default session (8)"]
    inside_the_panel(page, 1366)

    # a new session: asked for a name, current at once, empty; the summary names it
    answer(page, "  One-handed ")
    page.get_by_role("button", name="New session").click()
    wait_text(page, "#session-status", "^Session “One-handed” made; new solves go into it.$", timeout=5000)
    assert options(page) == ["Default session (8)", "One-handed (0)"] and chosen(page) == "One-handed (0)"
    assert rows(page) == [] and page.locator("#session-summary").inner_text() == "3x3, One-handed: 0 solves"
    answer(page, "OH")
    page.get_by_role("button", name="Rename").click()
    wait_text(page, "#session-status", "^Session renamed “OH”.$", timeout=5000)
    # switched back and forth, the current one kept over a reload
    page.get_by_label("Session of this size").select_option(label="Default session (8)")
    wait_text(page, "#session-status", "^Now in session “Default session”.$", timeout=5000)
    assert (
        rows(page) == default_rows
        and page.locator("#session-summary").inner_text()
        == "3x3: 8 solves, ao5 " + page.locator("#session-figure-rows tr:nth-child(3) td").first.inner_text()
    )
    page.get_by_label("Session of this size").select_option(label="OH (0)")
    wait_text(page, "#session-status", "^Now in session “OH”.$", timeout=5000)
    page.get_by_label("Import into").select_option(label="a new session")  # remembered too
    page.reload()
    page.locator("#session summary").click()
    assert chosen(page) == "OH (0)" and options(page) == ["Default session (8)", "OH (0)"]
    assert page.get_by_label("Import into").evaluate("(s) => s.selectedOptions[0].textContent") == "a new session"

    # deleted, and put back with Undo, current again
    page.get_by_label("Session of this size").select_option(label="Default session (8)")
    page.get_by_role("button", name="Delete session").click()
    wait_text(page, "#session-status", r"^Session “Default session” deleted \(8 solves\)\.", timeout=5000)
    assert options(page) == ["OH (0)"] and chosen(page) == "OH (0)" and rows(page) == []
    page.get_by_role("button", name="Undo delete").click()
    wait_text(page, "#session-status", "^Session “Default session” put back.$", timeout=5000)
    assert options(page) == ["Default session (8)", "OH (0)"] and chosen(page) == "Default session (8)"
    assert rows(page) == default_rows
    assert axe_violations(page) == []  # the panel open, with its sessions


def test_a_version_1_store_one_session_exported_and_imported_into_a_new_one(page, tmp_path):
    """The solves an older page kept are the default session, every one; exported, the
    file names the session; imported into a new session, the same list; the records the
    best over both sessions."""
    page.set_viewport_size({"width": 1366, "height": 768})
    solves = [s for s in generated_solves(17, 12) if not s["assisted"]][:8]
    kept = json.dumps({"version": 1, "sessions": {"3x3": solves}})
    page.add_init_script(
        f"if (!localStorage.getItem('npuzzle.sessions')) localStorage.setItem('npuzzle.sessions', {json.dumps(kept)})"
    )
    open_site(page, f"#id={BOARD}", ready=False)
    page.locator("#session summary").click()
    assert options(page) == ["Default session (8)"] and len(rows(page)) == 8
    listed = rows(page)
    # every solve read back, each field as kept (read from the export)
    with page.expect_download() as info:
        page.get_by_role("button", name="Export JSON").click()
    exported = tmp_path / "out.json"
    info.value.save_as(exported)
    assert info.value.suggested_filename == "npuzzle-session-3x3-Default-session.json"
    data = json.loads(exported.read_text())
    assert {s["session"] for s in data["solves"]} == {"Default session"}
    assert [(s["time_ms"], s["penalty"], s["scramble"], s["move_times"]) for s in data["solves"]] == [
        (s["ms"], s["penalty"], s["scramble"], s["times"]) for s in solves
    ]
    import_as_new(page, exported, r"^Imported 8 solves into new sessions: “Default session \(2\)” \(3x3, 8 solves\)\.$")
    assert chosen(page) == "Default session (2) (8)" and rows(page) == listed
    # the records: the best over every session of the size, as the package works them out
    bests = best_over([solves, solves])
    assert f"best time {format_time(bests['single'])}" in page.locator("#records-text").inner_text()
    inside_the_panel(page, 1366)


@pytest.mark.slow  # Python loads in the page's worker before the file is read: over 10 s on two cores
def test_cstimer_s_file_on_a_phone_in_chinese(page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_site(page, f"#id={FOUR}", ready=False)
    page.get_by_role("button", name="中文").click()
    page.locator("#session summary").click()
    page.get_by_label("导入到").select_option(label="新分组")
    text = FIXTURE.read_bytes()
    # every text the status line shows, kept as it changes: the waiting line may last a moment only
    page.evaluate("""() => { const status = document.getElementById('session-status'); window.said = [];
        new MutationObserver(() => window.said.push(status.textContent)).observe(status,
            {childList: true, characterData: true, subtree: true}); }""")
    page.set_input_files("#session-file", files=[{"name": "cstimer.txt", "mimeType": "text/plain", "buffer": text}])
    wait_text(page, "#session-status", r"^已从 csTimer 导入：7 次复原，其中 7 次是新的", timeout=180_000)
    # before Python had loaded the page said it waits, then read it
    assert any(re.match(r"^(Python 加载完后读取|正在读取) csTimer", said) for said in page.evaluate("window.said"))
    said = page.locator("#session-status").inner_text()
    assert "“15 puzzle”（4x4，4 次复原）" in said and "“8 puzzle (blank)”（3x3，2 次复原）" in said
    # csTimer's empty session is skipped and named, not made an empty session
    assert said.endswith("已跳过（其中没有复原）：15 empty。未导入（不是 15 数码或 8 数码的分组）：1。")
    # the 4x4's sessions, the first one current: its times, the +2 and the DNF
    assert options(page) == ["默认分组（0）", "15 puzzle（4）", "15 arrows（1）"]
    assert chosen(page) == "15 puzzle（4）"
    times = [r[1].split(" ")[0] for r in rows(page)]
    assert times == ["0:11.002", "DNF", "0:11.870", "0:12.345"]  # newest first; 9.870 + 2
    assert rows(page)[1][1].startswith("DNF (0:15.432)")
    assert page.get_by_role("combobox", name="第 2 次复原的标记").input_value() == "+2"
    inside_the_panel(page, 390)
    # a bad file: said precisely, nothing changed
    bad = b'{"session1": [[[0, 1000], "Q", "", 1764144902]], "properties": {"sessionData": "{\\"1\\": {\\"name\\": \\"x\\", \\"opt\\": {\\"scrType\\": \\"15prp\\"}}}"}}'
    page.set_input_files("#session-file", files=[{"name": "bad.txt", "mimeType": "text/plain", "buffer": bad}])
    wait_text(
        page,
        "#session-status",
        "^没有导入，什么也没有改变：分组“x”第 1 次复原：打乱“Q”不能在 4x4 的棋盘上走通。$",
        30_000,
    )
    assert options(page) == ["默认分组（0）", "15 puzzle（4）", "15 arrows（1）"]
    assert axe_violations(page) == []
