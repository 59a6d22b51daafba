"""axe-core finds nothing with every panel a person can open open at once (issue 39), in
English and in Chinese: a solve of the player's own in the session, a Solve's answer with
its Details and playback, practice mode on, every disclosure of the game page opened by its
summary (Enter a board, the picture, Controls, Speedsolving, Solver options, the session,
the lab), and each of the lab's views in turn with what it shows after use (a step and its
tree, a heuristic explained, the course's cases, a study's settings and a comparison's
table).  A panel's contents change with the language, so each language is checked.
"""

from __future__ import annotations

import re

import pytest
from web_fixtures import READY, axe_violations, lab_status, open_site, wait_text

LAB_VIEWS = ("study", "step", "heuristic", "cases", "compare")
WORDS = {
    "en": {"solve": "Solve", "lab_ready": "Lab ready", "solution": r"^Solution"},
    "zh": {"solve": "求解", "lab_ready": "就绪", "solution": r"^解："},
}

# Open every closed <details> a person can see, by its summary as a person does (innermost
# ones appear once their parent is open: repeat until none is left); the count opened.
OPEN_ALL = """() => {
    let opened = 0;
    for (let again = true; again; ) {
        again = false;
        for (const d of document.querySelectorAll('details:not([open])')) {
            const summary = d.querySelector(':scope > summary');
            if (!summary || !summary.checkVisibility()) continue;
            summary.click();
            opened++;
            again = true;
        }
    }
    return opened;
}"""


@pytest.mark.parametrize("page", ["en", "zh"], indirect=True)
def test_axe_finds_nothing_with_every_panel_open(page, request):
    words = WORDS[request.node.callspec.params["page"]]
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)
    solve = page.get_by_role("button", name=words["solve"], exact=True)
    solve.and_(page.locator(":enabled")).wait_for(timeout=READY)
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("ArrowLeft")  # 8 slides home: a solve of the player's own, in the session
    page.locator("#session-rows tr").first.wait_for(state="attached", timeout=10_000)
    page.locator("#board button.tile", has_text=re.compile("^8$")).click()  # and out again
    solve.click()  # the answer, its Details and the playback's controls
    wait_text(page, "[role=status]", words["solution"])
    page.locator("#practice-on").check()  # practice mode on
    assert page.evaluate(OPEN_ALL) >= 7
    assert page.locator("#status-details").evaluate("d => d.open && !d.hidden")
    lab_status(page, words["lab_ready"])
    for i, view in enumerate(LAB_VIEWS):
        page.locator(f"#lab-tab-{view}").click()
        page.locator(f"#lab-{view}").wait_for()
        if view == "step":
            page.locator("#lab-step-step").click()
            page.locator("#lab-step-tree svg").wait_for(timeout=30_000)
        elif view == "heuristic":
            page.locator("#lab-explain li").first.wait_for(timeout=30_000)
        elif view == "compare":
            page.locator("#lab-run").click()
            page.locator("#lab-table tbody tr").first.wait_for(timeout=60_000)
        page.evaluate(OPEN_ALL)
        # the whole page once, with the last view; each other view alone (axe over the whole
        # page takes seconds, and the rest of it is as it was)
        violations = axe_violations(page, None if i == len(LAB_VIEWS) - 1 else f"#lab-{view}")
        assert violations == [], (view, violations)
