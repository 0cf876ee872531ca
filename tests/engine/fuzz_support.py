"""The fuzzing layer's tools: real inputs, ways to spoil them, and the checked call.

The fuzz tests (``test_fuzz_*.py``) call every facade function with garbage and with
real states, views, records, setups and options of the three games spoiled at random
places. Every call goes through :func:`checked_call`, which holds the facade to its
promise (PROTOCOL.md, "Bad input of any kind"):

* only ``RulesError`` escapes, and never ``InternalError`` (an engine fault);
* the input is unchanged (compared with a fingerprint taken before the call);
* a result is plain JSON: objects with string keys, lists, strings, whole numbers,
  booleans and null (no fractions: the facade documents none);
* every call ends within :data:`CALL_LIMIT` seconds of CPU time (:data:`REVIEW_LIMIT`
  for a review; a hang detector, not a timing test; on CPython a call still running
  after :data:`HANG_LIMIT` seconds of wall time is stopped and fails the test).

Sizes: each fuzz test runs ``scaled(n)`` examples (``CELESTIX_TEST_SCALE``, 0.1 in the
Pyodide layer), or ``CELESTIX_FUZZ_EXAMPLES`` examples when that is set (the large
run, docs/ROBUSTNESS.md). The calls made are counted and reported at the end of the
run.
"""

from __future__ import annotations

import functools
import json
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from scale import scaled

from celestix import api
from celestix.errors import InternalError, RulesError
from celestix.rng import Rng

Json = Any
# CPU seconds one facade call may take (Python in WebAssembly is a few times slower).
CALL_LIMIT = 2.0 if sys.platform != "emscripten" else 8.0
# The same for a review: a whole review is seconds of budgeted search and double-dummy
# par, however short its record (a Contract Sabacc record of 30 moves: 2.3 to 2.9 s of
# CPU; patience reviews measured 4.6 to 11.2 s inside the fuzz run), so the general
# limit failed valid records, depending on which ones hypothesis drew.
REVIEW_LIMIT = 30.0 if sys.platform != "emscripten" else 120.0
# The same for the patience's solver: its work is held by its node budget (100,000
# positions by default, test_solver_bounds), not by time; a real deal searched to the
# whole budget took 2.11 s of CPU on a busy CI machine, past the general limit.
SEARCH_LIMIT = 10.0 if sys.platform != "emscripten" else 40.0
# Wall seconds after which a call is stopped as hung (CPython only: it needs signals).
HANG_LIMIT = 60.0
# How many calls the fuzz tests made, reported by conftest.py at the end of the run.
CALLS = {"count": 0}


def examples(ci: int) -> int:
    """How many examples a fuzz test runs: ``ci`` at the CI size."""
    given = os.environ.get("CELESTIX_FUZZ_EXAMPLES")
    return int(given) if given else scaled(ci, 5)


def fuzz_settings(ci: int) -> settings:
    """Hypothesis settings of a fuzz test of ``ci`` examples at the CI size."""
    return settings(
        max_examples=examples(ci),
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )


# --- the checked call ---------------------------------------------------------------


class Hang(BaseException):
    """A call that did not end (a BaseException, so no ``except Exception`` takes it)."""


