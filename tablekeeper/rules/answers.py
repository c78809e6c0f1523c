"""The shapes of what the engine takes and answers (RULES.md §0), as types mypy checks.

At run time every one of them is a plain JSON dict (a `TypedDict` is only a type): `settle`, `replay`,
`table_rules`, `check_options` and `get_variant` answer exactly what RULES §0 documents, and the app,
which stores and sends these dicts as JSON, reads their keys through these types, so that a renamed key
fails `mypy`, not a page. Keys that the engine leaves out in some answers are `NotRequired`. A key
named `from` (a Python keyword) needs the functional syntax.

A variant's description (`VariantInfo`) is built in `Variant.describe` and read in many places:
a new capability is one more key in `VariantCapabilities`, here.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict


class Names(TypedDict):
    """A name (or any words) in both languages."""

    en: str
    zh: str


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


# -- what settling answers -----------------------------------------------------------------------------


class ProblemEntry(TypedDict):
    """Why a record (or a house-rule set) is refused: a stable code and the field at fault."""

    code: str
    field: str | None
    message: str
    # tiles, contradiction or value: the engine always says; a problem the app adds may not.
    kind: NotRequired[Literal["tiles", "contradiction", "value"]]
    contradiction: NotRequired[str]  # a contradiction's own id (errors.CONTRADICTIONS)
    facts: NotRequired[list[str]]  # the fields of the facts that contradict each other
    requirement: NotRequired[str]  # a win requirement the tiles fail
    params: NotRequired[dict[str, str]]


class ReasonFactor(TypedDict):
    """One factor of a product (`factors`, `after_cap`): an item and what it multiplies by; a counted item
    (flowers, kongs) says how many and what each adds, a tile item names its tile."""

    item: str
    factor: NotRequired[int]
    count: NotRequired[int]
    each: NotRequired[int]
    tile: NotRequired[str]
    seat: NotRequired[int]  # whose the item is (包庄: the seat that pays for it)


class ReasonPoints(TypedDict):
    """One item of a points sum (`points`): its points, or a count of it and what each is worth; qualified
    as a factor is (a tile, a seat)."""

    item: str
    points: NotRequired[int]
    count: NotRequired[int]
    each: NotRequired[int]
    tile: NotRequired[str]
    seat: NotRequired[int]


class ReasonStake(TypedDict):
    """One side bet of a stakes line (`stakes`): the item, whose it is (None: the table's), its value."""

    item: str
    seat: int | None
    value: int


class ProvenItem(TypedDict):
    """An item the winning tiles prove (`items` of a tiles_prove note), counted where it repeats."""

    item: str
    count: NotRequired[int]


# Every key a reason line's params may hold: which ones a line holds depends on its code (ledger.py lists
# the codes; tablekeeper/rules/README.md the params of each). Typed, so that a reader naming a key that no
# line has fails the type check. ("from" is a keyword, hence the functional form.)
ReasonParams = TypedDict(
    "ReasonParams",
    {
        "after_cap": list[ReasonFactor],
        "after_draw": bool,
        "amount": int,
        "base": int,
        "before_side_bets": int,
        "cap": int | None,
        "cap_scope": str,
        "carried_in": int,
        "carried_out": int,
        "combine": str,
        "count": int | None,
        "dealer": int,
        "dice": bool,
        "draws": int,
        "factors": list[ReasonFactor],
        "from": int | None,
        "instead_of": int | None,
        "item": str,
        "items": list[ProvenItem],
        "kept": bool,
        "method": str,
        "multiplier": int,
        "next_multiplier": int | None,
        "note": str,
        "owed": int,
        "owner": int | None,
        "paid": bool,
        "paid_in": int,
        "payee": int,
        "payer": int,
        "point_total": int,
        "points": list[ReasonPoints],
        "pot": int,
        "previous": int,
        "product": int,
        "raw": int,
        "readings": int | None,
        "reason": str,
        "seat": int | None,
        "share": int,
        "shares": int,
        "shares_reason": str | None,
        "side_bets": int,
        "stakes": list[ReasonStake],
        "streak": int,
        "tile": str | None,
        "total": int,
        "units": int,
        "used": int,
        "value": int,
        "waiting": int,
        "winner": int,
    },
    total=False,
)


class ReasonLine(TypedDict):
    """One line of why a seat pays what it pays (RULES §0.7): `code` + `params` are the data, `text` the English."""

    seat: int | None
    code: str
    amount: int | None
    params: ReasonParams
    text: str


WinnerFact = TypedDict("WinnerFact", {"seat": int, "method": str, "from": int | None, "gain": int})
KongFact = TypedDict("KongFact", {"seat": int, "kind": str, "tile": str | None, "from": int | None})


class SettleFacts(TypedDict):
    """What the engine settled about a hand, as the app stores it (instead of re-reading the record)."""

    result: str
    winners: list[WinnerFact]
    method: str | None  # the first winner's
    discarder: int | None  # the seat that dealt in (a discard or a robbed kong), else None
    kongs: list[KongFact]
    paid: bool


class SettleResult(TypedDict):
    ok: bool
    errors: list[ProblemEntry]  # empty when ok
    deltas: list[int]  # each seat's change, in seat order; all 0 when not ok
    pot_delta: int
    lines: list[ReasonLine]
    state: State  # the next hand's state; unchanged when not ok
    facts: SettleFacts | None  # None when not ok


class ReplayResult(TypedDict):
    ok: bool
    results: list[SettleResult]  # one per hand, up to the first that is not ok
    totals: list[int]
    pot: int
    state: State
    first_error: int | None


class OptionsCheck(TypedDict):
    ok: bool
    errors: list[ProblemEntry]


class TableRules(TypedDict):
    """The rules one table plays by (`table_rules`)."""

    ok: bool
    errors: list[ProblemEntry]
    options: HouseRules  # every option, resolved
    methods: list[str]
    several_winners: bool
    max_side_bet: int
    patterns: list[str]  # the ids of the patterns this table plays
    pattern_methods: dict[str, list[str]]  # each pattern's methods at this table
    excluded_pairs: list[list[str]]  # pairs of played patterns refused together (`patterns_exclusive`)
    counts: dict[str, int]  # each count the keeper enters, and its largest value at this table
    # The order a per-hand wild follows at this table, cycle by cycle (`Wilds.succession`), or None.
    wild_succession: list[list[str]] | None


class NextDeal(TypedDict):
    """Who deals after one plain outcome (`deal.next_deals`), and after the one after it."""

    dealer: int
    then: NotRequired[dict[str, NextDeal]]


# -- a variant's description (`get_variant`) -----------------------------------------------------------


class IntBounds(TypedDict):
    """A whole-number option's allowed values."""

    min: int | None
    max: int
    null: bool  # whether it may be empty (optional_int)


class OptionWords(TypedDict):
    """A house rule in a player's words (rule_words.py)."""

    label: Names
    plain: Names
    common: bool  # tables commonly change it (the start form shows it first)
    value_labels: dict[str, Names]  # by the value as JSON writes it ("true", "4", "null")


class OptionInfo(TypedDict):
    key: str
    default: OptionValue
    type: str  # bool, choice, int, optional_int, subset
    allowed: list[OptionValue] | IntBounds  # a bool's, a choice's or a subset's values; a number's bounds
    meaning: str
    # The option's words (`OptionWords`), where the variant gives them.
    label: NotRequired[Names]
    plain: NotRequired[Names]
    common: NotRequired[bool]
    value_labels: NotRequired[dict[str, Names]]


class OptionAliasInfo(TypedDict):
    key: str
    type: str
    option: str
    when_true: OptionValue


class PatternInfo(TypedDict):
    id: str
    name: Names
    value: str
    value_words: Names
    methods: list[str]
    excludes: list[str]
    repeatable: bool
    requires_option: str | None
    played_by_options: list[str]
    from_tiles: bool
    meaning: str
    meaning_words: Names


class PatternValue(TypedDict):
    """A pattern's value at one table, as settling it there gives it (`pattern_values`)."""

    factor: int | None  # the multiplier it brings, or None
    points: int | None  # the points it adds, or None
    each: bool  # the value is per count of a repeatable pattern
    words: Names  # "+2分 ×5", "每个×2"


class FactValue(TypedDict):
    """A fact item's value at one table, as settling plain hands there gives it (`fact_item_values`)."""

    factor: int | None  # its one multiplier, or None
    points: int | None  # its one addition, or None
    flat: int | None  # its one payment per payer at the table's base (the cap: its limit per payer), or None
    each: bool  # the value is per one of several (a kong, a drawn hand)
    figures: list[int]  # every figure the hands give it (several where they differ), or none
    words: Names  # "×2", "每个+2分", "每家付4", "倍数最多×32"; empty for an item named with no figure


class FactItemInfo(TypedDict):
    id: str
    name: Names
    value: str
    value_words: Names


class WildsInfo(TypedDict):
    kind: str  # treasure, wild
    name: Names
    holder: str  # ready_player, anyone
    drawn_only: bool
    widened_by: str | None
    face: str | None  # the tile wild in every hand (红中麻将's 7z), or None where it is named per hand
    turned_up: bool  # the record may name the tile turned up (`turned_up`): the wild is the face after it
    succession_option: str | None  # the house rule that picks the order the wild follows, if any


class CountInfo(TypedDict):
    """A number the keeper enters for a won hand (the record's `counts`), up to a house rule's value."""

    id: str
    name: Names
    meaning: Names
    max_option: str


class SeveralWinnersInfo(TypedDict):
    methods: list[str]
    option: str | None


class PresetInfo(TypedDict):
    """A city preset: a named bundle of house rules (the rule book first, with none), and the facts
    of a hand its tables do not play though the engine still accepts them (`NOT_PLAYED_FACTS`): the
    app leaves their pickers out for such a table."""

    id: str
    name: Names
    options: HouseRules
    source: str
    not_played: list[str]
    # The name the rule book (RULES §9.7) gives it, where the app's differs (沈阳·网络版 is the book's 沈阳·Rust服):
    # the rules page says both, so a keeper can find it in the book. Else the same as `name`.
    book_name: Names


# The names of a variant's ready values, kinds of kong and penalties: fact -> value -> names.
FactNames = dict[str, dict[str, Names]]


class VariantCapabilities(TypedDict):
    """What `Variant.describe` says of a variant: everything but the presets of its folder."""

    id: str
    name: Names
    default_base: int
    default_starting_points: int
    methods: list[str]
    method_options: dict[str, str]  # a method a bool house rule lets in -> that option
    max_winners: int
    several_winners: SeveralWinnersInfo | None
    tile_set: list[str]
    wilds: WildsInfo | None
    counts: list[CountInfo]
    dealer_rotation: str
    ready_values: list[str]
    kong_kinds: list[str]
    penalty_kinds: list[str]
    uses_flowers: bool
    uses_side_bets: bool
    uses_dice_double: bool
    uses_liable: bool
    uses_treasure: bool
    uses_pot: bool  # points can wait in a pot between hands
    options: list[OptionInfo]
    option_aliases: list[OptionAliasInfo]
    patterns: list[PatternInfo]
    fact_items: list[FactItemInfo]
    fact_names: FactNames
    notes: list[str]


class VariantInfo(VariantCapabilities):
    """A variant's description for the app (`get_variant`)."""

    presets: list[PresetInfo]


__all__ = [
    "CountInfo",
    "DealtHand",
    "FactItemInfo",
    "FactNames",
    "FactValue",
    "HouseRules",
    "IntBounds",
    "KongFact",
    "Names",
    "NextDeal",
    "OptionAliasInfo",
    "OptionInfo",
    "OptionValue",
    "OptionWords",
    "OptionsCheck",
    "PatternInfo",
    "PatternValue",
    "PresetInfo",
    "ProblemEntry",
    "ProvenItem",
    "ReasonFactor",
    "ReasonLine",
    "ReasonParams",
    "ReasonPoints",
    "ReasonStake",
    "Record",
    "RecordKong",
    "RecordPenalty",
    "RecordSeat",
    "RecordWin",
    "ReplayResult",
    "SettleFacts",
    "SettleResult",
    "SeveralWinnersInfo",
    "StartingState",
    "State",
    "TableRules",
    "VariantCapabilities",
    "VariantInfo",
    "WildsInfo",
    "WinnerFact",
    "WorkedExample",
]
