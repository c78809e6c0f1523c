"""Correcting the hands already saved: undo the last one, edit or delete any one and re-score the later
hands (keeping/services/rescore.py), or refuse if any of them breaks.

Every correction runs in one transaction holding the session row's lock (`select_for_update`), and
re-scores every later hand before anything is committed; a correction based on a hand another phone
changed since is refused, and one that changes later hands the keeper was not shown asks first.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tablekeeper.rules import Record

from ..models import Correction, GameSession, Round, SpentToken
from .outcomes import (
    Conflict,
    LaterChange,
    NeedsConfirmation,
    Refused,
    SessionFinished,
    digest,
    hand_gone,
    returns_refusals,
)
from .rescore import Running, note_rescored, rescore, rows_from
from .table_before import running_before

# Renumbering shifts rows out of the way first, so that no intermediate row breaks the
# unique (session, number) constraint on either SQLite or PostgreSQL.
_RENUMBER_OFFSET = 1_000_000


def _ask_first(later: list[LaterChange], confirm: str | None, *, always: bool = False) -> None:
    """Refuse (nothing written yet) a correction that changes later hands the keeper was not shown.

    `confirm` None: the caller does not ask (an import, a script). "" or an old digest: ask, again.
    `always`: ask even when no later hand changes (a delete is shown before it is done)."""
    if confirm is not None and (later or always) and digest(later) != confirm:
        raise Refused(NeedsConfirmation(later, stale=bool(confirm)))


def _spend(session: GameSession, hand: Round, ending: SpentToken.Ending, record: Record | None = None) -> None:
    SpentToken.objects.create(
        session=session,
        token=hand.client_token,
        number=hand.number,
        record=hand.record if record is None else record,
        ending=ending,
    )


def _stale(seen: str | None, round_: Round) -> bool:
    """True when the keeper's form was opened on another version of this hand (None: not checked)."""
    return bool(seen) and seen != round_.fingerprint


@returns_refusals
def undo_last_hand(session: GameSession, *, user: User | None, based_on: str | None = None) -> Round | None:
    """Remove the last hand; the board goes back to the state before it. None when there is none.

    `based_on` is the fingerprint of the hand the keeper saw as the last one: if another phone saved
    a hand (or undid this one) since, undoing would remove a hand the keeper never saw.
    """
    with transaction.atomic():
        locked = session.locked()
        if not locked.is_open:
            raise Refused(SessionFinished(_("This session is finished; its hands can no longer be changed.")))
        last = Round.objects.filter(session=locked).order_by("-number").first()
        if based_on and (last is None or _stale(based_on, last)):
            raise Refused(
                Conflict(_("The last hand changed on another device, so nothing was undone. Check the board first."))
            )
        if last is None:
            return None
        before = running_before(locked, last.number)
        locked.state, locked.totals = before.state, before.totals
        locked.hand_count = last.number - 1
        Correction.objects.create(
            session=locked, hand_key=last.key, number=last.number, action="undo", before=last.record, who=user
        )
        _spend(locked, last, SpentToken.Ending.UNDONE)
        last.delete()
        locked.save_bumping_version("totals", "state", "hand_count")
    return last


def _lock_hand(session: GameSession, number: int, based_on: str | None) -> tuple[GameSession, Round]:
    """Lock the session and load hand `number`, or refuse a stale correction.

    Runs inside the caller's transaction, so the rows cannot move before the caller writes them.
    """
    locked = session.locked()
    if not locked.is_open:
        raise Refused(SessionFinished(_("This session is finished; its hands can no longer be changed.")))
    hand = Round.objects.filter(session=locked, number=number).first()
    if hand is None:
        raise Refused(hand_gone(number))
    if _stale(based_on, hand):
        raise Refused(
            Conflict(
                _("Hand %(number)s was changed on another device since you opened it; nothing was changed.")
                % {"number": number}
            )
        )
    return locked, hand


@returns_refusals
def edit_hand(
    session: GameSession,
    number: int,
    record: Record,
    *,
    user: User | None,
    based_on: str | None = None,
    confirm: str | None = None,
) -> Round:
    """Replace hand `number`'s record and re-score the later hands; refuse if any of them breaks.

    `based_on` is the fingerprint of the hand the edit form was opened on; a hand changed, deleted
    or renumbered since (another phone) is refused rather than silently overwritten. `confirm` is
    the digest of the later changes the keeper agreed to (see `_ask_first`).
    """
    with transaction.atomic():
        locked, edited = _lock_hand(session, number, based_on)
        before = edited.record
        rescored = rescore(
            locked, rows_from(locked, number), running_before(locked, number), replace=(edited.pk, record)
        )
        _ask_first(rescored.later, confirm)
        rescored.apply(locked)
        if before != record:
            _spend(locked, edited, SpentToken.Ending.REPLACED, before)
        edited.record = record
        correction = Correction.objects.create(
            session=locked,
            hand_key=edited.key,
            number=number,
            action="edit",
            before=before,
            after=record,
            points=rescored.replaced_points,
            who=user,
        )
        note_rescored(locked, correction, rescored.moved)
        locked.save_bumping_version("totals", "state")
    return edited


@returns_refusals
def delete_hand(
    session: GameSession,
    number: int,
    *,
    user: User | None,
    based_on: str | None = None,
    confirm: str | None = None,
    ask: bool = False,
) -> None:
    """Delete hand `number`, renumber the later hands and re-score them; refuse if any of them breaks.

    `based_on` and `confirm` as for `edit_hand`: after another phone deleted hand 3, "hand 3" is a
    different hand. `ask`: show what the delete does (NeedsConfirmation) even when no later hand
    changes, so that no delete is one tap.
    """
    with transaction.atomic():
        locked, deleted = _lock_hand(session, number, based_on)
        rescored = rescore(
            locked,
            rows_from(locked, number + 1),
            running_before(locked, number),
            stored_before=Running(deleted.state_after, deleted.totals_after, deleted.deal_passes),
        )
        _ask_first(rescored.later, confirm, always=ask)
        _spend(locked, deleted, SpentToken.Ending.DELETED)
        deleted.delete()
        later_rows = Round.objects.filter(session=locked, number__gt=number)
        later_rows.update(number=F("number") + _RENUMBER_OFFSET)
        later_rows_shifted = Round.objects.filter(session=locked, number__gt=number + _RENUMBER_OFFSET)
        later_rows_shifted.update(number=F("number") - _RENUMBER_OFFSET - 1)
        rescored.apply(locked, renumbered_after=number)
        correction = Correction.objects.create(
            session=locked, hand_key=deleted.key, number=number, action="delete", before=deleted.record, who=user
        )
        note_rescored(locked, correction, rescored.moved, renumbered=True)
        locked.hand_count -= 1
        locked.save_bumping_version("totals", "state", "hand_count")
