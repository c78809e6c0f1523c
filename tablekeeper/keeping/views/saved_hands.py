"""A saved hand: its page, deleting it, undoing the last one (the hand form is keeping/views/hands.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from tablekeeper.reading.reasons import reasons
from tablekeeper.reading.reasons.record import record_lines
from tablekeeper.reading.reasons.refusals import explained, refusals
from tablekeeper.web.http import HtmxHttpRequest, current_user

from .. import services
from ..models import GameSession, Round
from ..pages.access import kept_session
from ..pages.board import seats_of
from ..pages.rows import later_rows, seat_rows
from ..pages.trail import said_trail
from ..services.trail import trail_of


def _detail_context(session: GameSession, round_: Round, **extra: object) -> dict[str, object]:
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    info = session.variant_info
    # By the hand's key: after an earlier hand is deleted, this hand's own record, not its number's.
    corrections = said_trail(trail_of(session, round_.key), names, info)
    return {
        "session": session,
        "round": round_,
        "rows": seat_rows(seats, round_.deltas),
        "lines": reasons(round_.lines, names, info),
        "record_lines": record_lines(round_.record, names, info),
        "seat_names": names,
        "corrections": corrections,
        "later_changes": [],
        **extra,
    }


@login_required
@require_GET
def hand_detail(request: HtmxHttpRequest, session_id: int, number: int) -> HttpResponse:
    session = kept_session(request, session_id)
    round_ = get_object_or_404(Round.objects.select_related("entered_by"), session=session, number=number)
    return TemplateResponse(request, "hands/detail.html", _detail_context(session, round_))


@login_required
@require_POST
def hand_delete(request: HtmxHttpRequest, session_id: int, number: int) -> HttpResponse:
    session = kept_session(request, session_id)
    confirm = (request.POST.get("confirm_changes") or "")[:64]
    outcome = services.delete_hand(
        session,
        number,
        user=current_user(request),
        based_on=request.POST.get("based_on"),
        confirm=confirm,
        ask=request.POST.get("ask") == "1",
    )
    match outcome:
        case services.NeedsConfirmation():
            # Deleting a hand moves the deal of every later hand: list what changes, then ask.
            round_ = get_object_or_404(Round.objects.select_related("entered_by"), session=session, number=number)
            later = later_rows(seats_of(session), outcome.changes)
            context = _detail_context(
                session,
                round_,
                confirming_delete=True,
                later_changes=later,
                later_digest=outcome.digest,
                later_stale=outcome.stale,
            )
            return TemplateResponse(request, "hands/detail.html", context)
        case services.Conflict():
            messages.error(request, outcome.message)
        case services.HandRejected():
            names = [seat.player.name for seat in seats_of(session)]
            sentence = _("Deleting hand %(number)s would make hand %(later)s invalid, so nothing was changed: %(why)s")
            said = refusals(outcome.errors, names, outcome.record)
            messages.error(request, explained(sentence, said, number=number, later=outcome.number).html())
            return _to(request, f"{session.get_absolute_url()}hands/{number}/")
        case None:
            messages.success(
                request, _("Hand %(number)s deleted; later hands renumbered and re-scored.") % {"number": number}
            )
    return _to(request, session.get_absolute_url())


@login_required
@require_POST
def hand_undo(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    undone = services.undo_last_hand(session, user=current_user(request), based_on=request.POST.get("based_on"))
    match undone:
        case Round():
            messages.success(request, _("Hand %(number)s undone.") % {"number": undone.number})
        case services.Conflict():
            messages.error(request, undone.message)
    return _to(request, session.get_absolute_url())


def _to(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """Where a change of a saved hand leaves the keeper: htmx follows the address, a plain browser is redirected."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
