"""A database build says first how long it will take (its entries times a rate measured
on this machine then, npuzzle.pdb.estimate), then shows its progress with the time left:
tqdm's bar where the ``progress`` extra is installed, a line every few seconds in a log,
nothing with ``--progress none``.  How close the estimates come is measured, not tested:
docs/benchmarks.md."""

from __future__ import annotations

import io
import math
import re
import sys

import pytest

from npuzzle import cli
from npuzzle.cli import cache
from npuzzle.cli.progress import BuildProgress, together
from npuzzle.pdb import build, estimate, store
from npuzzle.pdb.estimate import Estimate, Rates, entries


def test_a_table_has_as_many_entries_as_its_builder_goes_through():
    # by regions: placements; by cells (the 5x5's five-tile tables): placements times blank cells
    assert entries("corner6") == entries("ring6") == 16 * 15 * 14 * 13 * 12 * 11 == 5_765_760
    assert entries("half7") == entries("half7h") == 57_657_600
    assert entries("half8") == 518_918_400
    assert entries("5x5-6a") == entries("5x5-6b") == 127_512_000  # six tiles, by regions
    assert entries("5x5-a") == math.perm(25, 6) and entries("5x5-e") == math.perm(25, 5) == 6_375_600
    assert estimate.by_regions("half8") and not estimate.by_regions("5x5-a")


def test_the_estimate_is_the_entries_times_the_rate_measured(monkeypatch):
    # a rate as a calibration would have measured it: 2 µs an entry by regions on the 4x4,
    # 1 ns a byte to save a compressed file and 0.5 ns a raw one
    monkeypatch.setitem(estimate._rates, (4, True), Rates(2e-6, 524_160, 0.0, 1e-9, 5e-10))
    found = estimate.estimate("half7h")
    assert (found.entries, found.rate) == (57_657_600, 2e-6)
    assert found.building == pytest.approx(57_657_600 * 2e-6)
    assert found.saving == pytest.approx((1 << 28) * 1e-9)  # the sparse table: 2**(4 bits x 7 tiles) bytes
    assert found.seconds == pytest.approx(115.3152 + 0.268435456)
    assert estimate.estimate("half8").saving == pytest.approx((1 << 32) * 5e-10)  # raw
    assert found.words() == "57,657,600 entries at 2.00 µs each (measured now): about 1.9 min"
    # by regions the rate grows with the table: (entries / calibration) ** growth
    grown = Estimate("half7h", 57_657_600, 1e-6, 524_160, 0.5)
    assert grown.seconds == pytest.approx(57.6576 * math.sqrt(110))
    with pytest.raises(ValueError, match="no pattern database called 'eighth'"):
        estimate.estimate("eighth")


def test_by_cells_every_step_is_counted(monkeypatch):
    # measured on 5x5-a's own build: 3 s to set its arrays up, 0.9 µs a state in its last
    # level, 0.5 ns a byte of its states' table (2**30 bytes: five tiles and the blank, 5
    # bits each) to pack it, 40 ns a byte of the 32 MiB file to save it
    monkeypatch.setitem(estimate._rates, (5, 5), Rates(9e-7, 127_512_000, 0.0, 4e-8, 1e-9, setup=3.0, packing=5e-10))
    found = estimate.estimate("5x5-b")  # five tiles: the same rates as 5x5-a's
    assert found.building == pytest.approx(114.7608)
    assert (found.setup, found.packing, found.saving) == pytest.approx((3.0, 0.536870912, 1.34217728))
    assert found.after == pytest.approx(0.536870912 + 1.34217728)
    assert found.seconds == pytest.approx(3.0 + 114.7608 + 0.536870912 + 1.34217728)
    assert found.words() == (
        "127,512,000 entries at 0.90 µs each (measured now) and 5 s to set up, pack and save: about 2.0 min"
    )
    assert Estimate("5x5-e", 6_375_600, 1e-7, 6_375_600, setup=0.4).words() == (
        "6,375,600 entries at 0.10 µs each (measured now): about 1 s"  # under half a second: not said
    )


def test_a_calibration_measures_a_rate_here(monkeypatch):
    monkeypatch.setattr(estimate, "_rates", {})
    monkeypatch.setitem(estimate.CALIBRATION_TILES, 4, 3)  # 3,360 placements, not 524,160: a quick test
    small, big = estimate.estimate("corner6"), estimate.estimate("half8")
    assert small.rate == big.rate > 0 and small.calibration == 3_360 and small.growth == estimate.REGIONS_GROWTH[4]
    assert big.seconds > estimate.estimate("half7h").seconds > small.seconds > 0
    assert list(estimate._rates) == [(4, True)]  # measured once a process


