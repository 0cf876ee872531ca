"""States made by older engines, brought to this engine's shape once, at the facade's
edge (``GameRules.upgrade_state``), so the rules and the checks read one shape only.

What changed, by state version (a record's ``version`` is the state version of the
engine that wrote it; no record needs a change yet):

* Version 1: the ledger's reasons were labels ("meld wager: Triad", "trick credit: 3
  bid", "Accord Pot won: odd chip").
* Version 2: the ledger's reasons are sentences (precedence/pots.py).
"""

from __future__ import annotations

import re

from celestix.precedence.melds import KIND_NAMES
from celestix.precedence.pots import (
    ACCORD_POT,
    ACCORD_STAKE_REASON,
    ANTE_REASON,
    AT_END_REASONS,
    HAND_POT,
    HAND_POT_REASON,
    credit_reason,
    meld_reason,
)
from celestix.precedence.state import STATE_VERSION
from celestix.shape import JsonDict
from celestix.table.ledger import reworded

# Version 1's reasons, as written today.
_OLD_WORDS = {
    "Accord Pot stake": ACCORD_STAKE_REASON,
    "ante": ANTE_REASON,
    "Hand Pot won": HAND_POT_REASON,
    "Accord Pot won": AT_END_REASONS[ACCORD_POT][0],
    "Accord Pot won: odd chip": AT_END_REASONS[ACCORD_POT][1],
    "Hand Pot left at the end": AT_END_REASONS[HAND_POT][0],
    "Hand Pot left at the end: odd chip": AT_END_REASONS[HAND_POT][1],
}
_OLD_MELD = re.compile(r"meld wager: ((?:Run of \d+)|{})".format("|".join(KIND_NAMES.values())))
_OLD_CREDIT = re.compile(r"trick credit: (\d+) bid")


def current_reason(entry: JsonDict) -> str:
    """A ledger entry's reason as this engine writes it (an older engine's rewritten)."""
    reason = entry.get("reason")
    if not isinstance(reason, str):
        return reason  # type: ignore[return-value]  # the ledger check names it
    meld = _OLD_MELD.fullmatch(reason)
    if meld:
        return meld_reason(meld[1])
    credit = _OLD_CREDIT.fullmatch(reason)
    if credit:
        return credit_reason(int(credit[1]))
    return _OLD_WORDS.get(reason, reason)


def upgrade_state(state: JsonDict) -> JsonDict:
    """``state`` in this version's shape if an older engine made it, else ``state``."""
    version = state.get("version")
    if type(version) is not int or not 1 <= version < STATE_VERSION:
        return state
    return dict(state, version=STATE_VERSION, ledger=reworded(state.get("ledger"), current_reason))
