"""The basic computer player: sound heuristics, no search.

* Declaration: the declaration worth most, valuing each meld at its points less its
  wager (a chip counted as a point) and a small cost for each card shown; so a meld is
  declared only when it pays for its wager.
* Bidding: sure and likely tricks (top cards, guarded honours, trump length, ruffs),
  shaded down when the partner has already bid high, within the team cap.
* Play: does not overtake a partner who is winning the trick; ducks (plays a card
  that loses) once the team's contract is made and overtricks would feed the Excess;
  otherwise wins as cheaply as it safely can; leads trump to draw it when strong in
  trump, cashes sure winners, else leads low from its longest plain suit.
"""

from __future__ import annotations

from celestix.precedence.actions import Action, DeclareAction, cards_of, declarations_of
from celestix.precedence.bidding import bid_limit
from celestix.precedence.bots.legal import legal_or_refuse
from celestix.precedence.bots.seen import Seen
from celestix.precedence.cards import EMPEROR, RANK_OF, SEATS, SUIT_BY_NAME, SUIT_OF
from celestix.precedence.melds import declaration_points
from celestix.precedence.view import View, seat_and_hand

# A declared card must be played first, which can cost a trick: a quarter point each.
EXPOSURE_COST = 1
VALUE_SCALE = 4
# Measured over bot games: a hand takes about one trick more than its estimate, and a
# failed contract costs far more than an overtrick, so the estimate is rounded up at .1.
ROUNDING = 0.9
HIGH_PARTNER_BID = 6


def choose(view: View, seed: int) -> Action:
    """The basic player's action in this view (deterministic: ``seed`` is unused)."""
    moves = legal_or_refuse(view)
    phase = view["phase"]
    if phase == "declare":
        return choose_declaration(declarations_of(moves), int(view["options"]["meld_wager"]))
    if phase == "bid":
        seat, hand = seat_and_hand(view)
        trump = SUIT_BY_NAME[view["trump"]]
        tricks = choose_bid(hand, trump, view["bids"], seat)
        return {"type": "bid", "tricks": tricks}
    seen = Seen.from_view(view)
    return {"type": "play", "card": choose_card(seen, cards_of(moves))}


# --- declaration -------------------------------------------------------------------------


def choose_declaration(moves: list[DeclareAction], wager: int) -> DeclareAction:
    """The declaration with the best value; fewer cards shown, then list order, on ties."""

    def value(move: DeclareAction) -> tuple[int, int]:
        melds = move["melds"]
        cards = sum(len(meld) for meld in melds)
        worth = VALUE_SCALE * (declaration_points(melds) - wager * len(melds))
        return worth - EXPOSURE_COST * cards, -cards

    return max(moves, key=value)


# --- bidding -----------------------------------------------------------------------------


def estimate_tricks(hand: list[str], trump: int) -> float:
    """Tricks the hand should take on its own, in expectation."""
    by_suit: list[list[int]] = [[], [], [], []]
    for card in hand:
        by_suit[SUIT_OF[card]].append(RANK_OF[card])
    for ranks in by_suit:
        ranks.sort(reverse=True)
    trumps = len(by_suit[trump])
    total = 0.0
    for suit, ranks in enumerate(by_suit):
        length = len(ranks)
        if suit == trump:
            for held_above, rank in enumerate(ranks):
                missing_above = EMPEROR - rank - held_above
                if missing_above <= 0:
                    total += 1.0
                elif missing_above <= 2 and length - held_above > missing_above:
                    total += 0.6
            total += max(0, trumps - 4) * 0.7
            continue
        for held_above, rank in enumerate(ranks[:3]):
            missing_above = EMPEROR - rank - held_above
            if missing_above == 0:
                total += 0.95 if length <= 5 else 0.7
            elif missing_above == 1 and length >= 2:
                total += 0.45
        if trumps >= 2 and length <= 1:
            total += 0.8 if length == 0 else 0.4
    return total


def choose_bid(hand: list[str], trump: int, bids: list[int | None], seat: int) -> int:
    """A bid from the hand's estimate, adjusted for the partner's bid and the cap."""
    tricks = int(estimate_tricks(hand, trump) + ROUNDING)
    partner = bids[(seat + 2) % SEATS]
    if partner is not None and partner >= HIGH_PARTNER_BID and tricks >= 1:
        tricks -= 1  # the partners' winners overlap (both count the same ruffs and suits)
    others = sum(bid or 0 for bid in bids)
    if others + tricks > 15 and tricks >= 1:
        tricks -= 1  # the table has bid more tricks than there are
    return max(0, min(tricks, bid_limit(bids, seat)))


