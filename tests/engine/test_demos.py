"""The rules demos (web/demos/*.json, docs/EMBED.md) run through celestix.api.

Every demo is played exactly as the embed page plays it: its setup, its prelude, then
each step's moves. Each action must be legal, each step's ``expect`` must hold (the
events it names happen, the view shows what it says, a refusal is refused with the rule
it names), and each ``try`` of a reader's turn must be refused with its rule. So a demo
whose caption claims what the engine does not do fails here.

The catalogue (web/demos/index.json) must list every demo file, with the same title,
game and summary, once.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from celestix import api
from celestix.errors import IllegalActionError

DEMOS = Path(__file__).resolve().parents[2] / "web" / "demos"
# The most actions one automatic move may take (a whole Sabacc round is 72 plays)
AUTO_LIMIT = 400
# first-legal: the first action legal_actions lists; last-legal: the last one
POLICIES = ("first-legal", "last-legal")
DEMO_KEYS = {
    "id", "game", "title", "summary", "cluster", "options", "seed", "setup", "seat", "open",
    "prelude", "steps",
}  # fmt: skip
STEP_KEYS = {"caption", "seat", "action", "moves", "expect", "reader_turn", "try"}
EXPECT_KEYS = {"events", "view", "refused"}
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

Json = Any

if not DEMOS.is_dir():  # inside Pyodide the runner copies web/demos; elsewhere it must exist
    pytest.skip("web/demos is not beside the tests", allow_module_level=True)


def demo_files() -> list[Path]:
    """Every demo definition (the catalogue, index.json, is not one)."""
    return sorted(p for p in DEMOS.glob("*.json") if p.name != "index.json")


def load(path: Path) -> Json:
    return json.loads(path.read_text(encoding="utf-8"))


@dataclass
class Frame:
    """One step as the embed page shows it: the state shown, the step's events, and the
    refusal when the step's action is refused (its expect says "refused")."""

    state: Json
    events: list[Json] = field(default_factory=list)
    refusal: IllegalActionError | None = None


def matches(expected: Json, actual: Json) -> bool:
    """Whether ``actual`` has everything ``expected`` says: dicts by their keys (more keys
    allowed), lists element by element (same length), anything else equal."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and matches(value, actual[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return type(expected) is type(actual) and bool(expected == actual)


def events_match(expected: list[Json], actual: list[Json]) -> bool:
    """Whether the expected events happen in this order among the actual ones."""
    position = 0
    for event in actual:
        if position < len(expected) and matches(expected[position], event):
            position += 1
    return position == len(expected)


def step_moves(step: Json) -> list[Json]:
    """The moves a step makes: its ``action`` (by ``seat``), or its list of ``moves``."""
    if "action" in step:
        return [{"seat": step.get("seat"), "action": step["action"]}]
    return list(step.get("moves", []))


def play(state: Json, move: Json) -> tuple[Json, list[Json]]:
    """The state after one move and its events. A move is ``{"seat"?, "action"}`` (seat
    left out: the seat to act) or ``{"auto": policy, "until": event type}``: the seat to
    act takes its first (or last) legal action, again and again, until an event of that type
    happens or the game is over."""
    if "auto" in move:
        assert move["auto"] in POLICIES, f"unknown auto policy {move['auto']!r}"
        events: list[Json] = []
        for _ in range(AUTO_LIMIT):
            if state["over"]:
                return state, events
            seat = state["to_act"]
            legal = api.legal_actions(state, seat)
            action = legal[0] if move["auto"] == "first-legal" else legal[-1]
            result = api.apply(state, action, seat)
            state = result["state"]
            events.extend(result["events"])
            if any(event["type"] == move["until"] for event in result["events"]):
                return state, events
        raise AssertionError(f"auto move found no {move['until']!r} in {AUTO_LIMIT} actions")
    seat = move.get("seat")
    if seat is None:
        seat = state["to_act"]
    result = api.apply(state, move["action"], seat)
    return result["state"], list(result["events"])


def run_demo(demo: Json) -> list[Frame]:
    """Play a demo as the embed page does; check each step's expect and tries."""
    name = demo["id"]
    seat = demo.get("seat")
    state = api.new_game(demo["game"], demo.get("options"), demo.get("seed", 0), demo.get("setup"))
    for move in demo.get("prelude", []):
        state, _ = play(state, move)
    frames = []
    for number, step in enumerate(demo["steps"], 1):
        where = f"{name} step {number}"
        before = state
        expect = step.get("expect", {})
        if step.get("reader_turn"):
            assert seat is not None and state["to_act"] == seat, f"{where}: not the reader's turn"
            assert "action" in step, f"{where}: a reader's turn needs the action it expects"
            for attempt in step.get("try", []):
                with pytest.raises(IllegalActionError) as refused:
                    api.apply(state, attempt["action"], seat)
                assert refused.value.rule == attempt["refused"], f"{where}: {refused.value}"
        if "refused" in expect:
            (move,) = step_moves(step)
            with pytest.raises(IllegalActionError) as refused:
                play(state, move)
            assert refused.value.rule == expect["refused"], f"{where}: {refused.value}"
            frames.append(Frame(state, [], refused.value))
            continue
        events: list[Json] = []
        for move in step_moves(step):
            state, more = play(state, move)
            events.extend(more)
        if "events" in expect:
            kinds = {event.get("type") for event in expect["events"]}
            assert events_match(expect["events"], events), (
                f"{where}: expected events {expect['events']}, "
                f"got {[event for event in events if event['type'] in kinds]}"
            )
        if "view" in expect:
            shown = api.view(state, seat)
            wrong = {
                k: shown.get(k) for k, v in expect["view"].items() if not matches(v, shown.get(k))
            }
            assert not wrong, f"{where}: the view shows {wrong}, not {expect['view']}"
        frames.append(Frame(before if step.get("reader_turn") else state, events))
    return frames


