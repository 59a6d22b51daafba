#!/usr/bin/env python3
"""The README's pictures of the page, made with the Chromium the tests use.

    python3 build.py screenshots      # builds the site, then writes docs/*.png
    python3 build.py screenshots speed-big-timer.png   # only the pictures named

Each picture is the page as a person sees it after doing what the list below says
(open a link, wait for the solver, press Solve, step through part of the answer), on a
desktop (1280x800) and on a phone (390x844, twice the pixels).  Run it again after the
page changes so the README shows the page as it is.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from web_fixtures import CHROMIUM_ARGS, chromium_path, shown_board, start_server  # noqa: E402

OUT = ROOT / "docs"
READY = 120_000  # ms
KORF_88 = "4x4:15,2,12,11,14,13,9,5,1,3,8,7,0,10,6,4"  # a 65-move 15-puzzle (Korf's goal below)
KORF_GOAL = "4x4:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"

# (file, viewport, device scale, link, what to do)
SHOTS = [
    ("desktop-4x4.png", (1280, 800), 1, f"#id={KORF_88}&goal={KORF_GOAL}", "solve-and-step"),
    ("desktop-10x10.png", (1280, 800), 1, "", "size-10x10"),
    ("phone-4x4.png", (390, 844), 2, f"#id={KORF_88}&goal={KORF_GOAL}", "solve-and-step"),
    ("phone-30x30.png", (390, 844), 2, "", "size-30x30"),
    # the page in Chinese (a link's &lang=zh), with the coach's line
    ("phone-zh.png", (390, 844), 2, f"#id={KORF_88}&goal={KORF_GOAL}&lang=zh", "coach"),
    # the study lab on seed 003's 8-puzzle (its own goal): every algorithm x heuristic
    (
        "lab-compare.png",
        (1280, 1000),
        1,
        "#id=3x3:1,2,3,4,5,6,0,7,8&goal=3x3:1,2,6,4,5,8,7,0,3&lab=compare&run=1",
        "lab",
    ),
    # a timed solve in practice mode: the big timer with the session's ao5 and ao12 (docs/speedsolving.md)
    ("speed-big-timer.png", (1366, 768), 1, "#id=3x3:1,2,3,4,5,6,0,7,8", "big-timer"),
    ("speed-big-timer-phone.png", (390, 844), 2, "#id=3x3:1,2,3,4,5,6,0,7,8&lang=zh", "big-timer"),
    # a marathon x10 under way: the whole event's time and "1 / 10" (docs/speedsolving.md, Events)
    ("speed-marathon.png", (1366, 768), 1, "#id=3x3:1,2,3,4,5,6,7,8,0", "marathon"),
    # a relay 2x2 to 4x4 on its second board, "2 / 3"; a blindfolded 4x4 after its first move
    ("speed-relay.png", (1366, 768), 1, "#id=4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "relay"),
    ("speed-blind.png", (1366, 768), 1, "#id=4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "blind"),
    # the Controls group opened: the keys in force, the choices of mouse and keys (its panel alone)
    ("speed-keys.png", (1366, 768), 1, "#id=3x3:1,2,3,4,5,6,7,8,0", "keys"),
]
PANELS = {"lab", "keys"}  # pictures of one panel, taken by act()


def ready(page) -> None:
    page.get_by_role("status").filter(has_text=re.compile("ready|solution|就绪|解", re.I)).first.wait_for(timeout=READY)


def act(page, what: str) -> None:
    if what == "solve-and-step":
        page.get_by_role("button", name="Solve", exact=True).click()
        page.get_by_role("status").filter(has_text=re.compile(r"the shortest possible", re.I)).wait_for(timeout=READY)
        for _ in range(20):  # part way along the answer
            page.get_by_role("button", name="Step", exact=True).click()
    elif what == "lab":
        lab = page.locator("#lab-box")
        lab.get_by_text(re.compile(r"^Compared \d+ runs")).wait_for(timeout=READY)
        page.wait_for_timeout(1500)  # the charts draw
        lab.scroll_into_view_if_needed()
        lab.screenshot(path=str(OUT / "lab-compare.png"))
    elif what == "coach":
        page.locator("#coach, .coach").first.wait_for(timeout=READY)
        page.wait_for_timeout(3000)  # the coach's first answer
    elif what == "big-timer":
        page.get_by_role("checkbox", name=re.compile("^(Practice mode|练习模式)")).check()
        page.locator("body").press("ArrowLeft")  # the first move: the timer runs
        page.wait_for_timeout(1500)
    elif what == "marathon":
        page.get_by_label("Event").select_option("x10")
        page.locator("body").press(" ")  # the marathon's first board, dealt by the solver
        page.wait_for_timeout(2000)
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):  # moves: its clock runs
            page.locator("body").press(key)
        page.wait_for_timeout(1500)
    elif what == "relay":
        from support import shortest  # the blank's shortest moves, by breadth-first search
        from web_fixtures import KEY

        page.get_by_label("Event").select_option("relay")
        page.locator("body").press(" ")  # the relay's first board, the 2x2, dealt by the solver
        page.wait_for_function("() => document.getElementById('board').style.getPropertyValue('--w') === '2'")
        for letter in shortest(shown_board(page)):
            page.locator("body").press(KEY[letter])
        page.get_by_text("2 / 3").wait_for(timeout=READY)
        page.wait_for_function("() => document.getElementById('board').style.getPropertyValue('--w') === '3'")
        for key in ("ArrowLeft", "ArrowRight", "ArrowDown"):  # moves on the 3x3: the clock runs on
            page.locator("body").press(key)
        page.wait_for_timeout(1500)
    elif what == "blind":
        page.get_by_label("Event").select_option("blind")
        page.locator("body").press(" ")  # a new 4x4: shown until the first move (memorised)
        page.wait_for_timeout(2000)
        page.locator("body").press("ArrowDown")  # the first move: every tile looks the same
        page.wait_for_timeout(1500)
    elif what == "keys":
        controls = page.locator("#controls")
        controls.locator("summary").click()
        controls.scroll_into_view_if_needed()
        controls.screenshot(path=str(OUT / "speed-keys.png"))
    elif what.startswith("size-"):
        page.get_by_label("Size", exact=True).select_option(what.removeprefix("size-"))
        page.wait_for_timeout(1500)


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(exist_ok=True)
    server, url = start_server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            named = sys.argv[1:]  # only these pictures, when given
            for name, (width, height), scale, link, what in SHOTS:
                if named and name not in named:
                    continue
                context = browser.new_context(
                    viewport={"width": width, "height": height},
                    device_scale_factor=scale,
                    reduced_motion="reduce",
                    has_touch=width < 600,  # a phone: touched, so the page gives touch help
                )
                page = context.new_page()
                page.goto(url + link)
                ready(page)
                act(page, what)
                page.evaluate("window.scrollTo(0, 0)")  # the page as it opens, the board at the top
                page.wait_for_timeout(300)
                if what not in PANELS:  # (the lab's and the keys' pictures are of their panel alone)
                    page.screenshot(path=str(OUT / name))
                print(f"screenshots: {OUT.relative_to(ROOT) / name}")
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
