"""The Contract Sabacc arena: duplicate rounds between two bot levels.

``python -m celestix arena sabacc --a strong --b easy --deals N [--players 3|4|5]
[--jobs J] [--seed S]``. Each deal is one round, played ``n + 1`` times with the same
cards: once with level B in every seat (the reference), then once for each seat ``k``
with level A in seat ``k`` and B in the others. A's result in the deal is what A won in
chips in each seat less what B won in the same seat at the reference table, summed
over the seats (so the level is rotated through every seat, and only the seat's
player differs from the table it is compared with). A wins the deal when that sum is
positive; a tie counts half. Deals run in parallel processes (``--jobs``); without
multiprocessing they run one after another.

``--whole-games``: each deal is a whole game (every player deals once) instead of its
first round, played the same ``n + 1`` times, and A's result is its share of the game's
win in each seat (1 alone on top, 1/k in a tie of k) less B's in the same seat at the
reference table, summed over the seats. The game, not a round's chips, is what the
players are out to win, so this is how a level that plays for the game is judged.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from celestix import runner
from celestix.errors import RulesError
from celestix.options import resolve
from celestix.runner import Step
from celestix.sabacc.bots import LEVELS, player_of
from celestix.sabacc.bots.search import VARIANTS
from celestix.sabacc.options import OPTION_SPECS
from celestix.sabacc.state import Phase
from celestix.shape import JsonDict
from celestix.stats import deals_won, decision_times, interval, mean_ci

PHASES = (Phase.BID.value, Phase.ASIDE.value, Phase.PLAY.value)
# each side's processor ms per decision, by phase
Times = dict[str, dict[str, list[float]]]
# plays one table of a duplicate deal: (options, seed, levels, times, sides) -> result
Table = Callable[[JsonDict, int, list[str], Times, list[str]], JsonDict]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arena's own arguments (``--players`` and ``--seed`` come with the others)."""
    known = ", ".join([*LEVELS, *VARIANTS])
    parser.add_argument("--a", required=True, help=f"level of side A ({known}; or normal+work=N)")
    parser.add_argument("--b", required=True, help="level of side B (the other seats)")
    parser.add_argument("--deals", type=int, default=100, help="how many duplicate deals")
    parser.add_argument("--jobs", "--workers", dest="jobs", type=int, default=1,
                        help="processes playing in parallel")  # fmt: skip
    parser.add_argument("--progress", type=int, default=0,
                        help="print the standings every N deals (0: only at the end)")  # fmt: skip
    parser.add_argument("--whole-games", action="store_true",
                        help="play each deal as a whole game and score shares of the game's "
                        "win (default: the first round, scored in chips)")  # fmt: skip
    parser.add_argument("--log", default=None,
                        help="keep each deal's result in this file as it comes; deals "
                        "already there are not played again")  # fmt: skip


def arena(args: argparse.Namespace, options: JsonDict, write: Callable[[str], None]) -> int:
    """Play the duplicate deals and print the statistics; the exit status."""
    for level in (args.a, args.b):
        if player_of(level) is None and runner.external_player(level) is None:
            write(f"error: unknown level {level!r} (known: {', '.join([*LEVELS, *VARIANTS])})")
            return 2
    if args.deals < 1 or args.jobs < 1:
        write("error: --deals and --jobs must be at least 1")
        return 2
    try:
        resolved = resolve(OPTION_SPECS, options)
    except RulesError as error:
        write(f"error: {error}")
        return 2
    seed = 1 if args.seed is None else args.seed
    whole = bool(getattr(args, "whole_games", False))
    jobs = [(seed + deal, args.a, args.b, resolved) for deal in range(args.deals)]
    deal = arena_game if whole else arena_deal
    reporter = game_report if whole else report

    def lines(results: list[JsonDict], workers: int, took: float) -> list[str]:
        return reporter(args.a, args.b, results, resolved, seed, workers, took)

    results, workers, elapsed = runner.run_arena(deal, jobs, args.jobs, args, lines, write)
    for line in lines(results, workers, elapsed):
        write(line)
    return 0


