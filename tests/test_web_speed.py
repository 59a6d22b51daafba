"""The speedsolvers' panel in the browser: a Slidysim scramble and solution pasted in tile
notation are analysed with the same rows as the command line, and the time it takes is
printed (run with -s).  The first analysis fetches the 4x4's databases unless the page's
warm-up for the linked 4x4 board already has."""

from __future__ import annotations

from support import SOLVE_4X4
from web_fixtures import open_site, shown_board

from npuzzle import apply_moves, format_board_id
from npuzzle.rules.notation import parse_moves, parse_problem
from npuzzle.speedsolving.analysis import analyse

ANALYSED = 180_000  # ms: the first analysis fetches the 4x4's pattern databases (4.6 MB)


def _rows(page) -> list[list[str]]:
    return page.evaluate("""() => [...document.querySelectorAll('#speed-rows tr')]
        .map((tr) => [...tr.children].map((td) => td.textContent))""")


def test_a_pasted_slidysim_solve_is_analysed_with_the_command_lines_rows(page):
    scramble, solution = SOLVE_4X4
    open_site(page, "#id=4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
    page.locator("#speedsolve summary").click()
    page.select_option("#speed-notation", "tile")
    page.fill("#speed-scramble", scramble)
    page.fill("#speed-solution", solution)
    times = []
    for _ in range(2):  # the second time the databases are loaded already
        page.evaluate("delete document.documentElement.dataset.speedAnalyseMs")
        page.click("#speed-analyse")
        page.wait_for_function("document.documentElement.dataset.speedAnalyseMs !== undefined", timeout=ANALYSED)
        times.append(int(page.evaluate("document.documentElement.dataset.speedAnalyseMs")))
    print(
        f"\nanalysis of a {len(parse_moves(solution, 'tile'))}-move 4x4 solve in the page: first {times[0]} ms "
        f"(databases fetched unless the page's warm-up had them), then {times[1]} ms"
    )
    expected = analyse(parse_problem(scramble), parse_moves(solution, "tile"))
    rows = _rows(page)
    assert len(rows) == len(expected.rows) == 68
    for i, (shown, row) in enumerate(zip(rows, expected.rows), 1):
        tile_letter = {"U": "D", "D": "U", "L": "R", "R": "L"}
        assert shown == [
            str(i),
            tile_letter[row.move],
            str(row.tile),
            str(row.before),
            str(row.after),
            f"+{row.lost}" if row.lost else "",
            tile_letter.get(row.better, ""),
        ], i
    summary = page.locator("#speed-summary").inner_text()
    assert "68 moves (STM), 53 MTM; optimum 54; 14 moves lost; the first loss at move 3." in summary
    assert page.locator("#speed-export").inner_text().startswith(f"Scramble: {scramble}; Solution: {solution};")
    # a row shows its position on the board
    page.locator("#speed-rows tr").nth(2).click()
    problem = parse_problem(scramble)
    after_three = apply_moves(problem.start, "".join(parse_moves(solution, "tile"))[:3], problem.topology)
    assert shown_board(page) == format_board_id(4, 4, after_three)
    assert page.locator("#move-count").inner_text() == "0"  # the solve's moves are not the player's own


def test_a_link_opens_a_solve_analysed_and_the_panel_makes_such_links(page, browser, site_url):
    # 3x3, the blank bottom left: in Slidysim's notation "DUL2" is the tile above going down
    # and back up (two moves lost), then two tiles left (the blank going right twice)
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8&analyse=DUL2&notation=tile")
    assert page.locator("#speedsolve").evaluate("d => d.open")
    page.locator("#speed-rows tr").nth(3).wait_for(timeout=ANALYSED)
    assert [r[:2] for r in _rows(page)] == [["1", "D"], ["2", "U"], ["3", "L"], ["4", "L"]]
    assert (
        "4 moves (STM), 3 MTM, fewest MTM 1; optimum 2; 2 moves lost; the first loss at move 1."
        in page.locator("#speed-summary").inner_text()
    )
    assert page.locator("#speed-solution").input_value() == "DUL2"
    assert "analyse=DUL2&notation=tile" in page.url  # kept in the address, so a reload keeps it
    # the person's own link: another solve of this board, in the blank's notation
    page.select_option("#speed-notation", "gap")
    page.fill("#speed-solution", "RR")
    page.click("#speed-link")
    link = page.locator("#speed-link-text").input_value()
    assert link.endswith("#id=3x3:1,2,3,4,5,6,0,7,8&analyse=RR&notation=gap")
    other = browser.new_context(
        viewport={"width": 390, "height": 844}, bypass_csp=True, service_workers="block"
    ).new_page()
    other.goto(link)
    other.locator("#speed-rows tr").nth(1).wait_for(timeout=ANALYSED)
    assert "2 moves (STM), 1 MTM, fewest MTM 1; optimum 2; 0 moves lost" in other.locator("#speed-summary").inner_text()
    other.context.close()


def test_a_bad_solve_in_a_link_is_said_in_the_panel_and_the_board_still_loads(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8&analyse=R0&notation=tile")
    assert page.locator("#speedsolve").evaluate("d => d.open")
    assert "0" in page.locator("#speed-status").inner_text() and page.locator("#speed-status").inner_text()
    assert page.locator("#speed-rows tr").count() == 0
    assert page.locator("#link-message").is_hidden()
    assert page.evaluate("document.querySelectorAll('#board button.tile').length") == 8


def test_an_own_solve_and_the_solvers_answer_give_stm_and_mtm(page):
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.get_by_role("button", name="Solve", exact=True).click()
    page.get_by_role("status").filter(has_text="Solution: 2 moves").wait_for(timeout=60_000)
    page.locator("#status-details summary").click()  # the solver's figures, one click away
    page.locator("#status-figures").filter(has_text="2 single-tile moves (STM), 1 multi-tile moves (MTM)").wait_for()
    open_site(page, "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.locator("body").press("ArrowLeft")
    page.locator("body").press("ArrowLeft")
    page.locator("#message").filter(has_text="2 STM, 1 MTM").wait_for(timeout=10_000)
