"""The table state that carries from one hand to the next (RULES.md §0.5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .answers import State
from .errors import INVALID_STATE, UNKNOWN_FIELD, Problem, Rejected

RESULTS = ("win", "draw", "void")


@dataclass(frozen=True, slots=True)
class TableState:
    dealer: int = 0
    dealer_streak: int = 0
    draw_streak: int = 0
    pending_doubles: int = 0
    pot: int = 0
    previous: str | None = None
    hand: int = 1

    def as_dict(self) -> State:
        return {
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "draw_streak": self.draw_streak,
            "pending_doubles": self.pending_doubles,
            "pot": self.pot,
            "previous": self.previous,
            "hand": self.hand,
        }


_COUNTERS = ("dealer_streak", "draw_streak", "pending_doubles", "pot")


def parse_state(raw: Mapping[str, Any] | None) -> TableState:
    """Read a state dict; a missing key takes its zero value, anything malformed is rejected."""
    if raw is None:
        return TableState()
    if not isinstance(raw, Mapping):
        raise Rejected(Problem(INVALID_STATE, "state", "The table state must be an object."))
    problems: list[Problem] = []
    known = {f for f in TableState.__dataclass_fields__}
    for key in raw:
        if key not in known:
            problems.append(Problem(UNKNOWN_FIELD, f"state.{key}", f"The table state has no field '{key}'."))
    values: dict[str, Any] = {}
    dealer = raw.get("dealer", 0)
    if not _is_int(dealer) or not 0 <= dealer <= 3:
        problems.append(Problem(INVALID_STATE, "state.dealer", "The dealer must be a seat from 0 to 3."))
    else:
        values["dealer"] = dealer
    for key in _COUNTERS:
        value = raw.get(key, 0)
        if not _is_int(value) or value < 0:
            problems.append(Problem(INVALID_STATE, f"state.{key}", f"'{key}' must be a whole number, 0 or more."))
        else:
            values[key] = value
    hand = raw.get("hand", 1)
    if not _is_int(hand) or hand < 1:
        problems.append(Problem(INVALID_STATE, "state.hand", "The hand number must be a whole number, 1 or more."))
    else:
        values["hand"] = hand
    previous = raw.get("previous")
    if previous is not None and previous not in RESULTS:
        problems.append(
            Problem(INVALID_STATE, "state.previous", "The previous result must be win, draw, void or null.")
        )
    else:
        values["previous"] = previous
    if problems:
        raise Rejected(problems)
    return TableState(**values)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
