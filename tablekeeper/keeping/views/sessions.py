"""Session pages: the list, starting one, the board, finishing."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db.models import Count, F
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tablekeeper.accounts.models import display_name
from tablekeeper.reading.reasons.refusals import refusals
from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, current_user, page_or_partial, revalidated

from .. import services
from ..forms import MoneyRateForm, StartSessionForm
from ..forms.table_fee import TableFeeForm, fee_initial
from ..models import MAX_PRESETS, GameSession, Player, TablePreset
from ..pages.access import is_owner, kept_session, owned_session
from ..pages.board import BOARD_VARY, board_context, board_etag
from ..pages.start import city_preset_choices, city_preset_initial, preset_from_query, preset_initial
from ..services import sessions as services_sessions
from ..services.evening import big_winner_title

SESSIONS_PER_PAGE = 25
ARCHIVED = "archived"  # the session list's filter for the sessions put away


@login_required
@require_GET
def session_list(request: HtmxHttpRequest) -> HttpResponse:
    """The sessions the account owns or keeps, newest first, a page at a time; `?status=open` or
    `?status=finished` narrows them."""
    user = current_user(request)
    sessions = services.sessions_kept_by(user).select_related("owner").order_by("-created", "-pk")
    status = request.GET.get("status", "")
    if status == ARCHIVED:
        sessions = sessions.filter(archived=True)
    elif status in GameSession.Status.values:
        sessions = sessions.filter(status=status, archived=False)
    else:
        status = ""
        sessions = sessions.filter(archived=False)
    raw_page = request.GET.get("page")
    page = query_number(raw_page, most=100_000) if raw_page is not None else 1
    if page is None:
        raise Http404("No such page of sessions.")
    start = (page - 1) * SESSIONS_PER_PAGE
    # One row more than the page shows says whether there is an older page, without a COUNT.
    shown = list(sessions.prefetch_related("seats__player")[start : start + SESSIONS_PER_PAGE + 1])
    context = {
        "sessions": [(session, _big_winner(session)) for session in shown[:SESSIONS_PER_PAGE]],
        "status": status,
        "user": user,
        "older_page": page + 1 if len(shown) > SESSIONS_PER_PAGE else None,
        "newer_page": page - 1 if page > 1 else None,
        # Invitations to keep score, by user name, that this account has not answered.
        "keeper_requests": services.waiting_requests(user),
    }
    return TemplateResponse(request, "sessions/list.html", context)


def _big_winner(session: GameSession) -> str:
    """A finished session's big winner, for its row of the list; "" while it is open."""
    if session.is_open:
        return ""
    return big_winner_title(session, [seat.player.name for seat in session.seats.all()])


@login_required
@require_http_methods(["GET", "POST"])
def session_new(request: HtmxHttpRequest) -> HttpResponse:
    user = current_user(request)
    if request.method == "POST":
        form = StartSessionForm(request.POST)
        if form.is_valid():
            try:
                session = services.start_session(
                    user,
                    variant=form.cleaned_data["variant"],
                    player_names=form.player_names(),
                    first_dealer=form.first_dealer_seat(),
                    starting_points=form.cleaned_data["starting_points"],
                    base=form.cleaned_data["base"],
                    options=form.options(),
                    fee=form.fee_values(),
                    city_preset=form.cleaned_data.get("city_preset") or "",
                    money_rate=form.cleaned_data.get("money_rate"),
                )
            except services.OptionsRejected as rejected:
                for said in refusals(rejected.errors, form.player_names()):
                    form.add_error(None, said.flat())
            except services.QuotaReached as full:
                form.add_error(None, full.message)
            else:
                return redirect(session)
        status = 422 if request.htmx else 200
    else:
        preset = preset_from_query(request)
        city = city_preset_initial(request.GET.get("variant"), request.GET.get("city"))
        # A saved table first, then a city's preset, else the variant asked for (or the first).
        initial = preset_initial(preset) if preset else city or {"variant": request.GET.get("variant")}
        form = StartSessionForm(initial=initial)
        status = 200
    context = {
        "form": form,
        "known_players": known_players(user),
        "presets": TablePreset.objects.filter(owner=user)[:MAX_PRESETS],
        "city_presets": city_preset_choices(),
    }
    return page_or_partial(request, "sessions/new.html", "start_form", context, status=status)


