"""Precedence in the terminal: ``play`` (one person against bots) and ``simulate``.

``python -m celestix play precedence`` shows the table from your seat and reads your
actions from standard input (so it can be driven by a pipe); ``python -m celestix
simulate precedence --games N --seats basic,random,basic,random --seed S`` plays bot
games and prints each team's results, the average score per hand, the contract success
rate, the Imperial Audits and the games per second.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from celestix import api
from celestix.errors import MalformedError, RulesError
from celestix.precedence.bots import LEVELS
from celestix.precedence.cards import SUIT_NAMES, SUITS, card_name
from celestix.precedence.match import bot_seed, play_match
from celestix.shape import JsonDict

COMMANDS = ("play", "simulate")
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
        return f"--- Hand {event['hand_number'] + 1}: {event['trump']} is trump."
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
        match = play_match(levels, options, seed + game, max_hands=args.max_hands,
                           checked=args.checked)  # fmt: skip
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
