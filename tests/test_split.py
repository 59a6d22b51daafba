"""One hard board over many workers (npuzzle.pdb.parallel's split passes): the split depth,
the checkpoint a stopped run resumes from, Ctrl-C, and a real Dask cluster losing a worker."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import dask_cluster

from npuzzle import Problem, Topology, apply_moves, pdb
from npuzzle.pdb import checkpoint, parallel
from npuzzle.pdb.kernel import solution_parity

T5 = Topology(5, 5)
GOAL = tuple(range(1, 25)) + (0,)
# 24-puzzles the standard 5x5 databases solve (tests/test_pdb.py's scramble of the goal,
# 75 moves seed 5 and 80 moves seed 1): 59 moves in about a second of one core's split
# passes, and 66 moves in about 15 s.
SHORT = (1, 8, 7, 9, 2, 12, 22, 16, 4, 5, 18, 13, 3, 14, 10, 17, 11, 21, 20, 15, 6, 19, 23, 0, 24)
LONGER = (16, 6, 5, 10, 4, 11, 1, 2, 7, 13, 8, 12, 14, 20, 0, 3, 17, 9, 15, 24, 23, 21, 22, 19, 18)


def board_id(board: tuple[int, ...]) -> str:
    return "5x5:" + ",".join(map(str, board))


@pytest.fixture
def databases5():
    assert pdb.prepare(GOAL, T5)


def first_bound(problem: Problem) -> int:
    h = pdb.heuristic_value(problem.start, problem.goal)
    return h + ((h ^ solution_parity(problem)) & 1)


def test_the_split_goes_deep_enough_for_every_worker(databases5):
    # LONGER's pass of bound 64 (its optimum is 66): the shallowest depth at which every
    # worker has TASKS_PER_WORKER (32) subtrees, pruned at the bound as the pass prunes
    problem = Problem(LONGER, GOAL, T5)
    h = parallel.memo(GOAL)
    depths = {workers: parallel.split_depth(problem, 64, workers, h) for workers in (2, 8, 32, 128)}
    assert depths == {2: 5, 8: 7, 32: 9, 128: 12}
    counts = [len(parallel.split_frontier(problem, 64, depth, h)[0]) for depth in (5, 6, 7, 8, 9, 11, 12)]
    assert counts == [100, 216, 386, 750, 1199, 3018, 4688]


@pytest.mark.cluster
def test_a_split_search_stopped_after_a_pass_resumes_from_the_next(databases5, tmp_path, monkeypatch):
    problem = Problem(SHORT, GOAL, T5)
    start = {"bound": first_bound(problem), "nodes": 0}
    seen: list[int] = []
    monkeypatch.setattr(checkpoint.Checkpoint, "passed", lambda self, bound: seen.append(bound))
    fresh = parallel.split_search(problem, 2, start)
    assert (fresh.length, fresh.optimal) == (59, True) and len(seen) >= 2
    every, seen[:] = list(seen), []

    def stop(self, bound):  # Ctrl-C just after the first pass
        raise KeyboardInterrupt

    path = tmp_path / "run.json"
    monkeypatch.setattr(checkpoint.Checkpoint, "passed", stop)
    with pytest.raises(checkpoint.Interrupted) as stopped:
        parallel.split_search(problem, 2, start, checkpoint.Checkpoint(path, problem.start, GOAL))
    saved = json.loads(path.read_text())
    assert (saved["bound"], saved["passes"], saved["finished"]) == (every[1], 1, [])
    assert str(stopped.value) == (
        f"stopped at the start of the pass of bound {every[1]}; "
        f"run the same command with --checkpoint {path} to resume there"
    )
    monkeypatch.setattr(checkpoint.Checkpoint, "passed", lambda self, bound: seen.append(bound))
    with parallel.split_over(None, path):
        resumed = parallel.idastar_parallel(problem, 2)  # no quick try: it starts from the file
    assert (resumed.length, resumed.optimal) == (59, True) and seen == every[1:]
    assert apply_moves(SHORT, resumed.moves, T5) == GOAL


@pytest.mark.cluster
def test_a_checkpoint_of_another_board_is_refused(databases5, tmp_path):
    path = tmp_path / "run.json"
    checkpoint.Checkpoint(path, SHORT, GOAL).save(62, 6, 1000, 1, {(23, 22): (500, -2)})
    with pytest.raises(checkpoint.CheckpointError) as refused, parallel.split_over(None, path):
        parallel.idastar_parallel(Problem(LONGER, GOAL, T5), 2)
    goal = board_id(GOAL)
    assert str(refused.value) == (
        f"{path} is the checkpoint of {board_id(SHORT)} (goal {goal}), not of {board_id(LONGER)} (goal {goal}): "
        "give another --checkpoint file, or delete this one to start again"
    )
    path.write_text("not json")
    p = npuzzle("solve", board_id(LONGER), "--strategy", "optimal", "--checkpoint", str(path))
    assert (
        p.returncode == 2
        and p.stderr == f"npuzzle: error: {path} is not an npuzzle checkpoint: give another --checkpoint file\n"
    )


def npuzzle(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "npuzzle", *args], capture_output=True, text=True, timeout=timeout)


def started_at_the_first_bound(path: Path) -> None:
    """A checkpoint that starts LONGER's split at its first bound (no quick try before
    it): every pass is split, so a test can act in the big pass of bound 64."""
    problem = Problem(LONGER, GOAL, T5)
    checkpoint.Checkpoint(path, LONGER, GOAL).save(first_bound(problem), None, 0, 0, {})


def as_in_a_terminal() -> None:
    """Ctrl-C's signal as a terminal's foreground command has it: a suite started in the
    background by a shell (`cmd &`, in a script) hands every process SIGINT ignored, and
    Python then never installs its handler, so the run would not hear the Ctrl-C at all."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for_pass(path: Path, run: subprocess.Popen, bound: int, seconds: float = 120, finished: bool = True) -> dict:
    """The checkpoint once the run is in the pass of bound, or a later one, with a subtree
    finished if `finished` (a checkpoint is written at most once a second within a pass)."""
    end, saved = time.monotonic() + seconds, None
    while time.monotonic() < end and run.poll() is None:
        try:
            saved = json.loads(path.read_text())
            if saved["bound"] >= bound and (saved["finished"] or not finished):
                return saved
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    raise AssertionError(f"not in the pass of bound {bound}: {saved} {run.poll()} {run.communicate()}")


