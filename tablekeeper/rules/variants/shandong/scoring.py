"""Shandong's payments and dealer rotation (RULES.md §4.6-4.7, §9.5): who pays a win, and the next dealer.

What a win is worth per share is values.py's. Each winner of a several-winner discard is scored on
their own; the discarder pays each of them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ... import ledger as codes
from ...ledger import Ledger
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...variant import Findings, Outcome, advance, next_seat
from ..common.factors import Factor
from ..common.outcomes import note_dealer, note_tiles, note_win, void_outcome
from .values import WinValue, value_of_win


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: a void, a draw, or one or several winners."""
    if record.result == "void":
        return void_outcome(state)
    if record.result == "draw":
        return _settle_draw(record, state, options)
    ledger = Ledger()
    for win, found in zip(record.wins, findings, strict=True):
        note_win(ledger, win)
        note_tiles(ledger, win.seat, found)
        _pay_win(ledger, record, win, value_of_win(record, win, found.patterns, state, options), options)
    dealer, reason, words = _next_dealer_after_win(record, options)
    streak = state.dealer_streak + 1 if dealer == state.dealer else 0
    _note_dealer(ledger, state, dealer, reason, streak, words)
    if state.draw_streak and options["draw_mult_cap_exp"]:  # only where drawn hands had raised the next win
        ledger.remark("draw_count_reset", "A hand was won: the count of drawn hands in a row starts again.")
    return Outcome(ledger, advance(state, dealer=dealer, dealer_streak=streak, draw_streak=0))


def kong_bloom_feeder(record: HandRecord, win: Win, options: Options) -> int | None:
    """The seat that discarded the tile of the exposed kong whose replacement tile won, if any (RULES §4.6 承包).

    A kong bloom wins on the replacement for the winner's latest kong, which is their last kong
    in the record (kongs are listed in the order they were declared).
    """
    if win.method != "self_draw" or not win.has("kong_bloom"):
        return None
    if not options["kong_feeder_liable"]:  # RULES §9.5.11: paid like any self-draw
        return None
    kongs = record.kongs_of(win.seat)
    if not kongs or kongs[-1].kind != "exposed":
        return None
    return kongs[-1].from_seat


def _pay_win(ledger: Ledger, record: HandRecord, win: Win, value: WinValue, options: Options) -> None:
    liable = win.liable  # each win's own 承包 (RULES §0.2): the discarder, a third player or another winner
    others = tuple(seat for seat in range(4) if seat != win.seat)  # on whose behalf each share is paid
    if win.method == "self_draw":
        feeder = kong_bloom_feeder(record, win, options)
        one = value.amount()
        if liable is None and feeder is not None:
            why = (
                f"P{feeder} discarded the tile of the exposed kong whose replacement tile won, "
                f"so pays all three shares (承包): 3 × {one} = {3 * one}"
            )
            _pay_shares(ledger, record, win, feeder, value, Shares(3, "kong_feeder", behalf=others), why)
        elif liable is not None:
            why = f"liable (承包) for all three shares: 3 × {one} = {3 * one}"
            _pay_shares(ledger, record, win, liable, value, Shares(3, "liable", behalf=others), why)
        else:
            for payer in others:
                _pay_shares(ledger, record, win, payer, value, Shares(behalf=(payer,)), "")
        return
    assert win.from_seat is not None
    discarder = win.from_seat
    payer = liable if liable is not None else discarder
    shares = Shares(behalf=(discarder,))
    words: list[str] = []
    if record.seats[discarder].ready == "ming":
        if options["ming_lou_penalty_inside_cap"]:
            shares = replace(shares, extra=2)
        else:
            shares = replace(shares, ming_lou_double=True)
            words.append(f"Ming Lou 明楼 discarder pays double: {value.amount()} × 2 = {shares.share(value)}")
    if win.method == "rob_kong" and options["rob_kong_payer"] == "declarer_pays_three":
        shares = replace(shares, count=3, reason="rob_kong_pays_three", behalf=others)
        one, total = shares.share(value), shares.total(value)
        words.append(f"the robbed player pays all three shares (包三家): 3 × {one} = {total}")
    if liable is not None and liable != discarder:
        shares = replace(shares, instead_of=discarder)
        who = "discarder" if win.method == "discard" else "kong's declarer"
        words.append(f"liable (承包) instead of the {who} P{discarder}")
    _pay_shares(ledger, record, win, payer, value, shares, "; ".join(words))


@dataclass(frozen=True, slots=True)
class Shares:
    """How a payer's amount follows from the win's value: Ming Lou doubles, how many shares, and why."""

    count: int = 1
    reason: str | None = None  # why one payer pays several shares: liable, kong_feeder, rob_kong_pays_three
    extra: int = 1  # the Ming Lou discarder's ×2 inside the cap
    ming_lou_double: bool = False  # the Ming Lou discarder's ×2 after the cap
    instead_of: int | None = None  # the discarder (or robbed declarer) a liable player pays for
    behalf: tuple[int, ...] = ()  # the seat each share is paid for, whose side bet it adds (RULES §9.5.8)

    def share(self, value: WinValue) -> int:
        return value.amount(extra=self.extra) * (2 if self.ming_lou_double else 1)

    def total(self, value: WinValue) -> int:
        return self.share(value) * self.count


