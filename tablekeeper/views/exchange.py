"""Downloads (JSON, CSV) of a session, and importing a JSON export as a new session."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET, require_http_methods

from ..forms.exchange import ImportForm
from ..http import HtmxHttpRequest, current_user
from ..models import GameSession
from ..reasons.refusals import Refusal
from ..services.exchange import ImportRefused, export_csv, export_session, import_session
from .access import kept_session
from .board import seats_of


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
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES, cut_off=getattr(request, "upload_too_large", False))
        if form.is_valid():
            try:
                session = import_session(current_user(request), form.cleaned_data["data"])
            except ImportRefused as refused:
                refused_said = Refusal(refused.message, refused.detail)
            else:
                return redirect(session)
        status = 422 if request.htmx else 200
    else:
        form = ImportForm()
    return TemplateResponse(request, "sessions/import.html", {"form": form, "refused": refused_said}, status=status)
