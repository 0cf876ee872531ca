"""The talon and the aside (RULES.md 3.3 table and 3.4).

* Take, Push, Guard: the talon is shown to all, then goes into the declarer's hand;
  the declarer sets aside as many cards, one at a time, to start their score pile.
* Guard without: the talon goes straight into the declarer's score pile, unseen.
* Guard against: the talon goes straight into the defenders' score pile, unseen.

The aside may not hold a Master or a Sabacc unless no other card is left to set aside;
then only Sabaccs that are not Honours may go (never a Master, The Magician, The
Universe or The Idiot). Every Sabacc set aside is shown to all.

*Ruling*: a hand that cannot keep these rules cannot arise: after taking the talon the
declarer holds at least 18 cards and at most 7 of them are Masters or Honour Sabaccs,
so there are always enough other cards or non-Honour Sabaccs to set aside.
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.sabacc.cards import IS_HONOUR, MASTERS, SABACC, SUIT_OF, is_sabacc, the_card

# Where the talon goes for each bid: the declarer's hand or one side's score pile.
TALON_HAND = "hand"
TALON_DECLARER = "declarer"
TALON_DEFENDERS = "defenders"
TALON_TO = {
    "take": TALON_HAND,
    "push": TALON_HAND,
    "guard": TALON_HAND,
    "guard_without": TALON_DECLARER,
    "guard_against": TALON_DEFENDERS,
}


def is_free(card: str) -> bool:
    """A card that may always be set aside: neither a Master nor a Sabacc."""
    return card not in MASTERS and SUIT_OF[card] != SABACC


def aside_choices(hand: Sequence[str]) -> list[str]:
    """The cards of ``hand`` that may be set aside now, in hand order."""
    free = [card for card in hand if is_free(card)]
    if free:
        return free
    return [card for card in hand if is_sabacc(card) and not IS_HONOUR[card]]


def aside_refusal(hand: Sequence[str], card: str) -> tuple[str, str] | None:
    """Why ``card`` (held in ``hand``) may not be set aside now, or ``None``."""
    if is_free(card):
        return None
    others_left = any(is_free(other) for other in hand)
    name = the_card(card)
    if card in MASTERS:
        if others_left:
            return ("aside-no-master",
                    f"You may not set aside {name}: no Master goes while other cards "
                    "remain.")  # fmt: skip
        return "aside-no-honour", f"You may not set aside {name}: an Honour never goes."
    if others_left:
        return ("aside-no-sabacc",
                f"You may not set aside {name}: no Sabacc goes while other cards "
                "remain.")  # fmt: skip
    if IS_HONOUR[card]:
        return "aside-no-honour", f"You may not set aside {name}: an Honour never goes."
    return None


def aside_is_public(card: str) -> bool:
    """Whether a card set aside is shown to all (every Sabacc is)."""
    return is_sabacc(card)
