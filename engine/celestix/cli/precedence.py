"""Precedence in the terminal: ``play`` (one person against bots), ``simulate`` and
``arena``.

``python -m celestix play precedence`` shows the table from your seat and reads your
actions from standard input (so it can be driven by a pipe); ``python -m celestix
simulate precedence --games N --seats basic,random,basic,random --seed S`` plays bot
games and prints each team's results, the average score per hand, the contract success
rate, the Imperial Audits and the games per second; ``python -m celestix arena
precedence --a strong --b easy --deals N [--workers W] [--seed S]`` plays duplicate
deals between two levels (see :func:`arena`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from celestix import api, runner
from celestix.errors import MalformedError, RulesError
from celestix.options import resolve
from celestix.precedence.bots import LEVELS, player_of
from celestix.precedence.bots.fast import EXCESS_COST
from celestix.precedence.bots.search import VARIANTS
from celestix.precedence.cards import SUIT_NAMES, SUITS, card_name
from celestix.precedence.options import OPTION_SPECS, counts_excess
from celestix.precedence.scoring import AUDIT_POINTS
from celestix.runner import Step, bot_seed
from celestix.shape import JsonDict
from celestix.stats import deals_won, decision_times, interval, mean_ci

COMMANDS = ("play", "simulate", "arena")
SEAT_NAMES = ("South", "West", "North", "East")
# The longest list of declarations printed in full; longer ones are typed as cards.
LIST_LIMIT = 40
OPTION_FLAGS = (
    ("variant", str, "core or frontier"),
    ("target", int, "target score: 250 or 150"),
    ("trump", str, "rotate, or a suit: Void, Frontier, Border, Core"),
    ("penalty", int, "points lost per trick bid on a failed contract"),
    ("start_chips", int, "chips each player starts with"),
    ("accord", int, "Accord Pot stake per player"),
    ("ante", int, "ante per player per hand"),
    ("meld_wager", int, "wager per declared meld"),
    ("trick_credit", int, "credit per trick bid"),
)


def add_arguments(command: str, parser: argparse.ArgumentParser) -> None:
    """The arguments of ``command`` for Precedence."""
    parser.add_argument("--seed", type=int, default=None, help="deal number (random if left out)")
    for name, kind, help_text in OPTION_FLAGS:
        parser.add_argument(f"--{name.replace('_', '-')}", dest=name, type=kind, help=help_text)
    if command == "play":
        parser.add_argument("--seat", type=int, default=0, choices=range(4), help="your seat")
        parser.add_argument("--level", default="basic", choices=LEVELS, help="the bots' level")
    elif command == "arena":
        add_arena_arguments(parser)
    else:
        parser.add_argument("--games", type=int, default=10, help="how many games")
        parser.add_argument(
            "--seats", default="basic,basic,basic,basic", help="bot level of seats 0,1,2,3"
        )
        parser.add_argument(
            "--max-hands", type=int, default=200, help="stop a game after this many hands"
        )
        parser.add_argument(
            "--checked", action="store_true", help="send every call through the facade's checks"
        )


def run(command: str, args: argparse.Namespace) -> int:
    """Run ``command``; the exit status."""
    options = {name: getattr(args, name) for name, _, _ in OPTION_FLAGS}
    options = {name: value for name, value in options.items() if value is not None}
    try:
        if command == "play":
            return play(options, args.seed, args.seat, args.level, input, print)
        if command == "arena":
            return arena(args, options, print)
        return simulate(args, options)
    except RulesError as error:
        print(f"error: {error.message}")
        return 2


# --- play ----------------------------------------------------------------------------------


def play(
    options: dict[str, Any],
    seed: int | None,
    seat: int,
    level: str,
    read: Callable[[str], str],
    write: Callable[[str], None],
) -> int:
    """One game: the person at ``seat`` against three bots of ``level``."""
    state = api.new_game("precedence", options, seed)
    write(f"Precedence, deal {state['seed']}: you are {SEAT_NAMES[seat]} (seat {seat}).")
    write("Your partner sits opposite. Type 'help' for the commands, 'quit' to leave.")
    actions = 0
    while not state["over"]:
        to_act = state["to_act"]
        view = api.view(state, to_act)
        if to_act == seat:
            write(render_table(view))
            try:
                action = ask(view, api.legal_actions(state, seat), read, write)
            except EOFError:
                write("Input ended: the game is left unfinished.")
                return 1
            if action is None:
                write("You left the table.")
                return 1
        else:
            action = api.bot_action(view, level, bot_seed(state["seed"], actions))
        try:
            result = api.apply(state, action, to_act)
        except MalformedError as error:
            write(f"I did not understand that ({error.message}); type 'help' for the commands.")
            continue
        except RulesError as error:
            write(f"Not allowed: {error.message}")
            continue
        state = result["state"]
        actions += 1
        for event in result["events"]:
            line = narrate(event, seat, str(state["options"]["variant"]))
            if line:
                write(line)
    write(render_table(api.view(state, seat)))
    return 0


def ask(
    view: JsonDict,
    legal: list[JsonDict],
    read: Callable[[str], str],
    write: Callable[[str], None],
) -> JsonDict | None:
    """Read the person's action until it parses; ``None`` to quit."""
    while True:
        text = read(prompt(view, legal, write)).strip()
        if text.lower() in ("quit", "exit", "q"):
            return None
        if text.lower() in ("help", "?"):
            write(HELP)
            continue
        action = parse(view, legal, text)
        if action is None:
            write("I did not understand that; type 'help' for the commands.")
            continue
        return action


