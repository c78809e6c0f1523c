"""Recording and correcting hands: the one place where hands meet the rules engine (with the
re-score of the later hands after a correction, keeping/services/rescore.py).

Every write runs in one transaction holding the session row's lock (`select_for_update`), so two
phones cannot both save hand 12, and a correction re-scores every later hand before anything is
committed. The session's cached totals and state always equal a replay of its stored records.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Subquery, Value
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from tablekeeper.rules import Record, SettleResult, settle

from ..models import Correction, GameSession, Round, SessionState, SpentToken, zero_totals
from .derived import TOTAL_COLUMNS, derived_columns
from .outcomes import (
    Conflict,
    HandRejected,
    LaterChange,
    NeedsConfirmation,
    NumberFreed,
    NumberTaken,
    Refused,
    SessionFinished,
    TokenSpent,
    digest,
    hand_gone,
    returns_refusals,
)
from .rescore import Running, check_magnitude, note_rescored, rescore, rows_from

# Renumbering shifts rows out of the way first, so that no intermediate row breaks the
# unique (session, number) constraint on either SQLite or PostgreSQL.
_RENUMBER_OFFSET = 1_000_000


def _before(session: GameSession, number: int) -> Running:
    """The table before hand `number` (one indexed row at most)."""
    if number > 1:
        previous = (
            Round.objects.filter(session=session, number=number - 1)
            .values("state_after", "deal_passes", *TOTAL_COLUMNS)
            .first()
        )
        if previous is not None:
            return Running(previous["state_after"], [previous[name] for name in TOTAL_COLUMNS], previous["deal_passes"])
    return Running(session.starting_state(), zero_totals())


def _state_before(session: GameSession, number: int) -> SessionState:
    return _before(session, number).state


def table_before(session: GameSession, number: int) -> tuple[SessionState, list[int]]:
    """The table as it was when hand `number` was dealt (dealer, streaks, pot) and the running
    totals then: what the edit form of that hand shows."""
    running = _before(session, number)
    return running.state, running.totals


def _ask_first(later: list[LaterChange], confirm: str | None, *, always: bool = False) -> None:
    """Refuse (nothing written yet) a correction that changes later hands the keeper was not shown.

    `confirm` None: the caller does not ask (an import, a script). "" or an old digest: ask, again.
    `always`: ask even when no later hand changes (a delete is shown before it is done)."""
    if confirm is not None and (later or always) and digest(later) != confirm:
        raise Refused(NeedsConfirmation(later, stale=bool(confirm)))


def _current_state(session: GameSession) -> SessionState:
    return session.state.copy() if session.state else session.starting_state()


def preview_hand(session: GameSession, record: Record, number: int | None = None) -> SettleResult:
    """Score `record` as the next hand (or in place of hand `number`) without saving anything."""
    state = _current_state(session) if number is None else _state_before(session, number)
    return settle(session.variant, record, state, session.engine_options())


@dataclass(frozen=True)
class Saved:
    """A new hand that stands: written by this Save, or (`again`) by an earlier send of the same
    Save, found by its client token (a retried tap whose first answer was lost)."""

    hand: Round
    again: bool = False

    @property
    def session(self) -> GameSession:
        """The session as the Save left it (totals, state, hand count), read under its lock."""
        return self.hand.session


@returns_refusals
def record_hand(
    session: GameSession,
    record: Record,
    *,
    client_token: str,
    expected_number: int,
    user: User | None,
    seen_at: datetime | None = None,
) -> Saved:
    """Save the next hand. The same `client_token` twice returns the first save (a retried tap).

    What else it can come to is returned, each by its name: the session moved on (NumberTaken:
    another phone saved this number; Conflict) or was finished (SessionFinished); the token is spent
    (TokenSpent: a retry whose hand was undone, deleted or changed since, while this phone waited for
    an answer it never got, is never saved again, nor is a token that names another record); the
    engine refused the record (HandRejected). `seen_at`: when the sending phone last saw the board (a
    hand kept offline): if this number was taken and freed again since (saved, then undone or deleted
    on another phone), the hand is not saved silently (NumberFreed): its keeper sees it first.
    """
    with transaction.atomic():
        start = _save_start(session, client_token, expected_number, seen_at)
        locked = start.session
        # Read under the lock, so it stands until this transaction ends; never DoesNotExist either way.
        existing = None if start.saved_with_token is None else Round.objects.filter(pk=start.saved_with_token).first()
        if existing is not None:
            if existing.record == record:
                existing.session = locked
                return Saved(existing, again=True)
            raise Refused(_token_of_another_record(locked, client_token, record, existing))
        if start.token_spent or start.saved_with_token is not None:
            ended = SpentToken.objects.filter(session=locked, token=client_token).first()
            if ended is not None:
                raise Refused(_spent(ended))
        if not locked.is_open:
            raise Refused(SessionFinished(_("This session is finished; no more hands can be recorded.")))
        if start.freed_since_seen and expected_number == locked.next_number:
            raise Refused(
                NumberFreed(
                    _(
                        "Hand %(number)s was saved on another phone and undone again while this phone kept its "
                        "copy. Check that this hand is still wanted before it is sent."
                    )
                    % {"number": expected_number},
                    number=expected_number,
                    checked=timezone.now(),
                )
            )
        if expected_number != locked.next_number:
            if expected_number < locked.next_number:
                raise Refused(
                    NumberTaken(
                        _(
                            "Hand %(saved)s was already saved from another device. "
                            "The board now shows hand %(next)s; check it before entering this one again."
                        )
                        % {"saved": expected_number, "next": locked.next_number},
                        number=expected_number,
                        next_number=locked.next_number,
                    )
                )
            raise Refused(
                Conflict(
                    _(
                        "The session changed on another device: hand %(next)s is next, not hand %(expected)s. "
                        "Check the board before saving."
                    )
                    % {"next": locked.next_number, "expected": expected_number}
                )
            )
        state = _current_state(locked)
        result = settle(locked.variant, record, state, locked.engine_options())
        if not result["ok"]:
            raise Refused(HandRejected(result["errors"], record=record))
        check_magnitude(result)
        round_ = Round.objects.create(
            session=locked,
            number=locked.next_number,
            record=record,
            client_token=client_token,
            entered_by=user,
            **derived_columns(record, result, locked.totals, state_before=state, passes_before=start.passes),
        )
        locked.totals = round_.totals_after
        locked.state = result["state"]
        locked.hand_count = round_.number
        locked.save_bumping_version("totals", "state", "hand_count")
        Correction.objects.create(
            session=locked, hand_key=round_.key, number=round_.number, action="add", after=record, who=user
        )
    return Saved(round_)


@dataclass(frozen=True)
class _SaveStart:
    """What a Save reads under the session's lock before it writes."""

    session: GameSession
    saved_with_token: int | None  # the hand this client token saved already (a retried tap), by pk
    token_spent: bool  # the token's hand was undone, deleted or changed since
    passes: int  # how often the deal has passed before the next hand
    freed_since_seen: bool = False  # a hand numbered `expected` or later was undone or deleted since `seen_at`


