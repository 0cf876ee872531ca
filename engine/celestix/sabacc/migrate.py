"""States, records and views made by older engines, brought to this engine's shape once,
at the facade's edge (``GameRules.upgrade_state``, ``upgrade_record`` and
``upgrade_view``), so the rules, the checks and the bots read one shape only.

What changed, by state version (a record's ``version`` is the state version of the
engine that wrote it):

* Version 1 (before the ``stakes`` option, RULES.md 3.3): the options have no
  ``stakes``. *Ruling*: such a game was played when only the bidder staked, so it goes
  on as ``"bidder"``. Its ledger named seats in two reasons ("matching stack for seat
  2", "stake: Guard, bid by seat 1").
* Version 2: the options always name their ``stakes`` rule; the ledger's reasons were
  labels ("stake: Guard, calling the bid", "defenders' share").
* Version 3: the ledger's reasons are sentences (sabacc/chips.py, settlement.py); the
  auction's phase was ``"bidding"``, and a stake's reason said "its stake" ("Whoever
  bids Guard puts its stake on the table.").
* Version 4: the auction's phase is ``"bid"``, Precedence's name for it, and a stake's
  reason says "their stake", as a player's.

Records hold no phase, so only version 1's need reading. Views carry no version (they
are made fresh from a state and never saved), but a view made by an older engine may
still reach the bots (a host's, on a friend's page): its options get their ``stakes``
the same way, and its phase ``"bidding"`` is ``"bid"``. Anything that is not a
recognisable older state, record or view is passed on untouched, for the checks to
refuse in their own words.
"""

from __future__ import annotations

import re
from typing import Any

from celestix.sabacc.auction import BID_NAMES
from celestix.sabacc.chips import ANTE_REASON, BIDDER, STACK_REASON, stake_reason
from celestix.sabacc.settlement import (
    BONUS_NAMES,
    BONUS_REASONS,
    DIVIDED_REASON,
    LOST_REASON,
    REMAINDER_REASON,
    VOID_REASON,
    won_reason,
)
from celestix.sabacc.state import STATE_VERSION, Phase
from celestix.shape import JsonDict
from celestix.table.ledger import reworded

OLD_STAKES_RULE = BIDDER  # the rule of games made before the option existed
STAKES_VERSION = 2  # the first version whose options name their stakes rule
# the first version whose auction's phase is "bid" and whose stakes say "their stake"
BID_VERSION = 4
OLD_BID_PHASE = "bidding"  # the auction's phase before it

# Reasons of versions 1 to 3, as written today.
_OLD_WORDS = {
    "ante": ANTE_REASON,
    "matching stack for a defender": STACK_REASON,
    "defenders' share": LOST_REASON,
    "remainder of the wagers": REMAINDER_REASON,
    "wager returned: void round": VOID_REASON,
    "Ante Pot divided at game end": DIVIDED_REASON,
    **{f"bonus: {name}": BONUS_REASONS[bonus] for bonus, name in BONUS_NAMES.items()},
    **{f"won the {name}": won_reason(name) for name in BID_NAMES.values()},
    **{f"stake: {name}": stake_reason(name, True) for name in BID_NAMES.values()},
    **{f"stake: {name}, calling the bid": stake_reason(name, False) for name in BID_NAMES.values()},
    # version 3's
    **{
        f"Whoever bids {name} puts its stake on the table.": stake_reason(name, True)
        for name in BID_NAMES.values()
    },
    **{
        f"When {name} is bid, every player puts its stake on the table.": stake_reason(name, False)
        for name in BID_NAMES.values()
    },
}
# Version 1's reasons that named seats.
_OLD_STACK = re.compile(r"matching stack for seat \d+")
_OLD_CALL = re.compile(r"stake: ([^,]+), bid by seat (\d+)")


def current_reason(entry: JsonDict) -> str:
    """A ledger entry's reason as this engine writes it (an older engine's rewritten)."""
    reason = entry.get("reason")
    if not isinstance(reason, str):
        return reason  # type: ignore[return-value]  # the ledger check names it
    if _OLD_STACK.fullmatch(reason):
        return STACK_REASON
    old = _OLD_CALL.fullmatch(reason)
    if old and old[1] in BID_NAMES.values():
        return stake_reason(old[1], int(old[2]) == entry.get("seat"))
    return _OLD_WORDS.get(reason, reason)


def _with_stakes(options: Any) -> Any:
    if type(options) is dict and "stakes" not in options:
        return {**options, "stakes": OLD_STAKES_RULE}
    return options


def _with_phase(phase: object) -> object:
    return Phase.BID.value if phase == OLD_BID_PHASE else phase


def upgrade_state(state: JsonDict) -> JsonDict:
    """``state`` in this version's shape if an older engine made it, else ``state``."""
    version = state.get("version")
    if type(version) is not int or not 1 <= version < STATE_VERSION:
        return state
    out = dict(state, version=STATE_VERSION, phase=_with_phase(state.get("phase")))
    if version < BID_VERSION:  # (version 3's stakes said "its stake")
        out["ledger"] = reworded(state.get("ledger"), current_reason)
    if version < STAKES_VERSION:
        out["options"] = _with_stakes(state.get("options"))
    return out


def upgrade_record(record: JsonDict) -> JsonDict:
    """``record`` as this engine replays it: a record an engine before the stakes option
    wrote (``version`` 1) names the rule it was played under when its options do not."""
    if record.get("version") != 1:
        return record
    options = record.get("options")
    return dict(record, options=_with_stakes({} if options is None else options))


def upgrade_view(view: JsonDict) -> JsonDict:
    """``view`` with its options naming their ``stakes`` rule (old views lack it) and the
    auction's phase called ``"bid"`` (old views call it ``"bidding"``)."""
    options = _with_stakes(view.get("options"))
    if options is not view.get("options"):
        view = dict(view, options=options)
    if view.get("phase") == OLD_BID_PHASE:
        view = dict(view, phase=Phase.BID.value)
    return view
