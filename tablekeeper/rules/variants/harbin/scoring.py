"""Harbin's payments and dealer rotation (RULES.md §3.6-3.7).

A Harbin hand has one win value V (1, 2, 3 or 12) that a clamp may double; the values are
exclusive, never summed. The discarder pays alone for a discard win; everyone else pays.
"""

from __future__ import annotations

from ... import ledger as codes
from ...ledger import Ledger
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...variant import Findings, Outcome, TileFindings, advance
from ..common.factors import Factor, factor_params, product
from ..common.outcomes import note_dealer, note_tiles, note_win, void_outcome


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: a void, a draw, or the one winner and who pays them."""
    ledger = Ledger()
    if record.result == "void":
        return void_outcome(state)
    if record.result == "draw":
        draws, streak = state.draw_streak + 1, state.dealer_streak + 1
        ledger.note(codes.DRAW, {"draws": draws, "next_multiplier": None}, "Drawn hand: nobody pays.")
        note_dealer(ledger, state, state.dealer, "drawn_hand", streak, f"P{state.dealer} keeps the deal.")
        return Outcome(ledger, advance(state, dealer_streak=streak, draw_streak=draws))
    win, found = record.wins[0], findings[0]
    note_win(ledger, win)
    note_tiles(ledger, win.seat, found)
    if record.seats[win.seat].ready != "ready":
        words = f"P{win.seat} counts as ready: every Harbin winner has declared ready."
        ledger.remark("winner_counts_as_ready", words, win.seat)
    _pay_win(ledger, record, found, state, options)
    return Outcome(ledger, _next_state(ledger, state, win.seat))


# -- the win value ------------------------------------------------------------------------


def _pay_win(ledger: Ledger, record: HandRecord, found: TileFindings, state: TableState, options: Options) -> None:
    win, patterns = record.wins[0], found.patterns
    value, doublings = _win_value(record, options, win, patterns)
    if "clamp" in patterns:
        if "treasure_in_treasure" in patterns and not options["clamp_on_bao_zhong_bao"]:
            ledger.remark(
                "clamp_not_on_bao_zhong_bao", "The clamp does not double treasure within treasure (宝中宝).", win.seat
            )
        else:
            doublings.append(Factor("clamp", 2, "clamp"))
    base = options["base"]
    payers = [win.from_seat] if win.method == "discard" else [s for s in range(4) if s != win.seat]
    for payer in payers:
        assert payer is not None
        factors = [value, *doublings]
        if options["dealer_double"] and state.dealer in (payer, win.seat):
            factors.append(Factor("dealer", 2, "dealer"))
        if options["closed_double"] and not record.seats[payer].opened:
            factors.append(Factor("closed payer", 2, "unopened_payer"))
        amount = product(factors, base)
        # The win value is a number of points, not a multiplier, so it reads "出冲 3" rather than "×3".
        words = [f"base {base}", f"{value.label} {value.times}", *(factor.words() for factor in factors[1:])]
        params = {"base": base, "factors": factor_params(factors), "raw": amount, "cap": None}
        ledger.pay(codes.WIN_PRODUCT, payer, win.seat, amount, params, f"{' × '.join(words)} = {amount}")


def _win_value(
    record: HandRecord, options: Options, win: Win, patterns: tuple[str, ...]
) -> tuple[Factor, list[Factor]]:
    """The one win value V, and the self-draw ×2 that a house rule stacks on treasure wins."""
    stacks = options["harbin_treasure_stacks_with_self_draw"]
    if win.method == "discard":
        assert win.from_seat is not None
        if record.seats[win.from_seat].ready == "ready":
            return Factor("standard win 平胡 on a ready discarder", 1, "standard_win"), []
        return Factor("discarder not ready 出冲", 3, "discarder_not_ready"), []
    if win.method == "rob_kong":
        return Factor("robbing a kong, paid as a self-draw", 2, "rob_kong"), []
    stacked = [Factor("self-draw", 2, "self_draw")] if stacks else []
    if "treasure_in_treasure" in patterns:
        return Factor("treasure within treasure 宝中宝", 12, "treasure_in_treasure"), stacked
    if "finding_treasure" in patterns:
        return Factor("finding the treasure 摸宝", 3, "finding_treasure"), stacked
    return Factor("self-draw 自摸", 2, "self_draw"), []


def _next_state(ledger: Ledger, state: TableState, winner: int) -> TableState:
    if winner == state.dealer:
        streak = state.dealer_streak + 1
        note_dealer(ledger, state, winner, "dealer_won", streak, f"The dealer P{winner} won and keeps the deal (连庄).")
        return advance(state, dealer_streak=streak, draw_streak=0)
    note_dealer(ledger, state, winner, "winner", 0, f"Next dealer P{winner}: the winner deals.")
    return advance(state, dealer=winner, dealer_streak=0, draw_streak=0)
