"""The review of a trick game (Precedence, Contract Sabacc): the part both share.

Steps: each decision of the seat (``{"type": "decision", "index"}``), judged by the
level's search from the seat's view at that moment, seeded as ``api.hint`` seeds it
(the given seed, or one drawn from the view: the hint's own search and sampled deals),
then each hand's par (``{"type": "par", "hand"}``, for every hand in the review whose
trick play began). The
report lists the decisions, the hands' par and a summary (the total loss and the three
costliest decisions). Each game says how to judge a decision, work out a par and put a
decision in words (:class:`TrickReview`'s abstract methods).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import ClassVar, Generic, TypedDict, TypeVar, cast

from celestix.errors import MalformedError
from celestix.registry import rules_for
from celestix.review.game import StepResult
from celestix.review.marks import COSTLY, MARKS, Scale, mark_of
from celestix.review.replayed import Replayed
from celestix.rng import view_seed
from celestix.shape import JsonDict, expect_dict, expect_int, expect_str

# The costliest decisions the summary names.
COSTLIEST = 3
DECISION_KEYS = ("index", "action", "best", "loss", "reason", "hand", "kind", "choices",
                 "value", "best_value", "mark")  # fmt: skip

# A game's types of a state, a view and an action (celestix.registry.GameRules's)
S = TypeVar("S", bound=Mapping[str, object])
V = TypeVar("V", bound=Mapping[str, object])
A = TypeVar("A", bound=Mapping[str, object])


class Judged(TypedDict, Generic[A]):
    """One decision judged by the game (the review adds its index, action, hand and mark)."""

    best: A  # the level's action in the view
    loss: int  # in the review's unit
    reason: str
    kind: str  # the action's type
    choices: int  # the legal actions (1: forced)
    value: int  # the estimated value of the action taken
    best_value: int  # and of ``best``


class TrickReview(ABC, Generic[S, V, A]):
    """A trick game's review; subclasses give the game's judgement, par and words (``S``,
    ``V``, ``A``: the game's types of a state, a view and an action)."""

    unit: ClassVar[str]  # the unit of a loss, in words (e.g. "points")
    scale: ClassVar[Scale]  # the least loss of each mark, in that unit (review/marks.py)

    @abstractmethod
    def hand_of(self, state: S) -> int:
        """The number of the hand (or round) a state is in."""

    @abstractmethod
    def played(self, state: S) -> bool:
        """Whether the trick play of the state's hand has begun."""

    @abstractmethod
    def judge(self, view: V, action: A, level: str, seed: int) -> Judged[A]:
        """One decision judged."""

    @abstractmethod
    def par(self, game: Replayed, seat: int, hand: int) -> JsonDict:
        """A hand's par (double-dummy) beside what was made."""

    def par_beside(self, par: JsonDict, seat: int, own_loss: int) -> JsonDict:
        """A hand's par with its sentence told for the seat whose own decisions in that
        hand cost ``own_loss`` in all: a game whose words depend on it (no blame for what
        the seat did not do) overrides this."""
        return par

    @abstractmethod
    def action_words(self, state: S, action: A) -> str:
        """A decision named for the summary, e.g. ``"the 9 of Void in trick 4"``."""

    @abstractmethod
    def amount_words(self, amount: int) -> str:
        """A loss in words, with its "about", e.g. ``"about 12 points"``."""

    def normal_action(self, game: Replayed, index: int) -> A:
        """Action ``index`` as the game stores it (e.g. a declaration's melds in order)."""
        return self.actions(game)[index]

    def states(self, game: Replayed) -> list[S]:
        """The record's states: the game's own rules made them, so they are its states."""
        return cast(list[S], game.states)

    def actions(self, game: Replayed) -> list[A]:
        """The record's actions: the game's own rules applied each, refusing any that is
        not exactly one of its actions, so they are its actions."""
        return cast(list[A], game.actions)

    def judged_alone(self, game: Replayed, index: int) -> bool:
        """Whether action ``index`` is a decision of its own: a game whose decision takes
        several actions (Contract Sabacc's aside, chosen whole and set aside card by card)
        judges it at its first action and says no to the others."""
        return True

    # --- the GameReview protocol -----------------------------------------------------------

    def hands(self, game: Replayed) -> list[int]:
        """The hands the record's actions are in (the first hand if it has none)."""
        states = self.states(game)
        return sorted({self.hand_of(state) for state in states[: len(game.actions)] or states[:1]})

    def steps(self, game: Replayed, seat: int, hand: int | None) -> list[JsonDict]:
        """The seat's decisions, then the par of each hand whose play began."""
        steps: list[JsonDict] = []
        hands: list[int] = []
        for i, state in enumerate(self.states(game)[: len(game.actions)]):
            number = self.hand_of(state)
            if hand is not None and number != hand:
                continue
            if game.seats[i] == seat and self.judged_alone(game, i):
                steps.append({"type": "decision", "index": i})
            if self.played(state) and number not in hands:
                hands.append(number)
        steps.extend({"type": "par", "hand": number} for number in hands)
        return steps

    def step(
        self,
        game: Replayed,
        seat: int,
        step: JsonDict,
        level: str,
        seed: int | None,
        partial: JsonDict | None,
    ) -> StepResult:
        """Judge a decision or work out a hand's par (one call each)."""
        if step["type"] == "par":
            return StepResult(True, self.par(game, seat, int(step["hand"])))
        index = int(step["index"])
        state = self.states(game)[index]
        action = self.normal_action(game, index)
        view: V = rules_for(state["game"]).view(state, seat)
        # (the hint's seed for this view: the same search, the same sampled deals, so the
        # review never charges the hint's own choice)
        judged = self.judge(view, action, level, view_seed(view) if seed is None else seed)
        value = {"index": index, "action": action, "hand": self.hand_of(state), **judged}
        value["mark"] = mark_of(value, self.scale)
        return StepResult(True, value)

    def check(self, step: JsonDict, value: object, finished: bool, field: str) -> None:
        """A decision's value has the keys and a whole loss; a par is an object."""
        if not finished:
            raise MalformedError(field, "this step is never left half done")
        checked = expect_dict(value, field)
        if step["type"] == "par":
            return
        if sorted(checked) != sorted(DECISION_KEYS):
            raise MalformedError(field, "not a judged decision")
        expect_int(checked["index"], f"{field}.index", step["index"], step["index"])
        expect_int(checked["loss"], f"{field}.loss", 0)
        expect_str(checked["reason"], f"{field}.reason")
        expect_str(checked["mark"], f"{field}.mark", MARKS)

    def report(
        self,
        game: Replayed,
        seat: int,
        hand: int | None,
        steps: list[JsonDict],
        results: list[JsonDict],
    ) -> JsonDict:
        """The decisions, each hand's par and the summary."""
        decisions = [r for s, r in zip(steps, results, strict=True) if s["type"] == "decision"]
        pars = [
            self.par_beside(r, seat, sum(int(d["loss"]) for d in decisions
                                         if d["hand"] == r["hand"]))
            for s, r in zip(steps, results, strict=True)
            if s["type"] == "par"
        ]  # fmt: skip
        return {
            "game": game.states[0]["game"],
            "seat": seat,
            "hand": hand,
            "unit": self.unit,
            "decisions": decisions,
            "par": pars,
            "summary": self.summary(game, decisions),
        }

    def summary(self, game: Replayed, decisions: list[JsonDict]) -> JsonDict:
        """The total loss, the costliest decisions (their indices) and a sentence."""
        total = sum(int(d["loss"]) for d in decisions)
        # (the costly are those marked so: the marks and the summary never disagree)
        costly = sorted((d for d in decisions if d["mark"] in COSTLY),
                        key=lambda d: (-d["loss"], d["index"]))[:COSTLIEST]  # fmt: skip
        if not decisions:
            text = "You made no decision here."
        elif not total:
            text = "None of your decisions cost anything: each was as good as the best."
        elif not costly:
            text = (f"Each of your decisions was fine: together they cost "
                    f"{self.amount_words(total)}, by the estimate of many likely deals, "
                    "too little in each to call a mistake.")  # fmt: skip
        else:
            states = self.states(game)
            named = "; ".join(
                f"{self.action_words(states[d['index']], d['action'])}, costing "
                f"{self.amount_words(d['loss'])}"
                for d in costly
            )
            which = "the costliest was" if len(costly) == 1 else "the costliest were"
            text = (f"Your decisions cost {self.amount_words(total)} in all, by the estimate "
                    f"of many likely deals; {which} {named}.")  # fmt: skip
        return {
            "total_loss": total,
            "costliest": [d["index"] for d in costly],
            "decisions": len(decisions),
            "forced": sum(1 for d in decisions if d["choices"] == 1),
            "text": text,
        }
