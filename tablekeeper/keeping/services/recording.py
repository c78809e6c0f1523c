"""Recording the next hand: the Save. One transaction holding the session row's lock
(`GameSession.locked`, `select_for_update`), so that two phones cannot both save hand 12; the client
token (a retried tap returns the first save, a spent token is refused) and the expected hand number
(another phone's save is a conflict) are read under that lock (`save_start.py`) before anything is written.
The session's cached totals and state always equal a replay of its stored records.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tablekeeper.rules import Record, settle

from ..models import Correction, GameSession, Round, SpentToken
from ..models.sql_rows import SqlRows
from .derived import derived_columns
from .outcomes import (
    Conflict,
    HandRejected,
    NumberFreed,
    NumberTaken,
    Refused,
    SessionFinished,
    TokenSpent,
    returns_refusals,
)
from .rescore import check_magnitude
from .save_start import read_save_start
from .table_before import current_state


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
        start = read_save_start(session, client_token, expected_number, seen_at)
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
        state = current_state(locked)
        result = settle(locked.variant, record, state, locked.engine_options())
        if not result["ok"]:
            raise Refused(HandRejected(result["errors"], record=record))
        check_magnitude(result)
        round_ = Round(
            session=locked,
            number=locked.next_number,
            record=record,
            client_token=client_token,
            entered_by=user,
            **derived_columns(record, result, locked.totals, state_before=state, passes_before=start.passes),
        )
        # Each insert in a statement written once (models/sql_rows.py), as Round.objects.create() would write it.
        _HANDS.insert(round_)
        locked.totals = round_.totals_after
        locked.state = result["state"]
        locked.hand_count = round_.number
        locked.save_bumping_version("totals", "state", "hand_count")
        _TRAIL.insert(
            Correction(session=locked, hand_key=round_.key, number=round_.number, action="add", after=record, who=user)
        )
    return Saved(round_)


_HANDS, _TRAIL = SqlRows(Round), SqlRows(Correction)


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
