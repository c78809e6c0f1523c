"""Harbin's payments and dealer rotation (RULES.md §3.6-3.7).

A Harbin hand has one win value V (1, 2, 3, 6 or 12) that a clamp may double; the values are
exclusive, never summed. The discarder pays alone for a discard win (and, with rob_kong_payer=declarer,
the robbed player for a robbed kong); everyone else pays. House rules of §9.4 set the values and, with
bao_zhuang, let an unready discarder pay every loser's share.
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
from .catalogue import GUA_DA_FENG_VALUE


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
    if _single_wait_treasure(win, patterns, options):
        # §9.4.3 without tiles: a ticked clamp is a single wait, so with bao_zhong_bao_any_face a ticked 摸宝 with it
        # is 宝中宝, never 摸宝 × clamp (with tiles, the tiles decide: tiles.py).
        patterns = tuple("treasure_in_treasure" if p == "finding_treasure" else p for p in patterns)
        words = "A clamp (卡当) is a single wait: with bao_zhong_bao_any_face, 摸宝 on it is 宝中宝."
        ledger.remark("single_wait_treasure", words, win.seat)
    doublings: list[Factor] = []
    if "clamp" in patterns:
        if "treasure_in_treasure" in patterns and not options["clamp_on_bao_zhong_bao"]:
            ledger.remark(
                "clamp_not_on_bao_zhong_bao", "The clamp does not double treasure within treasure (宝中宝).", win.seat
            )
        else:
            doublings.append(Factor("clamp", 2, "clamp"))
    dealt_in = _dealt_in_by(win, options)
    if dealt_in is not None and options["bao_zhuang"] and record.seats[dealt_in].ready != "ready":
        # 包庄 (§9.4.4): the unready discarder pays every loser's share, each as a ready discarder's win.
        value = _ready_discard_value(patterns)
        for share in (s for s in range(4) if s != win.seat):
            stake = Factor(f"包庄: P{share}'s share", 1, "bao_zhuang")
            _pay(ledger, record, state, options, dealt_in, share, [value, *doublings, stake])
        return
    value, stacked = _win_value(record, options, win, patterns, dealt_in)
    if stacked:
        # Why this self-draw doubles when a plain one here pays only self_draw_value (§3.6, §9.4.1).
        words = "A self-drawn treasure win or 刮大风 also counts the self-draw double (treasure stacks with self-draw)."
        ledger.remark("self_draw_stacks", words, win.seat)
    payers = [dealt_in] if dealt_in is not None else [s for s in range(4) if s != win.seat]
    for payer in payers:
        _pay(ledger, record, state, options, payer, payer, [value, *stacked, *doublings])


def _pay(
    ledger: Ledger,
    record: HandRecord,
    state: TableState,
    options: Options,
    payer: int,
    loser: int,
    factors: list[Factor],
) -> None:
    """One payment from `payer` to the winner; the dealer and closed doubles look at `loser` (the payer, or
    under 包庄 the loser whose share the payer takes on)."""
    win, base = record.wins[0], options["base"]
    if options["dealer_double"] and state.dealer in (loser, win.seat):
        factors.append(Factor("dealer", 2, "dealer"))
    if options["closed_double"] and not record.seats[loser].opened:
        factors.append(Factor("closed payer", 2, "unopened_payer"))
    amount = product(factors, base)
    value = factors[0]
    # The win value is a number of points, not a multiplier, so it reads "出冲 3" rather than "×3".
    words = [f"base {base}", f"{value.label} {value.times}", *(factor.words() for factor in factors[1:])]
    params = {"base": base, "factors": factor_params(factors), "raw": amount, "cap": None}
    for entry in params["factors"]:
        if entry["item"] == "bao_zhuang":
            entry["seat"] = loser  # whose share this is: the seat's own doubles follow it
    ledger.pay(codes.WIN_PRODUCT, payer, win.seat, amount, params, f"{' × '.join(words)} = {amount}")


def _single_wait_treasure(win: Win, patterns: tuple[str, ...], options: Options) -> bool:
    """A self-drawn 摸宝 ticked with 卡当 and no tiles, at a table where any single-wait treasure is 宝中宝."""
    return (
        bool(options["bao_zhong_bao_any_face"])
        and win.method == "self_draw"
        and win.tiles is None
        and "finding_treasure" in patterns
        and "clamp" in patterns
    )


def _dealt_in_by(win: Win, options: Options) -> int | None:
    """Who pays alone, as for a discard: the discarder, or a robbed kong's declarer under rob_kong_payer=declarer."""
    if win.method == "discard" or (win.method == "rob_kong" and options["rob_kong_payer"] == "declarer"):
        assert win.from_seat is not None
        return win.from_seat
    return None


def _ready_discard_value(patterns: tuple[str, ...]) -> Factor:
    if "gua_da_feng" in patterns:
        return Factor("win on the fourth copy 刮大风", GUA_DA_FENG_VALUE, "gua_da_feng")
    return Factor("standard win 平胡 on a ready discarder", 1, "standard_win")


def _win_value(
    record: HandRecord, options: Options, win: Win, patterns: tuple[str, ...], dealt_in: int | None
) -> tuple[Factor, list[Factor]]:
    """The one win value V, and the self-draw ×2 that a house rule stacks on treasure wins and 刮大风."""
    stacks = options["harbin_treasure_stacks_with_self_draw"]
    if dealt_in is not None:
        if "gua_da_feng" in patterns or record.seats[dealt_in].ready == "ready":
            return _ready_discard_value(patterns), []
        return Factor("discarder not ready 出冲", options["discarder_not_ready_value"], "discarder_not_ready"), []
    if win.method == "rob_kong":
        return Factor("robbing a kong, paid as a self-draw", options["self_draw_value"], "rob_kong"), []
    stacked = [Factor("self-draw", 2, "self_draw")] if stacks else []
    if "treasure_in_treasure" in patterns:
        return Factor("treasure within treasure 宝中宝", 12, "treasure_in_treasure"), stacked
    if "finding_treasure" in patterns:
        return Factor("finding the treasure 摸宝", 3, "finding_treasure"), stacked
    if "gua_da_feng" in patterns:
        return Factor("win on the fourth copy 刮大风", GUA_DA_FENG_VALUE, "gua_da_feng"), stacked
    return Factor("self-draw 自摸", options["self_draw_value"], "self_draw"), []


def _next_state(ledger: Ledger, state: TableState, winner: int) -> TableState:
    if winner == state.dealer:
        streak = state.dealer_streak + 1
        note_dealer(ledger, state, winner, "dealer_won", streak, f"The dealer P{winner} won and keeps the deal (连庄).")
        return advance(state, dealer_streak=streak, draw_streak=0)
    note_dealer(ledger, state, winner, "winner", 0, f"Next dealer P{winner}: the winner deals.")
    return advance(state, dealer=winner, dealer_streak=0, draw_streak=0)
