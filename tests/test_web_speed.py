"""The speedsolvers' panel in the browser: a Slidysim scramble and solution pasted in tile
notation are analysed with the same rows as the command line, and the time it takes is
printed (run with -s).  The first analysis fetches the 4x4's databases unless the page's
warm-up for the linked 4x4 board already has."""

from __future__ import annotations

from npuzzle.analysis import analyse
from npuzzle.notation import parse_moves, parse_problem

from support import SOLVE_4X4
from web_fixtures import open_site


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
    print(f"\nanalysis of a {len(parse_moves(solution, 'tile'))}-move 4x4 solve in the page: first {times[0]} ms "
          f"(databases fetched unless the page's warm-up had them), then {times[1]} ms")
    expected = analyse(parse_problem(scramble), parse_moves(solution, "tile"))
    rows = _rows(page)
    assert len(rows) == len(expected.rows) == 68
    for i, (shown, row) in enumerate(zip(rows, expected.rows), 1):
        tile_letter = {"U": "D", "D": "U", "L": "R", "R": "L"}
        assert shown == [str(i), tile_letter[row.move], str(row.tile), str(row.before), str(row.after),
                         f"+{row.lost}" if row.lost else "", tile_letter.get(row.better, "")], i
    summary = page.locator("#speed-summary").inner_text()
    assert "68 moves (STM), 53 MTM; optimum 54; 14 moves lost; the first loss at move 3." in summary
    assert page.locator("#speed-export").inner_text().startswith(f"Scramble: {scramble}; Solution: {solution};")
    # a row shows its position on the board
    page.locator("#speed-rows tr").nth(2).click()
    assert page.locator("#move-count").inner_text() == "3"
