"""What the board shows, computed from the session's cached totals and state (no rounds read)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import quote_etag
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tablekeeper.reading.house_rules import differences
from tablekeeper.reading.reasons import headline
from tablekeeper.rules.deal import next_deals
from tablekeeper.web.http import HtmxHttpRequest

from ..models import WIND_NAMES, GameSession, Round, Seat, SessionState
from ..services.sessions import ending_of
from ..services.settlement import POT_PARTY, ROOM_PARTY, money
from ..services.table_fee import NETTED, NONE, PAID_IN_CASH, fen_decimal, fen_text
from ..services.trail import latest_changes
from .access import is_owner
from .claims import seats_and_claims

# The prevailing wind (风圈): it moves on each time the deal has gone round all four seats.
WIND_ROUNDS = (
    gettext_lazy("East round"),
    gettext_lazy("South round"),
    gettext_lazy("West round"),
    gettext_lazy("North round"),
)

# Where each seat sits on the screen: seat 0 at the bottom, turn order runs counter-clockwise
# (RULES.md §0.1: the next player sits to the right), so seat 1 is on the right.
SEAT_POSITIONS = ("bottom", "right", "top", "left")


@dataclass(frozen=True)
class SeatView:
    index: int
    name: str
    points: int
    change: int
    wind: str
    position: str
    is_dealer: bool
    last_change: int | None = None  # what this seat won or paid in the last hand
    money: Decimal | None = None  # the change so far at the session's money rate (None without one)

    @property
    def money_text(self) -> str:
        """¥12.50, -¥3.00: the sign before the ¥, as a phone's wallet writes it."""
        if self.money is None:
            return ""
        text = fen_text(round(self.money * 100))
        return f"-¥{text[1:]}" if text.startswith("-") else f"¥{text}"

    @property
    def index_text(self) -> str:
        return str(self.index)

    @property
    def number(self) -> int:
        """The seat's number on the start form and the board (1-4, in turn order)."""
        return self.index + 1


@dataclass(frozen=True)
class FinalRow:
    name: str
    points: int
    change: int
    refund: int
    money: Decimal | None  # after the table fee
    fee: Decimal | None = None  # what this player pays the room
    rank: int = 1


@dataclass(frozen=True)
class TransferView:
    payer: str
    payee: str
    amount: int | None  # points; None for a transfer in money only (the table fee's settle-up)
    money: Decimal | None
    to_room: bool = False
    in_cash: bool = False  # the fee was handed to the room during play: shown, not to be paid again


@dataclass(frozen=True)
class EndingView:
    """A finished session: standings with the pot applied, and who pays whom."""

    standings: list[FinalRow]
    transfers: list[TransferView]
    unclaimed_pot: int
    money_rate: Decimal | None
    fee_kind: str = NONE
    room: Decimal | None = None  # the whole table fee, when it could be worked out
    fee_needs_rate: bool = False  # a share of the winnings, and no money rate to take it from
    fee_label: str = ""
    fee_collection: str = NETTED
    fee_collection_label: str = ""


@dataclass(frozen=True)
class BoardView:
    seats: list[SeatView]
    hand_number: int
    dealer_streak: int
    draw_streak: int
    pending_doubles: int
    pot: int
    dealer_name: str
    ending: EndingView | None = None
    wind_round: str = ""  # "East round" where the deal goes round the table; empty where the winner deals

    @property
    def by_position(self) -> dict[str, SeatView]:
        return {seat.position: seat for seat in self.seats}

    @property
    def standings(self) -> list[SeatView]:
        return sorted(self.seats, key=lambda seat: (-seat.points, seat.index))


@dataclass(frozen=True)
class LastHandView:
    """What just happened, for the strip under the board: the hand, one line saying how it ended,
    each seat's change in it (seat order) and the fingerprint its Undo is based on."""

    number: int
    headline: str
    changes: list[tuple[str, int]]
    pot_delta: int
    fingerprint: str


def build_last_hand(session: GameSession, seats: list[Seat], last_round: Round | None) -> LastHandView | None:
    if last_round is None:
        return None
    names = [seat.player.name for seat in seats]
    return LastHandView(
        number=last_round.number,
        headline=headline(last_round.lines, names, session.variant_info),
        changes=list(zip(names, (int(delta) for delta in last_round.deltas), strict=True)),
        pot_delta=last_round.pot_delta,
        fingerprint=last_round.fingerprint,
    )


