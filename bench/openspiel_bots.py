"""OpenSpiel's ISMCTS bot as a player of our arenas (issue 17; a dev tool).

``python -m celestix arena precedence --a strong --b bench.openspiel_bots:ismcts`` (run
from the project's root with ``.venv/bin/python`` after ``python3 build.py bench
openspiel``, which installs ``open_spiel``) seats OpenSpiel's own information-set MCTS
(``open_spiel.python.algorithms.ismcts``, Cowling, Powley and Whitehouse 2011) at side B:
a level of the form ``module:name`` names a function ``(view, seed) -> action`` (see
``celestix.runner.external_player``).

Each decision builds an OpenSpiel state of :mod:`bench.openspiel_games` in the view's
information set (a deal of the hidden cards consistent with the view, and the actions
the view shows replayed) and runs ISMCTS from it: each simulation deals the hidden cards
again (the game's ``resample_from_infostate``, seeded from the bot's own generator),
descends the tree by UCT (c = 2), adds one node and finishes the game with one uniformly
random rollout; the action most visited is played. ``ismcts`` runs
:data:`SIMULATIONS` simulations (about ``strong``'s time per decision in CPython),
``ismcts_1000`` a thousand. The seed fixes every draw.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts

from bench.openspiel_games import CelestixState
from celestix.rng import Rng

Json = dict[str, Any]
SIMULATIONS = 200
UCT_C = 2.0
GAMES = {"precedence": "python_celestix_precedence", "sabacc": "python_celestix_sabacc"}


def precedence_actions(view: Json) -> list[tuple[int, Json]]:
    """The hand's actions so far as the view shows them (declarations, bids, plays)."""
    first = (int(view["dealer"]) + 1) % 4
    order = [(first + k) % 4 for k in range(4)]
    out: list[tuple[int, Json]] = []
    for seat in order:
        info = view["meld_info"][seat]
        if info is not None:
            out.append((seat, {"type": "declare", "melds": [m["cards"] for m in info]}))
    for seat in order:
        if view["bids"][seat] is not None:
            out.append((seat, {"type": "bid", "tricks": view["bids"][seat]}))
    for done in view["completed_tricks"]:
        out.extend((p["seat"], {"type": "play", "card": p["card"]}) for p in done["plays"])
    out.extend((p["seat"], {"type": "play", "card": p["card"]}) for p in view["trick"])
    return out


def sabacc_actions(view: Json, aside: list[str]) -> list[tuple[int, Json]]:
    """The round's actions so far as the view shows them, the aside's hidden cards
    (``aside``, as dealt again) set aside first."""
    out: list[tuple[int, Json]] = [
        (e["seat"], {"type": "bid", "bid": e["bid"]}) for e in view["auction"]
    ]
    declarer = view["declarer"]
    if declarer is not None:
        cards = [*aside, *view["aside"]] if view["seat"] != declarer else list(view["aside"])
        out.extend((declarer, {"type": "aside", "card": card}) for card in cards)
    for done in view["played"]:
        out.extend((p["seat"], {"type": "play", "card": p["card"]}) for p in done["plays"])
    out.extend((p["seat"], {"type": "play", "card": p["card"]}) for p in view["trick"])
    return out


def state_of(view: Json, seed: int) -> CelestixState:
    """An OpenSpiel state in the view's information set."""
    game_id = view["game"]
    params = {"dealer": int(view["dealer"])}
    if game_id == "precedence":
        params["hand_number"] = int(view["hand_number"]) % 4 + 4
    game = pyspiel.load_game(GAMES[game_id], params)
    state: CelestixState = game.new_initial_state()
    hands, talon, aside = state.hidden_deal(view, Rng(seed, 7))
    state.dealt = [state.deck.index(c) for c in (*(c for h in hands for c in h), *talon)]
    state.engine = state.rules.new_game(state.options(), 1, state.setup_of(hands, talon))
    actions = precedence_actions(view) if game_id == "precedence" else sabacc_actions(view, aside)
    for seat, action in actions:
        state.engine, _ = state.rules.apply(state.engine, action, seat)
        state.actions.append((seat, action))
    return state


def resample(rs: np.random.RandomState, state: CelestixState, player: int) -> CelestixState:
    """The game's resampling, its draws from the bot's generator."""
    return state.resample_from_infostate(player, rs.random_sample)


def choose(view: Json, seed: int, simulations: int) -> Json:
    """ISMCTS's action in ``view``."""
    state = state_of(view, seed)
    legal = state.legal_engine_actions()
    if len(legal) == 1:
        return legal[0]
    rs = np.random.RandomState(seed % (1 << 32))
    bot = os_ismcts.ISMCTSBot(
        game=state.get_game(),
        evaluator=mcts.RandomRolloutEvaluator(1, rs),
        uct_c=UCT_C,
        max_simulations=simulations,
        random_state=rs,
        final_policy_type=os_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(partial(resample, rs))
    action = int(bot.step(state))
    return next(move for move in legal if state.encode(move) == action)


def ismcts(view: Json, seed: int) -> Json:
    """OpenSpiel's ISMCTS with :data:`SIMULATIONS` simulations."""
    return choose(view, seed, SIMULATIONS)


def ismcts_1000(view: Json, seed: int) -> Json:
    """OpenSpiel's ISMCTS with 1,000 simulations."""
    return choose(view, seed, 1000)
