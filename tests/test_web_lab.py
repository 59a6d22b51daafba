"""The study lab in a real browser, used as a teacher or a student would: a link that runs a
comparison, its CSV against the CLI's, the step-through against Python's events, the
heuristic's parts against its value, a course case in one click, Cancel, the charts.

Same set-up as tests/test_web.py (the site under /npuzzle/, Chromium).
"""

from __future__ import annotations

import re

import pytest
from support import worded
from web_fixtures import (
    BYPASS_CSP,
    LAB_READY,
    READY,
    SEED003,
    board_id,
    case_link,
    cli_csv,
    closed_clean,
    english_runs,
    lab_status,
    open_site,
    shown_board,
    table_rows,
    watched_page,
    without_seconds,
)

from npuzzle import api, lab
from npuzzle.catalogue import text
from npuzzle.rules.notation import parse_problem

LOCALES = {"en": "en-GB", "zh": "zh-CN"}


@pytest.mark.smoke
def test_a_compare_link_runs_the_table_and_its_csv_is_the_clis(page, tmp_path):
    settings = "&algorithms=bfs,astar,idastar&heuristics=misplaced,manhattan,linear-conflict&run=1"
    open_site(page, case_link(SEED003) + "&lab=compare" + settings, ready=False)
    assert page.locator("#lab-box").get_attribute("open") is not None
    lab_status(page, r"^Compared 7 runs")
    rows = table_rows(page)
    problem = parse_problem(board_id(SEED003), board_id(SEED003, "goal"))
    expected = lab.compare(problem, ["bfs", "astar", "idastar"], ["misplaced", "manhattan", "linear-conflict"])
    assert [
        (r["algorithm"], r["heuristic"], r["length"], r["nodes_expanded"], r["nodes_generated"], r["iterations"])
        for r in rows
    ] == [
        (
            text(f"lab.algorithm.{e.algorithm}"),
            text(f"lab.heuristic.{e.heuristic}") if e.heuristic else "-",
            f"{e.length} (shortest)",  # every row's length is the proven optimum's
            str(e.nodes_expanded),
            str(e.nodes_generated),
            "-" if e.iterations is None else str(e.iterations),
        )
        for e in expected
    ]
    # a real table: a caption, column headers, a row header each
    assert page.locator("#lab-table caption").inner_text().startswith("7 runs on 3x3:")
    assert page.locator("#lab-table thead th[scope=col]").count() == len(lab.COLUMNS)
    assert page.locator("#lab-table tbody th[scope=row]").count() == 7

    with page.expect_download() as info:
        page.get_by_role("button", name="CSV for scripts (identifiers)").click()
    path = tmp_path / "page.csv"
    info.value.save_as(path)
    page_csv = path.read_bytes().decode()
    cli = cli_csv(
        board_id(SEED003),
        "--goal",
        board_id(SEED003, "goal"),
        "--algorithms",
        "bfs,astar,idastar",
        "--heuristics",
        "misplaced,manhattan,linear-conflict",
    )
    # byte for byte but for the seconds, which are each run's wall time
    assert without_seconds(page_csv) == without_seconds(cli)
    assert page_csv.count("\n") == cli.count("\n") == 8 and "\r" not in page_csv
    assert re.sub(r",\d+\.\d+(e-\d+)?,", ",S,", page_csv) == re.sub(r",\d+\.\d+(e-\d+)?,", ",S,", cli)

    # the charts: drawn on canvases by Chart.js, loaded from the site itself
    page.locator("#lab-charts").wait_for()
    assert page.evaluate("() => !!globalThis.Chart && globalThis.Chart.version") == "4.6.1"
    for canvas in ("#lab-chart-nodes", "#lab-chart-passes"):
        box = page.locator(canvas).bounding_box()
        assert box["width"] > 100 and box["height"] > 100
    assert "Breadth-first search 3164" in page.locator("#lab-chart-nodes").get_attribute("aria-label")
    assert page.site_url + "vendor/chartjs/chart.umd.min.js" in page.requested
    assert all(u.startswith(page.site_url) or u.startswith(("blob:", "data:")) for u in page.requested)
    # the address keeps the settings, but not run=1: a reload runs nothing
    assert "lab=compare" in page.url and "algorithms=bfs,astar,idastar" in page.url and "run=" not in page.url


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_copy_as_markdown_is_the_table_on_the_screen(browser, site_url, lang):
    """The Markdown a teacher pastes into a report: the names, the weight, the marks and
    the language of the table shown, not the identifiers."""
    context = browser.new_context(
        permissions=["clipboard-read", "clipboard-write"], **BYPASS_CSP, service_workers="block", locale=LOCALES[lang]
    )
    page = context.new_page()
    page.goto(
        site_url + "#id=3x3:1,2,3,4,5,6,0,7,8&lab=compare&algorithms=astar,weighted-astar"
        "&heuristics=manhattan&weight=1.5&run=1"
    )
    lab_status(page, {"en": r"^Compared 2 runs", "zh": "比较了 2 次运行"}[lang])
    page.get_by_role("button", name={"en": "Copy as Markdown", "zh": "复制为 Markdown"}[lang]).click()
    lab_status(page, {"en": "copied as Markdown", "zh": "已复制为 Markdown"}[lang], 10_000)
    lines = page.evaluate("() => navigator.clipboard.readText()").splitlines()
    assert (
        lines[:2]
        == {
            "en": [
                "| algorithm | heuristic | found | length | guaranteed shortest | nodes expanded | nodes generated"
                " | max stored | seconds | IDA* passes | effective branching factor | h at the start | stopped |",
                "|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
            ],
            "zh": [
                "| 算法 | 启发函数 | 找到解 | 长度 | 保证最短 | 扩展节点数 | 生成节点数 | 最多存储 | 秒 | IDA* 轮数"
                " | 有效分支因子 | 初始 h | 停止原因 |",
                "|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
            ],
        }[lang]
    )
    seconds = re.compile(r" \| \d+\.\d{4} \| ")
    assert [seconds.sub(" | S | ", line) for line in lines[2:]] == {
        "en": [
            "| A* | Manhattan distance | yes | 2 (shortest) | yes | 2 | 4 | 5 | S | - | 1.562 | 2 | - |",
            "| Weighted A* (w = 1.5) | Manhattan distance | yes | 2 (shortest) | no | 2 | 4 | 5 | S | - | 1.562 | 2 | - |",
        ],
        "zh": [
            "| A* | 曼哈顿距离 | 是 | 2（最短） | 是 | 2 | 4 | 5 | S | - | 1.562 | 2 | - |",
            "| 加权 A*（w = 1.5） | 曼哈顿距离 | 是 | 2（最短） | 否 | 2 | 4 | 5 | S | - | 1.562 | 2 | - |",
        ],
    }[lang]
    context.close()


