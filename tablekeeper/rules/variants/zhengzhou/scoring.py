"""Zhengzhou's payments and dealer rotation (RULES.md §5.6-5.7): win payments, kong bonuses, the next dealer.

WinPay(p) = B × (1 + pao_w + pao_p) × M, paid by every other player on a self-draw.
Kong bonuses (豆) are paid only when the hand has a winner and are not multiplied by M.
"""

from __future__ import annotations

from typing import Any

from ... import ledger as codes
from ...ledger import Ledger
from ...options import Options
from ...records import HandRecord, Kong, Win
from ...state import TableState
from ...variant import Findings, Outcome, advance
from ..common.factors import Factor, factor_params
from ..common.outcomes import note_dealer, note_tiles, note_win, void_outcome
from .catalogue import LUXURY_FACTOR, LUXURY_OPTION, SPECIAL_ORDER

SPECIAL_WORDS = {
    "four_wilds": "four wilds 四混",
    "seven_pairs": "seven pairs 七对",
    "kong_bloom": "win after kong 杠开",
    "luxury_seven_pairs": "luxury seven pairs 豪华七小对",
}
KONG_BONUSES = {
    "concealed": ("concealed_kong_bonus", "concealed kong 闷豆"),
    "exposed": ("exposed_kong_bonus", "exposed kong 点豆"),
    "added": ("added_kong_bonus", "added kong 爬坡豆"),
}


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: a void, a draw, or the one winner, and every kong's bonus."""
    if record.result == "void":
        return void_outcome(state)
    if record.result == "draw":
        return _settle_draw(record, state, options)
    win = record.wins[0]
    # The ×2 items in catalogue order, each once, whether the tiles proved them or the scorekeeper ticked them.
    items = tuple(item for item in SPECIAL_ORDER if item in findings[0].patterns)
    ledger = Ledger()
    note_win(ledger, win)
    note_tiles(ledger, win.seat, findings[0])
    payers = [seat for seat in range(4) if seat != win.seat] if win.method == "self_draw" else [win.from_seat]
    bloom_payer = _kong_bloom_payer(record, win, options) if "kong_bloom" in items else None
    for payer in payers:
        assert payer is not None
        # kong_bloom_payer=feeder (§9.6.3): only the last kong's feeder takes the 杠开 double.
        own_items = items if bloom_payer in (None, payer) else tuple(i for i in items if i != "kong_bloom")
        _pay_win(ledger, record, win, payer, own_items, state, options)
    for kong in record.kongs:
        if options["kongs_only_winner"] and kong.seat != win.seat:
            continue
        _pay_kong(ledger, record, kong, state, options)
    if options["kongs_only_winner"] and any(k.seat != win.seat for k in record.kongs):
        ledger.remark("kongs_only_winner", "Only the winner's kongs are paid (house rule kongs_only_winner).")
    dealer = win.seat
    streak = state.dealer_streak + 1 if dealer == state.dealer else 0
    if dealer == state.dealer:
        words = f"Next dealer P{dealer}: the dealer won and keeps the deal."
        note_dealer(ledger, state, dealer, "dealer_won", streak, words)
    else:
        words = f"Next dealer P{dealer}: the winner deals next and becomes East."
        note_dealer(ledger, state, dealer, "winner", streak, words)
    return Outcome(ledger, advance(state, dealer=dealer, dealer_streak=streak, draw_streak=0))


def _kong_bloom_payer(record: HandRecord, win: Win, options: Options) -> int | None:
    """The one payer of the 杠开 double under kong_bloom_payer=feeder, or None when every payer takes it.

    The bloom follows the winner's last kong listed (kongs are listed as declared): its feeder after an exposed
    or added kong, everyone after a concealed one (RULES §9.6.3).
    """
    if options["kong_bloom_payer"] != "feeder":
        return None
    own = record.kongs_of(win.seat)
    if not own or own[-1].kind == "concealed":
        return None
    return own[-1].from_seat


def _settle_draw(record: HandRecord, state: TableState, options: Options) -> Outcome:
    ledger = Ledger()
    draws, streak = state.draw_streak + 1, state.dealer_streak + 1
    paid_kongs = options["kongs_paid_on_draw"] and not options["kongs_only_winner"]
    words = (
        "Drawn hand (流局): only the kongs are paid (荒庄不荒杠)." if paid_kongs else "Drawn hand (流局): nobody pays."
    )
    ledger.note(codes.DRAW, {"draws": draws, "next_multiplier": None}, words)
    if record.kongs and paid_kongs:
        # kongs_paid_on_draw (§9.6.5): every listed kong is paid exactly as on a won hand.
        for kong in record.kongs:
            _pay_kong(ledger, record, kong, state, options)
    note_dealer(ledger, state, state.dealer, "drawn_hand", streak, f"P{state.dealer} keeps the deal.")
    if record.kongs and not paid_kongs:
        if options["kongs_paid_on_draw"]:
            ledger.remark(
                "kongs_only_winner",
                "Only the winner's kongs are paid, and a drawn hand has no winner (kongs_only_winner).",
            )
        else:
            ledger.remark(
                "kongs_void_on_draw", "Kongs are only paid when a hand is won, so these kongs pay nothing (流局不算杠)."
            )
    return Outcome(ledger, advance(state, dealer_streak=streak, draw_streak=draws))


