"""The page as people meet it: on a laptop and on a phone, with a screen reader, in the
dark and without motion.  Each test opens the built site in Chromium and looks at what is
drawn (where tiles and buttons are, what they are called, what is announced), as a person
would, and axe-core checks the accessibility rules it can check.
"""

from __future__ import annotations

import re

import pytest
from web_fixtures import MEASURE, axe_violations, moves_shown, open_site, shown_board, tile, wait_text, watched_page

from npuzzle import Topology, apply_moves

LAPTOP = (1280, 800)
PHONE = (390, 844)
FINGERTIP = 32  # px

WRAPPED_5X5 = "5x5:1,2,3,4,5,6,7,8,9,10,0,11,12,13,14,15,16,17,18,19,20,21,22,23,24"
# How each board is reached: a link, or the size picker (which works before Python loads).
BOARDS = {
    "3x3": ("link", "#id=3x3:8,1,3,4,0,2,7,6,5"),
    "4x4": ("picker", "4x4"),
    "10x10": ("link", "#id=10x10:" + ",".join(map(str, [*range(1, 100), 0]))),
    "30x30": ("picker", "30x30"),
    "wrapped 5x5": ("link", f"#id={WRAPPED_5X5}&wrap=r2,c2"),
}


def new_page(browser, site_url, viewport, **options):
    """A page in its own context; the test fails if the page logs an error or throws."""
    width, height = viewport
    phone = width < 500
    return watched_page(
        browser, site_url, viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone, **options
    )


@pytest.fixture
def pages(browser, site_url):
    """Make pages with new(viewport, **context options); each is checked for errors at the end."""
    made = []

    def new(viewport=LAPTOP, **options):
        page = new_page(browser, site_url, viewport, **options)
        made.append(page)
        return page

    yield new
    for page in made:
        page.context.close()
    assert [p for page in made for p in page.problems] == []


def open_board(page, name: str) -> None:
    how, what = BOARDS[name]
    if how == "link":
        open_site(page, what, ready=False)
    else:
        open_site(page, ready=False)
        page.get_by_label("Size", exact=True).select_option(what)
        page.wait_for_function(f"location.hash.startsWith('#id={what}:')")
    page.locator("#board button.tile").first.wait_for()


# ------------------------------------------------------------------ a board that fits


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize("name", list(BOARDS))
def test_board_fits_without_overlaps_and_labels_fit_their_tiles(pages, viewport, name):
    page = pages(viewport)
    open_board(page, name)
    m = page.evaluate(MEASURE)
    side = int(name.split("x")[-1])
    assert m["tiles"] == side * side - 1
    assert m["overlaps"] == 0, m
    assert m["spills"] == 0, m
    assert m["boardLeft"] >= 0 and m["boardRight"] <= m["innerWidth"], m
    assert m["scrollWidth"] <= m["innerWidth"], m  # no sideways scrolling
    if viewport == PHONE:
        # the board and the main actions are on the first screen
        assert all(bottom <= PHONE[1] for bottom in m["buttons"].values()), m["buttons"]
    zoom = page.get_by_role("button", name="Zoom in")
    assert zoom.is_visible() == (m["cell"] < FINGERTIP), m["cell"]
    print(
        f"\n{name} at {viewport[0]}x{viewport[1]}: cell {m['cell']:.1f} px, "
        f"Shuffle/Undo/Solve/Hint end at {sorted(round(v) for v in m['buttons'].values())}"
    )


# What a 1366x768 laptop's browser leaves for the page, and a 1280x720 screen's.
SHORT_LAPTOPS = [(1366, 657), (1280, 720)]


