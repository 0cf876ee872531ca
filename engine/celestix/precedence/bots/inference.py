"""The other seats' plays read as evidence about their hands (the ``strong`` level).

A player who follows suit with a losing card while keeping a lower one of the suit, or
wins a trick with a high card when a cheaper one would have done, does so now and then,
not often. :func:`play_evidence` turns each past play of the hand by another seat (the
partner's included: a person's plays are read the same way) into the cards that seat,
under a simple model of sound play, would not have held when it played -- the basic
player's rules: the cheapest winner, the lowest loser, the highest loser once the
contract is made and overtricks only feed the Excess, a ruff in the third or fourth
seat when the opponents hold the trick; a plain lead cashes a suit's top card, else
comes from the longest plain suit, and trump is led from four or more. A sampled deal
that puts such a card in that seat's hand contradicts the play; the sampler keeps a
deal with a probability that halves for each contradiction, with the bids' evidence
(:meth:`~celestix.precedence.bots.deals.Knowledge.sample`). Measured on games of the
searching players, a seat held a card the model rules out in 17% (lowest loser) to 30%
(cheapest winner) of such plays, where a deal at random puts one there far more often:
halving is about the evidence's weight, not more.

Plays that tell nothing are left out: plays shaped by face-up meld cards (declared
first), and plays the model could not explain whatever the hidden cards (the seat
played since, or shows, a card the model says it did not hold).
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.precedence.bots.fast import ABOVE, ALL_CARDS, SUIT_MASKS, beats, mask_of
from celestix.precedence.cards import CARD_ID, SEATS
from celestix.precedence.view import View

# (seat, cards it would not have held, suit, cards played since): one past play read as
# evidence. A lead (suit >= 0) also says that no other plain suit was longer than the
# suit led and that the seat held fewer than four trumps, counted in the hand it held
# then: its cards now and those it played since.
Evidence = tuple[int, int, int, int]
LONG_TRUMPS = 4  # the basic player leads trump from four or more


def contradicting(
    card: int, best: int, led: int, trump: int, position: int, safe: bool, partner_wins: bool
) -> int:
    """The cards whose presence in the hand contradicts playing ``card`` to a trick led in
    ``led`` whose winning card so far is ``best`` (``position``: 1 to 3, the seat's place
    in the trick; ``safe``: its team's contract is made and overtricks feed the Excess)."""
    tmask = SUIT_MASKS[trump]
    wins = beats(card, best, trump)
    below = ~ABOVE[card] & ~(1 << card)
    if card // 13 == led:
        suit = SUIT_MASKS[led]
        if wins:
            # the cheapest winner; a safe team sheds a loser rather than win
            out = suit & ABOVE[best] & below
            if safe:
                out |= suit & ~ABOVE[best] & ~(1 << best)
            return out
        if safe:
            # the highest card that still loses
            if best // 13 == led:
                return suit & ABOVE[card] & ~ABOVE[best] & ~(1 << best)
            return suit & ABOVE[card]
        return suit & below  # the lowest loser
    if card // 13 == trump:
        if not wins:
            return 0
        out = tmask & below & (ABOVE[best] if best // 13 == trump else ALL_CARDS)
        if safe:
            out |= ALL_CARDS & ~tmask  # a safe team discards rather than ruff
            if best // 13 == trump:
                out |= tmask & ~ABOVE[best] & ~(1 << best)
        return out
    if not safe and not partner_wins and position >= 2:
        # a discard in the third or fourth seat: no trump that would take the trick
        return tmask & ABOVE[best] if best // 13 == trump else tmask
    return 0


def play_evidence(
    view: View,
    seat: int,
    trump: int,
    contracts: Sequence[int],
    excess_counted: bool,
    unseen: int,
    face_up: Sequence[int],
) -> list[Evidence]:
    """Every informative past play of this hand by a seat other than ``seat``.

    ``unseen`` is the cards ``seat`` cannot place, ``face_up`` each seat's face-up meld
    cards now; each item's mask is limited to the unseen cards.
    """
    declared = [0, 0, 0, 0]
    for s, info in enumerate(view["meld_info"]):
        for meld in info or ():
            declared[s] |= mask_of(meld["cards"])
    tricks = [done["plays"] for done in view["completed_tricks"]]
    winners = [int(done["winner"]) for done in view["completed_tricks"]]
    if view["trick"]:
        tricks.append(view["trick"])
    # each seat's plays, in order, to know what it played after a given play
    order = [(int(p["seat"]), CARD_ID[p["card"]]) for plays in tricks for p in plays]
    later = [0, 0, 0, 0]
    after: list[int] = [0] * len(order)
    for i in range(len(order) - 1, -1, -1):
        s, card = order[i]
        after[i] = later[s]
        later[s] |= 1 << card
    before = [0, 0, 0, 0]
    taken = [0, 0]
    out: list[Evidence] = []
    i = 0
    for number, plays in enumerate(tricks):
        led = CARD_ID[plays[0]["card"]] // 13
        best, best_seat = CARD_ID[plays[0]["card"]], int(plays[0]["seat"])
        for position in range(len(plays)):
            s, card = order[i]
            if not position and s != seat and not declared[s] & ~before[s]:
                team = s % 2
                if not (excess_counted and taken[team] >= contracts[team]):
                    item = lead_evidence(s, card, trump, before, after[i], face_up[s], unseen)
                    if item is not None:
                        out.append(item)
            if position and s != seat:
                team = s % 2
                safe = excess_counted and taken[team] >= contracts[team]
                shown = declared[s] & ~before[s]
                shaped = shown & SUIT_MASKS[led] if card // 13 == led else shown
                if not shaped and not declared[s] >> card & 1:
                    mask = contradicting(card, best, led, trump, position, safe,
                                         best_seat == (s + 2) % SEATS)  # fmt: skip
                    if mask and not mask & (after[i] | face_up[s]) and mask & unseen:
                        out.append((s, mask & unseen, -1, 0))
            if position and beats(card, best, trump):
                best, best_seat = card, s
            before[s] |= 1 << card
            i += 1
        if number < len(winners):
            taken[winners[number] % 2] += 1
    return out


def lead_evidence(seat: int, card: int, trump: int, before: Sequence[int], later: int,
                  shown: int, unseen: int) -> Evidence | None:  # fmt: skip
    """A plain lead read under the basic player's rule (cash a plain suit's top card,
    else lead low from the longest plain suit, trump first from four or more), or
    ``None`` if it tells nothing (a trump lead, or a seat that held then a card the
    rule would have led instead: its player does not follow the rule)."""
    if card // 13 == trump:
        return None
    gone = before[0] | before[1] | before[2] | before[3]
    tops = 0
    for suit in range(4):
        rest = SUIT_MASKS[suit] & ~gone
        if suit != trump and rest:
            tops |= 1 << (rest.bit_length() - 1)
    if tops >> card & 1:
        return None  # it cashed a top card: nothing more to read
    known = later | shown  # cards it certainly held then
    if tops & known or (known & SUIT_MASKS[trump]).bit_count() >= LONG_TRUMPS:
        return None
    return (seat, tops & unseen, card // 13, later)


def contradictions(hands: Sequence[int], evidence: Sequence[Evidence], trump: int) -> int:
    """How many of the plays read as evidence a deal of ``hands`` contradicts."""
    count = 0
    for s, mask, suit, later in evidence:
        hand = hands[s] | later
        if hand & mask:
            count += 1
        elif suit >= 0:
            # the lead's suit was its longest plain suit (the led card counted), and it
            # held fewer than four trumps
            led = (hand & SUIT_MASKS[suit]).bit_count() + 1
            if (hand & SUIT_MASKS[trump]).bit_count() >= LONG_TRUMPS or any(
                (hand & SUIT_MASKS[t]).bit_count() > led for t in range(4) if t not in (suit, trump)
            ):
                count += 1
    return count
