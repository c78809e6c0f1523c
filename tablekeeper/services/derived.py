"""What a hand's row stores besides its record: the engine's result and the facts pages aggregate.

Every write of a hand (recording, the re-score after a correction, an import, the data migration)
goes through `derived_columns`, so a page can trust the columns as much as a replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection

from ..models import Round

SEATS = range(4)
GAIN_COLUMNS = tuple(f"gain_{seat}" for seat in SEATS)
DEAL_IN_METHODS = frozenset({"discard", "rob_kong"})
# Everything a re-score may change in a hand's row (the record only changes in the edited hand).
DERIVED_COLUMNS = ("deltas", "pot_delta", "lines", "state_after", "totals_after", "method", "discarder", *GAIN_COLUMNS)


def add(totals: Sequence[int], deltas: Sequence[int], sign: int = 1) -> list[int]:
    return [total + sign * delta for total, delta in zip(totals, deltas, strict=True)]


def hand_facts(record: dict[str, Any], deltas: Sequence[int]) -> dict[str, Any]:
    """The first winner's method, the discarder (or robbed seat) and each winner's gain."""
    wins = (record.get("wins") or []) if record.get("result") == "win" else []
    facts: dict[str, Any] = dict.fromkeys(GAIN_COLUMNS)
    facts["method"] = str(wins[0]["method"]) if wins else ""
    source = wins[0].get("from") if wins else None
    facts["discarder"] = source if facts["method"] in DEAL_IN_METHODS else None
    for win in wins:
        facts[f"gain_{win['seat']}"] = deltas[win["seat"]]
    return facts


def derived_columns(record: dict[str, Any], scored: dict[str, Any], totals_before: Sequence[int]) -> dict[str, Any]:
    """A hand row's derived columns from the engine's `settle` result and the running totals before it."""
    return {
        "deltas": list(scored["deltas"]),
        "pot_delta": scored["pot_delta"],
        "lines": scored["lines"],
        "state_after": scored["state"],
        "totals_after": add(totals_before, scored["deltas"]),
        **hand_facts(record, scored["deltas"]),
    }


def changed_columns(round_: Round, values: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in values.items() if getattr(round_, name) != value}


def write_changed_rows(changes: Sequence[tuple[int, dict[str, Any]]]) -> int:
    """Write each row's changed columns: one executemany per distinct set of changed columns.

    A correction usually changes the same few columns in every later hand (only the running totals
    when an early hand's points change), so this is one statement's plan run over small parameter
    rows, instead of bulk_update's CASE WHEN over every column of every row. Returns the rows written.
    """
    groups: dict[tuple[str, ...], list[tuple[int, dict[str, Any]]]] = {}
    for pk, values in changes:
        if values:
            groups.setdefault(tuple(sorted(values)), []).append((pk, values))
    quote = connection.ops.quote_name
    table = quote(Round._meta.db_table)
    written = 0
    with connection.cursor() as cursor:
        for names, rows in groups.items():
            fields = [Round._meta.get_field(name) for name in names]
            assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
            params = [
                [field.get_db_prep_save(values[field.name], connection) for field in fields] + [pk]
                for pk, values in rows
            ]
            cursor.executemany(f"UPDATE {table} SET {assignments} WHERE {quote('id')} = %s", params)
            written += len(rows)
    return written
