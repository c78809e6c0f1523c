"""The hand form: recording a hand, correcting one, the live preview, and what a Save comes to."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tablekeeper.reading.reasons import reasons
from tablekeeper.reading.reasons.refusals import explained, pattern_names, refusals
from tablekeeper.rules import Record, SettleResult
from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, current_user, page_or_partial

from .. import services
from ..forms import HandForm, new_client_token
from ..forms.hand_rows import carried_side_bets
from ..forms.values import FieldValues
from ..models import MAX_HAND_NUMBER, GameSession, Round, Seat
from ..pages.access import kept_session
from ..pages.board import board_after_save, build_board, deals_after, seats_of
from ..pages.outbox import asks_for_json, save_kept_hand
from ..pages.races import race_view
from ..pages.rows import later_rows, seat_rows

FORM_TEMPLATE = "hands/form.html"


def _form_context(
    session: GameSession,
    seats: list[Seat],
    form: HandForm,
    *,
    editing: Round | None = None,
    dealt: int | None = None,
    **extra: object,
) -> dict[str, object]:
    # Editing hand 5 shows the table as hand 5 was dealt: its dealer, streak and pot, not today's;
    # so does the race for hand 5 lost to another phone (`dealt`), whose two versions it compares.
    number = editing.number if editing is not None else dealt
    before = services.table_before(session, number) if number is not None else None
    # A new hand: who deals the next two hands for each plain result, so a phone keeping hands
    # offline still shows the winds and 庄 (static/js/outbox-queue.js).
    deals = "" if editing is not None else deals_after(session)
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
        "preview_rows": seat_rows(seats, preview["deltas"]),
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


# What a Save of the hand form came to, each as the service named it: a new hand saved, a hand
# changed, or why not. None: "keep it anyway" without the note that says why (the form holds the
# error), so nothing was written.
SaveOutcome = services.Saved | Round | services.NeedsConfirmation | services.Conflict | services.HandRejected | None


def _record_to_save(request: HtmxHttpRequest, form: HandForm) -> Record | None:
    """The record a Save carries: the taps, or (insisting) the hand kept as a manual adjustment."""
    return form.as_manual_adjustment() if request.POST.get("action") == "insist" else form.to_record()


def _save_or_edit(request: HtmxHttpRequest, session: GameSession, form: HandForm, editing: Round | None) -> SaveOutcome:
    record = _record_to_save(request, form)
    if record is None:
        return None
    if editing is None:
        return services.record_hand(
            session,
            record,
            client_token=form.cleaned_data["client_token"],
            expected_number=form.cleaned_data["expected_number"],
            user=current_user(request),
        )
    return services.edit_hand(
        session,
        editing.number,
        record,
        user=current_user(request),
        based_on=form.cleaned_data["based_on"],
        confirm=form.cleaned_data["confirm_changes"] or "",
    )


def _answer_save(
    request: HtmxHttpRequest,
    session: GameSession,
    seats: list[Seat],
    form: HandForm,
    editing: Round | None,
    outcome: SaveOutcome,
) -> HttpResponse:
    """Each outcome of a Save, answered: the board when it stands, else the form again saying why."""
    show = partial(_form_page, request, session, seats, form, editing)
    match outcome:
        case services.Saved():
            # A new hand is the last one: the board need not read it again (a retried Save's may not be).
            last = outcome.hand if outcome.session.hand_count == outcome.hand.number else None
            return board_after_save(request, outcome.session, last)
        case Round():
            messages.success(request, _("Hand %(number)s changed; later hands re-scored.") % {"number": outcome.number})
            session.refresh_from_db()
            # The edit form loads no outbox (a correction is never kept on the phone); the board does.
            return board_after_save(request, session, bring_outbox=True)
        case services.NeedsConfirmation() if editing is not None:
            # Nothing was written: list the later hands that would change and ask before applying;
            # the bar still shows this hand's new scoring.
            later = later_rows(seats, outcome.changes)
            preview = services.preview_hand(session, form.to_record(), editing.number)
            return show(preview, later_changes=later, later_digest=outcome.digest, later_stale=outcome.stale)
        case services.NumberTaken() if editing is None:
            # Another phone saved this hand first: show what it saved beside what this phone
            # entered, seat chips drawn as that hand was dealt; the same hand needs recording no more.
            form.conflict = outcome.message
            form.renumber_to = outcome.next_number
            record = _record_to_save(request, form)
            race = services.compare_with_saved(session, outcome.number, record) if record is not None else None
            if race is None or record is None:
                return show(status=409)
            return show(status=409, race=race_view(session, seats, race, record), dealt=outcome.number)
        case services.Conflict():
            form.conflict = outcome.message
            if editing is None and not isinstance(outcome, services.SessionFinished):
                session.refresh_from_db(fields=["hand_count", "status"])
                if session.is_open and session.next_number != form.cleaned_data["expected_number"]:
                    form.renumber_to = session.next_number
            return show(status=409)
        case services.HandRejected() if editing is not None and outcome.number not in (None, editing.number):
            said = refusals(outcome.errors, form.names, outcome.record)
            sentence = _("This change would make hand %(number)s invalid, so nothing was changed: %(why)s")
            form.engine_errors.setdefault("general", []).append(explained(sentence, said, number=outcome.number))
        case services.HandRejected():
            form.attach_engine_errors(outcome.errors, outcome.record)
    return show(status=422)


def _form_page(
    request: HtmxHttpRequest,
    session: GameSession,
    seats: list[Seat],
    form: HandForm,
    editing: Round | None,
    preview: SettleResult | None = None,
    *,
    status: int = 200,
    dealt: int | None = None,
    **extra: Any,
) -> HttpResponse:
    if not request.htmx and status != 409:
        # A browser without JavaScript shows the form again; a 4xx would look like a broken page.
        status = 200
    shown = _preview_context(session, seats, preview, form, editing.record if editing is not None else None)
    context = _form_context(session, seats, form, editing=editing, dealt=dealt, **shown, **extra)
    return page_or_partial(request, FORM_TEMPLATE, "hand_form", context, status=status)


def _hand_form_view(request: HtmxHttpRequest, session: GameSession, editing: Round | None) -> HttpResponse:
    # Read only when the form is shown: a Save that stands answers with the board, which reads them itself.
    seats = cast(list[Seat], SimpleLazyObject(lambda: seats_of(session)))
    names = cast(list[str], SimpleLazyObject(lambda: [seat.player.name for seat in seats]))
    if request.method != "POST":
        if editing is None:
            form = HandForm(session, initial=_new_hand_initial(session), names=names)
            return _form_page(request, session, seats, form, editing)
        initial = {**HandForm.initial_from_record(editing.record), "client_token": editing.client_token}
        form = HandForm(
            session, initial={**initial, "expected_number": 1, "based_on": editing.fingerprint}, names=names
        )
        # The hand opens scored as it stands, so the keeper sees what a change changes.
        return _form_page(
            request, session, seats, form, editing, services.preview_hand(session, editing.record, editing.number)
        )
    form = HandForm(session, _renumbered(request, session, editing), names=names)
    action = request.POST.get("action")
    if not session.is_open:
        finished = services.SessionFinished(_("This session is finished; its hands can no longer be changed."))
        return _answer_save(request, session, seats, form, editing, finished)
    if not form.is_valid():
        return _form_page(request, session, seats, form, editing, status=422)
    if action == "renumber" and editing is None:
        # "Enter it as hand N": the same taps, drawn for the hand that is next now, and scored
        # against the table as it is now; nothing is saved until Save.
        return _form_page(request, session, seats, form, editing, services.preview_hand(session, form.to_record()))
    if action == "preview":
        preview = services.preview_hand(session, form.to_record(), editing.number if editing else None)
        form.attach_engine_errors(preview["errors"], form.to_record())
        return _form_page(request, session, seats, form, editing, preview)
    return _answer_save(request, session, seats, form, editing, _save_or_edit(request, session, form, editing))


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
    if request.method == "POST" and asks_for_json(request):
        # A page loaded before the outbox had an address of its own sends its kept hands here.
        return save_kept_hand(request, kept_session(request, session_id))
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
    editing = query_number(raw_editing, most=MAX_HAND_NUMBER)
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
