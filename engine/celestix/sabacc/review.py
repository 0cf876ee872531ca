"""Contract Sabacc's review: each decision judged, and each round's par.

* A decision (bid, aside card, card played) is judged by the level's search from the
  seat's view at that moment (:func:`celestix.sabacc.bots.valuation.judge`): the level's
  choice and the loss, in hundredths of a chip for the round (wagers and bonuses, at the
  table's stakes). The reason says what the card, bid or aside did, in the hints' words,
  and what the better one would have done.
* The par of a round with a declarer: the declarer's card points with every hand
  visible and both sides playing perfectly for card points (double dummy,
  :mod:`celestix.sabacc.bots.double_dummy`), from the real deal as the play began (the
  aside and the talon where they went), beside the points made. It is worked out at the
  start of every trick of the real play, from the last trick back, within a budget of
  search nodes: the par is given from the first trick the budget reaches (often a late
  one: eighteen tricks of four hands are far more than thirteen), with the bounds proved
  for the start.
"""

from __future__ import annotations

from typing import ClassVar

from celestix.bots.budget import rounded
from celestix.review.marks import Scale
from celestix.review.replayed import Replayed
from celestix.review.trick import Judged, TrickReview
from celestix.sabacc.actions import Action, cards_of
from celestix.sabacc.aside import TALON_DECLARER, TALON_TO
from celestix.sabacc.auction import BID_NAMES, PASS
from celestix.sabacc.bots.deals import Knowledge
from celestix.sabacc.bots.double_dummy import PAR_BUDGET, SabaccTricks
from celestix.sabacc.bots.fast import HALF, mask_of
from celestix.sabacc.bots.hints import (
    aside_reason,
    card_list,
    card_reason,
    forced_reason,
    these_cards,
)
from celestix.sabacc.bots.search import last_round
from celestix.sabacc.bots.valuation import judge
from celestix.sabacc.cards import HALF_POINTS, points_text, points_words, the_card
from celestix.sabacc.counting import TARGET_HALF_POINTS
from celestix.sabacc.legal import view_moves
from celestix.sabacc.state import Phase, State
from celestix.sabacc.view import View
from celestix.shape import JsonDict
from celestix.table.double_dummy import solve_line
from celestix.table.judgement import why_better


def chips_text(hundredths: int) -> str:
    """Hundredths of a chip in words, to the nearest half chip and without a sign:
    ``"about half a chip"``, ``"about 1½ chips"``, ``"less than a quarter of a chip"``."""
    halves = rounded(abs(hundredths), 50)
    if halves == 0:
        return "less than a quarter of a chip"
    if halves == 1:
        return "about half a chip"
    return f"about {halves // 2}{'½' if halves % 2 else ''} chip{'s' if halves > 2 else ''}"


def worth_text(hundredths: int) -> str:
    """A choice's expected result in chips, in words: ``"worth about 2 chips"``, ``"a loss
    of about half a chip"``, ``"about even in chips"``."""
    if rounded(abs(hundredths), 50) == 0:
        return "about even in chips"
    return f"{'a loss of' if hundredths < 0 else 'worth'} {chips_text(hundredths)}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _half_of(cards: list[str]) -> int:
    return sum(HALF_POINTS[card] for card in cards)


def _choice(action: Action) -> str:
    """The bid or the card an action names."""
    return action["bid"] if action["type"] == "bid" else action["card"]


def _aside_cards(action: Action) -> list[str]:
    """An aside decision's cards: its whole aside (the review's, ``cards``), or its card."""
    if action["type"] != "aside":
        return []
    return action.get("cards", [action["card"]])


