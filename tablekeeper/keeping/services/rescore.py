"""Settling the later hands again after a correction, and noting on each one what moved and why.

A correction (keeping/services/corrections.py `edit_hand`, `delete_hand`) reads the hands from the changed one on,
settles them again from the new table state, and stops as soon as the state comes back to what it
was stored as: from there only the running totals shift. Each later hand whose points move gets an
entry of its own in the trail (`note_rescored`), in one INSERT (one per 500 on PostgreSQL).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import F, Field
from django.db.models.expressions import CombinedExpression
from django.utils.translation import gettext as _

from tablekeeper.reading.corrected_hands import PointsChange, points_moved
from tablekeeper.rules import Record, SettleResult, settle

from ..models import Correction, GameSession, Round, SessionState, zero_totals
from .derived import (
    GAIN_COLUMNS,
    TOTAL_COLUMNS,
    ChangedColumns,
    add,
    derived_columns,
    the_connection,
    write_changed_rows,
)
from .outcomes import HandRejected, LaterChange, Refused

# A hand worth more than this many points is a typing accident, not mahjong; refusing it also keeps
# every stored number far inside a 64-bit column on PostgreSQL and printable without limits.
MAX_POINTS = 10**12


@dataclass(frozen=True)
class Running:
    """What a hand starts from: the table state, each seat's running total and the deal's passes so far."""

    state: SessionState
    totals: list[int]
    passes: int = 0


def check_magnitude(result: SettleResult, number: int | None = None) -> None:
    amounts = [*result["deltas"], result["pot_delta"], result["state"]["pot"]]
    if any(abs(amount) > MAX_POINTS for amount in amounts):
        raise Refused(
            HandRejected(
                [
                    {
                        "code": "points_out_of_range",
                        "field": None,
                        "message": _("This hand would move more than %(most)s points; check the numbers entered.")
                        % {"most": f"{MAX_POINTS:,}"},
                    }
                ],
                number=number,
            )
        )


# What a re-score reads of each later hand: everything it compares, but not the reasons (`lines`),
# the largest column, which are rewritten whenever a hand is settled again and read for nothing else.
_READS: tuple[str, ...] = ("pk", "key", "number", "record", "deltas", "pot_delta", "state_after", "result")
_READS += ("method", "discarder", "deal_passes", *GAIN_COLUMNS, *TOTAL_COLUMNS)
_FIRST_CHUNK = 250


def rows_from(session: GameSession, number: int) -> Iterator[dict[str, Any]]:
    """Hand `number` and the later hands, in order, read a chunk at a time: a re-score that settles
    down after a few hands never reads the rest of a long session, and one that does not settle
    reads it in a few statements (each chunk twice the one before), not one per 250 hands."""
    size = _FIRST_CHUNK
    while True:
        chunk = list(
            Round.objects.filter(session_id=session.pk, number__gte=number).order_by("number").values(*_READS)[:size]
        )
        yield from chunk
        if len(chunk) < size:
            return
        number = chunk[-1]["number"] + 1
        size *= 2


@dataclass(frozen=True)
class Moved:
    """A later hand whose points a correction moved: the trail entry it gets (`note_rescored`)."""

    key: uuid.UUID
    number: int
    points: PointsChange


# Trail entries per INSERT on PostgreSQL: well under its 65,535 parameters per statement.
_NOTES_PER_INSERT = 500
# What each note stores; the rest of a correction (its records before and after) stays NULL.
_NOTE_COLUMNS = ("session", "hand_key", "number", "action", "points", "cause", "who", "when")


def note_rescored(locked: GameSession, cause: Correction, moved: list[Moved], *, renumbered: bool = False) -> None:
    """Write, on each later hand whose points `cause` moved, what moved and why, in its own trail.

    `renumbered`: `cause` deleted a hand before them, so each now has the number before the one read.
    Written like the re-scored rows (derived.write_changed_rows): plain parameter rows, prepared by
    each field, not a model instance per note, which would cost a correction of hand 1 of a long
    session more than half of its replay again (one INSERT on SQLite, one per 500 on PostgreSQL)."""
    if not moved:
        return
    fields = {name: Correction._meta.get_field(name) for name in _NOTE_COLUMNS}
    database = the_connection()

    def prepared(name: str, value: object) -> Any:
        field = fields[name]
        assert isinstance(field, Field)
        return field.get_db_prep_save(value, database)

    # What every note shares is prepared once: the session, the kind, the cause, who and when.
    shared = {
        "session": prepared("session", locked.pk),
        "action": prepared("action", Correction.Action.RESCORED_BY),
        "cause": prepared("cause", cause.pk),
        "who": prepared("who", cause.who_id),
        "when": prepared("when", cause.when),
    }
    rows = [
        [
            shared["session"],
            prepared("hand_key", hand.key),
            hand.number - 1 if renumbered else hand.number,
            shared["action"],
            prepared("points", hand.points),
            shared["cause"],
            shared["who"],
            shared["when"],
        ]
        for hand in moved
    ]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(getattr(fields[name], "column", name))) for name in _NOTE_COLUMNS)
    one_row = f"({', '.join(['%s'] * len(_NOTE_COLUMNS))})"
    insert = f"INSERT INTO {quote(Correction._meta.db_table)} ({columns}) VALUES "
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for start in range(0, len(rows), _NOTES_PER_INSERT):
                chunk = rows[start : start + _NOTES_PER_INSERT]
                cursor.execute(insert + ", ".join([one_row] * len(chunk)), [value for row in chunk for value in row])
        else:
            cursor.executemany(insert + one_row, rows)


@dataclass
class Rescored:
    """What a correction writes: the changed columns of each hand settled again and, once the
    table state has come back to what it was, one shift of every later hand's running totals."""

    changes: list[tuple[int, ChangedColumns]]
    totals: list[int]
    state: SessionState
    shift_from: int | None = None
    shift: list[int] = field(default_factory=zero_totals)
    passes_shift: int = 0
    # The later hands (not the one corrected) whose payments or dealer come out differently.
    later: list[LaterChange] = field(default_factory=list)
    # The later hands whose points (a seat's or the pot's) come out differently, for their trails.
    moved: list[Moved] = field(default_factory=list)
    # The points of the hand given a new record (`replace`), before and after.
    replaced_points: PointsChange | None = None

    def apply(self, locked: GameSession, *, renumbered_after: int | None = None) -> None:
        if self.shift_from is not None and (any(self.shift) or self.passes_shift):
            number = self.shift_from
            if renumbered_after is not None:
                number -= 1  # the rows were renumbered after the re-score read them
            moved: dict[str, CombinedExpression] = {
                name: F(name) + by for name, by in zip(TOTAL_COLUMNS, self.shift, strict=True) if by
            }
            if self.passes_shift:
                moved["deal_passes"] = F("deal_passes") + self.passes_shift
            Round.objects.filter(session=locked, number__gte=number).update(**moved)
        write_changed_rows(self.changes)
        locked.totals = self.totals
        locked.state = self.state


