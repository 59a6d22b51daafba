"""The page in Simplified Chinese, used as a person with a Chinese browser uses it: every
text in Chinese (the solver's notes and reasons from Python's codes), a game played and a
board solved; the switch to English keeps the game; a link's &lang= wins over the browser,
and an address edited to another board and language takes both.
"""

from __future__ import annotations

import re

from web_fixtures import BYPASS_CSP, READY, english_runs, shown_board

from npuzzle import api

ZH_READY = re.compile("就绪|无解|解：")


# Words that may stay in Latin letters in a Chinese page: names, board IDs, move letters.
def open_zh(page, hash_: str = ""):
    page.goto(page.site_url + hash_)
    page.get_by_role("status").filter(has_text=ZH_READY).wait_for(timeout=READY)
    page.get_by_role("button", name="求解").and_(page.locator(":enabled")).wait_for(timeout=READY)


def status(page) -> str:
    return page.get_by_role("status").first.inner_text()


def test_a_chinese_browser_gets_the_page_in_chinese_and_plays_a_game(zh):
    open_zh(zh, "#id=3x3:1,2,3,4,0,5,7,8,6")
    assert zh.evaluate("document.documentElement.lang") == "zh-CN"
    assert zh.title().startswith("npuzzle：")
    assert "就绪" in status(zh)
    for name in ("打乱", "撤销", "重做", "重置", "分享", "求解", "提示"):
        assert zh.get_by_role("button", name=name, exact=True).count() == 1, name
    # tiles are named as a Chinese screen reader says them
    zh.get_by_role("button", name="5，第 2 行第 3 列").click()
    assert shown_board(zh) == "3x3:1,2,3,4,5,0,7,8,6"
    zh.locator("#announce").filter(has_text="向左移动").wait_for(timeout=5_000)
    zh.locator("body").press("ArrowUp")
    zh.locator("#message").filter(has_text="用 2 步完成").wait_for(timeout=5_000)
    assert english_runs(zh) == []


def test_a_board_is_solved_in_chinese_with_python_notes_in_chinese(zh):
    open_zh(zh, "#id=3x3:8,6,7,2,5,4,3,0,1")
    zh.get_by_role("button", name="求解").click()
    zh.get_by_role("status").filter(has_text="解：").wait_for(timeout=120_000)
    assert status(zh) == "解：31 步，已是最短。"  # the solver's figures are under 详情 (Details)
    zh.locator("#status-details summary").click()
    assert "个节点" in zh.locator("#status-figures").inner_text() and "秒" in zh.locator("#status-figures").inner_text()
    assert "解：第 0 步，共 31 步" in zh.locator("#solution-progress").inner_text()
    zh.locator("#speed").fill("12")
    zh.get_by_role("button", name="播放").click()
    zh.locator("#message").filter(has_text="解已演示完：31 步").wait_for(timeout=30_000)
    assert english_runs(zh) == []
    # a big board: its notes (what the solver tried) come from Python's codes, in Chinese
    zh.goto(zh.site_url + "#id=" + api.random(6, 6, seed=3)["id"])
    zh.get_by_role("button", name="求解").and_(zh.locator(":enabled")).wait_for(timeout=READY)
    zh.get_by_text("求解选项").click()
    zh.get_by_label("时间上限", exact=True).select_option("2")
    zh.get_by_role("button", name="求解").click()
    zh.get_by_role("status").filter(has_text="解：").wait_for(timeout=120_000)
    zh.locator("#solution-notes summary").click()
    notes = zh.locator("#solution-notes-list li").all_inner_texts()
    assert notes and all(re.search(r"[\u4e00-\u9fff]", n) for n in notes), notes
    assert english_runs(zh) == []


def test_an_unsolvable_board_is_explained_in_chinese(zh):
    open_zh(zh, "#id=3x3:2,1,3,4,5,6,7,8,0")
    assert "无解" in status(zh) and "奇偶性" in status(zh)


