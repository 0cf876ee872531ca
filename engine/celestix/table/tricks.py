"""Tricks as plain data: a list of ``{"seat", "card"}`` in the order played; and what the
trick games' actions and events say of a card played alike (each game's types add
their own keys)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal, TypedDict

from celestix.errors import MalformedError
from celestix.table.seats import next_seat


class Play(TypedDict):
    """One card played to a trick, as states, views and events hold it."""

    seat: int
    card: str


class Trick(TypedDict):
    """A finished trick of the hand (round) in play: its plays and the seat that won it."""

    plays: list[Play]
    winner: int


class PlayAction(TypedDict):
    """Play this card to the trick (both trick games' action)."""

    type: Literal["play"]
    card: str


class PlayEventKeys(TypedDict):
    """The keys of both trick games' ``play`` event: a card played to a trick."""

    type: Literal["play"]
    seat: int
    card: str
    trick_number: int


class TrickEventKeys(TypedDict):
    """The keys of both trick games' ``trick`` event: a trick won, by whom, with which
    card and why."""

    type: Literal["trick"]
    number: int
    winner: int
    card: str
    reason: str
    plays: list[Play]


def trick_winner(trick: Sequence[Play], strength: Callable[[str, str], int]) -> Play:
    """The play that wins ``trick``.

    ``strength(card, led_card)`` ranks each card against the card led; a card that
    cannot win (off-suit, no trump) must rank below every card that can. Ties cannot
    arise with distinct cards; the earliest play wins them anyway.
    """
    led = trick[0]["card"]
    best = trick[0]
    best_strength = strength(led, led)
    for play in trick[1:]:
        value = strength(play["card"], led)
        if value > best_strength:
            best, best_strength = play, value
    return best


def trick_leader(
    trick: Sequence[Play], completed: Sequence[Mapping[str, Any]], dealer: int, seats: int
) -> int:
    """The seat that leads (led) the trick in progress: its first player, else the
    winner of the last ``completed`` trick (``{"winner", ...}``), else the dealer's
    next seat."""
    if trick:
        return int(trick[0]["seat"])
    if completed:
        return int(completed[-1]["winner"])
    return next_seat(dealer, seats)


def seen_cards(
    tricks: Iterable[Sequence[Play]],
    hand: Sequence[str],
    seat: int | None,
    sizes: Sequence[int],
    field: str,
) -> tuple[dict[str, int | None], list[set[str]]]:
    """What a view shows of the cards: who played each card of ``tricks`` and who holds
    each card of ``hand`` (the view's seat's, of ``sizes[seat]`` cards), each card once;
    and each seat's cards played. ``field`` names the view (errors name its fields)."""
    owner: dict[str, int | None] = {}
    played_by: list[set[str]] = [set() for _ in sizes]
    for plays in tricks:
        for play in plays:
            if play["card"] in owner:
                raise MalformedError(f"{field}.trick", f"{play['card']} is played twice")
            owner[play["card"]] = play["seat"]
            played_by[play["seat"]].add(play["card"])
    if seat is None:
        if hand:
            raise MalformedError(f"{field}.hand", "a spectator holds no cards")
    elif len(hand) != sizes[seat]:
        raise MalformedError(f"{field}.hand", "does not match the seat's hand size")
    for card in hand:
        if card in owner:
            raise MalformedError(f"{field}.hand", f"{card} is held and played")
        owner[card] = seat
    return owner, played_by
