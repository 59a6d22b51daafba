"""The lab's Study view in a real browser, used as a student writing a report would: fill in
the boards, run, read the table and compare it with `npuzzle study`, save the CSV, share
the link, cancel a long study, paste a bad line, in Chinese, on a phone.

Same set-up as tests/test_web.py (the site under /npuzzle/, Chromium).
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from support import worded
from web_fixtures import (
    BYPASS_CSP,
    closed_clean,
    english_runs,
    npuzzle_prints,
    open_site,
    watched_page,
)  # (fixtures browser, site_url, page: conftest.py)

from npuzzle import lab

LAB_READY = 120_000  # ms: the lab starts its own Pyodide, beside the game's
BOARD = "#id=3x3:1,2,3,4,5,6,0,7,8"
SMALL = [
    "--random",
    "5",
    "--depths",
    "4,8",
    "--seed",
    "3",
    "--algorithms",
    "astar,idastar",
    "--heuristics",
    "misplaced,manhattan",
]
SMALL_LINK = "&lab=study&size=3x3&count=5&depths=4,8&seed=3"  # the default algorithms and heuristics: SMALL's


def lab_status(page, pattern: str, timeout: int = LAB_READY):
    try:
        page.locator("#lab-status").filter(has_text=re.compile(pattern, re.I)).wait_for(timeout=timeout)
    except Exception:
        raise AssertionError(f"the lab's status is {page.locator('#lab-status').inner_text()!r}") from None


def table(page) -> list[dict]:
    """The study table as dicts, column name (data-column) to the text shown."""
    return page.evaluate("""() => [...document.querySelectorAll('#lab-study-table tbody tr')].map((tr) =>
        Object.fromEntries([...tr.children].map((c) => [c.dataset.column, c.textContent])))""")


def cli(*args: str) -> str:
    return npuzzle_prints("study", *args, "--progress", "none")


def cli_table(*args: str) -> list[dict]:
    """The command line's table as dicts, column to text (its cells have no spaces; its
    last line is the study's time)."""
    lines = cli(*args).splitlines()
    assert lines[-1].endswith(" s in all (drawing the boards included).")
    return [dict(zip(lab.STUDY_COLUMNS, line.split())) for line in lines[1:-1]]


def named(rows: list[dict], lang: str = "en") -> list[dict]:
    """The command line's rows with the names the page shows: the package's, in a language."""
    names = {"algorithm": "lab.algorithm.", "heuristic": "lab.heuristic."}
    return [{k: worded(names[k] + v, lang) if k in names and v != "-" else v for k, v in r.items()} for r in rows]


def without_time(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "mean_seconds"} for r in rows]


def masked_csv(text: str) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    at = rows[0].index("mean_seconds")
    return [r[:at] + r[at + 1 :] for r in rows]


def open_study(page):
    page.locator("#lab-box > summary").click()
    page.get_by_role("tab", name="Study", exact=True).click()
    lab_status(page, "Lab ready")


@pytest.mark.slow
def test_a_study_by_hand_is_the_command_lines_table_csv_and_link(page, browser, site_url, tmp_path):
    open_site(page, BOARD, ready=False)
    open_study(page)
    page.get_by_label("Size (WxH: up to 9 cells, or 4x4)", exact=True).fill("3x3")
    page.get_by_label("Boards at each depth", exact=True).fill("5")
    page.get_by_label("Depths (solution lengths, comma-separated)", exact=True).fill("4, 8")
    page.get_by_label("Seed (the same seed draws the same boards)", exact=True).fill("3")
    page.get_by_role("button", name="Run study").click()
    lab_status(page, r"^Studied 10 boards \(40 runs\) in [\d.]+ s on \d+ workers?\.$")
    shown = table(page)
    expected = cli_table(*SMALL)
    assert len(shown) == len(expected) == 8
    assert without_time(shown) == without_time(named(expected))
    caption = page.locator("#lab-study-table caption").inner_text()
    assert caption == "10 boards, 5 at each depth, seed 3, goal 3x3:1,2,3,4,5,6,7,8,0"
    assert page.locator("#lab-study-table thead th[scope=col]").count() == len(lab.STUDY_COLUMNS)

    # the CSV is the command line's, but for the time, which is each run's own
    with page.expect_download() as info:
        page.get_by_role("button", name="CSV for scripts (identifiers)").click()
    path = tmp_path / "study.csv"
    info.value.save_as(path)
    page_csv = path.read_text()
    cli_csv = cli(*SMALL, "--csv")
    assert masked_csv(page_csv) == masked_csv(cli_csv) and page_csv.count("\n") == cli_csv.count("\n") == 9

    # the chart: mean nodes by depth, a line each, log scale
    page.locator("#lab-study-figure").wait_for()
    assert page.evaluate("() => globalThis.Chart && globalThis.Chart.version") == "4.6.1"
    label = page.locator("#lab-study-chart").get_attribute("aria-label")
    assert "A* / Misplaced tiles: 4 → " in label and "IDA* / Manhattan distance" in label
    assert page.locator("#lab-study-chart").bounding_box()["height"] > 100

    # the address keeps the study (a reload runs nothing); its link reruns it in another browser
    assert SMALL_LINK.removeprefix("&lab=study") in page.url and "lab=study" in page.url and "run=" not in page.url
    page.get_by_role("button", name="Link to this study").click()
    link = page.locator("#lab-study-link-text").input_value()
    assert link.endswith(SMALL_LINK.removeprefix("&lab=study") + "&run=1")
    other = watched_page(browser, site_url)
    try:
        open_site(other, "#" + link.split("#", 1)[1], ready=False)
        lab_status(other, r"^Studied 10 boards")
        assert without_time(table(other)) == without_time(shown)
        assert other.get_by_label("Seed (the same seed draws the same boards)", exact=True).input_value() == "3"
    finally:
        closed_clean(other)


