"""Where a split optimal search stands, kept in a file so a stopped run can resume there.

The file (JSON) holds the board and goal, the bound of the pass under way, the split depth,
and the subtrees of that pass already finished with their nodes and largest pruned slack.
Every pass below that bound is finished, so a run that resumes from it starts with the
same pass, runs only the subtrees not finished, and its first solution is still optimal.
The file is written whole to a temporary file and then renamed over the old one, so a run
stopped at any moment (Ctrl-C, a killed process, a full disk) leaves the last good one.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["Checkpoint", "CheckpointError", "Interrupted"]

FORMAT = "npuzzle split checkpoint 1"
# Finished subtrees are written at most this often (and at every end of a pass, and when
# the run stops): thousands of small subtrees a pass would otherwise mean thousands of writes.
SAVE_SECONDS = 1.0


class CheckpointError(ValueError):
    """A checkpoint file that cannot be used for this search: the message says why."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a split search; the message says where it stopped and how to resume."""


def _board_id(board: tuple[int, ...] | list[int]) -> str:
    side = round(len(board) ** 0.5)
    return f"{side}x{side}:" + ",".join(map(str, board))


class Checkpoint:
    """One search's checkpoint file (path None: nothing is written, nothing resumed)."""

    def __init__(self, path: str | os.PathLike | None, board: tuple[int, ...], goal: tuple[int, ...]):
        self.path = None if path is None else Path(path)
        self.board, self.goal = board, goal
        self.last_save = 0.0

    def load(self) -> dict[str, Any] | None:
        """The saved state for this board: bound, depth, nodes (searched before the pass
        under way), passes (finished so far), finished ({path of cells: (nodes, best)}),
        solution (the blank's cells, or None).  None when there is no file yet; a file of
        another board or goal, or one that is not a checkpoint, raises CheckpointError."""
        if self.path is None or not self.path.exists():
            return None
        try:
            saved = json.loads(self.path.read_text())
            if saved.get("format") != FORMAT:
                raise ValueError
        except (ValueError, OSError, AttributeError):
            raise CheckpointError(f"{self.path} is not an npuzzle checkpoint: give another --checkpoint file") from None
        if tuple(saved["board"]) != self.board or tuple(saved["goal"]) != self.goal:
            raise CheckpointError(
                f"{self.path} is the checkpoint of {_board_id(saved['board'])} (goal {_board_id(saved['goal'])}), "
                f"not of {_board_id(self.board)} (goal {_board_id(self.goal)}): "
                "give another --checkpoint file, or delete this one to start again"
            )
        finished = {tuple(row[0]): (row[1], row[2]) for row in saved["finished"]}
        return {**saved, "finished": finished}

    def save(
        self,
        bound: int,
        depth: int | None,
        nodes: int,
        passes: int,
        finished: dict[tuple[int, ...], tuple[int, int]],
        solution: list[int] | None = None,
        *,
        now: bool = True,
    ) -> None:
        """Write the state (with now=False, only if SAVE_SECONDS have passed since the last write)."""
        if self.path is None or (not now and time.monotonic() - self.last_save < SAVE_SECONDS):
            return
        state = {
            "format": FORMAT,
            "board": list(self.board),
            "goal": list(self.goal),
            "bound": bound,
            "depth": depth,
            "nodes": nodes,
            "passes": passes,
            "finished": [[list(cells), n, best] for cells, (n, best) in finished.items()],
            "solution": solution,
        }
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=self.path.name + ".", suffix=".tmp")
        try:
            with os.fdopen(handle, "w") as out:
                json.dump(state, out)
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self.last_save = time.monotonic()

    def passed(self, bound: int) -> None:
        """Called at the end of every finished pass (its bound): a hook for tests."""

    def stopped_line(self, bound: int, finished: int, tasks: int) -> str:
        """The line said when Ctrl-C stops the search."""
        where = f"stopped in the pass of bound {bound} with {finished} of {tasks} subtrees finished"
        if not finished:
            where = f"stopped at the start of the pass of bound {bound}"
        if self.path is None:
            return f"{where}; with --checkpoint FILE a run keeps its finished passes and can resume"
        return f"{where}; run the same command with --checkpoint {self.path} to resume there"
