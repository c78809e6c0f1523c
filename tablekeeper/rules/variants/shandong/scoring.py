"""Shandong's payments and dealer rotation (RULES.md §4.6-4.7): what a win is worth, who pays it, the next dealer.

amount = (base + Σ points) × min(cap, Π multipliers × draw multiplier). Each winner of a
several-winner discard is scored on their own; the discarder pays each of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...ledger import Ledger
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...variant import Findings, Outcome, advance, next_seat
from ..common.factors import Factor
from ..common.outcomes import note_tiles, void_outcome
from .catalogue import PATTERN_WORDS

LADDER_POINTS = {
    "seven_pairs": 2,
    "luxury_seven_pairs": 4,
    "double_luxury_seven_pairs": 6,
    "triple_luxury_seven_pairs": 8,
}
# The literal reading of the seed, where only triple luxury "does not stack" (SD-10).
STACKED_LADDER_POINTS = {
    "seven_pairs": 2,
    "luxury_seven_pairs": 2 + 4,
    "double_luxury_seven_pairs": 2 + 4 + 6,
    "triple_luxury_seven_pairs": 8,
}
PATTERN_POINTS = {"kong_bloom": 1, "pure_one_suit": 2, "all_generals": 2, "all_triplets": 2}
PATTERN_MULTIPLIERS = {
    "all_triplets": 2,
    "mixed_one_suit": 2,
    "pure_one_suit": 5,
    "pure_terminals": 6,
    "earthly_hand": 6,
    "heavenly_hand": 6,
}
KONG_OPTION = {"exposed": "pts.exposed_kong", "added": "pts.add_kong", "concealed": "pts.concealed_kong"}
KONG_WORDS = {"exposed": "exposed kong", "added": "added kong", "concealed": "concealed kong"}


@dataclass(frozen=True, slots=True)
class WinValue:
    """What one winner's hand is worth per share, with the words that show the arithmetic."""

    points: tuple[tuple[str, int], ...]
    multipliers: tuple[Factor, ...]
    draw_streak: int
    draw_multiplier: int
    cap: int | None
    cap_on_product: bool

    @property
    def point_total(self) -> int:
        return sum(value for _, value in self.points)

    def uncapped(self, *, extra: int = 1) -> int:
        product = extra * self.draw_multiplier
        for factor in self.multipliers:
            product *= factor.times
        return product

    def multiplier(self, *, extra: int = 1) -> int:
        """The multiplier after the cap; `extra` is a factor that sits inside the cap (Ming Lou)."""
        if self.cap is None:
            return self.uncapped(extra=extra)
        if self.cap_on_product:
            return min(self.cap, self.uncapped(extra=extra))
        return self.uncapped(extra=extra) // self.draw_multiplier * min(self.cap, self.draw_multiplier)

    def amount(self, *, extra: int = 1) -> int:
        return self.point_total * self.multiplier(extra=extra)

    def explain(self, *, extra: int = 1, extra_words: str = "") -> str:
        points = " + ".join(f"{label} {value}" for label, value in self.points)
        factors = [factor.words() for factor in self.multipliers]
        if extra > 1:
            factors.append(f"{extra_words} ×{extra}")
        if self.draw_streak:
            plural = "s" if self.draw_streak > 1 else ""
            draw_factor = f"{self.draw_streak} drawn hand{plural} before ×{self.draw_multiplier}"
            if not self.cap_on_product and self.cap is not None and self.draw_multiplier > self.cap:
                draw_factor += f" capped at ×{self.cap}"
            factors.append(draw_factor)
        multiplier = self.multiplier(extra=extra)
        factor_words = " · ".join(factors) if factors else "plain win ×1"
        capped = f", capped at ×{self.cap}" if self.cap_on_product and multiplier < self.uncapped(extra=extra) else ""
        return (
            f"({points} = {self.point_total}) × ({factor_words}{capped}) "
            f"= {self.point_total} × {multiplier} = {self.amount(extra=extra)}"
        )