def test_by_cells_the_calibration_is_the_start_of_the_real_build(monkeypatch):
    monkeypatch.setattr(estimate, "_rates", {})
    monkeypatch.setattr(estimate, "CELLS_LEVEL", 1_000)  # cut off after the first level of 1,000 states
    levels = []
    real = build.build_numpy

    def counted(topology, cells, progress=None, **kwargs):
        def report(info):
            levels.append(info["states"])
            progress(info)

        return real(topology, cells, report if progress else None, **kwargs)

    monkeypatch.setattr(build, "build_numpy", counted)
    found = estimate.estimate("5x5-e")
    assert levels[-1] - levels[-2] >= 1_000 > levels[-2] - levels[-3]  # cut off there
    assert levels[-1] < entries("5x5-e")  # not built whole
    assert found.calibration == found.entries == 6_375_600 and found.growth == 0.0
    assert found.rate > 0 and found.setup > 0 and found.packing > 0 and found.saving > 0
    assert list(estimate._rates) == [(5, 4)]


def test_the_time_left_starts_from_the_estimate_and_settles_on_the_progress():
    # 100 s estimated for the entries, 10 s after them (packing, saving)
    assert BuildProgress.blend(100.0, 10.0, 0.0, 5.0) == 105.0  # nothing done: the estimate less the time spent
    assert BuildProgress.blend(100.0, 10.0, 0.5, 50.0) == pytest.approx(60.0)  # on time
    assert BuildProgress.blend(100.0, 10.0, 0.5, 150.0) == pytest.approx(180.0)  # three times slower: so is the rest
    assert BuildProgress.blend(100.0, 10.0, 1.0, 200.0) == pytest.approx(20.0)  # the entries done: packing and saving
    # before SETTLED (20 %) of the entries, between the two: at 10 %, half of each
    assert BuildProgress.blend(100.0, 10.0, 0.1, 30.0) == pytest.approx(0.5 * 80.0 + 0.5 * 300.0)
    # a pool's tables: their sum shared out over the processes, never less than the longest
    assert together([100.0, 100.0, 60.0], 2) == 130.0
    assert together([430.0, 4.0], 2) == 430.0 and together([50.0], 2) == 50.0 and together([], 2) == 0.0
    progress = BuildProgress({"half7h": Estimate("half7h", 100, 1.0, 100)}, "none")
    progress._began["half7h"] = 0.0
    assert progress.left("half7h", 0.0, now=30.0) == 70.0  # 100 s estimated, 30 spent
    assert progress.left("half7h", 0.8, now=160.0) == pytest.approx(40.0)  # 160 s for 80 %: 40 more


