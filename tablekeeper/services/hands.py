"""Recording and correcting hands: the one place where hands meet the rules engine.

Every write runs in one transaction holding the session row's lock (`select_for_update`), so two
phones cannot both save hand 12, and a correction re-scores every later hand before anything is
committed. The session's cached totals and state always equal a replay of its stored records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from ..models import Correction, GameSession, Round
from ..rules import replay, settle
from .errors import Conflict, HandRejected, hand_gone

DERIVED_FIELDS = ["deltas", "pot_delta", "lines", "state_after"]
# Renumbering shifts rows out of the way first, so that no intermediate row breaks the
# unique (session, number) constraint on either SQLite or PostgreSQL.
_RENUMBER_OFFSET = 1_000_000


def _lock(session: GameSession) -> GameSession:
    return GameSession.objects.select_for_update().get(pk=session.pk)


def _state_before(session: GameSession, number: int) -> dict[str, Any]:
    if number <= 1:
        return session.starting_state()
    previous = Round.objects.filter(session=session, number=number - 1).values_list("state_after", flat=True).first()
    return dict(previous) if previous is not None else session.starting_state()


def _current_state(session: GameSession) -> dict[str, Any]:
    return dict(session.state) if session.state else session.starting_state()


def _add(totals: Sequence[int], deltas: Sequence[int], sign: int = 1) -> list[int]:
    return [total + sign * delta for total, delta in zip(totals, deltas, strict=True)]


def preview_hand(session: GameSession, record: dict[str, Any], number: int | None = None) -> dict[str, Any]:
    """Score `record` as the next hand (or in place of hand `number`) without saving anything."""
    state = _current_state(session) if number is None else _state_before(session, number)
    return settle(session.variant, record, state, session.engine_options())


def record_hand(
    session: GameSession,
    record: dict[str, Any],
    *,
    client_token: str,
    expected_number: int,
    user: User | None,
) -> Round:
    """Save the next hand. The same `client_token` twice returns the first save (a retried tap)."""
    with transaction.atomic():
        locked = _lock(session)
        existing = Round.objects.filter(session=locked, client_token=client_token).first()
        if existing is not None:
            return existing
        if not locked.is_open:
            raise Conflict(_("This session is finished; no more hands can be recorded."))
        if expected_number != locked.next_number:
            if expected_number < locked.next_number:
                raise Conflict(
                    _(
                        "Hand %(saved)s was already saved from another device. "
                        "The board now shows hand %(next)s; check it before entering this one again."
                    )
                    % {"saved": expected_number, "next": locked.next_number}
                )
            raise Conflict(
                _(
                    "The session changed on another device: hand %(next)s is next, not hand %(expected)s. "
                    "Check the board before saving."
                )
                % {"next": locked.next_number, "expected": expected_number}
            )
        result = settle(locked.variant, record, _current_state(locked), locked.engine_options())
        if not result["ok"]:
            raise HandRejected(result["errors"])
        round_ = Round.objects.create(
            session=locked,
            number=locked.next_number,
            record=record,
            deltas=result["deltas"],
            pot_delta=result["pot_delta"],
            lines=result["lines"],
            state_after=result["state"],
            client_token=client_token,
            entered_by=user,
        )
        locked.totals = _add(locked.totals, result["deltas"])
        locked.state = result["state"]
        locked.hand_count = round_.number
        locked.version += 1
        locked.save(update_fields=["totals", "state", "hand_count", "version", "updated_at"])
        Correction.objects.create(session=locked, number=round_.number, action="add", after=record, who=user)
    return round_


def _stale(seen: str | None, round_: Round) -> bool:
    """True when the keeper's form was opened on another version of this hand (None: not checked)."""
    return bool(seen) and seen != round_.fingerprint


def undo_last_hand(session: GameSession, *, user: User | None, based_on: str | None = None) -> Round | None:
    """Remove the last hand; the board goes back to the state before it. None when there is none.

    `based_on` is the fingerprint of the hand the keeper saw as the last one: if another phone saved
    a hand (or undid this one) since, undoing would remove a hand the keeper never saw.
    """
    with transaction.atomic():
        locked = _lock(session)
        if not locked.is_open:
            raise Conflict(_("This session is finished; its hands can no longer be changed."))
        last = Round.objects.filter(session=locked).order_by("-number").first()
        if based_on and (last is None or _stale(based_on, last)):
            raise Conflict(_("The last hand changed on another device, so nothing was undone. Check the board first."))
        if last is None:
            return None
        locked.totals = _add(locked.totals, last.deltas, -1)
        locked.state = _state_before(locked, last.number)
        locked.hand_count = last.number - 1
        locked.version += 1
        Correction.objects.create(session=locked, number=last.number, action="undo", before=last.record, who=user)
        last.delete()
        locked.save(update_fields=["totals", "state", "hand_count", "version", "updated_at"])
    return last


