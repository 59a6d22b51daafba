"""An event's session written as CSV or JSON and read back exactly, in the package
(npuzzle.speedsolving.session_files) and the page (web/practice/session_files.js) alike: the
marathons x10 and x42, blindfolded, the relay and the height and width relays, with their
splits; the same text written by both, byte for byte; a bad event row refused with the
same key, row and field by both; a file from before events still read."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from support import event_solves, marathon_solve, node_executable, run_node

from npuzzle.speedsolving.events import key_event
from npuzzle.speedsolving.session_files import SessionFileError, check_solve, read_file, to_csv, to_json_text

TWIN = Path(__file__).with_name("session_twin.mjs")
EVENTS_TWIN = Path(__file__).with_name("events_twin.mjs")
KEYS = ["3x3 x10", "2x2 x42", "4x4 blind", "relay 2x2-4x4", "relay 3x2-3x4", "relay 2x3-4x3", "3x3 r1 x10"]


@pytest.mark.parametrize("key", KEYS)
def test_an_event_s_session_reads_back_exactly_in_the_package(key):
    solves = event_solves(key, seed=len(key))
    for text in (to_csv(key, solves, "Sunday"), to_json_text(key, solves, "Sunday")):
        assert read_file(text) == [(key, solve) for solve in solves]
    marathon = next((s for s in solves if "splits" in s), None)
    if marathon:
        assert len(marathon["splits"]) > 1 and marathon["event"] == key_event(key)[1]


def test_an_event_s_row_as_a_speedsolver_reads_it():
    text = to_csv("2x2 x10", [marathon_solve()], "Sunday")
    header, line = text.splitlines()
    row = dict(zip(header.split(","), next(csv.reader([line])), strict=True))
    assert (row["size"], row["event"], row["time"], row["moves"], row["mtm"]) == ("2x2", "x10", "DNF", "7", "7")
    assert (row["split_times"], row["split_moves"]) == ("700 2100 4900", "1 2 4")
    assert row["split_scrambles"] == "2x2:1,2,0,3 2x2:0,1,3,2 2x2:1,0,3,2"
    relay = json.loads(to_json_text("relay 2x2-4x4", event_solves("relay 2x2-4x4", 1, 1)))["solves"][0]
    assert (relay["size"], relay["event"], len(relay["split_scrambles"])) == ("4x4", "relay", 3)
    assert [s[:3] for s in relay["split_scrambles"]] == ["2x2", "3x3", "4x4"]
    single = json.loads(to_json_text("4x4", []))
    assert single["solves"] == []


def test_the_page_writes_and_reads_events_as_the_package_does():
    node_executable()
    exports = [{"kind": key, "solves": event_solves(key, seed=7 + i)} for i, key in enumerate(KEYS)]
    python_texts = [t for e in exports for t in (to_csv(e["kind"], e["solves"]), to_json_text(e["kind"], e["solves"]))]
    js = json.loads(
        run_node(TWIN, input=json.dumps({"sessions": [], "times": [], "exports": exports, "files": python_texts}))
    )
    assert js["texts"] == [[to_csv(e["kind"], e["solves"]), to_json_text(e["kind"], e["solves"])] for e in exports]
    for e, trips in zip(exports, js["roundTrips"], strict=True):
        assert trips == [e["solves"], e["solves"]], e["kind"]
    for text, answer in zip(python_texts, js["files"], strict=True):
        assert answer == {"ok": [{"kind": k, "solve": s, "session": ""} for k, s in read_file(text)]}


HEADER = "date,size,event,type,time_ms,penalty,scramble,solution,move_times,split_times,split_moves,split_scrambles"
ROW = '2026-11-26T08:00:00.000Z,2x2,x10,random,5400,DNF,"2x2:1,2,0,3",L2U2RDL,,700 2100 4900,1 2 4,"2x2:1,2,0,3 2x2:0,1,3,2 2x2:1,0,3,2"'
SINGLE = '2026-11-26T08:00:01.000Z,2x2,single,random,900,,"2x2:1,2,0,3",L,,,,'
BAD_ROWS = {
    # (the row at fault, as the second of the file) -> (key, field or values)
    ROW.replace(",x10,", ",x7,"): ("file.field", {"field": "event", "value": "x7"}),
    ROW.replace(",2x2,x10,", ",2x2 x10,x10,"): ("file.field", {"field": "size", "value": "2x2 x10"}),
    ROW.replace(",2x2,x10,", ",2x2,relay,"): ("file.field", {"field": "event", "value": "relay"}),
    ROW.replace("700 2100 4900,", ","): ("file.field", {"field": "split_times", "value": ""}),
    ROW.replace("700 2100 4900", "700 2100 4.9"): ("file.field", {"field": "split_times", "value": "700 2100 4.9"}),
    ROW.replace("1 2 4", "1 2 3"): ("file.field", {"field": "split_moves", "value": "1 2 3"}),
    ROW.replace("1 2 4", "1 6"): ("file.field", {"field": "split_moves", "value": "1 6"}),
    ROW.replace(" 2x2:1,0,3,2", ""): ("file.field", {"field": "split_scrambles", "value": "2x2:1,2,0,3 2x2:0,1,3,2"}),
    ROW.replace("700 2100 4900", "700 4900 2100"): ("file.field", {"field": "splits", "value": "2x2 x10"}),
    ROW.replace("700 2100 4900", "700 2100 5401"): ("file.field", {"field": "splits", "value": "2x2 x10"}),
    ROW.replace(" 2x2:0,1,3,2", " 3x3:1,2,3,4,5,6,7,0,8"): (
        "file.size",
        {"scramble": "3x3:1,2,3,4,5,6,7,0,8", "size": "2x2 x10"},
    ),
    ROW.replace("1 2 4", "2 1 4"): ("file.moves", {"scramble": "2x2:1,2,0,3"}),
    SINGLE.replace(",,,,", ",,700,1,"): ("file.field", {"field": "split_times", "value": "700"}),
    SINGLE.replace("single", "blind").replace(",,,,", ',,,,"2x2:1,2,0,3"'): (
        "file.field",
        {"field": "split_scrambles", "value": "2x2:1,2,0,3"},
    ),
    # a file exported before this change: the key in the size column, no splits
    '2026-11-26T08:00:00.000Z,2x2 x10,,random,5400,DNF,"2x2:1,2,0,3",L2U2RDL,,,,': (
        "file.field",
        {"field": "split_times", "value": ""},
    ),
}


def test_a_bad_event_row_is_named_and_nothing_is_read():
    node_executable()
    files = [f"{HEADER}\r\n{SINGLE}\r\n{bad}\r\n{ROW}\r\n" for bad in BAD_ROWS]
    js = json.loads(run_node(TWIN, input=json.dumps({"sessions": [], "times": [], "files": files})))
    for text, (key, params), answer in zip(files, BAD_ROWS.values(), js["files"], strict=True):
        expected = {**params, "n": 2}
        with pytest.raises(SessionFileError) as refused:
            read_file(text)
        assert (refused.value.key, refused.value.params) == (key, expected), text
        assert answer == {"error": key, "params": expected}, text
        assert "solve 2" in str(refused.value)


def test_old_files_still_read():
    # a file of singles from before events: no event, no split columns
    old = 'date,size,type,time_ms,penalty,scramble,solution\r\n2026-11-26T08:00:01.000Z,2x2,random,900,,"2x2:1,2,0,3",L\r\n'
    [(key, solve)] = read_file(old)
    assert key == "2x2" and "event" not in solve and "splits" not in solve
    # blindfolded exported before this change: its key in the size column, no event column
    blind = old.replace(",2x2,", ",2x2 blind,")
    [(key, solve)] = read_file(blind)
    assert key == "2x2 blind" and solve["event"] == "blind"
    # the same row with the new columns reads the same
    both = f"{HEADER}\r\n{ROW}\r\n{SINGLE}\r\n"
    [(k1, marathon), (k2, single)] = read_file(both)
    assert (k1, k2) == ("2x2 x10", "2x2") and len(marathon["splits"]) == 3 and "event" not in single
    node_executable()
    js = json.loads(run_node(TWIN, input=json.dumps({"sessions": [], "times": [], "files": [old, blind, both]})))
    for text, answer in zip([old, blind, both], js["files"], strict=True):
        assert answer == {"ok": [{"kind": k, "solve": s, "session": ""} for k, s in read_file(text)]}


def test_the_package_checks_an_event_s_solve_as_the_page_does():
    node_executable()
    solve = marathon_solve()
    cases = [("2x2 x10", solve), ("2x2 x10", {**solve, "event": "x42"}), ("4x4 x7", solve)]
    cases += [("2x2 x10", {**solve, "moves": solve["moves"] + "L"}), ("2x2 x10", {**solve, "splits": []})]
    cases += [("2x2 x10", {**solve, "splits": solve["splits"][::-1]})]
    cases += [(k, s) for k in KEYS for s in event_solves(k, 3, 2)]
    page = json.loads(
        run_node(EVENTS_TWIN, input=json.dumps({"kinds": [], "keys": [], "refused": [], "bests": [], "solves": cases}))
    )
    for (key, s), answer in zip(cases, page["solves"], strict=True):
        try:
            check_solve(s, key)
            mine = {"ok": True}
        except SessionFileError as e:
            mine = {"error": e.key, "params": e.params}
        assert answer["check"] == mine, key
    assert [a["check"].get("params", {}).get("field") for a in page["solves"][:6]] == [
        None,
        "event",
        "event",
        "splits",
        "splits",
        "splits",
    ]
