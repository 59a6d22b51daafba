"""The lab as a teacher preparing a lecture meets it, on a laptop (1366x768) and a phone
(390x844), in English and Chinese: its tables and charts stay inside their panel, every bar
of the comparison chart can be seen, a chart downloads as a picture for a slide, and only a
link made to run the lab runs it (never the address of a game with the lab open, reloaded).

One laptop page and one phone page serve every check (each page starts two Pyodides).
Same set-up as tests/test_web.py (the site under /npuzzle/, Chromium).
"""

from __future__ import annotations

import json
import re
import struct

import pytest
from web_fixtures import ROOT, board_id, case_link, closed_clean, shown_board, watched_page

SEEDS = json.loads((ROOT / "tests" / "data" / "seed_cases.json").read_text())["cases"]
SEED003 = next(c for c in SEEDS if c["width"] == 3)
LAB_READY = 120_000  # ms: the lab starts its own Pyodide, beside the game's
# 7 runs on seed 003 (15 moves): breadth-first search stopped at 2,000 nodes (a red bar),
# A* with pattern databases at 19 nodes, the smallest, a hundred times fewer
SETTINGS = "&algorithms=bfs,astar,idastar&heuristics=misplaced,manhattan,pdb&nodes=2000"
PNG = b"\x89PNG\r\n\x1a\n"

# Where each table and chart of the panel shown lies, against the panel and the window; the
# bars of the nodes chart, their length along the axis and their thickness; its legend, its
# axis's ticks and whether any two tick labels touch (their widths measured in their font).
LAYOUT = """(panelId) => {
    const panel = document.getElementById(panelId);
    const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width }; };
    const p = box(panel);
    const inside = (e) => { const b = box(e); return b.width > 0 && b.left >= p.left - 0.5 && b.right <= p.right + 0.5; };
    const shown = [...panel.querySelectorAll('.lab-table, canvas')].filter((e) => e.getClientRects().length);
    const out = { page: document.documentElement.scrollWidth, window: innerWidth, things: shown.length,
        outside: shown.filter((e) => !inside(e.closest('[role=region]') || e)).map((e) => e.id),
        tables: {} };
    for (const table of panel.querySelectorAll('.lab-table')) {
        if (!table.getClientRects().length) continue;
        const wrap = table.closest('[role=region]');
        const before = box(table.tBodies[0].rows[0].cells[0]).left;
        wrap.scrollLeft = wrap.scrollWidth; // to the last column: the first stays in view
        const after = box(table.tBodies[0].rows[0].cells[0]).left;
        wrap.scrollLeft = 0;
        out.tables[table.id] = { scrolls: wrap.scrollWidth > wrap.clientWidth, firstKept: Math.abs(after - before) < 1 };
    }
    const chart = globalThis.Chart && Chart.getChart(document.getElementById('lab-chart-nodes'));
    if (chart && panelId === 'lab-compare') {
        out.bars = chart.getDatasetMeta(0).data.map((bar) => {
            const { x, base, height } = bar.getProps(['x', 'base', 'height'], true);
            return [Math.abs(x - base), height];
        });
        out.legend = chart.legend.legendItems.map((item) => item.text);
        const axis = chart.scales.x, ctx = chart.ctx, font = Chart.defaults.font; // the ticks' (the page sets none)
        ctx.save();
        ctx.font = `${font.size}px ${font.family}`;
        const labels = axis.ticks.map((tick, i) => ({ value: tick.value, label: tick.label, at: axis.getPixelForTick(i),
            width: ctx.measureText(String(tick.label)).width }));
        ctx.restore();
        out.ticks = labels.map((l) => [l.value, l.label]);
        out.touching = labels.slice(1).filter((l, i) => l.at - labels[i].at < (l.width + labels[i].width) / 2 + 2).length;
    }
    return out;
}"""


def lab_status(page, pattern: str, timeout: int = LAB_READY):
    page.locator("#lab-status").filter(has_text=re.compile(pattern)).wait_for(timeout=timeout)


def check_fits(page, width: int, *, table_fits: bool, legend: list[str]) -> None:
    """The comparison's table and charts inside its panel, the page no wider than the window,
    every bar at least 8 px long and thick, the legend, ticks at powers of ten that never touch."""
    page.wait_for_function("() => globalThis.Chart && Chart.getChart(document.getElementById('lab-chart-passes'))")
    got = page.evaluate(LAYOUT, "lab-compare")
    assert got["page"] <= width == got["window"], "the page scrolls sideways"
    assert got["things"] == 3 and got["outside"] == []  # the table and both charts
    assert got["tables"] == {"lab-table": {"scrolls": not table_fits, "firstKept": True}}
    assert len(got["bars"]) == 7 and min(min(bar) for bar in got["bars"]) >= 8, got["bars"]
    assert got["legend"] == legend
    assert got["ticks"] == [[1, "1"], [10, "10"], [100, "100"], [1000, "1,000"], [10000, "10,000"]]
    assert got["touching"] == 0


