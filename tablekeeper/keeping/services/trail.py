"""Reading the corrections trail by hand identity, never by hand number.

A hand's number moves when an earlier hand is deleted; its key (`Round.key`, stored on every
correction as `hand_key`) does not. So a hand's page lists its own corrections after any
renumbering, a deleted or undone hand's records stay findable under its own key, and the share
board names the hand a correction was about by the number it has now.

A later hand whose points a correction moved has an entry of its own (RESCORED_BY, pointing at the
correction that caused it), so its record says what moved and why without replaying anything.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Case, Count, Exists, F, OuterRef, QuerySet, Subquery, When
from django.db.models.functions import Coalesce

from tablekeeper.accounts.models import name_shown
from tablekeeper.reading.corrected_hands import PointsChange, rescored_points
from tablekeeper.reading.reasons.corrections import what_changed

from ..models import Correction, GameSession, Round

# How many of the latest corrections the share board shows: what the table just saw change, small
# enough that every poll that finds a new version stays one small page.
BOARD_CHANGES = 5


def trail_of(session: GameSession, hand_key: uuid.UUID) -> list[Correction]:
    """Every correction of one hand, newest first, whatever number it had at the time, each with the
    correction of an earlier hand that re-scored it, if that is what it is."""
    return list(Correction.objects.filter(session=session, hand_key=hand_key).select_related("who", "cause"))


def with_correction_marks(hands: QuerySet[Round]) -> QuerySet[Round]:
    """`hands`, each marked `edited` (its record was changed) and `rescored` (a correction of an
    earlier hand moved its points), in the same query: one indexed lookup per hand."""
    own = Correction.objects.filter(session=OuterRef("session"), hand_key=OuterRef("key"))
    return hands.annotate(
        edited=Exists(own.filter(action=Correction.Action.EDIT)),
        rescored=Exists(own.filter(action=Correction.Action.RESCORED_BY)),
    )


@dataclass(frozen=True)
class RemovedHand:
    """A hand that is no longer in the session (deleted, or undone as the last hand) with its trail."""

    key: uuid.UUID
    number: int
    action: str
    when: datetime
    corrections: list[Correction]


def removed_hands(session: GameSession) -> list[RemovedHand]:
    """The hands deleted or undone in `session`, the latest removed first, each with its own trail."""
    kept = Round.objects.filter(session=session).values("key")
    rows = Correction.objects.filter(session=session).exclude(hand_key__in=kept).select_related("who", "cause")
    trails: dict[uuid.UUID, list[Correction]] = {}
    for correction in rows.order_by("-pk"):
        trails.setdefault(correction.hand_key, []).append(correction)
    removed = []
    for key, trail in trails.items():
        last = trail[0]  # the newest event of a hand that is gone is the one that removed it
        removed.append(RemovedHand(key=key, number=last.number, action=last.action, when=last.when, corrections=trail))
    return removed


@dataclass(frozen=True)
class BoardChange:
    """One correction as the share board says it: which hand (its number now, or when it went),
    what happened, when and by whom, and what it changed (`what`: the hand's points, before → after,
    and how many later hands it re-scored)."""

    action: str
    number: int
    when: datetime
    who: str
    what: str = ""


def _points_moved(points: PointsChange | None, before: Any, after: Any) -> PointsChange | None:
    """A correction's points, before → after: kept as such, or (a re-score under the new law) as its figures."""
    if before and after:
        return rescored_points(before, after)
    return points


def _public_name(user_id: int | None, first_name: str | None) -> str:
    if user_id is None:  # the account was deleted since
        return ""
    return name_shown(first_name or "")


def latest_changes(session: GameSession, names: Sequence[str], limit: int = BOARD_CHANGES) -> list[BoardChange]:
    """The latest edits, deletes and undos (not the hands simply added, nor the later hands they
    re-scored, which their line counts), in one query. `names`: the players, seat by seat."""
    number_now = Round.objects.filter(session=session, key=OuterRef("hand_key")).values("number")[:1]
    knock_ons = (
        Correction.objects.filter(cause=OuterRef("pk")).order_by().values("cause").annotate(n=Count("pk")).values("n")
    )
    rows = (
        Correction.objects.filter(session=session)
        .exclude(action__in=(Correction.Action.ADD, Correction.Action.RESCORED_BY))
        .annotate(number_now=Subquery(number_now), later=Coalesce(Subquery(knock_ons), 0))
        .order_by("-pk")
        .values("action", "number", "number_now", "when", "who_id", "who__first_name", "points", "later")
        # A re-score under the rule book's new law (migration 0017) kept its figures there, not in `points`.
        .annotate(
            figures_before=Case(When(action=Correction.Action.RESCORE, then=F("before"))),
            figures_after=Case(When(action=Correction.Action.RESCORE, then=F("after"))),
        )[:limit]
    )
    return [
        BoardChange(
            action=row["action"],
            # An edited hand renumbered since is named by the number the table sees now.
            number=row["number_now"] if row["number_now"] is not None else row["number"],
            when=row["when"],
            # The board is public to whoever holds its link: the keeper's display name, never
            # the log-in name a password guesser would need.
            who=_public_name(row["who_id"], row["who__first_name"]),
            what=what_changed(
                _points_moved(row["points"], row["figures_before"], row["figures_after"]), row["later"], names
            ),
        )
        for row in rows
    ]