HELP = (
    "Declare: a number from the list, 'none', or melds as cards, melds split by '/'\n"
    "  (e.g. '2V 3V 4V / 5F 5B 5C').  Bid: a number of tricks.  Play: a card code such as\n"
    "  'EV' (rank 2-9, T, O Officer, M Commander, P Pilot, E Emperor; suit V F B C).\n"
    "  'quit' leaves the game."
)


def prompt(view: JsonDict, legal: list[JsonDict], write: Callable[[str], None]) -> str:
    """Show the choices and return the prompt for the person's action."""
    phase = view["phase"]
    if phase == "declare":
        if len(legal) <= LIST_LIMIT:
            for i, move in enumerate(legal):
                melds = " / ".join(" ".join(meld) for meld in move["melds"]) or "none"
                write(f"  {i}: {melds}")
            return "Declare (number, 'none', or cards): "
        return f"Declare ({len(legal)} ways; 'none' or cards like '2V 3V 4V / 5F 5B 5C'): "
    if phase == "bid":
        return f"Your bid (0-{view['bid_limits'][view['seat']]}): "
    cards = " ".join(move["card"] for move in legal)
    return f"Play a card ({cards}): "


def parse(view: JsonDict, legal: list[JsonDict], text: str) -> JsonDict | None:
    """The action ``text`` names, or ``None``; legality is the engine's to judge."""
    phase = view["phase"]
    if phase == "declare":
        if text.lower() in ("none", "-", ""):
            return {"type": "declare", "melds": []}
        if text.isdigit():
            index = int(text)
            return legal[index] if index < len(legal) and len(legal) <= LIST_LIMIT else None
        melds = [part.upper().split() for part in text.split("/")]
        return {"type": "declare", "melds": melds}
    if phase == "bid":
        return {"type": "bid", "tricks": int(text)} if text.isdigit() else None
    if text.isdigit() and int(text) < len(legal):
        return legal[int(text)]
    return {"type": "play", "card": text.upper()} if text else None


# --- the table and the story ------------------------------------------------------------------


def seat_label(seat: int, me: int | None) -> str:
    """``"North (partner)"``, ``"South (you)"``, ``"East"``."""
    if seat == me:
        return f"{SEAT_NAMES[seat]} (you)"
    if me is not None and seat == (me + 2) % 4:
        return f"{SEAT_NAMES[seat]} (partner)"
    return SEAT_NAMES[seat]


def hand_text(cards: list[str]) -> str:
    """Cards grouped by suit: ``"Void: 2 5 O | Border: T E"``."""
    groups = []
    for suit, name in zip(SUITS, SUIT_NAMES, strict=True):
        ranks = [card[0] for card in cards if card[1] == suit]
        if ranks:
            groups.append(f"{name}: {' '.join(ranks)}")
    return " | ".join(groups) or "(none)"


