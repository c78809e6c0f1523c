"""Dalian Qionghu's payments (RULES.md §1.6) and dealer rotation (§1.7).

amount(p) = min(cap, base × W × U(p)): W multiplies the winner-side items, U(p) the
payer-side ones. Everything here is pure arithmetic on facts already checked, so the
tile reader can price each reading of a hand with the same code that settles it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ... import ledger as codes
from ...ledger import Ledger, seat_name
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...variant import Findings, Outcome, advance, next_seat
from ..common.faces import DRAGON_FACES, HONOUR_FACES
from ..common.factors import Factor, factor_params, product
from ..common.outcomes import note_dealer, note_tiles, note_win, void_outcome
from .catalogue import PATTERNS, TERMINAL_FAMILY

_PATTERN_NAMES = {spec.id: spec.name_en.lower() for spec in PATTERNS}
_PATTERN_ORDER = [spec.id for spec in PATTERNS]
# Values of the patterns that are plain multipliers (the families are priced separately).
_PATTERN_VALUES = {
    "edge_wait": 2,
    "terminal_wait": 2,
    "single_remaining": 2,
    "kong_bloom": 2,
    "last_tile": 2,
    "four_in_hand": 2,
    "flowing_tears": 2,
    "treasure_rush": 2,
    "finding_treasure": 2,
    "hidden_treasure": 2,
    "dragon_bonus": 2,
}
_FAMILY_VALUES = {"pure_terminals": 16, "mixed_terminals": 8, "outside_hand": 4}


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: a void, a draw, or the one winner and who pays them."""
    if record.result == "void":
        return void_outcome(state)
    ledger = Ledger()
    if record.result == "draw":
        return Outcome(ledger, after_draw(ledger, state, options))
    win, found = record.wins[0], findings[0]
    note_win(ledger, win)
    note_tiles(ledger, win.seat, found)
    for payment in payments(record, win, Counter(found.patterns), found.kongs, state, options):
        ledger.pay(payment.code, payment.payer, win.seat, payment.amount, payment.params, payment.why)
    if options["kong_payments"] == "club":
        pay_kongs(ledger, record, options)
    return Outcome(ledger, after_win(ledger, win, state))


# kong_payments=club (RULES §9.2.9): what each other player pays for a listed kong, in bases; the special sets
# (喜杠, 旋风杠) pay nothing here, they keep their ×4 in W.
_CLUB_KONG_VALUES = {"concealed": ("concealed_kong", 4), "exposed": ("exposed_kong", 2), "added": ("added_kong", 2)}


def pay_kongs(ledger: Ledger, record: HandRecord, options: Options) -> None:
    """Every listed kong of any seat, paid by each of the three others: flat lines, no factor, no cap."""
    for kong in record.kongs:
        # A 喜杠 played as an exposed dragon kong (xi_gang_mode=dragon_kong) is a special set too.
        if kong.kind not in _CLUB_KONG_VALUES or joyous_kong(kong.kind, kong.tile, options):
            continue
        item, value = _CLUB_KONG_VALUES[kong.kind]
        for step in (1, 2, 3):
            payer = (kong.seat + step) % 4
            ledger.pay_flat(
                payer,
                kong.seat,
                item,
                value * options["base"],
                owner=kong.seat,
                tile=kong.tile,
                label=item.replace("_", " "),
            )


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    amount: int
    why: str
    code: str
    params: dict[str, Any]


def joyous_kong(kind: str, tile: str | None, options: Options) -> bool:
    if options["xi_gang_mode"] == "zfb_set":
        return kind == "dragon_set"
    return kind == "exposed" and tile in DRAGON_FACES


def unscored(item: str, options: Options) -> bool:
    """unscored_items (RULES §9.2.10): the table counts this item ×1."""
    return item in options["unscored_items"]


