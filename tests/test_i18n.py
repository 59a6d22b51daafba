"""The package's messages in the page's languages: web/languages/i18n.js shows an error's
code and parameters (as the api sends them, npuzzle.catalogue.shown) exactly as the package
words it in English (npuzzle.catalogue.text, with the parameters given), and in Chinese as
support.worded does from the page's catalogue."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path
from unittest import mock

from npuzzle import api
from npuzzle.catalogue import shown, text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from support import node_executable, worded


@contextlib.contextmanager
def _as_given():
    """The api's replies with their messages' parameters as given, not as shown: what text() takes."""

    def same(code, params):
        return dict(params)

    with mock.patch("npuzzle.catalogue.shown", same), mock.patch("npuzzle.api.checks.shown", same):
        yield


def _page(messages: list[dict]) -> dict:
    """i18n_twin.mjs's wording of the messages, sent as the api sends them (params shown)."""
    sent = [{**m, "params": shown(m["code"], m["params"])} for m in messages]
    return json.loads(
        subprocess.run(
            [node_executable(), str(ROOT / "tests" / "i18n_twin.mjs")],
            input=json.dumps({"errors": sent}),
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
    )


with _as_given():
    ERRORS = [
        api.check("3x3:1,2,3"),
        api.check("3x3:1,2,3,4,5,6,7,8,8"),
        api.check("3x3:1,2,3,4,a,6,7,8,0"),
        api.check("3x3:1,2,,3,4,5,6,7,8,0"),
        api.check("3x3"),
        api.check("1 2 3\n4 5"),
        api.check("40x40:1"),
        api.check("3x3:1,2,3,4,5,6,7,8,0", "2x2:1,2,3,0"),
        api.check("3x3:1,2,3,4,5,6,7,8,0", wrap="q'1"),
        api.check("3x3:1,2,3,4,5,6,7,8,0", wrap="r7"),
        api.check("2x3:1,2,3,4,5,0", wrap="r0"),
        api.replay("3x3:1,2,3,4,5,6,0,7,8", "RRR"),
        api.replay("3x3:1,2,3,4,5,6,0,7,8", "RX"),
        api.solve("3x3:1,2,3,4,5,6,7,8,0", strategy="magic"),
        api.solve("3x3:1,2,3,4,5,6,7,8,0", time_limit=-1),
        api.solve("3x3:1,2,3,4,5,6,7,8,0", time_limit=1e7),
        api.random(31, 3),
        api.check(None),
        api.check("3x3:1,2,3,4,5,6,7,8,0", wrap=5),
        api.random(3, 4, goal="3x3:1,2,3,4,5,6,7,8,0"),
        api.check("9" * 40 + "x3:1"),
        api.check("3x3:1,2,3,4,5,6,7,8," + "9" * 40),
        api.check("1 2 3 4 5"),
    ]


def test_the_page_shows_python_messages_in_both_languages():
    assert all(not e["ok"] and e["code"] for e in ERRORS)
    page = _page(ERRORS)
    assert page["en"] == [e["error"] for e in ERRORS]
    assert page["filled"] == [e["error"] for e in ERRORS]  # the English from the code alone (rules.js's)
    assert page["zh"] == [worded(e["code"], "zh", **e["params"]) for e in ERRORS]
    assert len(set(e["code"] for e in ERRORS)) >= 18  # most of the catalogue is exercised
    assert page["choices"] == ["zh", "en", "zh", "en"]


def _coded_texts() -> list[dict]:
    """Solvability reasons, a solve's notes and the lab's messages, as the api sends them."""
    out = [
        api.check("3x3:1,2,3,4,5,6,8,7,0")["reason_code"],
        api.check("3x3:1,2,3,4,5,6,7,0,8")["reason_code"],
        api.check("3x3:1,2,3,4,5,6,7,8,0", wrap="r1")["reason_code"],
    ]
    answer = api.solve(api.random(6, 6, seed=3)["id"], strategy="auto", time_limit=1)
    assert answer["note_codes"] and all(n["code"] for n in answer["note_codes"])
    out += answer["note_codes"]
    out.append(
        api.solve("3x3:1,2,3,4,5,6,7,0,8", algorithm="astar", heuristic="pdb", strategy="optimal")["note_codes"][0]
    )
    out += [
        api.explain("3x3:1,2,3,4,5,6,7,0,8", wrap="r1", heuristic="pdb"),
        api.step_next(987654),
        api.tree("3x3:1,2,3,4,5,6,7,0,8", algorithm="bfs"),
        api.step_start("3x3:1,2,3,4,5,6,8,7,0"),
    ]
    # the lab's tables: names, yes/no, why a run stopped, a weighted run's w (Python's :g)
    compared = api.compare(
        "3x3:8,6,7,2,5,4,3,0,1",
        algorithms="bfs,weighted-astar",
        heuristics="linear-conflict",
        weight=1.25,
        max_nodes=40,
    )
    runs = api.study_board("3x3:1,2,3,4,5,6,0,7,8", algorithms="idastar", heuristics="pdb")["runs"]
    rows = compared["rows"] + api.study_table([runs])["rows"]
    out += [cell for row in rows for cell in row["cells"].values() if cell["code"]]
    return out


def test_reasons_notes_and_the_lab_messages_have_codes_in_both_languages():
    with _as_given():
        coded = _coded_texts()
    assert all(c.get("code") for c in coded), coded
    page = _page(coded)
    english = [c.get("error", c.get("text")) for c in coded]
    assert page["en"] == english
    assert [text(c["code"], **c["params"]) for c in coded] == english  # the English text is the catalogue's
    assert page["filled"] == english
    assert page["zh"] == [worded(c["code"], "zh", **c["params"]) for c in coded]


def test_a_text_keeps_its_code_through_copies_and_pickles():
    import copy
    import pickle

    from npuzzle.catalogue import Text, coded

    note = Text("note.weighted_found", w="3/2", label="pattern databases", length=101, seconds=0.4, factor=1.5)
    assert note == "weighted IDA* (w = 3/2, pattern databases) found 101 moves in 0.40 s, at most 1.5 x optimal"
    for again in (copy.deepcopy(note), pickle.loads(pickle.dumps(note))):
        assert coded(again) == coded(note) and again == note
    assert coded("plain") == {"code": None, "params": {}, "text": "plain"}