def step_numbers(page) -> dict:
    return page.evaluate("""() => Object.fromEntries(['g', 'h', 'f', 'path', 'closed'].map((k) => {
        const e = document.getElementById('lab-step-' + k); return [k, e ? e.textContent : null]; }))""")


def test_step_through_a_star_shows_python_s_events(page):
    board, goal = board_id(SEED003), board_id(SEED003, "goal")
    open_site(page, f"#id={board}&goal={goal}&lab=step&algorithms=astar&heuristics=manhattan", ready=False)
    steps = page.get_by_role("button", name="Step", exact=True)
    steps.wait_for()
    lab_status(page, "Lab ready")
    events = lab.Steps(parse_problem(board, goal), "astar", "manhattan").next(8)
    for i, e in enumerate(events):
        steps.click()
        page.locator("#lab-step-now").filter(has_text=re.compile(rf"^{i + 1}\. ")).wait_for(timeout=10_000)
        shown = step_numbers(page)
        assert int(shown["f"]) == int(shown["g"]) + int(shown["h"])
        assert (int(shown["g"]), int(shown["h"]), int(shown["f"])) == (e["g"], e["h"], e["f"])
        if e["type"] == "expand":
            assert shown["path"] == (e["moves"] or "(the start)") and int(shown["closed"]) == e["closed_size"]
            board = f"the board after {e['moves']}" if e["moves"] else "the start board"
            assert page.locator("#lab-step-now").inner_text() == (
                f"{i + 1}. A* takes {board} from the open list: f = g + h = {e['g']} + {e['h']} = {e['f']}."
                f" Open list {e['open_size']}, closed set {e['closed_size']}."
            )
            rows = page.locator(".lab-open tbody tr")
            assert rows.count() == len(e["open_top"])
            first = rows.first.locator("td").all_inner_texts()
            top = e["open_top"][0]
            assert first[:4] == [str(top["id"]), str(top["f"]), str(top["g"]), str(top["h"])]
    # the node taken is announced politely, and the tree is drawn with it marked
    assert page.locator("#lab-step-said").get_attribute("aria-live") == "polite"
    assert page.locator("#lab-step-said").inner_text().startswith("A* takes the board after ")
    page.locator("#lab-step-tree svg .node.current").wait_for(timeout=10_000)
    assert page.locator("#lab-step-tree svg .node").count() > 5
    # Back shows the event before, from the history
    page.get_by_role("button", name="Back").click()
    assert int(step_numbers(page)["g"]) == events[-2]["g"]
    page.locator("#lab-step-now").filter(has_text=re.compile(r"^7\. ")).wait_for()
    # Run goes on by itself to the goal; Pause is offered while it runs
    page.get_by_role("button", name="Run").click()
    page.locator("#lab-step-now").filter(has_text="Goal reached").wait_for(timeout=60_000)
    assert "15 moves" in page.locator("#lab-step-now").inner_text()
    assert page.get_by_role("button", name="Pause").is_disabled()


