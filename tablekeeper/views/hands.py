"""Recording, previewing, correcting and listing hands."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from .. import services
from ..converters import query_number
from ..forms import HandForm, new_client_token
from ..forms.hand_rows import carried_side_bets
from ..forms.values import FieldValues
from ..http import HtmxHttpRequest, current_user, page_or_partial
from ..models import GameSession, Round, Seat
from ..reasons import reasons
from ..reasons.record import record_lines
from ..reasons.refusals import explained, pattern_names, refusals
from ..rules import Record, SettleResult
from ..rules.deal import next_deals
from ..services.trail import trail_of
from .access import kept_session
from .board import build_board, seats_of

FORM_TEMPLATE = "hands/form.html"


def _form_context(
    session: GameSession, seats: list[Seat], form: HandForm, *, editing: Round | None = None, **extra: object
) -> dict[str, object]:
    # Editing hand 5 shows the table as hand 5 was dealt: its dealer, streak and pot, not today's.
    before = services.table_before(session, editing.number) if editing is not None else None
    # A new hand: who deals the next two hands for each plain result, so a phone keeping hands
    # offline still shows the winds and 庄 (static/js/outbox-queue.js).
    state = session.state or session.starting_state()
    deals = "" if editing is not None else json.dumps(next_deals(session.variant, state, session.engine_options()))
    return {
        "next_deals": deals,
        "session": session,
        "seats": seats,
        "board": build_board(session, seats, before=before),
        "form": form,
        "editing": editing,
        "patterns": session.variant_info["patterns"],
        "later_changes": [],
        **extra,
    }


def _later_rows(seats: list[Seat], changes: list[services.LaterChange]) -> list[dict[str, object]]:
    """Each later hand that would change, as the confirmation lists it: seat by seat, old → new."""
    names = [seat.player.name for seat in seats]
    return [
        {
            "number": change.number,
            "seats": [
                {"name": names[seat], "before": old, "after": new, "changed": old != new}
                for seat, (old, new) in enumerate(zip(change.before, change.after, strict=True))
            ],
            "dealer_before": names[change.dealer_before],
            "dealer_after": names[change.dealer_after],
        }
        for change in changes
    ]


def _preview_context(
    session: GameSession,
    seats: list[Seat],
    preview: SettleResult | None,
    form: HandForm | None = None,
    record: Record | None = None,
) -> dict[str, object]:
    """The preview bar's content; `record` is the hand scored when the form was not submitted (an edit opening)."""
    if preview is None:
        return {"preview": None, "preview_rows": [], "preview_lines": [], "preview_errors": [], "tiles_verdict": None}
    names = [seat.player.name for seat in seats]
    if form is not None and form.is_bound:
        record = form.to_record() if form.is_valid() else None
    return {
        "preview": preview,
        "preview_rows": _preview_rows(seats, preview["deltas"]),
        "preview_lines": reasons(preview["lines"], names, session.variant_info),
        "preview_errors": refusals(preview["errors"], names, record, pattern_names(session.variant_info)),
        "tiles_verdict": tiles_verdict(record, preview),
    }


def tiles_verdict(record: Record | None, preview: SettleResult) -> str | None:
    """What the engine made of the winning tiles: "legal", "illegal", or "unchecked" (another problem
    stopped it first); None when no tiles were entered.

    Read from the result alone: the engine reads every win's tiles and refuses the hand, naming a
    tiles field, when they are no legal win. What the tiles prove is in the reasons.
    """
    if record is None or not any(win.get("tiles") for win in record.get("wins") or []):
        return None
    if preview["ok"]:
        return "legal"
    refused = any(error.get("kind") == "tiles" for error in preview["errors"])
    return "illegal" if refused else "unchecked"


def _preview_rows(seats: list[Seat], deltas: Sequence[int]) -> list[dict[str, object]]:
    names = {seat.index: seat.player.name for seat in seats}
    return [{"name": names.get(index, f"P{index}"), "delta": delta} for index, delta in enumerate(deltas)]


