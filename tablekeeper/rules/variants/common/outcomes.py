"""Pieces of an outcome that several variants write the same way."""

from __future__ import annotations

from collections.abc import Iterable

from ...ledger import Ledger
from ...state import TableState
from ...variant import Outcome, TileFindings, TileNote


def void_outcome(state: TableState) -> Outcome:
    """A cancelled hand: nothing is paid, the dealer re-deals, no counter moves."""
    ledger = Ledger()
    ledger.note("Hand cancelled: the same dealer deals again; nothing is paid.", code="void")
    return Outcome(ledger, state)


def note_tiles(ledger: Ledger, seat: int, findings: TileFindings) -> None:
    """What the tiles settled for the winner at `seat`, at the head of that win's lines."""
    for note in findings.notes:
        ledger.note(note.text, seat=seat, code=note.code)


def derived_notes(seat: int, derived: Iterable[str]) -> tuple[TileNote, ...]:
    """One line for each pattern the tiles prove that the scorekeeper did not tick."""
    return tuple(TileNote("derived", f"The tiles show {words} for P{seat}.") for words in derived)