def build_board(
    session: GameSession,
    seats: list[Seat],
    last_round: Round | None = None,
    *,
    before: tuple[SessionState, list[int]] | None = None,
) -> BoardView:
    """The board after the session's last hand, or (`before`: a table state and the running totals
    then) as a past hand was dealt. `last_round` (the last hand) adds each seat's change in it and
    the prevailing wind, for the board's own pages (the hand form needs neither)."""
    state = before[0] if before else (session.state or session.starting_state())
    totals = before[1] if before else session.totals
    dealer = state.get("dealer", session.first_dealer)
    views = [
        SeatView(
            index=seat.index,
            name=seat.player.name,
            points=seat.starting_points + totals[seat.index],
            change=totals[seat.index],
            wind=WIND_NAMES[(seat.index - dealer) % 4],
            position=SEAT_POSITIONS[seat.index],
            is_dealer=seat.index == dealer,
            last_change=int(last_round.deltas[seat.index]) if last_round is not None else None,
            money=money(totals[seat.index], session.money_rate),
        )
        for seat in seats
    ]
    passes = last_round.deal_passes if last_round is not None else 0
    counted = session.counters_that_count
    rotates = session.variant_info["dealer_rotation"] == "next_seat"
    return BoardView(
        seats=views,
        hand_number=int(state.get("hand", session.next_number)),
        # A counter that changes no payment at this table means nothing to its players: not shown.
        dealer_streak=int(state.get("dealer_streak", 0)) if counted["dealer_streak"] else 0,
        draw_streak=int(state.get("draw_streak", 0)) if counted["draw_streak"] else 0,
        pending_doubles=int(state.get("pending_doubles", 0)),
        pot=int(state.get("pot", 0)),
        dealer_name=next((view.name for view in views if view.is_dealer), ""),
        ending=None if session.is_open else build_ending(session, seats),
        wind_round=str(WIND_ROUNDS[(passes // 4) % 4]) if rotates else "",
    )


def build_ending(session: GameSession, seats: list[Seat]) -> EndingView:
    ending = ending_of(session)
    rate = session.money_rate
    names = {seat.index: seat.player.name for seat in seats}
    fee = ending.fee
    rows = [
        FinalRow(
            name=names[seat.index],
            points=seat.starting_points + ending.changes[seat.index],
            change=ending.changes[seat.index],
            refund=ending.refund[seat.index],
            money=None if ending.money_nets is None else fen_decimal(ending.money_nets[seat.index]),
            fee=None if fee is None else fen_decimal(fee[seat.index]),
        )
        for seat in seats
    ]
    ranked = sorted(rows, key=lambda row: -row.points)
    standings = [replace(row, rank=1 + sum(1 for other in rows if other.points > row.points)) for row in ranked]
    words = {POT_PARTY: str(_("the unclaimed pot")), ROOM_PARTY: str(_("the room (table fee)"))}
    netted = ending.fee_collection == NETTED
    if fee is not None and ending.money_transfers is not None:
        # With a money rate the game settles in money: with the fee netted in, the room is one more
        # party (the fewest transfers); otherwise the players settle the game alone and each one's fee
        # is listed after, paid to the room apart or already paid in cash.
        transfers = [
            TransferView(
                payer=names[transfer.payer],
                payee=words.get(transfer.payee) or names[transfer.payee],
                amount=None,
                money=fen_decimal(transfer.amount),
                to_room=transfer.payee == ROOM_PARTY,
            )
            for transfer in ending.money_transfers
        ]
        if not netted:
            transfers += _fee_rows(fee, names, words[ROOM_PARTY], in_cash=ending.fee_collection == PAID_IN_CASH)
    else:
        transfers = [
            TransferView(
                payer=names[transfer.payer],
                payee=words.get(transfer.payee) or names[transfer.payee],
                amount=transfer.amount,
                money=money(transfer.amount, rate),
            )
            for transfer in ending.transfers
        ]
        # Without a rate the points settle as points and the fee is money beside them.
        transfers += _fee_rows(fee or [], names, words[ROOM_PARTY], in_cash=ending.fee_collection == PAID_IN_CASH)
    return EndingView(
        standings=standings,
        transfers=transfers,
        unclaimed_pot=ending.unclaimed_pot,
        money_rate=rate,
        fee_kind=session.fee_kind,
        room=None if fee is None else fen_decimal(ending.room),
        fee_needs_rate=session.fee_kind != NONE and fee is None,
        fee_label=str(dict(GameSession.FeeKind.choices).get(session.fee_kind, "")),
        fee_collection=ending.fee_collection,
        fee_collection_label=str(dict(GameSession.FeeCollection.choices).get(ending.fee_collection, "")),
    )


def _fee_rows(fee: list[int], names: dict[int, str], room: str, *, in_cash: bool) -> list[TransferView]:
    """Each player's table fee as its own line to the room, in seat order."""
    return [
        TransferView(payer=names[seat], payee=room, amount=None, money=fen_decimal(paid), to_room=True, in_cash=in_cash)
        for seat, paid in enumerate(fee)
        if paid
    ]


def board_etag(session: GameSession, kind: str) -> str:
    """The tag of one rendering of a live board: which session at which version, which kind of
    page ("k" a keeper's fragment, "f" the share fragment, "p" the share page) and which language
    (a viewer who switches to Chinese must not be told the English board they hold is current)."""
    return quote_etag(f"{session.pk}-{session.version}-{kind}-{get_language()}")


def seats_of(session: GameSession) -> list[Seat]:
    """The session's seats in order; a 404 when there are none, which means the session was
    deleted (on another phone) after this request read it, so its pages answer like a deleted one."""
    seats = list(session.seats.select_related("player").order_by("index"))
    if not seats:
        raise Http404("This session was deleted.")
    return seats


def deals_after(session: GameSession) -> str:
    """Who deals the next two hands for each plain result, as JSON: a phone keeping hands offline
    still draws the winds and 庄 from it (static/js/outbox-queue.js)."""
    state = session.state or session.starting_state()
    return json.dumps(next_deals(session.variant, state, session.engine_options()))


BOARD_VARY = ["HX-Request", "Accept-Language", "Cookie"]


def board_context(
    request: HtmxHttpRequest, session: GameSession, last_round: Round | None = None, *, changes: bool = True
) -> dict[str, Any]:
    """The board page's context. `last_round`: the session's last hand, when the caller holds it
    already (a Save that has just written it), else it is read. `changes`: read the latest corrections (a Save's
    answer leaves them for the next load: it stays within its budget of statements)."""
    if last_round is None:
        last_round = Round.objects.filter(session=session).order_by("-number").first()
    seats, claims = seats_and_claims(session)
    return {
        "session": session,
        "board": build_board(session, seats, last_round),
        "last_round": last_round,
        "last_hand": build_last_hand(session, seats, last_round),
        "is_owner": is_owner(request, session),
        "live_etag": board_etag(session, "k"),
        "rule_changes": differences(session.variant_info, session.options),
        # The keeper's board says which earlier hand was corrected, as the share board does (one query).
        "board_changes": latest_changes(session, [seat.player.name for seat in seats]) if changes else [],
        # Players asking for their seats (我是 老王): shown at once, answered with one tap.
        "claims": claims,
    }


def board_after_save(
    request: HtmxHttpRequest, session: GameSession, last_round: Round | None = None, *, bring_outbox: bool = False
) -> HttpResponse:
    """Where a hand's Save that stands leads: the board. Without JavaScript, a redirect to it
    (Post/Redirect/Get). With htmx, the board page itself in the same answer, one round trip on one
    bar of signal: its body takes the form page's, its URL is pushed, and what the form page's head
    lacks comes with it (`in_place_of_form` in sessions/detail.html; `bring_outbox`: the outbox's
    scripts), so the phone shows what loading the board shows."""
    if not request.htmx:
        return redirect(session)
    url = session.get_absolute_url()
    context = board_context(request, session, last_round, changes=False)
    context.update(in_place_of_form=True, bring_outbox=bring_outbox, page_url=url)
    response = TemplateResponse(request, "sessions/detail.html", context)
    response["HX-Push-Url"] = url
    response["HX-Retarget"] = "body"
    response["HX-Reswap"] = "innerHTML show:window:top"
    return response