def value_of_win(
    record: HandRecord, win: Win, patterns: tuple[str, ...], state: TableState, options: Options
) -> WinValue:
    """The per-share value of `win` with the given patterns (ticked, or read from the tiles)."""
    points: list[tuple[str, int]] = [("base", options["base"])]
    if win.flowers:
        points.append((f"{win.flowers} flower{'s' if win.flowers > 1 else ''}", win.flowers))
    for kind in ("exposed", "added", "concealed"):
        count = sum(1 for kong in record.kongs_of(win.seat) if kong.kind == kind)
        if count:
            each = options[KONG_OPTION[kind]]
            label = f"{KONG_WORDS[kind]}" if count == 1 else f"{count} {KONG_WORDS[kind]}s ×{each}"
            points.append((label, count * each))
    ready = record.seats[win.seat].ready
    if ready == "an":
        points.append(("An Lou 暗楼", 1))
    ladder = STACKED_LADDER_POINTS if options["seven_pairs_ladder"] == "stack_below_triple" else LADDER_POINTS
    unique = tuple(dict.fromkeys(patterns))
    rungs = [p for p in unique if p in ladder]
    if rungs:
        top = max(rungs, key=lambda rung: LADDER_POINTS[rung])
        points.append((PATTERN_WORDS[top], ladder[top]))
    points.extend((PATTERN_WORDS[p], PATTERN_POINTS[p]) for p in unique if p in PATTERN_POINTS)

    multipliers: list[Factor] = []
    if win.method == "self_draw":
        multipliers.append(Factor("self-draw", 2))
    if ready == "ming":
        multipliers.append(Factor("Ming Lou 明楼 win", 2))
    multipliers.extend(Factor(PATTERN_WORDS[p], PATTERN_MULTIPLIERS[p]) for p in unique if p in PATTERN_MULTIPLIERS)
    if rungs:
        multipliers.append(Factor("seven pairs", 2))
    draw_multiplier = 2 ** min(state.draw_streak, options["draw_mult_cap_exp"])
    return WinValue(
        tuple(points),
        tuple(multipliers),
        state.draw_streak,
        draw_multiplier,
        options["cap"],
        options["cap_scope"] == "product",
    )


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: a void, a draw, or one or several winners."""
    if record.result == "void":
        return void_outcome(state)
    if record.result == "draw":
        return _settle_draw(record, state, options)
    ledger = Ledger()
    for win, found in zip(record.wins, findings, strict=True):
        note_tiles(ledger, win.seat, found)
        _pay_win(ledger, record, win, value_of_win(record, win, found.patterns, state, options), options)
    dealer, reason = _next_dealer_after_win(record, options)
    _note_dealer(ledger, state, dealer, reason)
    ledger.note("A hand was won: the drawn-hand count goes back to 0.", code="draw_streak")
    streak = state.dealer_streak + 1 if dealer == state.dealer else 0
    return Outcome(ledger, advance(state, dealer=dealer, dealer_streak=streak, draw_streak=0))


def kong_bloom_feeder(record: HandRecord, win: Win) -> int | None:
    """The seat that discarded the tile of the exposed kong whose replacement tile won, if any (RULES §4.6 承包).

    A kong bloom wins on the replacement for the winner's latest kong, which is their last kong
    in the record (kongs are listed in the order they were declared).
    """
    if win.method != "self_draw" or not win.has("kong_bloom"):
        return None
    kongs = record.kongs_of(win.seat)
    if not kongs or kongs[-1].kind != "exposed":
        return None
    return kongs[-1].from_seat


def _pay_win(ledger: Ledger, record: HandRecord, win: Win, value: WinValue, options: Options) -> None:
    why = value.explain()
    liable = record.liable
    if win.method == "self_draw":
        feeder = kong_bloom_feeder(record, win)
        if liable is None and feeder is not None:
            total = 3 * value.amount()
            ledger.pay(
                feeder,
                win.seat,
                total,
                f"{why}; P{feeder} discarded the tile of the exposed kong whose replacement tile won, "
                f"so pays all three shares (承包): 3 × {value.amount()} = {total}",
            )
            return
        if liable is not None:
            total = 3 * value.amount()
            ledger.pay(
                liable, win.seat, total, f"{why}; liable (承包) for all three shares: 3 × {value.amount()} = {total}"
            )
            return
        for payer in range(4):
            if payer != win.seat:
                ledger.pay(payer, win.seat, value.amount(), why)
        return
    assert win.from_seat is not None
    discarder = win.from_seat
    payer = liable if liable is not None else discarder
    shares = 3 if win.method == "rob_kong" and options["rob_kong_payer"] == "declarer_pays_three" else 1
    amount = value.amount()
    if record.seats[discarder].ready == "ming":
        if options["ming_lou_penalty_inside_cap"]:
            amount = value.amount(extra=2)
            why = value.explain(extra=2, extra_words="Ming Lou discarder")
        else:
            amount = 2 * amount
            why = f"{why}; Ming Lou 明楼 discarder pays double: {value.amount()} × 2 = {amount}"
    if shares == 3:
        why = f"{why}; the robbed player pays all three shares (包三家): 3 × {amount} = {3 * amount}"
        amount *= 3
    who = "discarder" if win.method == "discard" else "kong's declarer"
    if liable is not None and liable != discarder:
        why = f"{why}; liable (承包) instead of the {who} P{discarder}"
    ledger.pay(payer, win.seat, amount, why)


def _next_dealer_after_win(record: HandRecord, options: Options) -> tuple[int, str]:
    first = record.wins[0]
    if len(record.wins) == 1:
        return first.seat, "the winner deals next"
    assert first.from_seat is not None
    if first.method == "rob_kong" and options["several_robbers_dealer"] == "first_robber":
        seat = next_seat(first.from_seat)
        winners = {w.seat for w in record.wins}
        while seat not in winners:
            seat = next_seat(seat)
        return seat, "the first robber after the kong's declarer deals next"
    if first.method == "rob_kong":
        return first.from_seat, "the robbed kong's declarer deals next, like a discarder with several winners"
    return first.from_seat, "several players won on one discard (一炮多响), so the discarder deals next"


def _settle_draw(record: HandRecord, state: TableState, options: Options) -> Outcome:
    ledger = Ledger()
    draws = state.draw_streak + 1
    due = draws >= 3 if options["dealer_draw_penalty"] == "each_hand_from_3" else draws == 3
    if due:
        for seat in range(4):
            if seat != state.dealer:
                ledger.pay(state.dealer, seat, 1, f"dealer draw penalty: {draws} drawn hands in a row, 1 point flat")
    dealer = state.dealer if options["draw_dealer"] == "retain" else next_seat(state.dealer)
    exponent = min(draws, options["draw_mult_cap_exp"])
    ledger.note(
        f"Drawn hand (荒庄): {draws} in a row, so the next win is worth ×{2**exponent} before the cap.",
        code="draw_streak",
    )
    reason = "a drawn hand keeps the dealer" if dealer == state.dealer else "a drawn hand passes the deal on"
    _note_dealer(ledger, state, dealer, reason)
    if record.kongs:
        ledger.note("Kongs score nothing on a drawn hand.", code="kongs")
    streak = state.dealer_streak + 1 if dealer == state.dealer else 0
    return Outcome(ledger, advance(state, dealer=dealer, dealer_streak=streak, draw_streak=draws))


def _note_dealer(ledger: Ledger, state: TableState, dealer: int, reason: str) -> None:
    kept = " (the dealer keeps the deal)" if dealer == state.dealer else ""
    ledger.note(f"Next dealer P{dealer}: {reason}{kept}.", seat=dealer, code="dealer")
