"""A printable summary of a session: settings, standings, who pays whom, the chart and every hand.

Reads the session, its seats, the chart's sampled points and its hands' stored columns in four
queries however many hands there are: nothing is replayed, and no record or reasons are read.
Each hand is marked where it was corrected or re-scored by a correction (the trail, in that query).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.keeping.pages.access import kept_session
from tablekeeper.keeping.pages.board import build_ending, seats_of
from tablekeeper.keeping.pages.chart import chart_points, running_total_chart
from tablekeeper.keeping.services.trail import with_correction_marks
from tablekeeper.reading.house_rules import differences
from tablekeeper.reading.reasons.hand_words import method_text, result_text
from tablekeeper.web.http import HtmxHttpRequest, shared_page


@dataclass(frozen=True)
class HandRow:
    number: int
    result: str
    winners: str
    method: str
    deltas: list[int]
    pot_delta: int
    # Its record was changed (edited), or a correction of an earlier hand moved its points (rescored).
    edited: bool = False
    rescored: bool = False

    @property
    def cells(self) -> list[tuple[str, str]]:
        """(class, text) per seat: worked out here, since the template runs this for every hand."""
        return [(" up" if delta > 0 else " down" if delta < 0 else "", f"{delta:+d}") for delta in self.deltas]


def hand_rows(session: GameSession, names: list[str]) -> list[HandRow]:
    """Every hand from its stored columns (winners from their gains; no record or reasons read),
    marked where the trail shows it corrected: in the same query."""
    columns = ("number", "result", "method", "discarder", "deltas", "pot_delta", "edited", "rescored")
    hands = with_correction_marks(Round.objects.filter(session=session))
    rows = hands.order_by("number").values_list(*columns, *Round.GAIN_COLUMNS)
    return [
        HandRow(
            number=number,
            result=result_text("manual_adjustment" if method == Round.MANUAL_ADJUSTMENT else result),
            winners=", ".join(names[seat] for seat, gain in enumerate(gains) if gain is not None),
            method=method_text(method, discarder, names) if result == "win" else "",
            deltas=list(deltas),
            pot_delta=pot_delta,
            edited=edited,
            rescored=rescored,
        )
        for number, result, method, discarder, deltas, pot_delta, edited, rescored, *gains in rows
    ]


def summary_context(session: GameSession) -> dict[str, Any]:
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    hands = hand_rows(session, names)
    return {
        "session": session,
        "seats": seats,
        "seat_names": names,
        "house_rules": differences(session.variant_info, session.options),
        "default_base": session.variant_info.get("default_base"),
        # An open session's standings are the current ones, with any pot still on the table.
        "ending": build_ending(session, seats),
        "chart": running_total_chart(chart_points(session), names) if session.hand_count else None,
        "hands": hands,
        "hands_corrected": any(hand.edited or hand.rescored for hand in hands),
    }


@login_required
@require_GET
def session_summary(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    return TemplateResponse(request, "sessions/summary.html", summary_context(session))


@require_GET
def shared_summary(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The same summary for whoever holds the share link: read-only, and gone when the link is off."""
    session = GameSession.objects.filter(share_token=token, share_enabled=True).first()
    if session is None:
        raise Http404("This link does not exist or was turned off.")
    response = TemplateResponse(request, "sessions/summary.html", {**summary_context(session), "shared": True})
    # Like the shared board: the page carries the viewer's CSRF token (the language switch).
    response["Cache-Control"] = "private, no-cache"
    return shared_page(response)
