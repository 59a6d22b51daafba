"""The study lab as a teacher uses it in front of a class: a link that runs the lab shows
its result and gives it the focus, a heuristic that cannot run leaves the other rows, the
lengths as short as the proven optimum are marked, the exports are the table shown (and the
CSV for scripts is the command line's), and the progress names the run in progress.

Same set-up as tests/test_web.py (the site under /npuzzle/, Chromium).
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from support import left_out_under
from web_fixtures import (
    ROOT,
    SEED003,
    board_id,
    case_link,
    cli_csv,
    closed_clean,
    lab_status,
    open_site,
    table_rows,
    watched_page,
    without_seconds,
)

from npuzzle import lab
from npuzzle.rules.notation import parse_problem

PAGE_TEXTS = {lang: json.loads((ROOT / "web" / "languages" / f"{lang}.json").read_text()) for lang in ("en", "zh")}
LOCALES = {"en": "en-GB", "zh": "zh-CN"}
DONE = {
    "compare": {"en": r"^Compared \d+ runs? in", "zh": r"比较了 \d+ 次运行"},
    "study": {"en": "^Studied", "zh": "研究了"},
}
LINKS = {
    "compare": "&lab=compare&algorithms=bfs,astar&heuristics=manhattan&run=1",
    "study": "&lab=study&size=3x3&count=2&depths=4,6&seed=1&algorithms=astar&heuristics=manhattan&run=1",
}
REGIONS = {"compare": "lab.table_label", "study": "study.table_label"}


@pytest.mark.parametrize("view", ["compare", "study"])
@pytest.mark.parametrize("viewport, lang", [((390, 844), "zh"), ((1366, 768), "en")], ids=["phone-zh", "laptop-en"])
def test_a_link_that_runs_the_lab_shows_its_result_and_focuses_it(browser, site_url, view, viewport, lang):
    width, height = viewport
    phone = {"is_mobile": True, "has_touch": True} if width < 500 else {}
    page = watched_page(browser, site_url, locale=LOCALES[lang], viewport={"width": width, "height": height}, **phone)
    page.goto(site_url + case_link(SEED003) + LINKS[view])
    lab_status(page, DONE[view][lang])
    label = PAGE_TEXTS[lang][REGIONS[view]]
    page.wait_for_function("(label) => document.activeElement.getAttribute('aria-label') === label", arg=label)
    table = page.locator(f"#{'lab' if view == 'compare' else 'lab-study'}-table")
    box = table.bounding_box()
    assert 0 <= box["y"] < height - 40, f"the table starts at {box['y']} px, the window is {height} px high"
    assert table.locator("tbody tr").first.is_visible()
    closed_clean(page)


def test_a_heuristic_that_cannot_run_skips_only_its_own_rows(browser, site_url, tmp_path):
    """The pattern databases cannot load (a server still building them): their rows say so,
    in the table and in both CSVs, and every other row runs."""
    page = watched_page(browser, site_url, accept_downloads=True)
    page.context.route("**/pdb/**", lambda route: route.fulfill(status=404, body="not built yet"))
    board = "4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14"  # 15 moves; greedy finds 15 too
    page.goto(site_url + f"#id={board}&lab=compare&algorithms=astar,greedy&heuristics=manhattan,pdb&run=1")
    lab_status(page, r"^Compared 4 runs in")
    reason = "pattern databases are not loaded"
    rows = [
        (r["algorithm"], r["heuristic"], r["found"], r["length"], r["optimal"], r["stopped"]) for r in table_rows(page)
    ]
    assert rows == [
        ("A*", "Manhattan distance", "yes", "15 (shortest)", "yes", "-"),
        ("A*", "Pattern databases", "not run", "-", "-", reason),
        ("Greedy best-first", "Manhattan distance", "yes", "15 (shortest)", "no", "-"),
        ("Greedy best-first", "Pattern databases", "not run", "-", "-", reason),
    ]
    caption = page.locator("#lab-table caption").inner_text()
    assert (
        caption
        == f"4 runs on {board}; the proven shortest is 15 moves, and “(shortest)” marks each length equal to it."
    )
    with page.expect_download() as info:
        page.get_by_role("button", name="CSV for scripts (identifiers)").click()
    info.value.save_as(tmp_path / "ids.csv")
    ids = list(csv.reader(io.StringIO((tmp_path / "ids.csv").read_text())))
    assert [(r[0], r[1], r[2], r[-1]) for r in ids[1:]] == [
        ("astar", "manhattan", "true", ""),
        ("astar", "pdb", "false", reason),
        ("greedy", "manhattan", "true", ""),
        ("greedy", "pdb", "false", reason),
    ]
    with page.expect_download() as info:
        page.get_by_role("button", name="CSV as shown").click()
    assert info.value.suggested_filename.endswith("-as-shown.csv")
    info.value.save_as(tmp_path / "shown.csv")
    shown = list(csv.reader(io.StringIO((tmp_path / "shown.csv").read_text())))
    assert shown[0][:5] == ["algorithm", "heuristic", "found", "length", "guaranteed shortest"]
    assert [r[:5] + r[-1:] for r in shown[1:]] == [list(r) for r in rows]
    page.context.close()  # (the databases' 404s are logged as errors: that is the point here)


def test_the_csv_for_scripts_is_the_command_line_s_and_the_csv_as_shown_the_screen(browser, site_url, tmp_path):
    page = watched_page(browser, site_url, locale="zh-CN", accept_downloads=True)
    page.goto(site_url + case_link(SEED003) + "&lab=compare&algorithms=bfs,weighted-astar&heuristics=misplaced&run=1")
    lab_status(page, DONE["compare"]["zh"])
    with page.expect_download() as info:
        page.get_by_role("button", name="供脚本用的 CSV（标识符）").click()
    info.value.save_as(tmp_path / "ids.csv")
    page_csv = (tmp_path / "ids.csv").read_text()
    cli = cli_csv(board_id(SEED003), "--goal", board_id(SEED003, "goal"), "--algorithms", "bfs,weighted-astar",
                  "--heuristics", "misplaced")  # fmt: skip
    assert without_seconds(page_csv) == without_seconds(cli)
    with page.expect_download() as info:
        page.get_by_role("button", name="CSV（与表格所示相同）").click()
    info.value.save_as(tmp_path / "shown.csv")
    shown = list(csv.reader(io.StringIO((tmp_path / "shown.csv").read_text())))
    on_screen = page.evaluate("""() => [...document.querySelectorAll('#lab-table tr')].map((tr) =>
        [...tr.children].map((c) => c.textContent))""")
    assert shown == on_screen
    assert [r[:5] for r in shown] == [
        ["算法", "启发函数", "找到解", "长度", "保证最短"],
        ["广度优先搜索", "-", "是", "15（最短）", "是"],
        ["加权 A*（w = 2）", "错位数", "是", "15（最短）", "否"],
    ]
    closed_clean(page)


# The lab's status line as it changes, and whether Cancel was offered (work running) then.
STATUS_LOG = """() => {
    window.labLog = [];
    const line = document.getElementById('lab-status');
    const busy = () => ['lab-cancel', 'lab-study-cancel'].some((id) => !document.getElementById(id).disabled);
    new MutationObserver(() => window.labLog.push([line.textContent, busy()]))
        .observe(line, {childList: true, characterData: true, subtree: true});
}"""


def test_the_progress_names_the_run_in_progress_and_never_says_ready_while_it_runs(page):
    hard = "4x4:11,3,1,7,4,6,8,2,15,9,10,13,14,12,5,0"  # seed 001 #1, 56 moves: a long run each
    open_site(page, f"#id={hard}", ready=False)
    page.locator("#lab-box > summary").click()
    lab_status(page, "Lab ready")
    page.evaluate(STATUS_LOG)
    for name in ("A*", "Manhattan distance"):
        page.get_by_role("checkbox", name=name, exact=True).uncheck()
    for name in ("Weighted IDA*", "Linear conflict"):
        page.get_by_role("checkbox", name=name, exact=True).check()
    page.get_by_label("Node limit a run (nodes expanded)").fill("20000")
    page.get_by_role("button", name="Run comparison").click()
    lab_status(page, r"^Compared 4 runs in")
    log = page.evaluate("() => window.labLog")
    running = [said for said, busy in log if busy]
    assert running and not [s for s in running if "ready" in s.lower()]
    run = re.compile(r"^Run (\d) of 4: (.+), (\d+) s so far, ([\d,]+) nodes expanded\. (.+)$")
    heard = {}
    for said in running:
        m = run.match(said)
        assert m or said in ("Running the comparison…", "Every run is done; writing the table…"), said
        if m:
            heard.setdefault(int(m[1]), set()).add((m[2], m[5]))
    assert heard == {
        1: {("IDA* / Misplaced tiles", "3 runs left after it.")},
        2: {("IDA* / Linear conflict", "2 runs left after it.")},
        3: {("Weighted IDA* (w = 2) / Misplaced tiles", "1 run left after it.")},
        4: {("Weighted IDA* (w = 2) / Linear conflict", "It is the last run.")},
    }


CHART_LINES = """(id) => Chart.getChart(document.getElementById(id)).data.datasets.map((d) =>
    [d.label, d.borderColor, d.pointStyle, d.pointRotation])"""
AXIS_TITLE = """(id) => Chart.getChart(document.getElementById(id)).options.scales.x.title.text"""


def drawn(page, *ids):
    """Wait for Chart.js (loaded after the table is filled) to have drawn these charts."""
    for chart in ids:
        page.wait_for_function("(id) => globalThis.Chart && Chart.getChart(document.getElementById(id))", arg=chart)


def test_every_run_has_its_own_colour_and_marker_and_the_weighted_axis_says_w(page):
    settings = "&algorithms=idastar,weighted-idastar&heuristics=misplaced,manhattan,linear-conflict&weight=1.5&run=1"
    open_site(page, case_link(SEED003) + "&lab=compare" + settings, ready=False)
    lab_status(page, r"^Compared 6 runs in")
    drawn(page, "lab-chart-passes", "lab-chart-nodes")
    lines = page.evaluate(CHART_LINES, "lab-chart-passes")
    weighted = "Weighted IDA* (w = 1.5)"
    assert [line[0] for line in lines] == [
        "IDA* / Misplaced tiles",
        "IDA* / Manhattan distance",
        "IDA* / Linear conflict",
        f"{weighted} / Misplaced tiles",
        f"{weighted} / Manhattan distance",
        f"{weighted} / Linear conflict",
    ]
    assert len({line[1] for line in lines}) == 6 and len({(line[2], line[3]) for line in lines}) == 6
    # the nodes chart gives each run's bar that run's colour, as its line has it
    bars = page.evaluate(
        """() => { const c = Chart.getChart(document.getElementById('lab-chart-nodes'));
        return c.data.labels.map((label, i) => [label, c.data.datasets[0].backgroundColor[i]]); }"""
    )
    assert [colour for _, colour in bars] == [line[1] for line in lines]
    assert page.evaluate(AXIS_TITLE, "lab-chart-passes") == (
        "threshold (cut-off on f = g + h; g + w·h for the weighted runs)"
    )


def test_a_study_says_over_how_many_boards_its_means_are(page):
    link = "&lab=study&size=3x3&count=3&depths=10,14&seed=0&algorithms=astar&heuristics=misplaced,manhattan&nodes=40"
    open_site(page, case_link(SEED003) + link, ready=False)
    lab_status(page, "Lab ready")
    page.evaluate(STATUS_LOG)
    page.get_by_role("button", name="Run study").click()
    lab_status(page, DONE["study"]["en"])
    # once a board is done, the time left is said with the progress
    said = [line for line, busy in page.evaluate("() => window.labLog") if busy and line.startswith("Studying: ")]
    estimates = [
        line for line in said if re.search(r"done on \d+ workers?(; board \d+: .+)?…? About \d+ s left\.$", line)
    ]
    assert estimates and all(not line.startswith("Studying: 0 of") for line in estimates), said
    assert not [line for line in said if line.startswith("Studying: 6 of") and "left" in line]
    # a run is said to start, never to have expanded "0 nodes"
    assert not [line for line in said if ", 0 nodes" in line], said
    rows = page.evaluate("""() => [...document.querySelectorAll('#lab-study-table tbody tr')].map((tr) =>
        [...tr.children].map((c) => c.textContent))""")
    # as npuzzle study --random 3 --depths 10,14 --seed 0 --max-nodes 40 prints them, the means
    # over fewer boards than the depth has saying so (mean seconds masked: the machine's)
    assert [r[:7] + r[8:] for r in rows] == [
        ["10", "A*", "Misplaced tiles", "3", "3", "23.0", "43.3", "1.256"],
        ["10", "A*", "Manhattan distance", "3", "3", "11.7", "20.3", "1.123"],
        ["14", "A*", "Misplaced tiles", "3", "0", "-", "-", "-"],
        ["14", "A*", "Manhattan distance", "3", "2", "19.0 (over 2 of 3 boards)", "36.5 (over 2 of 3 boards)",
         "1.119 (over 2 of 3 boards)"],
    ]  # fmt: skip
    assert rows[3][7].endswith(" (over 2 of 3 boards)")
    assert (
        page.locator("#lab-study-caption")
        .inner_text()
        .endswith(". Means are over the boards each run solved within its budget.")
    )
    drawn(page, "lab-study-chart")
    lines = page.evaluate(CHART_LINES, "lab-study-chart")
    assert len(lines) == 2 and len({line[1] for line in lines}) == 2 and len({line[2] for line in lines}) == 2


@pytest.mark.parametrize(
    "board, heuristic, sum_shown, parts",
    [
        (
            "3x3:1,2,3,4,5,6,0,7,8",
            "manhattan",
            "h = 2",
            ["2: the tiles' distances to their goal cells (the small numbers)"],
        ),
        ("3x3:3,2,1,4,5,6,8,7,0", "linear-conflict", "h = 6 + 4 + 2 = 12", None),
    ],
)
def test_the_h_explainer_says_each_figure_once_and_only_the_rules_that_apply(page, board, heuristic, sum_shown, parts):
    open_site(page, f"#id={board}", ready=False)
    page.locator("#lab-box > summary").click()
    page.get_by_role("tab", name="h on the board").click()
    lab_status(page, "Lab ready")
    page.get_by_label("Estimate h to explain").select_option(heuristic)
    page.locator(".lab-sum").filter(has_text=re.compile(rf"^{re.escape(sum_shown)}$")).wait_for(timeout=60_000)
    if parts:
        # the heuristic shown before (misplaced tiles) can give the same sum: wait for this one's parts
        page.locator(".lab-parts li").filter(has_text=re.compile(rf"^{re.escape(parts[0])}$")).wait_for(timeout=60_000)
    said = page.locator(".lab-parts li").all_inner_texts()
    if parts:
        assert said == parts
    assert not [s for s in said if "wrap" in s]


def test_the_finished_search_s_tree_goes_down_to_the_goal_with_its_path_marked(page):
    board, goal = board_id(SEED003), board_id(SEED003, "goal")
    open_site(page, f"#id={board}&goal={goal}&lab=step&algorithms=astar&heuristics=manhattan", ready=False)
    lab_status(page, "Lab ready")
    page.get_by_role("button", name="Step", exact=True).click()
    page.locator("#lab-step-now").filter(has_text=re.compile(r"^1\. ")).wait_for(timeout=10_000)
    page.get_by_role("button", name="Run", exact=True).click()
    page.locator("#lab-step-now").filter(has_text="Goal reached").wait_for(timeout=60_000)
    note = page.locator("#lab-step-tree .lab-note").filter(has_text="finished")
    note.wait_for(timeout=30_000)
    assert note.inner_text().startswith(
        "The finished search's tree: every node down to depth 3, then only the solution's path (marked)"
        " down to the goal at depth 15. +N under a node"
    )
    # the path: the start and a node a move, the goal last; an edge between each two
    assert page.locator("#lab-step-tree svg .node.path").count() == 16
    assert page.locator("#lab-step-tree svg .edge.path").count() == 15
    assert page.locator("#lab-step-tree svg .node.path.goal").count() == 1
    # "+N" under each node whose subtrees were left out: N read against the whole tree (the
    # same search drawn to every depth), each node left out counted under the nearest drawn
    drawn = {int(i) for i in page.locator("#lab-step-tree svg .node").evaluate_all("gs => gs.map(g => g.dataset.id)")}
    plus = page.locator("#lab-step-tree svg .left-out").evaluate_all(
        "ts => ts.map(t => [Number(t.dataset.below), t.textContent])"
    )
    moves = "".join(  # the path's moves, each node's first text (a child's id is above its parent's)
        page.locator("#lab-step-tree svg .node.path").evaluate_all(
            "gs => gs.map(g => g.querySelector('text').textContent)"
        )[1:]
    )
    whole = lab.tree(parse_problem(board, goal), "astar", "manhattan", 99, path=moves, steps=10**6)["nodes"]
    under = left_out_under(whole, drawn)
    assert sorted(map(tuple, plus)) == sorted((i, f"+{n}") for i, n in under.items() if n) and plus
    left_out = len(whole) - len(drawn)
    assert page.locator("#lab-step-tree svg").get_attribute("aria-label") == (
        f"Search tree, {len(drawn)} nodes down to depth 15; {left_out} more nodes not drawn"
    )
    assert note.inner_text().endswith(
        f"+N under a node: the search made N more nodes below it, not drawn ({left_out} in all)."
    )
    # and in Chinese, the tree drawn again in its words (a node's title too)
    page.get_by_role("button", name="中文").click()
    tree = page.locator("#lab-step-tree svg")
    label = f"搜索树，{len(drawn)} 个节点，深度到 15；另有 {left_out} 个节点没有画出"
    tree.and_(page.locator(f"[aria-label='{label}']")).wait_for(timeout=10_000)
    assert page.locator("#lab-step-tree .lab-note").inner_text().endswith(f"没有画出（共 {left_out} 个）。")
    i, n = max(under.items(), key=lambda item: item[1])
    assert tree.locator(f"[data-id='{i}'] > title").text_content().endswith(f"，下面有 {n} 个节点没有画出")