def round_gains(state: JsonDict) -> list[int]:
    """What each seat won or lost in round 0, from the ledger (antes included)."""
    gains = [0] * len(state["chips"])
    for entry in state["ledger"]:
        if entry["hand"] == 0 and entry["seat"] is not None:
            gains[entry["seat"]] += entry["amount"] if entry["dir"] == "out" else -entry["amount"]
    return gains


def play_round(options: JsonDict, seed: int, levels: list[str], times: Times,
               sides: list[str]) -> JsonDict:  # fmt: skip
    """Play the first round of game ``seed`` with ``levels`` per seat; its result."""
    ended: list[JsonDict] = []

    def timed(step: Step) -> None:
        times[sides[step.seat]].setdefault(step.view["phase"], []).append(step.ms)
        ended.extend(e for e in step.events if e["type"] in ("round_counted", "void_round"))

    state = runner.play("sabacc", levels, options, seed, observe=timed,
                        until=lambda step: bool(ended)).state  # fmt: skip
    if not ended:
        raise AssertionError("the round did not end")
    event = ended[0]
    if event["type"] == "void_round":
        return {"gains": round_gains(state), "declarer": None, "made": False, "contract": None}
    return {"gains": round_gains(state), "declarer": event["declarer"],
            "made": bool(event["made"]), "contract": event["contract"]}  # fmt: skip


def duplicate(job: tuple[int, str, str, JsonDict], play: Table
              ) -> tuple[JsonDict, list[JsonDict], Times]:  # fmt: skip
    """The tables of one duplicate deal, each played by ``play``: the reference (B in
    every seat), then A in seat ``k`` for each ``k``; with the decisions' times."""
    seed, a, b, options = job
    seats = int(options["players"])
    times: Times = {"a": {}, "b": {}}
    reference = play(options, seed, [b] * seats, times, ["b"] * seats)
    seated = []
    for k in range(seats):
        levels = [a if s == k else b for s in range(seats)]
        seated.append(
            play(options, seed, levels, times, ["a" if s == k else "b" for s in range(seats)])
        )
    return reference, seated, times


def arena_deal(job: tuple[int, str, str, JsonDict]) -> JsonDict:
    """One duplicate deal: the reference table (all B), then A in each seat in turn."""
    reference, seated, times = duplicate(job, play_round)
    rotations = [
        {
            "gain": result["gains"][k] - reference["gains"][k],
            "a_declared": result["declarer"] == k,
            "a_made": result["declarer"] == k and result["made"],
            "b_declared": reference["declarer"] == k,
            "b_made": reference["declarer"] == k and reference["made"],
        }
        for k, result in enumerate(seated)
    ]
    return {"seed": job[0], "rotations": rotations, "times": times}


def report(a: str, b: str, results: list[JsonDict], options: JsonDict, seed: int, workers: int,
           elapsed: float) -> list[str]:  # fmt: skip
    """The arena's statistics as lines of text."""
    deals = len(results)
    seats = int(options["players"])
    scores = [sum(r["gain"] for r in res["rotations"]) for res in results]
    per_round, per_round_half = mean_ci([s / seats for s in scores])
    rotations = [r for res in results for r in res["rotations"]]

    def contracts(side: str) -> str:
        declared = sum(1 for r in rotations if r[f"{side}_declared"])
        made = sum(1 for r in rotations if r[f"{side}_made"])
        share = 100 * declared / max(1, len(rotations))
        success = f"{100 * made / declared:.1f}% made" if declared else "none to make"
        return f"{side.upper()} declared in {declared} ({share:.1f}%), {success}"

    lines = [
        f"Contract Sabacc arena: A = {a}, B = {b}; {seats} players, {deals} deals "
        f"({(seats + 1) * deals} rounds), seeds {seed}-{seed + deals - 1}, {workers} "
        f"process(es), {elapsed:.0f} s",
        "Each deal is one round played with B in every seat, then with A in each seat in "
        "turn; A's score is its chips won less B's in the same seat, summed over the seats "
        "(a tie counts half).",
        deals_won(scores),
        f"Chips per round in a seat, A less B: {per_round:+.3f} "
        f"({interval(per_round, per_round_half, 1, '+.3f')})",
        f"Contracts (seat-rounds): {contracts('a')}; {contracts('b')}",
    ]
    for side, level in (("a", a), ("b", b)):
        lines.append(decision_times(results, side, level, PHASES))
    return lines


