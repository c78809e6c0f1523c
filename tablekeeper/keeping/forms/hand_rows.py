"""The hand form's repeated rows: each seat's facts, the kongs and the penalties.

Each kind of row has the same four parts: the fields it adds to the form, the record part it
reads from the cleaned data, the initial values it gives back from a record, and what the
template draws for it. `HandForm` only puts them together, so that `to_record` and
`initial_from_record` read like the record's shape (RULES.md §0.2).
"""

from __future__ import annotations

from typing import Any, TypedDict

from django import forms

from tablekeeper.reading.reasons.fact_names import kong_kind_name, penalty_name, ready_name
from tablekeeper.rules import Record, RecordKong, RecordPenalty, RecordSeat, VariantInfo
from tablekeeper.rules.records import MAX_PENALTY_COUNT, MAX_SIDE_BET

from .values import FieldValues

SEATS = range(4)
KONG_ROWS = 4
PENALTY_ROWS = 2
SEAT_CHOICES = [(str(i), f"P{i}") for i in SEATS]
OPTIONAL_SEAT_CHOICES = [("", "—"), *SEAT_CHOICES]
# The kinds of kong claimed from a discard (an exposed kong, or the pung an added kong sits on):
# only they ask whose discard it was, and the engine refuses a `from` on any other.
KONG_KINDS_FROM_A_DISCARD = frozenset({"exposed", "added"})


class Chip(TypedDict):
    """One tappable choice of a row (a kind of kong, of penalty), as the template draws it."""

    value: str
    name: str
    checked: bool


def _chips(named: dict[str, str], chosen: str) -> list[Chip]:
    return [{"value": value, "name": name, "checked": value == chosen} for value, name in named.items()]


def _seat(value: Any) -> int | None:
    return None if value in (None, "") else int(value)


# Each seat's facts: closed (门清), ready (报听, 明楼, 暗楼) and the side bet (Zhengzhou's 下跑, Shandong's 漂).


def add_seat_fields(fields: dict[str, forms.Field], info: VariantInfo, max_side_bet: int) -> None:
    """`max_side_bet` is the table's (table_rules): 0 plays without side bets, so the form asks for none."""
    ready_choices = [(value, value) for value in info["ready_values"]]
    for seat in SEATS:
        fields[f"closed_{seat}"] = forms.BooleanField(required=False)
        fields[f"ready_{seat}"] = forms.ChoiceField(required=False, choices=ready_choices)
        if max_side_bet > 0:
            fields[f"side_bet_{seat}"] = forms.IntegerField(required=False, min_value=0, max_value=MAX_SIDE_BET)


def seat_facts(data: FieldValues) -> list[RecordSeat | None]:
    """The record's `seats`: only the facts that differ from the defaults (opened, not ready, no bet)."""
    seats: list[RecordSeat | None] = []
    for seat in SEATS:
        facts: RecordSeat = {}
        if data.get(f"closed_{seat}"):
            facts["opened"] = False
        if data.get(f"ready_{seat}") not in (None, "", "none"):
            facts["ready"] = data[f"ready_{seat}"]
        if data.get(f"side_bet_{seat}"):
            facts["side_bet"] = data[f"side_bet_{seat}"]
        seats.append(facts)
    return seats


def seat_initial(seats: list[RecordSeat | None]) -> FieldValues:
    initial: FieldValues = {}
    for seat, facts in enumerate(seats[:4]):
        facts = facts or {}
        initial[f"closed_{seat}"] = facts.get("opened") is False
        initial[f"ready_{seat}"] = facts.get("ready", "none")
        initial[f"side_bet_{seat}"] = facts.get("side_bet") or None
    return initial


def carried_side_bets(previous: Record | None) -> FieldValues:
    """下跑 stay as the table set them until someone changes theirs: the previous hand's bets."""
    seats = (previous.get("seats") if previous else None) or []
    return {f"side_bet_{seat}": (facts or {}).get("side_bet") or None for seat, facts in enumerate(seats[:4])}


def seat_rows(shown: FieldValues, info: VariantInfo, names: list[str]) -> list[dict[str, object]]:
    ready = [{"value": value, "name": ready_name(value, info)} for value in info["ready_values"] if value != "none"]
    return [
        {
            "index": seat,
            "index_text": str(seat),
            "name": names[seat] if seat < len(names) else f"P{seat}",
            "closed": shown.get(f"closed_{seat}") == "on",
            "ready": shown.get(f"ready_{seat}") or "none",
            "ready_choices": ready,
            "side_bet": shown.get(f"side_bet_{seat}") or "0",
            "adjust": shown.get(f"adjust_{seat}", ""),
        }
        for seat in SEATS
    ]


# Kongs: who, which kind, from whose discard (an exposed kong only), which tile.


def add_kong_fields(fields: dict[str, forms.Field], info: VariantInfo) -> None:
    kinds = [("", "—"), *[(kind, kind) for kind in info["kong_kinds"]]]
    for row in range(KONG_ROWS):
        fields[f"kong_seat_{row}"] = forms.ChoiceField(required=False, choices=OPTIONAL_SEAT_CHOICES)
        fields[f"kong_kind_{row}"] = forms.ChoiceField(required=False, choices=kinds)
        fields[f"kong_from_{row}"] = forms.ChoiceField(required=False, choices=OPTIONAL_SEAT_CHOICES)
        fields[f"kong_tile_{row}"] = forms.CharField(required=False, max_length=2)


