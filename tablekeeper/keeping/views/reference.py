"""The rules reference: a variant's rules for anyone, and one table's rules for its keepers and the
share link's viewers. Built from the engine on each request (`reference.build_reference`)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tablekeeper.reading.reference import build_reference
from tablekeeper.rules import variant_ids
from tablekeeper.web.http import HtmxHttpRequest, shared_page

from ..pages.access import kept_session
from ..pages.rules import table_rules_page

# The book's rules change only with a deploy: a phone may keep the page a day (the worker keeps it too);
# private, as every page carries its own CSRF token (the language switch).
PUBLIC_MAX_AGE = 24 * 60 * 60


@require_GET
@cache_control(private=True, max_age=PUBLIC_MAX_AGE)
@vary_on_headers("Accept-Language", "Cookie")
def variant_rules(request: HtmxHttpRequest, variant: str) -> HttpResponse:
    """/rules/<variant>/: the variant's rules as the book has them, no sign-in needed."""
    if variant not in variant_ids():
        raise Http404("No such variant.")
    context = {"reference": build_reference(variant), "session": None, "variants": variant_ids()}
    return shared_page(TemplateResponse(request, "rules/reference.html", context))


@login_required
@require_GET
@cache_control(private=True, no_cache=True)
def session_rules(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """/sessions/<id>/rules/: this table's rules (the owner and its keepers)."""
    session = kept_session(request, session_id)
    return table_rules_page(request, session, shared=False)
