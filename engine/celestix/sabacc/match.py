"""Whole games between computer players, and their statistics.

Used by ``python -m celestix simulate sabacc`` and the marathon tests. A game can go
through the facade (every state checked on every call, as a front end would use it)
or straight through the rules (``checked=False``: each state is still checked once a
round, when the next round is dealt, and at the end).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from celestix import api
from celestix.options import OptionValue, resolve
from celestix.rng import mix64
from celestix.sabacc import bots
from celestix.sabacc.auction import BIDS
from celestix.sabacc.check import check_state
from celestix.sabacc.flow import apply_action
from celestix.sabacc.settlement import BONUSES
from celestix.sabacc.state import OPTION_SPECS, new_state
from celestix.sabacc.view import make_view
from celestix.shape import JsonDict

Observer = Callable[[JsonDict, list[JsonDict]], None]


def game_options(players: int, **others: OptionValue) -> dict[str, OptionValue]:
    """Complete options for a table of ``players``."""
    return resolve(OPTION_SPECS, {"players": players, **others})


def play_game(
    options: dict[str, OptionValue],
    seed: int,
    levels: Sequence[str],
    checked: bool = False,
    observe: Observer | None = None,
    setup: JsonDict | None = None,
) -> JsonDict:
    """Play a whole game, seat ``s`` by a bot of ``levels[s]``; the final state.

    Each bot decision gets its own seed, drawn from the game's seed and the step
    number, so a game is the same every time. ``observe(state, events)`` sees every step.
    """
    if checked:
        state = api.new_game("sabacc", dict(options), seed, setup)
    else:
        state = new_state(options, seed, setup)
        check_state(state, OPTION_SPECS)
    step = 0
    while not state["over"]:
        seat = state["to_act"]
        bot_seed = mix64(seed ^ mix64(step)) >> 11
        if checked:
            action = api.bot_action(api.view(state, seat), levels[seat], bot_seed)
            result = api.apply(state, action, seat)
            state, events = result["state"], result["events"]
        else:
            action = bots.choose(make_view(state, seat), levels[seat], bot_seed)
            round_before = state["round"]
            state, events = apply_action(state, action, seat)
            if state["round"] != round_before or state["over"]:
                check_state(state, OPTION_SPECS)
        if observe is not None:
            observe(state, events)
        step += 1
    return state


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
    start_chips: int = 0  # each seat's chips when a game began (set by the first game)

    def observe(self, state: JsonDict, events: list[JsonDict]) -> None:
        """Take in one step's events."""
        for event in events:
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
                start = int(state["options"]["start_chips"])
                self.start_chips = start
                for seat, amount in enumerate(event["chips"]):
                    self.chips[seat] += amount
                    self.moved += abs(amount - start)
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
        self.start_chips = other.start_chips or self.start_chips

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


def game_stats(job: tuple[JsonDict, int, list[str], bool]) -> Stats:
    """One whole game's statistics (``(options, seed, levels, checked)``): a module-level
    function, so that games can be played in other processes."""
    options, seed, levels, checked = job
    stats = Stats()
    play_game(options, seed, levels, checked=checked, observe=stats.observe)
    return stats