class SabaccReview(TrickReview[State, View, Action]):
    """The review of Contract Sabacc (values in hundredths of a chip)."""

    unit: ClassVar[str] = "hundredths of a chip"
    # an inaccuracy from 0.10 chips (below that, within the search's sampling noise), a
    # mistake from 0.50, a blunder from 1.50 (more than a Take's stake from every player)
    scale: ClassVar[Scale] = Scale(inaccuracy=10, mistake=50, blunder=150)

    def hand_of(self, state: State) -> int:
        return state["round"]

    def played(self, state: State) -> bool:
        return state["phase"] == Phase.PLAY

    def amount_words(self, amount: int) -> str:
        return chips_text(amount)

    def judged_alone(self, game: Replayed, index: int) -> bool:
        """The aside is one decision, judged at its first card (the page chooses it whole,
        then sets it aside card by card)."""
        state = self.states(game)[index]
        return not (state["phase"] == Phase.ASIDE and state["aside"])

    def normal_action(self, game: Replayed, index: int) -> Action:
        """An aside's first card with the whole aside: ``cards``, in the order they went
        (as far as the record goes)."""
        actions = self.actions(game)
        action = actions[index]
        if action["type"] != "aside":
            return action
        cards = []
        for state, taken in zip(self.states(game)[index:], actions[index:], strict=False):
            if state["phase"] != Phase.ASIDE or taken["type"] != "aside":
                break
            cards.append(taken["card"])
        return {"type": "aside", "card": action["card"], "cards": cards}

    def action_words(self, state: State, action: Action) -> str:
        if action["type"] == "play":
            return f"{the_card(action['card'])} in trick {len(state['played']) + 1}"
        if action["type"] == "aside":
            return f"your aside ({card_list(_aside_cards(action))})"
        if action["bid"] == PASS:
            return "your pass"
        return f"your bid of {BID_NAMES[action['bid']]}"

    # --- one decision ---------------------------------------------------------------------

    def judge(self, view: View, action: Action, level: str, seed: int) -> Judged[Action]:
        verdict = judge(view, action, level, seed)
        loss, best = verdict.loss, verdict.best
        if verdict.kind == "aside" and sorted(_aside_cards(best)) == sorted(_aside_cards(action)):
            best = action  # the level's own aside, in the order the seat set it aside
        if verdict.choices == 1:
            reason = self._forced(view, action)
        elif verdict.kind == "play":
            reason = self._play_reason(view, _choice(action), _choice(best), loss)
        elif verdict.kind == "aside":
            reason = self._aside_reason(view, _aside_cards(action), _aside_cards(best), loss)
        else:
            reason = self._bid_reason(_choice(action), _choice(best), loss, verdict.samples,
                                      verdict.action_value, verdict.best_value,
                                      last_round(view))  # fmt: skip
        return {
            "best": best,
            "loss": loss,
            "reason": reason,
            "kind": verdict.kind,
            "choices": verdict.choices,
            "value": verdict.action_value,
            "best_value": verdict.best_value,
        }

    @staticmethod
    def _forced(view: View, action: Action) -> str:
        if action["type"] == "play":
            return forced_reason(view, action["card"])  # (the mark says "Forced")
        if action["type"] == "aside":
            if len(_aside_cards(action)) > 1:
                cards = card_list(_aside_cards(action))
                return f"These were the only cards that could be set aside: {cards}."
            return f"{_cap(the_card(action['card']))} was the only card that could be set aside."
        return "No bid was left above the one made."

    @staticmethod
    def _play_reason(view: View, card: str, best: str, loss: int) -> str:
        know = Knowledge.from_view(view)
        legal = cards_of(view_moves(view))
        what = _cap(card_reason(view, know, card, legal))
        if card == best:
            return f"{what}. The best card here."
        if loss == 0:
            return f"{what}. About as good as {the_card(best)}."
        why = why_better(
            what, card_reason(view, know, best, legal), (the_card(card), the_card(best))
        )
        return f"{what}. {_cap(the_card(best))} was {chips_text(loss)} better: {why}."

    @staticmethod
    def _aside_reason(view: View, cards: list[str], best: list[str], loss: int) -> str:
        """The whole aside in words: what its cards do together (the hint's words), and
        what the level's own aside would have done."""
        hand = list(view["hand"])
        what = f"You set aside {these_cards(cards)}: {aside_reason(hand, cards, '')}"
        if sorted(cards) == sorted(best):
            return f"{what}. The best aside here."
        if loss == 0:
            return f"{what}. About as good as setting aside {these_cards(best)}."
        return (f"{what}. Setting aside {these_cards(best)} was {chips_text(loss)} better, over "
                f"the play that follows: {aside_reason(hand, best, '')}.")  # fmt: skip

    @staticmethod
    def _bid_reason(bid: str, best: str, loss: int, samples: int, value: int,
                    best_value: int, final: bool = False) -> str:  # fmt: skip
        """The levels bid for the game, not for chips (:mod:`~.bots.equity`): in the last
        round for the best chance of ending with the most chips, before it for the best
        chance of winning the game with the rounds still to come; a bid worth fewer chips
        may be the better one, which the reason then says."""
        name = "Your pass" if bid == PASS else f"Your bid of {BID_NAMES[bid]}"
        other = "passing" if best == PASS else f"a bid of {BID_NAMES[best]}"
        over = "over many likely deals"
        if final:
            goal = "in the game's last round only ending with the most chips counts"
            chance = "the best chance of ending with the most chips"
        else:
            goal = "the game is won by the most chips at the end"
            chance = "the best chance of winning the game with the rounds still to come"
        if bid == best:
            return f"{name} was the best, {worth_text(value)} {over}: it gave {chance}."
        if value > best_value:
            return (f"{name} was {worth_text(value)} {over}; {other} was "
                    f"{worth_text(best_value)}, but {goal}, and {other} gave "
                    f"{chance}.")  # fmt: skip
        cost = f", {chips_text(loss)} better," if loss else ""
        return (f"{name} was {worth_text(value)} {over}; {other} was "
                f"{worth_text(best_value)}{cost} and it gave {chance}.")  # fmt: skip

    # --- a round's par ------------------------------------------------------------------------

    def played_round(self, game: Replayed, hand: int) -> list[int]:
        """The indices of the round's actions."""
        states = self.states(game)
        return [i for i in range(len(game.actions)) if self.hand_of(states[i]) == hand]

    def par(self, game: Replayed, seat: int, hand: int) -> JsonDict:
        states = self.states(game)
        indices = self.played_round(game, hand)
        starts = [i for i in indices if self.played(states[i]) and not states[i]["trick"]]
        first = states[starts[0]]
        declarer, contract = first["declarer"], first["contract"]
        assert declarer is not None and contract is not None  # (its play began)
        seats = len(first["hands"])
        pile = _half_of(first["aside"])
        if TALON_TO[contract] == TALON_DECLARER:
            pile += _half_of(first["talon"])
        positions = []
        piles = []
        for i in starts:
            state = states[i]
            to_act = state["to_act"]
            assert to_act is not None  # (a trick is to be led)
            hands = [mask_of(h) for h in state["hands"]]
            won = sum(_half_of([p["card"] for p in t["plays"]]) for t in state["played"]
                      if t["winner"] == declarer)  # fmt: skip
            high = sum(HALF[c] for h in hands for c in range(78) if h >> c & 1)
            positions.append((hands, [0] * seats, to_act, high))
            piles.append(pile + won)
        after = states[indices[-1] + 1]
        summary = after["last_round"]
        made = None
        if summary is not None and summary["round"] == hand and not summary["void"]:
            made = {"points": summary["points"], "made": summary["made"]}
        # the declarer's pile at each next trick's start (the round's count after the last)
        ends = [*piles[1:], None if made is None else made["points"]]
        line = [(*position, None if end is None else end - before)
                for position, before, end in zip(positions, piles, ends, strict=True)]  # fmt: skip
        bounds = solve_line(SabaccTricks(seats, declarer), line, PAR_BUDGET)
        exact = next((k for k, b in enumerate(bounds) if b.exact), None)
        tricks = [
            {"trick": len(states[i]["played"]) + 1,
             "par": piles[k] + b.low if b.exact else None}
            for k, (i, b) in enumerate(zip(starts, bounds, strict=True))
        ]  # fmt: skip
        par: JsonDict = {
            "exact": bounds[0].exact,
            "low": piles[0] + bounds[0].low,
            "high": piles[0] + bounds[0].high,
            "from_trick": None if exact is None else exact + 1,
            "points": None if exact is None else piles[exact] + bounds[exact].low,
        }
        par["made"] = None if par["points"] is None else par["points"] >= TARGET_HALF_POINTS
        return {
            "hand": hand,
            "declarer": declarer,
            "contract": contract,
            "par": par,
            "made": made,
            "tricks": tricks,
            "nodes": max(b.nodes for b in bounds),
            "reason": self._par_reason(seat == declarer, par, made),
        }

    def par_beside(self, par: JsonDict, seat: int, own_loss: int) -> JsonDict:
        """The par's sentence never blames the seat for points its own decisions did not
        lose."""
        if own_loss:
            return par
        reason = self._par_reason(seat == par["declarer"], par["par"], par["made"],
                                  own_cost_nothing=True)  # fmt: skip
        return {**par, "reason": reason}

    @staticmethod
    def _par_reason(declaring: bool, par: JsonDict, made: JsonDict | None, *,
                    own_cost_nothing: bool = False) -> str:  # fmt: skip
        """Best play beside the table's play, in players' words, and why they differ."""
        who = "you" if declaring else "the declarer"
        if par["points"] is None:
            return (f"Best play could not be worked out in time: with every hand seen, {who} "
                    f"would count between {points_text(par['low'])} and "
                    f"{points_text(par['high'])} points.")  # fmt: skip
        since = "With" if par["from_trick"] == 1 else f"From trick {par['from_trick']} on, with"
        verdict = "made" if par["made"] else "lost"
        text = (f"{since} best play by everyone and every hand seen, {who} would count "
                f"{points_text(par['points'])} points, so the 46-point contract would be "
                f"{verdict}.")  # fmt: skip
        if made is None:
            return text
        counted = made["points"]
        text += f" As played, {who} counted {points_text(counted)}"
        gap = points_words(abs(counted - par["points"]))
        if counted > par["points"]:
            if declaring:
                return text + f": better than best play, as the defenders let {gap} go."
            if own_cost_nothing:
                return text + (f": more than best play would, as your fellow defenders' "
                               f"play or cards nobody could see let {gap} go, not your "
                               "decisions.")  # fmt: skip
            return text + f": more than best play would, as the defenders let {gap} go."
        if counted < par["points"]:
            if not declaring:
                return text + f": the declarer's play let {gap} go."
            if own_cost_nothing:
                return text + (f": fewer than best play, as cards you could not see let "
                               f"{gap} go, not your decisions.")  # fmt: skip
            return text + f": your play let {gap} go."
        return text + ", as best play would."


REVIEW = SabaccReview()
