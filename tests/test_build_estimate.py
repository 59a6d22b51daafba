"""A database build says first how long it will take (its entries times a rate measured
on this machine then, npuzzle.pdb.estimate), then shows its progress with the time left:
tqdm's bar where the ``progress`` extra is installed, a line every few seconds in a log,
nothing with ``--progress none``.  How close the estimates come is measured, not tested:
docs/benchmarks.md."""

from __future__ import annotations

import io
import math

import pytest

from npuzzle import cli
from npuzzle.cli import cache
from npuzzle.cli.progress import BuildProgress
from npuzzle.pdb import estimate, store
from npuzzle.pdb.estimate import Estimate, entries


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
    monkeypatch.setitem(estimate._rates, (4, True), (2e-6, 524_160, 0.0, 1e-9, 5e-10))
    found = estimate.estimate("half7h")
    assert (found.entries, found.rate) == (57_657_600, 2e-6)
    assert found.building == pytest.approx(57_657_600 * 2e-6)
    assert found.saving == pytest.approx((1 << 28) * 1e-9)  # the sparse table: 2**(4 bits x 7 tiles) bytes
    assert found.seconds == pytest.approx(115.3152 + 0.268435456)
    assert estimate.estimate("half8").saving == pytest.approx((1 << 32) * 5e-10)  # raw
    assert found.words() == "57,657,600 entries at 2.00 µs each (measured now): about 1.9 min"
    # by cells the rate grows with the table: (entries / calibration) ** growth
    grown = Estimate("5x5-a", 127_512_000, 1e-6, 303_600, 0.5)
    assert grown.seconds == pytest.approx(127.512 * math.sqrt(127_512_000 / 303_600))
    with pytest.raises(ValueError, match="no pattern database called 'eighth'"):
        estimate.estimate("eighth")


def test_a_calibration_measures_a_rate_here(monkeypatch):
    monkeypatch.setattr(estimate, "_rates", {})
    monkeypatch.setitem(estimate.CALIBRATION_TILES, 4, 3)  # 3,360 placements, not 524,160: a quick test
    small, big = estimate.estimate("corner6"), estimate.estimate("half8")
    assert small.rate == big.rate > 0 and small.calibration == 3_360 and small.growth == estimate.REGIONS_GROWTH
    assert big.seconds > estimate.estimate("half7h").seconds > small.seconds > 0
    assert list(estimate._rates) == [(4, True)]  # measured once a process


def reports(name: str, total: int):
    """What a build reports: the entries reached after each level, up to all of them."""
    for states in (0, total // 4, total // 2, total):
        yield {"phase": "building", "database": name, "states": states, "total": total}


def shown(mode: str, **kwargs) -> str:
    out = io.StringIO()
    progress = BuildProgress({"corner6": Estimate("corner6", 1000, 0.02, 1000)}, mode, stream=out, **kwargs)
    for info in reports("corner6", 1000):
        progress.update(info)
    progress.update({"phase": "building", "database": "ring6", "states": 1, "total": 1, "done": 2, "of": 2})
    progress.close()
    return out.getvalue()


def test_progress_is_shown_with_the_time_left_and_can_be_off():
    lines = shown("lines", interval=0.0).splitlines()
    assert lines[0] == "building corner6: 0% of 1,000 entries, 0 s, about 20 s left"  # the estimate: 1,000 x 0.02 s
    assert [line.split(",")[0] for line in lines[1:4]] == [f"building corner6: {p}% of 1" for p in (25, 50, 100)]
    assert lines[4].startswith("built ring6 (2 of 2), ")  # built in a worker process: its end only
    assert lines[5].startswith("built in ")
    assert shown("none") == ""
    bar = shown("bar")  # tqdm (the progress extra, in the test environment)
    assert "building corner6: 100%|" in bar and "1.00k/1.00k" in bar and "left" in bar and "built in" in bar


def test_the_time_left_is_the_estimates_until_the_build_outruns_it():
    progress = BuildProgress({"half7h": Estimate("half7h", 100, 1.0, 100)}, "none")
    progress._began["half7h"] = 0.0
    assert progress.left("half7h", 0.1, now=30.0) == 70.0  # 100 s estimated, 30 spent
    assert progress.left("half7h", 0.8, now=120.0) == pytest.approx(30.0)  # past it: 120 s for 80 %


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


def test_bad_progress_settings_are_refused_precisely(capsys):
    assert cli.main(["databases", "build", "half7h", "--progress", "sideways"]) == 2
    assert "argument --progress: invalid choice: 'sideways' (choose from" in capsys.readouterr().err
    with pytest.raises(ValueError, match="progress must be one of auto, bar, lines, none, not 'sideways'"):
        BuildProgress({}, "sideways")
