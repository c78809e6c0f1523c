"""This table's rules as a page, for its keepers and for the share link's viewers."""

from __future__ import annotations

from django.http import HttpResponse
from django.template.response import TemplateResponse

from tablekeeper.reading.reference import build_reference
from tablekeeper.rules import variant_ids
from tablekeeper.web.http import HtmxHttpRequest

from ..models import GameSession


def table_rules_page(request: HtmxHttpRequest, session: GameSession, *, shared: bool) -> HttpResponse:
    context = {
        "reference": build_reference(session.variant, session.engine_options(), session.not_played),
        "session": session,
        "shared": shared,
        "variants": variant_ids(),
    }
    return TemplateResponse(request, "rules/reference.html", context)