def kong_factors(kongs: Iterable[tuple[str, str | None]], options: Options) -> list[Factor]:
    """喜杠 ×4, 旋风杠 ×4 and 大杠 ×8, each per set (D-19), unless the table does not score them."""
    factors: list[Factor] = []
    for kind, tile in kongs:
        if joyous_kong(kind, tile, options):
            factors.append(Factor("joyous kong 喜杠", 4, "joyous_kong"))
        elif kind == "wind_set":
            factors.append(Factor("cyclone kong 旋风杠", 4, "cyclone_kong"))
        elif kind == "concealed" and tile in HONOUR_FACES:
            factors.append(Factor(f"big concealed kong 大杠 of {tile}", 8, "big_concealed_kong", tile=tile))
    return [factor for factor in factors if not unscored(factor.item, options)]


def method_factors(win: Win, options: Options) -> list[Factor]:
    """§1.6: a robbed kong counts as a claimed discard (×4) and robbing (×2, rob_kong_value), whoever pays it
    (rob_kong_payer); with rob_kong_value=1 robbing adds no factor (§9.2.7)."""
    discard = Factor("discard win", options["discard_win_multiplier"], "discard")
    if win.method == "self_draw":
        return [Factor("self-draw", 2, "self_draw")]
    if win.method == "discard":
        return [discard]
    robbing = options["rob_kong_value"]
    return [discard, Factor("robbing a kong", robbing, "rob_kong")] if robbing > 1 else [discard]


def pattern_value(pattern_id: str, options: Options) -> int:
    """A plain multiplier's value at this table: the §9.2 values options, else §1.6's."""
    if pattern_id == "treasure_rush":
        return int(options["treasure_rush_value"])
    if pattern_id == "kong_bloom":
        return int(options["kong_bloom_value"])
    return _PATTERN_VALUES[pattern_id]


def pattern_factors(patterns: Counter[str], options: Options) -> list[Factor]:
    factors: list[Factor] = []
    for pattern_id in _PATTERN_ORDER:
        count = patterns[pattern_id]
        if not count or pattern_id not in _PATTERN_VALUES or unscored(pattern_id, options):
            continue
        each = pattern_value(pattern_id, options)
        label = _PATTERN_NAMES[pattern_id] + (f" (×{each} each, {count})" if count > 1 else "")
        if count > 1:
            factors.append(Factor(label, each**count, pattern_id, count=count, each=each))
        else:
            factors.append(Factor(label, each, pattern_id))
    factors.extend(_float_factors(patterns, options))
    factors.extend(_terminal_family_factors(patterns, options))
    return factors


def _float_factors(patterns: Counter[str], options: Options) -> list[Factor]:
    """双飘 ×8 / 单飘 ×16, or ×4 for every float with float_value=flat4 (§9.2.8); an unscored float counts ×1."""
    flat = options["float_value"] == "flat4"
    if patterns["single_float"] or patterns["single_remaining"]:
        if not unscored("single_float", options):
            reason = "" if patterns["single_float"] else " (手把一 is always a single float)"
            return [Factor("single float" + reason, 4 if flat else 16, "single_float")]
        # A single float the table does not score is still the double float it is made of (§9.2.10).
        if not unscored("double_float", options):
            return [Factor("double float (single float not scored)", 4 if flat else 8, "double_float")]
        return []
    if unscored("double_float", options):
        return []
    if patterns["double_float"]:
        return [Factor("double float", 4 if flat else 8, "double_float")]
    if patterns["mixed_terminals"] or patterns["pure_terminals"]:
        return [Factor("double float (all terminals force all pungs)", 4 if flat else 8, "double_float")]
    return []


