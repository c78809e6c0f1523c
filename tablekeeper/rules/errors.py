"""Stable error codes for records the engine cannot score.

The engine never lets bad input escape as an exception: `settle` and `replay` catch
`Rejected` and report its problems as plain data. The codes are part of the public
interface (the web app maps them to form fields), so never rename one.
"""

from __future__ import annotations

from dataclasses import dataclass

# Shape of the record or its values.
UNKNOWN_VARIANT = "unknown_variant"
UNKNOWN_FIELD = "unknown_field"
MISSING_FIELD = "missing_field"
INVALID_TYPE = "invalid_type"
INVALID_VALUE = "invalid_value"
SEAT_OUT_OF_RANGE = "seat_out_of_range"
INVALID_STATE = "invalid_state"
UNKNOWN_OPTION = "unknown_option"
INVALID_OPTION = "invalid_option"

# Who won, how, and from whom.
NO_WINNER = "no_winner"
WINS_WITHOUT_WIN = "wins_without_win"
DUPLICATE_WINNER = "duplicate_winner"
MULTIPLE_WINNERS_NOT_ALLOWED = "multiple_winners_not_allowed"
WINNERS_DISAGREE = "winners_disagree"
METHOD_NOT_ALLOWED = "method_not_allowed"
MISSING_FROM = "missing_from"
SELF_FROM = "self_from"
FROM_NOT_ALLOWED = "from_not_allowed"

# Patterns.
UNKNOWN_PATTERN = "unknown_pattern"
PATTERN_REPEATED = "pattern_repeated"
PATTERNS_EXCLUSIVE = "patterns_exclusive"
PATTERN_METHOD_CONFLICT = "pattern_method_conflict"
PATTERN_NOT_ALLOWED = "pattern_not_allowed"
PATTERN_CONTRADICTS_TILES = "pattern_contradicts_tiles"

# Facts that this variant has no use for, or that contradict each other.
FACT_NOT_IN_VARIANT = "fact_not_in_variant"
PENALTY_NOT_ALLOWED = "penalty_not_allowed"
ADJUSTMENT_NOT_ZERO_SUM = "adjustment_not_zero_sum"
CONTRADICTORY_FACTS = "contradictory_facts"

# Tiles (§0.3).
TILES_NOTATION = "tiles_notation"
TILES_NOT_IN_SET = "tiles_not_in_set"
TILES_COUNT = "tiles_count"
TILES_NOT_A_WIN = "tiles_not_a_win"
WIN_REQUIREMENT = "win_requirement"


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a record was rejected: a stable code, the field at fault, and words for a player."""

    code: str
    field: str | None
    message: str

    def as_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "field": self.field, "message": self.message}


class Rejected(Exception):
    """Raised inside the engine when a record cannot be scored; never escapes `settle`/`replay`."""

    def __init__(self, problems: list[Problem] | Problem) -> None:
        self.problems = problems if isinstance(problems, list) else [problems]
        super().__init__("; ".join(p.message for p in self.problems))


def reject(code: str, field: str | None, message: str) -> Rejected:
    """Build a `Rejected` for one problem, for `raise reject(...)`."""
    return Rejected(Problem(code, field, message))