# --- play --------------------------------------------------------------------------------


def choose_card(seen: Seen, legal: list[str]) -> str:
    """The card to play from ``legal``."""
    if len(legal) == 1:
        return legal[0]
    out = seen.outstanding()
    safe = seen.team_taken(seen.team) >= seen.contract(seen.team)
    if not seen.trick:
        return _lead(seen, legal, out, safe)
    winning = seen.winning()
    assert winning is not None
    winners = [card for card in legal if seen.beats(card, winning[1])]
    losers = [card for card in legal if card not in winners]
    if safe and seen.counts_excess:
        # Duck: shed the highest card that still loses; overtricks feed the Excess.
        return _highest(seen, losers) if losers else _lowest(seen, winners)
    if winning[0] == seen.partner:
        return _lowest(seen, losers) if losers else _lowest(seen, legal)
    if not winners:
        return _lowest(seen, legal)
    if len(seen.trick) == SEATS - 1:
        return _lowest(seen, winners)
    holding = [card for card in winners if _will_hold(seen, card, out)]
    if holding:
        return _lowest(seen, holding)
    if len(seen.trick) == 2:
        return _lowest(seen, winners)
    return _lowest(seen, losers) if losers else _lowest(seen, legal)


def _lead(seen: Seen, legal: list[str], out: list[str], safe: bool) -> str:
    """The card to lead: low when safe, trump when strong, sure winners, else low."""
    if safe and seen.counts_excess:
        return _lowest(seen, legal)
    mine = [card for card in legal if SUIT_OF[card] == seen.trump]
    trumps_out = [card for card in out if SUIT_OF[card] == seen.trump]
    held = [card for card in seen.hand if SUIT_OF[card] == seen.trump]
    top_held = max(held, key=RANK_OF.__getitem__) if held else None
    strong = len(held) >= 4 or (
        len(held) >= 3 and top_held is not None and seen.is_boss(top_held, out)
    )
    if mine and trumps_out and strong:
        top = max(mine, key=RANK_OF.__getitem__)
        return top if seen.is_boss(top, out) else min(mine, key=RANK_OF.__getitem__)
    cash = [
        card
        for card in legal
        if SUIT_OF[card] != seen.trump
        and seen.is_boss(card, out)
        and not (trumps_out and _opponents_void(seen, SUIT_OF[card]))
    ]
    if cash:
        return max(cash, key=RANK_OF.__getitem__)
    plain = [card for card in legal if SUIT_OF[card] != seen.trump] or legal
    lengths = [0, 0, 0, 0]
    for card in seen.hand:
        lengths[SUIT_OF[card]] += 1
    return min(plain, key=lambda card: (-lengths[SUIT_OF[card]], RANK_OF[card], SUIT_OF[card]))


def _opponents_void(seen: Seen, suit: int) -> bool:
    """Whether an opponent has shown out of ``suit`` (and may ruff it)."""
    return any(suit in seen.voids[(seen.seat + k) % SEATS] for k in (1, 3))


def _will_hold(seen: Seen, card: str, out: list[str]) -> bool:
    """Whether ``card`` should win the trick whatever the players after us hold."""
    if not seen.is_boss(card, out):
        return False
    if SUIT_OF[card] == seen.trump:
        return True
    led = SUIT_OF[seen.trick[0][1]]
    trumps_out = any(SUIT_OF[o] == seen.trump for o in out)
    later = [(seen.seat + k) % SEATS for k in range(1, SEATS - len(seen.trick))]
    return not (trumps_out and any(led in seen.voids[s] for s in later))


def _order(seen: Seen, card: str) -> tuple[int, int, int]:
    """Cheapness: plain cards before trumps, then low ranks, then suit order."""
    return (SUIT_OF[card] == seen.trump, RANK_OF[card], SUIT_OF[card])


def _lowest(seen: Seen, cards: list[str]) -> str:
    """The cheapest of ``cards``: plain before trump, then low rank."""
    return min(cards, key=lambda card: _order(seen, card))


def _highest(seen: Seen, cards: list[str]) -> str:
    """The dearest plain card of ``cards`` (trumps last), to shed when ducking."""
    return max(cards, key=lambda card: (SUIT_OF[card] != seen.trump, RANK_OF[card], SUIT_OF[card]))
