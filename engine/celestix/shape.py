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

# Input is refused beyond these bounds before anything else looks at it, so that no
# check recurses too deep or turns a whole number of thousands of digits into text.
# Nothing in play comes near them: a state, view or record is at most 6 levels deep,
# and its largest numbers are seeds (below 2**53).
MAX_DEPTH = 32
MAX_DIGITS = 18
_NUMBER_LIMIT = 10**MAX_DIGITS


def expect_json(value: object, field: str) -> None:
    """``value`` is plain JSON data the facade can take: objects with string keys, lists,
    strings, whole numbers of at most :data:`MAX_DIGITS` digits, booleans and null,
    nested at most :data:`MAX_DEPTH` deep (no fractions: the engine counts in whole
    numbers). Checked level by level, without recursion; a fault is named by its path.
    """
    level = [value]
    for depth in range(MAX_DEPTH + 1):
        below: list[object] = []
        for item in level:
            if type(item) is dict:
                if depth == MAX_DEPTH or not all(type(key) is str for key in item):
                    raise MalformedError(*_json_fault(value, field))
                below.extend(item.values())
            elif type(item) is list:
                if depth == MAX_DEPTH:
                    raise MalformedError(*_json_fault(value, field))
                below.extend(item)
            elif type(item) is int:
                if not -_NUMBER_LIMIT < item < _NUMBER_LIMIT:
                    raise MalformedError(*_json_fault(value, field))
            elif not (type(item) is str or type(item) is bool or item is None):
                raise MalformedError(*_json_fault(value, field))
        if not below:
            return
        level = below


def _json_fault(value: object, field: str) -> tuple[str, str]:
    """The first place (in document order) where ``value`` breaks :func:`expect_json`'s
    rules, and what is wrong there."""
    stack: list[tuple[object, str, int]] = [(value, field, 0)]
    while stack:
        item, where, depth = stack.pop()
        if type(item) in (dict, list) and depth == MAX_DEPTH:
            return where, f"nested too deeply (more than {MAX_DEPTH} levels)"
        if type(item) is dict:
            if not all(type(key) is str for key in item):
                return where, "an object's keys must be strings"
            stack.extend((item[key], f"{where}.{key}", depth + 1) for key in reversed(item))
        elif type(item) is list:
            stack.extend((item[i], f"{where}[{i}]", depth + 1) for i in reversed(range(len(item))))
        elif type(item) is int:
            if not -_NUMBER_LIMIT < item < _NUMBER_LIMIT:
                return where, f"a whole number of more than {MAX_DIGITS} digits"
        elif type(item) is float:
            return where, f"expected a whole number, got {type_name(item)}"
        elif not (type(item) is str or type(item) is bool or item is None):
            return where, f"expected plain JSON data, got {type_name(item)}"
    return field, "not plain JSON data"


class StateKeys(TypedDict):
    """The keys every game's state has: PROTOCOL.md's four, the state's version and the
    seed (each game's state type adds its options and its own keys)."""

    game: str
    version: int
    phase: str
    to_act: int | None
    over: bool
    seed: int


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


def expect_version(value: object, version: int) -> None:
    """``value`` (a state's ``version``) is exactly the whole number ``version``."""
    if type(value) is not int or value != version:
        raise MalformedError("state.version", f"unsupported state version {value!r}")


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


def same(value: object, expected: object) -> bool:
    """Whether ``value`` equals ``expected`` with the same JSON types throughout (``true``
    is not ``1``), for fields a check can work out from others."""
    stack: list[tuple[object, object]] = [(value, expected)]
    while stack:
        a, b = stack.pop()
        if type(a) is not type(b):
            return False
        if isinstance(a, dict) and isinstance(b, dict):
            if a.keys() != b.keys():
                return False
            stack.extend((a[key], b[key]) for key in a)
        elif isinstance(a, list) and isinstance(b, list):
            if len(a) != len(b):
                return False
            stack.extend(zip(a, b, strict=True))
        elif a != b:
            return False
    return True


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