def _done(request: HtmxHttpRequest, session: GameSession) -> HttpResponse:
    url = session.get_absolute_url()
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _save_or_edit(
    request: HtmxHttpRequest,
    session: GameSession,
    seats: list[Seat],
    form: HandForm,
    editing: Round | None,
    asked: dict[str, object],
) -> tuple[Round | None, int]:
    """Run the write; return the hand saved, else None and the status to re-render the form with."""
    if request.POST.get("action") == "insist":
        insisted = form.as_manual_adjustment()
        if insisted is None:
            return None, 422
        record = insisted
    else:
        record = form.to_record()
    try:
        if editing is None:
            saved = services.record_hand(
                session,
                record,
                client_token=form.cleaned_data["client_token"],
                expected_number=form.cleaned_data["expected_number"],
                user=current_user(request),
            )
        else:
            saved = services.edit_hand(
                session,
                editing.number,
                record,
                user=current_user(request),
                based_on=form.cleaned_data["based_on"],
                confirm=form.cleaned_data["confirm_changes"] or "",
            )
            messages.success(request, _("Hand %(number)s changed; later hands re-scored.") % {"number": editing.number})
    except services.NeedsConfirmation as ask:
        # Nothing was written: list the later hands that would change and ask before applying.
        asked.update(later_changes=_later_rows(seats, ask.changes), later_digest=ask.digest, later_stale=ask.stale)
        return None, 200
    except services.Conflict as conflict:
        form.conflict = conflict.message
        # A spent token (its hand undone, deleted or changed on another phone) can never be saved:
        # the outbox must not offer to send it again as it is.
        form.token_spent = isinstance(conflict, services.TokenSpent)
        if editing is None:
            session.refresh_from_db(fields=["hand_count", "status"])
            if session.is_open and session.next_number != form.cleaned_data["expected_number"]:
                form.renumber_to = session.next_number
        return None, 409
    except services.HandRejected as rejected:
        if editing is not None and rejected.number not in (None, editing.number):
            said = refusals(rejected.errors, form.names, rejected.record)
            sentence = _("This change would make hand %(number)s invalid, so nothing was changed: %(why)s")
            form.engine_errors.setdefault("general", []).append(explained(sentence, said, number=rejected.number))
        else:
            form.attach_engine_errors(rejected.errors, record)
        return None, 422
    return saved, 200


def _from_outbox(request: HtmxHttpRequest) -> bool:
    """A hand kept on the phone while offline, sent by static/js/outbox.js, which reads JSON."""
    return request.get_preferred_type(["text/html", "application/json"]) == "application/json"


def _outbox_answer(session: GameSession, form: HandForm, status: int) -> JsonResponse:
    """Why a kept hand was not saved: a conflict (with the hand number now next) or the problems."""
    if status == 409:
        session.refresh_from_db(fields=["hand_count", "status"])
        answer = {"conflict": form.conflict, "next": session.next_number, "spent": form.token_spent}
        return JsonResponse(answer, status=409)
    return JsonResponse({"errors": form.problems()}, status=status)


def _hand_form_view(request: HtmxHttpRequest, session: GameSession, editing: Round | None) -> HttpResponse:
    # Read only when something is shown: a Save that succeeds answers with a redirect and no names,
    # so it skips the query (DESIGN.md's Save budget).
    seats = cast(list[Seat], SimpleLazyObject(lambda: seats_of(session)))
    names = cast(list[str], SimpleLazyObject(lambda: [seat.player.name for seat in seats]))
    preview: SettleResult | None = None
    asked: dict[str, object] = {}
    status = 200
    if request.method == "POST":
        form = HandForm(session, _renumbered(request, session, editing), names=names)
        if not session.is_open:
            form.conflict = _("This session is finished; its hands can no longer be changed.")
            status = 409
        elif form.is_valid():
            if request.POST.get("action") == "renumber" and editing is None:
                # "Enter it as hand N": the same taps, drawn for the hand that is next now, and
                # scored against the table as it is now; nothing is saved until Save.
                preview = services.preview_hand(session, form.to_record(), None)
            elif request.POST.get("action") == "preview":
                number = editing.number if editing else None
                preview = services.preview_hand(session, form.to_record(), number)
                form.attach_engine_errors(preview["errors"], form.to_record())
            else:
                saved, status = _save_or_edit(request, session, seats, form, editing, asked)
                if asked and editing is not None:
                    # The keeper is asked about the later hands: the bar still shows this hand's new scoring.
                    preview = services.preview_hand(session, form.to_record(), editing.number)
                if saved is not None and _from_outbox(request):
                    return JsonResponse({"saved": saved.number})
                if saved is not None:
                    return _done(request, session)
        else:
            status = 422
        if _from_outbox(request) and status != 200:
            return _outbox_answer(session, form, status)
        if not request.htmx and status != 409:
            # A browser without JavaScript shows the form again; a 4xx would look like a broken page.
            status = 200
    elif editing is not None:
        initial = HandForm.initial_from_record(editing.record)
        form = HandForm(
            session,
            initial={
                **initial,
                "client_token": editing.client_token,
                "expected_number": 1,
                "based_on": editing.fingerprint,
            },
            names=names,
        )
        # The hand opens scored as it stands, so the keeper sees what a change changes.
        preview = services.preview_hand(session, editing.record, editing.number)
    else:
        form = HandForm(session, initial=_new_hand_initial(session), names=names)
    shown = _preview_context(session, seats, preview, form, editing.record if editing is not None else None)
    context = _form_context(session, seats, form, editing=editing, **shown, **asked)
    return page_or_partial(request, FORM_TEMPLATE, "hand_form", context, status=status)


def _renumbered(request: HtmxHttpRequest, session: GameSession, editing: Round | None) -> Any:
    """The posted taps; for "enter it as the next hand" after a conflict, with the hand number that
    is next now and a new client token (the old one saved nothing, and a token another phone's
    undo or delete spent could never save)."""
    if request.POST.get("action") != "renumber" or editing is not None:
        return request.POST
    data = request.POST.copy()
    data["expected_number"] = str(session.next_number)
    data["client_token"] = new_client_token()
    return data