@pytest.mark.slow
def test_bad_input_is_refused_precisely_and_cancel_stops_every_worker(page):
    open_site(page, BOARD + SMALL_LINK + "&run=1&workers=2", ready=False)  # two lab workers for a study
    lab_status(page, r"^Studied 10 boards")
    before = table(page)
    error = page.locator("#lab-study-error")

    # a bad pasted line: its number and what is wrong with it; the table stays
    page.get_by_role("radio", name="Boards pasted, one a line").check()
    boards = page.get_by_label("Boards, one a line (IDs, or rows split by /)", exact=True)
    boards.fill("3x3:1,2,3,4,5,6,7,0,8\n# a comment\n3x3:1,2,3,4,5,6,7,8")
    page.get_by_role("button", name="Run study").click()
    error.filter(has_text="line 3").wait_for(timeout=30_000)
    assert error.inner_text() == "Cannot run the study: line 3: a 3x3 board needs 9 numbers, got 8"
    assert boards.get_attribute("aria-invalid") == "true"
    assert table(page) == before and page.get_by_role("button", name="Run study").is_enabled()
    boards.fill("3x3:1,2,3,4,5,6,7,0,8\n3x3:2,1,3,4,5,6,7,8,0")
    page.get_by_role("button", name="Run study").click()
    error.filter(has_text="line 2: unsolvable").wait_for(timeout=30_000)

    # a depth no board has, too many boards
    page.get_by_role("radio", name="Random boards at each depth").check()
    page.get_by_label("Depths (solution lengths, comma-separated)", exact=True).fill("4,40")
    page.get_by_role("button", name="Run study").click()
    error.filter(has_text="40 moves").wait_for(timeout=30_000)
    assert error.inner_text() == "Cannot run the study: no board is 40 moves from this goal (the farthest are 31)"
    page.get_by_label("Depths (solution lengths, comma-separated)", exact=True).fill("4")
    page.get_by_label("Boards at each depth", exact=True).fill("5000")
    page.get_by_role("button", name="Run study").click()
    error.filter(has_text="5000").wait_for(timeout=30_000)
    assert error.inner_text() == "Cannot run the study: count must be a whole number from 1 to 1000, not 5000"
    assert table(page) == before

    # a long study (IDA* with misplaced tiles at depth 26) on both workers; Cancel stops them all
    page.get_by_label("Boards at each depth", exact=True).fill("200")
    page.get_by_label("Depths (solution lengths, comma-separated)", exact=True).fill("26")
    page.get_by_role("button", name="Run study").click()
    assert error.is_hidden()
    lab_status(page, r"^Studying: [1-9]\d* of 200 boards done on 2 workers", 120_000)
    # every lab worker terminated: the count drops to 0 (and climbs again as they restart,
    # which on a fast machine may come before this test reads it, hence the record)
    page.evaluate("""() => {
        const lab = document.getElementById('lab');
        window.labWorkers = [];
        new MutationObserver(() => window.labWorkers.push(lab.dataset.workers))
            .observe(lab, {attributes: true, attributeFilter: ['data-workers']});
    }""")
    page.locator("#lab-study").get_by_role("button", name="Cancel").click()
    page.wait_for_function("window.labWorkers.includes('0')", timeout=5_000)
    lab_status(page, "Cancelled", 5_000)
    assert page.locator("#lab-study-progress").is_hidden() and page.locator("#lab-study-table").is_hidden()
    assert page.get_by_role("button", name="Run study").is_enabled()
    lab_status(page, "Lab ready")
    page.wait_for_timeout(1500)
    assert not page.locator("#lab-status").inner_text().startswith("Studying")  # nothing came back after Cancel
    # and the lab works again, with both workers
    page.get_by_label("Boards at each depth", exact=True).fill("5")
    page.get_by_label("Depths (solution lengths, comma-separated)", exact=True).fill("4,8")
    page.get_by_role("button", name="Run study").click()
    lab_status(page, r"^Studied 10 boards")
    assert without_time(table(page)) == without_time(before)


