"""The terminal client: ``python -m celestix COMMAND GAME [options]``.

Commands: ``play`` (a person plays one seat against bots), ``simulate`` (bot games and
their statistics), ``arena`` (duplicate matches between bot levels) and ``calibrate``
(the basic player's bidding, for games that have it). Each game
provides its commands in ``celestix.cli.<game>`` as functions
``add_arguments(command, parser)`` and ``run(command, args) -> int``; a game without a
module here has no terminal client.
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType

from celestix.registry import GAME_MODULES

COMMANDS = {
    "play": "play a game against computer players",
    "simulate": "play bot games and print their statistics",
    "arena": "duplicate matches between two bot levels",
    "calibrate": "calibrate the basic player's bidding on simulated hands",
}


def game_module(game: str) -> ModuleType | None:
    """The terminal client of ``game``, if it has one."""
    try:
        return importlib.import_module(f"celestix.cli.{game}")
    except ModuleNotFoundError:
        return None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command and game."""
    parser = argparse.ArgumentParser(prog="python -m celestix", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command, help_text in COMMANDS.items():
        command_parser = commands.add_parser(command, help=help_text)
        games = command_parser.add_subparsers(dest="game", required=True, metavar="GAME")
        for game in GAME_MODULES:
            module = game_module(game)
            if module is None or command not in module.COMMANDS:
                continue
            game_parser = games.add_parser(game, help=f"{command} {game}")
            module.add_arguments(command, game_parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the terminal client; the process exit status."""
    args = build_parser().parse_args(argv)
    module = game_module(args.game)
    assert module is not None
    status: int = module.run(args.command, args)
    return status
