"""The terminal client, driven the way a pipe drives it (no subprocess)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from celestix import api
from celestix.cli import main
from celestix.cli.precedence import hand_text, parse, play


def answers(script: Iterator[str]) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    return read


def sensible(prompt: str) -> str:
    """A person who declares nothing, bids 1 and plays the first card offered."""
    if prompt.startswith("Declare"):
        return "none"
    if prompt.startswith("Your bid"):
        return "1"
    return re.search(r"\(([^ )]+)", prompt).group(1)  # type: ignore[union-attr]


def test_a_person_plays_a_whole_game() -> None:
    lines: list[str] = []
    status = play({"target": 150}, 11, 0, "basic", sensible, lines.append)
    text = "\n".join(lines)
    assert status == 0
    assert "Game over: team" in text
    assert "you are South (seat 0)" in text
    assert "Your hand:" in text and "Trick 1 to" in text
    assert "Hand Pot:" in text and "Accord Pot:" in text


def test_bad_input_is_explained_and_asked_again() -> None:
    lines: list[str] = []
    script = iter(["help", "what", "EF EB", "none", "99", "quit"])
    status = play({}, 3, 1, "random", answers(script), lines.append)
    text = "\n".join(lines)
    assert status == 1
    assert "Declare: a number from the list" in text  # help
    assert "I did not understand that" in text
    assert "Not allowed:" in text and "meld" in text
    assert "You left the table." in text


def test_input_ending_leaves_the_game_unfinished() -> None:
    lines: list[str] = []
    assert play({}, 3, 2, "basic", answers(iter(["none"])), lines.append) == 1
    assert lines[-1] == "Input ended: the game is left unfinished."


def test_parse() -> None:
    state = api.new_game("precedence", None, 5)
    view = api.view(state, 1)
    legal = api.legal_actions(state, 1)
    assert parse(view, legal, "none") == {"type": "declare", "melds": []}
    assert parse(view, legal, "0") == legal[0]
    assert parse(view, legal, "2v 3v 4v / 5f 5b 5c") == {
        "type": "declare",
        "melds": [["2V", "3V", "4V"], ["5F", "5B", "5C"]],
    }
    assert hand_text(["2V", "EV", "TB"]) == "Void: 2 E | Border: T"


def test_simulate_prints_the_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "precedence", "--games", "3", "--seats",
                   "basic,random,basic,random", "--seed", "4"])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    assert "Team 0 (seats 0+2: basic, basic): won 3 (100.0%)" in out
    for words in ("average score per hand", "contracts made", "Imperial Audits", "games/second"):
        assert words in out
    assert "unfinished games: 0" in out


def test_simulate_refuses_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "precedence", "--games", "1", "--seats", "basic,wizard"]) == 2
    assert "needs four levels" in capsys.readouterr().out


def test_simulate_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "precedence", "--games", "1", "--target", "99"]) == 2
    assert "options.target" in capsys.readouterr().out


def test_simulate_through_the_facade(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "precedence", "--games", "1", "--checked", "--variant", "frontier"])
    assert status == 0
    assert "1 games" in capsys.readouterr().out
