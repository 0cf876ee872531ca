"""Hints for the patience: the level's advice, with reasons a person can read.

``hint(view, level, seed)`` returns ``{"action", "reason", "alternatives"}``. The action
is the one :func:`celestix.patience.bots.choose` plays with the same level and seed
(``random`` and ``easy`` hint as ``normal``). ``alternatives`` lists every legal move,
the recommended one first, each with ``value`` and ``reason``; moves after it whose
reasons read alike but for the move are said in one line (``"...: it won none of 8 games
played on from here; likewise building it on the Queen foundation and leaving it on the
waste and dealing."``), under the first.

``value`` is the estimated chance of winning after the move, **in percent** (a whole
number, as every value crossing the facade): during the first pass, the share of
sampled stocks (random orders of the cards not yet seen) on which the solver wins
after that move; from the second pass on, when the player has seen the whole stock,
the solver's verdict on the real order: 100 (a winning line exists), 0 (lost) or 50
(the search ran out of budget first). Hints use only the view, like the bots.
"""

from __future__ import annotations

from celestix.bots.chances import merge_alike
from celestix.patience.bots import EFFORT, Choice, evaluate, view_moves
from celestix.patience.cards import FOUNDATION_SIZE, card_name, foundation_name
from celestix.patience.flow import Move
from celestix.patience.solver import LOST, WON
from celestix.patience.view import View
from celestix.shape import JsonDict


def hint(view: View, level: str, seed: int) -> JsonDict:
    """The advice of ``level`` for this view."""
    effort = EFFORT.get(level, EFFORT["normal"])
    moves = view_moves(view)
    choices = evaluate(view, moves, effort, seed, every_move=True)
    best = choices[0]
    alternatives: list[JsonDict] = [
        {"action": c.move, "value": c.value, "reason": move_reason(view, c)} for c in choices
    ]
    # moves whose trials or verdicts read alike are said of together ("...: it won none;
    # likewise building it on the Queen foundation"); the page lists the moves other
    # than the hint's, whose own reason says how it fared (patience/advice.js)
    return {
        "action": best.move,
        "reason": recommendation(view, best, choices, len(moves)),
        "alternatives": merge_alike(
            alternatives,
            lambda k: _doing_it(view, choices[k].move),
            lambda k: [move_text(view, choices[k].move)],
            into_best=False,
        ),
    }


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def move_text(view: View, move: Move) -> str:
    """The move in words, e.g. ``"Build the 7 of Spades on the 7 foundation"``."""
    if move["type"] == "build":
        return f"Build the {card_name(view['waste'][-1])} on {foundation_name(move['to'])}"
    if move["type"] == "redeal":
        return "Redeal"
    if view["waste"] and any(m["type"] == "build" for m in view_moves(view)):
        return f"Leave the {card_name(view['waste'][-1])} on the waste and deal"
    return "Deal"


def move_reason(view: View, choice: Choice) -> str:
    """Why a move is worth its value, in a sentence."""
    text = move_text(view, choice.move)
    if choice.trials:
        return f"{text}: {_trial_games(choice)}."
    if choice.status == WON:
        return f"{text}: a way to win goes on from there."
    if choice.status == LOST:
        return f"{text}: every way of playing on from there loses."
    return f"{text}: there is no telling yet whether it wins."


def recommendation(view: View, best: Choice, choices: list[Choice], legal: int) -> str:
    """The reason given for the recommended move."""
    move = best.move
    if legal == 1:
        if move["type"] == "redeal":
            left = view["redeals_left"] - 1
            return (
                f"Redeal: the stock is out and the {len(view['waste'])} cards of the waste go "
                f"round again ({left} redeal{'s' if left != 1 else ''} left after this one)."
            )
        if view["waste"]:
            return "Deal: no foundation takes the top card of the waste."
        return "Deal: the waste is empty."
    text = move_text(view, move)
    if best.trials:
        tries = _tries_story(view, best, [c for c in choices[1:] if c.trials])
        return f"{text}: {tries} {PLAYS_THE_ODDS}"
    if best.status == WON:
        return f"{text}: {_line_story(view, best, text)}"
    if best.status == LOST:
        return f"{text}: no way to win is left; this builds the most cards."
    return (
        f"{text}: no way to win could be found from here; this starts the way that built "
        f"the most cards. {TRIES_SOME_WAYS}"
    )


# What the hint cannot know, said where it chooses without it (audit 7 F16: a newcomer who
# followed the hint on every move reached a dead end, and nothing had said it could)
PLAYS_THE_ODDS = (
    "The hint cannot see the face-down cards: it plays the odds, so a deal played its way "
    "can still end in a dead end."
)
TRIES_SOME_WAYS = (
    "The hint has seen the face-down cards go by, but it tries only some of the ways to "
    "play on, so it may miss a way to win that is left."
)


# A lead in the trial games of at most one game in this many is only a slight edge
SLIGHT_LEAD = 8


