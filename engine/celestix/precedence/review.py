"""Precedence's review: each decision judged, and each hand's par.

* A decision (declaration, bid, card) is judged by the level's search from the seat's
  view at that moment (:func:`celestix.precedence.bots.valuation.judge`): the level's
  choice and the loss, in points for the seat's team (less the opponents', per hand, as
  the hints count them). The reason says what the card, bid or declaration did, in the
  hints' words, and what the better one would have done.
* The par of a hand: the tricks each team takes with every hand visible and both teams
  playing perfectly for tricks (double dummy, :mod:`celestix.precedence.bots.double_dummy`),
  from the real deal as the play began (declarations and contracts as made), and the
  points those tricks score; beside it the tricks and points made. It is also worked
  out at the start of every trick of the real play, so a page can show where par
  changed hands.
"""

from __future__ import annotations

from typing import ClassVar

from celestix.precedence.actions import Action, cards_of
from celestix.precedence.bidding import contracts
from celestix.precedence.bots.double_dummy import PAR_BUDGET, PrecedenceTricks
from celestix.precedence.bots.fast import mask_of
from celestix.precedence.bots.hints import card_reason, forced_reason, meld_labels
from celestix.precedence.bots.legal import legal_or_refuse
from celestix.precedence.bots.seen import Seen
from celestix.precedence.bots.valuation import judge
from celestix.precedence.cards import SEATS, SUIT_NAMES, card_name
from celestix.precedence.melds import declaration_points, describe_meld
from celestix.precedence.options import counts_excess, trump_suit
from celestix.precedence.scoring import score_team
from celestix.precedence.state import TRICKS_PER_HAND, Options, Phase, State
from celestix.precedence.view import View
from celestix.review.marks import Scale
from celestix.review.replayed import Replayed
from celestix.review.trick import Judged, TrickReview
from celestix.shape import JsonDict
from celestix.table.double_dummy import Bounds, solve_line
from celestix.table.judgement import why_better


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _score(n: int) -> str:
    """A hand's points for a team: ``"for 73 points"``, ``"for a loss of 40 points"``."""
    return f"for {_points(n)}" if n >= 0 else f"for a loss of {_points(-n)}"


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def declaration_words(melds: list[list[str]]) -> str:
    """A declaration in words: ``"declaring nothing"``, ``"declaring a Triad"``."""
    if not melds:
        return "declaring nothing"
    labels = meld_labels([describe_meld(meld)["label"] for meld in melds])
    article = "" if labels.split()[0] in ("two", "three", "four", "five", "six") else "a "
    return f"declaring {article}{labels}"


def meld_terms(melds: list[list[str]]) -> str:
    """What the melds score: ``" (5 points of melds)"``; empty for none."""
    if not melds:
        return ""
    return f" ({_points(declaration_points(melds))} of melds)"


def without_shared_opening(first: str, second: str) -> str:
    """``second`` without the clause before its first colon when ``first`` opens with the
    same clause (the situation said once)."""
    head, colon, rest = second.partition(": ")
    if colon and first.startswith(head + ": "):
        return rest
    return second


