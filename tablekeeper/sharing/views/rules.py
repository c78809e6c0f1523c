"""This table's rules behind the share link."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.pages.rules import table_rules_page
from tablekeeper.web.http import HtmxHttpRequest, shared_page


@require_GET
@cache_control(private=True, no_cache=True)
def shared_rules(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """/b/<token>/rules/: this table's rules for whoever holds the share link."""
    session = GameSession.objects.filter(share_token=token, share_enabled=True).first()
    if session is None:
        raise Http404("This link does not exist or was turned off.")
    return shared_page(table_rules_page(request, session, shared=True))