def test_step_through_ida_star_shows_the_threshold_and_cutoffs(page):
    board = "3x3:1,2,3,4,5,6,0,7,8"
    open_site(
        page, f"#id={board}&goal=3x3:1,2,3,4,5,6,7,8,0&lab=step&algorithms=idastar&heuristics=manhattan", ready=False
    )
    lab_status(page, "Lab ready")
    python = lab.Steps(parse_problem(board), "idastar", "manhattan").next(20)
    for i, e in enumerate(python):
        page.get_by_role("button", name="Step", exact=True).click()
        page.locator("#lab-step-now").filter(has_text=re.compile(rf"^{i + 1}\. ")).wait_for(timeout=10_000)
        text = page.locator("#lab-step-now").inner_text()
        if e["type"] == "iteration":
            assert f"threshold {e['threshold']}" in text
        elif e["type"] == "cutoff":
            assert f"f = g + h = {e['g']} + {e['h']} = {e['f']} > threshold {e['threshold']}" in text
            assert page.locator(".lab-cutoffs li").count() >= 1
        elif e["type"] == "expand":
            assert f"≤ threshold {e['threshold']}" in text
    assert python[-1]["type"] == "goal"


def explained(page) -> tuple[int, int]:
    """The sum of the numbers the overlay shows, and the h it shows."""
    page.locator("#lab-h-value").wait_for(timeout=60_000)
    return page.evaluate("""() => {
        const perTile = [...document.querySelectorAll('#lab-explain .lab-badge')].map((b) => Number(b.dataset.cost));
        const lines = [...document.querySelectorAll('#lab-explain [data-line-cost]')].map((l) => Number(l.dataset.lineCost));
        const groups = [...document.querySelectorAll('#lab-explain [data-group-value]')].map((g) => Number(g.dataset.groupValue));
        const sum = [...perTile, ...lines, ...groups].reduce((a, b) => a + b, 0);
        return [sum, Number(document.getElementById('lab-h-value').textContent)];
    }""")


@pytest.mark.parametrize(
    "board, heuristic",
    [
        ("3x3:3,2,1,4,5,6,8,7,0", "linear-conflict"),
        ("3x3:3,2,1,4,5,6,8,7,0", "manhattan"),
        ("3x3:3,2,1,4,5,6,8,7,0", "misplaced"),
        ("4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14", "pdb"),  # fetches and registers the 4x4 databases
    ],
)
def test_the_heuristic_on_the_board_sums_to_h(page, board, heuristic):
    open_site(page, f"#id={board}", ready=False)
    page.locator("#lab-box > summary").click()
    page.get_by_role("tab", name="h on the board").click()
    lab_status(page, "Lab ready")
    page.get_by_label("Estimate h to explain").select_option(heuristic)
    page.locator("#lab-explain .lab-board").wait_for(timeout=60_000)
    expected = api.explain(board, heuristic=heuristic)["value"]
    page.locator("#lab-h-value").filter(has_text=re.compile(rf"^{expected}$")).wait_for(timeout=60_000)
    total, h = explained(page)
    assert total == h == expected
    if heuristic == "linear-conflict":
        assert page.locator("#lab-explain .conflict").count() >= 2


