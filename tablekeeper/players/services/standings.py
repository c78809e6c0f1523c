"""Standings of a group of regular players (牌友圈) across evenings, per variant and stake.

Which sessions count: the keeper's finished sessions, started within the period, whose four seats
were all taken by members of the group. A stake is the variant, the base and the money rate: one
table per stake, never a sum over different stakes.

Definitions (the players page's, players/services/stats.py, plus):
- net: the sum of the player's final changes (pot refund included), in points;
- money: what the player took home at the stake's money rate, each evening's table fee taken off,
  exactly as that evening's settle-up says it (keeping/services/settlement.py `session_ending`);
- table fee: what the player paid the room over these evenings (a share of the winnings cannot be
  worked out without a money rate and counts nothing);
- 大赢家 (top of the evening): the session's largest net change, when it is a gain; seats tied at
  the top each count;
- trend: the player's cumulative net after each of their sessions of that stake, oldest first;
- head-to-head, dealt into: hands won on a player's discard (or robbed kong), by winner;
- head-to-head, paid: the points that changed hands in each session's settle-up (the fewest
  transfers the summary shows), summed; a pot left on the table is no player and is left out.

Four queries whatever the number of sessions and hands: the group's members, the sessions that
count (with their totals), their seats, and one GROUP BY over the hands' stored columns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, cast

from django.db.models import Count, Q, QuerySet

from tablekeeper.keeping.models import GameSession, Round, Seat
from tablekeeper.keeping.services.derived import SEATS
from tablekeeper.keeping.services.sessions import fee_rule_of
from tablekeeper.keeping.services.settlement import POT_PARTY, money_after_fee, settle_up
from tablekeeper.keeping.services.table_fee import fen_decimal
from tablekeeper.rules import get_variant, variant_ids

from ..models import PlayerGroup
from .stats import seat_aggregates

# What a session's settle-up reads (the hourly fee's times included), and nothing else.
EVENING_FIELDS = (
    "variant",
    "base",
    "money_rate",
    "totals",
    "state",
    "pot_refund",
    "created",
    "finished",
    "played_from",
    "played_until",
    "fee_kind",
    "fee_amount",
    "fee_percent",
    "fee_self_draw_only",
)


@dataclass(frozen=True)
class Period:
    """The sessions' start dates counted, both ends included; None is open-ended."""

    kind: str  # "month", "season" or "all"
    start: date | None = None
    end: date | None = None


@dataclass(frozen=True)
class Stake:
    variant: str
    base: int
    money_rate: Decimal | None

    @property
    def variant_names(self) -> dict[str, str]:
        """The variant's names; a variant this version no longer plays keeps its stored id."""
        if self.variant in variant_ids():
            name = get_variant(self.variant)["name"]
            return {"en": name["en"], "zh": name["zh"]}
        return {"en": self.variant, "zh": self.variant}


@dataclass
class Standing:
    player_id: int
    name: str
    sessions: int = 0
    net: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    top_count: int = 0
    biggest_hand: int | None = None
    trend: list[int] = field(default_factory=list)
    rank: int = 0
    # In fen, as the settle-ups count them; None without a money rate.
    money_fen: int | None = None
    fee_fen: int = 0

    @property
    def money(self) -> Decimal | None:
        return None if self.money_fen is None else fen_decimal(self.money_fen)

    @property
    def fee(self) -> Decimal:
        return fen_decimal(self.fee_fen)


@dataclass
class StakeTable:
    stake: Stake
    sessions: int = 0
    fee_charged: bool = False  # some evening of this stake charged a table fee
    standings: list[Standing] = field(default_factory=list)
    # (discarder's player id, winner's player id) → hands; (payer, payee) → points
    dealt_into: dict[tuple[int, int], int] = field(default_factory=dict)
    paid: dict[tuple[int, int], int] = field(default_factory=dict)

    def matrix(self, counts: dict[tuple[int, int], int]) -> list[tuple[str, list[int | None]]]:
        """Rows for a head-to-head table in standings order: None on the diagonal."""
        order = [standing.player_id for standing in self.standings]
        return [
            (row.name, [None if row.player_id == other else counts.get((row.player_id, other), 0) for other in order])
            for row in self.standings
        ]

    @property
    def dealt_into_rows(self) -> list[tuple[str, list[int | None]]]:
        return self.matrix(self.dealt_into)

    @property
    def paid_rows(self) -> list[tuple[str, list[int | None]]]:
        return self.matrix(self.paid)


def counted_sessions(group: PlayerGroup, period: Period, member_ids: Sequence[int]) -> QuerySet[Any, Any]:
    """The group's sessions in the period (a subquery: never read into Python as a list of ids)."""
    sessions = GameSession.objects.filter(owner_id=group.owner_id, status=GameSession.Status.FINISHED)
    if period.start is not None:
        sessions = sessions.filter(created__date__gte=period.start)
    if period.end is not None:
        sessions = sessions.filter(created__date__lte=period.end)
    members = Count("seats", filter=Q(seats__player_id__in=list(member_ids)))
    return sessions.annotate(members=members).filter(members=4).values("pk")


@dataclass(frozen=True)
class HandCounts:
    """One seat of one session, as the database counted it."""

    wins: int
    self_draws: int
    deal_ins: int
    biggest_hand: int | None
    # winner's seat → hands won on this seat's discard
    dealt_into: dict[int, int]


