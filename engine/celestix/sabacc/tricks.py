"""Trick play (RULES.md 3.5): what may be played, and who wins a trick.

* Follow the suit led if able; if unable, play a Sabacc if able; otherwise any card.
  When a Sabacc is led the others must play a Sabacc if able. No duty to overtrump.
* The highest Sabacc in the trick wins it (The Idiot beats every card); with no Sabacc,
  the highest card of the suit led.

These functions take a hand and the trick in progress only, so the same code serves
the engine (from a state) and the bots (from a view).
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.sabacc.cards import IDIOT, RANK_OF, SABACC, SUIT_OF, suit_name, the_card
from celestix.table.tricks import Play, trick_winner

SABACC_STRENGTH = 100  # any Sabacc outranks any suit card


def strength(card: str, led: str) -> int:
    """How ``card`` ranks in a trick led with ``led``; 0 for a card that cannot win."""
    suit = SUIT_OF[card]
    if suit == SABACC:
        return SABACC_STRENGTH + RANK_OF[card]
    if suit == SUIT_OF[led]:
        return RANK_OF[card]
    return 0


def playable(hand: Sequence[str], trick: Sequence[Play]) -> list[str]:
    """The cards of ``hand`` that may be played to ``trick`` now, in hand order."""
    if not trick:
        return list(hand)
    led_suit = SUIT_OF[trick[0]["card"]]
    follow = [card for card in hand if SUIT_OF[card] == led_suit]
    if follow:
        return follow
    sabaccs = [card for card in hand if SUIT_OF[card] == SABACC]
    return sabaccs or list(hand)


def play_refusal(hand: Sequence[str], trick: Sequence[Play], card: str) -> tuple[str, str] | None:
    """Why ``card`` (held in ``hand``) may not be played to ``trick`` now, or ``None``."""
    if not trick:
        return None
    led_suit = SUIT_OF[trick[0]["card"]]
    suit = SUIT_OF[card]
    if suit == led_suit:
        return None
    follow = sum(SUIT_OF[other] == led_suit for other in hand)
    if follow:
        if led_suit == SABACC:
            return "sabacc-led", "A Sabacc was led: you must play a Sabacc, and you hold one."
        held = "a card" if follow == 1 else f"{follow} cards"
        return "follow-suit", f"You must follow suit: you hold {held} of {suit_name(led_suit)}."
    if suit != SABACC and any(SUIT_OF[other] == SABACC for other in hand):
        name = suit_name(led_suit)
        return (
            "must-play-sabacc",
            f"You cannot follow {name}, so you must play a Sabacc: you hold one.",
        )
    return None


def winning_play(plays: Sequence[Play]) -> Play:
    """The play that wins a (complete or partial) trick."""
    return trick_winner(plays, strength)


def win_reason(plays: Sequence[Play], winner: Play) -> str:
    """Why ``winner`` takes the trick, as a sentence."""
    card = winner["card"]
    name = "T" + the_card(card)[1:]  # at the sentence's start: "The Idiot", "The 9 of coins"
    if SUIT_OF[card] == SABACC:
        if card == IDIOT:
            return f"{name} beats every card."
        sabaccs = sum(1 for play in plays if SUIT_OF[play["card"]] == SABACC)
        if sabaccs == 1:
            return f"{name} is the only Sabacc in the trick."
        return f"{name} is the highest Sabacc in the trick."
    led = suit_name(SUIT_OF[plays[0]["card"]])
    return f"{name} is the highest card of {led}, the suit led, and no Sabacc was played."
