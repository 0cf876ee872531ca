"""Contract Sabacc in the terminal: ``play`` against bots, ``simulate`` bot games.

``python -m celestix play sabacc --players 4`` seats you at seat 0 (``--seat``) against
bots (``--level``); type a bid (``take``, ``push``, ``guard``, ``without``, ``against``,
``pass``), a card code (``14c``, ``-21``, ``0``) or the number of a choice.
``python -m celestix simulate sabacc --players 4 --games 200 --seats basic,random``
prints the declarers' success rate, the contract mix, the bonuses and games/second.
The client uses the facade only; it holds no rules of its own.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from celestix import api, runner
from celestix.cli import sabacc_arena, sabacc_calibrate
from celestix.options import OptionValue, resolve
from celestix.rng import fresh_seed
from celestix.sabacc.auction import BID_NAMES, BIDS
from celestix.sabacc.bots import LEVELS, player_of
from celestix.sabacc.cards import SABACC, SUIT_NAMES, SUIT_OF, SUITS, card_name, points_text
from celestix.sabacc.chips import STAKES_RULES
from celestix.sabacc.options import OPTION_SPECS
from celestix.sabacc.settlement import BONUS_NAMES, BONUSES
from celestix.sabacc.state import Phase
from celestix.shape import JsonDict

COMMANDS = ("play", "simulate", "arena", "calibrate")
HELP = (
    "Type a choice's number, a bid (take, push, guard, without, against, pass) or a card "
    "code (14c is the Master of coins, -21 The Universe, 0 The Idiot); quit to stop."
)
BID_WORDS = {
    "take": "take", "t": "take", "push": "push", "guard": "guard", "g": "guard",
    "guard_without": "guard_without", "without": "guard_without", "gw": "guard_without",
    "guard_against": "guard_against", "against": "guard_against", "ga": "guard_against",
    "pass": "pass", "p": "pass",
}  # fmt: skip


def add_arguments(command: str, parser: argparse.ArgumentParser) -> None:
    """The options of ``play`` and ``simulate``."""
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--seed", type=int, default=None, help="deal number (default: random)")
    parser.add_argument("--start-chips", type=int, default=100)
    parser.add_argument("--ante", type=int, default=1)
    parser.add_argument("--ante-pot-at-end", choices=("divide", "carry"), default="divide")
    parser.add_argument(
        "--stakes",
        choices=STAKES_RULES,
        default="everyone",
        help="who puts each bid's stake in: everyone (the default) or the bidder alone",
    )
    if command == "arena":
        sabacc_arena.add_arguments(parser)
    elif command == "calibrate":
        sabacc_calibrate.add_arguments(parser)
    elif command == "play":
        parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
        parser.add_argument("--level", choices=LEVELS, default="normal", help="the bots' level")
    else:
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument(
            "--seats",
            default="basic",
            help="bot level per seat, comma-separated (one level: every seat)",
        )
        parser.add_argument(
            "--checked", action="store_true", help="go through the facade (checks every call)"
        )
        parser.add_argument("--jobs", "--workers", dest="jobs", type=int, default=1,
                            help="processes playing games in parallel")  # fmt: skip


def run(command: str, args: argparse.Namespace) -> int:
    """Run ``command``; the exit status."""
    options = {
        "players": args.players,
        "start_chips": args.start_chips,
        "ante": args.ante,
        "ante_pot_at_end": args.ante_pot_at_end,
        "stakes": args.stakes,
    }
    if command == "arena":
        return sabacc_arena.arena(args, options, print)
    if command == "calibrate":
        return sabacc_calibrate.calibrate(args, options, print)
    seed = fresh_seed() if args.seed is None else args.seed
    if command == "play":
        return play(options, seed, args.seat, args.level, sys.stdin, sys.stdout)
    return simulate(options, seed, args.games, args.seats, args.checked, sys.stdout, args.jobs)


# --- play ---------------------------------------------------------------------------


def play(options: JsonDict, seed: int, seat: int, level: str, stdin: TextIO, out: TextIO) -> int:
    """A person at ``seat`` against bots; reads moves from ``stdin``."""
    say: Callable[[str], None] = lambda text: print(text, file=out)  # noqa: E731
    try:
        state = api.new_game("sabacc", options, seed)
    except api.RulesError as error:
        say(f"Cannot start: {error}")
        return 2
    seats = len(state["chips"])
    if not 0 <= seat < seats:
        say(f"--seat must be from 0 to {seats - 1}")
        return 2
    say(f"Contract Sabacc, deal number {seed}: you are seat {seat} of {seats}.")
    say("Seats are numbered counterclockwise: play passes from seat s to seat s+1.")
    say(describe_deal(api.view(state, seat)))
    step = 0
    while not state["over"]:
        to_act = state["to_act"]
        if to_act == seat:
            view = api.view(state, seat)
            say(render(view))
            action = ask(view, api.legal_actions(state, seat), stdin, out)
            if action is None:
                say("Goodbye.")
                return 1
        else:
            action = api.bot_action(api.view(state, to_act), level, runner.bot_seed(seed, step))
        step += 1
        try:
            result = api.apply(state, action, to_act)
        except api.RulesError as error:
            say(f"Not allowed: {error}")
            continue
        state = result["state"]
        for event in result["events"]:
            line = narrate(event, seat)
            if line:
                say(line)
    say(render(api.view(state, seat)))
    return 0


def ask(view: JsonDict, legal: list[JsonDict], stdin: TextIO, out: TextIO) -> JsonDict | None:
    """Read an action from the person until it is one of ``legal``; None at end of input."""

    def say(text: str) -> None:
        print(text, file=out)

    choices = [_label(action) for action in legal]
    say("Your choices: " + "  ".join(f"[{k + 1}] {c}" for k, c in enumerate(choices)))
    while True:
        print("> ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            return None
        word = line.strip().lower()
        if word in ("q", "quit", "exit"):
            return None
        if word in ("h", "help", "?"):
            say(HELP)
            continue
        action = parse(word, legal, view["phase"])
        if action is not None:
            return action
        say(f"{line.strip()!r} is not one of your choices: " + ", ".join(choices))


def parse(word: str, legal: list[JsonDict], phase: str) -> JsonDict | None:
    """The legal action the person typed, if any."""
    if word.isdigit() and 1 <= int(word) <= len(legal):
        return legal[int(word) - 1]
    if phase == Phase.BID:
        bid = BID_WORDS.get(word)
        wanted: JsonDict = {"type": "bid", "bid": bid}
    else:
        wanted = {"type": "aside" if phase == "aside" else "play", "card": word}
    return wanted if wanted in legal else None


def _label(action: JsonDict) -> str:
    if action["type"] == "bid":
        return BID_NAMES[action["bid"]]
    return str(action["card"])


def describe_deal(view: JsonDict) -> str:
    """A line about the round just dealt."""
    return (
        f"Round {view['round'] + 1} of {view['rounds']}: seat {view['dealer']} deals; "
        f"Ante Pot {view['ante_pot']}."
    )


def render(view: JsonDict) -> str:
    """The table as the person sees it."""
    seats = len(view["chips"])
    me = view["seat"]
    lines = ["", f"--- Round {view['round'] + 1} of {view['rounds']}, phase {view['phase']} ---"]
    for s in range(seats):
        tags = []
        if s == view["dealer"]:
            tags.append("dealer")
        if s == view["declarer"]:
            tags.append(f"declarer ({BID_NAMES[view['contract']]})")
        if s == me:
            tags.append("you")
        lines.append(
            f"  seat {s}: {view['chips'][s]:>5} chips, wager {view['wagers'][s]:>3}, "
            f"{view['hand_sizes'][s]:>2} cards, {view['tricks'][s]:>2} tricks"
            + (f"  [{', '.join(tags)}]" if tags else "")
        )
    lines.append(f"  Ante Pot {view['ante_pot']}")
    if view["auction"]:
        bids = ", ".join(f"{b['seat']}: {BID_NAMES[b['bid']]}" for b in view["auction"])
        lines.append(f"  Auction: {bids}")
    if view["talon"] is not None:
        lines.append(f"  Talon: {' '.join(view['talon'])}")
    if view["aside"]:
        lines.append(f"  Aside (you see): {' '.join(view['aside'])} of {view['aside_size']}")
    if view["last_trick"] is not None and not view["trick"]:
        last = view["last_trick"]
        cards = ", ".join(f"{p['seat']}: {p['card']}" for p in last["plays"])
        lines.append(f"  Last trick: {cards} -> seat {last['winner']}")
    if view["trick"]:
        cards = ", ".join(f"{p['seat']}: {p['card']}" for p in view["trick"])
        lines.append(f"  Trick: {cards}")
    if view["hand"]:
        lines.append("  Your hand:")
        for suit in (*SUITS, SABACC):
            held = [c for c in view["hand"] if SUIT_OF[c] == suit]
            if held:
                name = SUIT_NAMES.get(suit, "Sabaccs")
                lines.append(f"    {name:8} {' '.join(held)}")
    if view["over"]:
        lines.append(f"  Game over. Winners: {', '.join(f'seat {s}' for s in view['winners'])}")
    return "\n".join(lines)


def narrate(event: JsonDict, me: int) -> str | None:
    """A sentence for an event (None: nothing worth a line)."""
    kind = event["type"]

    def who(seat: int) -> str:
        return "you" if seat == me else f"seat {seat}"

    if kind == "bid":
        stake = ""
        if event["stake"]:
            whose = "every player" if len(event["callers"]) > 1 else who(event["seat"])
            stake = f" (stake {event['stake']}, put in by {whose})"
        return f"{who(event['seat'])}: {event['name']}{stake}"
    if kind == "auction_won":
        return (f"{who(event['declarer'])} declare{'' if event['declarer'] == me else 's'} "
                f"{event['name']}; {event['table']} chips on the table.")  # fmt: skip
    if kind == "talon_shown":
        return f"The talon is shown: {' '.join(event['cards'])}"
    if kind == "talon_to_pile":
        whose = "declarer's" if event["pile"] == "declarer" else "defenders'"
        return f"The talon goes unseen into the {whose} pile."
    if kind == "aside" and event["card"] is not None:
        return f"Set aside face up: {card_name(event['card'])}"
    if kind == "phase":
        return f"Play begins: {who(event['to_act'])} lead{'' if event['to_act'] == me else 's'}."
    if kind == "play":
        return f"  {who(event['seat'])} play{'' if event['seat'] == me else 's'} {event['card']}"
    if kind == "trick":
        return f"Trick {event['number']} to {who(event['winner'])}: {event['reason']}"
    if kind == "round_counted":
        result = "makes" if event["made"] else "fails"
        return (f"Round counted: the declarer has {points_text(event['points'])} points "
                f"(46 needed) and {result} the contract.")  # fmt: skip
    if kind == "wagers_settled":
        return f"Wagers settled: {event['table']} chips to the {event['winner']}."
    if kind == "bonus":
        return f"Bonus {event['name']}: {event['amount']} chips to {who(event['seat'])}."
    if kind == "void_round":
        return "Everyone passed: the round is void."
    if kind == "deal":
        return f"Round {event['round'] + 1}: seat {event['dealer']} deals."
    if kind == "game_over":
        return "Game over."
    return None


# --- simulate -----------------------------------------------------------------------


def simulate(
    options: JsonDict, seed: int, games: int, seats_arg: str, checked: bool, out: TextIO,
    jobs: int = 1,
) -> int:  # fmt: skip
    """Play ``games`` bot games (in ``jobs`` processes) and print their statistics."""
    say: Callable[[str], None] = lambda text: print(text, file=out)  # noqa: E731
    players = int(options["players"])
    levels = [level.strip() for level in seats_arg.split(",")]
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players or any(player_of(level) is None for level in levels):
        say(f"--seats needs 1 or {players} levels from: {', '.join(LEVELS)}")
        return 2
    try:
        resolved = game_options(**options)
    except api.RulesError as error:
        say(f"Bad option: {error}")
        return 2
    stats = Stats()
    started = time.perf_counter()
    work = [(resolved, seed + game, levels, checked) for game in range(games)]
    for result in runner.run_jobs(game_stats, work, max(1, jobs))[0]:
        stats.add(result)
    elapsed = time.perf_counter() - started
    how = " (through the facade)" if checked else ""
    say(f"{games} games of Contract Sabacc, {players} players, stakes {resolved['stakes']}, "
        f"seats {','.join(levels)}, seeds {seed}..{seed + games - 1}{how}")  # fmt: skip
    say(f"rounds played {stats.counted}, void rounds {stats.void_rounds} of {stats.rounds} "
        f"({stats.void_share:.1%})")  # fmt: skip
    say(f"declarer success rate {stats.success_rate:.1%}; average declarer points "
        f"{stats.declarer_points / max(1, stats.counted) / 2:.1f}")  # fmt: skip
    say(f"mean absolute chip change per player per game {stats.mean_chip_change:.2f}; "
        f"spread (standard deviation) {stats.chip_spread:.2f}")  # fmt: skip
    say("contracts:")
    for bid in BIDS:
        count, made = stats.contracts[bid], stats.made[bid]
        share = count / stats.counted if stats.counted else 0.0
        rate = f"{made / count:.1%} made" if count else "-"
        say(f"  {BID_NAMES[bid]:14} {count:6} ({share:5.1%})  {rate}")
    say("bonuses:")
    for bonus in BONUSES:
        say(f"  {BONUS_NAMES[bonus]:20} {stats.bonuses[bonus]:6}")
    if stats.games:
        say("per seat: average final chips, games won")
        for s in range(players):
            say(f"  seat {s} ({levels[s]}): {stats.chips[s] / stats.games:8.1f} {stats.wins[s]:6}")
    speed = games / elapsed if elapsed > 0 else float("inf")
    say(f"{speed:.1f} games/second ({elapsed:.2f} s)")
    return 0


def game_options(players: int, **others: OptionValue) -> dict[str, OptionValue]:
    """Complete options for a table of ``players``."""
    return resolve(OPTION_SPECS, {"players": players, **others})


@dataclass
class Stats:
    """What a run of games showed."""

    games: int = 0
    rounds: int = 0
    void_rounds: int = 0
    contracts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BIDS, 0))
    made: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BIDS, 0))
    bonuses: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BONUSES, 0))
    declarer_points: int = 0  # half-points, summed over counted rounds
    chips: list[int] = field(default_factory=list)  # summed final chips per seat
    wins: list[int] = field(default_factory=list)  # games each seat won (ties count)
    moved: int = 0  # summed over games and seats: |final chips - starting chips|
    moved_squared: int = 0  # and the squares of the changes

    def observe(self, step: runner.Step) -> None:
        """Take in one step's events."""
        for event in step.events:
            kind = event["type"]
            if kind == "void_round":
                self.rounds += 1
                self.void_rounds += 1
            elif kind == "round_counted":
                self.rounds += 1
                self.contracts[event["contract"]] += 1
                self.made[event["contract"]] += 1 if event["made"] else 0
                self.declarer_points += event["points"]
            elif kind == "bonus":
                self.bonuses[event["bonus"]] += 1
            elif kind == "game_over":
                self.games += 1
                if not self.chips:
                    self.chips = [0] * len(event["chips"])
                    self.wins = [0] * len(event["chips"])
                start = int(step.state["options"]["start_chips"])
                for seat, amount in enumerate(event["chips"]):
                    self.chips[seat] += amount
                    self.moved += abs(amount - start)
                    self.moved_squared += (amount - start) ** 2
                for seat in event["winners"]:
                    self.wins[seat] += 1

    def add(self, other: Stats) -> None:
        """Take in the statistics of other games (of the same table)."""
        self.games += other.games
        self.rounds += other.rounds
        self.void_rounds += other.void_rounds
        for mine, theirs in ((self.contracts, other.contracts), (self.made, other.made),
                             (self.bonuses, other.bonuses)):  # fmt: skip
            for key, value in theirs.items():
                mine[key] += value
        self.declarer_points += other.declarer_points
        if not self.chips:
            self.chips = [0] * len(other.chips)
            self.wins = [0] * len(other.wins)
        self.chips = [a + b for a, b in zip(self.chips, other.chips, strict=True)]
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.moved += other.moved
        self.moved_squared += other.moved_squared

    @property
    def counted(self) -> int:
        """Rounds that were played out (not void)."""
        return self.rounds - self.void_rounds

    @property
    def success_rate(self) -> float:
        """Share of played rounds the declarer won."""
        return sum(self.made.values()) / self.counted if self.counted else 0.0

    @property
    def void_share(self) -> float:
        """Share of rounds in which everyone passed."""
        return self.void_rounds / self.rounds if self.rounds else 0.0

    @property
    def mean_chip_change(self) -> float:
        """How far a player's chips end from where they began, on average per game."""
        seats = len(self.chips)
        return self.moved / (self.games * seats) if self.games and seats else 0.0

    @property
    def chip_spread(self) -> float:
        """The standard deviation of a player's chip change over a game (mean 0: the
        chips only change hands, the Ante Pot's end shared)."""
        seats = len(self.chips)
        return math.sqrt(self.moved_squared / (self.games * seats)) if self.games and seats else 0.0


def game_stats(job: tuple[JsonDict, int, list[str], bool]) -> Stats:
    """One whole game's statistics (``(options, seed, levels, checked)``): a module-level
    function, so that games can be played in other processes."""
    options, seed, levels, checked = job
    stats = Stats()
    runner.play("sabacc", levels, options, seed, checked=checked, audit=True,
                observe=stats.observe)  # fmt: skip
    return stats