def rescore(
    locked: GameSession,
    rows: Iterator[dict[str, Any]],
    before: Running,
    *,
    replace: tuple[int, Record] | None = None,
    stored_before: Running | None = None,
) -> Rescored:
    """Settle `rows` again from `before`, the new table before the first of them.

    `replace` gives one row (by pk) a new record. `stored_before` is the table the rows were stored
    after (when the hand before them is being deleted); by default the same as the new.
    Settling is a pure function of the record and the state before it, so as soon as an unchanged
    record meets the state it was stored after, it and every later hand keep their results and only
    their running totals (and the count of deal passes) move, by the same amount: a correction costs
    what it changed, not the session's length. Raises HandRejected (nothing is saved, thanks to the
    surrounding transaction) naming the first hand that the change makes invalid.
    """
    state, totals, passes = before.state, before.totals, before.passes
    old = stored_before if stored_before is not None else before
    old_state, old_totals, old_passes = old.state, old.totals, old.passes
    options = locked.engine_options()
    changes: list[tuple[int, ChangedColumns]] = []
    later: list[LaterChange] = []
    moved: list[Moved] = []
    replaced_points: PointsChange | None = None
    for row in rows:
        record = replace[1] if replace is not None and row["pk"] == replace[0] else row["record"]
        if record is row["record"] and state == old_state:
            shift = [new - old for new, old in zip(totals, old_totals, strict=True)]
            return Rescored(
                changes,
                add(locked.totals, shift),
                locked.state.copy(),
                row["number"],
                shift,
                passes - old_passes,
                later,
                moved,
                replaced_points,
            )
        scored = settle(locked.variant, record, state, options)
        if not scored["ok"]:
            raise Refused(HandRejected(scored["errors"], number=row["number"], record=record))
        check_magnitude(scored, row["number"])
        values = derived_columns(record, scored, totals, state_before=state, passes_before=passes)
        dealers = (_dealer(old_state, locked), _dealer(state, locked))
        if record is row["record"] and (values["deltas"] != row["deltas"] or dealers[0] != dealers[1]):
            later.append(LaterChange(row["number"], tuple(row["deltas"]), tuple(values["deltas"]), *dealers))
        points = PointsChange(
            before=list(row["deltas"]),
            after=list(values["deltas"]),
            pot_before=row["pot_delta"],
            pot_after=values["pot_delta"],
        )
        if record is not row["record"]:
            replaced_points = points
        elif points_moved(points):
            moved.append(Moved(row["key"], row["number"], points))
        changed: ChangedColumns = {
            name: value for name, value in values.items() if name == "lines" or row[name] != value
        }
        if record is not row["record"]:
            changed["record"] = record
        changes.append((row["pk"], changed))
        old_state, old_passes = row["state_after"], row["deal_passes"]
        old_totals = [row[name] for name in TOTAL_COLUMNS]
        state, totals, passes = scored["state"], [values[name] for name in TOTAL_COLUMNS], values["deal_passes"]
    return Rescored(changes, totals, state, later=later, moved=moved, replaced_points=replaced_points)


def _dealer(state: SessionState, session: GameSession) -> int:
    return state.get("dealer", session.first_dealer)