def render_table(view: JsonDict) -> str:
    """The table as the view's seat sees it."""
    me = view["seat"]
    variant = "Frontier/Void" if view["variant"] == "frontier" else "Core/Border"
    lines = [
        f"=== Hand {view['hand_number'] + 1} | dealer {SEAT_NAMES[view['dealer']]} | "
        f"trump {view['trump']} | {variant} rules, target {view['target']} ==="
    ]
    for team in (0, 1):
        names = "+".join(SEAT_NAMES[s] for s in (team, team + 2))
        excess = f" (Excess {view['excess'][team]})" if view["excess_counted"] else ""
        lines.append(
            f"Team {names}: {view['scores'][team]} points{excess}; contract "
            f"{view['contracts'][team]}, tricks {view['team_tricks'][team]}"
        )
    chips = ", ".join(f"{SEAT_NAMES[s]} {view['chips'][s]}" for s in range(4))
    lines.append(f"Chips: {chips}; Hand Pot {view['hand_pot']}, Accord Pot {view['accord_pot']}")
    for s in range(4):
        bid = view["bids"][s]
        melds = "  ".join(" ".join(meld) for meld in view["melds"][s])
        lines.append(
            f"  {seat_label(s, me):18} {view['hand_sizes'][s]:2} cards, "
            f"bid {'-' if bid is None else bid}, tricks {view['tricks'][s]}"
            + (f", face up: {melds}" if melds else "")
        )
    if view["last_trick"] and not view["trick"]:
        last = view["last_trick"]
        played = ", ".join(f"{SEAT_NAMES[p['seat']]} {p['card']}" for p in last["plays"])
        lines.append(f"Last trick: {played} -> {SEAT_NAMES[last['winner']]} ({last['reason']})")
    if view["trick"]:
        played = ", ".join(f"{SEAT_NAMES[p['seat']]} {p['card']}" for p in view["trick"])
        lines.append(f"Trick: {played}")
    if me is not None:
        lines.append(f"Your hand: {hand_text(view['hand'])}")
    if view["over"]:
        lines.append(f"Game over: team {view['winner']} wins.")
    return "\n".join(lines)


def narrate(event: JsonDict, me: int, variant: str) -> str:
    """One line about an event for the person at ``me`` (empty for the quiet ones)."""
    kind = event["type"]
    who = seat_label(event["seat"], me) if "seat" in event else ""
    if kind == "declare":
        melds = ", ".join(f"{m['label']} {' '.join(m['cards'])} ({m['points']})"
                          for m in event["melds"]) or "no melds"  # fmt: skip
        return f"{who} declares {melds}; wager {event['wager']}."
    if kind == "bid":
        return f"{who} bids {event['tricks']} (team contract {event['contract']})."
    if kind == "play":
        return f"{who} plays {card_name(event['card'], variant)}."
    if kind == "trick":
        return f"  Trick {event['number']} to {seat_label(event['winner'], me)}: {event['reason']}."
    if kind == "hand_scored":
        return "\n".join(team_line(team) for team in event["teams"])
    if kind == "hand_pot":
        if event["outcome"] == "carried":
            return f"Hand Pot: {event['amount']} chips carry over ({event['reason']})."
        odd = " (odd chip stays)" if event["odd_chip"] else ""
        return f"Hand Pot: {event['amount']} chips to team {event['team']}{odd}."
    if kind == "tie":
        return str(event["message"])
    if kind == "deal":
        return f"--- Hand {event['hand_number'] + 1}: {event['trump']} is the trump suit."
    if kind in ("accord_pot", "leftover_pot"):
        pot = "Accord Pot" if kind == "accord_pot" else "Hand Pot (left at the end)"
        return f"{pot}: {event['amount']} chips to team {event['team']}."
    if kind == "game_over":
        return (
            f"Game over: team {event['winner']} wins, {event['scores'][0]} to {event['scores'][1]}."
        )
    return ""


def team_line(team: JsonDict) -> str:
    """A team's hand result in words."""
    names = "+".join(SEAT_NAMES[s] for s in team["seats"])
    result = "made" if team["made"] else "FAILED"
    melds = f", melds {team['meld_points_scored']}" + (" (halved)" if not team["made"] else "")
    audit = f", AUDIT {team['audit_points']}" if team["audits"] else ""
    return (
        f"Team {names}: contract {team['contract']}, tricks {team['tricks']}, {result}: "
        f"{team['contract_points']:+} contract, {team['overtricks']:+} excess{melds}{audit} "
        f"-> {team['score_before']} to {team['score_after']}"
    )