@contextmanager
def hang_alarm() -> Iterator[None]:
    """Stop the call inside after :data:`HANG_LIMIT` seconds, where signals allow it."""
    usable = (
        sys.platform != "emscripten"
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise Hang(f"a facade call ran for more than {HANG_LIMIT} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, HANG_LIMIT)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def cpu_limit(name: str) -> float:
    """The CPU seconds a call of the facade function (or bridge method) ``name`` may take."""
    if name.startswith("review"):
        return REVIEW_LIMIT
    return SEARCH_LIMIT if name == "winnable" else CALL_LIMIT


def checked_call(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` held to the facade's promise; its result, or None if refused."""
    limit = cpu_limit(function.__name__)
    before = fingerprint(args)
    started = time.process_time()
    result = None
    with hang_alarm():
        try:
            result = function(*args)
        except InternalError as error:
            raise AssertionError(f"engine fault in {function.__name__}: {error}") from error
        except RulesError as error:
            assert type(error.message) is str and error.message
            assert error.field is not None or error.rule is not None, error
    spent = time.process_time() - started
    CALLS["count"] += 1
    assert spent < limit, f"{function.__name__} took {spent:.2f} s of CPU"
    assert fingerprint(args) == before, f"{function.__name__} changed its input"
    if result is not None:
        assert_plain_json(result)
    return result


def fingerprint(value: object) -> list[tuple[Any, ...]]:
    """A flat description of ``value`` that any change inside it changes (no recursion,
    so values nested thousands deep are fine)."""
    out: list[tuple[Any, ...]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            out.append((kind, list(item)))
            stack.extend(reversed(list(item.values())))
        elif kind in (list, tuple):
            out.append((kind, len(item)))
            stack.extend(reversed(item))
        elif kind is float:
            out.append((kind, item.hex()))
        elif kind in (set, frozenset):
            out.append((kind, frozenset(item)))
        elif kind in (int, str, bool, bytes) or item is None:
            out.append((kind, item))
        else:
            out.append((kind, id(item)))
    return out


def assert_plain_json(value: object) -> None:
    """``value`` is plain JSON: dict (string keys), list, str, int, bool, None."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            assert all(type(key) is str for key in item), f"a key that is not a string: {item}"
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind is int:
            assert abs(item) <= 2**53, "a number JavaScript cannot hold exactly"
        else:
            assert item is None or kind in (str, bool), f"not plain JSON: {kind.__name__}"
    json.dumps(value, allow_nan=False)


# --- real inputs ---------------------------------------------------------------------


GAMES = ("patience", "precedence", "sabacc")
# The options of the games played for the corpus (several table sizes and variants).
PLAYED = {
    "patience": [{"start": "king"}, {"start": "no-king", "redeals": 0}],
    "precedence": [{"target": 150}, {"variant": "frontier", "target": 150}],
    "sabacc": [
        {"players": 3},
        {"players": 5, "ante_pot_at_end": "carry", "ante": 2, "stakes": "bidder"},
    ],
}


@functools.cache
def corpus(game: str) -> dict[str, list[Json]]:
    """Real inputs of ``game``: states along whole games played at random (Precedence:
    by its basic bots), each seat's view of some, records of the start of those games,
    setups and options."""
    states: list[Json] = []
    views: list[Json] = []
    records: list[Json] = []
    for number, options in enumerate(PLAYED[game]):
        seed = 1000 + number
        rng = Rng(seed, 77)
        state = api.new_game(game, options, seed, SETUPS[game][0] if number else None)
        record: Json = {"game": game, "options": options, "seed": seed, "actions": []}
        record["setup"] = SETUPS[game][0] if number else None
        seats = len(state.get("chips", [0]))
        step = 0
        while True:
            if step % 11 == 0 or state["over"]:
                states.append(state)
                views.extend(api.view(state, seat) for seat in [None, *range(seats)])
            if state["over"]:
                break
            seat = state["to_act"]
            if game == "precedence":  # random play would rarely reach the target
                action = api.bot_action(api.view(state, seat), "basic", step)
            else:
                action = rng.choice(api.legal_actions(state, seat))
            if len(record["actions"]) < 30:
                record["actions"].append({"seat": seat, "action": action})
            state = api.apply(state, action, seat)["state"]
            step += 1
        records.append(record)
    described = next(g for g in api.games() if g["id"] == game)
    return {
        "states": states,
        "views": views,
        "acting": [v for v in views if v["seat"] is not None and v["to_act"] == v["seat"]],
        "records": records,
        "setups": SETUPS[game],
        "options": [*PLAYED[game], {k: o["default"] for k, o in described["options"].items()}],
    }


SETUPS: dict[str, list[Json]] = {
    "patience": [
        {"redeals_left": 0, "waste": ["KS", "QS"]},
        {"foundations": [["KH"], [], [], [], [], [], [], []], "stock": []},
    ],
    "precedence": [
        {"dealer": 2, "hand_number": 3, "scores": [120, -20]},
        {"chips": [90, 95, 90, 85], "hand_pot": 10, "accord_pot": 40},
    ],
    "sabacc": [
        {"dealer": 1, "deals_done": 2, "ante_pot": 10, "chips": [98, 98, 98, 98, 98]},
        {"talon": ["0", "-1", "14c", "1t", "11s", "-21"]},
    ],
}


def real(data: st.DataObject, game: str, kind: str) -> Json:
    """A fresh copy of one real input of ``kind`` (a key of :func:`corpus`)."""
    items = corpus(game)[kind]
    index = data.draw(st.integers(0, len(items) - 1), label=f"{kind} of {game}")
    return clone(items[index])


# --- garbage -------------------------------------------------------------------------

WORDS = (
    "NaN", "Infinity", "-Infinity", "1e400", "null", "true", "0", "-1", "", " ", "\u0000",
    "\U0001f0a1", "__proto__", "constructor", "KS", "AD", "EV", "PF", "14c", "0", "-21",
    "take", "push", "guard", "pass", "MC", "deal", "redeal", "build", "play", "bid",
    "declare", "aside", "over", "won", "lost", "patience", "precedence", "sabacc", "in",
    "out", "hand", "accord", "ante_pot", "table", "Void", "Core", "strong", "random",
)  # fmt: skip
NUMBERS = (-1, 0, 1, 2, 3, 4, 5, 13, 52, 104, 2**31, 2**53 - 1, 2**53, 2**63, -(2**63))
# Whole numbers too long to print (Python refuses to turn them into text): never drawn
# by hypothesis itself, which prints what it draws, but chosen by their index.
HUGE = (10**19, 2**64 + 1, 10**4299, 10**4300, 10**5000, -(10**5000))
FRACTIONS = (0.0, -0.0, 1.0, 2.0, 0.5, 1e308, math.nan, math.inf, -math.inf)
ODD = ((1, 2), {1, 2}, b"bytes", frozenset(), {1: "a"}, {None: 1}, object())
# Python in Pyodide 314.0.7 runs out of stack freeing a list nested 20,000 deep (its
# reader also fails on text nested 10,000 deep): there the deepest values are 3,000 deep
# (the engine's worker never hands Python anything deeper than 32: docs/BRIDGE.md).
DEEPEST = 3_000 if sys.platform == "emscripten" else 100_000
DEPTHS = tuple(depth for depth in (30, 33, 100, 1_000, 3_000, 20_000) if depth <= DEEPEST)

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 110),
    st.sampled_from(NUMBERS),
    st.sampled_from(FRACTIONS),
    st.floats(),
    st.sampled_from(WORDS),
    st.text(max_size=6),
)
PLAIN = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), inner, max_size=4),
    ),
    max_leaves=12,
)


def nested(depth: int, kind: str) -> Json:
    """A value ``depth`` containers deep (built without recursion)."""
    value: Json = 0
    for level in range(depth):
        in_list = kind == "list" or (kind == "mixed" and level % 2)
        value = [value] if in_list else {"x": value}
    return value


def garbage(data: st.DataObject, label: str = "garbage") -> Json:
    """Any value: plain JSON-like data, fractions, huge numbers, deep nesting, or a Python
    value that is not JSON at all."""
    kind = data.draw(st.sampled_from(["plain", "plain", "plain", "deep", "huge", "odd"]))
    if kind == "plain":
        return data.draw(PLAIN, label=label)
    if kind == "huge":
        return HUGE[data.draw(st.integers(0, len(HUGE) - 1), label=f"{label}: HUGE[i]")]
    if kind == "deep":
        depth = data.draw(st.sampled_from(DEPTHS), label=f"{label} depth")
        return nested(depth, data.draw(st.sampled_from(["list", "dict", "mixed"])))
    return clone(ODD[data.draw(st.integers(0, len(ODD) - 1), label=f"{label}: ODD[i]")])


# --- spoiling real inputs ------------------------------------------------------------

OPERATIONS = (
    "replace", "delete", "insert", "retype", "number", "swap", "deepen", "clone", "card",
    "resize",
)  # fmt: skip


def mutated(data: st.DataObject, value: Json, most: int = 3) -> Json:
    """``value`` (a fresh copy, changed in place) spoiled in 1 to ``most`` places."""
    for _ in range(data.draw(st.integers(1, most), label="mutations")):
        value = _mutate_once(data, value)
    return value


def _walk(data: st.DataObject, root: Json) -> tuple[Json, Any]:
    """A random place in ``root``: (container, key), or (None, None) for the root."""
    parent: Json = None
    key: Any = None
    node = root
    while type(node) in (dict, list) and node and data.draw(st.integers(0, 5)) > 0:
        keys = list(node) if type(node) is dict else list(range(len(node)))
        parent, key = node, keys[data.draw(st.integers(0, len(keys) - 1))]
        node = node[key]
    return parent, key


def _mutate_once(data: st.DataObject, root: Json) -> Json:
    parent, key = _walk(data, root)
    node = root if parent is None else parent[key]
    operation = data.draw(st.sampled_from(OPERATIONS), label="operation")
    if operation == "delete" and parent is not None:
        del parent[key]
        return root
    if operation == "insert" and type(node) in (dict, list):
        extra = garbage(data) if data.draw(st.booleans()) else _donor(data, root)
        if type(node) is dict:
            node[
                data.draw(st.one_of(st.sampled_from(WORDS), st.sampled_from(list(node) or ["x"])))
            ] = extra
        else:
            node.insert(data.draw(st.integers(0, len(node))), extra)
        return root
    if operation == "resize" and type(node) is list:
        # shorter or longer by some items (copies of its own): counts of seats, of cards
        size = data.draw(st.integers(0, len(node) + 3), label="new length")
        node[:] = (node * (size // max(len(node), 1) + 1))[:size] if node else [0] * size
        return root
    if operation == "swap" and type(node) is list and len(node) > 1:
        i = data.draw(st.integers(0, len(node) - 1))
        j = data.draw(st.integers(0, len(node) - 1))
        node[i], node[j] = node[j], node[i]
        return root
    new = _changed(data, operation, node, root)
    if parent is None:
        return new
    parent[key] = new
    return root


def _changed(data: st.DataObject, operation: str, node: Json, root: Json) -> Json:
    """A value to put in ``node``'s place."""
    if operation == "retype":
        return _retyped(node)
    if operation == "number" and type(node) in (int, bool):
        choices = [not node, node + 1, node - 1, -node, 2**53, 10**5000]
        if abs(node) < 2**53:
            choices += [float(node), str(node)]
        return choices[data.draw(st.integers(0, len(choices) - 1), label="number: choice")]
    if operation == "deepen":
        depth = data.draw(st.sampled_from(DEPTHS))
        return [nested(depth, "list"), node]
    if operation == "clone":
        return _donor(data, root)
    if operation == "card" and type(node) is str:
        return data.draw(st.sampled_from(WORDS))
    return garbage(data)


def _donor(data: st.DataObject, root: Json) -> Json:
    """A copy of a value found elsewhere in ``root``."""
    parent, key = _walk(data, root)
    return clone(root if parent is None else parent[key])


def clone(value: Json) -> Json:
    """A deep copy of lists, dicts and sets (without recursion: any depth)."""
    top: list[Json] = [None]
    stack: list[tuple[Json, Any, Json]] = [(top, 0, value)]
    while stack:
        holder, key, item = stack.pop()
        kind = type(item)
        if kind is dict:
            copy: Json = dict.fromkeys(item)
            stack.extend((copy, k, v) for k, v in item.items())
        elif kind is list:
            copy = [None] * len(item)
            stack.extend((copy, i, v) for i, v in enumerate(item))
        elif kind is set:
            copy = set(item)
        else:
            copy = item
        holder[key] = copy
    return top[0]


def _retyped(node: Json) -> Json:
    """The same content under another JSON type."""
    if type(node) is dict:
        return list(node.values())
    if type(node) is list:
        return {str(i): item for i, item in enumerate(node)} if len(node) != 1 else node[0]
    if type(node) is str:
        return [node]
    if type(node) is bool:
        return int(node)
    if type(node) is int:
        return str(node) if abs(node) < 2**53 else float("inf")
    if node is None:
        return 0
    return None