def _trial_games(choice: Choice) -> str:
    """How a move fared in the trial games, as a move's own line in the why list: ``"it
    won 3 of 8 games played on from here"``."""
    return f"it won {_times(choice.wins)} of {choice.trials} games played on from here"


def _times(wins: int) -> str:
    return "none" if wins == 0 else str(wins)


def _tries_story(view: View, best: Choice, rest: list[Choice]) -> str:
    """Why the recommended move, from the trial games: first what it means for the player
    (the best chance or a slightly better one, as good as another, or no move likely to
    win), then how the games went (audit 10: a hint that led with "in 8 trial games ...
    it won 4" read as statistics, not advice)."""
    tried = (f"Played on from here {best.trials} times, with the face-down cards "
             "shuffled at random each time")  # fmt: skip
    ties = [c for c in rest if c.wins == best.wins]
    if best.wins == 0:
        return (f"no move here is likely to win, and this one is as good as any. {tried}, "
                "none of the moves won a game.")  # fmt: skip
    won = f"{best.wins} of the {best.trials} games"
    if len(ties) == 1:
        return f"it is as good as {_doing(view, ties[0].move)}. {tried}, each won {won}."
    if ties:
        return (f"it is as good as {len(ties)} other moves, and none is better. {tried}, "
                f"each of them won {won}.")  # fmt: skip
    if rest:
        other = _doing(view, rest[0].move)
        # a lead of one game in eight is said as the small edge it is (audit 11: "the best
        # chance" on 3 of 8 games against 2 oversold it)
        slight = (best.wins - rest[0].wins) * SLIGHT_LEAD <= best.trials
        chance = ("a slightly better chance of winning than any other move" if slight
                  else "the best chance of winning")  # fmt: skip
        return (f"it gives {chance}. {tried}, it won {won}; {other} won "
                f"{_times(rest[0].wins)}.")  # fmt: skip
    return f"{_lower_first(tried)}, it won {won}."


def _doing(view: View, move: Move) -> str:
    """The move as something done, e.g. ``"building the 7 of Spades on the 7 foundation"``."""
    text = _lower_first(move_text(view, move))
    if text.startswith("leave "):
        return "leaving " + text.removeprefix("leave ").replace(" and deal", " and dealing")
    if text.startswith("build "):
        return "building " + text.removeprefix("build ")
    return text.removesuffix("deal") + "dealing"


def _doing_it(view: View, move: Move) -> str:
    """The move as something done to the waste's top card, named before: ``"building it
    on the 7 foundation"``, ``"leaving it on the waste and dealing"``."""
    text = _doing(view, move)
    return text.replace(f"the {card_name(view['waste'][-1])}", "it") if view["waste"] else text


def _line_story(view: View, best: Choice, text: str) -> str:
    """What the winning line does next, in a sentence that follows the move's ``text``."""
    move = best.move
    line = best.line or []
    if move["type"] == "deal" and view["waste"]:
        top = view["waste"][-1]
        later = _when_built(view, line)
        # "Leave the 4 of Hearts on the waste and deal" has named the card already
        card = "it" if text.startswith("Leave ") else f"the {card_name(top)}"
        if later is not None:
            k, pass_no = later
            when = "later in this pass" if pass_no == view["pass"] else f"in pass {pass_no}"
            return (
                f"the way to win builds {card} {when}, on {foundation_name(k)}, "
                "and keeps the cards under it in their order."
            )
        return f"the way to win needs {card} where it lies."
    if move["type"] == "build":
        k = move["to"]
        count = len(view["foundations"][k]) + 1
        if count == FOUNDATION_SIZE:
            return f"that completes {foundation_name(k)}; a way to win goes on from there."
        if line and line[0]["type"] == "build" and len(view["waste"]) > 1:
            under = view["waste"][-2]
            return (
                f"the {card_name(under)} under it follows at once, and a way to win goes "
                "on from there."
            )
        return "a way to win goes on from there."
    return "a way to win goes on from there."


def _when_built(view: View, line: list[Move]) -> tuple[int, int] | None:
    """Where and in which pass the line (played after a deal) builds today's top card.

    The card is followed by its depth in the waste; a redeal turns the waste over, so
    its place in the new stock is known too.
    """
    waste_depth: int | None = len(view["waste"]) - 1  # index in the waste
    stock_place: int | None = None  # index in the stock, top first
    waste = len(view["waste"]) + 1  # after the deal
    stock = view["stock_count"] - 1
    pass_no = view["pass"]
    for action in line:
        if action["type"] == "deal":
            if stock_place == 0:
                waste_depth, stock_place = waste, None
            elif stock_place is not None:
                stock_place -= 1
            waste += 1
            stock -= 1
        elif action["type"] == "redeal":
            if waste_depth is not None:
                stock_place, waste_depth = waste_depth, None
            stock, waste = waste, 0
            pass_no += 1
        else:
            waste -= 1
            if waste_depth is not None and waste_depth == waste:
                return int(action["to"]), pass_no
    return None
