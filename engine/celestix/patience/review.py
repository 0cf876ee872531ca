"""The patience's review: the move after which a winnable deal could no longer be won.

The review reads the real stock (PROTOCOL.md: the patience's review may). Whether a
position can still be won only falls along a game (a move cannot make a lost deal
winnable), and only a move with a choice can lose a deal (a forced move is part of
every line). So the review looks for the last position, among the start and the
positions after each move with a choice, that the solver
(:func:`celestix.patience.solver.solve_state`) shows winnable, by halving the stretch
between what is known winnable and what is not, one solver call a step: about as many
calls as the number of choices takes to halve down to one. The move after it lost the
deal: *proved* when the solver shows the next position lost, *likely* when it finds no
winning line there within its budget (it can rarely prove a loss before the last pass).
The report gives that move, the winning move at that point and the solver's winning
line from there; or says that the deal was won, is still winnable, was never winnable,
or that the solver could not tell within its budget.

Decisions: every move of the record, ``loss`` in percent of a win (the hints' unit: 100
for a move that threw away a win the solver proves lost after it, 50 when the loss is
not proved, as the hints value an undecided position, 0 for every other move).
"""

from __future__ import annotations

from typing import ClassVar, cast

from celestix.patience.bots import Choice, view_moves
from celestix.patience.flow import Move
from celestix.patience.hints import move_text, recommendation
from celestix.patience.solver import DEFAULT_BUDGET, LOST, UNKNOWN, WON, solve_state
from celestix.patience.state import State
from celestix.patience.view import make_view
from celestix.review.game import StepResult
from celestix.review.marks import COSTLY, Scale, mark_of
from celestix.review.replayed import Replayed
from celestix.shape import JsonDict, expect_dict, expect_int, expect_keys, expect_list, expect_str

# Solver nodes for each call, by level (levels that do not search use normal's).
BUDGETS = {"normal": 20_000, "strong": DEFAULT_BUDGET}
STATUSES = (WON, LOST, UNKNOWN)
SEARCH_KEYS = ("probes", "along", "line", "nodes")
# Going back from a lost end, the search stops after this many positions (the start
# aside) the solver could not decide: further back, with more cards to place, it rarely
# can (a No King start: PatienceReview._next).
BACK_UNKNOWN = 2
# Each position the solver cannot decide costs its whole budget (about a second of
# CPython): the search stops after this many (the review's time, a median of 5 s).
MAX_UNKNOWN = 3
# Then the stretch between the last position not shown lost and the first shown lost is
# halved with a small budget: near a lost end the solver proves a loss in a few hundred
# nodes, and a position it cannot decide costs a tenth of a full call; at most this many
# of those.
LOST_BUDGET = 10_000
LOST_UNKNOWN = 3


def states_of(game: Replayed) -> list[State]:
    """The record's states: the patience's rules replayed it, so they are its states."""
    return cast(list[State], game.states)


def moves_of(game: Replayed) -> list[Move]:
    """The record's actions, each checked by the patience's rules as it was replayed."""
    return cast(list[Move], game.actions)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def checkpoints(game: Replayed) -> list[int]:
    """The positions whose winnability the search may ask (states' indices): the start,
    the position after each move that had a choice, and the end."""
    end = len(game.actions)
    points = [0]
    for i, state in enumerate(states_of(game)[:end]):
        if len(view_moves(make_view(state, 0))) > 1 and i + 1 < end:
            points.append(i + 1)
    if end:
        points.append(end)
    return points


def known(game: Replayed, search: JsonDict) -> dict[int, str]:
    """What is known of each position asked about (a game over and lost needs no asking),
    and of those a winning line showed winnable as the record went its way."""
    probes = {int(p): str(s) for p, s in search["probes"]}
    for p in search["along"]:
        probes[int(p)] = WON
    end = len(game.actions)
    if game.states[end]["phase"] == "lost":
        probes[end] = LOST
    return probes


def along_line(game: Replayed, points: list[int], start: int, line: list[Move]) -> int:
    """The last position a winning line from ``start`` shows winnable on the record's way:
    the line plays the record's moves as they were played up to its first other move, and
    every position it passes is winnable. Of those, the last the search may ask about
    (the moves after it up to the other move are forced)."""
    actions = moves_of(game)
    reach = start
    for move in line:
        if reach >= len(actions) or actions[reach] != move:
            break
        reach += 1
    return max(p for p in points if p <= reach)


