"""What a Save reads first, once it holds the session's lock: in a statement of its own (see `read_save_start`),
written once in SQL.

The statement is the same on every Save, and the ORM spent more time building its four lookups than the
database spent answering them (about a tenth of the Save's server time): it is written here once per
database vendor, from the models' own table and column names, and only its parameters change.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Field
from django.http import Http404

from ..models import GameSession, Round, SpentToken
from ..models.sql_rows import SqlRows


@dataclass(frozen=True)
class SaveStart:
    """What a Save reads under the session's lock before it writes."""

    session: GameSession
    saved_with_token: int | None  # the hand this client token saved already (a retried tap), by pk
    token_spent: bool  # the token's hand was undone, deleted or changed since
    passes: int  # how often the deal has passed before the next hand
    freed_since_seen: bool = False  # a hand numbered `expected` or later was undone or deleted since `seen_at`


def read_save_start(
    session: GameSession, client_token: str, expected_number: int = 0, seen_at: datetime | None = None
) -> SaveStart:
    """The session locked (`GameSession.locked`), then what the Save checks first, read in a statement
    of its own once the lock is held.

    Not in the locking statement: on PostgreSQL (READ COMMITTED) a statement that waited for the lock
    returns the session's newest row, but its sub-lookups still see the data from before the write it
    waited for (another phone's correction, undo or delete), so the Save would number the deals from
    a hand as it was before the correction, or look for a hand an undo had just removed. A statement
    begun after the lock sees every write committed before it, and no other write can come while the
    lock is held."""
    locked = session.locked()
    params: list[Any] = [client_token, client_token]
    if seen_at is not None:
        # A hand of this number (or after it) undone or deleted since the phone last saw the board: its number was
        # taken and freed again while the phone kept its hand (the lookup is there only for a kept hand).
        params += [
            expected_number,
            SpentToken.Ending.UNDONE.value,
            SpentToken.Ending.DELETED.value,
            _when_seen(seen_at),
            client_token,
        ]
    params.append(locked.pk)
    with connection.cursor() as cursor:
        cursor.execute(_statement(connection.vendor, freed=seen_at is not None), params)
        row = cursor.fetchone()
    if row is None:  # cannot happen while the lock is held; said as the lock says a deleted session
        raise Http404("This session no longer exists.")
    saved_with_token, token_spent, passes, *freed = row
    # EXISTS is a boolean on PostgreSQL and 0 or 1 on SQLite.
    return SaveStart(locked, saved_with_token, bool(token_spent), passes or 0, bool(freed and freed[0]))


@cache
def _statement(vendor: str, *, freed: bool) -> str:
    """The save start's SELECT for this database (`vendor` only keys the cache: the quoting is the connection's).
    Each lookup is correlated to the session row, as the ORM wrote it; (session, client_token) and (session,
    number) are unique, so each scalar lookup finds one row at most."""
    quote = connection.ops.quote_name

    def col(alias: str, rows: SqlRows[Any], name: str) -> str:
        return f"{alias}.{quote(rows.column(name))}"

    session, hand, spent = (quote(rows.table) for rows in (_SESSIONS, _HANDS, _SPENT))
    this_session = col("s", _SESSIONS, "id")
    lookups = [
        f"(SELECT {col('r', _HANDS, 'id')} FROM {hand} r"
        f" WHERE {col('r', _HANDS, 'session')} = {this_session} AND {col('r', _HANDS, 'client_token')} = %s LIMIT 1)",
        f"EXISTS(SELECT 1 FROM {spent} t"
        f" WHERE {col('t', _SPENT, 'session')} = {this_session} AND {col('t', _SPENT, 'token')} = %s)",
        f"(SELECT {col('r', _HANDS, 'deal_passes')} FROM {hand} r"
        f" WHERE {col('r', _HANDS, 'session')} = {this_session}"
        f" AND {col('r', _HANDS, 'number')} = {col('s', _SESSIONS, 'hand_count')} LIMIT 1)",
    ]
    if freed:
        lookups.append(
            f"EXISTS(SELECT 1 FROM {spent} t WHERE {col('t', _SPENT, 'session')} = {this_session}"
            f" AND {col('t', _SPENT, 'number')} >= %s AND {col('t', _SPENT, 'ending')} IN (%s, %s)"
            f" AND {col('t', _SPENT, 'when')} > %s AND NOT ({col('t', _SPENT, 'token')} = %s))"
        )
    return f"SELECT {', '.join(lookups)} FROM {session} s WHERE {this_session} = %s"


_SESSIONS, _HANDS, _SPENT = SqlRows(GameSession), SqlRows(Round), SqlRows(SpentToken)


def _when_seen(seen_at: datetime) -> Any:
    """`seen_at` as the ORM would send it for SpentToken.when: made aware if naive, then in the form this database
    stores (a string on SQLite)."""
    field = SpentToken._meta.get_field("when")
    assert isinstance(field, Field)
    return field.get_db_prep_value(seen_at, connection)
