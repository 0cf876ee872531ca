"""``python3 build.py bench openspiel``: our levels against OpenSpiel's ISMCTS (issue 17).

For each trick game, the game's arena (duplicate deals, ``python -m celestix arena``)
between one of our levels and ``bench.openspiel_bots:ismcts``, OpenSpiel's
information-set MCTS over the game as :mod:`bench.openspiel_games` exposes it.
Precedence: our level is side A (one team), ISMCTS side B (the other). Contract Sabacc:
ISMCTS is side A, the seat rotated round the table, and our level side B, every other
seat and the reference table's (an ISMCTS decision costs more than ours, and this way a
deal asks for four seats' worth of them, not sixteen): A's score is ISMCTS's, so our
level's is its opposite.
Not a test: it prints the arenas' reports. ``--runs`` is the number of deals of each
arena (default 20); ``--levels`` and ``--games`` choose what plays; ``--log DIR`` keeps
each deal's result (``DIR/openspiel-<game>-<level>.jsonl``) so that a run can be stopped
and taken up again.
"""

from __future__ import annotations

import argparse
import os

import bench  # noqa: F401  (puts engine/ on the path)
from celestix.cli import main as celestix_main

OPPONENT = "bench.openspiel_bots:ismcts"


def main(argv: list[str] | None = None) -> int:
    """Run the arenas; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20, help="deals per arena")
    parser.add_argument("--games", default="precedence,sabacc")
    parser.add_argument("--levels", default="normal,strong")
    parser.add_argument("--opponent", default=OPPONENT, help="side B (module:function)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log", default=None, help="a folder for the deals' results")
    args = parser.parse_args(argv)
    status = 0
    for game in args.games.split(","):
        for level in args.levels.split(","):
            a, b = (level, args.opponent) if game == "precedence" else (args.opponent, level)
            command = ["arena", game, "--a", a, "--b", b, "--seed", "1",
                       "--deals", str(args.runs), "--workers", str(args.workers)]  # fmt: skip
            if args.log:
                os.makedirs(args.log, exist_ok=True)
                command += ["--log", os.path.join(args.log, f"openspiel-{game}-{level}.jsonl")]
            print(f"$ python -m celestix {' '.join(command)}", flush=True)
            status = celestix_main(command) or status
    return status


if __name__ == "__main__":
    raise SystemExit(main())