def check_shape(demo: Json, path: Path) -> None:
    """The keys a demo and its steps may have (docs/EMBED.md)."""
    assert set(demo) <= DEMO_KEYS, f"{path.name}: unknown keys {set(demo) - DEMO_KEYS}"
    assert demo["id"] == path.stem and ID_PATTERN.match(demo["id"]), path.name
    assert demo["game"] in {g["id"] for g in api.games()}
    assert demo["title"] and demo["summary"] and demo["cluster"] and demo["steps"]
    for number, step in enumerate(demo["steps"], 1):
        where = f"{path.name} step {number}"
        assert set(step) <= STEP_KEYS, f"{where}: unknown keys {set(step) - STEP_KEYS}"
        assert isinstance(step["caption"], str) and step["caption"].strip(), where
        assert set(step.get("expect", {})) <= EXPECT_KEYS, where
        assert not ("action" in step and "moves" in step), f"{where}: action or moves"
        assert "try" not in step or step.get("reader_turn"), f"{where}: try needs reader_turn"


@pytest.mark.parametrize("path", demo_files(), ids=lambda p: p.stem)
def test_demo_runs_as_its_captions_say(path: Path) -> None:
    demo = load(path)
    check_shape(demo, path)
    frames = run_demo(demo)
    assert len(frames) == len(demo["steps"])
    # a demo shows something happen: some step changes the state or shows a refusal
    assert any(f.events or f.refusal for f in frames), f"{path.name}: nothing happens"


@pytest.mark.parametrize("path", demo_files(), ids=lambda p: p.stem)
def test_demo_is_deterministic(path: Path) -> None:
    demo = load(path)
    first = [(f.state, f.events) for f in run_demo(demo)]
    assert first == [(f.state, f.events) for f in run_demo(demo)]


def test_catalogue_lists_every_demo_once() -> None:
    index = load(DEMOS / "index.json")
    ids = [entry["id"] for entry in index["demos"]]
    assert len(ids) == len(set(ids))
    assert sorted(ids) == sorted(p.stem for p in demo_files())
    for entry in index["demos"]:
        demo = load(DEMOS / f"{entry['id']}.json")
        for key in ("game", "title", "summary", "cluster"):
            assert entry[key] == demo[key], f"index.json {entry['id']}: {key} differs"
        assert entry["steps"] == len(demo["steps"]), f"index.json {entry['id']}: steps"


def test_demos_cover_every_game_and_cluster() -> None:
    demos = [load(p) for p in demo_files()]
    assert len(demos) >= 15
    assert {d["game"] for d in demos} == {g["id"] for g in api.games()}
    # some step of some demo is a reader's turn with a refusal to try, in every game
    for game in ("precedence", "patience", "sabacc"):
        assert any(s.get("try") for d in demos if d["game"] == game for s in d["steps"]), (
            f"{game}: no reader's turn with a wrong move to try"
        )


def test_a_lying_caption_fails() -> None:
    """The check is real: the same demo with a wrong expectation is caught."""
    demo = load(DEMOS / "trump-beats-suit.json")
    for step in demo["steps"]:
        for event in step.get("expect", {}).get("events", []):
            if event.get("type") == "trick":
                event["winner"] = (event["winner"] + 1) % 4
    with pytest.raises(AssertionError, match="expected events"):
        run_demo(demo)
