"""The share link's history: every hand with its reasons, read-only, for whoever holds the link."""

from __future__ import annotations

from django.http import Http404, HttpResponse

from tablekeeper.keeping.models import MAX_HAND_NUMBER, GameSession
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.keeping.pages.history import shared_history_page
from tablekeeper.keeping.services.trail import removed_hands
from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, page_or_partial

from ..pages.guard import behind_link


@behind_link("hands")
def shared_history(request: HtmxHttpRequest, session: GameSession) -> HttpResponse:
    """/b/<token>/hands/: every hand, read-only, for whoever holds the share link (no sign-in), a page at a
    time. Guarded and cached as every share page is (`behind_link`): gone with the link, revalidated on every
    visit (a 304 while the session has not changed), never kept by a shared cache."""
    raw_before = request.GET.get("before")
    before = query_number(raw_before, most=MAX_HAND_NUMBER)
    if raw_before is not None and before is None:
        raise Http404("No such page of the history.")
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    # A linked player's own hands are marked: theirs alone, so the guard's tag names them (viewer_tag).
    user = request.user
    mine = next((seat.index for seat in seats if user.is_authenticated and seat.person_id == user.pk), None)
    rows, older = shared_history_page(session, [seat.starting_points for seat in seats], names, before, mine)
    context = {
        "session": session,
        "rows": rows,
        "older": older,
        "seat_names": names,
        "mine_index": mine,
        # The hands no longer in the session, on the first page: the table saw them go.
        "removed": removed_hands(session) if before is None and not request.htmx else [],
        "marked": any(row.edited or row.rescored for row in rows),
    }
    return page_or_partial(request, "share/history.html", "rows", context)
