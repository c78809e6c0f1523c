"""A hand as the app hands it to the engine: its record (RULES.md §0.2), the table state it is dealt in
(§0.5) and the house rules, each a plain JSON dict at run time."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

# A house rule's value as JSON holds it: which of these depends on the option's `type` (bool, choice,
# int, optional_int, subset), so a reader knows it from the option it reads.
OptionValue = bool | int | str | list[str] | None
HouseRules = dict[str, OptionValue]

# -- the hand record (RULES §0.2): what the scorekeeper saw, the engine's input --------------------------

RecordWin = TypedDict(
    "RecordWin",
    {
        "seat": int,
        "method": str,  # self_draw, discard, rob_kong
        "from": NotRequired[int | None],  # the discarder, or whose kong was robbed; absent for a self-draw
        "patterns": NotRequired[list[str]],  # a repeated id counts twice
        "flowers": NotRequired[int],
        "tiles": NotRequired[str | None],
        "liable": NotRequired[int | None],
    },
)


class RecordSeat(TypedDict, total=False):
    """One seat's facts; a fact left out takes its default (not ready, opened, no side bet)."""

    ready: str
    opened: bool
    side_bet: int


RecordKong = TypedDict(
    "RecordKong",
    {
        "seat": int,
        "kind": str,  # exposed, added, concealed, dragon_set, wind_set
        "tile": NotRequired[str | None],
        "from": NotRequired[int | None],
    },
)


class RecordPenalty(TypedDict):
    kind: str  # false_win, four_same_discards, revealed_tiles, adjustment
    seat: NotRequired[int | None]
    count: NotRequired[int]
    deltas: NotRequired[list[int]]  # an adjustment's zero-sum transfer, in seat order
    note: NotRequired[str]


class Record(TypedDict):
    """A hand record: the facts, never the points."""

    result: str  # win, draw, void
    wins: NotRequired[list[RecordWin]]
    seats: NotRequired[list[RecordSeat | None]]
    kongs: NotRequired[list[RecordKong]]
    penalties: NotRequired[list[RecordPenalty]]
    dice_double: NotRequired[bool]
    liable: NotRequired[int | None]  # the older form of a single win's `liable`
    treasure: NotRequired[str | None]
    turned_up: NotRequired[str | None]  # the tile turned up, where the wild is the face after it
    counts: NotRequired[dict[str, int]]  # what the keeper counted (a variant's CountInfo ids)


# -- the table state (RULES §0.5) ----------------------------------------------------------------------


class State(TypedDict):
    """What carries from one hand to the next, as the engine answers it (every key present)."""

    dealer: int
    dealer_streak: int
    draw_streak: int
    pending_doubles: int
    pot: int
    previous: str | None
    hand: int


# The same keys twice, on purpose: a TypedDict cannot inherit a key and change whether it is required (mypy
# refuses both ways: "Field ... is required in base class", "... can be deleted in base class"), and a
# ReadOnly base would still redeclare each key. tests/rules/test_engine.py holds the two lists together.
class StartingState(TypedDict, total=False):
    """A table state as the app may give it: a missing key takes its zero value (a session's start: the dealer)."""

    dealer: int
    dealer_streak: int
    draw_streak: int
    pending_doubles: int
    pot: int
    previous: str | None
    hand: int


class DealtHand(TypedDict):
    """A hand record with the table it is dealt at (a variant folder's pictures and worked examples)."""

    hand: Record
    state: NotRequired[StartingState]
    options: NotRequired[HouseRules]


class WorkedExample(DealtHand):
    """One of the rule book's worked examples (a variant folder's examples.json)."""

    id: str
    variant: NotRequired[str]
    note: NotRequired[str]
    expect: NotRequired[dict[str, Any]]  # what settling it gives, as far as the example says (the tests compare it)