@pytest.mark.cluster
@pytest.mark.parametrize("engine", [[], ["--engine", "local", "--jobs", "2"]], ids=["processes", "local-engine"])
def test_ctrl_c_stops_a_split_run_with_one_line_and_the_same_command_resumes(databases5, tmp_path, engine):
    path = tmp_path / "run.json"
    command = [sys.executable, "-m", "npuzzle", "solve", board_id(LONGER), "--strategy", "optimal", *engine]
    command += ["--checkpoint", str(path)]  # this machine's worker processes (NPUZZLE_PROCESSES=2), or the engine's
    env = dict(os.environ, NPUZZLE_PROCESSES="2")
    first = first_bound(Problem(LONGER, GOAL, T5))
    # Ctrl-C as the run's first pass after the one it starts from begins.  On a free machine
    # the whole run takes 1.7 s and the passes before the last (66) about 0.1 s each, so the
    # Ctrl-C comes with most of the run ahead; a run that finished before the Ctrl-C reached
    # it (a loaded machine can hold the test back that long) has not failed: it is run again.
    for _ in range(3):
        started_at_the_first_bound(path)
        run = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            env=env,
            preexec_fn=as_in_a_terminal,
        )
        wait_for_pass(path, run, first + 2, finished=False)
        os.killpg(run.pid, signal.SIGINT)  # as Ctrl-C in a terminal: to every process of the run
        out, err = run.communicate(timeout=60)
        if not (run.returncode == 0 and out.startswith("Solved in 66 moves (optimal).")):
            break
    saved = json.loads(path.read_text())
    assert run.returncode == 130 and out == "" and saved["bound"] > first, (run.returncode, out, err)
    bound, done = saved["bound"], len(saved["finished"])
    where = (
        rf"in the pass of bound {bound} with {done} of \d+ subtrees finished|at the start of the pass of bound {bound}"
    )
    resume = f"; run the same command with --checkpoint {path} to resume there\n"
    assert re.fullmatch(rf"\nnpuzzle: interrupted: stopped ({where}){re.escape(resume)}", err), err
    again = subprocess.run(command, capture_output=True, text=True, timeout=300, env=env)
    assert again.returncode == 0 and again.stdout.startswith("Solved in 66 moves (optimal).")


@pytest.mark.cluster
def test_a_real_dask_cluster_proves_a_24_puzzle_optimal_with_a_worker_killed(databases5, tmp_path):
    with dask_cluster(tmp_path) as (address, procs):
        path = tmp_path / "run.json"
        started_at_the_first_bound(path)
        command = [sys.executable, "-m", "npuzzle", "solve", board_id(LONGER), "--strategy", "optimal", "--json"]
        run = subprocess.Popen(
            [*command, "--scheduler", address, "--checkpoint", str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_for_pass(path, run, 64)
        procs[1].send_signal(signal.SIGKILL)  # one of the two workers, mid-pass
        assert run.poll() is None
        out, err = run.communicate(timeout=600)
        assert run.returncode == 0, err
        reply = json.loads(out)
        assert (reply["length"], reply["optimal"]) == (66, True)
        assert apply_moves(LONGER, reply["moves"], T5) == GOAL
        assert procs[1].wait() == -signal.SIGKILL and procs[2].poll() is None
