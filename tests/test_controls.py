"""The board's controls without a browser: tests/controls_test.mjs drives web/game/board_input.js
(which way a key sends a tile for each key set and each way a key names; the cells a fast
pointer's path enters in hover mode), web/practice/inspection.js (an inspection's overrun) and
web/practice/records.js (the records of a solve so marked) under Node; every answer is checked
exactly."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from support import node_executable

SCRIPT = Path(__file__).with_name("controls_test.mjs")
# The keys tried, and the way the tile goes for each with arrows alone and the tile's way.
ARROWS_ONLY = {
    "ArrowUp": "U",
    "Shift+ArrowLeft": "L",  # off the board, Shift and an arrow slide too (on it, they move the focus)
    "Ctrl+ArrowUp": None,
    "w": None,
    "d": None,
    "z on AZERTY": None,
    "w on AZERTY": None,
    "Shift+W": None,
    "Ctrl+W": None,  # the browser's: close the tab
    "Alt+D": None,  # the browser's: the address bar
    "i": None,
    "l": None,
    "Enter": None,
}
OTHER = {"U": "D", "D": "U", "L": "R", "R": "L", None: None}


@pytest.fixture(scope="module")
def js() -> dict:
    node = node_executable()
    out = subprocess.run([node, str(SCRIPT)], capture_output=True, text=True, timeout=60, check=True).stdout
    return json.loads(out)


def test_the_arrows_always_work_and_the_letters_of_the_chosen_set_by_their_place(js):
    wasd = {**ARROWS_ONLY, "w": "U", "d": "R", "z on AZERTY": "U"}  # by the key's place: Z on AZERTY is W's
    ijkl = {**ARROWS_ONLY, "i": "U", "l": "R"}
    assert js["keys"]["arrows/tile"] == ARROWS_ONLY
    assert js["keys"]["wasd/tile"] == wasd
    assert js["keys"]["ijkl/tile"] == ijkl


def test_a_key_that_names_the_gaps_way_sends_the_tile_the_other_way(js):
    for keys, tile_way in [
        ("arrows", ARROWS_ONLY),
        ("wasd", js["keys"]["wasd/tile"]),
        ("ijkl", js["keys"]["ijkl/tile"]),
    ]:
        assert js["keys"][f"{keys}/gap"] == {name: OTHER[way] for name, way in tile_way.items()}


def test_a_fast_pointer_enters_every_cell_its_path_crosses_in_order(js):
    # cells of a 3x3 board: 0 1 2 / 3 4 5 / 6 7 8
    assert js["paths"] == {
        "stays in a cell": [0],
        "two cells right in one event": [0, 1, 2],
        "right then down, not through a corner": [1, 2, 5],
        "down then right": [1, 4, 5],
        "through a corner exactly": [0, 1, 4],  # the column first
        "left and up": [8, 7, 4, 3],
        "in from beyond the edge": [3, 4],
        "out beyond the edge": [7],
    }


def test_an_inspection_past_15_s_costs_2_s_and_past_17_s_a_dnf(js):
    assert js["inspection"] == {
        "0": "",
        "14999": "",
        "15000": "",
        "15001": "+2",
        "16500": "+2",
        "17000": "+2",
        "17001": "DNF",
        "60000": "DNF",
    }


def test_the_records_take_a_plus_2_solve_2_s_slower_and_a_dnf_not_at_all(js):
    assert js["records"] == [
        {"mark": "+2", "beaten": {"ms": True, "moves": True}, "best": 3500},
        {"mark": "DNF", "beaten": None, "best": 3500},
        {"mark": "", "beaten": {"ms": True, "moves": False}, "best": 1500},
    ]