@pytest.mark.parametrize("viewport", SHORT_LAPTOPS, ids=["1366x657", "1280x720"])
@pytest.mark.parametrize(
    "link",
    [
        "",
        "#id=3x3:1,2,3,4,5,6,7,0,8",
        "#id=5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24&wrap=r2,c2",
    ],
    ids=["4x4", "3x3", "wrapped 5x5"],
)
def test_on_a_laptops_first_screen_the_board_and_the_main_actions_show(pages, viewport, link):
    page = pages(viewport)
    open_site(page, link)
    m = page.evaluate(MEASURE)
    board_bottom = page.evaluate("document.getElementById('board').getBoundingClientRect().bottom + scrollY")
    assert board_bottom <= viewport[1] and all(bottom <= viewport[1] for bottom in m["buttons"].values()), (
        board_bottom,
        m["buttons"],
    )
    assert m["scrollWidth"] <= m["innerWidth"] and m["overlaps"] == m["spills"] == 0, m
    for name in ("Shuffle", "Undo", "Solve", "Hint"):  # seen, and pressable without scrolling
        assert page.get_by_role("button", name=name, exact=True).is_visible()


# Every layout shift the page makes, added up (as Lighthouse's CLS, without its windows).
# Each layout shift with what moved (an element's id, else its tag and class), to say
# what to mend when the test fails.
SHIFTS = """window.__shifts = []; new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ value: e.value,
    moved: (e.sources || []).map((s) => [s.node ? (s.node.id || `${s.node.nodeName} ${s.node.className || ""}`.trim()) : "?",
      `y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}, height ${Math.round(s.previousRect.height)} -> ${Math.round(s.currentRect.height)}`]) });
}).observe({ type: "layout-shift", buffered: true });"""


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize(
    "link, most",
    [(BOARDS["3x3"][1], 0.0), ("#id=30x30:" + ",".join(map(str, [*range(1, 900), 0])), 0.05)],
    ids=["3x3", "30x30"],
)
def test_nothing_moves_while_the_page_loads(pages, viewport, link, most):
    """From the first paint to the solver being ready (the status line changing its text,
    the coach's and the records' words, the size picker filled in, a big board's wide
    page) nothing on the page shifts, on a laptop and a phone.  A 30x30's zoom bar still
    appears above the board once its cells are measured (0.03 on a laptop: Lighthouse
    counts under 0.1 as good); before, its link moved the whole page (0.82)."""
    page = pages(viewport)
    page.add_init_script(SHIFTS)
    open_site(page, link)  # waits for the solver
    page.wait_for_timeout(300)
    shifts = page.evaluate("window.__shifts")
    above = page.evaluate("""() => [...document.querySelectorAll('section.play > *')].slice(0, 6)
        .map((e) => `${e.id || e.className} ${Math.round(e.getBoundingClientRect().height)}px${e.hidden ? " hidden" : ""}`)""")
    assert sum(shift["value"] for shift in shifts) <= most, (shifts, above)


