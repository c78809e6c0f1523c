"""Harbin's payments and dealer rotation (RULES.md §3.6-3.7).

A Harbin hand has one win value V (1, 2, 3 or 12) that a clamp may double; the values are
exclusive, never summed. The discarder pays alone for a discard win; everyone else pays.
"""

from __future__ import annotations

from ...ledger import Ledger
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...variant import Findings, Outcome, TileFindings, advance
from ..common.factors import Factor
from ..common.outcomes import note_tiles, void_outcome


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: a void, a draw, or the one winner and who pays them."""
    ledger = Ledger()
    if record.result == "void":
        return void_outcome(state)
    if record.result == "draw":
        ledger.note(f"Drawn hand: nobody pays; P{state.dealer} keeps the deal.", code="dealer")
        return Outcome(
            ledger,
            advance(state, dealer_streak=state.dealer_streak + 1, draw_streak=state.draw_streak + 1),
        )
    win, found = record.wins[0], findings[0]
    note_tiles(ledger, win.seat, found)
    if record.seats[win.seat].ready != "ready":
        ledger.note(f"P{win.seat} counts as ready: every Harbin winner has declared ready.", win.seat, "ready")
    _pay_win(ledger, record, found, state, options)
    return Outcome(ledger, _next_state(ledger, state, win.seat))


# -- the win value ------------------------------------------------------------------------


def _pay_win(ledger: Ledger, record: HandRecord, found: TileFindings, state: TableState, options: Options) -> None:
    win, patterns = record.wins[0], found.patterns
    value, doublings = _win_value(record, options, win, patterns)
    if "clamp" in patterns:
        if "treasure_in_treasure" in patterns and not options["clamp_on_bao_zhong_bao"]:
            ledger.note("The clamp does not double treasure within treasure (宝中宝).", win.seat, "clamp")
        else:
            doublings.append(Factor("clamp", 2))
    hand_value = options["base"] * value.times
    for factor in doublings:
        hand_value *= factor.times
    # The win value is a number of points, not a multiplier, so it reads "出冲 3" rather than "×3".
    items = [f"base {options['base']}", f"{value.label} {value.times}", *(factor.words() for factor in doublings)]
    payers = [win.from_seat] if win.method == "discard" else [s for s in range(4) if s != win.seat]
    for payer in payers:
        assert payer is not None
        amount = hand_value
        why = list(items)
        if options["dealer_double"] and state.dealer in (payer, win.seat):
            why.append("dealer ×2")
            amount *= 2
        if options["closed_double"] and not record.seats[payer].opened:
            why.append("closed payer ×2")
            amount *= 2
        ledger.pay(payer, win.seat, amount, f"{' × '.join(why)} = {amount}", code="win")


def _win_value(
    record: HandRecord, options: Options, win: Win, patterns: tuple[str, ...]
) -> tuple[Factor, list[Factor]]:
    """The one win value V, and the self-draw ×2 that a house rule stacks on treasure wins."""
    stacks = options["harbin_treasure_stacks_with_self_draw"]
    if win.method == "discard":
        assert win.from_seat is not None
        if record.seats[win.from_seat].ready == "ready":
            return Factor("standard win 平胡 on a ready discarder", 1), []
        return Factor("discarder not ready 出冲", 3), []
    if win.method == "rob_kong":
        return Factor("robbing a kong, paid as a self-draw", 2), []
    stacked = [Factor("self-draw", 2)] if stacks else []
    if "treasure_in_treasure" in patterns:
        return Factor("treasure within treasure 宝中宝", 12), stacked
    if "finding_treasure" in patterns:
        return Factor("finding the treasure 摸宝", 3), stacked
    return Factor("self-draw 自摸", 2), []


def _next_state(ledger: Ledger, state: TableState, winner: int) -> TableState:
    if winner == state.dealer:
        ledger.note(f"The dealer P{winner} won and keeps the deal (连庄).", code="dealer")
        return advance(state, dealer_streak=state.dealer_streak + 1, draw_streak=0)
    ledger.note(f"Next dealer P{winner}: the winner deals.", code="dealer")
    return advance(state, dealer=winner, dealer_streak=0, draw_streak=0)
