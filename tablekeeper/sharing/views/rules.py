"""This table's rules behind the share link."""

from __future__ import annotations

from django.http import HttpResponse

from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.pages.rules import table_rules_page
from tablekeeper.web.http import HtmxHttpRequest

from ..pages.guard import behind_link


@behind_link("rules")
def shared_rules(request: HtmxHttpRequest, session: GameSession) -> HttpResponse:
    """/b/<token>/rules/: this table's rules for whoever holds the share link."""
    return table_rules_page(request, session, shared=True)
