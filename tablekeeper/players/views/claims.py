"""Claiming a seat from the share board (我是 老王), and the keeper's answer.

`claim_seat` (/b/<token>/claim/<seat>/) is the share link's: a GET shows the claim's one screen (with a
sign-up for a phone with no account: watching needs none, claiming does), a POST files the claim. The
limits (per account, per phone, per address, and per table in the service) answer a flood with 429 and
a message; every refusal is a 4xx with a message in the phone's language, never a 500.

`claim_decide` (/sessions/<id>/claims/<seat>/) is a keeper's: accept or refuse the seat's waiting claim.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tablekeeper.accounts.login_throttle import remember_device
from tablekeeper.accounts.throttle import account_over_limit, count, over_limit
from tablekeeper.accounts.views import name_refusals_refused, sign_up, signups_refused
from tablekeeper.keeping.models import GameSession, Seat
from tablekeeper.keeping.pages.access import kept_session, shared_session
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..forms import ClaimNameForm, ClaimSignupForm
from ..services import claims
from ..services.claims import ClaimRefusal

PHONE_COOKIE = "tk_phone"
_PHONE_SALT = "tablekeeper.players.phone"
_PHONE_AGE = 400 * 24 * 3600


def refused(request: HtmxHttpRequest, refusal: ClaimRefusal, back_url: str = "") -> HttpResponse:
    """A claim, or a keeper's answer, that cannot be done: its status and message, and the way back."""
    context = {"message": refusal.message, "back_url": back_url}
    return TemplateResponse(request, "players/claim_refused.html", context, status=refusal.status)


def _shared(session: GameSession) -> str:
    return reverse("shared_board", args=[session.share_token])


def phone_of(request: HtmxHttpRequest) -> tuple[str, str | None]:
    """This phone's digest, and the new id to give it when it had none: a random id in a signed cookie of its
    own (a table's phones share one address, so the address cannot tell them apart)."""
    known = request.get_signed_cookie(PHONE_COOKIE, default=None, salt=_PHONE_SALT)
    if isinstance(known, str) and 16 <= len(known) <= 64:
        return hashlib.sha256(known.encode()).hexdigest(), None
    new = secrets.token_urlsafe(24)
    return hashlib.sha256(new.encode()).hexdigest(), new