def hand_counts(rounds: QuerySet[Round]) -> dict[tuple[int, int], HandCounts]:
    """(session id, seat) → that seat's counts, in one GROUP BY over the hands' stored columns."""
    aggregates = seat_aggregates()
    for seat in SEATS:
        for winner in SEATS:
            if winner != seat:
                filtered = Q(discarder=seat, method="discard") & Q(**{f"gain_{winner}__isnull": False})
                aggregates[f"into_{seat}_{winner}"] = Count("pk", filter=filtered)
    grouped = rounds.values("session_id").annotate(**aggregates).order_by()
    return {
        (row["session_id"], seat): HandCounts(
            wins=row[f"wins_{seat}"],
            self_draws=row[f"self_draws_{seat}"],
            deal_ins=row[f"deal_ins_{seat}"],
            biggest_hand=row[f"biggest_{seat}"],
            dealt_into={winner: row[f"into_{seat}_{winner}"] for winner in SEATS if winner != seat},
        )
        for row in cast(Iterable[dict[str, Any]], grouped)
        for seat in SEATS
    }


def group_standings(group: PlayerGroup, period: Period) -> list[StakeTable]:
    """One table per stake, the most played first."""
    member_ids = list(group.players.values_list("pk", flat=True))
    if len(member_ids) < 4:
        return []  # no session can have been played by members only (a group edited in the admin)
    sessions = counted_sessions(group, period, member_ids)
    # The sessions and their seats apart: each session's totals are read (and decoded) once, not per seat.
    evenings = GameSession.objects.filter(pk__in=sessions).order_by("created", "pk").only(*EVENING_FIELDS)
    seats = Seat.objects.filter(session__in=sessions).values_list("session_id", "index", "player_id", "player__name")
    counts = hand_counts(Round.objects.filter(session__in=sessions))
    seated: dict[int, list[tuple[int, int, str]]] = {}
    for session_id, index, player_id, name in seats:
        seated.setdefault(session_id, []).append((index, player_id, name))
    tables: dict[Stake, StakeTable] = {}
    players: dict[Stake, dict[int, Standing]] = {}
    for evening in evenings:
        rows = sorted(seated.get(evening.pk, []))
        if len(rows) != 4:
            continue
        stake = Stake(variant=evening.variant, base=evening.base, money_rate=evening.money_rate)
        table = tables.setdefault(stake, StakeTable(stake))
        standings = players.setdefault(stake, {})
        changes = [int(total) + int(back) for total, back in zip(evening.totals, evening.pot_refund, strict=True)]
        _add_session(table, standings, evening.pk, changes, rows, counts)
        _add_money(table, standings, evening, changes, rows, counts)
    for stake, table in tables.items():
        table.standings = _ranked(players[stake].values())
    return sorted(tables.values(), key=lambda table: (-table.sessions, table.stake.variant, table.stake.base))


def _add_session(
    table: StakeTable,
    standings: dict[int, Standing],
    session_id: int,
    changes: Sequence[int],
    rows: Sequence[tuple[int, int, str]],
    counts: dict[tuple[int, int], HandCounts],
) -> None:
    """Add one session: `changes` are its seats' final changes, `rows` its (seat, player id, name)."""
    table.sessions += 1
    top = max(changes)
    seat_player = {seat: player_id for seat, player_id, _name in rows}
    for seat, player_id, name in rows:
        standing = standings.setdefault(player_id, Standing(player_id, name))
        standing.sessions += 1
        standing.net += changes[seat]
        standing.trend.append(standing.net)
        standing.top_count += top > 0 and changes[seat] == top
        counted = counts.get((session_id, seat))
        if counted is None:
            continue
        standing.wins += counted.wins
        standing.self_draws += counted.self_draws
        standing.deal_ins += counted.deal_ins
        if counted.biggest_hand is not None:
            standing.biggest_hand = max(counted.biggest_hand, standing.biggest_hand or counted.biggest_hand)
        for winner, hands in counted.dealt_into.items():
            if hands:
                pair = (player_id, seat_player[winner])
                table.dealt_into[pair] = table.dealt_into.get(pair, 0) + hands
    # The pot nobody won stays on the table: it is owed what the seats' changes leave over.
    unclaimed = -sum(changes)
    if unclaimed >= 0:
        for transfer in settle_up(changes, unclaimed):
            if transfer.payee != POT_PARTY:
                pair = (seat_player[transfer.payer], seat_player[transfer.payee])
                table.paid[pair] = table.paid.get(pair, 0) + transfer.amount


def _add_money(
    table: StakeTable,
    standings: dict[int, Standing],
    evening: GameSession,
    changes: Sequence[int],
    rows: Sequence[tuple[int, int, str]],
    counts: dict[tuple[int, int], HandCounts],
) -> None:
    """Add one evening's money after its table fee, and the fee itself, to each player: the
    figures of the evening's settle-up (hand counts from the GROUP BY, for a per-hand fee)."""
    fee = fee_rule_of(evening)
    counted = [counts.get((evening.pk, seat)) for seat in SEATS]
    shares, money_nets = money_after_fee(
        changes,
        rate=evening.money_rate,
        fee=fee,
        wins=[seat.wins if seat else 0 for seat in counted],
        self_draws=[seat.self_draws if seat else 0 for seat in counted],
    )
    table.fee_charged = table.fee_charged or fee.charges
    for seat, player_id, _name in rows:
        standing = standings[player_id]
        standing.fee_fen += shares[seat] if shares else 0
        if money_nets is not None:
            standing.money_fen = (standing.money_fen or 0) + money_nets[seat]


def _ranked(standings: Iterable[Standing]) -> list[Standing]:
    """Most net first; equal nets share a rank (1, 2, 2, 4)."""
    ordered = sorted(standings, key=lambda standing: (-standing.net, standing.name.lower()))
    for position, standing in enumerate(ordered):
        tied = position and ordered[position - 1].net == standing.net
        standing.rank = ordered[position - 1].rank if tied else position + 1
    return ordered
