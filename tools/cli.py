"""Build, serve and test the Celestix card room (Python 3.11+, Node 20+ with npm).

    python3 build.py build                 assemble the static site in dist/
    python3 build.py serve [--port N]      build, then serve dist/ on localhost
    python3 build.py test [--layer L] [-- PYTEST_ARGS]
                                           set up what is missing, run every test layer
    python3 build.py format                rewrite the sources in the project's style
                                           (ruff on the Python, Biome on JS and CSS)
    python3 build.py bench startup [--runs N]
                                           the start-up benchmark (docs/PERFORMANCE.md)
    python3 build.py bench bots [--runs N]  ms per bot decision in CPython, Node, Chromium
    python3 build.py bench openspiel [--runs N]
                                           our levels against OpenSpiel's ISMCTS, N deals
                                           (docs/BOTS.md)

build.py itself needs only the standard library: it creates ``.venv`` with the build's
pinned packages (``tools/requirements.txt``; for ``test`` and ``bench`` also the tests'),
then runs this module's :func:`main` with the venv's Python. Downloads (Pyodide,
micropip, the build's npm packages, test wheels) are pinned, checksum-verified and cached
in ``.cache/``; the engine wheel is rebuilt only when its sources change.
``dist/build.json`` tells the worker which files to load; ``dist/sw.js`` gets the
build's file list (the service worker's precache); the PNG icons are drawn from the
project's SVGs and the rules pages rendered from their Markdown. Each subcommand is a
function in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable, Sequence

from tools.bench import BENCHMARKS, run_benchmark
from tools.common import DIST, log
from tools.downloads import PYODIDE_VERSION
from tools.layers import LAYERS, format_sources, run_layers
from tools.server import make_server
from tools.site import build_site


def cmd_build(args: argparse.Namespace) -> int:
    """``build``: assemble dist/."""
    started = time.monotonic()
    manifest = build_site()
    log(
        f"built dist/ in {time.monotonic() - started:.1f} s "
        f"(engine {manifest['engine']['wheel']}, pyodide {PYODIDE_VERSION})"
    )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """``serve``: build, then serve dist/ until interrupted."""
    cmd_build(args)
    try:
        server = make_server(DIST, args.port)
    except OSError as error:
        log(f"cannot listen on port {args.port}: {error.strerror} (try --port N)")
        return 1
    log(f"serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)")
    with server, contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    """``test``: set up, build, then run the chosen layers (all by default); 1 if any fails."""
    return run_layers(args.layer or [], args.pytest_args)


def cmd_format(args: argparse.Namespace) -> int:
    """``format``: ruff's and Biome's formatters and safe fixes, written into the sources."""
    return format_sources()


def cmd_bench(args: argparse.Namespace) -> int:
    """``bench NAME``: set up, build, then run a benchmark (not a test: it reports figures)."""
    return run_benchmark(args.name, args.runs)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "build": cmd_build,
    "serve": cmd_serve,
    "test": cmd_test,
    "format": cmd_format,
    "bench": cmd_bench,
}


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command line: a subcommand and its options; after ``--``, pytest's arguments."""
    argv = list(argv)
    pytest_args: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, pytest_args = argv[:cut], argv[cut + 1 :]
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="assemble the static site in dist/")
    serve = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any)")
    test = sub.add_parser(
        "test",
        help="set up what is missing and run the test layers",
        epilog="Arguments after -- go to every pytest run.",
    )
    test.add_argument(
        "--layer",
        action="append",
        choices=list(LAYERS),
        help="run only this layer (repeatable; default: all)",
    )
    sub.add_parser("format", help="rewrite the sources in the project's style (ruff, Biome)")
    bench = sub.add_parser("bench", help="run a benchmark (docs/PERFORMANCE.md, docs/BOTS.md)")
    bench.add_argument("name", choices=list(BENCHMARKS), help="which benchmark")
    bench.add_argument("--runs", type=int, help="runs of each kind (default: the benchmark's)")
    args = parser.parse_args(argv)
    args.pytest_args = pytest_args
    return args


def main(argv: Sequence[str]) -> int:
    """Run the subcommand named on the command line (build.py has set the venv up)."""
    args = parse_args(argv)
    return COMMANDS[args.command](args)
