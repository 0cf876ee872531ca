"""The one exception family that crosses the facade.

``RulesError`` (a ``ValueError``) is the only exception :mod:`celestix.api` lets out
(PROTOCOL.md: "No other exception type escapes"). Two subclasses tell the two kinds of
bad input apart:

* :class:`MalformedError` -- the input does not have the required shape: an unknown
  game, an option of the wrong kind, a state that could not arise in play, an action
  that is not a well-formed action of that game.
* :class:`IllegalActionError` -- a well-formed action the rules do not allow now.

The third, :class:`InternalError`, is the one ``RulesError`` that is not about the
input: an engine fault, which the facade wraps so that the contract holds (a caller
catching ``RulesError`` still catches it). It is a bug; tests treat it as a failure.

Every input error names the field or the rule at fault, both in its message and in
``error.field`` / ``error.rule``, so a front end can point at it.
"""

from __future__ import annotations


class RulesError(ValueError):
    """What the facade raises: bad input (a :class:`MalformedError` or an
    :class:`IllegalActionError`, whose message names the field or rule at fault) or, as
    an :class:`InternalError`, an engine fault."""

    kind = "rules"

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule

    def to_json(self) -> dict[str, str | None]:
        """The error as the bridge sends it: ``{type, kind, message, field, rule}``."""
        return {
            "type": type(self).__name__,
            "kind": self.kind,
            "message": self.message,
            "field": self.field,
            "rule": self.rule,
        }


class MalformedError(RulesError):
    """Input that does not have the shape the facade requires (names the field)."""

    kind = "malformed"

    def __init__(self, field: str, problem: str):
        super().__init__(f"{field}: {problem}", field=field)


class IllegalActionError(RulesError):
    """A well-formed action that the rules forbid now (names the rule)."""

    kind = "illegal"

    def __init__(self, rule: str, explanation: str):
        super().__init__(explanation, rule=rule)


class InternalError(RulesError):
    """An engine fault met while handling input, not a fault of the input: the one
    ``RulesError`` that is a bug (never expected, always a bug report). It names no field
    or rule; its message names the call and the exception the engine raised."""

    kind = "internal"
