"""Claims of seats as the boards show them: the requests waiting on a keeper's board (请求认领：老王 ← 王建国), and
on the share board, what this viewer is at the table (their seat, the seat they asked for, or none yet).

The keeper sees a claimant by display name only (`accounts.models.display_name`), never the log-in name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import OuterRef, Subquery
from django.http import Http404

from tablekeeper.accounts.models import display_name
from tablekeeper.web.http import HtmxHttpRequest

from ..models import GameSession, Seat, SeatClaim


@dataclass(frozen=True)
class ClaimView:
    pk: int
    seat: int
    seat_name: str
    who: str

    @property
    def seat_number(self) -> int:
        return self.seat + 1


def seats_and_claims(session: GameSession) -> tuple[list[Seat], list[ClaimView]]:
    """The session's seats in order, and the claims waiting for them, in the one query the board reads its
    seats with (a Save answers with the board: its cost stays what it was). A 404 when there are no seats:
    the session was deleted meanwhile (`board.seats_of`)."""
    waiting = SeatClaim.objects.filter(
        session=OuterRef("session"), seat=OuterRef("index"), status=SeatClaim.Status.OPEN
    )
    seats: list[Seat] = list(
        session.seats.select_related("player")
        .annotate(
            claim_pk=Subquery(waiting.values("pk")[:1]), claim_who=Subquery(waiting.values("user__first_name")[:1])
        )
        .order_by("index")
    )
    if not seats:
        raise Http404("This session was deleted.")
    claims = [
        ClaimView(pk, seat.index, seat.player.name, display_name(User(first_name=getattr(seat, "claim_who", "") or "")))
        for seat in seats
        if (pk := getattr(seat, "claim_pk", None)) is not None
    ]
    return seats, claims


def waiting_claims(session: GameSession, seats: Sequence[Seat]) -> list[ClaimView]:
    """The claims waiting for a keeper's answer, in seat order (one query)."""
    names = {seat.index: seat.player.name for seat in seats}
    waiting = SeatClaim.objects.filter(session=session, status=SeatClaim.Status.OPEN).select_related("user")
    return sorted(
        (ClaimView(claim.pk, claim.seat, names.get(claim.seat, ""), display_name(claim.user)) for claim in waiting),
        key=lambda claim: claim.seat,
    )


@dataclass(frozen=True)
class Viewer:
    """Who is looking at the share board. `mine`: the seat linked to them; `waiting`: the seat they asked for;
    `refused`: the keeper said no to their last claim here; `named`: their account has a display name, so a
    claim is one tap (else the claim's screen asks for one)."""

    signed_in: bool = False
    mine: int | None = None
    waiting: int | None = None
    refused: bool = False
    named: bool = False


def viewer_of(request: HtmxHttpRequest, session: GameSession, seats: Sequence[Seat]) -> Viewer:
    user = request.user
    if not isinstance(user, User):
        return Viewer()
    mine = next((seat.index for seat in seats if seat.person_id == user.pk), None)
    named = bool(str(user.first_name or "").strip())
    if mine is not None:
        return Viewer(signed_in=True, mine=mine, named=named)
    last = SeatClaim.objects.filter(session=session, user=user).order_by("-created", "-pk").first()
    waiting = last.seat if last is not None and last.status == SeatClaim.Status.OPEN else None
    refused = last is not None and last.status == SeatClaim.Status.REFUSED
    return Viewer(signed_in=True, waiting=waiting, refused=refused, named=named)


def viewer_tag(request: HtmxHttpRequest) -> str:
    """The part of a share page's ETag that says whose page it is: "" for everyone without an account (no
    query: an anonymous request has no login session to read), else the account."""
    user = request.user
    return f"u{user.pk}" if isinstance(user, User) else ""