def test_a_course_case_loads_and_compares_in_one_click(page):
    open_site(page)
    page.locator("#lab-box > summary").click()
    page.get_by_role("tab", name="Course cases").click()
    case = page.get_by_role("button", name=re.compile(r"^003 #1: 3x3, optimal 15 moves"))
    case.wait_for(timeout=LAB_READY)
    case.click()
    lab_status(page, r"^Compared 4 runs", 60_000)
    assert shown_board(page) == board_id(SEED003)
    assert all(r["length"] == "15 (shortest)" for r in table_rows(page))
    assert page.get_by_role("tab", name="Compare").get_attribute("aria-selected") == "true"


@pytest.mark.slow
def test_cancel_stops_a_long_comparison_and_the_lab_works_after(page):
    hard = "4x4:11,3,1,7,4,6,8,2,15,9,10,13,14,12,5,0"  # seed 001 #1, 56 moves: misplaced tiles take long
    open_site(page, f"#id={hard}", ready=False)
    page.locator("#lab-box > summary").click()
    lab_status(page, "Lab ready")
    for name in ("A*", "Manhattan distance"):  # only IDA* with misplaced tiles
        page.get_by_role("checkbox", name=name, exact=True).uncheck()
    page.get_by_label("Time limit a run (seconds)").fill("600")
    page.get_by_label("Node limit a run (nodes expanded)").fill("100000000")
    page.get_by_role("button", name="Run comparison").click()
    lab_status(
        page,
        r"^Run 1 of 1: IDA\* / Misplaced tiles, \d+ s so far, [\d,]+ nodes expanded\. It is the last run\.$",
        10_000,
    )
    page.wait_for_timeout(1500)
    # the page answers while Python works: the board still plays
    before = shown_board(page)
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("ArrowRight")  # the tile left of the blank (bottom right) slides right
    page.wait_for_function("() => document.getElementById('move-count').textContent !== '0'", timeout=5000)
    assert shown_board(page) != before
    page.get_by_role("button", name="Cancel").and_(page.locator("#lab-cancel")).click()
    lab_status(page, "Cancelled", 5_000)
    lab_status(page, "Lab ready")
    page.get_by_role("checkbox", name="Manhattan distance", exact=True).check()
    page.get_by_role("checkbox", name="Misplaced tiles", exact=True).uncheck()
    page.get_by_label("Time limit a run (seconds)").fill("1")
    page.get_by_role("button", name="Run comparison").click()
    lab_status(page, r"^Compared 1 run in", 60_000)
    [row] = table_rows(page)
    assert (row["algorithm"], row["heuristic"], row["stopped"]) == ("IDA*", "Manhattan distance", "time limit")
    # the game's solver was not touched
    page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for(timeout=READY)


def test_the_lab_fits_a_phone(browser, site_url):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, **BYPASS_CSP, service_workers="block"
    )
    page = context.new_page()
    page.goto(
        site_url + case_link(SEED003) + "&lab=compare&algorithms=bfs,astar,idastar"
        "&heuristics=misplaced,manhattan,linear-conflict,pdb&run=1"
    )
    lab_status(page, r"^Compared 9 runs")
    page.locator("#lab-charts canvas").first.wait_for()
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 390, f"the page scrolls sideways: {wide} px"
    table = page.locator(".lab-table-wrap")
    assert table.evaluate("e => e.scrollWidth > e.clientWidth")  # the table scrolls in its own box
    page.get_by_role("tab", name="Step through").click()
    page.locator("#lab-step-algorithm").select_option("astar")
    for _ in range(3):
        page.get_by_role("button", name="Step", exact=True).click()
    page.locator("#lab-step-tree svg").wait_for(timeout=30_000)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    context.close()


# What a chart says, read from its Chart.js instance: the category labels, the legends
# (each dataset's label) and the axes' titles.
CHART_TEXTS = """(id) => {
    const chart = globalThis.Chart && globalThis.Chart.getChart(document.getElementById(id));
    if (!chart) return null;
    return { labels: chart.data.labels || [], legends: chart.data.datasets.map((d) => d.label),
        axes: Object.values(chart.options.scales).filter((s) => s.title && s.title.display).map((s) => s.title.text),
        aria: chart.canvas.getAttribute('aria-label') };
}"""
# A name of the package's where a person should read a display name.
IDENTIFIER = re.compile(
    r"\b(?:bfs|astar|idastar|weighted-astar|weighted-idastar|greedy|misplaced|manhattan|linear-conflict|pdb)\b"
    r"|nodes_expanded|nodes_generated|max_stored|initial_h|\bw=",
)
NAMES_LINK = (
    "&lab=compare&algorithms=bfs,idastar,weighted-astar&heuristics=misplaced,manhattan&weight=1.5&nodes=1000&run=1"
)