def test_a_study_in_chinese_fits_a_phone(browser, site_url):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, **BYPASS_CSP, service_workers="block"
    )
    page = context.new_page()
    page.goto(site_url + BOARD + SMALL_LINK + "&run=1&lang=zh")
    lab_status(page, r"^用 [\d.]+ 秒在 \d+ 个 Worker 上研究了 10 个棋盘（40 次运行）。$")
    headers = page.locator("#lab-study-table thead th").all_inner_texts()
    assert headers[:2] == ["深度", "算法"] and "平均扩展节点数" in headers
    assert without_time(table(page)) == without_time(named(cli_table(*SMALL), "zh"))  # the numbers are the same
    page.locator("#lab-study-figure canvas").wait_for()
    assert english_runs(page) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    # a bad line, said in Chinese
    page.get_by_role("radio", name="粘贴的棋盘，每行一个").check()
    page.locator("#lab-study-boards").fill("3x3:1,2")
    page.get_by_role("button", name="运行研究").click()
    error = page.locator("#lab-study-error")
    error.filter(has_text="第 1 行").wait_for(timeout=30_000)
    assert error.inner_text() == "无法运行研究：第 1 行：3x3 的棋盘需要 9 个数字，这里有 2 个"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_study_csv_is_the_command_line_s_whatever_the_order_of_the_names(page, tmp_path):
    """The page's CSV is study_table's, its rows in the reply's order (the package's order of
    the algorithms and heuristics, which the command line keeps too), however the names come."""
    names = ["--algorithms", "idastar,astar", "--heuristics", "manhattan,misplaced"]
    link = "&lab=study&size=3x3&count=2&depths=4,6&seed=1&algorithms=idastar,astar&heuristics=manhattan,misplaced&run=1"
    open_site(page, BOARD + link, ready=False)
    lab_status(page, r"^Studied 4 boards")
    with page.expect_download() as info:
        page.get_by_role("button", name="CSV for scripts (identifiers)").click()
    path = tmp_path / "study.csv"
    info.value.save_as(path)
    cli_csv = cli("--random", "2", "--depths", "4,6", "--seed", "1", *names, "--csv")
    assert masked_csv(path.read_text()) == masked_csv(cli_csv)


@pytest.mark.slow  # a study of the 15-puzzle: over 10 s beside another test process
def test_a_15_puzzle_study_by_depth_and_pasted_boards_moving_from_the_first_board(page):
    open_site(page, BOARD, ready=False)
    open_study(page)
    # two deep pasted 4x4 boards (the course's 56 and 62 moves): the first board's runs are
    # said as they go, before any board is done; Cancel stops them
    page.get_by_role("radio", name="Boards pasted, one a line").check()
    page.locator("#lab-study-boards").fill(
        "4x4:11,3,1,7,4,6,8,2,15,9,10,13,14,12,5,0\n4x4:0,5,15,14,7,9,6,13,1,2,12,10,8,11,4,3"
    )
    page.get_by_role("button", name="Run study").click()
    moving = r"^Studying: 0 of 2 boards done on \d+ workers?; board 1: A\* / Misplaced tiles, [1-9][\d,]* nodes…$"
    lab_status(page, moving, 60_000)
    assert float(page.locator("#lab-study-progress").get_attribute("value") or 0) < 1  # no board done yet
    page.locator("#lab-study").get_by_role("button", name="Cancel").click()
    lab_status(page, "Lab ready")

    # the 15-puzzle at depth 20, 2 boards of seed 1: the command line's table
    page.get_by_role("radio", name="Random boards at each depth").check()
    page.get_by_label("Size (WxH: up to 9 cells, or 4x4)", exact=True).fill("4x4")
    page.get_by_label("Boards at each depth", exact=True).fill("2")
    page.get_by_label("Depths (solution lengths, comma-separated)", exact=True).fill("20")
    page.get_by_label("Seed (the same seed draws the same boards)", exact=True).fill("1")
    page.get_by_role("button", name="Run study").click()
    lab_status(page, r"^Studied 2 boards \(8 runs\) in [\d.]+ s on \d+ workers?\.$", 240_000)
    names = ["--algorithms", "astar,idastar", "--heuristics", "misplaced,manhattan"]  # the lab's defaults
    expected = cli_table("--size", "4x4", "--random", "2", "--depths", "20", "--seed", "1", *names)
    assert [(r["depth"], r["solved"]) for r in expected] == [("20", "2")] * 4
    assert without_time(table(page)) == without_time(named(expected))
    caption = page.locator("#lab-study-table caption").inner_text()
    assert caption == "2 boards, 2 at each depth, seed 1, goal 4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
