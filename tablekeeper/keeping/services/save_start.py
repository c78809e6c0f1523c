"""What a Save reads first, once it holds the session's lock: in a statement of its own (see `read_save_start`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Exists, OuterRef, Subquery, Value
from django.http import Http404

from ..models import GameSession, Round, SpentToken


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
    this_session = OuterRef("pk")
    # A hand of this number (or after it) undone or deleted since the phone last saw the board: its number was
    # taken and freed again while the phone kept its hand (the lookup is there only for a kept hand).
    freed = (
        Exists(
            SpentToken.objects.filter(
                session=this_session,
                number__gte=expected_number,
                ending__in=(SpentToken.Ending.UNDONE, SpentToken.Ending.DELETED),
                when__gt=seen_at,
            ).exclude(token=client_token)
        )
        if seen_at is not None
        else Value(False)
    )
    row = (
        GameSession.objects.filter(pk=locked.pk)
        .annotate(
            saved_with_token=Subquery(
                Round.objects.filter(session=this_session, client_token=client_token).values("pk")[:1]
            ),
            token_spent=Exists(SpentToken.objects.filter(session=this_session, token=client_token)),
            passes=Subquery(
                Round.objects.filter(session=this_session, number=OuterRef("hand_count")).values("deal_passes")[:1]
            ),
            freed_since_seen=freed,
        )
        .values("saved_with_token", "token_spent", "passes", "freed_since_seen")
        .first()
    )
    if row is None:  # cannot happen while the lock is held; said as the lock says a deleted session
        raise Http404("This session no longer exists.")
    return SaveStart(
        locked,
        row["saved_with_token"],
        bool(row["token_spent"]),
        row["passes"] or 0,
        bool(row["freed_since_seen"]),
    )
