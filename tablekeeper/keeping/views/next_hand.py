"""What a new hand's form needs to stay true to the server without a reload: the number of the
next hand, who deals it, the table line, and who deals after each plain result (the form's
data-deals). static/js/form.js polls it as the board polls itself (a conditional GET, a 304 while
nothing changed), so that an undo or delete on another phone reaches this phone's form and outbox
within one poll."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET

from tablekeeper.web.http import HtmxHttpRequest, revalidated

from ..models import GameSession
from ..pages.access import kept_session
from ..pages.board import board_etag, build_board, deals_after, seats_of

# The answer is in the keeper's language (the table line) and for their account.
VARY = ["Accept-Language", "Cookie"]


def _basis(session: GameSession) -> JsonResponse:
    board = build_board(session, seats_of(session))
    dealer = next((seat.index for seat in board.seats if seat.is_dealer), session.first_dealer)
    line = render_to_string("hands/form.html#table_line", {"board": board, "editing": None})
    return JsonResponse(
        {
            "version": session.version,
            "open": session.is_open,
            "next": session.next_number,
            "dealer": dealer,
            "deals": json.loads(deals_after(session)),
            "line": line.strip(),
        }
    )


@login_required
@require_GET
def next_hand(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    return revalidated(
        request,
        etag=board_etag(session, "n"),
        last_modified=int(session.updated_at.timestamp()),
        vary=VARY,
        render=lambda: _basis(session),
    )
