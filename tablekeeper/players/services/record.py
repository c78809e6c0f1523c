"""A player's own record (我的战绩): every evening their account is linked to, whoever kept it, read through the
code the keepers' pages use, never copied: each evening's money is its settle-up's (`money_after_fee` with
the evening's table fee, as `keeping/services/sessions.py` `ending_of` and the group standings work it out),
the head-to-head is what passed between two players in the settle-ups' fewest transfers (`settle_up`, as
the standings' "who paid whom"). A correction of a hand changes every page that shows it.

- An evening still being played is listed ("so far") and counted nowhere else.
- A stake is the variant, the base and the money rate (`standings.Stake`): totals by month, the running
  total and the head-to-head are kept per stake, never summed over different stakes.
- Rank: 1 + the seats that ended with more points (ties share a rank).
- Opponents are the same person when their seats were linked to the same account, else when their names
  are the same (`Player.name_key`); regulars are those met most.

A fixed number of queries however many evenings: the linked seats with their sessions and keepers, every
seat of those sessions, one GROUP BY over their hands (figures.py `seat_counts`), the biggest hands of the
page of evenings shown, and the records of the hands the player won (figures.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q
from django.utils import timezone

from tablekeeper.accounts.models import display_name
from tablekeeper.keeping.models import GameSession, Round, Seat
from tablekeeper.keeping.services.derived import SEATS
from tablekeeper.keeping.services.sessions import fee_rule_of
from tablekeeper.keeping.services.settlement import POT_PARTY, money_after_fee, settle_up
from tablekeeper.keeping.services.table_fee import fen_decimal, fen_text
from tablekeeper.reading.reasons import headline, reasons
from tablekeeper.rules import Names

from .figures import SeatCounts, VariantFigures, hand_figures, seat_counts
from .standings import EVENING_FIELDS, Stake

EVENINGS_PER_PAGE = 30
REGULARS_SHOWN = 8


def yuan(fen: int | None) -> str:
    """¥12.50, -¥3.00 (the sign before the ¥, as the board writes money); "" without a money rate."""
    if fen is None:
        return ""
    text = fen_text(fen)
    return f"-¥{text[1:]}" if text.startswith("-") else f"¥{text}"


@dataclass(frozen=True)
class BigHand:
    number: int
    gain: int
    said: str  # how it ended
    why: list[str]  # what each payer paid the player, and why


@dataclass
class Evening:
    seat_id: int
    session: GameSession
    seat_number: int
    name: str
    points: int
    change: int
    rank: int
    money_fen: int | None
    fee_fen: int | None
    keeper: str
    names: list[str]
    changes: list[int]  # every seat's, the pot refund included
    index: int
    biggest_gain: int | None
    biggest: BigHand | None = None

    @property
    def when(self) -> datetime:
        return self.session.play_started

    @property
    def finished(self) -> bool:
        return not self.session.is_open

    @property
    def table_name(self) -> Names:
        return self.session.table_name

    @property
    def place(self) -> str:
        return str(self.session.place or "")

    @property
    def stake(self) -> Stake:
        return Stake(self.session.variant, self.session.base, self.session.money_rate)

    @property
    def money(self) -> Decimal | None:
        return None if self.money_fen is None else fen_decimal(self.money_fen)

    @property
    def fee(self) -> Decimal | None:
        return None if not self.fee_fen else fen_decimal(self.fee_fen)

    @property
    def money_text(self) -> str:
        return yuan(self.money_fen)


@dataclass
class Tally:
    evenings: int = 0
    net: int = 0
    money_fen: int | None = None
    fee_fen: int = 0
    firsts: int = 0

    def add(self, evening: Evening) -> None:
        self.evenings += 1
        self.net += evening.change
        self.fee_fen += evening.fee_fen or 0
        self.firsts += evening.rank == 1
        if evening.money_fen is not None:
            self.money_fen = (self.money_fen or 0) + evening.money_fen

    @property
    def money(self) -> Decimal | None:
        return None if self.money_fen is None else fen_decimal(self.money_fen)

    @property
    def fee(self) -> Decimal:
        return fen_decimal(self.fee_fen)

    @property
    def money_text(self) -> str:
        return yuan(self.money_fen)


@dataclass
class Opponent:
    name: str
    rate: Decimal | None = None  # the stake's money per point
    evenings: int = 0
    ahead: int = 0  # evenings the player ended above them
    net: int = 0  # points they paid the player in the settle-ups, less what the player paid them

    @property
    def money(self) -> Decimal | None:
        return None if self.rate is None else (Decimal(self.net) * self.rate).quantize(Decimal("0.01"))

    @property
    def money_text(self) -> str:
        money = self.money
        return "" if money is None else yuan(int(money * 100))

    @property
    def win_percent(self) -> int:
        return round(100 * self.ahead / self.evenings) if self.evenings else 0


@dataclass
class StakeRecord:
    stake: Stake
    total: Tally = field(default_factory=Tally)
    months: dict[str, Tally] = field(default_factory=dict)
    trend: list[int] = field(default_factory=list)  # the running net after each evening, oldest first
    opponents: dict[tuple[str, object], Opponent] = field(default_factory=dict)

    @property
    def month_rows(self) -> list[tuple[str, Tally]]:
        return sorted(self.months.items(), reverse=True)

    @property
    def regulars(self) -> list[Opponent]:
        met = sorted(self.opponents.values(), key=lambda other: (-other.evenings, other.name.lower()))
        return met[:REGULARS_SHOWN]


@dataclass
class PlayerRecord:
    evenings: list[Evening]  # newest first
    stakes: list[StakeRecord]
    figures: list[VariantFigures]

    @property
    def playing(self) -> int:
        return sum(1 for evening in self.evenings if not evening.finished)


# What an evening's row reads: the seat, its player's name, its keeper's display name, and the session's
# settle-up (standings.EVENING_FIELDS) with what the page says of it; nothing else is loaded (200 evenings).
SEAT_FIELDS = (
    "index",
    "starting_points",
    "session_id",
    "player__name",
    "session__owner__first_name",
    *(f"session__{name}" for name in EVENING_FIELDS),
    *(f"session__{name}" for name in ("status", "place", "city_preset", "share_token", "share_enabled", "owner_id")),
    "session__fee_collection",
)

SeatRow = tuple[int, int, str, str, int | None]  # session id, index, name, name key, person id


def player_record(user: User) -> PlayerRecord:
    linked = Seat.objects.filter(person=user)
    mine = list(
        linked.select_related("session", "session__owner", "player")
        .only(*SEAT_FIELDS)
        .order_by("-session__created", "-session_id")
    )
    sessions = linked.values("session_id")
    everyone: dict[int, list[SeatRow]] = {}
    rows = Seat.objects.filter(session__in=sessions).values_list(
        "session_id", "index", "player__name", "player__name_key", "person_id"
    )
    for row in rows:
        everyone.setdefault(row[0], []).append(row)
    counts = seat_counts(Round.objects.filter(session__in=sessions))
    evenings = [evening for seat in mine if (evening := _evening(seat, everyone, counts)) is not None]
    stakes = _stakes(user, evenings, everyone)
    figures = hand_figures(user, ((e.session.pk, e.index, e.session.variant) for e in evenings), counts)
    return PlayerRecord(evenings=evenings, stakes=stakes, figures=figures)


def _evening(
    seat: Seat, everyone: dict[int, list[SeatRow]], counts: dict[tuple[int, int], SeatCounts]
) -> Evening | None:
    session = seat.session
    table = sorted(everyone.get(session.pk, []))
    if len(table) != 4:
        return None  # deleted under this request
    changes = [int(total) + int(back) for total, back in zip(session.totals, session.pot_refund, strict=True)]
    counted = [counts.get((session.pk, index)) for index in SEATS]
    shares, money_nets = money_after_fee(
        changes,
        rate=session.money_rate,
        fee=fee_rule_of(session),
        wins=[c.wins if c else 0 for c in counted],
        self_draws=[c.self_draws if c else 0 for c in counted],
    )
    index = seat.index
    own = counted[index]
    return Evening(
        seat_id=seat.pk,
        session=session,
        seat_number=index + 1,
        name=seat.player.name,
        points=seat.starting_points + changes[index],
        change=changes[index],
        rank=1 + sum(1 for other in changes if other > changes[index]),
        money_fen=None if money_nets is None else money_nets[index],
        fee_fen=None if shares is None else shares[index],
        keeper=display_name(session.owner),
        names=[row[2] for row in table],
        changes=changes,
        index=index,
        biggest_gain=own.biggest if own else None,
    )


def _stakes(user: User, evenings: Sequence[Evening], everyone: dict[int, list[SeatRow]]) -> list[StakeRecord]:
    stakes: dict[Stake, StakeRecord] = {}
    for evening in sorted((e for e in evenings if e.finished), key=lambda e: (e.when, e.session.pk)):
        record = stakes.setdefault(evening.stake, StakeRecord(evening.stake))
        record.total.add(evening)
        month = timezone.localtime(evening.when).strftime("%Y-%m")
        record.months.setdefault(month, Tally()).add(evening)
        record.trend.append(record.total.net)
        _meet(record, evening, sorted(everyone[evening.session.pk]), user)
    return sorted(stakes.values(), key=lambda record: (-record.total.evenings, record.stake.variant, record.stake.base))


def _meet(record: StakeRecord, evening: Evening, table: Sequence[SeatRow], user: User) -> None:
    """Each opponent at this evening's table: met once more, ended below the player or not, and what the
    settle-up's transfers moved between them."""
    changes = evening.changes
    me = evening.index
    paid: dict[int, int] = {}
    unclaimed = -sum(changes)
    if unclaimed >= 0:
        for transfer in settle_up(changes, unclaimed):
            if transfer.payee == POT_PARTY:
                continue
            if transfer.payee == me:
                paid[transfer.payer] = paid.get(transfer.payer, 0) + transfer.amount
            elif transfer.payer == me:
                paid[transfer.payee] = paid.get(transfer.payee, 0) - transfer.amount
    for index, name, name_key, person in ((row[1], row[2], row[3], row[4]) for row in table):
        if index == me or person == user.pk:
            continue
        key: tuple[str, object] = ("person", person) if person is not None else ("name", name_key)
        other = record.opponents.setdefault(key, Opponent(name, record.stake.money_rate))
        other.name = name  # the latest evening's name for them
        other.evenings += 1
        other.ahead += changes[me] > changes[index]
        other.net += paid.get(index, 0)