def _pay_shares(
    ledger: Ledger, record: HandRecord, win: Win, payer: int, value: WinValue, shares: Shares, words: str
) -> None:
    params = {
        **value.params(extra=shares.extra),
        # The Ming Lou discarder's ×2 after the cap (ming_lou_penalty_inside_cap off).
        "after_cap": [Factor("Ming Lou discarder", 2, "ming_lou_discarder").param()] if shares.ming_lou_double else [],
        "share": shares.share(value),
        "shares": shares.count,
        "shares_reason": shares.reason,
        "instead_of": shares.instead_of,
    }
    why = value.explain(extra=shares.extra) + (f"; {words}" if words else "")
    total = shares.total(value)
    stakes = _side_bet_stakes(record, win.seat, shares.behalf)
    if stakes:
        # 漂 (RULES §9.5.8): each share adds the winner's and its seat's side bets, after every multiplier and the cap.
        added = sum(stake["value"] for stake in stakes)
        params["stakes"] = stakes
        params["side_bets"] = added
        params["before_side_bets"] = total
        shown = " + ".join(f"P{stake['seat']}'s side bet {stake['value']}" for stake in stakes)
        why += f"; side bets {shown} = {added}: {total} + {added} = {total + added}"
        total += added
    ledger.pay(codes.WIN_POINTS, payer, win.seat, total, params, why)


def _side_bet_stakes(record: HandRecord, winner: int, behalf: tuple[int, ...]) -> list[dict[str, Any]]:
    """The side bets one payment adds: per share, the winner's and that share's seat's; none when nobody bet."""
    bets = [seat.side_bet for seat in record.seats]
    if not any(bets[seat] for seat in (winner, *behalf)):
        return []
    stakes: list[dict[str, Any]] = []
    for seat in behalf:
        stakes.append({"item": "side_bet", "seat": winner, "value": bets[winner]})
        stakes.append({"item": "side_bet", "seat": seat, "value": bets[seat]})
    return stakes


def _next_dealer_after_win(record: HandRecord, options: Options) -> tuple[int, str, str]:
    first = record.wins[0]
    if len(record.wins) == 1:
        return first.seat, "winner", "the winner deals next"
    assert first.from_seat is not None
    if first.method == "rob_kong" and options["several_robbers_dealer"] == "first_robber":
        seat = next_seat(first.from_seat)
        winners = {w.seat for w in record.wins}
        while seat not in winners:
            seat = next_seat(seat)
        return seat, "first_robber", "the first robber after the kong's declarer deals next"
    if first.method == "rob_kong":
        words = "the robbed kong's declarer deals next, like a discarder with several winners"
        return first.from_seat, "kong_declarer", words
    return first.from_seat, "discarder", "several players won on one discard (一炮多响), so the discarder deals next"


def _settle_draw(record: HandRecord, state: TableState, options: Options) -> Outcome:
    ledger = Ledger()
    draws = state.draw_streak + 1
    penalty = options["dealer_draw_penalty"]
    due = draws >= 3 if penalty == "each_hand_from_3" else draws == 3 and penalty == "once_at_3"
    if due:
        params = {"item": "dealer_draw_penalty", "value": 1, "count": draws, "factors": []}
        why = f"dealer draw penalty: {draws} drawn hands in a row, 1 point flat"
        for seat in range(4):
            if seat != state.dealer:
                ledger.pay(codes.PENALTY, state.dealer, seat, 1, params, why)
    dealer = state.dealer if options["draw_dealer"] == "retain" else next_seat(state.dealer)
    doubling = 2 ** min(draws, options["draw_mult_cap_exp"])
    ledger.note(
        codes.DRAW,
        # None where drawn hands raise nothing (Jinan): the line then says only that nobody won
        {"draws": draws, "next_multiplier": doubling if doubling > 1 else None},
        f"Drawn hand (流局): {draws} in a row, so the next win is worth ×{doubling} before the cap."
        if doubling > 1
        else f"Drawn hand (流局): {draws} in a row; drawn hands raise nothing at this table.",
    )
    kept = dealer == state.dealer
    streak = state.dealer_streak + 1 if kept else 0
    words = "a drawn hand keeps the dealer" if kept else "a drawn hand passes the deal on"
    _note_dealer(ledger, state, dealer, "drawn_hand" if kept else "next_seat", streak, words)
    if record.kongs:
        ledger.remark("kongs_void_on_draw", "Kongs score nothing on a drawn hand.")
    return Outcome(ledger, advance(state, dealer=dealer, dealer_streak=streak, draw_streak=draws))


def _note_dealer(ledger: Ledger, state: TableState, dealer: int, reason: str, streak: int, words: str) -> None:
    kept = " (the dealer keeps the deal)" if dealer == state.dealer else ""
    note_dealer(ledger, state, dealer, reason, streak, f"Next dealer P{dealer}: {words}{kept}.")
