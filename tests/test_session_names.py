"""Named sessions (web/practice/session_store.js and its twin in
npuzzle.speedsolving.session_files.migrate_store): a version-1 store read back solve for
solve as the default session, create, rename, switch, delete and undo kept across a fresh
read; the records over every session of a key (records.best_over and records.js's twin);
a session's name in its files; csTimer's file through the api."""

from __future__ import annotations

import json
import random
from pathlib import Path

from support import generated_solves, node_executable, run_node

from npuzzle.api import call
from npuzzle.speedsolving.records import best_over, personal_bests
from npuzzle.speedsolving.session_files import migrate_store, read_file, to_csv, to_json_text

TWIN = Path(__file__).with_name("session_twin.mjs")
FIXTURE = Path(__file__).parent / "data" / "cstimer_export.txt"


def twin(cases: dict) -> dict:
    return json.loads(run_node(TWIN, input=json.dumps({"sessions": [], "times": [], **cases})))


def as_json(value):
    return json.loads(json.dumps(value).replace("Infinity", '"DNF"'))


def version_1_store() -> dict:
    """A store as the page kept it before named sessions: two kinds, one damaged solve."""
    return {"version": 1, "sessions": {"3x3": generated_solves(3, 25) + [{"date": 5}], "3x3 all": []}}


def test_a_version_1_store_is_read_back_solve_for_solve():
    node_executable()
    kept = version_1_store()
    solves = kept["sessions"]["3x3"][:-1]
    js = twin({"migrate": [kept]})["migrated"][0]
    py = migrate_store(kept)
    assert js == py  # the page and the package read it the same
    assert list(py) == ["3x3"]  # an empty kind has no session; the damaged solve is dropped
    shelf = py["3x3"]
    assert shelf["current"] == 1 and [(s["id"], s["name"]) for s in shelf["sessions"]] == [(1, None)]
    read = shelf["sessions"][0]["solves"]
    assert len(read) == len(solves) == 25
    for before, after in zip(solves, read, strict=True):  # every field of every solve
        assert after == {**before, "assisted": before.get("assisted") is True}
    # version 2 read as it is written
    assert migrate_store({"version": 2, "keys": py}) == py


def test_sessions_by_name_created_renamed_switched_deleted_and_undone():
    node_executable()
    a, b = generated_solves(11, 2)
    stored = {"npuzzle.sessions": json.dumps({"version": 1, "sessions": {"3x3": []}})}
    steps = twin({"naming": {"stored": stored, "solves": [a, b]}})["naming"]

    def default(count, current=True):
        return {"id": 1, "name": None, "count": count, "current": current}

    def oh(name, count, current):
        return {"id": 2, "name": name, "count": count, "current": current}

    assert [(s["what"], s["named"], s["dates"], s["version"]) for s in steps] == [
        ("as kept", [default(0)], [], 1),
        ("added", [default(1)], [a["date"]], 2),
        ("created", [default(1, False), oh("One-handed", 1, True)], [b["date"]], 2),  # trimmed
        ("renamed", [default(1, False), oh("OH", 1, True)], [b["date"]], 2),
        ("switched", [default(1), oh("OH", 1, False)], [a["date"]], 2),
        ("dropped", [oh("OH", 1, True)], [b["date"]], 2),  # the next one becomes current
        ("undone", [default(1), oh("OH", 1, False)], [a["date"]], 2),  # back, current again
        # the last one deleted leaves an empty default session (id 3), gone on undo
        ("both dropped", [{"id": 3, "name": None, "count": 0, "current": True}], [], 2),
        ("both undone", [default(1), oh("OH", 1, False)], [a["date"]], 2),
    ]


def test_the_records_are_the_best_over_every_session_of_a_key():
    node_executable()
    rng = random.Random(8)
    solves = generated_solves(43, 150)
    cases = [[rng.sample(solves, rng.randrange(0, 30)) for _ in range(rng.randrange(1, 4))] for _ in range(30)]
    cases += [[[], []], [[s for s in solves if s["type"] == "pasted"][:6], solves[:20]]]
    js = twin({"over": cases})["over"]
    assert js == [as_json(best_over(lists)) for lists in cases]
    # by hand: each figure the best of the sessions', never an average across two
    for lists in cases:
        bests = [b for b in map(personal_bests, lists) if b and b["type"] == "random"]
        over = best_over(lists)
        if bests:
            assert over["single"] == min(b["single"] for b in bests)
            assert over["count"] == sum(b["count"] for b in bests)
    assert sum(1 for b in js if b and b["ao5"] is not None) > 5


def test_a_file_names_its_session_and_reads_back():
    node_executable()
    solves = generated_solves(29, 6)
    js = twin({"exports": [{"kind": "3x3", "solves": solves}]})
    csv_text, json_text = to_csv("3x3", solves, 'One, "handed"'), to_json_text("3x3", solves, "单手")
    assert csv_text.splitlines()[0].endswith(",assisted,session")
    assert csv_text.splitlines()[1].endswith(',"One, ""handed"""')
    assert json.loads(json_text)["solves"][0]["session"] == "单手"
    assert read_file(csv_text) == [("3x3", s) for s in solves]  # the name is not a solve's
    assert js["texts"][0] == [to_csv("3x3", solves), to_json_text("3x3", solves)]


def test_cstimer_s_file_through_the_api():
    reply = json.loads(call("cstimer", json.dumps({"text": FIXTURE.read_text(encoding="utf-8")})))
    assert [(s["name"], s["kind"], len(s["solves"])) for s in reply["sessions"]] == [
        ("15 puzzle", "4x4", 4),
        ("8 puzzle (blank)", "3x3", 2),
        ("15 arrows", "4x4", 1),
        ("15 empty", "4x4", 0),
    ]
    assert reply["left_out"] == ["1"]
    assert [s["penalty"] for s in reply["sessions"][0]["solves"]] == ["", "+2", "DNF", ""]
    bad = json.loads(call("cstimer", json.dumps({"text": '{"session1": 3}'})))
    assert (bad["ok"], bad["code"], bad["error"]) == (False, "cstimer.not_cstimer", bad["error"])