def kongs(data: FieldValues) -> list[RecordKong]:
    """The record's `kongs`: every row with a seat and a kind; `from` only where the kind has one."""
    found = []
    for row in range(KONG_ROWS):
        seat, kind = _seat(data.get(f"kong_seat_{row}")), data.get(f"kong_kind_{row}")
        if seat is None or not kind:
            continue
        kong: RecordKong = {"seat": seat, "kind": kind}
        if data.get(f"kong_tile_{row}"):
            kong["tile"] = data[f"kong_tile_{row}"].strip()
        source = _seat(data.get(f"kong_from_{row}"))
        if source is not None and kind in KONG_KINDS_FROM_A_DISCARD:
            kong["from"] = source
        found.append(kong)
    return found


def kong_initial(kong_list: list[RecordKong]) -> FieldValues:
    initial: FieldValues = {}
    for row, kong in enumerate(kong_list[:KONG_ROWS]):
        initial[f"kong_seat_{row}"] = str(kong.get("seat", ""))
        initial[f"kong_kind_{row}"] = kong.get("kind", "")
        initial[f"kong_tile_{row}"] = kong.get("tile") or ""
        initial[f"kong_from_{row}"] = "" if kong.get("from") is None else str(kong["from"])
    return initial


def kong_rows(shown: FieldValues, info: VariantInfo) -> list[dict[str, object]]:
    ordered = sorted(info["kong_kinds"], key=lambda kind: KONG_KIND_ORDER.get(kind, len(KONG_KIND_ORDER)))
    named = {kind: kong_kind_name(kind, info) for kind in ordered}
    return [
        {
            "row": row,
            "row_text": str(row),
            "seat": shown.get(f"kong_seat_{row}", ""),
            "kind": shown.get(f"kong_kind_{row}", ""),
            "kinds": _chips(named, shown.get(f"kong_kind_{row}", "")),
            "tile": shown.get(f"kong_tile_{row}", ""),
            "from": shown.get(f"kong_from_{row}", ""),
        }
        for row in range(KONG_ROWS)
    ]


# The order a table names them in: the common kongs first, the special sets after.
KONG_KIND_ORDER = {"exposed": 0, "added": 1, "concealed": 2, "dragon_set": 3, "wind_set": 4}


# Penalties (诈胡, 四家同打, 露牌 …) and the manual zero-sum adjustment, which the record keeps
# among the penalties.


def add_penalty_fields(fields: dict[str, forms.Field], kinds: list[str]) -> None:
    choices = [("", "—"), *[(kind, kind) for kind in kinds]]
    for row in range(PENALTY_ROWS):
        fields[f"penalty_kind_{row}"] = forms.ChoiceField(required=False, choices=choices)
        fields[f"penalty_seat_{row}"] = forms.ChoiceField(required=False, choices=OPTIONAL_SEAT_CHOICES)
        fields[f"penalty_count_{row}"] = forms.IntegerField(required=False, min_value=1, max_value=MAX_PENALTY_COUNT)


def penalties(data: FieldValues) -> list[RecordPenalty]:
    found: list[RecordPenalty] = []
    for row in range(PENALTY_ROWS):
        kind, seat = data.get(f"penalty_kind_{row}"), _seat(data.get(f"penalty_seat_{row}"))
        if not kind or seat is None:
            continue
        penalty: RecordPenalty = {"kind": kind, "seat": seat}
        if data.get(f"penalty_count_{row}"):
            penalty["count"] = data[f"penalty_count_{row}"]
        found.append(penalty)
    adjust = [data.get(f"adjust_{seat}") or 0 for seat in SEATS]
    if any(adjust):
        found.append({"kind": "adjustment", "deltas": adjust, "note": data.get("adjust_note") or ""})
    return found


def penalty_initial(penalty_list: list[RecordPenalty]) -> FieldValues:
    initial: FieldValues = {}
    row = 0
    for penalty in penalty_list:
        if penalty.get("kind") == "adjustment":
            for seat, delta in enumerate(penalty.get("deltas") or []):
                initial[f"adjust_{seat}"] = delta or None
            initial["adjust_note"] = penalty.get("note", "")
        elif row < PENALTY_ROWS:
            initial[f"penalty_kind_{row}"] = penalty.get("kind", "")
            initial[f"penalty_seat_{row}"] = str(penalty.get("seat", ""))
            initial[f"penalty_count_{row}"] = penalty.get("count")
            row += 1
    return initial


def penalty_rows(shown: FieldValues, info: VariantInfo, kinds: list[str]) -> list[dict[str, object]]:
    named = {kind: penalty_name(kind, info) for kind in kinds}
    return [
        {
            "row": row,
            "row_text": str(row),
            "kind": shown.get(f"penalty_kind_{row}", ""),
            "kinds": _chips(named, shown.get(f"penalty_kind_{row}", "")),
            "seat": shown.get(f"penalty_seat_{row}", ""),
            "count": shown.get(f"penalty_count_{row}") or "1",
        }
        for row in range(PENALTY_ROWS)
    ]
