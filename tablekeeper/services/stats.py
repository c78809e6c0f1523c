"""Per-player statistics across a keeper's sessions, aggregated by the database.

Definitions (RULES.md is silent; these are the table's usual meanings):
- hands played: every stored hand of the sessions the player sat in, draws and void hands included;
- hands won: hands in which the player is one of the winners (several on one discard each count);
- self-draw rate: self-drawn wins / hands won;
- deal-in rate: hands in which someone won on the player's discard or robbed the player's kong /
  hands played (one deal-in per hand, however many won on that tile);
- biggest hand: the most points the player gained in one hand they won;
- net points: the sum of the player's changes over their sessions (with any pot refunded at the end).

Two queries whatever the number of hands: one GROUP BY over the hands' stored columns (winners'
gains, method, discarder; never a record or its reasons), and the seats with their sessions' totals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from django.contrib.auth.models import User
from django.db.models import Count, Max, Q

from ..models import Round, Seat
from .derived import SEATS


@dataclass(frozen=True)
class SeatTally:
    """One seat of one session, as the database counted it."""

    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest_hand: int | None


@dataclass
class PlayerStats:
    name: str
    sessions: set[int] = field(default_factory=set)
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    biggest_hand: int | None = None
    net: int = 0

    @property
    def sessions_played(self) -> int:
        return len(self.sessions)

    @property
    def self_draw_rate(self) -> float | None:
        return self.self_draws / self.wins if self.wins else None

    @property
    def deal_in_rate(self) -> float | None:
        return self.deal_ins / self.hands if self.hands else None

    def add(self, tally: SeatTally) -> None:
        self.hands += tally.hands
        self.wins += tally.wins
        self.self_draws += tally.self_draws
        self.deal_ins += tally.deal_ins
        if tally.biggest_hand is not None:
            self.biggest_hand = max(tally.biggest_hand, self.biggest_hand or tally.biggest_hand)


def seat_tallies(owner: User) -> dict[tuple[int, int], SeatTally]:
    """(session id, seat index) → that seat's counts, in one GROUP BY over the keeper's hands."""
    aggregates: dict[str, Any] = {"hands": Count("pk")}
    for seat in SEATS:
        won = Q(**{f"gain_{seat}__isnull": False})
        aggregates[f"wins_{seat}"] = Count("pk", filter=won)
        aggregates[f"self_draws_{seat}"] = Count("pk", filter=won & Q(method="self_draw"))
        aggregates[f"deal_ins_{seat}"] = Count("pk", filter=Q(discarder=seat))
        aggregates[f"biggest_{seat}"] = Max(f"gain_{seat}")
    grouped = Round.objects.filter(session__owner=owner).values("session_id").annotate(**aggregates).order_by()
    rows = cast(Iterable[dict[str, Any]], grouped)
    return {
        (row["session_id"], seat): SeatTally(
            hands=row["hands"],
            wins=row[f"wins_{seat}"],
            self_draws=row[f"self_draws_{seat}"],
            deal_ins=row[f"deal_ins_{seat}"],
            biggest_hand=row[f"biggest_{seat}"],
        )
        for row in rows
        for seat in SEATS
    }


def tally(
    seats: Iterable[tuple[int, int, int, str, list[int], list[int]]], tallies: Mapping[tuple[int, int], SeatTally]
) -> list[PlayerStats]:
    """`seats`: (session id, seat index, player id, name, session totals, pot refund); most wins first."""
    players: dict[int, PlayerStats] = {}
    for session_id, index, player_id, name, totals, refund in seats:
        stats = players.setdefault(player_id, PlayerStats(name))
        stats.sessions.add(session_id)
        stats.net += int(totals[index]) + int(refund[index])
        counted = tallies.get((session_id, index))
        if counted is not None:
            stats.add(counted)
    return sorted(players.values(), key=lambda stats: (-stats.wins, stats.name.lower()))


def player_statistics(owner: User) -> list[PlayerStats]:
    seats = Seat.objects.filter(session__owner=owner).values_list(
        "session_id", "index", "player_id", "player__name", "session__totals", "session__pot_refund"
    )
    return tally(seats, seat_tallies(owner))