def _terminal_family_factors(patterns: Counter[str], options: Options) -> list[Factor]:
    ticked = [p for p in TERMINAL_FAMILY if patterns[p] and not unscored(p, options)]
    if not ticked:
        return []
    highest = ticked[0]
    factors = [Factor(_PATTERN_NAMES[highest], _FAMILY_VALUES[highest], highest)]
    floats = any(patterns[p] for p in ("double_float", "single_float", "single_remaining"))
    if highest == "outside_hand" and floats and not unscored("mixed_terminals", options):
        # A pung holding a terminal is three terminals, and so is the pair: an outside hand of pungs is
        # all terminals and honours (D-14 keeps the highest member), so it scores as that.
        highest = "mixed_terminals"
        factors = [Factor(_PATTERN_NAMES[highest] + " (an outside hand of pungs)", _FAMILY_VALUES[highest], highest)]
    if options["terminal_family_stacks"]:
        # A pure-terminals hand is also all-terminals and an outside hand: each lower member counts too.
        below = [p for p in TERMINAL_FAMILY[TERMINAL_FAMILY.index(highest) + 1 :] if not unscored(p, options)]
        factors.extend(Factor(f"{_PATTERN_NAMES[lower]} (stacks)", _FAMILY_VALUES[lower], lower) for lower in below)
    return factors


def winner_factors(
    win: Win,
    patterns: Counter[str],
    kongs: Iterable[tuple[str, str | None]],
    ready: bool,
    state: TableState,
    options: Options,
) -> list[Factor]:
    factors = method_factors(win, options)
    if win.seat == state.dealer:
        factors.append(Factor("dealer win", 2, "dealer"))
        if state.dealer_streak and not unscored("dealer_continuation", options):
            streak = state.dealer_streak
            label = f"dealer continuation 长毛, kept {streak}"
            factors.append(Factor(label, 2**streak, "dealer_continuation", count=streak, each=2))
    if ready and not unscored("ready", options):
        factors.append(Factor("ready 报听", 2, "ready"))
    factors.extend(pattern_factors(patterns, options))
    factors.extend(kong_factors(kongs, options))
    return factors


def payers_of(win: Win, options: Options) -> list[int]:
    """Self-draw: the three others, in turn order after the winner; a discard: the discarder alone, or all three
    with discard_all_pay (§9.2.2)."""
    if win.method == "self_draw" or (win.method == "rob_kong" and options["rob_kong_payer"] == "all"):
        return [(win.seat + step) % 4 for step in (1, 2, 3)]
    if win.method == "discard" and options["discard_all_pay"]:
        return [(win.seat + step) % 4 for step in (1, 2, 3)]
    assert win.from_seat is not None
    return [win.from_seat]


def payer_factors(payer: int, record: HandRecord, win: Win, state: TableState, options: Options) -> list[Factor]:
    factors: list[Factor] = []
    if not record.seats[payer].opened and options["closed_payer_factor"] > 1:
        factors.append(Factor("unopened payer 门清", options["closed_payer_factor"], "unopened_payer"))
    others = [seat for seat in range(4) if seat != win.seat]
    if all(not record.seats[seat].opened for seat in others) and not unscored("three_unopened", options):
        factors.append(Factor("three unopened 三清", 2, "three_unopened"))
    if options["dealer_pays_double"] and payer == state.dealer:
        factors.append(Factor("dealer pays", 2, "dealer_pays"))
    return factors


def payments(
    record: HandRecord,
    win: Win,
    patterns: Counter[str],
    kongs: Iterable[tuple[str, str | None]],
    state: TableState,
    options: Options,
) -> list[Payment]:
    """What each payer pays the winner, capped, with the worked reason."""
    shared = winner_factors(win, patterns, list(kongs), record.seats[win.seat].ready == "ready", state, options)
    base: int = options["base"]
    raw: list[_Uncapped] = []
    # 点炮三家付 (§9.2.2): a non-discarder pays W without the method factor, the discarder W as §1.6 says.
    without_method = [factor for factor in shared if factor.item != "discard"]
    for payer in payers_of(win, options):
        owed = without_method if win.method == "discard" and payer != win.from_seat else shared
        factors = owed + payer_factors(payer, record, win, state, options)
        amount = product(factors, base)
        words = " × ".join([f"base {base}", *(factor.words() for factor in factors)]) + f" = {amount}"
        raw.append(_Uncapped(payer, amount, words, {"base": base, "factors": factor_params(factors), "raw": amount}))
    return _capped(raw, options)


