"""What a hand's row stores besides its record: the engine's result and the facts pages aggregate.

Every write of a hand (recording, the re-score after a correction, an import, the data migration)
goes through `derived_columns`, so a page can trust the columns as much as a replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field

from tablekeeper.rules import ReasonLine, Record, SettleResult, State

from ..models import Round

# The row's own names for its columns (the model owns them), read here by the services.
GAIN_COLUMNS = Round.GAIN_COLUMNS
TOTAL_COLUMNS = Round.TOTAL_COLUMNS
SEATS = range(len(TOTAL_COLUMNS))


class HandFactColumns(TypedDict):
    """The columns of what the engine settled about a hand (`hand_facts`)."""

    result: str
    method: str
    discarder: int | None
    gain_0: int | None
    gain_1: int | None
    gain_2: int | None
    gain_3: int | None


class DerivedColumns(HandFactColumns):
    """A hand row's derived columns (`derived_columns`), by column name."""

    deal_passes: int
    deltas: list[int]
    pot_delta: int
    lines: list[ReasonLine]
    state_after: State
    total_0: int
    total_1: int
    total_2: int
    total_3: int


def is_manual_adjustment(record: Record) -> bool:
    penalties = record.get("penalties") or []
    return (
        record.get("result") == "void"
        and bool(penalties)
        and all(penalty.get("kind") == "adjustment" for penalty in penalties)
    )


def add(totals: Sequence[int], deltas: Sequence[int], sign: int = 1) -> list[int]:
    return [total + sign * delta for total, delta in zip(totals, deltas, strict=True)]


def hand_facts(settled: SettleResult, record: Record) -> HandFactColumns:
    """The columns of what the engine settled (`settle`'s `facts`): how the hand ended, the first
    winner's method (or `manual` for a refused hand the keeper saved as a manual adjustment), the seat
    that dealt in (or whose kong was robbed) and each winner's gain."""
    facts = settled["facts"]
    assert facts is not None, "only a settled hand (ok) is stored"
    columns: HandFactColumns = {
        "result": facts["result"],
        "method": Round.MANUAL_ADJUSTMENT if is_manual_adjustment(record) else facts["method"] or "",
        "discarder": facts["discarder"],
        "gain_0": None,
        "gain_1": None,
        "gain_2": None,
        "gain_3": None,
    }
    for winner in facts["winners"]:
        columns[GAIN_COLUMNS[winner["seat"]]] = winner["gain"]
    return columns


def deal_passes_after(passes_before: int, state_before: Mapping[str, object], state_after: State) -> int:
    """How many times the deal has passed to another seat once this hand is over: the board's
    prevailing wind (风圈) advances every four passes where the deal goes round the table."""
    passed = state_after["dealer"] != state_before.get("dealer", 0)
    return passes_before + passed


def derived_columns(
    record: Record,
    scored: SettleResult,
    totals_before: Sequence[int],
    *,
    state_before: Mapping[str, object],
    passes_before: int,
) -> DerivedColumns:
    """A hand row's derived columns from the engine's `settle` result and the running figures before it
    (each seat's total, the table state and the deal's passes so far). Everything about the hand comes
    from `scored` (its `facts`); `record` is the hand the callers scored, not read again here."""
    total_0, total_1, total_2, total_3 = add(totals_before, scored["deltas"])
    return {
        "deal_passes": deal_passes_after(passes_before, state_before, scored["state"]),
        "deltas": list(scored["deltas"]),
        "pot_delta": scored["pot_delta"],
        "lines": scored["lines"],
        "state_after": scored["state"],
        "total_0": total_0,
        "total_1": total_1,
        "total_2": total_2,
        "total_3": total_3,
        **hand_facts(scored, record),
    }


def totals_of(values: DerivedColumns) -> list[int]:
    return [values[name] for name in TOTAL_COLUMNS]


# A hand row's changed columns, by column name: what a correction writes (`write_changed_rows`).
ChangedColumns = dict[str, object]


def write_changed_rows(changes: Sequence[tuple[int, ChangedColumns]]) -> int:
    """Write each row's changed columns, grouped by which columns changed. Returns the rows written.

    A correction usually changes the same few columns in every later hand, so each group is one
    statement over small parameter rows instead of bulk_update's CASE WHEN over every column of
    every row: on PostgreSQL one UPDATE ... FROM (VALUES ...) per chunk, on SQLite one prepared
    UPDATE run for every row (no round trip there, so that is as fast and simpler).
    """
    groups: dict[tuple[str, ...], list[tuple[int, ChangedColumns]]] = {}
    for pk, values in changes:
        if values:
            groups.setdefault(tuple(sorted(values)), []).append((pk, values))
    database = the_connection()
    with database.cursor() as cursor:
        for names, rows in groups.items():
            fields = [_field(name) for name in names]
            params = [
                [pk, *(field.get_db_prep_save(values[field.name], database) for field in fields)] for pk, values in rows
            ]
            if connection.vendor == "postgresql":
                for start in range(0, len(params), _VALUES_CHUNK):
                    chunk = params[start : start + _VALUES_CHUNK]
                    cursor.execute(
                        _update_from_values_sql(fields, len(chunk)), [value for row in chunk for value in row]
                    )
            else:
                cursor.executemany(_update_by_pk_sql(fields), [[*row[1:], row[0]] for row in params])
    return sum(len(rows) for rows in groups.values())


def the_connection() -> BaseDatabaseWrapper:
    """The default database's connection itself. `django.db.connection` is a proxy that looks it up
    again on every attribute read, and preparing a value reads several: thousands of look-ups when a
    correction rewrites every later hand of a long session."""
    return connections[DEFAULT_DB_ALIAS]


# Rows per UPDATE ... FROM (VALUES ...): well under PostgreSQL's 65,535 parameters per statement.
_VALUES_CHUNK = 500


def _update_by_pk_sql(fields: Sequence[Field[Any, Any]]) -> str:
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(_column(field))} = %s" for field in fields)
    return f"UPDATE {quote(Round._meta.db_table)} SET {assignments} WHERE {quote('id')} = %s"


def _update_from_values_sql(fields: Sequence[Field[Any, Any]], rows: int) -> str:
    quote = connection.ops.quote_name
    # Every placeholder is cast to its column's type, so that a NULL or a small number in the first
    # row cannot make PostgreSQL guess a narrower type for the whole column of values.
    casts = ", ".join(f"%s::{field.db_type(connection)}" for field in fields)
    values = ", ".join(f"(%s::bigint, {casts})" for _ in range(rows))
    names = ", ".join(quote(_column(field)) for field in fields)
    assignments = ", ".join(f"{quote(_column(field))} = v.{quote(_column(field))}" for field in fields)
    table = quote(Round._meta.db_table)
    return f"UPDATE {table} SET {assignments} FROM (VALUES {values}) AS v(id, {names}) WHERE {table}.id = v.id"


def _field(name: str) -> Field[Any, Any]:
    field = Round._meta.get_field(name)
    assert isinstance(field, Field)
    return field


def _column(field: Field[Any, Any]) -> str:
    assert field.column is not None
    return field.column
