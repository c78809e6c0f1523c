"""What a variant's folder hands the flow (`Hooks`), and what the hooks and the flow exchange: each win's
tile findings (`TileFindings`), and what scoring produced (`Outcome`) with the next table state.

`variant.py` re-exports all of it: a variant's folder imports it from there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Protocol

from .catalogue_items import PatternSpec
from .errors import Problem
from .ledger import Ledger
from .options import Options
from .records import HandRecord, Win
from .state import TableState


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a variant's scoring produced for one hand, before the engine adds the common parts."""

    ledger: Ledger
    state: TableState


class DeclaredKong(NamedTuple):
    """A kong or special set of the winner, with its face when it has one."""

    kind: str  # the record's kind: exposed, added, concealed, dragon_set, wind_set
    tile: str | None


class TileNote(NamedTuple):
    """A line the ledger shows about a win's tiles, at the head of that win's lines."""

    code: str
    params: dict[str, Any]
    text: str


@dataclass(frozen=True, slots=True)
class TileFindings:
    """What one win's tiles settled, or, for a win without tiles, what its record says.

    Every variant's tiles hook returns this; the checks that need it and the scoring read it.
    """

    patterns: tuple[str, ...]  # the patterns to score: those ticked that the tiles allow, and those they prove
    kongs: tuple[DeclaredKong, ...]  # the winner's kongs and special sets
    notes: tuple[TileNote, ...] = ()
    from_tiles: bool = True
    readings: int | None = None  # how many legal readings the tiles have, where the variant counts them

    @classmethod
    def of_record(cls, record: HandRecord, win: Win) -> TileFindings:
        """A win without tiles: its ticked patterns and listed kongs, at the scorekeeper's word."""
        return cls(win.patterns, winner_kongs(record, win.seat), from_tiles=False)


def winner_kongs(record: HandRecord, seat: int) -> tuple[DeclaredKong, ...]:
    return tuple(DeclaredKong(kong.kind, kong.tile) for kong in record.kongs_of(seat))


Findings = tuple[TileFindings, ...]  # one per win, in the record's order


class SharedContradictions(Protocol):
    """The contradictions every variant refuses, as a variant's table changes them (RULES §0.8).

    `variants/common/consistency.Consistency` is the one implementation; it is named here by what the
    flow calls, so that this module never imports the variants' package (which imports it).
    """

    def record_problems(self, record: HandRecord, options: Options, patterns: Collection[PatternSpec]) -> list[Problem]:
        """Every contradiction among the record's own facts (tiles aside)."""

    def findings_problems(self, record: HandRecord, findings: Findings, options: Options) -> list[Problem]:
        """Every contradiction between the winners' tiles and the rest of the record."""


def no_problems(*_facts: object) -> list[Problem]:
    """The check a variant leaves out: it finds nothing."""
    return []


@dataclass(frozen=True, slots=True, kw_only=True)
class Hooks:
    """What a variant's package fills in, in the order `Variant.settle_record` calls it.

    Every check returns all the problems it finds; the flow refuses the record after each
    check that found any, so later steps may trust what earlier ones let through.
    """

    # checks.py: what the record alone gets wrong; reported together with the generic checks.
    record_problems: Callable[[HandRecord, Options], list[Problem]] = no_problems
    # checks.py: what contradicts the table state (who deals, say).
    state_problems: Callable[[HandRecord, TableState, Options], list[Problem]] = no_problems
    # tiles.py: read `record.wins[index].tiles` (only called for a win that has tiles), or raise `Rejected`.
    read_tiles: Callable[[HandRecord, int, TableState, Options], TileFindings]
    # checks.py: what contradicts the findings of every win (tiles read, or the record's word).
    findings_problems: Callable[[HandRecord, Findings, Options], list[Problem]] = no_problems
    # scoring.py: who pays whom for a record that passed everything above, and the next state.
    score: Callable[[HandRecord, Findings, TableState, Options], Outcome]


def next_seat(seat: int) -> int:
    return (seat + 1) % 4


def advance(state: TableState, **changes: Any) -> TableState:
    """The next state: `changes` applied to `state`. The engine itself sets `hand` and `previous`."""
    return replace(state, **changes)
