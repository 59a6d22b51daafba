"""The session's statistics and chart in the browser: a session imported from a file the
package wrote, its statistics line read as a person reads it and equal to the package's
(npuzzle.speedsolving.statistics) for the same solves, the chart's datasets (read from
Chart.js) the times and the rolling ao5 and ao12 the package gives, each line its own
colour and marker, its figures said in its label, the image downloaded; in Chinese; axe
on the open panel; the chart on a phone (390x844) within the screen."""

from __future__ import annotations

import random

from support import generated_solves
from web_fixtures import axe_violations, open_site, wait_text

from npuzzle.speedsolving.session_files import to_json_text
from npuzzle.speedsolving.sessions import format_time
from npuzzle.speedsolving.statistics import session_statistics, trend

BOARD = "3x3:1,2,3,4,5,6,0,7,8"

# What the chart draws, read from its Chart.js instance: each line's label, points, colour and marker
DATASETS = """() => Chart.getChart(document.getElementById('session-chart')).data.datasets.map((d) =>
    ({label: d.label, x: d.data.map((p) => p.x), y: d.data.map((p) => p.y), colour: d.borderColor,
      marker: d.pointStyle + ' ' + d.pointRotation}))"""


def session() -> list[dict]:
    """40 random-board solves and a few pasted ones, some assisted, some DNFs and +2s."""
    solves = generated_solves(53, 60)
    rng = random.Random(3)
    for solve in solves:
        solve["type"] = "random" if rng.random() < 0.8 else "pasted"
        solve["penalty"] = rng.choice(["", "", "", "", "", "", "+2", "DNF"])
    return solves


def statistics_text(s: dict) -> str:
    moves = "-" if s["mean_moves"] is None else f"{s['mean_moves']:.1f}"
    return (
        f"Counted: {s['count']} solves, {s['dnfs']} DNF; mean moves {moves}, mean TPS {s['mean_tps']:.3f}, "
        f"best TPS {s['best_tps']:.3f} (assisted solves are not counted)."
    )


def test_the_statistics_and_the_chart_are_the_package_s(page, tmp_path):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, f"#id={BOARD}", ready=False)
    solves = session()
    path = tmp_path / "session.json"
    path.write_text(to_json_text("3x3", solves))
    page.locator("#session summary").click()
    page.set_input_files("#session-file", path)
    wait_text(page, "#session-status", rf"^Imported {len(solves)} solves", timeout=5000)

    figures = session_statistics(solves)
    assert figures["count"] > 30 and figures["dnfs"] > 2 and figures["count"] < len(solves)  # assisted and pasted out
    assert page.locator("#session-statistics").inner_text() == statistics_text(figures)

    series = trend(solves)
    assert sum(v is not None for v in series["ao12"]) > 5 and None in series["times"]  # a DNF's gap drawn
    page.wait_for_function("() => globalThis.Chart && Chart.getChart(document.getElementById('session-chart'))")
    drawn = page.evaluate(DATASETS)
    assert [d["label"] for d in drawn] == ["time", "ao5", "ao12"]
    for line, name in zip(drawn, ["times", "ao5", "ao12"], strict=True):
        assert line["x"] == series["n"] and line["y"] == series[name], name
    assert len({d["colour"] for d in drawn}) == 3 and len({d["marker"] for d in drawn}) == 3
    label = page.locator("#session-chart").get_attribute("aria-label")
    done = [t for t in series["times"] if t is not None]
    assert label.startswith("Line chart of the session's times by solve number, with the rolling ao5 and ao12: ")
    assert f"{len(series['n'])} solves, {series['times'].count(None)} DNF (gaps)" in label
    assert f"best {format_time(min(done))}, worst {format_time(max(done))}" in label

    with page.expect_download() as info:
        page.locator(".session-chart-figure").get_by_role("button", name="Download image").click()
    assert info.value.suggested_filename == "npuzzle-session.png"
    png = tmp_path / "chart.png"
    info.value.save_as(png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    wait_text(page, "#session-status", r"^The chart was saved as npuzzle-session\.png\.$", timeout=5000)
    assert axe_violations(page) == []  # the panel open, with its statistics and chart

    # a DNF marked on a counted solve: both figures and chart follow at once
    page.get_by_role("combobox", name=f"Mark of solve {len(solves)}").select_option("DNF")
    solves[-1]["penalty"] = "DNF"
    assert page.locator("#session-statistics").inner_text() == statistics_text(session_statistics(solves))
    assert page.evaluate(DATASETS)[0]["y"] == trend(solves)["times"]

    page.get_by_role("button", name="中文").click()
    s = session_statistics(solves)
    assert page.locator("#session-statistics").inner_text() == (
        f"计入 {s['count']} 次复原，其中 DNF {s['dnfs']} 次；平均步数 {s['mean_moves']:.1f}，"
        f"平均 TPS {s['mean_tps']:.3f}，最佳 TPS {s['best_tps']:.3f}（有辅助的复原不计入）。"
    )
    assert [d["label"] for d in page.evaluate(DATASETS)] == ["用时", "ao5", "ao12"]
    assert page.locator("#session-chart").get_attribute("aria-label").startswith("本组用时的折线图")
    assert page.locator(".session-chart-figure button").inner_text() == "下载图片"
    assert axe_violations(page) == []

    # on a phone (390x844): the chart fits the screen's width, readable, and nothing scrolls sideways
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.getElementById('session-chart').getBoundingClientRect().width <= 390")
    box = page.locator("#session-chart").bounding_box()
    button = page.locator(".session-chart-figure button").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] >= 300 and box["height"] >= 150, box
    assert button["x"] >= 0 and button["x"] + button["width"] <= 390, button
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