def reports(name: str, total: int):
    """What a build reports: the entries reached after each level, up to all of them."""
    for states in (0, total // 4, total // 2, total):
        yield {"phase": "building", "database": name, "states": states, "total": total}


def shown(mode: str, **kwargs) -> str:
    out = io.StringIO()
    estimates = {name: Estimate(name, 1000, 0.02, 1000) for name in ("corner6", "5x5-a", "5x5-b")}
    progress = BuildProgress(estimates, mode, stream=out, processes=2, **kwargs)
    *levels, last = reports("corner6", 1000)
    for info in [*levels, last, last]:  # 100 % twice, as build_regions says it
        progress.update(info)
    for done, name in enumerate(("5x5-a", "5x5-b"), 1):  # built in worker processes: each one's end only
        progress.update({"phase": "building", "database": name, "states": 1, "total": 1, "done": done, "of": 2})
    progress.close()
    return out.getvalue()


LINE = re.compile(r"building corner6: (\d+)% of 1,000 entries, \d+ s, about \d+ s left")


def test_progress_lines_say_the_share_and_the_time_left_up_to_all():
    lines = shown("lines", interval=0.0).splitlines()
    assert lines[0] == "building corner6: 0% of 1,000 entries, 0 s, about 20 s left"  # the estimate: 1,000 x 0.02 s
    shares = [int(LINE.fullmatch(line)[1]) for line in lines[:4]]
    assert shares == [0, 25, 50, 100]
    # the pool's time left: BuildProgress.blend over the share of its tables built
    assert re.fullmatch(r"built 5x5-a \(1 of 2\), \d+ s so far, about \d+ s left", lines[4]), lines[4]
    assert re.fullmatch(r"built 5x5-b \(2 of 2\), \d+ s so far", lines[5]), lines[5]
    assert re.fullmatch(r"built in \d+ s", lines[6]) and len(lines) == 7
    assert shown("none") == ""
    # a line every 10 s, and the 100 % line whenever it comes, once
    lines = shown("lines").splitlines()
    assert [int(LINE.fullmatch(line)[1]) for line in lines[:2]] == [0, 100] and "100%" not in lines[2]


def test_the_bar_is_tqdms_and_without_tqdm_a_status_line(monkeypatch):
    bar = shown("bar")  # tqdm (the progress extra, in the test environment)
    assert "building corner6: 100%|" in bar and "1.00k/1.00k" in bar and "left" in bar and "built in" in bar
    monkeypatch.setitem(sys.modules, "tqdm", None)  # not installed: import fails
    status = shown("bar")
    steps = status.split("\n")[0].split("\r")[1:]
    assert [re.match(r"building corner6: \[(#*) *\] +(\d+)%, about \d+ s left$", step)[2] for step in steps] == [
        "0",
        "25",
        "50",
        "100",
    ]
    assert steps[-1].startswith("building corner6: [" + "#" * 30 + "] 100%")
    assert status.split("\n")[1].startswith("built 5x5-a (1 of 2), ")


def test_a_build_says_its_estimate_then_its_progress(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(store, "can_build", lambda: True)
    monkeypatch.setattr(cache, "estimate", lambda name: Estimate(name, entries(name), 1e-7, 1))
    monkeypatch.delitem(store._tables, "half7h", raising=False)

    def write(folder, names, progress, processes):
        for info in reports("half7h", entries("half7h")):
            progress(info)
        return [folder / "half7h.pdb"]

    monkeypatch.setattr(store, "write_databases", write)
    assert cli.main(["databases", "build", "half7h", "--progress", "lines"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[:3] == [
        "building half7h: 256 MiB in memory (and about 1.3 GB while building), 30 MiB on disk",
        "half7h: 57,657,600 entries at 0.10 µs each (measured now): about 6 s",
        "building half7h: 0% of 57,657,600 entries, 0 s, about 6 s left",
    ]
    assert err[-1].startswith("built in ")
    assert cli.main(["databases", "build", "half7h", "--progress", "none"]) == 0
    assert capsys.readouterr().err.splitlines()[1:] == [
        "half7h: 57,657,600 entries at 0.10 µs each (measured now): about 6 s"
    ]


def test_a_build_stopped_says_what_it_kept_and_how_to_go_on(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(store, "can_build", lambda: True)
    monkeypatch.setattr(cache, "estimate", lambda name: Estimate(name, entries(name), 1e-7, 1))
    for name in ("half7h", "half8"):
        monkeypatch.delitem(store._tables, name, raising=False)

    saved = ["half7h"]

    def write(folder, names, progress, processes):  # Ctrl-C while half8 is built, after those saved
        for name in saved:
            (folder / f"{name}.pdb").write_bytes(b"")
        progress(next(reports("half8", entries("half8"))))
        raise KeyboardInterrupt

    monkeypatch.setattr(store, "write_databases", write)
    assert cli.main(["databases", "build", "half8", "--progress", "none"]) == 130
    assert capsys.readouterr().err.splitlines()[-1] == (
        "npuzzle: interrupted: half8 not built (half7h built and kept); npuzzle databases build half8 builds it"
    )
    (tmp_path / "pdb" / "half7h.pdb").unlink()
    saved.clear()
    assert cli.main(["databases", "build", "half8", "--progress", "none"]) == 130
    assert capsys.readouterr().err.splitlines()[-1] == (
        "npuzzle: interrupted: half7h, half8 not built; npuzzle databases build half7h half8 builds them"
    )


def test_bad_names_and_progress_settings_are_refused_precisely(capsys):
    assert cli.main(["databases", "build", "5x5-f"]) == 2
    assert capsys.readouterr().err == (
        "npuzzle: error: no pattern database called '5x5-f': choose from corner6, ring6, 5x5-a, 5x5-b, 5x5-c, "
        "5x5-d, 5x5-e, half7, half8, half7h, 5x5-6a, 5x5-6b\n"
    )
    assert cli.main(["databases", "build", "half7h", "--progress", "sideways"]) == 2
    assert "argument --progress: invalid choice: 'sideways' (choose from" in capsys.readouterr().err
    with pytest.raises(ValueError, match="progress must be one of auto, bar, lines, none, not 'sideways'"):
        BuildProgress({}, "sideways")