def _remember_phone(response: HttpResponse, new: str | None) -> HttpResponse:
    if new is not None:
        response.set_signed_cookie(
            PHONE_COOKIE,
            new,
            salt=_PHONE_SALT,
            max_age=_PHONE_AGE,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response


def _seat(session: GameSession, seat: int) -> Seat | None:
    return next((row for row in seats_of(session) if row.index == seat), None)


def _flooded(request: HtmxHttpRequest, user: User, phone: str) -> ClaimRefusal | None:
    """The limits per address, account and phone (each counts this request), before anything is read."""
    per_hour = settings.CLAIMS_PER_HOUR
    if (
        over_limit(request, "claim", settings.CLAIMS_PER_ADDRESS_PER_HOUR)
        or account_over_limit(user.pk, "claim", per_hour)
        or count(f"throttle:claim:phone-{phone[:40]}") > per_hour
    ):
        return ClaimRefusal(_("Too many requests for seats from this phone; try again in an hour."), 429)
    return None


@require_http_methods(["GET", "POST"])
def claim_seat(request: HtmxHttpRequest, token: str, seat: int) -> HttpResponse:
    session = shared_session(token)
    chosen = _seat(session, seat)
    if chosen is None:
        no_seat = ClaimRefusal(_("This table has no seat %(n)s.") % {"n": seat + 1}, 404)
        return refused(request, no_seat, _shared(session))
    signed_in = isinstance(request.user, User)
    phone, new_phone = phone_of(request)
    form: ClaimNameForm | ClaimSignupForm
    if signed_in:
        user = current_user(request)
        form = ClaimNameForm(request.POST or None, initial={"display_name": display_name_or(user, chosen)})
    else:
        form = ClaimSignupForm(request.POST or None, initial={"display_name": chosen.player.name})
    if request.method == "GET":
        return _remember_phone(_claim_page(request, session, chosen, form), new_phone)
    if not signed_in and (too_many := signups_refused(request)):
        return too_many
    if not form.is_valid():
        if isinstance(form, ClaimSignupForm) and (too_many := name_refusals_refused(request, form)):
            return too_many
        return _remember_phone(_claim_page(request, session, chosen, form, status=422), new_phone)
    if isinstance(form, ClaimSignupForm):
        made = sign_up(request, form)
        if isinstance(made, HttpResponse):
            return made
        if made is None:
            return _claim_page(request, session, chosen, form, status=422)
        user = made
    if flood := _flooded(request, user, phone):
        return _remember_phone(refused(request, flood, _shared(session)), new_phone)
    outcome = claims.claim_seat(session, seat, user, phone=phone, token=token)
    if isinstance(outcome, ClaimRefusal):
        response = refused(request, outcome, _shared(session) if outcome.status != 404 else "")
    else:
        _keep_name(user, form.cleaned_data["display_name"])
        if outcome.linked:
            messages.success(request, _("Seat %(n)s (%(name)s) is linked to you.") % claims.seat_words(outcome.seat))
        else:
            messages.success(
                request,
                _("Asked: the keeper's phone shows your request for seat %(n)s (%(name)s).")
                % claims.seat_words(outcome.seat),
            )
        response = redirect("shared_board", token)
    if isinstance(form, ClaimSignupForm):
        remember_device(request, response, user)
    return _remember_phone(response, new_phone)


def display_name_or(user: User, seat: Seat) -> str:
    """The name to offer: the account's own, else the seat's."""
    return str(user.first_name or "").strip() or seat.player.name


def _keep_name(user: User, name: str) -> None:
    if name and name != user.first_name:
        user.first_name = name
        user.save(update_fields=["first_name"])


def _claim_page(
    request: HtmxHttpRequest, session: GameSession, seat: Seat, form: Any, *, status: int = 200
) -> HttpResponse:
    context = {
        "session": session,
        "seat": seat,
        "form": form,
        "mine": isinstance(request.user, User) and seat.person_id == request.user.pk,
        "login_next": reverse("claim_seat", args=[session.share_token, seat.index]),
    }
    return TemplateResponse(request, "players/claim.html", context, status=status)


ANSWERS = {"accept": True, "refuse": False}


@login_required
@require_POST
def claim_decide(request: HtmxHttpRequest, session_id: int, seat: int) -> HttpResponse:
    """A keeper's one tap on a seat's waiting claim: `answer=accept` links the seat, `answer=refuse` does not."""
    session = kept_session(request, session_id)
    answer = request.POST.get("answer", "")
    if answer not in ANSWERS:
        unanswered = ClaimRefusal(_("Answer the request with Accept or Refuse."), 400)
        return refused(request, unanswered, session.get_absolute_url())
    raw_claim = request.POST.get("claim")
    claim_id = query_number(raw_claim, most=999_999_999) if raw_claim else None
    outcome = claims.decide_claim(session, seat, accept=ANSWERS[answer], claim_id=claim_id)
    if isinstance(outcome, ClaimRefusal):
        return refused(request, outcome, session.get_absolute_url())
    words = {"who": outcome.name, **claims.seat_words(outcome.seat)}
    if outcome.accepted:
        messages.success(request, _("%(who)s is linked to seat %(n)s (%(name)s).") % words)
    else:
        messages.info(request, _("Refused: %(who)s is not linked to seat %(n)s (%(name)s).") % words)
    return _back(request, session)


@login_required
@require_POST
def seat_unlink(request: HtmxHttpRequest, session_id: int, seat: int) -> HttpResponse:
    """A keeper undoes a seat's link (the evening leaves that player's record)."""
    session = kept_session(request, session_id)
    outcome = claims.undo_link(session, seat)
    if isinstance(outcome, ClaimRefusal):
        return refused(request, outcome, session.get_absolute_url())
    messages.success(request, _("Seat %(n)s (%(name)s) is no longer linked to anyone.") % claims.seat_words(outcome))
    return _back(request, session)


def _back(request: HtmxHttpRequest, session: GameSession) -> HttpResponse:
    """Back to the page the keeper answered from: the board, or the table's players page."""
    if request.POST.get("back") == "players":
        return redirect("session_players", session.pk)
    return redirect(session)
