"""The public facade of the Celestix engine (fixed by ``shared/PROTOCOL.md``).

Everything that crosses this module is plain JSON data. States are values: no
function here changes its arguments. Bad input of any kind raises :class:`RulesError`
(a ``ValueError``) naming the field or rule at fault, and nothing is changed.

>>> state = new_game("patience", seed=12345)
>>> state["phase"], state["to_act"], state["over"]
('play', 0, False)
>>> step = apply(state, {"type": "deal"}, 0)
>>> view(step["state"], 0)["stock_count"]
102
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

from celestix.errors import IllegalActionError, InternalError, MalformedError, RulesError
from celestix.options import resolve
from celestix.registry import GAME_MODULES, AnyRules, rules_for
from celestix.review import job as review_job
from celestix.review.replayed import Replayed, replayed, walk
from celestix.rng import MAX_SEED, fresh_seed, view_seed
from celestix.shape import (
    JsonDict,
    expect_dict,
    expect_int,
    expect_json,
    expect_str,
)

__all__ = [
    "RulesError",
    "apply",
    "bot_action",
    "games",
    "hint",
    "legal_actions",
    "new_game",
    "replay",
    "reseed",
    "review",
    "review_decision",
    "review_plan",
    "review_step",
    "view",
    "winnable",
]

R = TypeVar("R")
# The largest node budget winnable() accepts.
MAX_BUDGET = 10_000_000


def games() -> list[JsonDict]:
    """Every game: ``{"id", "name", "summary", "seats", "options", "levels"}``."""
    return [rules_for(game).describe() for game in GAME_MODULES]


def new_game(
    game: str,
    options: JsonDict | None = None,
    seed: int | None = None,
    setup: JsonDict | None = None,
) -> JsonDict:
    """A new game of ``game``; a fresh seed when none is given; from ``setup`` if given."""
    _plain(game=game, options=options, seed=seed, setup=setup)
    rules = rules_for(game)
    resolved = resolve(rules.option_specs, options)
    seed = fresh_seed() if seed is None else _check_seed(seed, "seed")
    if setup is not None:
        expect_dict(setup, "setup")
    return _guard("new_game", rules.new_game, resolved, seed, setup)


def legal_actions(state: JsonDict, seat: int) -> list[JsonDict]:
    """Every legal action of ``seat`` now (empty when it is not that seat's turn)."""
    _plain(state=state, seat=seat)
    rules, seats, state = _checked_state(state)
    _check_seat(seat, seats)
    if state["over"] or state["to_act"] != seat:
        return []
    return _guard("legal_actions", rules.legal_actions, state, seat)


def apply(state: JsonDict, action: JsonDict, seat: int) -> JsonDict:
    """``{"state": new_state, "events": [...]}`` after ``seat`` takes ``action``."""
    _plain(state=state, action=action, seat=seat)
    rules, seats, state = _checked_state(state)
    _check_seat(seat, seats)
    expect_dict(action, "action")
    if state["over"]:
        raise IllegalActionError("game-over", "The game is over: no more actions.")
    if state["to_act"] != seat:
        raise IllegalActionError("turn", "It is not your turn: another player is to act.")
    new_state, events = _guard("apply", rules.apply, state, action, seat)
    return {"state": new_state, "events": events}


def view(state: JsonDict, seat: int | None = None) -> JsonDict:
    """What ``seat`` may see; ``None`` is a spectator who sees only public information."""
    _plain(state=state, seat=seat)
    rules, seats, state = _checked_state(state)
    if seat is not None:
        _check_seat(seat, seats)
    return _guard("view", rules.view, state, seat)


def bot_action(view: JsonDict, level: str = "normal", seed: int | None = None) -> JsonDict:
    """An action for the view's seat, chosen from the view alone.

    Without a seed, the seed is drawn from the view itself, so the same view and level
    always give the same action.
    """
    rules, view, seed = _bot_input("bot_action", view, level, seed)
    return _guard("bot_action", rules.bot_action, view, level, seed)


def hint(view: JsonDict, level: str = "strong", seed: int | None = None) -> JsonDict:
    """Advice for the view's seat: ``{"action", "reason", "alternatives": [...]}``.

    ``reason`` is a sentence a person can read, starting with what to do ("Play the 9 of
    Border.", "Bid 2."), then why; a Contract Sabacc aside hint adds ``"cards"``, the
    whole aside it names (its first card the action's). Each alternative is
    ``{"action", "value", "reason"}`` with the estimated value of that action (whole
    numbers; each game's documentation says in what unit). Checked and seeded as
    :func:`bot_action`; a game without hints refuses with a ``RulesError``.
    """
    rules, view, seed = _bot_input("hint", view, level, seed)
    return _guard("hint", rules.hint, view, level, seed)


def winnable(state: JsonDict, budget: int | None = None) -> JsonDict:
    """Whether the state can still be won: ``{"status", "line", "nodes"}``.

    A spoiler tool, not a bot: it reads the whole state, the stock's hidden order
    included (the page's "still winnable?" indicator). ``status`` is ``"winnable"``
    (``line`` is a list of actions that wins from here), ``"lost"`` or ``"unknown"``
    (the search spent ``budget`` nodes, default the game's, before deciding; ``line``
    is null unless winnable). ``nodes`` is the work done; the answer depends only on
    the state and the budget. Only the patience has a solver.
    """
    _plain(state=state, budget=budget)
    rules, _, state = _checked_state(state)
    if budget is not None:
        budget = expect_int(budget, "budget", 1, MAX_BUDGET)
    return _guard("winnable", rules.winnable, state, budget)


def replay(record: JsonDict) -> JsonDict:
    """The state reached by a game record.

    A record is ``{"game", "options", "seed", "setup", "actions": [{"seat", "action"}]}``
    (``options`` and ``setup`` may be null or left out), and ``reseeds`` when the seed
    of the hands dealt was changed during the game (:func:`reseed`): ``[{"at", "seed"}]``,
    ``at`` the number of actions before the change, rising. ``version`` (optional) is
    the state version of the engine that wrote the record: an older record is replayed
    as it was played (docs/ARCHITECTURE.md, "Old saves"); without it, the record is
    today's. Every action is checked as ``apply`` checks it, so a tampered record is
    refused with the number of the action at fault.
    """
    _plain(record=record)
    last, _ = deque(walk(_record_as_today(record), new_game, apply, reseed), maxlen=1)[0]
    return last


def reseed(state: JsonDict, seed: int) -> JsonDict:
    """The state with the seed its next hands (or rounds) are dealt from set to ``seed``.

    Nothing already dealt changes: the next hand is dealt from ``seed`` when it starts
    (each game deals hand ``k`` from ``Rng(seed, k)``; views never show the seed). A
    table whose hands each need a seed of their own (friends checking the deal:
    docs/FRIENDS.md) calls it once a hand, before the move that ends the hand, and notes
    each call in its record's ``reseeds`` (:func:`replay`). A game of one deal (the
    patience) and a game that is over refuse it.
    """
    _plain(state=state, seed=seed)
    rules, _, state = _checked_state(state)
    checked = _check_seed(seed, "seed")
    if rules.hand_field is None:
        raise IllegalActionError(
            "one-deal", f"{rules.name} has one deal: no hand is dealt after this one."
        )
    if state["over"]:
        raise IllegalActionError("game-over", "The game is over: no more hands are dealt.")
    new_state = copy.deepcopy(state)
    new_state["seed"] = checked
    return new_state


# --- review (PROTOCOL.md "Review"; docs/REVIEW.md) --------------------------------------


def review(
    record: JsonDict,
    seat: int,
    level: str = "strong",
    seed: int | None = None,
    hand: int | None = None,
) -> JsonDict:
    """``seat``'s decisions in the game record, judged: ``{"decisions": [{"index",
    "action", "best", "loss", "reason", ...}], ...}`` and each game's own keys (a hand's
    par, the move where a patience was lost).

    ``record`` is checked as :func:`replay` checks it and refused the same way. Each
    decision is judged by ``level``'s search from what the seat could see then; ``loss``
    is in the game's unit (``"unit"``). ``hand`` limits the review to one hand (or
    round) of the record. The same input gives the same review, on every Python.
    """
    _plain(record=record, seat=seat, level=level, seed=seed, hand=hand)
    return _guard("review", review_job.run, _review_record, record, seat, level, seed, hand)


def review_plan(
    record: JsonDict,
    seat: int,
    level: str = "strong",
    seed: int | None = None,
    hand: int | None = None,
) -> JsonDict:
    """The same review as :func:`review`, as a job to run step by step (a page shows its
    progress and may stop between steps): ``{"decisions": [indices], "steps", "progress":
    {"done", "total"}, "review": null, ...}``. Give it to :func:`review_step` until its
    ``"review"`` is not null."""
    _plain(record=record, seat=seat, level=level, seed=seed, hand=hand)
    return _guard("review_plan", review_job.start, _review_record, record, seat, level, seed, hand)


def review_step(job: JsonDict) -> JsonDict:
    """The review job after its next step (checked first: a job it could not have made is
    refused); once every step is done, ``job["review"]`` is the review."""
    _plain(job=job)
    return _guard("review_step", review_job.step, _review_record, job)


def review_decision(
    record: JsonDict, seat: int, index: int, level: str = "strong", seed: int | None = None
) -> JsonDict:
    """One decision of ``seat`` (action ``index`` of the record) judged, as :func:`review`
    judges it."""
    _plain(record=record, seat=seat, index=index, level=level, seed=seed)
    return _guard(
        "review_decision", review_job.decision, _review_record, record, seat, index, level, seed
    )


def _review_record(record: object) -> Replayed:
    """A record replayed for a review, every state kept, checked as :func:`replay`."""
    return replayed(_record_as_today(record), new_game, apply, reseed)


def _record_as_today(record: object) -> object:
    """A record an older engine wrote (its ``version``, the state version of that
    engine) migrated first (``GameRules.upgrade_record``: old saves are read in one
    place); a record without a version is today's, as PROTOCOL.md's records are."""
    if type(record) is not dict or "version" not in record:
        return record  # (the walk checks the rest)
    rules = rules_for(record.get("game"), "record.game")
    expect_int(record["version"], "record.version", 1, rules.version)
    return _guard("replay", rules.upgrade_record, record)


# --- checks shared by the functions above -------------------------------------------


def _plain(**parameters: object) -> None:
    """Each parameter is plain JSON within the engine's bounds (``expect_json``), checked
    before anything else reads it."""
    for name, value in parameters.items():
        expect_json(value, name)


def _checked_state(state: object) -> tuple[AnyRules, int, JsonDict]:
    """The state's rules, its seats and the state itself, migrated first if an older
    engine made it (``GameRules.upgrade_state``: old saves are read in one place)."""
    state = expect_dict(state, "state")
    rules = rules_for(state.get("game"), "state.game")
    state = _guard("check_state", rules.upgrade_state, state)
    seats = _guard("check_state", rules.check_state, state)
    return rules, seats, state


def _check_seat(seat: object, seats: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise MalformedError("seat", f"expected a seat number from 0 to {seats - 1}, got {seat!r}")


def _bot_input(
    what: str, view: object, level: object, seed: object
) -> tuple[AnyRules, JsonDict, int]:
    """The checks of ``bot_action`` and ``hint``: the view, the level, the turn, the seed."""
    _plain(view=view, level=level, seed=seed)
    view = expect_dict(view, "view")
    rules = rules_for(view.get("game"), "view.game")
    view = _guard(what, rules.upgrade_view, view)
    seat = _guard(what, rules.check_view, view)
    if seat is None:
        raise MalformedError("view.seat", "a spectator's view cannot act")
    expect_str(level, "level", rules.bot_levels)
    if view["over"] or view["to_act"] != seat:
        raise IllegalActionError("turn", "It is not this player's turn in this view.")
    seed = _guard(what, view_seed, view) if seed is None else _check_seed(seed, "seed")
    return rules, view, seed


def _check_seed(seed: object, field: str) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise MalformedError(field, f"expected a whole number from 0 to {MAX_SEED}, got {seed!r}")
    return seed


def _guard(what: str, function: Callable[..., R], *args: Any) -> R:
    """Run an engine function; anything but a RulesError escaping it is an engine fault."""
    try:
        return function(*args)
    except RulesError:
        raise
    except Exception as error:
        raise InternalError(f"engine fault in {what}: {error!r}") from error
