"""The outbox's answers: a hand a phone kept while it had no connection, saved through the same service as
the form's Save, each outcome said as data the outbox reads (static/js/outbox-rules.js)."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, cast

from django.http import JsonResponse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from tablekeeper.web.http import HtmxHttpRequest, current_user

from .. import services
from ..forms.hand import HandForm
from ..models import GameSession
from .board import seats_of


class Outcome(StrEnum):
    SAVED = "saved"
    # Sent before, its answer lost: the hand stands as it was sent; or (`same_hand`) another phone
    # saved this very hand first, as the engine settles it.
    ALREADY_SAVED = "already_saved"
    CONFLICT = "conflict"  # another phone saved this hand's number first
    # Its number was taken and freed again (saved, then undone or deleted on another phone) while it was kept:
    # shown to its keeper, who sends it again on purpose (with `checked` as the board seen) or deletes it.
    FREED = "freed"
    SPENT = "spent"  # its hand was undone, deleted or changed since: it is never saved again as it is
    FINISHED = "finished"  # the session was finished meanwhile
    REFUSED = "refused"  # the rules refuse the hand
    INVALID = "invalid"  # the taps themselves are not a hand (a field missing or out of range)


STATUS = {
    Outcome.SAVED: 200,
    Outcome.ALREADY_SAVED: 200,
    Outcome.CONFLICT: 409,
    Outcome.FREED: 409,
    Outcome.SPENT: 409,
    Outcome.FINISHED: 409,
    Outcome.REFUSED: 422,
    Outcome.INVALID: 422,
}


def asks_for_json(request: HtmxHttpRequest) -> bool:
    return request.get_preferred_type(["text/html", "application/json"]) == "application/json"


def _said(outcome: Outcome, **fields: Any) -> JsonResponse:
    # The fields keep the names that pages loaded before this address read: `saved` (the hand's
    # number), `conflict` (what happened), `next` (the number next now), `spent`, `errors`.
    return JsonResponse({"outcome": outcome, **fields}, status=STATUS[outcome])


def _answer(
    session: GameSession,
    form: HandForm,
    outcome: services.Saved | services.Refusal,
) -> JsonResponse:
    """Each outcome of a kept hand's Save, said as the outbox reads it."""
    match outcome:
        case services.Saved():
            return _said(Outcome.ALREADY_SAVED if outcome.again else Outcome.SAVED, saved=outcome.hand.number)
        case services.NumberFreed():
            checked = math.ceil(outcome.checked.timestamp())  # up to the second: no undo seen is after it
            return _said(Outcome.FREED, conflict=outcome.message, next=outcome.number, checked=checked)
        case services.HandRejected():
            form.attach_engine_errors(outcome.errors, outcome.record)
            return _said(Outcome.REFUSED, errors=form.problems())
        case services.TokenSpent():
            said = Outcome.SPENT
        case services.SessionFinished():
            said = Outcome.FINISHED
        case _:
            said = Outcome.CONFLICT
    session.refresh_from_db(fields=["hand_count", "status"])
    # When the server looked: a keeper who saves this hand again from the form has seen what happened until
    # then, whatever page the form came from (a kept copy carries the board as seen long before).
    checked = math.ceil(timezone.now().timestamp())
    return _said(said, conflict=outcome.message, next=session.next_number, spent=said is Outcome.SPENT, checked=checked)


def save_kept_hand(request: HtmxHttpRequest, session: GameSession) -> JsonResponse:
    """Save a hand the outbox kept, and say what came of it."""
    # The players' names say the problems; read only when there are some.
    names = cast(list[str], SimpleLazyObject(lambda: [seat.player.name for seat in seats_of(session)]))
    form = HandForm(session, request.POST, names=names)
    if not session.is_open:
        finished = services.SessionFinished(_("This session is finished; its hands can no longer be changed."))
        return _answer(session, form, finished)
    if not form.is_valid():
        return _said(Outcome.INVALID, errors=form.problems())
    record = form.to_record()
    seen = form.cleaned_data.get("board_seen")
    saved = services.record_hand(
        session,
        record,
        client_token=form.cleaned_data["client_token"],
        expected_number=form.cleaned_data["expected_number"],
        user=current_user(request),
        seen_at=None if seen is None else datetime.fromtimestamp(seen, tz=UTC),
    )
    if isinstance(saved, services.NumberTaken):
        race = services.compare_with_saved(session, saved.number, record)
        if race is not None and race.same:
            # Both phones entered this hand and the other saved it first: this copy is not recorded
            # again, and the phone drops it as saved (a page loaded before `same_hand` does too).
            return _said(Outcome.ALREADY_SAVED, saved=saved.number, same_hand=True)
    return _answer(session, form, saved)
