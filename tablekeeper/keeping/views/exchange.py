"""Downloads (JSON, CSV) of a session, and importing a JSON export as a new session."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tablekeeper.accounts.throttle import account_over_limit
from tablekeeper.reading.reasons.refusals import Refusal
from tablekeeper.reading.reasons.words import chinese
from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..forms.exchange import ImportForm
from ..models import GameSession
from ..pages.access import kept_session
from ..pages.board import seats_of
from ..services.exchange import AlreadyImported, ImportRefused, export_session, import_session
from ..services.quotas import QuotaReached, imports_message
from ..services.spreadsheet import export_csv


def _download(body: str, content_type: str, session: GameSession, extension: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    name = f"tablekeeper-{session.variant}-{session.pk}-{session.created:%Y%m%d}.{extension}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_GET
def session_export_json(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    exported = export_session(session, seats_of(session))
    body = json.dumps(exported, ensure_ascii=False, indent=1)
    return _download(body, "application/json; charset=utf-8", session, "json")


@login_required
@require_GET
def session_export_csv(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    # A byte-order mark so that spreadsheet programs read the Chinese names as UTF-8.
    body = "\ufeff" + export_csv(session, seats_of(session))
    return _download(body, "text/csv; charset=utf-8", session, "csv")


@login_required
@require_http_methods(["GET", "POST"])
def session_import(request: HtmxHttpRequest) -> HttpResponse:
    status = 200
    refused_said: Refusal | None = None
    context: dict[str, Any] = {}
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES, cut_off=getattr(request, "upload_too_large", False))
        if form.is_valid():
            user = current_user(request)
            # Counted once the file is an export: an import writes up to MAX_IMPORT_HANDS hands.
            if account_over_limit(user.pk, "import", settings.IMPORTS_PER_HOUR):
                context = {"form": form, "refused": Refusal(imports_message(), "")}
                return TemplateResponse(request, "sessions/import.html", context, status=429)
            try:
                session = import_session(
                    user, form.cleaned_data["data"], ask_if_imported=not form.cleaned_data["anyway"]
                )
            except AlreadyImported as twin:
                context = _ask_about_twin(twin, form.raw_text)
            except (ImportRefused, QuotaReached) as refused:
                refused_said = Refusal(refused.message, getattr(refused, "detail", ""))
            else:
                return redirect(session)
        status = 422 if request.htmx else 200
        if context:
            status = 409 if request.htmx else 200
    else:
        form = ImportForm()
    context = {"form": form, "refused": refused_said, **context}
    return TemplateResponse(request, "sessions/import.html", context, status=status)


def _ask_about_twin(twin: AlreadyImported, raw_text: str) -> dict[str, Any]:
    """The question "this looks like … already here: import anyway?", with the file kept to send again."""
    names = twin.session.variant_info["name"]
    variant = names["zh"] if chinese() else names["en"]
    question = _("This looks like %(variant)s of %(date)s, already here. Import it anyway?") % {
        "variant": variant,
        "date": date_format(twin.played, "m-d"),
    }
    return {"twin": twin.session, "twin_question": question, "twin_text": raw_text}
