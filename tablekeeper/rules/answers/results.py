"""What settling answers (RULES.md §0.6, §0.7): the result of a hand or a session, the reasons as data, the
problems that refuse a record, and the rules one table plays by."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from .hand import HouseRules, State


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
