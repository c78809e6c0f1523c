"""The hand record (RULES.md §0.2) as the engine reads it, once parsed: frozen dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Win:
    seat: int
    method: str
    from_seat: int | None
    patterns: tuple[str, ...]
    flowers: int = 0
    tiles: str | None = None
    # Shandong 承包 (RULES §0.2, §4.6): the seat that pays everything THIS winner receives, or None.
    liable: int | None = None

    def count(self, pattern: str) -> int:
        return self.patterns.count(pattern)

    def has(self, pattern: str) -> bool:
        return pattern in self.patterns


@dataclass(frozen=True, slots=True)
class SeatFacts:
    ready: str = "none"
    opened: bool = True
    side_bet: int = 0


@dataclass(frozen=True, slots=True)
class Kong:
    seat: int
    kind: str
    tile: str | None = None
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: str
    seat: int | None = None
    count: int = 1
    deltas: tuple[int, int, int, int] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class HandRecord:
    result: str
    wins: tuple[Win, ...] = ()
    seats: tuple[SeatFacts, SeatFacts, SeatFacts, SeatFacts] = field(
        default_factory=lambda: (SeatFacts(), SeatFacts(), SeatFacts(), SeatFacts())
    )
    kongs: tuple[Kong, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    dice_double: bool = False
    # The older form of a win's `liable`, for a record with one winner (RULES §0.2): kept as written, and
    # also copied onto that win, so checks and scoring read `Win.liable` whichever form the record used.
    liable: int | None = None
    treasure: str | None = None
    # The tile turned up, where a variant's wild is the face after it (`Wilds.succession`): the engine turns it
    # into `treasure` before any check (`Variant.with_wild`), so both are kept and checked against each other.
    turned_up: str | None = None
    # What the keeper counted for this hand, by the variant's count id (`CountSpec`): ((id, n), ...).
    counts: tuple[tuple[str, int], ...] = ()

    def counted(self, count_id: str) -> int:
        """How many of `count_id` the keeper entered for this hand: 0 when the record leaves it out."""
        return dict(self.counts).get(count_id, 0)

    def kongs_of(self, seat: int) -> tuple[Kong, ...]:
        return tuple(k for k in self.kongs if k.seat == seat)

    def liable_field(self, index: int) -> str:
        """The field that named the liable player of `wins[index]`: the older top-level one, or the win's own."""
        return "liable" if self.liable is not None else f"wins.{index}.liable"