# --- simulate --------------------------------------------------------------------------------


def simulate(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Play ``args.games`` bot games and print the statistics."""
    levels = [level.strip() for level in args.seats.split(",")]
    if len(levels) != 4 or any(level not in LEVELS for level in levels):
        print(f"error: --seats needs four levels from {', '.join(LEVELS)}")
        return 2
    seed = 1 if args.seed is None else args.seed
    wins, unfinished, hands, audits = [0, 0], 0, 0, [0, 0]
    points, made = [0, 0], [0, 0]
    started = time.perf_counter()
    for game in range(args.games):
        match = runner.play("precedence", levels, options, seed + game,
                            max_hands=args.max_hands, checked=args.checked)  # fmt: skip
        state = match.state
        if match.finished:
            wins[state["winner"]] += 1
        else:
            unfinished += 1
        for line in state["history"]:
            hands += 1
            for team in (0, 1):
                points[team] += line["points"][team] - 100 * line["audits"][team]
                made[team] += line["made"][team]
                audits[team] += line["audits"][team]
    elapsed = time.perf_counter() - started
    print(f"Precedence: {args.games} games, seats {','.join(levels)}, seeds {seed}-"
          f"{seed + args.games - 1}, options {options or 'default'}")  # fmt: skip
    for team in (0, 1):
        share = 100 * wins[team] / max(1, args.games)
        print(
            f"Team {team} (seats {team}+{team + 2}: {levels[team]}, {levels[team + 2]}): "
            f"won {wins[team]} ({share:.1f}%), average score per hand "
            f"{points[team] / max(1, hands):+.1f}, contracts made "
            f"{100 * made[team] / max(1, hands):.1f}%, Imperial Audits {audits[team]}"
        )
    print(
        f"Hands: {hands} ({hands / max(1, args.games):.1f} a game); unfinished games: {unfinished}"
    )
    print(f"Time: {elapsed:.2f} s, {args.games / elapsed:.1f} games/second")
    return 0


# --- arena -----------------------------------------------------------------------------------

# The deals of an arena run are hands 4-7 of their seed's game, so the trump rotates
# through the four suits and the dealer round the table from deal to deal.
ARENA_FIRST_HAND = 4


def add_arena_arguments(parser: argparse.ArgumentParser) -> None:
    """The arena's own arguments (besides the seed and the options)."""
    levels = ", ".join([*LEVELS, *VARIANTS])
    parser.add_argument(
        "--a", required=True, help=f"level of side A ({levels}; or e.g. normal+work=9000)"
    )
    parser.add_argument("--b", required=True, help="level of side B")
    parser.add_argument("--deals", type=int, default=100, help="how many duplicate deals")
    parser.add_argument("--workers", type=int, default=1, help="processes playing in parallel")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the standings every N deals (0: only at the end)")  # fmt: skip
    parser.add_argument("--log", default=None,
                        help="keep each deal's result in this file as it comes; deals "
                        "already there are not played again")  # fmt: skip


def arena(args: argparse.Namespace, options: dict[str, Any], write: Callable[[str], None]) -> int:
    """Duplicate deals between levels ``args.a`` and ``args.b``; print the statistics.

    Each deal is one hand, played twice with the same cards: side A sits in seats 0 and 2
    (team 0) on the first play and in seats 1 and 3 on the second. A deal's result for A
    is its points less B's, summed over both plays, each hand's points counting every
    overtrick's Excess at 10 points (its long-run cost: an Audit takes 100 points for 10
    Excess). A wins the deal when that sum is positive; a tie counts half.
    """
    for level in (args.a, args.b):
        if player_of(level) is None and runner.external_player(level) is None:
            known = ", ".join((*LEVELS, *VARIANTS))
            write(f"error: unknown level {level!r} (known: {known}, or e.g. normal+work=9000)")
            return 2
    if args.deals < 1 or args.workers < 1:
        write("error: --deals and --workers must be at least 1")
        return 2
    resolve(OPTION_SPECS, options)  # refuse bad options before starting the workers
    seed = 1 if args.seed is None else args.seed
    jobs = [(seed + deal, args.a, args.b, options) for deal in range(args.deals)]

    def lines(results: list[JsonDict], workers: int, took: float) -> list[str]:
        return arena_report(args.a, args.b, results, options, seed, workers, took)

    results, workers, elapsed = runner.run_arena(arena_deal, jobs, args.workers, args, lines, write)
    for line in arena_report(args.a, args.b, results, options, seed, workers, elapsed):
        write(line)
    return 0


def arena_deal(job: tuple[int, str, str, dict[str, Any]]) -> JsonDict:
    """Play one duplicate deal: A as team 0, then as team 1, with the same cards.

    Returns A's and B's adjusted and raw points per play, whether each side made its
    contract, and the processor milliseconds of each decision of each side, by phase.
    """
    seed, a, b, options = job
    resolved = resolve(OPTION_SPECS, options)
    excess = counts_excess(resolved)
    out: JsonDict = {"seed": seed, "plays": [], "times": {"a": {}, "b": {}}}
    for turn in range(2):
        levels = [a, b, a, b] if turn == 0 else [b, a, b, a]
        sides = ["a", "b", "a", "b"] if turn == 0 else ["b", "a", "b", "a"]

        def timed(step: Step, sides: list[str] = sides) -> None:
            out["times"][sides[step.seat]].setdefault(step.view["phase"], []).append(step.ms)

        state = runner.play(
            "precedence", levels, resolved, seed,
            setup={"hand_number": ARENA_FIRST_HAND + seed % 4}, key=2 * seed + turn,
            until=lambda step: bool(step.state["history"]), observe=timed,
        ).state  # fmt: skip
        line = state["history"][0]
        points, raw = [], []
        for team in (0, 1):
            over = line["tricks"][team] - line["contracts"][team] if line["made"][team] else 0
            points.append(line["points"][team] - (EXCESS_COST * over if excess else 0))
            raw.append(line["points"][team] - AUDIT_POINTS * line["audits"][team])
        a_team = turn  # A is team 0 on the first play, team 1 on the second
        out["plays"].append(
            {
                "points": [points[a_team], points[1 - a_team]],
                "raw": [raw[a_team], raw[1 - a_team]],
                "made": [line["made"][a_team], line["made"][1 - a_team]],
            }
        )
    return out


def arena_report(
    a: str,
    b: str,
    results: list[JsonDict],
    options: dict[str, Any],
    seed: int,
    workers: int,
    elapsed: float,
) -> list[str]:
    """The arena's statistics as lines of text."""
    deals = len(results)
    scores = [sum(p["points"][0] - p["points"][1] for p in r["plays"]) for r in results]
    raws = [sum(p["raw"][0] - p["raw"][1] for p in r["plays"]) for r in results]
    per_hand, per_hand_ci = mean_ci([s / 2 for s in scores])
    raw_hand, raw_ci = mean_ci([s / 2 for s in raws])
    made = [sum(p["made"][side] for r in results for p in r["plays"]) for side in (0, 1)]

    lines = [
        f"Precedence arena: A = {a}, B = {b}; {deals} deals ({2 * deals} hands), seeds "
        f"{seed}-{seed + deals - 1}, options {options or 'default'}, {workers} worker(s), "
        f"{elapsed:.0f} s",
        "Each deal is played twice with the same cards (A as team 0, then as team 1); A wins "
        "a deal when its points less B's over both plays are positive (a tie counts half). "
        "Points count each overtrick's Excess at 10 (an Audit's long-run cost).",
        deals_won(scores),
        f"Points per hand, A less B: {per_hand:+.2f} ({interval(per_hand, per_hand_ci, 1, '+.2f')}"
        f"); raw scores (Audits as they fell): {raw_hand:+.2f} "
        f"({interval(raw_hand, raw_ci, 1, '+.2f')})",
        f"Contracts made: A {100 * made[0] / (2 * deals):.1f}%, "
        f"B {100 * made[1] / (2 * deals):.1f}% of {2 * deals} hands each",
    ]
    for side, level in (("a", a), ("b", b)):
        lines.append(decision_times(results, side, level, ("declare", "bid", "play")))
    return lines
