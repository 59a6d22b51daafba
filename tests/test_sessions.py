"""The speedsolvers' averages (npuzzle.speedsolving.sessions) on examples worked by hand, against a plain
reference computation on generated sessions, and the page's twin (web/practice/session.js) against
the package on the same sessions; the page's session files read back as they were written; the
records worked out from a session (npuzzle.speedsolving.records.personal_bests and records.js's
twin), assisted solves counting for nothing."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import generated_solves, node_executable, run_node

from npuzzle.speedsolving.metrics import tps
from npuzzle.speedsolving.records import personal_bests
from npuzzle.speedsolving.session_files import SessionFileError, read_file, to_csv, to_json_text
from npuzzle.speedsolving.sessions import (
    AVERAGES,
    DNF,
    average,
    format_time,
    result,
    rolling,
    scored,
    stats,
    trimmed,
)
from npuzzle.speedsolving.statistics import session_statistics, trend

TWIN = Path(__file__).with_name("session_twin.mjs")


def reference_average(results):
    """The WCA rule as a person reads it: sort (DNF last), count the DNFs; more DNFs than the
    worst dropped is DNF; else strike the best k and the worst k and mean the rest."""
    n = len(results)
    k = math.ceil(n / 20) if n >= 20 else 1
    ordered = sorted(results)
    if sum(1 for r in results if r == DNF) > k:
        return DNF
    kept = ordered[k : n - k]
    mean = sum(kept) / len(kept)
    return math.floor(mean + 0.5)  # the nearest millisecond, halves up


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ([4000, 5000, 6000, 7000, 100_000], 6000),
        ([4000, 5000, 6000, 7001, 100_000], 6000),  # (5000 + 6000 + 7001) / 3 = 6000.33
        ([4000, 5000, 6000, 7002, 100_000], 6001),  # 6000.67: rounded up
        ([1000, 1000, 1001, 1001, 1001], 1001),  # 1000.67: rounded up
        ([1, 2, 3, 4, 6], 3),  # (2 + 3 + 4) / 3
        ([1, 2, 2, 3, 9], 2),  # 7 / 3 = 2.33
        ([1, 2, 3, 3, 9], 3),  # 8 / 3 = 2.67
        ([1, 1, 2, 2, 9], 2),  # 5 / 3 = 1.67
        ([10, 20, 30, DNF, 1], 20),  # the DNF is the worst, dropped
        ([10, DNF, 30, DNF, 1], DNF),  # two DNFs, one dropped
        ([DNF] * 5, DNF),
        ([1000 * i for i in range(1, 13)], 6500),  # ao12: 2..11 kept
        ([1000 * i for i in range(1, 12)] + [DNF], 6500),
        ([1000 * i for i in range(1, 11)] + [DNF, DNF], DNF),
        # ao50: 3 dropped each way; 3 DNFs are all dropped, a fourth makes it DNF
        ([1000 * i for i in range(1, 48)] + [DNF] * 3, 25_500),  # 4..47 kept
        ([1000 * i for i in range(1, 47)] + [DNF] * 4, DNF),
        # ao100: 5 each way: 6..95 kept, their mean 50.5 s
        ([1000 * i for i in range(1, 101)], 50_500),
        ([1000 * i for i in range(1, 96)] + [DNF] * 5, 50_500),  # the five DNFs dropped: 6..95 kept
        ([1000 * i for i in range(1, 95)] + [DNF] * 6, DNF),
    ],
)
def test_averages_worked_by_hand(results, expected):
    assert average(results) == expected


def test_trimmed_is_five_percent_at_least_one():
    assert [trimmed(n) for n in AVERAGES] == [1, 1, 3, 5]
    assert AVERAGES == (5, 12, 50, 100)


def test_results_and_times_as_speedsolvers_read_them():
    assert result(4123) == 4123 and result(4123, "+2") == 6123 and result(4123, "DNF") == DNF
    assert [format_time(x) for x in (0, 999, 4123, 59_999, 60_000, 83_456, 3_600_000, DNF, None)] == [
        "0:00.000",
        "0:00.999",
        "0:04.123",
        "0:59.999",
        "1:00.000",
        "1:23.456",
        "60:00.000",
        "DNF",
        "-",
    ]


def test_a_session_s_figures():
    # ten solves, a +2 and a DNF among them, by hand
    times = [9000, 8000, 7000, 6000, 5000, 4000, 3000, 2000, 1000, 500]
    penalties = ["", "", "+2", "", "DNF", "", "", "", "", ""]
    s = stats([result(t, p) for t, p in zip(times, penalties)])
    assert s["count"] == 10 and s["finished"] == 9
    assert s["single"] == {"current": 500, "best": 500}
    assert s["mean"] == (2 * (45_000 - 5000 + 500 + 2000) + 9) // 18  # the finished nine
    # the latest five: 4000 3000 2000 1000 500 -> 3000 2000 1000
    assert s["ao5"] == {"current": 2000, "best": 2000}
    assert s["ao12"] == {"current": None, "best": None}
    # the first five (9000 8000 9000 6000 DNF): 9000 8000 9000 -> 8667 (8666.67)
    assert stats([result(t, p) for t, p in zip(times[:5], penalties[:5])])["ao5"] == {"current": 8667, "best": 8667}
    assert stats([]) == {
        "count": 0,
        "finished": 0,
        "single": {"current": None, "best": None},
        "mean": None,
        **{f"ao{n}": {"current": None, "best": None} for n in AVERAGES},
    }
    assert stats([DNF, DNF])["single"] == {"current": DNF, "best": DNF} and stats([DNF])["mean"] is None


results_strategy = st.one_of(st.integers(min_value=0, max_value=10**7), st.just(DNF))


@settings(max_examples=300, deadline=None)
@given(st.lists(results_strategy, min_size=5, max_size=120), st.sampled_from(AVERAGES))
def test_averages_equal_the_reference(results, size):
    window = results[:size]
    if len(window) == size:
        assert average(window) == reference_average(window)
    s = stats(results)
    runs = [reference_average(results[i : i + size]) for i in range(len(results) - size + 1)]
    expected = {"current": runs[-1], "best": min(runs)} if runs else {"current": None, "best": None}
    assert s[f"ao{size}"] == expected


def generated_sessions(seed: int, count: int) -> list[list]:
    """Sessions of 0-130 solves: times from 0.4 s to 2 min, some equal, with +2s and DNFs."""
    rng = random.Random(seed)
    sessions = []
    for _ in range(count):
        dnf_rate = rng.choice([0, 0.02, 0.1, 0.4])
        session = []
        for _ in range(rng.randrange(131)):
            ms = rng.choice([rng.randrange(400, 120_000), rng.randrange(3000, 3010)])
            penalty = "DNF" if rng.random() < dnf_rate else "+2" if rng.random() < 0.05 else ""
            session.append([ms, penalty])
        sessions.append(session)
    return sessions


def twin(cases: dict) -> dict:
    return json.loads(run_node(TWIN, input=json.dumps(cases)))


def as_json(value):
    return json.loads(json.dumps(value).replace("Infinity", '"DNF"'))


def test_the_page_s_averages_are_the_package_s():
    node_executable()
    sessions = generated_sessions(29, 60) + [[[1000, "DNF"]] * 12, [[1, ""], [2, ""], [4, ""], [8, ""], [16, ""]]]
    times = [0, 1, 999, 1000, 59_999, 60_000, 83_456, 3_599_999, 36_000_000, None]
    js = twin({"sessions": sessions, "times": times})
    assert js["times"] == [format_time(t) for t in times]
    for session, answer in zip(sessions, js["stats"], strict=True):
        assert answer == as_json(stats([result(ms, p) for ms, p in session])), session


HEADER = "date,size,type,time,time_ms,penalty,moves,mtm,tps,optimum,scramble,solution,move_times"
GOOD_ROW = '2026-11-26T08:00:00.000Z,3x3,pasted,0:01.000,1000,,1,1,1,1,"3x3:1,2,3,4,5,6,7,0,8",L,900'
BAD_FILES = {
    "": {"error": "file.empty", "params": {}},
    "{not json": {"error": "file.json"},
    '{"format": "other", "solves": []}': {"error": "file.format", "params": {"format": "npuzzle-session"}},
    "date,size\n1,2": {"error": "file.column", "params": {"column": "type"}},
    f"{HEADER}\n{GOOD_ROW},9": {"error": "file.cells", "params": {"line": 2, "count": 14, "expected": 13}},
    f'{HEADER}\n{GOOD_ROW}\n"unfinished': {"error": "file.quote", "params": {}},
    f"{HEADER}\n{GOOD_ROW}\n{GOOD_ROW.replace(',1000,', ',1.5,')}": {
        "error": "file.field",
        "params": {"field": "time_ms", "value": "1.5", "n": 2},
    },
    f"{HEADER}\n{GOOD_ROW.replace('pasted', 'lucky')}": {
        "error": "file.field",
        "params": {"field": "type", "value": "lucky", "n": 1},
    },
    f"{HEADER}\n{GOOD_ROW.replace(',L,', ',U,')}": {
        "error": "file.moves",
        "params": {"scramble": "3x3:1,2,3,4,5,6,7,0,8", "n": 1},
    },
    f"{HEADER}\n{GOOD_ROW.replace('3x3,', '4x4,')}": {
        "error": "file.size",
        "params": {"scramble": "3x3:1,2,3,4,5,6,7,0,8", "size": "4x4", "n": 1},
    },
    f"{HEADER}\n{GOOD_ROW.replace(',900', ',1900')}": {
        "error": "file.field",
        "params": {"field": "move_times", "value": "1900", "n": 1},
    },
}


def test_a_session_written_as_csv_or_json_reads_back_the_same():
    node_executable()
    solves = generated_solves(29, 40)
    js = twin({"sessions": [], "times": [], "exports": [{"kind": "3x3", "solves": solves}], "files": [GOOD_ROW]})
    csv_read, json_read = js["roundTrips"][0]
    assert csv_read == solves and json_read == solves
    # the package writes the same files, and reads the page's back as they were
    assert js["texts"][0] == [to_csv("3x3", solves), to_json_text("3x3", solves)]
    for text in js["texts"][0]:
        assert read_file(text) == [("3x3", solve) for solve in solves]
    assert js["files"][0] == {"error": "file.column", "params": {"column": "date"}}  # a row without its header


def test_a_bad_file_is_named_precisely():
    node_executable()
    js = twin({"sessions": [], "times": [], "files": list(BAD_FILES)})
    for (text, expected), answer in zip(BAD_FILES.items(), js["files"], strict=True):
        assert answer["error"] == expected["error"], text
        if "params" in expected:
            assert answer["params"] == expected["params"], text
        with pytest.raises(SessionFileError) as refused:  # the package refuses it the same way
            read_file(text)
        assert refused.value.key == expected["error"], text
        if "params" in expected:
            assert refused.value.params == expected["params"], text


def test_sessions_are_kept_deleted_with_undo_marked_and_merged():
    node_executable()
    solves = generated_solves(7, 3)
    for solve in solves:
        solve["penalty"] = ""
    a, b, c = (s["date"] for s in solves)
    # a damaged solve kept by an older page is dropped; the good one stays
    stored = {"npuzzle.sessions": json.dumps({"version": 1, "sessions": {"3x3": [{"date": 1}, solves[2]]}})}
    js = twin({"sessions": [], "times": [], "keep": {"stored": stored, "solves": solves[:2]}})
    assert [(step["what"], step["dates"]) for step in js["keeping"]] == [
        ("as kept", [[c, ""]]),
        ("added", [[c, ""], [a, ""], [b, ""]]),  # the order they came in
        ("removed", [[c, ""], [a, ""]]),
        ("restored", [[c, ""], [a, ""], [b, ""]]),  # back where it was
        ("marked", [[c, ""], [a, "DNF"], [b, ""]]),
        ("merged 0", [[a, "DNF"], [b, ""], [c, ""]]),  # nothing new; in date order
        ("cleared", []),
    ]


def solve_of(ms: int, moves: str = "RR", penalty: str = "", type_: str = "random", assisted: bool = False) -> dict:
    return {"date": 0, "type": type_, "ms": ms, "penalty": penalty, "scramble": "3x3:1,2,3,4,5,6,0,7,8",
            "moves": moves, "times": None, "optimum": None, "assisted": assisted}  # fmt: skip


def test_the_records_are_the_session_s_unassisted_solves():
    session = [
        solve_of(1_917, "RRDDLU"),
        solve_of(1_574, "RRDD", penalty="+2"),  # 3.574 s
        solve_of(900, "R", assisted=True),  # the coach was shown: listed, counted nowhere
        solve_of(2_500, "RRDDLURD"),
        solve_of(1_000, "RRDLU", penalty="DNF"),
        solve_of(2_000, "RRR"),
        solve_of(500, "R", type_="pasted"),  # a pasted scramble: apart while random solves exist
    ]
    bests = personal_bests(session)
    assert bests == {
        "type": "random",
        "count": 5,
        "single": 1_917,
        "ao5": average([1_917, 3_574, 2_500, DNF, 2_000]),
        "ao12": None,
        "ao50": None,
        "ao100": None,
        "moves": 3,  # the DNF's 5 moves and the assisted 1 do not count; the +2's 4 do
        "mtm": 1,
        "tps": tps("RRDDLURD", 2.5),  # 3.2, above 6 / 1.917 = 3.13
    }
    assert bests["ao5"] == 2_691  # the best (1917) and the DNF dropped: (3574 + 2500 + 2000) / 3
    # the session's figures count the same solves: its best single is the records' single
    figures = stats([result(s["ms"], s["penalty"]) for s in scored(session)[0]])
    assert figures["single"]["best"] == bests["single"] and figures["ao5"]["best"] == bests["ao5"]
    # no random solve: the pasted ones, so marked; every solve assisted or a DNF: none
    assert personal_bests(session[-1:])["type"] == "pasted"
    assert personal_bests([session[2], session[4]]) is None and personal_bests([]) is None


def test_the_page_s_records_and_tps_are_the_package_s():
    node_executable()
    rng = random.Random(5)
    solves = generated_solves(41, 120)
    sessions = [rng.sample(solves, rng.randrange(0, 40)) for _ in range(30)]
    sessions += [[s for s in solves if s["type"] == "pasted"][:7], []]
    speeds = [None, 0.0, 7.813, 13.035, 13.1, 1000.0]
    js = twin({"sessions": [], "times": [], "bests": sessions, "tps": speeds})
    assert js["bests"] == [as_json(personal_bests(session)) for session in sessions]
    assert sum(1 for b in js["bests"] if b and b["ao5"] is not None) > 10  # the averages were compared too
    assert js["tps"] == ["-", "0.000", "7.813", "13.035", "13.100", "1000.000"]  # one way, 3 places


def test_a_file_names_its_notation_and_is_read_in_it():
    solve = solve_of(1_234, "RRU")
    text = to_csv("3x3", [solve])
    assert text.splitlines()[0].split(",")[13:15] == ["notation", "move_times"]
    assert ",L2D,tile," in text  # Slidysim's tile notation, named
    gap = text.replace(",L2D,tile,", ",RRU,gap,")
    assert read_file(gap) == read_file(text) == [("3x3", solve)]
    with pytest.raises(SessionFileError) as refused:
        read_file(text.replace(",tile,", ",blank,"))
    assert (refused.value.key, refused.value.params) == ("file.field", {"field": "notation", "value": "blank", "n": 1})
    node_executable()
    js = twin({"sessions": [], "times": [], "files": [gap, text.replace(",tile,", ",blank,")]})
    assert js["files"][0]["ok"] == [{"kind": "3x3", "solve": solve, "session": ""}]
    assert js["files"][1] == {"error": "file.field", "params": {"field": "notation", "value": "blank", "n": 1}}


def test_a_session_s_statistics_worked_by_hand():
    session = [
        solve_of(2_000, "RRDD"),  # 4 moves in 2 s: 2 TPS
        solve_of(1_000, "RRDDLU", penalty="+2"),  # 6 in 1 s (a +2 does not change the moves' time): 6 TPS
        solve_of(500, "R", assisted=True),  # the coach was shown: counted nowhere
        solve_of(3_000, "RRDDL", penalty="DNF"),  # counted, a DNF: no moves, no TPS
        solve_of(1_500, ""),  # imported without its moves: a time, no moves
        solve_of(3_000, "RRDDLURDL"),  # 9 in 3 s: 3 TPS
    ]
    assert session_statistics(session) == {
        "type": "random",
        "count": 5,
        "dnfs": 1,
        "mean_moves": 6.3,  # (4 + 6 + 9) / 3 = 6.33
        "mean_tps": 3.167,  # 19 moves in 6 s
        "best_tps": 6.0,
    }
    assert session_statistics(session)["best_tps"] == personal_bests(session)["tps"]  # one figure, two places
    assert session_statistics([]) == {"type": "random", "count": 0, "dnfs": 0, "mean_moves": None, "mean_tps": None,
                                      "best_tps": None}  # fmt: skip
    assert session_statistics([solve_of(0, "R")])["mean_tps"] is None  # a time of 0 has no TPS
    assert session_statistics([solve_of(1000, "RR"), solve_of(1000, "R")])["mean_moves"] == 1.5  # halves up
    # the chart: each counted solve at its # in the list (the assisted #3 left out), a DNF a gap
    assert trend(session) == {
        "n": [1, 2, 4, 5, 6],
        "times": [2_000, 3_000, None, 1_500, 3_000],
        "ao5": [None, None, None, None, average([2_000, 3_000, DNF, 1_500, 3_000])],
        "ao12": [None] * 5,
    }
    assert rolling([1, 2, 3, DNF, DNF, 9], 5) == [None, None, None, None, DNF, DNF]


def test_the_page_s_statistics_and_chart_are_the_package_s():
    node_executable()
    rng = random.Random(11)
    solves = generated_solves(43, 150)
    sessions = [rng.sample(solves, rng.randrange(0, 60)) for _ in range(30)]
    sessions = [sorted(s, key=lambda x: x["date"]) for s in sessions] + [[], solves]
    js = twin({"sessions": [], "times": [], "statistics": sessions})
    for session, answer in zip(sessions, js["statistics"], strict=True):
        assert answer == {"figures": session_statistics(session), "trend": trend(session)}
    drawn = lambda size: sum(1 for a in js["statistics"] if any(v is not None for v in a["trend"][f"ao{size}"]))  # noqa: E731
    assert drawn(5) > 10 and drawn(12) >= 3  # a quarter of the generated solves are DNFs: few ao12 are not
    assert sum(1 for a in js["statistics"] if a["figures"]["dnfs"]) > 10