def test_phone_keeps_the_result_and_playback_by_the_board_and_options_fit(pages):
    page = pages(PHONE)
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.get_by_role("button", name="Solve").click()
    wait_text(page, "[role=status]", "2 moves, the shortest possible", timeout=30_000)
    board = page.locator("#board").bounding_box()
    for control in (
        page.get_by_role("status"),
        page.get_by_role("button", name="Play"),
        page.get_by_role("button", name="Step"),
    ):
        box = control.bounding_box()
        assert box["y"] >= board["y"] + board["height"] and box["y"] + box["height"] <= PHONE[1], box
    page.get_by_role("button", name="Play").click()
    wait_text(page, "#message", "solution played: 2 moves", timeout=10_000)
    # the solver options, open: nothing wider than the screen, and each one explained
    page.get_by_text("Solver options").click()
    for label in ("Strategy", "Algorithm", "Heuristic", "Time limit"):
        field = page.get_by_label(label, exact=False).first
        assert field.is_visible()
        explanation = field.evaluate("e => document.getElementById(e.getAttribute('aria-describedby')).textContent")
        assert len(explanation) > 40, label
    assert "memory" in page.locator("#algorithm-help").inner_text()
    assert all(
        word in page.locator("#heuristic-help").inner_text().lower()
        for word in ("misplaced", "manhattan", "linear conflict", "pattern databases")
    )
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.get_by_text("Enter a board").click()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_zoomed_30x30_on_a_phone_has_fingertip_tiles_and_keys_still_play(pages):
    page = pages(PHONE)
    tiles = [*range(1, 900), 0]
    tiles[465], tiles[899] = 0, tiles[465]  # the gap in the middle: every arrow key moves
    open_site(page, "#id=30x30:" + ",".join(map(str, tiles)), ready=False)
    cell = lambda: page.locator("#board button.tile").first.bounding_box()["width"]  # noqa: E731
    assert cell() < FINGERTIP
    page.get_by_role("button", name="Zoom in").click()
    assert cell() >= FINGERTIP
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # the frame scrolls, not the page
    frame = page.locator("#board-frame").bounding_box()
    assert frame["x"] + frame["width"] <= PHONE[0]

    def gap_in_view():
        gap = page.locator("#board .gap").bounding_box()
        return (
            frame["x"] <= gap["x"]
            and gap["x"] + gap["width"] <= frame["x"] + frame["width"]
            and frame["y"] <= gap["y"]
            and gap["y"] + gap["height"] <= frame["y"] + frame["height"]
        )

    assert gap_in_view()
    board = shown_board(page)
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "ArrowRight"):
        page.locator("body").press(key)
    assert moves_shown(page) == 5 and shown_board(page) != board
    assert gap_in_view()
    # a tap on a zoomed tile in the gap's row moves it
    gap_cell = int(page.locator("#board .gap").get_attribute("aria-label").split("column ")[1])
    row = page.locator("#board .gap").get_attribute("aria-label").split(", ")[1]
    neighbour = page.get_by_role(
        "button", name=re.compile(rf", {row}, column {gap_cell - 1}(, home)?, can move right$")
    )
    neighbour.tap()
    assert moves_shown(page) == 6
    page.get_by_role("button", name="Fit").click()
    assert cell() < FINGERTIP


# ------------------------------------------------------------------ a board for every reader


def test_tiles_are_read_in_board_order_with_their_places(pages):
    page = pages()
    open_site(page, "#id=3x3:8,1,3,4,0,2,7,6,5", ready=False)
    snapshot = page.locator("#board").aria_snapshot()
    names = re.findall(r'- (?:button|img) "([^"]+)"', snapshot)
    assert names[:2] == ["8, row 1, column 1", "1, row 1, column 2, can move down"]  # then home, or the way
    names = [", ".join(name.split(", ")[:3]) for name in names]  # the places (test_web_keyboard.py: the rest)
    tiles = [8, 1, 3, 4, 0, 2, 7, 6, 5]
    assert names == [
        f"{'gap' if t == 0 else t}, row {cell // 3 + 1}, column {cell % 3 + 1}" for cell, t in enumerate(tiles)
    ], snapshot
    # after a move the order is the board's again, and the moved tile says where it is
    tile(page, 2).click()
    names = re.findall(r'- (?:button|img) "([^"]+)"', page.locator("#board").aria_snapshot())
    assert names[4:6] == ["2, row 2, column 2, can move right", "gap, row 2, column 3"]
    assert page.locator("#board").get_attribute("aria-describedby") == "board-keys board-focus-keys"
    assert page.locator("#board-keys").inner_text() == "Arrow keys slide a tile into the gap."
    assert page.locator("#board-keys").is_visible()


