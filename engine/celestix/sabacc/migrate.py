"""States and views made by older engines, brought to this engine's shape once, at the
facade's edge (``GameRules.upgrade_state`` and ``upgrade_view``), so the rules, the
checks and the bots read one shape only.

What changed, by state version:

* Version 1 (before the ``stakes`` option, RULES.md 3.3): the options have no
  ``stakes``. *Ruling*: such a game was played when only the bidder staked, so it goes
  on as ``"bidder"``. Its ledger may name seats in two reasons ("matching stack for
  seat 2", "stake: guard, bid by seat 1"), which are written today without the number.
* Version 2: the options always name their ``stakes`` rule.

Views carry no version (they are made fresh from a state and never saved), but a view
made by an older engine may still reach the bots: its options get their ``stakes`` the
same way. Anything that is not a recognisable older state or view is passed on
untouched, for the checks to refuse in their own words.
"""

from __future__ import annotations

import re
from typing import Any

from celestix.sabacc.chips import BIDDER
from celestix.sabacc.state import STATE_VERSION
from celestix.shape import JsonDict

OLD_STAKES_RULE = BIDDER  # the rule of games made before the option existed

# Reasons version-1 engines wrote with seat numbers, and what they are written as now.
_OLD_STACK = re.compile(r"matching stack for seat \d+")
_OLD_CALL = re.compile(r"(stake: [^,]+), bid by seat (\d+)")


def current_reason(entry: JsonDict) -> str:
    """A ledger entry's reason as this engine writes it."""
    reason = entry.get("reason")
    if not isinstance(reason, str):
        return reason  # type: ignore[return-value]  # the ledger check names it
    if _OLD_STACK.fullmatch(reason):
        return "matching stack for a defender"
    old = _OLD_CALL.fullmatch(reason)
    if old:
        return old[1] if int(old[2]) == entry.get("seat") else f"{old[1]}, calling the bid"
    return reason


def _with_stakes(options: Any) -> Any:
    if type(options) is dict and "stakes" not in options:
        return {**options, "stakes": OLD_STAKES_RULE}
    return options


def upgrade_state(state: JsonDict) -> JsonDict:
    """``state`` in version 2's shape if it is a version-1 state, else ``state`` itself."""
    if type(state.get("version")) is not int or state["version"] != 1:
        return state
    out = dict(state, version=STATE_VERSION, options=_with_stakes(state.get("options")))
    ledger = state.get("ledger")
    if type(ledger) is list:
        out["ledger"] = [
            dict(entry, reason=current_reason(entry)) if type(entry) is dict else entry
            for entry in ledger
        ]
    return out


def upgrade_view(view: JsonDict) -> JsonDict:
    """``view`` with its options naming their ``stakes`` rule (old views lack it)."""
    options = _with_stakes(view.get("options"))
    return view if options is view.get("options") else dict(view, options=options)
