"""How the hints of every game say a sampled figure: a rounded percentage, or, where a
player should take it in at a glance (a hint's headline), a few plain words; and their
"Why?" lists, which say each thing once (:func:`merge_alike`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from celestix.bots.budget import rounded
from celestix.shape import JsonDict


def percent(part: int, whole: int) -> int:
    """``part`` out of ``whole`` as a rounded percentage (0 of nothing is 0)."""
    return rounded(100 * part, max(1, whole))


def how_often(part: int, whole: int) -> str:
    """``part`` out of ``whole`` in words, e.g. ``"about half the time"``."""
    share = percent(part, whole)
    if share < 15:
        return "rarely"
    if share < 38:
        return "about one time in four"
    if share < 62:
        return "about half the time"
    if share < 88:
        return "about three times in four"
    return "almost always"


def merge_alike(
    alternatives: list[JsonDict],
    name: Callable[[int], str],
    own: Callable[[int], list[str]] = lambda k: [],
    *,
    into_best: bool = True,
) -> list[JsonDict]:
    """A hint's alternatives with no two reasons alike: a later one whose reason says what
    an earlier one says, once the words that name each one's own action are taken out
    (``own(k)``: the ``k``-th one's card, melds or move, as its reason writes them), goes
    into it (``"Made rarely; ...; likewise a Push"``, ``"The 9 of Void does what the 4 of
    Void does, but ...; likewise the 6 of Void and the 8 of Void"``), so that the "Why?"
    list never says one thing twice. ``name(k)`` words the ``k``-th action in that list.
    The first (the recommended action, as every hint lists it) stays first; it takes
    alike ones in when the why list shows its line (``into_best``: the trick games' pages,
    ui/advice.js alternativeLines), not when it does not (the patience's lists the others)."""
    kept: list[JsonDict] = []
    gists: list[str] = []
    alike: dict[int, list[str]] = {}
    for k, alternative in enumerate(alternatives):
        gist = _gist(str(alternative["reason"]), own(k))
        same = next((j for j in range(len(kept)) if gists[j] == gist and (into_best or j)), None)
        if same is None or k == 0:
            kept.append(dict(alternative))
            gists.append(gist)
        else:
            alike.setdefault(same, []).append(name(k))
    for j, names in alike.items():
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        reason = str(kept[j]["reason"])
        stop = "." if reason.endswith(".") else ""
        kept[j]["reason"] = f"{reason.removesuffix(stop)}; likewise {listed}{stop}"
    return kept


def _gist(reason: str, names: list[str]) -> str:
    """What a reason says with its own action's ``names`` taken out (at a sentence's
    start too, where a name takes a capital), in lower case and single spaces."""
    for own in sorted(names, key=len, reverse=True):
        if own:
            pattern = (
                f"[{re.escape(own[0].upper())}{re.escape(own[0].lower())}]{re.escape(own[1:])}"
            )
            reason = re.sub(pattern + r"(?![\w-])", "#", reason)
    return " ".join(reason.lower().split())
