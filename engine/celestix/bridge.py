"""JSON in, JSON out: the engine's side of the web bridge (see docs/BRIDGE.md).

The Web Worker calls :func:`handle` with a method name and its parameters as a JSON
string, and gets back a JSON string: ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"type", "kind", "message", "field", "rule"}}``. Methods are
the facade's functions plus ``turn``, which returns a seat's view and legal actions in
one round trip, and ``play`` / ``bot_play``, which apply a move (a computer player's,
chosen from its own view, for ``bot_play``) and return the new state, its events and a
viewer's turn in one round trip.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NoReturn

from celestix import __version__, api
from celestix.errors import InternalError, MalformedError, RulesError
from celestix.shape import JsonDict, expect_dict, expect_keys


def _turn(state: JsonDict, seat: int | None = None) -> JsonDict:
    """A seat's view and its legal actions (none for a spectator)."""
    return {
        "view": api.view(state, seat),
        "legal": [] if seat is None else api.legal_actions(state, seat),
    }


def _play(state: JsonDict, action: JsonDict, seat: int, viewer: int | None = None) -> JsonDict:
    """Apply ``seat``'s action; the new state, its events, and ``viewer``'s turn after it."""
    result = api.apply(state, action, seat)
    return {"seat": seat, "action": action, **result, **_turn(result["state"], viewer)}


def _bot_play(
    state: JsonDict, level: str = "normal", seed: int | None = None, viewer: int | None = None
) -> JsonDict:
    """The computer player to act chooses from its own view and plays (as ``_play``)."""
    seat = state.get("to_act") if isinstance(state, dict) else None
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise MalformedError("state.to_act", "no seat is to act")
    action = api.bot_action(api.view(state, seat), level, seed)
    return _play(state, action, seat, viewer)


def _version() -> JsonDict:
    return {"engine": __version__}


# method -> (function, required parameters, optional parameters)
METHODS: dict[str, tuple[Callable[..., Any], tuple[str, ...], tuple[str, ...]]] = {
    "version": (_version, (), ()),
    "games": (api.games, (), ()),
    "new_game": (api.new_game, ("game",), ("options", "seed", "setup")),
    "legal_actions": (api.legal_actions, ("state", "seat"), ()),
    "apply": (api.apply, ("state", "action", "seat"), ()),
    "view": (api.view, ("state",), ("seat",)),
    "bot_action": (api.bot_action, ("view",), ("level", "seed")),
    "hint": (api.hint, ("view",), ("level", "seed")),
    "winnable": (api.winnable, ("state",), ("budget",)),
    "replay": (api.replay, ("record",), ()),
    "reseed": (api.reseed, ("state", "seed"), ()),
    "review": (api.review, ("record", "seat"), ("level", "seed", "hand")),
    "review_plan": (api.review_plan, ("record", "seat"), ("level", "seed", "hand")),
    "review_step": (api.review_step, ("job",), ()),
    "review_decision": (api.review_decision, ("record", "seat", "index"), ("level", "seed")),
    "turn": (_turn, ("state",), ("seat",)),
    "play": (_play, ("state", "action", "seat"), ("viewer",)),
    "bot_play": (_bot_play, ("state",), ("level", "seed", "viewer")),
}


def call(method: str, params: object) -> Any:
    """Call a bridge method with parameters given as a JSON object."""
    if type(method) is not str or method not in METHODS:
        raise MalformedError("method", f"unknown method {method!r} (known: {', '.join(METHODS)})")
    function, required, optional = METHODS[method]
    arguments = expect_dict({} if params is None else params, "params")
    expect_keys(arguments, "params", required, optional)
    return function(**arguments)


def handle(method: str, params_json: str) -> str:
    """Answer one request: the response as a JSON string, never an exception."""
    try:
        params = parse(params_json)
        result = call(method, params)
        return json.dumps({"ok": True, "result": result}, separators=(",", ":"))
    except RulesError as error:
        return _error(error)
    except Exception as error:  # a bug: still answer, so the page can report it
        return _error(InternalError(f"engine fault in {method}: {error!r}"))


def parse(text: str) -> object:
    """The parameters' JSON text as a value: strict JSON (``NaN`` and ``Infinity``, which
    Python's reader would take, are refused). The facade then checks each parameter
    (:func:`~celestix.shape.expect_json`: depth, whole numbers, no fractions)."""
    try:
        return json.loads(text, parse_constant=_not_json)
    except RecursionError as error:
        raise MalformedError("params", "nested too deeply") from error
    except (TypeError, ValueError) as error:
        raise MalformedError("params", "not valid JSON") from error


def _not_json(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _error(error: RulesError) -> str:
    return json.dumps({"ok": False, "error": error.to_json()}, separators=(",", ":"))
