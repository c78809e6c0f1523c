"""The table's code and its players (/sessions/<id>/players/): the QR code of the share board, large enough to
scan across a table, the link as text, the claims waiting (polled like the board) and each seat's link,
which a keeper can undo."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from tablekeeper.accounts.models import display_name
from tablekeeper.keeping.models import Seat
from tablekeeper.keeping.pages.access import is_owner, kept_session
from tablekeeper.keeping.pages.board import BOARD_VARY, board_etag, seats_of
from tablekeeper.keeping.pages.claims import waiting_claims
from tablekeeper.web.http import HtmxHttpRequest, revalidated


def qr_svg(url: str) -> str:
    """The code as inline SVG without a fixed size: the page draws it as wide as the phone."""
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True))


@login_required
@require_GET
def session_players(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)

    def render() -> HttpResponse:
        seats = list(Seat.objects.filter(session=session).select_related("player", "person").order_by("index"))
        if not seats:
            seats_of(session)  # deleted meanwhile: the 404 a deleted session's pages answer
        context = {
            "session": session,
            "claims": waiting_claims(session, seats),
            "back": "players",
            "live_etag": board_etag(session, "c"),
        }
        if request.htmx:
            return TemplateResponse(request, "players/table.html#live_claims", context)
        url = request.build_absolute_uri(reverse("shared_board", args=[session.share_token]))
        context.update(
            url=url,
            qr_svg=qr_svg(url) if session.share_enabled else "",
            is_owner=is_owner(request, session),
            seats=[(seat, display_name(seat.person) if seat.person else "") for seat in seats],
        )
        return TemplateResponse(request, "players/table.html", context)

    # Polled while the code is shown: a claim appears at once, and an unchanged table costs a 304.
    return revalidated(
        request,
        etag=board_etag(session, "c" if request.htmx else "cp"),
        last_modified=int(session.updated_at.timestamp()),
        vary=BOARD_VARY,
        render=render,
    )
