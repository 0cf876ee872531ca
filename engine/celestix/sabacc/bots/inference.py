"""The other seats' plays read as evidence about their hands (the ``strong`` level).

Once a trick is settled -- its winning card so far cannot be beaten by the seats still
to play -- the card a player adds to it only decides which points go with the trick,
and every level plays to that: onto the other side's trick the least valued card its
hand allows (the searching levels never consider another, :mod:`~.search`; the basic
player throws its cheapest), onto its partner's the richest (a defender banking points
in the defenders' pile; never The Idiot). So such a play says what the player did not
hold: a defender that gives the declarer's sure trick the Commander of coins held no
lower coin; one that feeds its partner's sure trick the 2 of flasks held no court card
of flasks.

:func:`play_evidence` reads each such play of another seat from what was public when it
was played (the cards gone before it, the suits each seat had shown out of): if nothing
a later seat might hold could beat the trick's winning card, the player knew the trick
was settled too (it sees more, never less), and the cards its play rules out go into
the evidence; a play that took the trick, or that a model of the player cannot explain
whatever its hand (it plays or shows such a card later), tells nothing. A sampled deal
that puts a ruled-out card in that seat's hand contradicts the play; the sampler keeps
it with a probability that halves for each contradiction (:meth:`~.deals.Knowledge.sample`),
as it does for the auction's evidence. A person need not play this way, which is why a
contradiction only weighs a deal and never forbids it.
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.sabacc.bots.fast import (
    ALL_CARDS,
    FIRST_SABACC,
    HALF,
    IDIOT_ID,
    SABACC_MASK,
    SUIT_MASKS,
    SUIT_OF_ID,
    power,
    shown_out,
    winning_index,
)
from celestix.sabacc.cards import CARD_ID
from celestix.table.tricks import Play

# (seat, cards it would not have held, cards it played after this play): one past play
# read as evidence; a deal contradicts it when the seat's hand then held such a card.
Evidence = tuple[int, int, int]


def _worth(mask: int, below: int | None = None, above: int | None = None) -> int:
    """The cards of ``mask`` worth fewer half-points than ``below`` (or more than
    ``above``)."""
    out = 0
    rest = mask
    while rest:
        bit = rest & -rest
        card = bit.bit_length() - 1
        if (below is not None and HALF[card] < below) or (above is not None and HALF[card] > above):
            out |= bit
        rest ^= bit
    return out


def _sure(best: int, led: int, later: Sequence[int], unseen: int, barred: Sequence[int]) -> bool:
    """Whether nothing the ``later`` seats might hold (``unseen``, less what each has shown
    out of) beats ``best`` in a trick led in suit ``led``."""
    above = ~((2 << best) - 1)
    for seat in later:
        may = unseen & ~barred[seat]
        if best >= FIRST_SABACC:  # a Sabacc: only a higher Sabacc beats it
            if may & SABACC_MASK & above:
                return False
        elif may & SUIT_MASKS[led] & above or may & SABACC_MASK:
            return False
    return True


def play_evidence(tricks: Sequence[Sequence[Play]], seat: int, seats: int,
                  declarer: int) -> list[Evidence]:  # fmt: skip
    """Every settled play of a seat other than ``seat`` in the round's ``tricks`` (the
    finished ones and the one in progress, in order), read as evidence."""
    order = [(int(p["seat"]), CARD_ID[p["card"]]) for plays in tricks for p in plays]
    # what each seat played after each play, to leave out plays it later contradicts
    later_by = [0] * seats
    after = [0] * len(order)
    for i in range(len(order) - 1, -1, -1):
        s, card = order[i]
        after[i] = later_by[s]
        later_by[s] |= 1 << card
    gone = 0
    barred = [0] * seats
    out: list[Evidence] = []
    i = 0
    for plays in tricks:
        led = SUIT_OF_ID[CARD_ID[plays[0]["card"]]]
        leader = int(plays[0]["seat"])
        cards: list[int] = []
        for position in range(len(plays)):
            s, card = order[i]
            if position and s != seat:
                item = _read(s, card, cards, led, leader, position, seats, declarer, gone,
                             barred, after[i])  # fmt: skip
                if item is not None:
                    out.append(item)
            cards.append(card)
            gone |= 1 << card
            barred[s] |= shown_out(card, led)
            i += 1
    return out


def _read(s: int, card: int, cards: list[int], led: int, leader: int, position: int,
          seats: int, declarer: int, gone: int, barred: list[int],
          later: int) -> Evidence | None:  # fmt: skip
    """The evidence of seat ``s`` playing ``card`` onto the trick ``cards``, if any."""
    best_k = winning_index(cards)
    best = cards[best_k]
    holder = (leader + best_k) % seats
    if power(card, led) > power(best, led):
        return None  # it took the trick: nothing settled about it
    after = [(leader + k) % seats for k in range(position + 1, seats)]
    unseen = ALL_CARDS & ~gone & ~(1 << card)
    if not _sure(best, led, after, unseen, barred):
        return None
    # the cards it could have played instead: its cards of the suit led if it followed,
    # its Sabaccs if it trumped, anything else if it did neither
    suit = SUIT_OF_ID[card]
    if suit == led:
        legal = SUIT_MASKS[led]
    elif suit == 4:
        legal = SABACC_MASK
    else:
        legal = ALL_CARDS & ~SUIT_MASKS[led] & ~SABACC_MASK
    legal &= unseen
    if (holder == declarer) != (s == declarer):
        ruled_out = _worth(legal, below=HALF[card])  # the other side's: the least valued
    else:
        # its partner's (two defenders: the declarer plays once a trick): the richest,
        # not The Idiot, which wins a trick of its own
        ruled_out = _worth(legal & ~(1 << IDIOT_ID), above=HALF[card])
    if not ruled_out or ruled_out & later:
        return None  # nothing to rule out, or it played a ruled-out card since
    return (s, ruled_out, later)


def contradictions(hands: Sequence[int], evidence: Sequence[Evidence]) -> int:
    """How many of the plays read as evidence a deal of ``hands`` contradicts (each
    seat's hand then: what it holds now and what it played since)."""
    return sum(1 for s, ruled_out, later in evidence if (hands[s] | later) & ruled_out)
