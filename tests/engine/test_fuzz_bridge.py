"""Fuzz: the worker's entry point, ``celestix.bridge.handle(method, params_json)``, with
any method name and any text: real parameters spoiled, JSON cut short, ``NaN`` and
``Infinity`` (which Python's JSON reader would take), numbers of thousands of digits,
brackets nested thousands deep (fuzz_support.DEEPEST). It always answers with a JSON
response, never an engine fault, within the CPU bound of every fuzzed call
(fuzz_support).
"""

from __future__ import annotations

import json
import time
from typing import Any

from fuzz_support import CALLS, DEEPEST, GAMES, cpu_limit, fuzz_settings, garbage, mutated, real
from hypothesis import given
from hypothesis import strategies as st

from celestix.bridge import METHODS, handle

TEXTS = (
    "", "{", "[", "null", "NaN", '{"seed": NaN}', '{"seat": Infinity}', '{"seat": -Infinity}',
    '{"seed": 1e400}', '{"seed": 12.0}', '{"game": "patience", "seed": 1' + "0" * 5000 + "}",
    "[" * DEEPEST + "]" * DEEPEST, '{"state":' + "[" * 3000 + "]" * 3000 + "}",
    '{"a": 1, "a": 2}', '"\\ud800"', "\u0000",
)  # fmt: skip


def params_text(data: st.DataObject) -> str:
    """Parameters as text: one of TEXTS, or a real input (spoiled or not) as JSON."""
    kind = data.draw(st.sampled_from(["text", "real", "spoiled", "garbage"]))
    if kind == "text":
        return TEXTS[data.draw(st.integers(0, len(TEXTS) - 1), label="TEXTS[i]")]
    game = data.draw(st.sampled_from(GAMES))
    value: Any
    if kind == "garbage":
        value = {"state": garbage(data), "seat": garbage(data)}
    else:
        key = data.draw(st.sampled_from(["states", "views", "records"]))
        name = {"states": "state", "views": "view", "records": "record"}[key]
        value = {name: real(data, game, key), "seat": data.draw(st.integers(-1, 4))}
        if kind == "spoiled":
            value = mutated(data, value)
    try:
        return json.dumps(value)
    except (TypeError, ValueError, RecursionError):  # not JSON (or too long to print)
        return TEXTS[0]


@fuzz_settings(300)
@given(st.data())
def test_handle_always_answers(data: st.DataObject) -> None:
    method = data.draw(st.one_of(st.sampled_from(list(METHODS)), st.text(max_size=5)))
    text = params_text(data)
    started = time.process_time()
    response = json.loads(handle(method, text))
    CALLS["count"] += 1
    assert time.process_time() - started < cpu_limit(method)
    assert response["ok"] is True or response["error"]["kind"] != "internal", response
