#!/usr/bin/env python3
"""Build, serve and test the npuzzle web app.  Standard library only.

    python3 build.py                 # build the static site into dist/
    python3 build.py serve [--port N]  # build, then serve dist/ and print the URL
    python3 build.py test [ARGS]     # set everything up, build, run pytest ARGS
    python3 build.py bench-web       # load and solve timings in headless Chromium
    python3 build.py screenshots     # the README's pictures of the page (docs/*.png)
    python3 build.py biome ARGS      # the pinned Biome: `biome format --write` formats web/

The site is web/ plus a self-hosted Pyodide runtime (from the npm package), the micropip
and packaging wheels its lock file names (from PyPI), this project's own wheel, which
the worker installs with micropip, and Chart.js (from npm) for the study lab's charts.
Downloads are cached in .cache/, so a rebuild takes about a second; the project wheel is
rebuilt only when its sources change.  The values and English texts the page shares with
the package are written from the package into web/generated/shared.js (not kept in git), so each is
defined once.

This file is the front; the work is done in builder/, one role a module:

    builder/downloads.py    the pinned downloads: Pyodide, Chart.js, axe-core, TypeScript, Biome, the lock's wheels
    builder/wheel.py        the project's wheel
    builder/databases.py    the pattern databases (built in a child Python with numpy)
    builder/codegen.py      what the page shares with the package: shared.js, messages, BIG_BOARD
    builder/protocol_js.py  web/generated/protocol.js, the protocol's JSDoc types, from npuzzle/api/protocol/
    builder/icons.py        the app's icons (a PNG encoder)
    builder/site.py         dist/: the site assembled, the snapshot, the service worker's lists
    builder/serve.py        the development server
    builder/devenv.py       .venv, Chromium, Node.js and fonts (apt-get when missing)
    builder/runners.py      pytest, the web benchmark and the screenshots, on the built site
"""

from __future__ import annotations

import argparse
import sys

from builder import runners, serve, site


def parser() -> argparse.ArgumentParser:
    """The commands; test, bench-web, screenshots and biome pass every argument on untouched."""
    top = argparse.ArgumentParser(
        prog="build.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("build", help="build the static site into dist/ (the default)")
    serving = commands.add_parser("serve", help="build, then serve dist/ and print the URL")
    serving.add_argument("--port", type=int, default=8000, help="the port (8000; 0 for any free one)")
    for name, text in (
        ("test", "set everything up, build, run pytest with the arguments given"),
        ("bench-web", "load and solve timings in headless Chromium, with the benchmark's arguments"),
        ("screenshots", "the README's pictures of the page (docs/*.png)"),
        ("biome", "the pinned Biome over the page's scripts (biome.jsonc), with Biome's arguments"),
    ):
        # No option of its own, not even -h (no argument starts with the prefix "\0"):
        # every argument goes to pytest or the script as given.
        passed = commands.add_parser(name, help=text, add_help=False, prefix_chars="\0")
        passed.add_argument("args", nargs=argparse.REMAINDER)
    return top


def main(argv: list[str]) -> int:
    options = parser().parse_args(argv)
    if options.command in (None, "build"):
        site.build()
    elif options.command == "serve":
        serve.serve(options.port)
    elif options.command == "test":
        return runners.test(options.args)
    elif options.command == "bench-web":
        return runners.bench_web(options.args)
    elif options.command == "screenshots":
        return runners.screenshots(options.args)
    elif options.command == "biome":
        return runners.run_biome(options.args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