def add_biggest_hands(evenings: Sequence[Evening]) -> None:
    """The biggest hand each of these evenings' player won, with the engine's reasons in the page's
    language: one query for the page of evenings."""
    wanted = Q()
    for evening in evenings:
        if evening.biggest_gain is not None:
            wanted |= Q(session_id=evening.session.pk, **{Round.GAIN_COLUMNS[evening.index]: evening.biggest_gain})
    if not wanted:
        return
    found: dict[tuple[int, int, int], tuple[int, list[Any]]] = {}
    rows = Round.objects.filter(wanted).order_by("-number")
    for session_id, number, lines, *gains in rows.values_list("session_id", "number", "lines", *Round.GAIN_COLUMNS):
        for seat, gain in enumerate(gains):
            if gain is not None:
                found[(session_id, seat, gain)] = (number, lines)  # the earliest such hand is read last
    for evening in evenings:
        gain = evening.biggest_gain
        hit = None if gain is None else found.get((evening.session.pk, evening.index, gain))
        if hit is None or gain is None:
            continue
        number, lines = hit
        info = evening.session.variant_info
        to_me = [line for line in lines if _paid_to(line, evening.index)]
        why = [reason.text for reason in reasons(to_me, evening.names, info) if reason.kind == "payment"]
        evening.biggest = BigHand(number, gain, headline(lines, evening.names, info), why[:3])


def _paid_to(line: Any, seat: int) -> bool:
    params = line.get("params") if isinstance(line, dict) else None
    return isinstance(params, dict) and params.get("payee") == seat


def page_of(evenings: Sequence[Evening], page: int) -> tuple[list[Evening], bool]:
    """The evenings of page `page` (from 1) and whether there are older ones."""
    start = (page - 1) * EVENINGS_PER_PAGE
    return list(evenings[start : start + EVENINGS_PER_PAGE]), len(evenings) > start + EVENINGS_PER_PAGE