def stake(
    record: HandRecord, receiver: int, payer: int, options: Options, *, dealer: int | None = None
) -> tuple[int, list[dict[str, Any]], str]:
    """How many base stakes change hands between `payer` and `receiver`: the count, each part, and the words."""
    parts: list[tuple[str, int | None, int, str]] = [("stake", None, 1, "1")]
    receiver_bet = record.seats[receiver].side_bet
    parts.append(("side_bet", receiver, receiver_bet, f"P{receiver}'s side bet {receiver_bet}"))
    if options["pao_mode"] == "both":
        payer_bet = record.seats[payer].side_bet
        parts.append(("side_bet", payer, payer_bet, f"P{payer}'s side bet {payer_bet}"))
    if dealer is not None and dealer in (receiver, payer):
        parts.append(("dealer", dealer, 1, "dealer 1"))
    units = sum(value for _, _, value, _ in parts)
    stakes = [{"item": item, "seat": seat, "value": value} for item, seat, value, _ in parts]
    return units, stakes, " + ".join(words for *_, words in parts)


def _pay_win(
    ledger: Ledger,
    record: HandRecord,
    win: Win,
    payer: int,
    items: tuple[str, ...],
    state: TableState,
    options: Options,
) -> None:
    base = options["base"]
    dealer = state.dealer if options["dealer_add_base"] else None
    units, stakes, unit_words = stake(record, win.seat, payer, options, dealer=dealer)
    combine = options["special_combine"]
    # Each item is ×2 but luxury seven pairs, ×2 or ×4 by its house rule (§9.6.1).
    values = {i: LUXURY_FACTOR[options[LUXURY_OPTION]] if i == "luxury_seven_pairs" else 2 for i in items}
    if combine == "multiply":
        multiplier = 1
        for value in values.values():
            multiplier *= value
        factors = [Factor(SPECIAL_WORDS[i], values[i], i) for i in items]
        item_words = " · ".join(factor.words() for factor in factors)
    else:
        # add_units: an item worth ×v adds v − 1 units, M = 1 + Σ(v − 1) (§9.6).
        multiplier = 1 + sum(value - 1 for value in values.values())
        factors = [Factor(SPECIAL_WORDS[i], values[i] - 1, i) for i in items]
        item_words = "1 + " + " + ".join(f"{SPECIAL_WORDS[i]} {values[i] - 1}" for i in items)
    amount = base * units * multiplier
    why = f"base {base} × ({unit_words})"
    if items:
        why += f" × ({item_words} = ×{multiplier})"
    if win.method == "discard":
        why += "; the discarder alone pays (house rule allow_discard_win)"
    elif win.method == "rob_kong":
        why += "; the robbed player alone pays (house rule allow_rob_kong)"
    params = {
        "base": base,
        "stakes": stakes,
        "units": units,
        "factors": factor_params(factors),
        "combine": combine,
        "multiplier": multiplier,
        "method": win.method,
    }
    ledger.pay(codes.WIN_STAKES, payer, win.seat, amount, params, f"{why} = {amount}")


def _pay_kong(ledger: Ledger, record: HandRecord, kong: Kong, state: TableState, options: Options) -> None:
    base = options["base"]
    # 庄家加底 (Z-13): a kong bonus the dealer pays or receives counts one more stake, as a win payment does.
    dealer = state.dealer if options["dealer_add_base"] else None
    if kong.kind == "concealed":
        payers = [seat for seat in range(4) if seat != kong.seat]
    else:
        assert kong.from_seat is not None
        payers = [kong.from_seat]
    item, name = KONG_BONUSES[kong.kind]
    of_tile = f" of {kong.tile}" if kong.tile else ""
    for payer in payers:
        side_bets = bool(options["kong_pao_applies"])
        if side_bets:
            units, stakes, unit_words = stake(record, kong.seat, payer, options, dealer=dealer)
            why = f"P{kong.seat}'s {name}{of_tile}: base {base} × ({unit_words}) = {base * units}"
        elif dealer is not None and dealer in (kong.seat, payer):
            units = 2
            stakes = [{"item": "stake", "seat": None, "value": 1}, {"item": "dealer", "seat": dealer, "value": 1}]
            why = f"P{kong.seat}'s {name}{of_tile}: base {base} × (1 + dealer 1) = {base * units} (side bets do not "
            why += "count for kongs)"
        else:
            units, stakes = 1, [{"item": "stake", "seat": None, "value": 1}]
            why = f"P{kong.seat}'s {name}{of_tile}: plain base {base} (side bets do not count for kongs)"
        params = {"item": item, "tile": kong.tile, "base": base, "stakes": stakes, "units": units}
        ledger.pay(codes.KONG_BONUS, payer, kong.seat, base * units, {**params, "side_bets": side_bets}, why)