class PatienceReview:
    """The review of the patience (the GameReview protocol)."""

    unit: ClassVar[str] = "percent"
    # the move where the deal was most likely lost: a mistake; surely lost: a blunder
    scale: ClassVar[Scale] = Scale(inaccuracy=50, mistake=50, blunder=100, best=False)

    def hands(self, game: Replayed) -> list[int]:
        return [0]

    def steps(self, game: Replayed, seat: int, hand: int | None) -> list[JsonDict]:
        return [{"type": "search"}]

    def check(self, step: JsonDict, value: object, finished: bool, field: str) -> None:
        checked = expect_dict(value, field)
        expect_keys(checked, field, SEARCH_KEYS)
        for i, probe in enumerate(expect_list(checked["probes"], f"{field}.probes")):
            pair = expect_list(probe, f"{field}.probes[{i}]", 2)
            expect_int(pair[0], f"{field}.probes[{i}][0]", 0)
            expect_str(pair[1], f"{field}.probes[{i}][1]", STATUSES)
        for i, point in enumerate(expect_list(checked["along"], f"{field}.along")):
            expect_int(point, f"{field}.along[{i}]", 0)
        expect_int(checked["nodes"], f"{field}.nodes", 0)
        if checked["line"] is not None:
            expect_list(checked["line"], f"{field}.line")

    # --- the search ----------------------------------------------------------------------

    def step(
        self,
        game: Replayed,
        seat: int,
        step: JsonDict,
        level: str,
        seed: int | None,
        partial: JsonDict | None,
    ) -> StepResult:
        """One solver call (or none, when what is known settles it)."""
        search = partial or {"probes": [], "along": [], "line": None, "nodes": 0}
        probes = known(game, search)
        points = checkpoints(game)
        where, left, small = self._next(game, points, probes)
        if where is None:
            return StepResult(True, search)
        budget = LOST_BUDGET if small else BUDGETS.get(level, BUDGETS["normal"])
        solution = solve_state(states_of(game)[where], budget)
        out = {
            "probes": [*search["probes"], [where, solution.status]],
            "along": search["along"],
            "line": search["line"],
            "nodes": search["nodes"] + solution.nodes,
        }
        probes[where] = solution.status
        if solution.status == WON and solution.line is not None:
            # the line shows winnable the positions it passes as the record went
            reach = along_line(game, points, where, solution.line)
            if reach > where and probes.get(reach) != WON:
                out["along"] = [*search["along"], reach]
                probes[reach] = WON
            if not any(p > reach and s == WON for p, s in probes.items()):
                # the winning line from the latest position shown winnable
                out["line"] = solution.line[reach - where :]
        after, left, _ = self._next(game, points, probes)
        return StepResult(after is None, out, left)

    def _next(
        self, game: Replayed, points: list[int], probes: dict[int, str]
    ) -> tuple[int | None, int, bool]:
        """The next position to ask about (None: the search is over), about how many
        calls are left after it, and whether to ask with the small budget.

        The end first, then back from a lost end at growing distances (1, 2, 4, ...
        positions with a choice) until one is shown winnable: near the end the solver
        decides quickly, where the start (a No King start above all) often has too
        many ways to go on for it to tell. Then the start, when nothing was shown
        winnable yet; then halving the stretch between the last position shown
        winnable and the first after it not shown winnable; last, with the small
        budget, halving the stretch between the last position not shown lost and the
        first shown lost.
        """
        end = len(game.actions)
        final = game.states[end]
        if final["phase"] == "won":
            return None, 0, False
        if final["phase"] == "play" and end not in probes:
            return end, 1 + len(points).bit_length(), False
        if probes.get(end) == WON or probes.get(0) == LOST:
            return None, 0, False
        back = self._back(points, probes)
        if back is not None:
            return points[back], len(points).bit_length(), False
        unknown = sum(1 for s in probes.values() if s == UNKNOWN)
        low, high = self._bracket(points, probes)
        if unknown < MAX_UNKNOWN:
            if low < 0 and 0 not in probes:
                return 0, len(points).bit_length(), False
            if high - low > 1:
                middle = (low + high) // 2
                return points[middle], (high - low).bit_length() - 1, False
        if unknown >= MAX_UNKNOWN + LOST_UNKNOWN:
            return None, 0, False
        lost = next((k for k, p in enumerate(points) if probes.get(p) == LOST), None)
        if lost is None:
            return None, 0, False
        last = max((k for k in range(lost) if points[k] in probes), default=-1)
        if lost - last <= 1 or last < 0:
            return None, 0, False
        middle = (last + lost) // 2
        return points[middle], (lost - last).bit_length() - 1, True

    @staticmethod
    def _back(points: list[int], probes: dict[int, str]) -> int | None:
        """The next position looked at going back from a lost end (an index into
        ``points``), or None: one was shown winnable, or the solver could not tell
        :data:`BACK_UNKNOWN` times (further back it rarely can)."""
        last = len(points) - 1
        if probes.get(points[last]) != LOST:
            return None
        if sum(1 for p in points[1:] if probes.get(p) == UNKNOWN) >= BACK_UNKNOWN:
            return None
        low, _ = PatienceReview._bracket(points, probes)
        lost = next(k for k, p in enumerate(points) if probes.get(p) == LOST)
        step = 1
        while last - step > max(low, 0):
            k = last - step
            if k < lost and points[k] not in probes:
                return k
            step *= 2
        return None

    @staticmethod
    def _bracket(points: list[int], probes: dict[int, str]) -> tuple[int, int]:
        """Indices into ``points``: the last shown winnable (-1: none) and the first after
        it not shown winnable (``len(points)``: the end of the game)."""
        low = max((k for k, p in enumerate(points) if probes.get(p) == WON), default=-1)
        high = next((k for k in range(low + 1, len(points))
                     if probes.get(points[k]) in (LOST, UNKNOWN)), len(points))  # fmt: skip
        return low, high

    # --- the report ----------------------------------------------------------------------

    def report(
        self,
        game: Replayed,
        seat: int,
        hand: int | None,
        steps: list[JsonDict],
        results: list[JsonDict],
    ) -> JsonDict:
        search = results[0] if results else {"probes": [], "along": [], "line": None, "nodes": 0}
        probes = known(game, search)
        outcome = self._outcome(game, checkpoints(game), probes, search)
        decisions = self._decisions(game, outcome)
        total = sum(int(d["loss"]) for d in decisions)
        costly = [d["index"] for d in decisions if d["mark"] in COSTLY]
        return {
            "game": "patience",
            "seat": seat,
            "hand": hand,
            "unit": self.unit,
            "decisions": decisions,
            "outcome": outcome,
            "summary": {
                "total_loss": total,
                "costliest": costly,
                "decisions": len(decisions),
                "forced": sum(1 for d in decisions if d["choices"] == 1),
                "text": outcome["text"],
            },
        }

    def _outcome(self, game: Replayed, points: list[int], probes: dict[int, str],
                 search: JsonDict) -> JsonDict:  # fmt: skip
        """Where the deal was lost, and how sure that is."""
        end = len(game.actions)
        out: JsonDict = {"status": "unknown", "index": None, "best": None, "line": None,
                         "proved": False, "probes": len(search["probes"]),
                         "nodes": search["nodes"]}  # fmt: skip
        if game.states[end]["phase"] == "won":
            return {**out, "status": "won", "proved": True, "text": "You won the deal."}
        if probes.get(end) == WON:
            return {**out, "status": "winnable", "proved": True, "line": search["line"],
                    "text": "The deal can still be won from where you stopped."}  # fmt: skip
        if probes.get(0) == LOST:
            return {**out, "status": "never_winnable", "proved": True,
                    "text": "This deal could not be won: every way of playing it loses, "
                    "from the start, so none of your moves lost it."}  # fmt: skip
        low, high = self._bracket(points, probes)
        lost = next((p for p in points if probes.get(p) == LOST), end)
        if high - low > 1 or low < 0:
            won = points[low] if low >= 0 else None
            return self._undecided(game, won, lost, search["line"] if won is not None else None,
                                   out)  # fmt: skip
        index = points[high] - 1
        proved = probes.get(points[high]) == LOST
        # the winning line from the last position shown winnable: the moves to the one
        # that lost the deal are forced, so the line plays them first
        line = (search["line"] or [])[index - points[low] :]
        view = make_view(states_of(game)[index], 0)
        played = move_text(view, moves_of(game)[index])
        better = move_text(view, line[0]) if line else None
        if proved:
            text = (f"The deal was lost at move {index + 1}: {_lower(played)}. Before it a "
                    f"way to win began: {_lower(better or '')}; after it every way of playing "
                    "loses.")  # fmt: skip
        else:
            text = (f"The deal was most likely lost at move {index + 1}: {_lower(played)}. "
                    f"Before it a way to win began: {_lower(better or '')}; after it no way to "
                    "win could be found.")  # fmt: skip
        status = "lost_at" if proved else "likely_lost_at"
        return {**out, "status": status, "index": index, "best": line[0] if line else None,
                "line": line, "proved": proved, "text": text}  # fmt: skip

    @staticmethod
    def _undecided(game: Replayed, won: int | None, lost: int, line: list[Move] | None,
                   out: JsonDict) -> JsonDict:  # fmt: skip
        """The move that lost the deal could not be found: what is known. ``won``: the
        last position shown winnable (None: none), with ``line``, a winning line from it;
        ``lost``: the first shown lost (the end, if none before it). The deal was lost at
        one of the choices between (``choices``, the moves' indices): the first of them
        is where the record left the line (``left_at``; ``best`` the line's move there,
        ``line`` the line from there)."""
        end = len(game.actions)
        states, moves = states_of(game), moves_of(game)
        cannot = ("even knowing the order of the face-down cards, there are too many ways "
                  "to play on to try them all.")  # fmt: skip
        first = won or 0
        choices = [i for i in range(first, lost)
                   if len(view_moves(make_view(states[i], 0))) > 1]  # fmt: skip
        known: JsonDict = {"won_until": won, "choices": choices, "left_at": None}
        if won is None:
            text = f"The review could not tell whether this deal could be won: {cannot}"
        else:
            left = choices[0] if choices else None
            went = ""
            if left is not None and line and left - won < len(line):
                # (the moves to it are forced: the line plays them, and the deal could
                # still be won before it)
                view = make_view(states[left], 0)
                better = line[left - won]
                known.update(won_until=left, left_at=left, best=better, line=line[left - won :])
                won = left
                chose = _lower(move_text(view, moves[left]))
                went = (f" At move {left + 1} you chose to {chose}; a way to win would "
                        f"{_lower(move_text(view, better))} instead.")  # fmt: skip
            text = ("The deal could be won from the start." if won == 0 else
                    f"The deal could still be won after move {won}.") + went  # fmt: skip
        if lost < end:
            index = lost - 1
            view = make_view(states[index], 0)
            played = _lower(move_text(view, moves[index]))
            text += (f" After move {lost} ({played}) it could not be won any more: every way "
                     "of playing on from there loses.")  # fmt: skip
            known["lost_from"] = lost
        if won is not None and choices:
            among = (f"your {len(choices)} choices from move {choices[0] + 1} to move "
                     f"{choices[-1] + 1}")  # fmt: skip
            text += f" It was lost at one of {among}, and the review could not tell which: {cannot}"
        return {**out, **known, "text": text}

    @staticmethod
    def _decisions(game: Replayed, outcome: JsonDict) -> list[JsonDict]:
        """Every move of the record with its loss and reason."""
        lost_at = outcome["index"]
        end = len(game.actions)
        out = []
        states = states_of(game)
        for i, action in enumerate(moves_of(game)):
            state = states[i]
            view = make_view(state, 0)
            legal = view_moves(view)
            loss, best = 0, action
            value: int | None = None
            if len(legal) == 1:
                reason = recommendation(view, Choice(action, 0), [], 1)  # (the mark: "Forced")
            elif lost_at is not None and i == lost_at:
                loss = 100 if outcome["proved"] else 50
                best = outcome["best"] or action
                reason = outcome["text"]
                value = 100 - loss
            elif (
                (lost_at is not None and i > lost_at)
                or outcome["status"] == "never_winnable"
                or i >= outcome.get("lost_from", end)
            ):
                reason = f"{move_text(view, action)}: the deal was already lost."
                value = 0
            elif (
                lost_at is not None
                or outcome["status"] in ("won", "winnable")
                or i < (outcome.get("won_until") or 0)
            ):
                reason = f"{move_text(view, action)}: the deal could still be won after it."
                value = 100
            elif i == outcome.get("left_at"):
                best = outcome["best"]
                reason = (f"{move_text(view, action)}: a way to win would "
                          f"{_lower(move_text(view, best))} here. After your move the review "
                          "could not tell whether the deal could still be won.")  # fmt: skip
            elif outcome.get("won_until") is not None and outcome.get("choices"):
                choices = outcome["choices"]
                reason = (f"{move_text(view, action)}: one of your choices from move "
                          f"{choices[0] + 1} to move {choices[-1] + 1}, at one of which the "
                          "deal was lost; the review could not tell whether it could still "
                          "be won after this one.")  # fmt: skip
            else:
                reason = (f"{move_text(view, action)}: the review could not tell whether the "
                          "deal could still be won after it.")  # fmt: skip
            # (the card the move concerns, for the summary: the waste's top card)
            waste = view["waste"]
            decision = {"index": i, "action": action, "best": best, "loss": loss,
                        "reason": reason, "hand": 0, "kind": str(action["type"]),
                        "choices": len(legal), "value": value,
                        "best_value": None if value is None else value + loss,
                        "card": waste[-1] if waste else None}  # fmt: skip
            decision["mark"] = mark_of(decision, PatienceReview.scale)
            out.append(decision)
        return out


REVIEW = PatienceReview()
