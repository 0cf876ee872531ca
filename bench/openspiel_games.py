"""The trick games as OpenSpiel games (issue 17): a dev tool, never in the shipped wheel.

``import bench.openspiel_games`` registers two Python games with OpenSpiel (the
``open_spiel`` package, pinned in ``bench/requirements-openspiel.txt``; ``python3 build.py
bench openspiel`` installs it into ``.venv``):

* ``python_celestix_precedence`` -- one hand of Precedence (parameters ``hand_number``,
  0-3, which sets the trump under rotation, and ``dealer``), from the deal to the score;
* ``python_celestix_sabacc`` -- one round of Contract Sabacc at four players (parameter
  ``dealer``; the table's default options, stakes ``everyone``).

The rules are the engine's (``celestix.registry.rules_for``): the OpenSpiel state holds
an engine state and the actions taken, so OpenSpiel's algorithms play exactly our games.

* **Chance**: the deal, one card at a time in a fixed order of places (Precedence: seat
  0's thirteen cards, then seat 1's, ...; Contract Sabacc: each seat's eighteen, then the
  talon's six), each outcome a card left in the pack, uniform.
* **Actions**: a card is its number in the game's deck (``cards.DECK``); Precedence's bid
  of ``t`` tricks is ``52 + t``, a declaration ``66 + i`` (``i``: its place in the
  engine's list of legal declarations, in the engine's order); Contract Sabacc's bids
  are ``78 + k`` (``k``: take, push, guard, guard without, guard against, pass). A
  declaration's number depends on the hand: it means the same declaration wherever the
  seat's information is the same, which is what OpenSpiel's information-set algorithms
  need, but it is not one declaration across hands. Hands with more than
  :data:`MAX_DECLARATIONS` legal declarations (rare: three Triads and Runs overlapping)
  offer only the first of them.
* **Information states**: the engine's view of the seat (JSON), which holds everything
  the seat has seen, its own earlier actions included (perfect recall); during the deal,
  the cards the seat has been dealt so far.
* **Returns**: Precedence, the hand's points of the player's team less the opponents'
  (each overtrick's Excess counted at 10, as the arena does: zero-sum); Contract Sabacc,
  the chips each player won or lost in the round, antes and bonuses included (general
  sum: the Ante Pot keeps some).
* **resample_from_infostate** deals the cards the seat cannot see again, uniformly among
  the deals consistent with its view (the bots' own sampler without the evidence
  weights: voids, face-up cards, the talon and aside as shown) and replays the actions.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import numpy as np
import pyspiel

from celestix.options import resolve
from celestix.precedence.bots.deals import Knowledge as PrecedenceKnowledge
from celestix.precedence.bots.fast import EXCESS_COST
from celestix.precedence.cards import DECK as PRECEDENCE_DECK
from celestix.registry import rules_for
from celestix.rng import Rng
from celestix.sabacc.auction import BIDS, PASS
from celestix.sabacc.bots.deals import Knowledge as SabaccKnowledge
from celestix.sabacc.cards import DECK as SABACC_DECK

Json = dict[str, Any]

MAX_DECLARATIONS = 64
BID_BASE, DECLARE_BASE = 52, 66
SABACC_BID_BASE = 78
SABACC_BIDS = [*BIDS, PASS]
SABACC_PLAYERS = 4
SABACC_PLACES = [*(s for s in range(SABACC_PLAYERS) for _ in range(18)), *([-1] * 6)]


def _game_type(short: str, name: str, players: int, zero_sum: bool) -> pyspiel.GameType:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short,
        long_name=name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"dealer": 0, "hand_number": 4},
    )


class CelestixState(pyspiel.State):  # type: ignore[misc]
    """An engine state (once dealt) and the actions taken; the deal card by card before."""

    game_id = ""
    deck: tuple[str, ...] = ()
    places: ClassVar[list[int]] = []  # who gets the k-th card dealt (-1: the talon)

    def __init__(self, game: pyspiel.Game, dealer: int, hand_number: int) -> None:
        super().__init__(game)
        self.rules = rules_for(self.game_id)
        self.dealer = dealer
        self.hand_number = hand_number
        self.dealt: list[int] = []  # card numbers in dealing order
        self.engine: Json | None = None
        self.actions: list[tuple[int, Json]] = []  # (seat, engine action)

    # -- copying: engine states are values, so a copy shares them -------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> CelestixState:
        other = type(self)(self.get_game(), self.dealer, self.hand_number)
        other.dealt = list(self.dealt)
        other.engine = self.engine
        other.actions = list(self.actions)
        return other

    def clone(self) -> CelestixState:
        return self.__deepcopy__({})

    # -- the game's own parts ----------------------------------------------------------------

    def setup_of(self, hands: list[list[str]], talon: list[str]) -> Json:
        raise NotImplementedError

    def options(self) -> Json:
        raise NotImplementedError

    def encode(self, action: Json) -> int:
        raise NotImplementedError

    def legal_engine_actions(self) -> list[Json]:
        assert self.engine is not None
        return list(self.rules.legal_actions(self.engine, self.engine["to_act"]))

    def finished(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[float]:
        raise NotImplementedError

    def hidden_deal(self, view: Json, rng: Rng) -> tuple[list[list[str]], list[str], list[str]]:
        """The dealt hands, the talon and the aside's hidden cards of a deal consistent
        with ``view``."""
        raise NotImplementedError

    def replayed(self, player: int, aside: list[str]) -> list[tuple[int, Json]]:
        """The actions to replay on a new deal (the same ones)."""
        return list(self.actions)

    # -- OpenSpiel's interface ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.finished():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.engine["to_act"])

    def is_terminal(self) -> bool:
        return self.engine is not None and self.finished()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = [c for c in range(len(self.deck)) if c not in set(self.dealt)]
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.encode(action) for action in self.legal_engine_actions())

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            self.dealt.append(action)
            if len(self.dealt) == len(self.deck):
                self._start()
            return
        seat = int(self.engine["to_act"])
        chosen = next(a for a in self.legal_engine_actions() if self.encode(a) == action)
        self.engine, _ = self.rules.apply(self.engine, chosen, seat)
        self.actions.append((seat, chosen))

    def _start(self) -> None:
        """The engine state of the deal made."""
        seats = max(self.places) + 1
        hands: list[list[str]] = [[] for _ in range(seats)]
        talon: list[str] = []
        for place, card in zip(self.places, self.dealt, strict=True):
            (talon if place < 0 else hands[place]).append(self.deck[card])
        self.engine = self.rules.new_game(self.options(), 1, self.setup_of(hands, talon))

    def _action_to_string(self, player: int, action: int) -> str:
        if self.engine is None:
            return f"deal {self.deck[action]}"
        for move in self.legal_engine_actions():
            if self.encode(move) == action:
                return json.dumps(move, sort_keys=True)
        return str(action)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.get_game().num_players()
        return self.scores()

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        if self.engine is None:
            mine = [
                self.deck[c] for p, c in zip(self.places, self.dealt, strict=False) if p == seat
            ]
            return json.dumps({"dealing": len(self.dealt), "hand": mine})
        return json.dumps(self.rules.view(self.engine, seat), sort_keys=True)

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def __str__(self) -> str:
        if self.engine is None:
            return f"dealing card {len(self.dealt) + 1}"
        return json.dumps({"phase": self.engine["phase"], "to_act": self.engine["to_act"]})

    def resample_from_infostate(self, player: int, sampler: Any) -> CelestixState:
        """A state the seat cannot tell from this one: the hidden cards dealt again."""
        assert self.engine is not None, "resampling is for the play after the deal"
        draw = sampler() if callable(sampler) else np.random.random()
        rng = Rng(int(draw * (1 << 53)))
        hands, talon, aside = self.hidden_deal(self.rules.view(self.engine, player), rng)
        other = type(self)(self.get_game(), self.dealer, self.hand_number)
        other.dealt = [self.deck.index(c) for c in (*(c for h in hands for c in h), *talon)]
        other.engine = self.rules.new_game(self.options(), 1, self.setup_of(hands, talon))
        for seat, action in self.replayed(player, aside):
            other.engine, _ = other.rules.apply(other.engine, action, seat)
            other.actions.append((seat, action))
        return other


# --- Precedence --------------------------------------------------------------------------------


class PrecedenceState(CelestixState):
    """One hand of Precedence."""

    game_id = "precedence"
    deck = tuple(PRECEDENCE_DECK)
    places: ClassVar[list[int]] = [s for s in range(4) for _ in range(13)]

    def options(self) -> Json:
        return dict(resolve(self.rules.option_specs, {}))

    def setup_of(self, hands: list[list[str]], talon: list[str]) -> Json:
        return {"hands": hands, "dealer": self.dealer, "hand_number": self.hand_number}

    def legal_engine_actions(self) -> list[Json]:
        moves = super().legal_engine_actions()
        return moves[:MAX_DECLARATIONS] if moves and moves[0]["type"] == "declare" else moves

    def encode(self, action: Json) -> int:
        if action["type"] == "play":
            return PRECEDENCE_DECK.index(action["card"])
        if action["type"] == "bid":
            return BID_BASE + int(action["tricks"])
        return DECLARE_BASE + self.legal_engine_actions().index(action)

    def finished(self) -> bool:
        assert self.engine is not None
        return bool(self.engine["history"])

    def scores(self) -> list[float]:
        assert self.engine is not None
        line = self.engine["history"][0]
        excess = bool(self.engine["options"]["variant"] == "core")
        points = []
        for team in (0, 1):
            over = line["tricks"][team] - line["contracts"][team] if line["made"][team] else 0
            points.append(line["points"][team] - (EXCESS_COST * over if excess else 0))
        return [float(points[s % 2] - points[1 - s % 2]) for s in range(4)]

    def hidden_deal(self, view: Json, rng: Rng) -> tuple[list[list[str]], list[str], list[str]]:
        know = PrecedenceKnowledge.from_view(view)  # type: ignore[arg-type]
        hands = know.deal(rng)
        return (
            [
                [PRECEDENCE_DECK[c] for c in range(52) if (hands[s] | know.played_by[s]) >> c & 1]
                for s in range(4)
            ],
            [],
            [],
        )


class PrecedenceGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Precedence as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=DECLARE_BASE + MAX_DECLARATIONS,
            max_chance_outcomes=52,
            num_players=4,
            min_utility=-600.0,
            max_utility=600.0,
            utility_sum=0.0,
            max_game_length=52 + 4 + 4 + 52,
        )
        super().__init__(PRECEDENCE_TYPE, info, params or {})
        params = self.get_parameters()
        self.dealer = int(params.get("dealer", 0))
        self.hand_number = int(params.get("hand_number", 4))

    def new_initial_state(self) -> PrecedenceState:
        return PrecedenceState(self, self.dealer, self.hand_number)


PRECEDENCE_TYPE = _game_type(
    "python_celestix_precedence", "Celestix Precedence (one hand)", 4, zero_sum=True
)
pyspiel.register_game(PRECEDENCE_TYPE, PrecedenceGame)


# --- Contract Sabacc ----------------------------------------------------------------------------


class SabaccState(CelestixState):
    """One round of Contract Sabacc at four players."""

    game_id = "sabacc"
    deck = tuple(SABACC_DECK)
    places: ClassVar[list[int]] = SABACC_PLACES

    def options(self) -> Json:
        return dict(resolve(self.rules.option_specs, {"players": SABACC_PLAYERS}))

    def setup_of(self, hands: list[list[str]], talon: list[str]) -> Json:
        return {"hands": hands, "talon": talon, "dealer": self.dealer}

    def encode(self, action: Json) -> int:
        if action["type"] == "bid":
            return SABACC_BID_BASE + SABACC_BIDS.index(action["bid"])
        return SABACC_DECK.index(action["card"])

    def finished(self) -> bool:
        assert self.engine is not None
        return bool(self.engine["over"]) or int(self.engine["round"]) > 0

    def scores(self) -> list[float]:
        assert self.engine is not None
        gains = [0] * SABACC_PLAYERS
        for entry in self.engine["ledger"]:
            if entry["hand"] == 0 and entry["seat"] is not None:
                sign = 1 if entry["dir"] == "out" else -1
                gains[entry["seat"]] += sign * entry["amount"]
        return [float(g) for g in gains]

    def hidden_deal(self, view: Json, rng: Rng) -> tuple[list[list[str]], list[str], list[str]]:
        know = SabaccKnowledge.from_view(view)  # type: ignore[arg-type]
        deal = know.deal(rng)
        hands, talon = sabacc_dealt(view, know, deal)
        return hands, talon, [SABACC_DECK[c] for c in range(78) if deal.aside >> c & 1]

    def replayed(self, player: int, aside: list[str]) -> list[tuple[int, Json]]:
        """The actions to replay on a new deal whose hidden aside is ``aside``: the
        aside's cards the seat did not see become the new deal's, in order."""
        assert self.engine is not None
        seen = set(self.rules.view(self.engine, player)["aside"])
        hidden = list(aside)
        out = []
        for seat, action in self.actions:
            hidden_card = action["type"] == "aside" and action["card"] not in seen
            out.append((seat, {"type": "aside", "card": hidden.pop(0)} if hidden_card else action))
        return out


def sabacc_dealt(view: Json, know: SabaccKnowledge, deal: Any) -> tuple[list[list[str]], list[str]]:
    """The hands as dealt and the talon, from a sampled deal of the hidden cards."""
    seats = know.seats
    aside = deal.aside | know.aside_known
    talon = know.talon_known if know.talon_unseen == 0 and know.talon_to is not None else 0
    if not talon:
        talon = deal.talon
    hands = []
    for s in range(seats):
        dealt = deal.hands[s] | know.played_by[s]
        if s == know.declarer and view["talon_to"] == "hand":
            dealt = (dealt | aside) & ~talon
        hands.append([SABACC_DECK[c] for c in range(78) if dealt >> c & 1])
    return hands, [SABACC_DECK[c] for c in range(78) if talon >> c & 1]


class SabaccGame(pyspiel.Game):  # type: ignore[misc]
    """One round of Contract Sabacc (four players) as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=SABACC_BID_BASE + len(SABACC_BIDS),
            max_chance_outcomes=78,
            num_players=SABACC_PLAYERS,
            min_utility=-200.0,
            max_utility=200.0,
            utility_sum=None,
            max_game_length=78 + 40 + 6 + 72,
        )
        super().__init__(SABACC_TYPE, info, params or {})
        self.dealer = int(self.get_parameters().get("dealer", 0))

    def new_initial_state(self) -> SabaccState:
        return SabaccState(self, self.dealer, 0)


SABACC_TYPE = _game_type(
    "python_celestix_sabacc", "Celestix Contract Sabacc (one round, four players)", 4, False
)
pyspiel.register_game(SABACC_TYPE, SabaccGame)