def test_the_switch_changes_every_text_and_keeps_the_game(zh):
    open_zh(zh, "#id=3x3:1,2,3,4,0,5,7,8,6")
    zh.get_by_role("button", name="5，第 2 行第 3 列").click()
    zh.get_by_role("button", name="English").click()
    assert zh.evaluate("document.documentElement.lang") == "en"
    assert shown_board(zh) == "3x3:1,2,3,4,5,0,7,8,6"
    assert zh.locator("#move-count").inner_text() == "1"
    assert zh.get_by_role("button", name="Shuffle").count() == 1
    assert zh.get_by_role("button", name=re.compile(r"^6, row 3, column 3, can move up$")).count() == 1
    assert "Solver ready" in status(zh)
    assert "lang=en" in zh.url
    zh.reload()
    zh.get_by_role("button", name="Solve").and_(zh.locator(":enabled")).wait_for(timeout=READY)
    assert zh.evaluate("document.documentElement.lang") == "en"
    assert shown_board(zh) == "3x3:1,2,3,4,5,0,7,8,6"
    # and back: the page remembers Chinese, without a reload
    zh.get_by_role("button", name="中文").click()
    assert zh.get_by_role("button", name="打乱").count() == 1
    assert "lang=zh" in zh.url


def test_a_link_language_wins_over_an_english_browser(browser, site_url):
    context = browser.new_context(locale="en-US", **BYPASS_CSP, service_workers="block")
    page = context.new_page()
    page.goto(site_url + "#id=3x3:1,2,3,4,5,6,7,0,8&lang=zh")
    page.get_by_role("status").filter(has_text=ZH_READY).wait_for(timeout=READY)
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert page.get_by_role("button", name="求解").count() == 1
    # a person edits the address to another board and another language at once: both are
    # taken (the language's switch rewrote the address before the board was read again)
    page.goto(site_url + "#id=3x3:1,2,3,4,5,6,0,7,8&lang=en")
    page.get_by_role("button", name="Solve").wait_for(timeout=5_000)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert shown_board(page) == "3x3:1,2,3,4,5,6,0,7,8"
    assert page.url.endswith("#id=3x3:1,2,3,4,5,6,0,7,8&lang=en")
    context.close()


def test_a_bad_link_is_explained_in_chinese_from_python_codes(zh):
    zh.goto(zh.site_url + "#id=3x3:1,2,3,4,5,6,7,8,8")
    message = zh.locator("#link-message")
    message.filter(has_text="数字 8 用了两次").wait_for(timeout=READY)
    assert message.inner_text() == "这个链接没有描述一个棋盘：id= 中，数字 8 用了两次。改为显示一个新拼图。"
    zh.get_by_role("button", name="English").click()
    assert message.inner_text() == (
        "This link does not describe a board: in id=, number 8 is used twice. Showing a new puzzle instead."
    )


def test_the_lab_in_chinese(zh):
    zh.goto(zh.site_url + "#id=3x3:1,2,3,4,5,6,0,7,8&lab=compare&algorithms=astar,idastar&heuristics=manhattan&run=1")
    zh.locator("#lab-status").filter(has_text="比较了 2 次运行").wait_for(timeout=READY)
    headers = zh.locator("#lab-table thead th").all_inner_texts()
    assert "扩展节点数" in headers and "生成节点数" in headers and "有效分支因子" in headers
    assert zh.locator("#lab-caption").inner_text() == (
        "在 3x3:1,2,3,4,5,6,0,7,8 上的 2 次运行；已证明的最短解为 2 步，“（最短）”标出与之相等的长度。"
    )
    zh.get_by_role("tab", name="单步执行").click()
    zh.get_by_role("button", name="单步", exact=True).click()
    zh.locator("#lab-step-now").filter(
        has_text=re.compile(
            r"^1\. A\* 从 open 表取出初始棋盘：f = g \+ h = 0 \+ 2 = 2。open 表 \d+ 个，closed 表 \d+ 个。$"
        )
    ).wait_for(timeout=10_000)
    zh.locator("#lab-step-tree svg").wait_for(timeout=10_000)
    zh.get_by_role("tab", name="棋盘上的启发函数").click()
    zh.locator("#lab-h-value").wait_for(timeout=60_000)
    zh.get_by_role("tab", name="课程案例").click()
    zh.get_by_role("button", name=re.compile("^004 #1：5x5，环绕 r2,c2，最优 28 步")).wait_for(timeout=10_000)
    assert english_runs(zh) == []
    # switching keeps the lab's results and words them in English
    zh.get_by_role("button", name="English").click()
    assert "nodes expanded" in zh.locator("#lab-table thead").inner_text()
    assert zh.get_by_role("tab", name="Course cases").get_attribute("aria-selected") == "true"