def _new_hand_initial(session: GameSession) -> FieldValues:
    initial: FieldValues = {"client_token": new_client_token(), "expected_number": session.next_number}
    methods = HandForm.methods_of(session)
    if methods == ["self_draw"]:
        initial["how"] = "self_draw"
    if session.table_rules["max_side_bet"] and session.hand_count:
        previous = Round.objects.filter(session=session, number=session.hand_count).values_list("record", flat=True)
        initial.update(carried_side_bets(previous.first()))
    return initial


@login_required
@require_http_methods(["GET", "POST"])
def hand_new(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    if request.method == "GET" and not session.is_open:
        return redirect(session)
    return _hand_form_view(request, session, None)


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request: HtmxHttpRequest, session_id: int, number: int) -> HttpResponse:
    session = kept_session(request, session_id)
    round_ = Round.objects.filter(session=session, number=number).first()
    if round_ is None:
        if request.method == "GET":
            raise Http404("No such hand.")
        # An edit form opened before another phone deleted or undid this hand: say so, as for
        # any other stale change, instead of a bare 404 the keeper would never see.
        context = {"session": session, "message": services.hand_gone(number).message}
        return page_or_partial(request, "hands/gone.html", "gone", context, status=409)
    if request.method == "GET" and not session.is_open:
        # A finished session is read-only: show the hand, not a form that could not be saved.
        return redirect("hand_detail", session.pk, number)
    return _hand_form_view(request, session, round_)


@login_required
@require_POST
def hand_preview(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """Score the form's taps without saving: the live preview under the form."""
    session = kept_session(request, session_id)
    seats = seats_of(session)
    raw_editing = request.POST.get("editing") or ""
    editing = query_number(raw_editing)
    if raw_editing and (editing is None or editing > session.hand_count):
        return HttpResponseBadRequest(
            _("There is no hand %(number)s to preview a change of.") % {"number": raw_editing[:12]}
        )
    form = HandForm(session, request.POST)
    preview: SettleResult | None = None
    if form.is_valid():
        preview = services.preview_hand(session, form.to_record(), editing)
    # The session too: a refused note's message links back to the hand form.
    context = {"session": session, "form": form, "seats": seats, **_preview_context(session, seats, preview, form)}
    return TemplateResponse(request, f"{FORM_TEMPLATE}#preview", context)


def _detail_context(session: GameSession, round_: Round, **extra: object) -> dict[str, object]:
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    info = session.variant_info
    # Each correction's records said in words, as the keeper entered them; never the raw record.
    corrections = [
        {
            "correction": correction,
            "before": record_lines(correction.before, names, info) if correction.before else [],
            "after": record_lines(correction.after, names, info) if correction.after else [],
        }
        # By the hand's key: after an earlier hand is deleted, this hand's own record, not its number's.
        for correction in trail_of(session, round_.key)
    ]
    return {
        "session": session,
        "round": round_,
        "rows": _preview_rows(seats, round_.deltas),
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
    try:
        services.delete_hand(
            session,
            number,
            user=current_user(request),
            based_on=request.POST.get("based_on"),
            confirm=confirm,
            ask=request.POST.get("ask") == "1",
        )
    except services.NeedsConfirmation as ask:
        # Deleting a hand moves the deal of every later hand: list what changes, then ask.
        round_ = get_object_or_404(Round.objects.select_related("entered_by"), session=session, number=number)
        later = _later_rows(seats_of(session), ask.changes)
        context = _detail_context(
            session, round_, confirming_delete=True, later_changes=later, later_digest=ask.digest, later_stale=ask.stale
        )
        return TemplateResponse(request, "hands/detail.html", context)
    except services.Conflict as conflict:
        messages.error(request, conflict.message)
    except services.HandRejected as rejected:
        names = [seat.player.name for seat in seats_of(session)]
        sentence = _("Deleting hand %(number)s would make hand %(later)s invalid, so nothing was changed: %(why)s")
        said = refusals(rejected.errors, names, rejected.record)
        messages.error(request, explained(sentence, said, number=number, later=rejected.number).html())
        return _to(request, f"{session.get_absolute_url()}hands/{number}/")
    else:
        messages.success(
            request, _("Hand %(number)s deleted; later hands renumbered and re-scored.") % {"number": number}
        )
    return _done(request, session)


@login_required
@require_POST
def hand_undo(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    try:
        undone = services.undo_last_hand(session, user=current_user(request), based_on=request.POST.get("based_on"))
    except services.Conflict as conflict:
        messages.error(request, conflict.message)
    else:
        if undone is not None:
            messages.success(request, _("Hand %(number)s undone.") % {"number": undone.number})
    return _done(request, session)


def _to(request: HtmxHttpRequest, url: str) -> HttpResponse:
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