def _lock_hand_and_later(session: GameSession, number: int, based_on: str | None) -> tuple[GameSession, list[Round]]:
    """Lock the session and load hand `number` and every later hand, or refuse a stale correction.

    Runs inside the caller's transaction, so the rows cannot move before the caller writes them.
    """
    locked = _lock(session)
    if not locked.is_open:
        raise Conflict(_("This session is finished; its hands can no longer be changed."))
    affected = list(Round.objects.filter(session=locked, number__gte=number).order_by("number"))
    if not affected or affected[0].number != number:
        raise hand_gone(number)
    if _stale(based_on, affected[0]):
        raise Conflict(
            _("Hand %(number)s was changed on another device since you opened it; nothing was changed.")
            % {"number": number}
        )
    return locked, affected


def edit_hand(
    session: GameSession, number: int, record: dict[str, Any], *, user: User | None, based_on: str | None = None
) -> Round:
    """Replace hand `number`'s record and re-score every later hand; refuse if any of them breaks.

    `based_on` is the fingerprint of the hand the edit form was opened on; a hand changed, deleted
    or renumbered since (another phone) is refused rather than silently overwritten.
    """
    with transaction.atomic():
        locked, affected = _lock_hand_and_later(session, number, based_on)
        edited = affected[0]
        before = edited.record
        edited.record = record
        _rescore(locked, affected, _state_before(locked, number), first_number=number)
        Round.objects.bulk_update(affected, ["record", *DERIVED_FIELDS])
        Correction.objects.create(session=locked, number=number, action="edit", before=before, after=record, who=user)
        locked.version += 1
        locked.save(update_fields=["totals", "state", "version", "updated_at"])
    return edited


def delete_hand(session: GameSession, number: int, *, user: User | None, based_on: str | None = None) -> None:
    """Delete hand `number`, renumber the later hands and re-score them; refuse if any of them breaks.

    `based_on` as for `edit_hand`: after another phone deleted hand 3, "hand 3" is a different hand.
    """
    with transaction.atomic():
        locked, affected = _lock_hand_and_later(session, number, based_on)
        deleted, later = affected[0], affected[1:]
        locked.totals = _add(locked.totals, deleted.deltas, -1)
        _rescore(locked, later, _state_before(locked, number), first_number=number + 1)
        deleted.delete()
        if later:
            later_rows = Round.objects.filter(session=locked, number__gt=number)
            later_rows.update(number=F("number") + _RENUMBER_OFFSET)
            later_rows_shifted = Round.objects.filter(session=locked, number__gt=number + _RENUMBER_OFFSET)
            later_rows_shifted.update(number=F("number") - _RENUMBER_OFFSET - 1)
            for round_ in later:
                round_.number -= 1
            Round.objects.bulk_update(later, DERIVED_FIELDS)
        Correction.objects.create(session=locked, number=number, action="delete", before=deleted.record, who=user)
        locked.hand_count -= 1
        if not later:
            locked.state = _state_before(locked, number)
        locked.version += 1
        locked.save(update_fields=["totals", "state", "hand_count", "version", "updated_at"])


def _rescore(locked: GameSession, rounds: list[Round], state: dict[str, Any], *, first_number: int) -> None:
    """Replay `rounds` from `state`, write the results into them and into the session's cache.

    Raises HandRejected (nothing saved, thanks to the surrounding transaction) naming the first
    hand that the change makes invalid.
    """
    if not rounds:
        return
    result = replay(locked.variant, [round_.record for round_ in rounds], locked.engine_options(), state)
    if not result["ok"]:
        index = result["first_error"] or 0
        errors = result["results"][index]["errors"]
        raise HandRejected(errors, number=first_number + index)
    totals = list(locked.totals)
    for round_, scored in zip(rounds, result["results"], strict=True):
        totals = _add(_add(totals, round_.deltas, -1), scored["deltas"])
        round_.deltas = scored["deltas"]
        round_.pot_delta = scored["pot_delta"]
        round_.lines = scored["lines"]
        round_.state_after = scored["state"]
    locked.totals = totals
    locked.state = result["state"]
