"""The terminal client, driven with text streams (no subprocess)."""

from __future__ import annotations

import argparse
import io
import math

import pytest

from celestix.cli import sabacc as client
from celestix.cli.sabacc_calibrate import NEVER, fit_logistic, required, threshold_for

OPTIONS = {"start_chips": 100, "ante": 1, "ante_pot_at_end": "divide"}


def parser(command: str) -> argparse.ArgumentParser:
    """The arguments of ``python -m celestix COMMAND sabacc`` (this game's part only)."""
    out = argparse.ArgumentParser(prog=f"python -m celestix {command} sabacc")
    client.add_arguments(command, out)
    return out


def main(argv: list[str]) -> int:
    """``python -m celestix`` for this game, without the other games' clients."""
    command, game, *rest = argv
    assert game == "sabacc" and command in client.COMMANDS
    return client.run(command, parser(command).parse_args(rest))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_person_plays_a_whole_game_by_typing_choice_numbers(players: int) -> None:
    stdin = io.StringIO("1\n" * 2000)
    out = io.StringIO()
    status = client.play(dict(OPTIONS, players=players), 7, 0, "basic", stdin, out)
    text = out.getvalue()
    assert status == 0
    assert f"you are seat 0 of {players}" in text
    assert "Your hand:" in text and "Your choices:" in text
    assert "Game over." in text and "Winners:" in text


def test_typed_bids_cards_help_and_mistakes() -> None:
    stdin = io.StringIO("help\nnonsense\n99\npass\nquit\n")
    out = io.StringIO()
    status = client.play(dict(OPTIONS, players=4), 3, 1, "random", stdin, out)
    text = out.getvalue()
    assert status == 1 and text.rstrip().endswith("Goodbye.")
    assert "Type a choice's number" in text
    assert "'nonsense' is not one of your choices" in text
    assert "'99' is not one of your choices" in text
    assert "you: Pass" in text


def test_end_of_input_stops_the_game() -> None:
    out = io.StringIO()
    assert client.play(dict(OPTIONS, players=3), 3, 0, "basic", io.StringIO(""), out) == 1


def test_parse_reads_bid_words_card_codes_and_numbers() -> None:
    bids = [{"type": "bid", "bid": b} for b in ("guard_without", "guard_against", "pass")]
    assert client.parse("without", bids, "bid") == bids[0]
    assert client.parse("ga", bids, "bid") == bids[1]
    assert client.parse("3", bids, "bid") == bids[2]
    assert client.parse("take", bids, "bid") is None
    plays = [{"type": "play", "card": c} for c in ("-21", "14c")]
    assert client.parse("14c", plays, "play") == plays[1]
    assert client.parse("-21", plays, "play") == plays[0]
    assert client.parse("13c", plays, "play") is None


def test_simulate_prints_the_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "sabacc", "--players", "5", "--games", "4", "--seed", "11",
            "--seats", "basic,random,basic,random,basic"]  # fmt: skip
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "4 games of Contract Sabacc, 5 players" in text
    assert "declarer success rate" in text
    for name in ("Take", "Push", "Guard", "Guard without", "Guard against"):
        assert name in text
    for name in ("Grand Slam", "Slam", "Magician at the End", "Idiot at the End"):
        assert name in text
    assert "games/second" in text and "seat 4 (basic)" in text


def test_simulate_reports_void_rounds_chip_movement_and_the_stakes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for stakes in ("everyone", "bidder"):
        argv = ["simulate", "sabacc", "--games", "3", "--seed", "4", "--seats", "random",
                "--stakes", stakes]  # fmt: skip
        assert main(argv) == 0
        text = capsys.readouterr().out
        assert f"stakes {stakes}," in text
        assert "void rounds" in text and "%)" in text
        assert "mean absolute chip change per player per game" in text
    with pytest.raises(SystemExit):
        parser("simulate").parse_args(["--stakes", "all"])


def test_the_calibration_fits_the_basic_players_chances(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", "sabacc", "--players", "3", "--deals", "3", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert "3 players, 3 deals (seeds 2-4)" in text
    for way in ("take:", "guard_without:", "guard_against:"):
        assert way in text
    assert 'thresholds everyone 3: {"take": ' in text and "thresholds bidder 3:" in text
    # the curve recovers the chances it was drawn from, and the threshold inverts it
    points = [(x, 1 if (x * 7919 + k * 104729) % 1000 < 1000 / (1 + math.exp(-(0.2 * x - 8)))
               else 0) for x in range(10, 70) for k in range(40)]  # fmt: skip
    a, b = fit_logistic(points)
    assert abs(b - 0.2) < 0.03 and abs(a / b + 40) < 2
    assert threshold_for((-8.0, 0.2), 0.5) == 40
    assert threshold_for((-8.0, 0.2), 0.6) == 43  # ln(1.5) / 0.2 = 2.03 more
    assert threshold_for((-8.0, 0.0), 0.6) == NEVER
    assert required("everyone", "take", 4) == pytest.approx(4 / 7 + 0.04)
    assert required("bidder", "guard", 5) == 0.94


def test_simulate_through_the_facade_and_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "sabacc", "--players", "3", "--games", "1", "--checked"]) == 0
    assert "(through the facade)" in capsys.readouterr().out
    assert main(["simulate", "sabacc", "--players", "3", "--seats", "basic,basic"]) == 2
    assert "--seats needs 1 or 3 levels" in capsys.readouterr().out
    assert main(["simulate", "sabacc", "--games", "1", "--ante", "-1"]) == 2


def test_the_parser_knows_both_commands() -> None:
    args = parser("play").parse_args(["--players", "3", "--level", "random"])
    assert (args.players, args.level, args.seat, args.seed) == (3, "random", 0, None)
    args = parser("simulate").parse_args(["--games", "5", "--seats", "basic,random,basic"])
    assert (args.games, args.seats, args.checked) == (5, "basic,random,basic", False)
    with pytest.raises(SystemExit):
        parser("play").parse_args(["--players", "6"])


def test_the_talon_goes_into_a_named_pile_with_its_possessive() -> None:
    event = {"type": "talon_to_pile", "count": 6, "declarer": 2}
    assert client.narrate({**event, "pile": "declarer"}, 0) == (
        "The talon goes unseen into the declarer's pile."
    )
    assert client.narrate({**event, "pile": "defenders"}, 0) == (
        "The talon goes unseen into the defenders' pile."
    )
