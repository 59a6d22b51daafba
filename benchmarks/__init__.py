"""The benchmarks: a module each, run by the one front, ``python3 bench.py NAME`` (its
``--help`` lists them); ``boards`` holds the sets of boards they solve, and this package
what two of them share: another revision of the project checked out beside this one."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def checkout(revision: str) -> Iterator[tuple[str, Path]]:
    """A git revision checked out in a temporary worktree: (its short name, its folder),
    removed afterwards (``bench.py versions`` and ``bench.py load`` compare against it)."""
    short = subprocess.run(
        ["git", "rev-parse", "--short", revision], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), short], cwd=ROOT, check=True)
        try:
            yield short, tree
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
