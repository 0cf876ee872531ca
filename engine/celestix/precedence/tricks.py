"""Trick play (RULES.md 1, "A hand", step 5).

* Follow suit if able; otherwise play any card.
* Declared cards first: among the cards the follow-suit rule allows, if any is a
  declared meld card still in hand, one of those must be played (this holds for the
  lead too, where every card is allowed by the follow-suit rule).
* The highest trump wins the trick; with no trump in it, the highest card of the suit
  led. The Emperor is the highest card of its suit. Trump may be led at any time.

The functions take only what the seat to play can see (its hand, its face-up declared
cards, the trick so far), so bots use them on views exactly as the engine does on
states.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from celestix.precedence.cards import (
    RANK_OF,
    SUIT_NAMES,
    SUIT_OF,
    card_name,
    card_names,
    joined,
    rank_name,
)
from celestix.table.tricks import Play, trick_winner


def follow_cards(hand: Sequence[str], trick: Sequence[Play]) -> list[str]:
    """The cards of ``hand`` the follow-suit rule allows."""
    if trick:
        led = SUIT_OF[trick[0]["card"]]
        same = [card for card in hand if SUIT_OF[card] == led]
        if same:
            return same
    return list(hand)


def legal_plays(hand: Sequence[str], declared: Collection[str], trick: Sequence[Play]) -> list[str]:
    """The cards ``hand`` may play to ``trick``; ``declared``: its face-up meld cards."""
    allowed = follow_cards(hand, trick)
    if declared:
        first = [card for card in allowed if card in declared]
        if first:
            return first
    return allowed


def play_refusal(
    hand: Sequence[str],
    declared: Collection[str],
    trick: Sequence[Play],
    card: str,
    variant: str = "core",
) -> tuple[str, str] | None:
    """Why ``card`` may not be played now: ``(rule, sentence)``, or ``None`` if it may.

    The sentence names cards as players do (``variant`` names the 12th rank).
    """
    if card not in hand:
        return "not-in-hand", f"You do not hold the {card_name(card, variant)}."
    allowed = follow_cards(hand, trick)
    if card not in allowed:
        suit = SUIT_NAMES[SUIT_OF[trick[0]["card"]]]
        ranks = joined([rank_name(RANK_OF[other], variant) for other in allowed])
        return "follow-suit", f"You must follow suit: you hold the {ranks} of {suit}."
    first = [other for other in allowed if other in declared]
    if first and card not in declared:
        return (
            "declared-first",
            f"You must play a declared meld card first: {card_names(first, variant, 'or')}.",
        )
    return None


def strength(card: str, led: str, trump: int) -> int:
    """How strongly ``card`` bids for a trick led with ``led``; -1 if it cannot win."""
    suit = SUIT_OF[card]
    if suit == trump:
        return 100 + RANK_OF[card]
    if suit == SUIT_OF[led]:
        return RANK_OF[card]
    return -1


def winning_play(trick: Sequence[Play], trump: int) -> Play:
    """The play that wins a complete (or partial) trick under ``trump``."""
    return trick_winner(trick, lambda card, led: strength(card, led, trump))


def win_reason(trick: Sequence[Play], trump: int) -> tuple[str, str]:
    """``(kind, words)`` saying why the trick's winner won it.

    ``kind`` is ``"trump"`` or ``"suit"``; the words read e.g. ``"highest trump"`` or
    ``"highest Frontier"`` (the suit led, when no trump was played).
    """
    if any(SUIT_OF[play["card"]] == trump for play in trick):
        return "trump", "highest trump"
    return "suit", f"highest {SUIT_NAMES[SUIT_OF[trick[0]['card']]]}"
