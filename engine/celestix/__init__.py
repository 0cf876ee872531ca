"""Celestix card room: the rules engine.

The public facade is :mod:`celestix.api`; everything else is internal.
"""

__version__ = "0.1.0"