# --- whole games ---------------------------------------------------------------------------


def play_game(options: JsonDict, seed: int, levels: list[str], times: Times,
              sides: list[str]) -> JsonDict:  # fmt: skip
    """Play game ``seed`` to its end with ``levels`` per seat: each seat's share of the
    game's win, final chips, and the rounds and void rounds played."""
    rounds = [0, 0]  # rounds ended, of them void

    def timed(step: Step) -> None:
        times[sides[step.seat]].setdefault(step.view["phase"], []).append(step.ms)
        for event in step.events:
            if event["type"] in ("round_counted", "void_round"):
                rounds[0] += 1
                rounds[1] += event["type"] == "void_round"

    state = runner.play("sabacc", levels, options, seed, observe=timed).state
    winners = [int(s) for s in state["winners"]]
    shares = [1 / len(winners) if s in winners else 0.0 for s in range(len(levels))]
    return {"shares": shares, "chips": [int(c) for c in state["chips"]], "rounds": rounds[0],
            "void": rounds[1]}  # fmt: skip


def arena_game(job: tuple[int, str, str, JsonDict]) -> JsonDict:
    """One duplicate game: the reference table (all B), then A in each seat in turn."""
    reference, seated, times = duplicate(job, play_game)
    rotations = [{"share": result["shares"][k], "b_share": reference["shares"][k],
                  "chips": result["chips"][k] - reference["chips"][k],
                  "rounds": result["rounds"], "void": result["void"]}
                 for k, result in enumerate(seated)]  # fmt: skip
    return {"seed": job[0], "rotations": rotations, "times": times,
            "reference": {"rounds": reference["rounds"], "void": reference["void"]}}  # fmt: skip


def game_report(a: str, b: str, results: list[JsonDict], options: JsonDict, seed: int,
                workers: int, elapsed: float) -> list[str]:  # fmt: skip
    """The whole-game arena's statistics as lines of text."""
    deals = len(results)
    seats = int(options["players"])
    rotations = [r for res in results for r in res["rotations"]]
    scores = [sum(r["share"] - r["b_share"] for r in res["rotations"]) for res in results]
    share, share_half = mean_ci([r["share"] for r in rotations])
    chips, chips_half = mean_ci([r["chips"] for r in rotations])

    def void(rounds: int, empty: int) -> str:
        return f"{empty} of {rounds} ({100 * empty / max(1, rounds):.1f}%)"

    ref = [res["reference"] for res in results]
    seated = void(sum(r["rounds"] for r in rotations), sum(r["void"] for r in rotations))
    alone = void(sum(r["rounds"] for r in ref), sum(r["void"] for r in ref))
    return [
        f"Contract Sabacc arena, whole games: A = {a}, B = {b}; {seats} players, {deals} "
        f"games played {seats + 1} times each, seeds {seed}-{seed + deals - 1}, {workers} "
        f"process(es), {elapsed:.0f} s",
        "Each game is played with B in every seat, then with A in each seat in turn; A's "
        "score is its share of the game's win in each seat less B's in the same seat, "
        "summed over the seats (a tie counts half).",
        deals_won(scores).replace("of deals", "of games"),
        f"A's share of the game's win in a seat: {share:.3f} "
        f"({interval(share, share_half, 1, '.3f')}; 1/{seats} = {1 / seats:.3f}); final "
        f"chips in a seat, A less B: {chips:+.2f} ({interval(chips, chips_half, 1, '+.2f')})",
        f"Void rounds: with A seated {seated}; B everywhere {alone}",
        decision_times(results, "a", a, PHASES),
        decision_times(results, "b", b, PHASES),
    ]