def names_shown(page) -> dict:
    """The texts of the comparison: headers, each row's header and heuristic, the charts'."""
    page.locator("#lab-charts").wait_for()
    page.wait_for_function("() => globalThis.Chart && Chart.getChart(document.getElementById('lab-chart-passes'))")
    return {
        "headers": page.locator("#lab-table thead th").all_inner_texts(),
        "rows": [(r["algorithm"], r["heuristic"], r["stopped"]) for r in table_rows(page)],
        "nodes": page.evaluate(CHART_TEXTS, "lab-chart-nodes"),
        "passes": page.evaluate(CHART_TEXTS, "lab-chart-passes"),
    }


@pytest.mark.parametrize("viewport", [(390, 844), (1366, 768)], ids=["phone", "laptop"])
def test_the_lab_names_runs_in_the_package_s_words_in_chinese_and_english(browser, site_url, viewport):
    """The table's headers and row labels, the charts' labels, legends and axes: display
    names in the page's language (the package's catalogue), never an identifier."""
    width, height = viewport
    phone = {"is_mobile": True, "has_touch": True} if width < 500 else {}
    page = watched_page(browser, site_url, locale="zh-CN", viewport={"width": width, "height": height}, **phone)
    page.goto(site_url + case_link(SEED003) + NAMES_LINK)
    lab_status(page, r"比较了 5 次运行")
    zh = names_shown(page)
    assert zh["headers"] == [worded(f"lab.column.{c}", "zh") for c in lab.COLUMNS]
    assert zh["headers"][:6] == ["算法", "启发函数", "找到解", "长度", "保证最短", "扩展节点数"]
    weighted = "加权 A*（w = 1.5）"
    runs = [
        ("广度优先搜索", "-"),
        ("IDA*", "错位数"),
        ("IDA*", "曼哈顿距离"),
        (weighted, "错位数"),
        (weighted, "曼哈顿距离"),
    ]
    assert [row[:2] for row in zh["rows"]] == runs
    assert zh["rows"][0][2] == "节点上限"  # breadth-first search stopped by its 1,000 nodes
    names = ["广度优先搜索", "IDA* / 错位数", "IDA* / 曼哈顿距离", f"{weighted} / 错位数", f"{weighted} / 曼哈顿距离"]
    assert zh["nodes"]["labels"] == [names[0] + "（已停止）", *names[1:]]
    assert zh["nodes"]["axes"] == ["扩展节点数（对数坐标）"]
    assert zh["passes"]["legends"] == names[1:3]
    assert zh["passes"]["axes"] == ["阈值（f = g + h 的剪枝界限）", "该轮扩展节点数"]
    said = [*zh["headers"], *(c for row in zh["rows"] for c in row), zh["nodes"]["aria"], zh["passes"]["aria"]]
    said += zh["nodes"]["labels"] + zh["passes"]["legends"]
    assert [s for s in said if IDENTIFIER.search(s) or "limit" in s] == []
    checkboxes = page.locator("#lab-settings .lab-check span").all_inner_texts()
    assert checkboxes[:3] == ["广度优先搜索", "A*", "IDA*"] and "曼哈顿距离" in checkboxes
    assert english_runs(page) == []
    if width < 500:
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, "the page scrolls sideways"

    # the same in English, at the switch
    page.get_by_role("button", name="English").click()
    page.wait_for_function("() => document.querySelector('#lab-table thead th').textContent === 'algorithm'")
    en = names_shown(page)
    assert en["headers"] == [text(f"lab.column.{c}") for c in lab.COLUMNS]
    weighted = "Weighted A* (w = 1.5)"
    assert [row[:2] for row in en["rows"]] == [
        ("Breadth-first search", "-"),
        ("IDA*", "Misplaced tiles"),
        ("IDA*", "Manhattan distance"),
        (weighted, "Misplaced tiles"),
        (weighted, "Manhattan distance"),
    ]
    assert en["passes"]["legends"] == ["IDA* / Misplaced tiles", "IDA* / Manhattan distance"]
    assert en["nodes"]["labels"][0] == "Breadth-first search (stopped)"
    said = [*en["headers"], *(c for row in en["rows"] for c in row), en["nodes"]["aria"], en["passes"]["aria"]]
    assert [s for s in said if IDENTIFIER.search(s)] == []
    closed_clean(page)