@pytest.mark.slow
def test_the_lab_fits_laptop_and_phone_charts_download_and_only_a_run_link_runs(browser, site_url, tmp_path):
    address = case_link(SEED003) + "&lab=compare" + SETTINGS  # the address bar of a game with the lab open
    laptop = watched_page(
        browser, site_url, viewport={"width": 1366, "height": 768}, permissions=["clipboard-read", "clipboard-write"]
    )
    laptop.goto(site_url + address)
    # the lab opens again, as it was, and runs nothing: its worker is ready and waits
    lab_status(laptop, r"^Lab ready\.$")
    assert laptop.locator("#lab-box").get_attribute("open") is not None
    assert laptop.get_by_role("checkbox", name="Pattern databases", exact=True).is_checked()
    assert laptop.locator("#lab-table").is_hidden() and laptop.locator("#lab-progress").is_hidden()
    assert laptop.get_by_role("button", name="Run comparison").is_enabled()
    # the board the lab works on, and its size, inside the lab
    assert laptop.get_by_role("img", name=f"The board the lab works on: {board_id(SEED003)}").is_visible()
    assert laptop.get_by_label("Board size", exact=True).input_value() == "3x3"

    laptop.get_by_role("button", name="Run comparison").click()
    lab_status(laptop, r"^Compared 7 runs")
    # at 1366 px the lab is as wide as the window allows, and the table needs no scrolling
    lab_box = laptop.locator("#lab-box").bounding_box()
    assert lab_box["width"] > 1300
    check_fits(laptop, 1366, table_fits=True, legend=["stopped by its budget (time or node limit)"])

    # a picture of the chart for a slide: a PNG, 1200 px wide drawn at twice the size
    with laptop.expect_download() as info:
        laptop.get_by_role("button", name="Download image").first.click()
    path = tmp_path / "chart.png"
    info.value.save_as(path)
    image = path.read_bytes()
    assert image[:8] == PNG and struct.unpack(">II", image[16:24])[0] == 2400
    assert info.value.suggested_filename == "npuzzle-nodes-3x3-1-2-3-4-5-6-0-7-8.png"
    lab_status(laptop, r"^The chart was saved as npuzzle-nodes-3x3-1-2-3-4-5-6-0-7-8\.png\.$", 5_000)

    laptop.get_by_role("button", name="中文").click()
    laptop.wait_for_function("() => document.querySelector('#lab-table thead th').textContent === '算法'")
    check_fits(laptop, 1366, table_fits=True, legend=["被预算停止（时间或节点上限）"])
    assert laptop.get_by_role("button", name="下载图片").count() == 2

    # the link that runs this comparison; the address bar never carries run=1
    laptop.get_by_role("button", name="此比较的链接").click()
    lab_status(laptop, "^链接已复制", 5_000)
    link = laptop.evaluate("() => navigator.clipboard.readText()")
    assert link == laptop.locator("#lab-link-text").input_value()
    assert "&lab=compare&algorithms=bfs,astar,idastar&heuristics=misplaced,manhattan,pdb&nodes=2000&run=1" in link
    assert "run=" not in laptop.url and "lab=compare" in laptop.url
    # a reload: the lab is open again, and nothing runs
    laptop.reload()
    lab_status(laptop, r"^实验室已就绪。$")
    assert laptop.locator("#lab-box").get_attribute("open") is not None
    assert laptop.locator("#lab-table").is_hidden() and laptop.locator("#lab-progress").is_hidden()
    # the size switched inside the lab: the game's own Size menu chooses it, and the lab shows the new board
    laptop.get_by_label("棋盘尺寸", exact=True).select_option("4x4")
    laptop.wait_for_function("() => document.querySelectorAll('#lab-game-board .lab-cell').length === 16")
    assert laptop.locator("#size").input_value() == "4x4"
    assert laptop.locator("#lab-game-id").inner_text() == shown_board(laptop)
    closed_clean(laptop)

    # the link, opened on a phone in Chinese, runs the comparison
    phone = watched_page(
        browser, site_url, locale="zh-CN", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    phone.goto(link)
    lab_status(phone, r"比较了 7 次运行")
    check_fits(phone, 390, table_fits=False, legend=["被预算停止（时间或节点上限）"])
    phone.get_by_role("button", name="English").click()
    phone.wait_for_function("() => document.querySelector('#lab-table thead th').textContent === 'algorithm'")
    check_fits(phone, 390, table_fits=False, legend=["stopped by its budget (time or node limit)"])

    # the study's table and chart fit the phone too, and it has its own link
    phone.get_by_role("tab", name="Study", exact=True).click()
    phone.locator("#lab-study-count").fill("2")
    phone.locator("#lab-study-depths").fill("4,8")
    phone.get_by_role("button", name="Run study").click()
    lab_status(phone, r"^Studied 4 boards")
    phone.locator("#lab-study-figure canvas").wait_for()
    got = phone.evaluate(LAYOUT, "lab-study")
    assert got["page"] <= 390 and got["things"] == 2 and got["outside"] == []
    assert got["tables"] == {"lab-study-table": {"scrolls": True, "firstKept": True}}
    assert phone.locator("#lab-study-figure").get_by_role("button", name="Download image").is_enabled()
    phone.get_by_role("button", name="Link to this study").click()
    study_link = phone.locator("#lab-study-link-text").input_value()
    assert "&lab=study&" in study_link and "count=2&depths=4,8" in study_link and "&run=1" in study_link
    closed_clean(phone)
