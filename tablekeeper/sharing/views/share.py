"""The read-only board behind a share link, and the owner's switches for it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.keeping.pages.access import is_owner, kept_session, owned_session
from tablekeeper.keeping.pages.board import build_board, build_last_hand, seats_of
from tablekeeper.keeping.pages.claims import viewer_of, viewer_tag
from tablekeeper.keeping.services.trail import latest_changes
from tablekeeper.reading.reasons import reasons
from tablekeeper.web.http import HtmxHttpRequest

from ..pages.guard import behind_link, page_etag


@behind_link("board")
def shared_board(request: HtmxHttpRequest, session: GameSession) -> HttpResponse:
    """Polled every few seconds by every phone at the table: the guard answers an unchanged board with a 304
    from one indexed query, before any template or seat is loaded."""
    seats = seats_of(session)
    last_round = Round.objects.filter(session=session).order_by("-number").first()
    viewer = viewer_of(request, session, seats)
    board = build_board(session, seats, last_round)
    names = [seat.player.name for seat in seats]
    context = {
        "session": session,
        "board": board,
        "shared": True,
        # A signed-in player's board marks their seat: theirs alone, so its tag names them.
        "live_etag": page_etag(session, "board", fragment=True, viewer=viewer_tag(request)),
        # Who is looking: their seat marked, or the seats they may claim (我是 老王).
        "viewer": viewer,
        "mine_index": viewer.mine,
        "my_seat": next((seat for seat in board.seats if seat.index == viewer.mine), None),
        "claimable": [seat for seat in seats if seat.person_id is None],
        "last_round": last_round,
        "last_hand": build_last_hand(session, seats, last_round),
        # The players at the table see why the points moved: the last hand's payments, in their language.
        "last_payments": [
            line for line in reasons(last_round.lines, names, session.variant_info) if line.kind == "payment"
        ]
        if last_round
        else [],
        # Corrections in the open: the table sees which hand the keeper changed, when and who.
        "board_changes": latest_changes(session, names),
    }
    name = "sessions/detail.html#live_board" if request.htmx else "share/board.html"
    return TemplateResponse(request, name, context)


@login_required
@require_POST
def share_settings(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = owned_session(request, session_id)
    action = request.POST.get("action")
    if action == "disable":
        services.set_sharing(session, enabled=False)
        messages.success(request, _("The share link is turned off."))
    elif action == "new_link":
        services.set_sharing(session, enabled=True, new_link=True)
        messages.success(request, _("A new share link is on; the old one no longer works."))
    else:
        services.set_sharing(session, enabled=True)
        messages.success(request, _("The share link is on."))
    return redirect(f"{session.get_absolute_url()}share/")


@login_required
@require_GET
def share_page(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """The link and its QR code, to show across the table; only the owner gets its switches."""
    import segno

    session = kept_session(request, session_id)
    url = request.build_absolute_uri(f"/b/{session.share_token}/")
    qr_svg = segno.make(url, error="m").svg_inline(scale=5, border=2)
    context = {"session": session, "url": url, "qr_svg": qr_svg, "is_owner": is_owner(request, session)}
    return TemplateResponse(request, "share/settings.html", context)