@dataclass(frozen=True, slots=True)
class _Uncapped:
    payer: int
    amount: int
    words: str
    params: dict[str, Any]


def _capped(raw: list[_Uncapped], options: Options) -> list[Payment]:
    cap: int | None = options["cap"]
    if cap is None or options["cap_scope"] == "per_payer" or sum(each.amount for each in raw) <= cap:
        return [
            Payment(
                each.payer,
                each.amount if cap is None else min(cap, each.amount),
                each.words + (f", capped at {cap}" if cap is not None and each.amount > cap else ""),
                codes.WIN_PRODUCT,
                {**each.params, "cap": cap},
            )
            for each in raw
        ]
    total = sum(each.amount for each in raw)
    shares = _share_total_cap([each.amount for each in raw], cap)
    return [
        Payment(
            each.payer,
            share,
            f"{each.words}; the winner's total {total} is capped at {cap}, this payer's share {share}",
            codes.WIN_CAPPED_SHARE,
            {**each.params, "total": total, "cap": cap},
        )
        for each, share in zip(raw, shares, strict=True)
    ]


def _share_total_cap(amounts: list[int], cap: int) -> list[int]:
    """Split `cap` in proportion to `amounts` in whole points (largest remainder).

    `amounts` come in turn order after the winner, so a tie on the remainder goes to
    the payer who sits first after the winner.
    """
    total = sum(amounts)
    shares = [cap * amount // total for amount in amounts]
    remainders = [cap * amount % total for amount in amounts]
    leftover = cap - sum(shares)
    by_remainder = sorted(range(len(amounts)), key=lambda index: -remainders[index])
    for index in by_remainder[:leftover]:
        shares[index] += 1
    return shares


def after_win(ledger: Ledger, win: Win, state: TableState) -> TableState:
    """§1.7: the dealer keeps the deal on their own win; otherwise it passes to the next seat, not the winner."""
    if win.seat == state.dealer:
        streak = state.dealer_streak + 1
        words = f"The dealer {seat_name(win.seat)} won and deals again; continuation {streak}."
        note_dealer(ledger, state, win.seat, "dealer_won", streak, words)
        return advance(state, dealer_streak=streak, draw_streak=0)
    dealer = next_seat(state.dealer)
    words = f"Next dealer {seat_name(dealer)} (the seat after the dealer); continuation 0."
    note_dealer(ledger, state, dealer, "next_seat", 0, words)
    return advance(state, dealer=dealer, dealer_streak=0, draw_streak=0)


def after_draw(ledger: Ledger, state: TableState, options: Options) -> TableState:
    """§1.7-1.8: a drawn hand pays nothing; the dealer keeps the deal (D-2) or it rotates."""
    draws = state.draw_streak + 1
    params = {"draws": draws, "next_multiplier": None}
    ledger.note(codes.DRAW, params, "Draw (流局): nothing is paid and no multiplier carries over.")
    if options["draw_dealer"] == "rotate":
        dealer = next_seat(state.dealer)
        note_dealer(ledger, state, dealer, "next_seat", 0, f"Next dealer {seat_name(dealer)}; continuation 0.")
        return advance(state, dealer=dealer, dealer_streak=0, draw_streak=draws)
    streak = state.dealer_streak + 1 if options["streak_counts_draws"] else state.dealer_streak
    words = f"The dealer {seat_name(state.dealer)} keeps the deal; continuation {streak}."
    note_dealer(ledger, state, state.dealer, "drawn_hand", streak, words)
    return advance(state, dealer_streak=streak, draw_streak=draws)
