"""Per-player statistics across a keeper's sessions, aggregated by the database.

Definitions (RULES.md is silent; these are the table's usual meanings):
- hands played: every stored hand of the sessions the player sat in, draws and void hands included;
- hands won: hands in which the player is one of the winners (several on one discard each count);
- self-draw rate: self-drawn wins / hands won;
- deal-in rate: hands in which someone won on the player's discard or robbed the player's kong /
  hands played (one deal-in per hand, however many won on that tile);
- biggest hand: the most points the player gained in one hand they won;
- net points: the sum of the player's changes over their sessions (with any pot refunded at the end).

Points of different variants and bases are different games: the figures are kept apart per
variant and base (one table each on the page), never summed across them.

Two queries whatever the number of hands: one GROUP BY over the hands' stored columns (winners'
gains, method, discarder; never a record or its reasons), and the seats with their sessions' totals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import cast

from django.contrib.auth.models import User
from django.db.models import Aggregate, Count, Max, Q

from tablekeeper.keeping.models import Round, Seat
from tablekeeper.keeping.services.derived import SEATS
from tablekeeper.rules import get_variant, variant_ids


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


def seat_aggregates() -> dict[str, Aggregate]:
    """Each seat's wins, self-draws, deal-ins and biggest win, as aggregates over the hands' stored columns
    (`wins_0`, `self_draws_0`, `deal_ins_0`, `biggest_0`, … per seat), for a GROUP BY by session."""
    aggregates: dict[str, Aggregate] = {}
    for seat in SEATS:
        won = Q(**{f"gain_{seat}__isnull": False})
        aggregates[f"wins_{seat}"] = Count("pk", filter=won)
        aggregates[f"self_draws_{seat}"] = Count("pk", filter=won & Q(method="self_draw"))
        # 点炮 is one thing on every page (docs/standings.md): a hand won on this seat's discard; a robbed kong
        # (抢杠) is not one, as the evening's card and its group-chat text count it (keeping/services/evening.py).
        aggregates[f"deal_ins_{seat}"] = Count("pk", filter=Q(discarder=seat, method="discard"))
        aggregates[f"biggest_{seat}"] = Max(f"gain_{seat}")
    return aggregates


def seat_tallies(owner: User) -> dict[tuple[int, int], SeatTally]:
    """(session id, seat index) → that seat's counts, in one GROUP BY over the keeper's hands."""
    aggregates: dict[str, Aggregate] = {"hands": Count("pk"), **seat_aggregates()}
    grouped = Round.objects.filter(session__owner=owner).values("session_id").annotate(**aggregates).order_by()
    # Counts are whole numbers; a seat's biggest win is None where it won nothing.
    rows = cast(Iterable[dict[str, int | None]], grouped)
    return {
        (int(row["session_id"] or 0), seat): SeatTally(
            hands=int(row["hands"] or 0),
            wins=int(row[f"wins_{seat}"] or 0),
            self_draws=int(row[f"self_draws_{seat}"] or 0),
            deal_ins=int(row[f"deal_ins_{seat}"] or 0),
            biggest_hand=row[f"biggest_{seat}"],
        )
        for row in rows
        for seat in SEATS
    }


@dataclass
class VariantStats:
    """The players' figures in the sessions of one variant at one base."""

    variant: str
    base: int
    players: list[PlayerStats]

    @property
    def variant_names(self) -> dict[str, str]:
        if self.variant in variant_ids():
            name = get_variant(self.variant)["name"]
            return {"en": name["en"], "zh": name["zh"]}
        return {"en": self.variant, "zh": self.variant}


SeatRow = tuple[int, int, int, str, list[int], list[int], str, int]


def tally(seats: Iterable[SeatRow], tallies: Mapping[tuple[int, int], SeatTally]) -> list[VariantStats]:
    """`seats`: (session id, seat index, player id, name, session totals, pot refund, variant, base).

    One section per variant and base, the most played first; in each, most wins first."""
    sections: dict[tuple[str, int], dict[int, PlayerStats]] = {}
    for session_id, index, player_id, name, totals, refund, variant, base in seats:
        players = sections.setdefault((variant, base), {})
        stats = players.setdefault(player_id, PlayerStats(name))
        stats.sessions.add(session_id)
        stats.net += int(totals[index]) + int(refund[index])
        counted = tallies.get((session_id, index))
        if counted is not None:
            stats.add(counted)
    found = [
        VariantStats(variant, base, sorted(players.values(), key=lambda stats: (-stats.wins, stats.name.lower())))
        for (variant, base), players in sections.items()
    ]
    return sorted(found, key=lambda section: (-sum(p.hands for p in section.players), section.variant, section.base))


def player_statistics(owner: User) -> list[VariantStats]:
    seats = Seat.objects.filter(session__owner=owner).values_list(
        "session_id",
        "index",
        "player_id",
        "player__name",
        "session__totals",
        "session__pot_refund",
        "session__variant",
        "session__base",
    )
    return tally(cast(Iterable[SeatRow], seats), seat_tallies(owner))