def test_moves_are_announced_politely(pages):
    page = pages()
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8", ready=False)
    live = page.locator("#announce")
    assert live.get_attribute("aria-live") == "polite"
    # each move said once, with the coach's words for the board it made when they come
    tile(page, 8).click()  # the run 7, 8 slides left
    wait_text(page, "#announce", r"^7 and 8 moved left(\. .+)?$")
    page.get_by_role("button", name="Undo").click()
    page.locator("body").press("ArrowLeft")
    wait_text(page, "#announce", r"^7 moved left(\. .+)?$")
    page.locator("body").press("ArrowLeft")
    wait_text(page, "#announce", r"^8 moved left(\. .+)?$")
    solved = page.locator("#message")
    assert solved.get_attribute("aria-live") == "polite"
    assert re.match(r"Solved in 2 moves", solved.inner_text())


def test_focus_is_visible_on_tiles(pages):
    page = pages()
    open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)
    # Tab reaches the board after the header's few controls (the language switch)
    for _ in range(6):
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
            return {label: e.getAttribute('aria-label'), style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }""")
        if focused["label"] and "row" in focused["label"]:
            break
    assert focused["label"] == "1, row 1, column 1, home"
    assert focused["style"] == "solid" and focused["width"] >= 2


# ------------------------------------------------------------------ wraps clicked the short way


def test_a_click_across_a_wrap_is_one_move_as_in_python(pages):
    page = pages()
    open_site(page, f"#id={WRAPPED_5X5}&wrap=r2,c2", ready=False)
    # row 3 (row 2 counted from 0) wraps; the gap is at its left end, tile 14 at its right end
    assert page.locator("#board .gap").get_attribute("aria-label") == "gap, row 3, column 1"
    tile(page, 14).click()
    assert moves_shown(page) == 1
    start = tuple(int(t) for t in WRAPPED_5X5.split(":")[1].split(","))
    expected = apply_moves(start, "L", Topology(5, 5, (2,), (2,)))
    assert shown_board(page) == "5x5:" + ",".join(map(str, expected))
    wait_text(page, "#announce", r"^14 moved right(\. .+)?$")


# ------------------------------------------------------------------ light, dark, still


def test_reduced_motion_slides_nothing(pages):
    moving = pages(reduced_motion="no-preference")
    still = pages(reduced_motion="reduce")
    duration = "e => getComputedStyle(e).transitionDuration"
    # a click, and the animations on the tile that moved, read at once (a slide lasts 0.12 s)
    click = "e => { e.click(); return e.getAnimations().length; }"  # the button moves with its tile
    slides = []
    for page in (moving, still):
        open_site(page, "#id=3x3:1,2,3,4,5,6,7,0,8", ready=False)
        slides.append(tile(page, 8).evaluate(click))
    assert moving.locator("#board button.tile").first.evaluate(duration) != "0s"
    assert still.locator("#board button.tile").first.evaluate(duration) == "0s"
    assert slides == [1, 0]
    assert shown_board(still) == "3x3:1,2,3,4,5,6,7,8,0" and tile(still, 8).get_attribute("data-cell") == "7"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_axe_finds_no_violations(pages, viewport, scheme):
    page = pages(viewport, color_scheme=scheme)
    open_site(page, f"#id={WRAPPED_5X5}&wrap=r2,c2")
    page.locator("body").press("ArrowLeft")  # a tile off its home too
    page.get_by_text("Solver options").click()
    page.get_by_text("Enter a board").click()
    colours = page.evaluate("""() => [document.documentElement, document.querySelector('#board button.tile'),
        document.getElementById('status')].map(e => getComputedStyle(e).backgroundColor)""")
    light = {"light": ["rgb(246, 244, 239)", "rgb(46, 125, 79)", "rgb(255, 255, 255)"]}
    if scheme == "light":
        assert colours == light["light"]
    else:
        assert all(a != b for a, b in zip(colours, light["light"])), colours
    violations = axe_violations(page)
    assert violations == [], violations
    # the coach's words while it works out a new position (dimmed by opacity, they once
    # failed the contrast check on a busy machine, where that state lasts)
    page.evaluate("document.getElementById('coach').dataset.state = 'thinking'")
    violations = axe_violations(page)
    assert violations == [], violations
