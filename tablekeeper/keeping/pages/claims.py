"""Claims of seats as the boards show them: the requests waiting on a keeper's board (请求认领：老王 ← 王建国), and
on the share board, what this viewer is at the table (their seat, the seat they asked for, or none yet).

The keeper sees a claimant by display name only (`accounts.models.display_name`), never the log-in name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from django.contrib.auth.models import User
from django.db import connection
from django.http import Http404

from tablekeeper.accounts.models import display_name
from tablekeeper.web.http import HtmxHttpRequest

from ..models import GameSession, Player, Seat, SeatClaim
from ..models.sql_rows import SqlRows


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
    the session was deleted meanwhile (`board.seats_of`).

    Written once in SQL (`models/sql_rows.py`): the board is every phone's poll and a Save's answer, and the ORM
    took several times longer to build this statement than the database took to answer it."""
    with connection.cursor() as cursor:
        cursor.execute(_seats_statement(connection.vendor), [SeatClaim.Status.OPEN.value] * 2 + [session.pk])
        rows = cursor.fetchall()
    if not rows:
        raise Http404("This session was deleted.")
    seats: list[Seat] = []
    claims: list[ClaimView] = []
    for row in rows:
        seat = _SEATS.instance(row)
        # As select_related("player") and session.seats leave them: each seat knows its player and its session.
        seat.player = _PLAYERS.instance(row, _SEATS.width)
        seat.session = session
        seats.append(seat)
        claim_pk, claim_who = row[_SEATS.width + _PLAYERS.width :]
        if claim_pk is not None:
            claims.append(
                ClaimView(claim_pk, seat.index, seat.player.name, display_name(User(first_name=claim_who or "")))
            )
    return seats, claims


_SEATS, _PLAYERS, _CLAIMS = SqlRows(Seat), SqlRows(Player), SqlRows(SeatClaim)


@cache
def _seats_statement(vendor: str) -> str:
    """`seats_and_claims`' SELECT on this database (`vendor` only keys the cache): each seat with its player, and
    the first claim waiting for it (one at most: a seat has one open claim at a time) with its claimant's name."""
    quote = connection.ops.quote_name

    def seat(name: str) -> str:
        return f"s.{quote(_SEATS.column(name))}"

    def claim(name: str) -> str:
        return f"c.{quote(_CLAIMS.column(name))}"

    waiting = (
        f"FROM {quote(_CLAIMS.table)} c{{join}} WHERE {claim('session')} = {seat('session')}"
        f" AND {claim('seat')} = {seat('index')} AND {claim('status')} = %s"
        f" ORDER BY {claim('created')}, {claim('id')} LIMIT 1"
    )
    claimant = f" INNER JOIN {quote(User._meta.db_table)} u ON u.{quote('id')} = {claim('user')}"
    return (
        f"SELECT {_SEATS.columns('s')}, {_PLAYERS.columns('p')},"
        f" (SELECT {claim('id')} {waiting.format(join='')}),"
        f" (SELECT u.{quote('first_name')} {waiting.format(join=claimant)})"
        f" FROM {quote(_SEATS.table)} s INNER JOIN {quote(_PLAYERS.table)} p ON p.{quote('id')} = {seat('player')}"
        f" WHERE {seat('session')} = %s ORDER BY {seat('index')}"
    )


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
