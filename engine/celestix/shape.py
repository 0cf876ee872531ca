"""Checks of the shape of JSON input (actions, options, setups, saved states).

Each check returns the value with a precise type or raises :class:`MalformedError`
naming the field, so callers read as a list of expectations. ``bool`` is never
accepted where a whole number is expected (in Python it is a subclass of ``int``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any, TypedDict

from celestix.errors import MalformedError

JsonDict = dict[str, Any]


class ViewKeys(TypedDict):
    """The keys PROTOCOL.md fixes for every game's view (each game's view type adds its own)."""

    game: str
    phase: str
    to_act: int | None
    over: bool
    seat: int | None
    options: dict[str, Any]


def expect_dict(value: object, field: str) -> JsonDict:
    """``value`` as a JSON object with string keys."""
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise MalformedError(field, f"expected an object, got {type_name(value)}")
    return value


def expect_keys(
    value: Mapping[str, object],
    field: str,
    required: Iterable[str] = (),
    optional: Iterable[str] = (),
) -> None:
    """``value`` has every required key and no key outside required + optional."""
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in required:
        if key not in value:
            raise MalformedError(f"{field}.{key}", "missing")
    for key in value:
        if key not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            raise MalformedError(f"{field}.{key}", f"unknown key (known: {known})")


def expect_int(
    value: object, field: str, minimum: int | None = None, maximum: int | None = None
) -> int:
    """``value`` as a whole number within the optional bounds."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedError(field, f"expected a whole number, got {type_name(value)}")
    if minimum is not None and value < minimum:
        raise MalformedError(field, f"must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise MalformedError(field, f"must be at most {maximum}, got {value}")
    return value


def expect_bool(value: object, field: str) -> bool:
    """``value`` as true or false."""
    if not isinstance(value, bool):
        raise MalformedError(field, f"expected true or false, got {type_name(value)}")
    return value


def expect_str(value: object, field: str, choices: Collection[str] | None = None) -> str:
    """``value`` as a string, one of ``choices`` when given."""
    if not isinstance(value, str):
        raise MalformedError(field, f"expected a string, got {type_name(value)}")
    if choices is not None and value not in choices:
        raise MalformedError(field, f"{value!r} is not one of {', '.join(map(repr, choices))}")
    return value


def expect_list(value: object, field: str, length: int | None = None) -> list[Any]:
    """``value`` as a list, of exactly ``length`` items when given."""
    if not isinstance(value, list):
        raise MalformedError(field, f"expected a list, got {type_name(value)}")
    if length is not None and len(value) != length:
        raise MalformedError(field, f"expected {length} items, got {len(value)}")
    return value


def expect_seat(value: object, seats: int, field: str = "seat") -> int:
    """``value`` as a seat number of a table of ``seats`` players."""
    return expect_int(value, field, 0, seats - 1)


def expect_card(value: object, field: str, deck: Collection[str]) -> str:
    """``value`` as a card code of ``deck``."""
    if not isinstance(value, str) or value not in deck:
        raise MalformedError(field, f"{value!r} is not a card code of this game")
    return value


def expect_cards(
    value: object, field: str, deck: Collection[str], length: int | None = None
) -> list[str]:
    """``value`` as a list of card codes of ``deck``."""
    items = expect_list(value, field, length)
    for i, item in enumerate(items):
        expect_card(item, f"{field}[{i}]", deck)
    return items


def type_name(value: object) -> str:
    """A JSON-ish name of the type of ``value`` for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
