"""The legal actions of the seat to act, worked out from its view alone.

The rules' own function (:func:`celestix.sabacc.legal.view_moves`) reads only what the
seat can see, so a bot's choices and the engine's ``legal_actions`` always agree.
"""

from __future__ import annotations

from celestix.bots.levels import refusing
from celestix.sabacc.legal import view_moves

# The view's legal actions; a view that allows none cannot be played from.
legal_or_refuse = refusing(view_moves)
