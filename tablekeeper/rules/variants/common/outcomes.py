"""Lines and outcomes that several variants write the same way: a cancelled hand, who won how, the
tiles' findings, and who deals next."""

from __future__ import annotations

from collections.abc import Iterable

from ... import ledger as codes
from ...ledger import Ledger, seat_name
from ...records import Win
from ...state import TableState
from ...variant import Outcome, TileFindings, TileNote

_HOW = {"self_draw": "by self-draw", "discard": "on {}'s discard", "rob_kong": "by robbing {}'s kong"}


def void_outcome(state: TableState) -> Outcome:
    """A cancelled hand: nothing is paid, the dealer re-deals, no counter moves."""
    ledger = Ledger()
    note_void(ledger, state.dealer)
    return Outcome(ledger, state)


def note_void(ledger: Ledger, dealer: int) -> None:
    ledger.note(
        codes.VOID,
        {"dealer": dealer},
        f"Hand void: {seat_name(dealer)} deals again; it does not count as a drawn hand.",
        dealer,
    )


def note_win(ledger: Ledger, win: Win) -> None:
    """Who won, how, and from whom: the first line of each win, in every variant."""
    how = _HOW[win.method].format(seat_name(win.from_seat) if win.from_seat is not None else "")
    params = {"winner": win.seat, "method": win.method, "from": win.from_seat}
    ledger.note(codes.WIN, params, f"{seat_name(win.seat)} wins {how}.", win.seat)


def note_tiles(ledger: Ledger, seat: int, findings: TileFindings) -> None:
    """What the tiles settled for the winner at `seat`, at the head of that win's lines."""
    if findings.from_tiles:
        readings = findings.readings
        counted = f"; {readings} legal reading(s), the best one is scored" if readings is not None else ""
        text = f"{seat_name(seat)}'s tiles are a legal win{counted}."
        ledger.note(codes.TILES_LEGAL, {"seat": seat, "readings": readings}, text, seat)
    for note in findings.notes:
        ledger.note(note.code, note.params, note.text, seat)


def derived_notes(seat: int, derived: Iterable[tuple[str, int, str]]) -> tuple[TileNote, ...]:
    """One line for each pattern the tiles prove that the scorekeeper did not tick: (item, count, words)."""
    return tuple(
        TileNote(
            codes.TILES_PROVE,
            {"seat": seat, "items": [{"item": item, "count": count}]},
            f"The tiles show {words}{f' ×{count}' if count > 1 else ''} for {seat_name(seat)}.",
        )
        for item, count, words in derived
    )


def note_dealer(ledger: Ledger, state: TableState, dealer: int, reason: str, streak: int, text: str) -> None:
    """Who deals the next hand (`dealer`) after `state.dealer`, why (ledger.DEALER_REASONS), and the streak then."""
    if reason not in codes.DEALER_REASONS:
        raise ValueError(f"unknown dealer reason {reason!r}")
    params = {
        "dealer": dealer,
        "previous": state.dealer,
        "kept": dealer == state.dealer,
        "reason": reason,
        "streak": streak,
    }
    ledger.note(codes.DEALER, params, text, dealer)
