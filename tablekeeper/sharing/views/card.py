"""The result card's two pages: the keeper's, and the same card behind the share link. What the card
says is built in `sharing/pages/card.py`; the browser draws it (static/js/card.js)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.pages.access import kept_session
from tablekeeper.web.http import HtmxHttpRequest

from ..pages.card import card_data
from ..pages.guard import behind_link


@login_required
@require_GET
def session_card(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    share_url = request.build_absolute_uri(f"/b/{session.share_token}/") if session.share_enabled else None
    context = {"session": session, "card": card_data(session, share_url=share_url)}
    return TemplateResponse(request, "sessions/card.html", context)


@behind_link("card")
def shared_card(request: HtmxHttpRequest, session: GameSession) -> HttpResponse:
    """The same card for whoever holds the share link: anyone at the table can post it."""
    share_url = request.build_absolute_uri(f"/b/{session.share_token}/")
    context = {"session": session, "card": card_data(session, share_url=share_url), "shared": True}
    return TemplateResponse(request, "sessions/card.html", context)
