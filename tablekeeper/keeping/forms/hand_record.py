"""The hand record (RULES.md §0.2) the hand form's cleaned taps describe, and its inverse: the form's
initial values for a stored record. Facts left at their defaults are left out of the record."""

from __future__ import annotations

from tablekeeper.rules import Record, RecordWin, VariantInfo

from .hand_rows import SEATS, kong_initial, kongs, penalties, penalty_initial, seat_facts, seat_initial
from .values import FieldValues
from .winners import extra_wins, initial_for_extra_wins


def record_from_taps(data: FieldValues, info: VariantInfo, several_winners: bool) -> Record:
    """The record of a valid form's `cleaned_data`, for the variant `info` (`get_variant`)."""
    winner = data["winner"]
    record: Record = {"result": "win" if winner.isdigit() else winner}
    if winner.isdigit():
        method, _dash, source = (data.get("how") or "self_draw").partition("-")
        win: RecordWin = {"seat": int(winner), "method": method}
        if source:
            win["from"] = int(source)
        patterns: list[str] = []
        for pattern_id in data.get("patterns") or []:
            count = data.get(f"count_{pattern_id}") or 1
            patterns += [pattern_id] * count
        win["patterns"] = patterns
        if data.get("flowers"):
            win["flowers"] = data["flowers"]
        if data.get("tiles"):
            win["tiles"] = data["tiles"].strip()
        if data.get("liable") not in (None, ""):
            # 承包 belongs to the win it covers (RULES §0.2), for one winner too: one way to write it.
            win["liable"] = int(data["liable"])
        record["wins"] = [win]
        if several_winners and source:
            record["wins"] += extra_wins(data, info, method, source)
        # What the keeper counted for the win (RULES §0.2 `counts`, as the variant declares them); 0 is left out.
        counts = {spec["id"]: data.get(f"counts_{spec['id']}") for spec in info.get("counts") or []}
        if any(counts.values()):
            record["counts"] = {count_id: value for count_id, value in counts.items() if value}
    seats = seat_facts(data)
    if any(seats):
        record["seats"] = seats
    if found := kongs(data):
        record["kongs"] = found
    charged = penalties(data)
    if winner == "void" and data.get("false_win_seat") not in (None, ""):
        charged.insert(0, {"kind": "false_win", "seat": int(data["false_win_seat"])})
    if charged:
        record["penalties"] = charged
    if data.get("dice_double"):
        record["dice_double"] = True
    if data.get("treasure"):
        record["treasure"] = data["treasure"].strip()
    if data.get("turned_up"):  # the form names the wild it makes at this table (HandForm._build_record)
        record["turned_up"] = data["turned_up"].strip()
    return record


def manual_adjustment_record(data: FieldValues, note: str) -> Record:
    """A refused hand as the keeper insists on it: a void hand whose only payment is the manual adjustment
    entered (none: nobody pays), with the keeper's note."""
    deltas = [data.get(f"adjust_{seat}") or 0 for seat in SEATS]
    return {"result": "void", "penalties": [{"kind": "adjustment", "deltas": deltas, "note": note}]}


def initial_from_record(record: Record) -> FieldValues:
    """The form's initial values for an existing hand, the inverse of `record_from_taps`."""
    initial: FieldValues = {"winner": record.get("result", "draw")}
    wins = record.get("wins") or []
    if wins:
        win = wins[0]
        initial["winner"] = str(win["seat"])
        initial["how"] = win["method"] if win.get("from") is None else f"{win['method']}-{win['from']}"
        patterns = list(win.get("patterns") or [])
        initial["patterns"] = list(dict.fromkeys(patterns))
        for pattern_id in initial["patterns"]:
            initial[f"count_{pattern_id}"] = patterns.count(pattern_id)
        initial["flowers"] = win.get("flowers") or None
        initial["tiles"] = win.get("tiles") or ""
        initial.update(initial_for_extra_wins(wins[1:]))
    initial.update(seat_initial(record.get("seats") or []))
    initial.update(kong_initial(record.get("kongs") or []))
    listed = list(record.get("penalties") or [])
    if record.get("result") == "void":
        # The void chip's "who" holds the first plain 诈胡; any other stays a row under "More".
        charged = next((p for p in listed if p.get("kind") == "false_win" and p.get("count") in (None, 1)), None)
        if charged is not None:
            initial["false_win_seat"] = str(charged.get("seat", ""))
            listed.remove(charged)
    initial.update(penalty_initial(listed))
    initial["dice_double"] = bool(record.get("dice_double"))
    # An older record names its one winner's liable player at the top level; the form puts it on the win.
    liable = wins[0].get("liable") if wins else None
    if liable is None:
        liable = record.get("liable")
    initial["liable"] = "" if liable is None else str(liable)
    initial["treasure"] = record.get("treasure") or ""
    initial["turned_up"] = record.get("turned_up") or ""
    initial.update({f"counts_{count_id}": value for count_id, value in (record.get("counts") or {}).items()})
    return initial
