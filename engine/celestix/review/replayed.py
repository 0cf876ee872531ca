"""A game record replayed, every state kept: what a review walks over.

:func:`replayed` checks a record exactly as ``api.replay`` does (every action through
``api.apply``, a refusal naming the action at fault as ``record.actions[i]``) and keeps
the state before each action. The last few records replayed are remembered (by a digest
of their JSON), so the stepwise review (``api.review_step``), which gets the same record
on every step, replays it once.

The facade passes its own ``new_game`` and ``apply`` in (the review sits below the
facade and never imports it).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from celestix.errors import MalformedError, RulesError
from celestix.shape import JsonDict, expect_dict, expect_keys, expect_list

# Records remembered (a review steps through one record; a page may keep a few open).
REMEMBERED = 4


@dataclass(frozen=True)
class Replayed:
    """A checked record and its states: ``states[i]`` is the state before action ``i``,
    ``states[-1]`` the state after the last one."""

    digest: str
    states: list[JsonDict]
    seats: list[int]  # who took each action
    actions: list[JsonDict]


_memo: dict[str, Replayed] = {}


def digest_of(record: object) -> str:
    """The SHA-256 of a record's JSON text (keys sorted); refuses what is not JSON."""
    try:
        text = json.dumps(record, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise MalformedError("record", "not plain JSON data") from error
    return hashlib.sha256(text.encode()).hexdigest()


def replayed(
    record: object,
    new_game: Callable[..., JsonDict],
    apply: Callable[[JsonDict, Any, int], JsonDict],
) -> Replayed:
    """The record's states, checked as ``api.replay`` checks them (with the facade's
    ``new_game`` and ``apply``)."""
    digest = digest_of(record)
    known = _memo.get(digest)
    if known is not None:
        return known
    checked = expect_dict(record, "record")
    expect_keys(checked, "record", ["game", "seed", "actions"], ["options", "setup"])
    state = new_game(checked["game"], checked.get("options"), checked["seed"], checked.get("setup"))
    states = [state]
    seats: list[int] = []
    actions: list[JsonDict] = []
    for i, raw in enumerate(expect_list(checked["actions"], "record.actions")):
        where = f"record.actions[{i}]"
        entry = expect_dict(raw, where)
        expect_keys(entry, where, ["seat", "action"])
        try:
            state = apply(state, entry["action"], entry["seat"])["state"]
        except RulesError as error:
            raise MalformedError(where, error.message) from error
        states.append(state)
        seats.append(entry["seat"])
        actions.append(entry["action"])
    found = Replayed(digest, states, seats, actions)
    if len(_memo) >= REMEMBERED:
        del _memo[next(iter(_memo))]
    _memo[digest] = found
    return found
