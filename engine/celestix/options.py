"""Table options: their description for ``games()`` and their validation.

Each game declares its options as :class:`OptionSpec` values. ``resolve`` turns the
options a caller gave (possibly none) into the complete, checked set stored in the
state, so a saved game always carries every option it was played with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from celestix.errors import MalformedError
from celestix.shape import expect_dict, expect_int, type_name

OptionValue = int | str


@dataclass(frozen=True)
class OptionSpec:
    """One table option.

    Either ``choices`` (the allowed values) or whole numbers from ``minimum`` to
    ``maximum`` (``None``: no upper bound). ``default_when`` makes the default depend
    on another option: ``("variant", {"frontier": 15})`` means "15 when variant is
    frontier, else ``default``". ``labels`` names choices in players' words (the
    values themselves are for code); ``help`` is written in players' words too.
    """

    name: str
    label: str
    help: str
    default: OptionValue
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    default_when: tuple[str, Mapping[OptionValue, OptionValue]] | None = field(default=None)
    labels: Mapping[OptionValue, str] | None = field(default=None)

    def describe(self) -> dict[str, Any]:
        """The option as ``games()`` lists it."""
        out: dict[str, Any] = {"label": self.label, "default": self.default, "help": self.help}
        if self.choices is not None:
            out["choices"] = list(self.choices)
            if self.labels is not None:
                out["labels"] = {str(choice): self.labels[choice] for choice in self.choices}
        else:
            out["min"] = self.minimum
            out["max"] = self.maximum
        if self.default_when is not None:
            other, table = self.default_when
            out["default_when"] = {"option": other, "values": dict(table)}
        return out

    def check(self, value: object, prefix: str = "options") -> OptionValue:
        """``value`` if it is allowed for this option (errors name ``prefix.name``)."""
        where = f"{prefix}.{self.name}"
        if self.choices is not None:
            for choice in self.choices:
                if type(choice) is type(value) and choice == value:
                    return choice
            allowed = ", ".join(repr(c) for c in self.choices)
            raise MalformedError(where, f"{value!r} is not allowed (choose {allowed})")
        return expect_int(value, where, self.minimum, self.maximum)

    def default_for(self, resolved: Mapping[str, OptionValue]) -> OptionValue:
        """The default, given the options resolved so far."""
        if self.default_when is not None:
            other, table = self.default_when
            return table.get(resolved[other], self.default)
        return self.default


def resolve(specs: tuple[OptionSpec, ...], given: object) -> dict[str, OptionValue]:
    """Every option of ``specs``: the given value, checked, or the default.

    Options with a ``default_when`` must come after the option they depend on.
    """
    if given is None:
        given = {}
    options = expect_dict(given, "options")
    known = {spec.name for spec in specs}
    for name in options:
        if name not in known:
            raise MalformedError(
                f"options.{name}", f"unknown option (known: {', '.join(sorted(known))})"
            )
    resolved: dict[str, OptionValue] = {}
    for spec in specs:
        if name_given(options, spec.name):
            resolved[spec.name] = spec.check(options[spec.name])
        else:
            resolved[spec.name] = spec.default_for(resolved)
    return resolved


def name_given(options: Mapping[str, object], name: str) -> bool:
    """Whether ``name`` was given (an explicit ``null`` counts as left out)."""
    return options.get(name) is not None


def check_resolved(
    specs: tuple[OptionSpec, ...], stored: object, field: str = "state.options"
) -> dict[str, OptionValue]:
    """The options stored in a state (or shown in a view): complete and each allowed."""
    options = expect_dict(stored, field)
    names = [spec.name for spec in specs]
    if sorted(options) != sorted(names):
        raise MalformedError(field, f"expected exactly the options {', '.join(names)}")
    for spec in specs:
        value = options[spec.name]
        if value is None:
            raise MalformedError(f"{field}.{spec.name}", f"got {type_name(value)}")
        spec.check(value, field)
    return options
