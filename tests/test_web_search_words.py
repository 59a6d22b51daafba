"""What a player reads while the solver searches and after (issue 39), used as a person does:
Solve on a 5x5 (a race of weighted searches, 2 s), in English and in Chinese, each at a
laptop's size (1366x768) and at a phone's (390x844): the page opens at one and is turned to
the other while the search runs, so that the search's words are read at both (one page and
one search for each language: a second would double the test's time).

- The status line says that it thinks and for how long, or the best answer so far, never
  the engine's words (bound, nodes, the search's name); those are under Details meanwhile.
- "Solver ready" carries no version: the About line under the page says it.
- The coach and the status line give one lower bound for the board.
"""

from __future__ import annotations

import re

import pytest
from web_fixtures import LAPTOP, PHONE, READY, closed_clean, watched_page

import npuzzle
from npuzzle import api

BOARD = api.random(5, 5, seed=39)["id"]
# each language opens at one size and is turned to the other while the search runs
PEOPLE = {
    "en": ({"viewport": LAPTOP}, PHONE),
    "zh": ({"viewport": PHONE, "locale": "zh-CN"}, LAPTOP),
}
WORDS = {
    "en": {
        "ready": "Solver ready.",
        "solve": "Solve",
        "details": "Details",
        "thinking": r"^(Thinking… \d+ s|Best so far: \d+ moves; still looking for a shorter one… \d+ s"
        r"|Loading pattern databases [\d.]+ / [\d.]+ MB|Getting ready… \d+ s)$",
        "engine": r"Solving with|beam search|nodes|bound",
        "figures": r"^Solving with .+ nodes, [\d.]+ s$|^Loading pattern databases",
        "about": f"Version: npuzzle {npuzzle.__version__}",
        "verdict": r"^Solution: (\d+) moves(, the shortest possible| \(the shortest is at least (\d+)\))\.",
        "coach": r"^at least (\d+) moves to the goal$",
    },
    "zh": {
        "ready": "求解器已就绪。",
        "solve": "求解",
        "details": "详情",
        "thinking": r"^(正在思考… \d+ 秒|目前最好：\d+ 步；还在找更短的… \d+ 秒|正在加载模式数据库 [\d.]+ / [\d.]+ MB|正在准备… \d+ 秒)$",
        "engine": r"求解：|束搜索|节点|界限",
        "figures": r"^正在用.+个节点，[\d.]+ 秒$|^正在加载模式数据库",
        "about": f"版本：npuzzle {npuzzle.__version__}",
        "verdict": r"^解：(\d+) 步(，已是最短|（最短解至少 (\d+) 步）)。",
        "coach": r"^离目标至少还有 (\d+) 步$",
    },
}

# Every text the status line and its Details show, in order (progress passes fast).
RECORD = """() => {
    window.said = {status: [], figures: []};
    const keep = (id, list) => new MutationObserver(() => list.push(document.getElementById(id).textContent))
        .observe(document.getElementById(id), {childList: true, characterData: true, subtree: true});
    keep('status', window.said.status);
    keep('status-figures', window.said.figures);
}"""


@pytest.fixture(params=["en", "zh"])
def person(request, browser, site_url):
    options, turned = PEOPLE[request.param]
    page = watched_page(browser, site_url, **options)
    page.words, page.turned = WORDS[request.param], turned
    yield page
    closed_clean(page)


def test_a_search_speaks_a_players_words_and_one_bound_with_the_coach(person):
    page, words = person, person.words
    page.goto(f"{page.site_url}#id={BOARD}")
    page.get_by_role("status").filter(has_text=words["ready"]).wait_for(timeout=READY)
    assert "npuzzle" not in page.get_by_role("status").inner_text()
    assert page.locator("#about").inner_text() == words["about"]  # the version is the About line's
    page.locator("details.options > summary").click()  # Solver options: a 2 s search
    page.locator("#time-limit").select_option("2")
    page.evaluate(RECORD)
    page.get_by_role("button", name=words["solve"], exact=True).click()
    # the first words of the search at this size, then the rest at the other
    page.wait_for_function("() => window.said.status.length > 0", timeout=READY)
    page.set_viewport_size(page.turned)
    turned = page.evaluate("window.said.status.length")
    status = page.get_by_role("status")
    status.filter(has_text=re.compile(words["verdict"])).wait_for(timeout=120_000)
    said = page.evaluate("window.said")
    running = [text for text in said["status"] if re.search(r"\d+ (s|秒)$", text) or "MB" in text]
    assert running, said["status"]  # it said it was thinking, for how long
    later = [text for text in said["status"][turned:] if re.fullmatch(words["thinking"], text)]
    assert later, said["status"]  # and said so at the other size too
    for text in running:
        assert re.fullmatch(words["thinking"], text), text
    assert not [text for text in said["status"] if re.search(words["engine"], text)], said["status"]
    # the engine's figures were under Details while it searched
    assert [text for text in said["figures"] if re.search(words["figures"], text)], said["figures"]
    # one lower bound: the coach's "at least N" is the status line's bound (or its proven length)
    page.locator("#coach[data-state=answer]").wait_for(timeout=READY)
    coach = re.fullmatch(words["coach"], page.locator("#coach-text").inner_text())
    verdict = re.match(words["verdict"], status.inner_text())
    assert coach and verdict, (page.locator("#coach-text").inner_text(), status.inner_text())
    bound = int(verdict.group(3) or verdict.group(1))  # the bound, or the length proven shortest
    assert int(coach.group(1)) == bound, (page.locator("#coach-text").inner_text(), status.inner_text())
    assert int(verdict.group(1)) >= bound
    page.locator("#status-details").get_by_text(words["details"], exact=True).click()
    assert page.locator("#status-figures").is_visible()
    assert page.locator("#about").inner_text() == words["about"] and page.locator("#about").is_visible()
