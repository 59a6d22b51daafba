"""Run a command beside busy loops, as on a machine shared with other work.

    python3 tools/busy.py -- python3 build.py test          # beside two busy loops
    python3 tools/busy.py --loops 1 -- python3 build.py test --quick

Each loop is a Python process spinning on one core; they start before the command and end
with it, whatever its exit.  The suite must pass like this (docs/testing.md): a test that
needs an idle machine is a defect.  Exits with the command's status.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

SPIN = "while True: pass"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loops", type=int, default=2, help="busy processes, one a core (2)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    options = parser.parse_args(argv)
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("give the command to run after --")
    loops = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(options.loops)]
    try:
        return subprocess.run(command).returncode
    except KeyboardInterrupt:
        return 130
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