class PrecedenceReview(TrickReview[State, View, Action]):
    """The review of Precedence (values in points for the seat's team)."""

    unit: ClassVar[str] = "points"
    # an inaccuracy from 5 points (below that, within the search's sampling noise), a
    # mistake from 15 (about a trick and a half), a blunder from 40 (a contract's worth)
    scale: ClassVar[Scale] = Scale(inaccuracy=5, mistake=15, blunder=40)

    def hand_of(self, state: State) -> int:
        return state["hand_number"]

    def played(self, state: State) -> bool:
        return state["phase"] == Phase.PLAY

    def normal_action(self, game: Replayed, index: int) -> Action:
        action = self.actions(game)[index]
        if action["type"] == "declare":  # the melds as the state keeps them
            melds = self.states(game)[index + 1]["declarations"][game.seats[index]]
            assert melds is not None  # (the seat has declared)
            return {"type": "declare", "melds": melds}
        return action

    def amount_words(self, amount: int) -> str:
        return f"about {_points(amount)}"

    def action_words(self, state: State, action: Action) -> str:
        if action["type"] == "play":
            variant = state["options"]["variant"]
            trick = len(state["completed"]) + 1
            return f"the {card_name(action['card'], variant)} in trick {trick}"
        if action["type"] == "bid":
            return f"your bid of {action['tricks']}"
        return f"{declaration_words(action['melds'])} in the declarations"

    # --- one decision ---------------------------------------------------------------------

    def judge(self, view: View, action: Action, level: str, seed: int) -> Judged[Action]:
        verdict = judge(view, action, level, seed)
        best = verdict.best  # (an action of the same kind)
        if action["type"] == "play" and best["type"] == "play":
            reason = self._play_reason(view, action["card"], best["card"], verdict.loss,
                                       verdict.choices)  # fmt: skip
        elif action["type"] == "bid" and best["type"] == "bid":
            reason = self._bid_reason(action["tricks"], best["tricks"], verdict.loss,
                                      verdict.choices, verdict.samples, verdict.action_value,
                                      verdict.best_value)  # fmt: skip
        else:
            assert action["type"] == "declare" and best["type"] == "declare"
            reason = self._declaration_reason(action["melds"], best["melds"],
                                              verdict.loss, verdict.choices)  # fmt: skip
        return {
            "best": verdict.best,
            "loss": verdict.loss,
            "reason": reason,
            "kind": verdict.kind,
            "choices": verdict.choices,
            "value": verdict.action_value,
            "best_value": verdict.best_value,
        }

    def _play_reason(self, view: View, card: str, best: str, loss: int, choices: int) -> str:
        seen = Seen.from_view(view)
        face_up = [{c for meld in melds for c in meld} for melds in view["melds"]]
        variant = str(view["variant"])
        if choices == 1:
            return forced_reason(seen, card)  # (the mark says "Forced")
        legal = cards_of(legal_or_refuse(view))
        what = card_reason(seen, card, legal, face_up, variant)
        if card == best:
            return f"{_cap(what)}. The best card here."
        other = f"the {card_name(best, variant)}"
        if loss == 0:
            return f"{_cap(what)}. About as good as {other}."
        full = card_reason(seen, best, legal, face_up, variant)
        why = why_better(what, full, (f"the {card_name(card, variant)}", other))
        if why == full:
            why = _lower(without_shared_opening(what, full))
        return f"{_cap(what)}. {_cap(other)} was about {_points(loss)} better: {why}."

    @staticmethod
    def _bid_reason(bid: int, best: int, loss: int, choices: int, samples: int, value: int,
                    best_value: int) -> str:  # fmt: skip
        if choices == 1:
            return "No other bid was allowed: a team contract cannot go above 13."
        over = "over many likely deals"
        if bid == best:
            return f"Your bid of {bid} was the best, worth about {_points(value)} {over}."
        if loss == 0:
            return (f"Your bid of {bid} was worth about {_points(value)} {over}, as much as a "
                    f"bid of {best}.")  # fmt: skip
        return (f"Your bid of {bid} was worth about {_points(value)} {over}; a bid of {best} "
                f"about {_points(best_value)}, {_points(loss)} better.")  # fmt: skip

    @staticmethod
    def _declaration_reason(melds: list[list[str]], best: list[list[str]], loss: int,
                            choices: int) -> str:  # fmt: skip
        if choices == 1:
            return "You held no meld to declare."
        what = _cap(declaration_words(melds)) + meld_terms(melds)
        if melds == best:
            return f"{what}: the best declaration here."
        other = declaration_words(best) + meld_terms(best)
        if loss == 0:
            return f"{what}: about as good as {other}."
        return (f"{what}. {_cap(other)} was about {_points(loss)} better, counting the "
                "tricks that showing the cards costs.")  # fmt: skip

    # --- a hand's par -------------------------------------------------------------------------

    def par(self, game: Replayed, seat: int, hand: int) -> JsonDict:
        states = self.states(game)
        indices = [i for i in range(len(game.actions)) if self.hand_of(states[i]) == hand]
        starts = [i for i in indices if self.played(states[i]) and not states[i]["trick"]]
        first = states[starts[0]]
        options = first["options"]
        trump = trump_suit(options, hand)
        positions = []
        taken = []
        for i in starts:
            state = states[i]
            hands = [mask_of(h) for h in state["hands"]]
            declared = [mask_of([c for meld in state["declarations"][s] or [] for c in meld])
                        for s in range(SEATS)]  # fmt: skip
            to_act = state["to_act"]
            assert to_act is not None  # a trick is to be played
            positions.append((hands, declared, to_act, TRICKS_PER_HAND - len(state["completed"])))
            taken.append(sum(1 for done in state["completed"] if done["winner"] % 2 == 0))
        after = states[indices[-1] + 1]
        finished = [entry for entry in after["history"] if entry["hand_number"] == hand]
        # team 0's tricks at each next trick's start (the hand's end after the last)
        ends = [*taken[1:], finished[-1]["tricks"][0] if finished else None]
        line = [(*position, None if end is None else end - before)
                for position, before, end in zip(positions, taken, ends, strict=True)]  # fmt: skip
        bounds = solve_line(PrecedenceTricks(trump), line, PAR_BUDGET)
        bids = [b for b in first["bids"] if b is not None]
        assert len(bids) == SEATS  # every seat has bid once play begins
        melds = [declaration_points([m for s in (t, t + 2) for m in first["declarations"][s] or []])
                 for t in (0, 1)]  # fmt: skip
        made = None
        if finished:
            made = {"tricks": list(finished[-1]["tricks"]), "points": list(finished[-1]["points"])}
        exact = next((k for k, b in enumerate(bounds) if b.exact), None)
        tricks = [
            {"trick": len(states[i]["completed"]) + 1,
             "par": [taken[k] + b.low, TRICKS_PER_HAND - taken[k] - b.low] if b.exact else None}
            for k, (i, b) in enumerate(zip(starts, bounds, strict=True))
        ]  # fmt: skip
        par = self._par_at(bounds, taken, exact, bids, melds, options)
        return {
            "hand": hand,
            "trump": SUIT_NAMES[trump],
            "contracts": contracts(bids),
            "par": par,
            "made": made,
            "tricks": tricks,
            "nodes": max(b.nodes for b in bounds),
            "reason": self._par_reason(seat % 2, par, made, contracts(bids)),
        }

    @staticmethod
    def _par_at(bounds: list[Bounds], taken: list[int], exact: int | None, bids: list[int],
                melds: list[int], options: Options) -> JsonDict:  # fmt: skip
        """The par from the first trick it is known at (the first, most often)."""
        first = bounds[0]
        out: JsonDict = {"exact": first.exact, "low": taken[0] + first.low,
                         "high": taken[0] + first.high}  # fmt: skip
        if exact is None:
            return {**out, "from_trick": None, "tricks": None, "points": None}
        team0 = taken[exact] + bounds[exact].low
        tricks = [team0, TRICKS_PER_HAND - team0]
        points = [
            score_team(t, (bids[t], bids[t + 2]), tricks[t], melds[t], 0, 0,
                       options["penalty"], counts_excess(options))["hand_points"]
            for t in (0, 1)
        ]  # fmt: skip
        return {**out, "from_trick": exact + 1, "tricks": tricks, "points": points}

    def par_beside(self, par: JsonDict, seat: int, own_loss: int) -> JsonDict:
        """The par's sentence never blames the seat for tricks its own decisions did not
        lose: with none of them costing anything, the partner's play or the hidden cards
        let them go."""
        team = seat % 2
        made, best = par["made"], par["par"]["tricks"]
        beat = made is not None and best is not None and made["tricks"][team] > best[team]
        if own_loss and not beat:
            return par
        reason = self._par_reason(team, par["par"], made, par["contracts"],
                                  own_cost_nothing=not own_loss,
                                  own_cost=bool(own_loss))  # fmt: skip
        return {**par, "reason": reason}

    @staticmethod
    def _par_reason(team: int, par: JsonDict, made: JsonDict | None,
                    contract: list[int], *, own_cost_nothing: bool = False,
                    own_cost: bool = False) -> str:  # fmt: skip
        if par["tricks"] is None:
            low = par["low"] if team == 0 else TRICKS_PER_HAND - par["high"]
            high = par["high"] if team == 0 else TRICKS_PER_HAND - par["low"]
            return (f"Best play could not be worked out in time: with every hand seen, your "
                    f"team would take between {low} and {high} tricks.")  # fmt: skip
        ours, theirs = par["tricks"][team], par["tricks"][1 - team]
        when = "" if par["from_trick"] == 1 else f"From trick {par['from_trick']} on, with"
        verdict = "made" if ours >= contract[team] else "failed"
        text = (f"{when or 'With'} best play by everyone and every hand seen, your team would "
                f"take {_tricks(ours)} and the opponents {theirs}: your contract of "
                f"{contract[team]} would be {verdict}, {_score(par['points'][team])}.")  # fmt: skip
        if made is None:
            return text
        took = made["tricks"][team]
        text += f" As played, your team took {_tricks(took)}, {_score(made['points'][team])}"
        if took > ours:
            text += f": better than best play, as the opponents let {_tricks(took - ours)} go"
            # (beside decisions that cost points by the odds, "Well done" read as a
            # contradiction of the summary above it; audit 12)
            if own_cost:
                return text + (", and the cards fell your way, though by the estimate of many "
                               "likely deals your own decisions cost something.")  # fmt: skip
            return text + (". Well done." if own_cost_nothing else ".")
        if took < ours:
            lost = _tricks(ours - took)
            if own_cost_nothing:
                return text + (f": {lost} fewer than best play, let go by your partner's "
                               "play or by cards nobody could see, not by your "
                               "decisions.")  # fmt: skip
            return text + f": your team's play let {lost} go."
        return text + ", as best play would."


REVIEW = PrecedenceReview()
