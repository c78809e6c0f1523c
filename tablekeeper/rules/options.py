"""House-rule options: their declaration in a variant and their validation."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .answers import IntBounds, OptionAliasInfo, OptionInfo, OptionValue
from .errors import INVALID_OPTION, UNKNOWN_OPTION, Problem, Rejected

# The most any whole-number house rule may be when its variant declares no maximum: far above
# any table's base or points, low enough that products of them stay small integers.
INT_OPTION_LIMIT = 1_000_000


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house rule. `kind` is bool, choice, int, optional_int (int or null) or subset."""

    key: str
    default: Any
    kind: str
    meaning: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> str | None:
        """Return why `value` is not allowed, or None when it is."""
        if self.kind == "bool":
            return None if isinstance(value, bool) else "must be true or false"
        if self.kind == "choice":
            # The same value of the same type: true is not 1, nor 1.0 the whole number 1.
            chosen = any(value == choice and type(value) is type(choice) for choice in self.choices)
            return None if chosen else f"must be one of {', '.join(map(str, self.choices))}"
        if self.kind == "subset":
            if not isinstance(value, list | tuple) or any(v not in self.choices for v in value):
                return f"must be a list drawn from {', '.join(map(str, self.choices))}"
            return None if len(set(value)) == len(value) else "must not repeat an item"
        if self.kind == "optional_int" and value is None:
            return None
        if self.kind in ("int", "optional_int"):
            if not isinstance(value, int) or isinstance(value, bool):
                return "must be a whole number" + (" or null" if self.kind == "optional_int" else "")
            if self.minimum is not None and value < self.minimum:
                return f"must be at least {self.minimum}"
            if value > self.upper_bound:
                return f"must be at most {self.upper_bound}"
            return None
        raise ValueError(f"unknown option kind {self.kind}")

    @property
    def upper_bound(self) -> int:
        return INT_OPTION_LIMIT if self.maximum is None else self.maximum

    def describe(self) -> OptionInfo:
        allowed: list[OptionValue] | IntBounds
        if self.kind == "bool":
            allowed = [False, True]
        elif self.kind in ("choice", "subset"):
            allowed = list(self.choices)
        else:
            allowed = {"min": self.minimum, "max": self.upper_bound, "null": self.kind == "optional_int"}
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        return {
            "key": self.key,
            "default": default,
            "type": self.kind,
            "allowed": allowed,
            "meaning": self.meaning,
        }


@dataclass(frozen=True, slots=True)
class OptionAlias:
    """Another name for one value of an option, kept so that stored sessions that used it score the same.

    The alias is a bool: true means `option` takes `value`; false leaves `option` as it is.
    """

    key: str
    option: str
    value: Any

    def describe(self) -> OptionAliasInfo:
        return {"key": self.key, "type": "bool", "option": self.option, "when_true": self.value}


def base_option(default: int, meaning: str, *, choices: tuple[int, ...] = ()) -> OptionSpec:
    """The base score, which every variant declares first among its options (RULES.md §0.6): any whole number
    from 1, or, with `choices`, one of those set values (a table that plays for 1, 2 or 5: `choices=(1, 2, 5)`)."""
    if choices:
        if default not in choices or any(isinstance(c, bool) or not isinstance(c, int) or c < 1 for c in choices):
            raise ValueError(f"a base's choices are whole numbers from 1 that hold its default {default}")
        return OptionSpec("base", default, "choice", meaning, choices=tuple(choices))
    return OptionSpec("base", default, "int", meaning, minimum=1)


class Options(Mapping[str, Any]):
    """A variant's options resolved against its defaults; read-only."""

    def __init__(self, values: dict[str, Any]) -> None:
        self._values = values

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Options({self._values!r})"


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, Any] | None, aliases: tuple[OptionAlias, ...] = ()
) -> Options:
    """Merge `given` over the defaults; reject an unknown key or a value the option does not allow.

    An alias set to true sets its option after every other key, so it wins as it did when it was
    an option of its own ("either one turns it on").
    """
    by_key = {spec.key: spec for spec in specs}
    values = {spec.key: spec.default for spec in specs}
    if given is None:
        return Options(values)
    if not isinstance(given, Mapping):
        raise Rejected(Problem(INVALID_OPTION, "options", "Options must be an object of key: value."))
    problems: list[Problem] = []
    by_alias = {alias.key: alias for alias in aliases}
    aliased: list[OptionAlias] = []
    for key, value in given.items():
        spec = by_key.get(key)
        alias = by_alias.get(key)
        if alias is not None:
            if not isinstance(value, bool):
                problems.append(Problem(INVALID_OPTION, f"options.{key}", f"Option '{key}' must be true or false."))
            elif value:
                aliased.append(alias)
            continue
        if spec is None:
            problems.append(Problem(UNKNOWN_OPTION, f"options.{key}", f"This variant has no option '{key}'."))
            continue
        why = spec.check(value)
        if why:
            problems.append(Problem(INVALID_OPTION, f"options.{key}", f"Option '{key}' {why}."))
            continue
        values[key] = tuple(value) if spec.kind == "subset" else value
    for alias in aliased:
        values[alias.option] = alias.value
    if problems:
        raise Rejected(problems)
    return Options(values)