def known_players(user: User) -> list[tuple[str, str]]:
    """The keeper's players for the start form's suggestions, (name, the display name of the account it is
    linked to, or ""): the linked ones first, then the most seated. Choosing a linked name links its seat."""
    players = (
        Player.objects.filter(owner=user)
        .annotate(times=Count("seats"))
        .select_related("person")
        .order_by(F("person").asc(nulls_last=True), "-times", "name")
    )
    return [(player.name, display_name(player.person) if player.person else "") for player in players]


@login_required
@require_GET
def session_new_options(request: HtmxHttpRequest) -> HttpResponse:
    """The variant-dependent part of the start form (defaults and house rules), swapped in on change."""
    form = StartSessionForm(initial={"variant": request.GET.get("variant")})
    return TemplateResponse(request, "sessions/new.html#variant_options", {"form": form})


@login_required
@require_GET
def session_detail(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    if not request.htmx:
        return page_or_partial(request, "sessions/detail.html", "live_board", board_context(request, session))
    # Every keeper's phone polls the board every few seconds; a poll that names the version it holds
    # (If-None-Match) costs the access query and a 304. A browser keeps none of a keeper's pages
    # (no-store), so its polls are answered in full and the page compares the versions.
    return revalidated(
        request,
        etag=board_etag(session, "k"),
        last_modified=int(session.updated_at.timestamp()),
        vary=BOARD_VARY,
        render=lambda: TemplateResponse(
            request, "sessions/detail.html#live_board", {**board_context(request, session), "polled": True}
        ),
    )


@login_required
@require_POST
def session_finish(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = owned_session(request, session_id)
    form = MoneyRateForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(error) for error in form.errors.get("money_rate", [])))
        return redirect(session)
    finished = services.finish_session(session, money_rate=form.cleaned_data["money_rate"])
    if isinstance(finished, services.Conflict):
        messages.warning(request, finished.message)
    else:
        messages.success(request, _("Session finished. Final standings below."))
    return redirect(session)


@login_required
@require_POST
def session_reopen(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """Only the owner reaches this (anyone else gets 404), so only the owner can reopen."""
    session = owned_session(request, session_id)
    reopened = services.reopen_session(session)
    if isinstance(reopened, services.Conflict):
        messages.warning(request, reopened.message)
    else:
        messages.success(request, _("Session reopened: hands can be recorded and corrected again."))
    return redirect(session)


@login_required
@require_POST
def session_money_rate(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = owned_session(request, session_id)
    form = MoneyRateForm(request.POST)
    if form.is_valid():
        services.set_money_rate(session, form.cleaned_data["money_rate"])
    else:
        messages.error(request, " ".join(str(error) for error in form.errors.get("money_rate", [])))
    return redirect(session)


@login_required
@require_POST
def session_archive(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """Put a session away from the list (`archived=1`) or bring it back (`archived=0`); owner only."""
    session = owned_session(request, session_id)
    archived = request.POST.get("archived") != "0"
    services.set_archived(session, archived=archived)
    if archived:
        messages.success(request, _("Session archived: it is listed under Archived."))
    else:
        messages.success(request, _("Session back in the list."))
    return redirect(session)


@login_required
@require_POST
def session_delete(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """Delete a session for good, after the confirmation on the board; owner only. Players stay."""
    session = owned_session(request, session_id)
    if request.POST.get("confirm") != "delete":
        messages.error(request, _("Nothing was deleted: confirm with the red button."))
        return redirect(session)
    services.delete_session(session)
    messages.success(request, _("Session deleted."))
    return redirect("session_list")


@login_required
@require_GET
def session_manage(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """Saving the session as a preset (any keeper), archiving and deleting it (the owner): kept off
    the board, which a phone at the table loads and polls all evening."""
    session = kept_session(request, session_id)
    context = {"session": session, "is_owner": is_owner(request, session), "fee_form": _fee_form(session)}
    return TemplateResponse(request, "sessions/manage.html", context)


def _fee_form(session: GameSession, data: Any = None) -> TableFeeForm:
    initial = {
        **fee_initial(session),
        "played_from": session.play_started,
        "played_until": session.played_until or session.finished,
    }
    return TableFeeForm(data, session=session, initial=initial)


@login_required
@require_POST
def session_fee(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """The table fee, place and playing times, changed later (the owner's, like the money rate)."""
    session = owned_session(request, session_id)
    form = _fee_form(session, request.POST)
    if not form.is_valid():
        context = {"session": session, "is_owner": True, "fee_form": form}
        return TemplateResponse(request, "sessions/manage.html", context, status=422)
    services_sessions.set_table_fee(session, form.fee_values())
    messages.success(request, _("Table fee saved."))
    return redirect(session)
