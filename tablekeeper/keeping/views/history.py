"""The history of a session: one row per hand, newest first, a page at a time, under the chart.

Every page reads a fixed number of rows (the page's hands, and the chart's sampled points on the
first page) from the stored per-hand columns, never a record's reasons: a 1000-hand session's
history costs what a 30-hand one does. The reasons are on each hand's own page, one tap away.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, page_or_partial

from ..models import MAX_HAND_NUMBER
from ..pages.access import kept_session
from ..pages.board import seats_of
from ..pages.chart import chart_points, running_total_chart
from ..pages.history import history_page
from ..pages.trail import said_trail
from ..services.trail import removed_hands


@login_required
@require_GET
def hand_history(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    raw_before = request.GET.get("before")
    before = query_number(raw_before, most=MAX_HAND_NUMBER)
    if raw_before is not None and before is None:
        raise Http404("No such page of the history.")
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    rows, older = history_page(session, [seat.starting_points for seat in seats], before, names)
    # The chart heads the first page only; "older" pages are only rows.
    chart = running_total_chart(chart_points(session), names) if session.hand_count and before is None else None
    context = {"session": session, "rows": rows, "older": older, "seat_names": names, "chart": chart}
    return page_or_partial(request, "hands/history.html", "rows", context)


@login_required
@require_GET
def removed_hands_page(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """The hands deleted or undone, each with its own corrections: the evidence stays findable."""
    session = kept_session(request, session_id)
    names = [seat.player.name for seat in seats_of(session)]
    info = session.variant_info
    hands = [
        {
            "hand": hand,
            "corrections": said_trail(hand.corrections, names, info),
        }
        for hand in removed_hands(session)
    ]
    return TemplateResponse(request, "hands/removed.html", {"session": session, "hands": hands})
