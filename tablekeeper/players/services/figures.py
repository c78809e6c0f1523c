"""A player's hand figures over their linked evenings, per variant: what no points ledger can show, read from
the engine's records and the columns each hand row stores (`keeping/services/derived.py`).

Definitions (the players page's, players/services/stats.py, plus):
- hands: every stored hand of the evenings the player was linked to;
- 自摸 rate: self-drawn wins / wins; 点炮 rate: hands won on the player's discard (or robbed kong) / hands;
- average and biggest win: the points gained in the hands the player won;
- longest dealer streak (连庄): the most hands in a row the player kept the deal, as the engine's table
  state after each hand counts it;
- patterns won with: the patterns of the player's winning hands, as the hand records name them, most first.

Two queries whatever the number of evenings: one GROUP BY per session over the hands' columns (shared
with the evenings' settle-ups, `record.py`) and the records of the hands the player won.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from django.contrib.auth.models import User
from django.db.models import Case, Count, IntegerField, Max, OuterRef, Q, QuerySet, Subquery, Sum, When
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from tablekeeper.keeping.models import Round, Seat
from tablekeeper.keeping.services.derived import SEATS
from tablekeeper.rules import get_variant, variant_ids

from .stats import seat_aggregates

PATTERNS_SHOWN = 5


@dataclass(frozen=True)
class SeatCounts:
    """One seat of one session, as the database counted it."""

    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest: int | None
    gained: int
    streak: int | None


def seat_counts(rounds: QuerySet[Round]) -> dict[tuple[int, int], SeatCounts]:
    """(session id, seat) → that seat's counts, in one GROUP BY over the hands' stored columns."""
    aggregates: dict[str, Any] = {"hands": Count("pk"), **seat_aggregates()}
    for seat in SEATS:
        aggregates[f"gained_{seat}"] = Sum(Round.GAIN_COLUMNS[seat])
        kept = Cast(KT("state_after__dealer_streak"), IntegerField())
        aggregates[f"streak_{seat}"] = Max(Case(When(state_after__dealer=seat, then=kept), output_field=IntegerField()))
    grouped = rounds.values("session_id").annotate(**aggregates).order_by()
    return {
        (row["session_id"], seat): SeatCounts(
            hands=row["hands"],
            wins=row[f"wins_{seat}"],
            self_draws=row[f"self_draws_{seat}"],
            deal_ins=row[f"deal_ins_{seat}"],
            biggest=row[f"biggest_{seat}"],
            gained=int(row[f"gained_{seat}"] or 0),
            streak=row[f"streak_{seat}"],
        )
        for row in cast(Iterable[dict[str, Any]], grouped)
        for seat in SEATS
    }


@dataclass
class VariantFigures:
    variant: str
    evenings: int = 0
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    gained: int = 0
    biggest: int | None = None
    streak: int = 0
    patterns: list[tuple[Any, int]] = field(default_factory=list)  # (the pattern's names {en, zh}, times)

    @property
    def names(self) -> dict[str, str]:
        if self.variant in variant_ids():
            name = get_variant(self.variant)["name"]
            return {"en": name["en"], "zh": name["zh"]}
        return {"en": self.variant, "zh": self.variant}

    @property
    def self_draw_percent(self) -> int | None:
        return round(100 * self.self_draws / self.wins) if self.wins else None

    @property
    def deal_in_percent(self) -> int | None:
        return round(100 * self.deal_ins / self.hands) if self.hands else None

    @property
    def win_percent(self) -> int | None:
        return round(100 * self.wins / self.hands) if self.hands else None

    @property
    def average_win(self) -> int | None:
        return round(self.gained / self.wins) if self.wins else None

    def add(self, counted: SeatCounts | None) -> None:
        self.evenings += 1
        if counted is None:
            return
        self.hands += counted.hands
        self.wins += counted.wins
        self.self_draws += counted.self_draws
        self.deal_ins += counted.deal_ins
        self.gained += counted.gained
        if counted.biggest is not None:
            self.biggest = max(counted.biggest, self.biggest if self.biggest is not None else counted.biggest)
        self.streak = max(self.streak, counted.streak or 0)


def hand_figures(
    user: User, seats: Iterable[tuple[int, int, str]], counts: Mapping[tuple[int, int], SeatCounts]
) -> list[VariantFigures]:
    """`seats`: the player's (session id, seat index, variant). One section per variant, the most played first."""
    figures: dict[str, VariantFigures] = {}
    for session_id, index, variant in seats:
        figures.setdefault(variant, VariantFigures(variant)).add(counts.get((session_id, index)))
    for variant, counted in won_patterns(user).items():
        if variant in figures:
            names = _pattern_names(variant)
            figures[variant].patterns = [
                (names.get(pattern, pattern), times) for pattern, times in counted.most_common(PATTERNS_SHOWN)
            ]
    return sorted(figures.values(), key=lambda section: (-section.hands, section.variant))


def won_patterns(user: User) -> dict[str, Counter[str]]:
    """Per variant, how often each pattern was in a hand the player won (one query: those hands' records)."""
    mine = Seat.objects.filter(session=OuterRef("session"), person=user).values("index")[:1]
    rounds = (
        Round.objects.filter(session__in=Seat.objects.filter(person=user).values("session_id"), result="win")
        .annotate(mine=Subquery(mine))
        .filter(
            Q(mine=0, gain_0__isnull=False)
            | Q(mine=1, gain_1__isnull=False)
            | Q(mine=2, gain_2__isnull=False)
            | Q(mine=3, gain_3__isnull=False)
        )
    )
    found: dict[str, Counter[str]] = {}
    for variant, seat, record in rounds.values_list("session__variant", "mine", "record"):
        wins = record.get("wins") if isinstance(record, dict) else None
        for win in wins if isinstance(wins, list) else []:
            if isinstance(win, dict) and win.get("seat") == seat and isinstance(win.get("patterns"), list):
                found.setdefault(variant, Counter()).update(str(pattern) for pattern in win["patterns"])
    return found


def _pattern_names(variant: str) -> dict[str, Any]:
    if variant not in variant_ids():
        return {}
    return {pattern["id"]: pattern["name"] for pattern in get_variant(variant)["patterns"]}
