"""Every benchmark, from one front: ``python3 bench.py NAME [its options]``.

    python3 bench.py --help                          # every benchmark and what it measures
    python3 bench.py solve korf100 --slice 0:10      # the first ten of Korf's 100
    python3 bench.py NAME --help                     # a benchmark's own options

Each benchmark is a module of benchmarks/ with a ``main(argv)``; the sets of boards they
solve are benchmarks/boards.py's.  Speed figures in docs/benchmarks.md come from here, never
from timed tests, and each gives the command that made it.  Under Pyodide:
``node benchmarks/pyodide.mjs dist NAME [its options]`` after ``python3 build.py``.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "benchmarks"
NOT_BENCHMARKS = ("__init__", "boards")  # the package, and the sets of boards they share


def benchmarks() -> dict[str, str]:
    """Each benchmark's name and what it measures: its docstring's first sentence, read
    without importing it (some need Chromium or the site)."""
    found = {}
    for path in sorted(FOLDER.glob("*.py")):
        if path.stem in NOT_BENCHMARKS:
            continue
        first = " ".join((ast.get_docstring(ast.parse(path.read_text())) or "").split("\n\n")[0].split())
        found[path.stem] = re.split(r"[.:] ", first + " ", maxsplit=1)[0]
    return found


def usage(known: dict[str, str]) -> str:
    width = max(map(len, known))
    rows = "\n".join(f"  {name:<{width}}  {what}" for name, what in known.items())
    return f"usage: python3 bench.py NAME [options]   (python3 bench.py NAME --help: its options)\n\n{rows}"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    known = benchmarks()
    if not argv or argv[0] in ("-h", "--help"):
        print(usage(known))
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in known:
        print(f"bench.py: no benchmark {name!r}\n\n{usage(known)}", file=sys.stderr)
        return 2
    sys.argv = [f"bench.py {name}", *rest]  # argparse names the command as typed in its usage line
    return importlib.import_module(f"benchmarks.{name}").main(rest) or 0


if __name__ == "__main__":
    sys.exit(main())
