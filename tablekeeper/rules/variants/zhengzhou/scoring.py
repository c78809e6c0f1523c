"""Zhengzhou's payments and dealer rotation (RULES.md §5.6-5.7): win payments, kong bonuses, the next dealer.

WinPay(p) = B × (1 + pao_w + pao_p) × M, paid by every other player on a self-draw.
Kong bonuses (豆) are paid only when the hand has a winner and are not multiplied by M.
"""

from __future__ import annotations

from ...ledger import Ledger
from ...options import Options
from ...records import HandRecord, Kong, Win
from ...state import TableState
from ...variant import Findings, Outcome, advance
from ..common.outcomes import void_outcome
from .catalogue import SPECIAL_ORDER

SPECIAL_WORDS = {
    "four_wilds": "four wilds 四混",
    "seven_pairs": "seven pairs 七对",
    "kong_bloom": "win after kong 杠开",
}


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: a void, a draw, or the one winner, and every kong's bonus."""
    if record.result == "void":
        return void_outcome(state)
    if record.result == "draw":
        return _settle_draw(record, state)
    win = record.wins[0]
    # The ×2 items in catalogue order, each once, whether the tiles proved them or the scorekeeper ticked them.
    items = tuple(item for item in SPECIAL_ORDER if item in findings[0].patterns)
    ledger = Ledger()
    payers = [seat for seat in range(4) if seat != win.seat] if win.method == "self_draw" else [win.from_seat]
    for payer in payers:
        assert payer is not None
        amount, why = _win_payment(record, win, payer, items, state, options)
        ledger.pay(payer, win.seat, amount, why, code="win")
    for kong in record.kongs:
        if options["kongs_only_winner"] and kong.seat != win.seat:
            continue
        _pay_kong(ledger, record, kong, options)
    if options["kongs_only_winner"] and any(k.seat != win.seat for k in record.kongs):
        ledger.note("Only the winner's kongs are paid (house rule kongs_only_winner).", code="kongs")
    dealer = win.seat
    if dealer == state.dealer:
        ledger.note(f"Next dealer P{dealer}: the dealer won and keeps the deal.", seat=dealer, code="dealer")
    else:
        ledger.note(f"Next dealer P{dealer}: the winner deals next and becomes East.", seat=dealer, code="dealer")
    streak = state.dealer_streak + 1 if dealer == state.dealer else 0
    return Outcome(ledger, advance(state, dealer=dealer, dealer_streak=streak, draw_streak=0))


def _settle_draw(record: HandRecord, state: TableState) -> Outcome:
    ledger = Ledger()
    ledger.note(
        f"Drawn hand (黄庄): nobody pays; P{state.dealer} keeps the deal.",
        seat=state.dealer,
        code="dealer",
    )
    if record.kongs:
        ledger.note("Kongs are only paid when a hand is won, so these kongs pay nothing (黄庄不算杠).", code="kongs")
    return Outcome(ledger, advance(state, dealer_streak=state.dealer_streak + 1, draw_streak=state.draw_streak + 1))


def stake(
    record: HandRecord, receiver: int, payer: int, options: Options, *, dealer: int | None = None
) -> tuple[int, str]:
    """How many base stakes change hands between `payer` and `receiver`, with the words."""
    receiver_bet = record.seats[receiver].side_bet
    payer_bet = record.seats[payer].side_bet
    units = 1 + receiver_bet
    words = [f"1 + P{receiver}'s side bet {receiver_bet}"]
    if options["pao_mode"] == "both":
        units += payer_bet
        words.append(f"P{payer}'s side bet {payer_bet}")
    if dealer is not None and dealer in (receiver, payer):
        units += 1
        words.append("dealer 1")
    return units, " + ".join(words)


def _win_payment(
    record: HandRecord, win: Win, payer: int, items: tuple[str, ...], state: TableState, options: Options
) -> tuple[int, str]:
    base = options["base"]
    dealer = state.dealer if options["dealer_add_base"] else None
    units, unit_words = stake(record, win.seat, payer, options, dealer=dealer)
    if options["special_combine"] == "multiply":
        multiplier = 2 ** len(items)
        item_words = " · ".join(f"{SPECIAL_WORDS[i]} ×2" for i in items)
    else:
        multiplier = 1 + len(items)
        item_words = "1 + " + " + ".join(f"{SPECIAL_WORDS[i]} 1" for i in items)
    amount = base * units * multiplier
    why = f"base {base} × ({unit_words})"
    if items:
        why += f" × ({item_words} = ×{multiplier})"
    if win.method == "discard":
        why += "; the discarder alone pays (house rule allow_discard_win)"
    return amount, f"{why} = {amount}"


def _pay_kong(ledger: Ledger, record: HandRecord, kong: Kong, options: Options) -> None:
    base = options["base"]
    if kong.kind == "concealed":
        payers = [seat for seat in range(4) if seat != kong.seat]
        name = "concealed kong 闷豆"
    else:
        assert kong.from_seat is not None
        payers = [kong.from_seat]
        name = "exposed kong 点豆" if kong.kind == "exposed" else "added kong 爬坡豆"
    of_tile = f" of {kong.tile}" if kong.tile else ""
    for payer in payers:
        if options["kong_pao_applies"]:
            units, unit_words = stake(record, kong.seat, payer, options)
            amount = base * units
            why = f"P{kong.seat}'s {name}{of_tile}: base {base} × ({unit_words}) = {amount}"
        else:
            amount = base
            why = f"P{kong.seat}'s {name}{of_tile}: plain base {base} (side bets do not count for kongs)"
        ledger.pay(payer, kong.seat, amount, why, code="kong")
