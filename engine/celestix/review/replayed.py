"""A game record replayed, every state kept: what a review walks over.

:func:`replayed` checks a record exactly as ``api.replay`` does (every action through
``api.apply``, a refusal naming the action at fault as ``record.actions[i]``) and keeps
the state before each action. The last few records replayed are remembered (by a digest
of their JSON), so the stepwise review (``api.review_step``), which gets the same record
on every step, replays it once.

The facade passes its own ``new_game``, ``apply`` and ``reseed`` in (the review sits
below the facade and never imports it). :func:`walk` is the one walk through a record:
``api.replay`` takes its last state.

A record's ``reseeds`` (optional): ``[{"at": k, "seed": n}, ...]``, ``at`` rising from 0
to the number of actions: before action ``k`` (after the last one when ``k`` is their
number) the state's seed became ``n`` (``api.reseed``), so the hands dealt after that
point come from ``n``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from celestix.errors import MalformedError, RulesError
from celestix.rng import MAX_SEED
from celestix.shape import JsonDict, expect_dict, expect_int, expect_keys, expect_list

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


def reseeds_of(value: object, actions: int) -> dict[int, int]:
    """A record's ``reseeds`` checked: action index -> the seed from there on."""
    found: dict[int, int] = {}
    for i, raw in enumerate(expect_list([] if value is None else value, "record.reseeds")):
        where = f"record.reseeds[{i}]"
        entry = expect_dict(raw, where)
        expect_keys(entry, where, ["at", "seed"])
        low = max(found) + 1 if found else 0
        at = expect_int(entry["at"], f"{where}.at", low, actions)
        found[at] = expect_int(entry["seed"], f"{where}.seed", 0, MAX_SEED)
    return found


def walk(
    record: object,
    new_game: Callable[..., JsonDict],
    apply: Callable[[JsonDict, Any, int], JsonDict],
    reseed: Callable[[JsonDict, int], JsonDict],
) -> Iterator[tuple[JsonDict, JsonDict | None]]:
    """Each state the record passes through with the entry ``{"seat", "action"}`` taken
    from it, then the last state with None; checked as ``api.replay`` checks a record."""
    checked = expect_dict(record, "record")
    expect_keys(
        checked, "record", ["game", "seed", "actions"], ["options", "setup", "reseeds", "version"]
    )
    entries = expect_list(checked["actions"], "record.actions")
    reseeds = reseeds_of(checked.get("reseeds"), len(entries))
    state = new_game(checked["game"], checked.get("options"), checked["seed"], checked.get("setup"))
    for i in range(len(entries) + 1):
        if i in reseeds:
            try:
                state = reseed(state, reseeds[i])
            except RulesError as error:
                raise MalformedError("record.reseeds", error.message) from error
        if i == len(entries):
            break
        where = f"record.actions[{i}]"
        entry = expect_dict(entries[i], where)
        expect_keys(entry, where, ["seat", "action"])
        before = state
        try:
            state = apply(state, entry["action"], entry["seat"])["state"]
        except RulesError as error:
            raise MalformedError(where, error.message) from error
        yield before, entry
    yield state, None


def replayed(
    record: object,
    new_game: Callable[..., JsonDict],
    apply: Callable[[JsonDict, Any, int], JsonDict],
    reseed: Callable[[JsonDict, int], JsonDict],
) -> Replayed:
    """The record's states, checked as ``api.replay`` checks them (with the facade's
    ``new_game``, ``apply`` and ``reseed``)."""
    digest = digest_of(record)
    known = _memo.get(digest)
    if known is not None:
        return known
    states: list[JsonDict] = []
    seats: list[int] = []
    actions: list[JsonDict] = []
    for state, entry in walk(record, new_game, apply, reseed):
        states.append(state)
        if entry is not None:
            seats.append(entry["seat"])
            actions.append(entry["action"])
    found = Replayed(digest, states, seats, actions)
    if len(_memo) >= REMEMBERED:
        del _memo[next(iter(_memo))]
    _memo[digest] = found
    return found
