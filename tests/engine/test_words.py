"""The engine's words are for players: no seat or team numbers, no card codes, no ids.

Every sentence the engine writes reaches a player: refusals (shown as they are), the
reasons in events (a trick's winner, the Hand Pot's fate, a dead end), the ledger's
reasons, the hints, and the options' help and choice labels in ``games()``. Whole games
of each game are played by bots here and every such sentence is checked for what a
player should never read: "seat 3", "team 0", card codes ("3C", "14c", "(-21)"),
identifiers ("guard_without", "no-king") and formulas ("(X + 1) % 4"). Pages name the
seats themselves ("You", "North"). Rule ids (kebab-case) are for code and stay.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from scale import scaled

from celestix import api

# What a player should never read, and why.
INTERNAL = {
    "a seat number": re.compile(r"\bseats? \d", re.IGNORECASE),
    "a team number": re.compile(r"\bteams? \d", re.IGNORECASE),
    "an identifier": re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:no-king|guard-\w+)\b"),
    "a formula": re.compile(r"\b[A-Za-z]\s*[+%=]\s*\d|\)\s*%\s*\d"),
    "a number in brackets after a name": re.compile(r"\(-?\d+\)"),
}
CARD_CODES = {
    "precedence": re.compile(r"\b[2-9TOMPE][VFBC]\b"),
    "patience": re.compile(r"\b(?:[A2-9JQK]|T)[SHDC]\b"),
    "sabacc": re.compile(r"\b(?:1[0-4]|[1-9])[cfst]\b"),
}
# The fields of events and views that hold sentences (the rest are codes and numbers).
SENTENCE_KEYS = {"reason", "label", "name", "help", "summary", "message", "text"}


def sentences(value: Any, key: str = "") -> Iterator[str]:
    """Every string of ``value`` held under a key that holds sentences."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "refusals" and isinstance(v, dict):
                yield from (text for text in v.values() if isinstance(text, str))
            else:
                yield from sentences(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from sentences(item, key)
    elif isinstance(value, str) and key in SENTENCE_KEYS:
        yield value


def problems(text: str, game: str) -> list[str]:
    found = [what for what, pattern in INTERNAL.items() if pattern.search(text)]
    if CARD_CODES[game].search(text):
        found.append("a card code")
    return found


def refusals(state: dict[str, Any], seat: int) -> Iterator[str]:
    """The engine's refusal of every card the seat holds that may not go now, and of a
    move out of turn."""
    legal = api.legal_actions(state, seat)
    for card in state.get("hands", [[]] * (seat + 1))[seat]:
        for kind in ("play", "aside"):
            action = {"type": kind, "card": card}
            if action in legal:
                continue
            try:
                api.apply(state, action, seat)
            except api.RulesError as error:
                yield str(error)
    seats = len(state.get("hands", [None]))
    if legal and seats > 1:
        try:
            api.apply(state, legal[0], (seat + 1) % seats)
        except api.RulesError as error:
            yield str(error)


GAMES = [
    ("precedence", {"target": 150}, "basic", scaled(1)),
    ("sabacc", {"players": 3}, "basic", scaled(1)),
    ("sabacc", {"players": 5}, "basic", scaled(1)),
    ("patience", {}, "easy", scaled(1)),
]


@pytest.mark.parametrize(("game", "options", "level", "games"), GAMES)
def test_a_game_speaks_in_players_words(
    game: str, options: dict[str, Any], level: str, games: int
) -> None:
    bad: dict[str, list[str]] = {}
    for seed in range(games):
        state = api.new_game(game, options, seed)
        moves = 0
        while not state["over"] and moves < 3000:
            seat = state["to_act"]
            view = api.view(state, seat)
            texts = [*sentences(view), *refusals(state, seat)]
            if moves % (7 if game != "patience" else 40) == 0:
                hint = api.hint(view, "basic" if game != "patience" else "easy", moves)
                texts.extend(sentences({"hint": hint}, ""))
                texts.append(hint["reason"])
                texts.extend(alt["reason"] for alt in hint["alternatives"])
            action = api.bot_action(view, level, moves)
            result = api.apply(state, action, seat)
            texts.extend(sentences(result["events"]))
            for text in texts:
                for what in problems(text, game):
                    bad.setdefault(what, []).append(text)
            state = result["state"]
            moves += 1
    assert not bad, {what: sorted(set(found))[:5] for what, found in bad.items()}


def test_the_options_are_described_in_words() -> None:
    for entry in api.games():
        for name, spec in entry["options"].items():
            texts = [spec["help"], spec["label"], *spec.get("labels", {}).values()]
            for text in texts:
                assert not problems(text, entry["id"]), (entry["id"], name, text)
            if "choices" in spec and len(spec["choices"]) > 1:
                # every choice has a name for people, unless it is a plain number
                named = spec.get("labels", {})
                for choice in spec["choices"]:
                    assert isinstance(choice, int) or str(choice) in named, (name, choice)