def _save_start(
    session: GameSession, client_token: str, expected_number: int = 0, seen_at: datetime | None = None
) -> _SaveStart:
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
    return _SaveStart(
        locked,
        row["saved_with_token"],
        bool(row["token_spent"]),
        row["passes"] or 0,
        bool(row["freed_since_seen"]),
    )


def _spent(ended: SpentToken) -> TokenSpent:
    """Why a retried Save's hand is no longer there, in the words of what ended it."""
    words = {
        SpentToken.Ending.UNDONE: _(
            "Hand %(number)s was undone on another phone after it was saved; it was not saved again."
        ),
        SpentToken.Ending.DELETED: _(
            "Hand %(number)s was deleted on another phone after it was saved; it was not saved again."
        ),
    }
    sentence = words.get(
        SpentToken.Ending(ended.ending),
        _("Hand %(number)s was changed on another phone after it was saved; it was not saved again."),
    )
    return TokenSpent(sentence % {"number": ended.number}, number=ended.number)


def _token_of_another_record(locked: GameSession, token: str, record: Record, existing: Round) -> TokenSpent:
    """The token's hand stands, but holds another record: an edit from another phone since (this
    record is one the token made before), or a token that was never this record's."""
    replaced = SpentToken.objects.filter(session=locked, token=token, ending=SpentToken.Ending.REPLACED)
    if any(ended.record == record for ended in replaced):
        return TokenSpent(
            _("Hand %(number)s was saved, then changed on another phone; it was not saved again.")
            % {"number": existing.number},
            number=existing.number,
        )
    return TokenSpent(
        _("This Save carries the token of another hand (hand %(number)s); nothing was saved. Enter the hand again.")
        % {"number": existing.number},
        number=existing.number,
    )


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
        before = _before(locked, last.number)
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
        rescored = rescore(locked, rows_from(locked, number), _before(locked, number), replace=(edited.pk, record))
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
            _before(locked, number),
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
