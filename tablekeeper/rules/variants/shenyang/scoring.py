"""Shenyang's payments, penalties, pot and dealer rotation (RULES.md §2.4-2.6).

amount(p) = base × W × Dlr(p) × Cls(p): W is the product of the hand's doublings, Dlr
doubles every payment that touches the dealer, Cls doubles what a closed player pays.
A revealed-tile penalty feeds a pot that the next winner takes, so a Shenyang hand is
zero-sum only once the pot's change is counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import ledger as codes
from ...ledger import Ledger
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...variant import DeclaredKong, Findings, Outcome, TileFindings, advance, next_seat
from ..common.faces import DRAGON_FACES
from ..common.factors import Factor, factor_params, product
from ..common.outcomes import note_dealer, note_tiles, note_void, note_win
from .checks import draws_a_replacement, seat_is_open


@dataclass(frozen=True, slots=True)
class Doubles:
    """The dice and liuju doublings of this hand, and the no-stack counter they leave behind."""

    factors: tuple[Factor, ...]
    pending_after_win: int
    pending_after_draw: int
    explanation: str
    owed: dict[str, Any]  # the no-stack count: {"owed", "carried_in", "after_draw", "dice"}


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: every winner, the penalties, the pot, and the next state."""
    ledger = Ledger()
    doubles = _doubles(record, state, options)
    if record.result == "win":
        for win, found in zip(record.wins, findings, strict=True):
            _settle_win(ledger, record, state, options, win, found, doubles)
    _settle_penalties(ledger, record, state, options)
    paid_in = sum(options["reveal_penalty"] * p.count for p in record.penalties if p.kind == "revealed_tiles")
    pot_after = _settle_pot(ledger, record, state.pot, paid_in)
    return Outcome(ledger, _next_state(ledger, record, state, options, doubles, pot_after))


def _settle_win(
    ledger: Ledger,
    record: HandRecord,
    state: TableState,
    options: Options,
    win: Win,
    found: TileFindings,
    doubles: Doubles,
) -> None:
    patterns, kong_kinds = found.patterns, found.kongs
    note_win(ledger, win)
    note_tiles(ledger, win.seat, found)
    _note_unlisted_kongs(ledger, record, win, patterns, kong_kinds)
    factors = [*_hand_factors(win, patterns, kong_kinds, options), *doubles.factors]
    for payer in _payers(record, win, options):
        _charge(ledger, record, state, options, win.seat, payer, factors)


def _note_unlisted_kongs(
    ledger: Ledger,
    record: HandRecord,
    win: Win,
    patterns: tuple[str, ...],
    kongs: tuple[DeclaredKong, ...],
) -> None:
    if "kong_bloom" in patterns and not draws_a_replacement(kongs):
        ledger.remark(
            "bloom_kong_unlisted",
            f"Kong bloom: P{win.seat}'s kong is not in the hand's kongs, so the kong's own double is not counted; "
            "add it.",
            win.seat,
        )
    if "kong_discard" in patterns and win.from_seat is not None and not record.kongs_of(win.from_seat):
        ledger.remark(
            "discarder_kong_unlisted",
            f"Kong discard: the discarder P{win.from_seat}'s kong is not in the hand's kongs (it scores nothing).",
            win.from_seat,
        )


def _hand_factors(
    win: Win, patterns: tuple[str, ...], kongs: tuple[DeclaredKong, ...], options: Options
) -> list[Factor]:
    # A self-draw is paid ×1 by all three: named so that every payment says how the hand was won.
    if win.method == "self_draw":
        factors = [Factor("self-draw", 1, "self_draw")]
    else:
        factors = [Factor("ron", options["ron_factor"], "discard")]  # §9.3.1: ×2, or ×1 (ron_factor)
    if win.method == "rob_kong":
        factors.append(Factor("robbing the kong", 2, "rob_kong"))
    for pattern_id, label, times in (
        ("seven_pairs", "seven pairs", options["seven_pairs_value"]),
        ("pure_one_suit", "pure one suit", 8),
        ("all_pungs", "all pungs", options["all_pungs_value"]),
    ):
        if pattern_id in patterns:
            factors.append(Factor(label, times, pattern_id))
    factors.extend(Factor("dragon pung", 2, "dragon_pung") for _ in range(patterns.count("dragon_pung")))
    fours = patterns.count("four_in_hand")
    if fours:
        factors.append(Factor("four in hand", 2**fours, "four_in_hand", count=fours, each=2))
    for kind, tile in kongs:
        factors.extend(_kong_factors(kind, tile, options))
    for pattern_id, label in (
        ("kong_bloom", "kong bloom"),
        ("kong_discard", "kong discard"),
        ("single_wait", "single wait"),
        ("last_tile", "last tile"),
    ):
        if pattern_id in patterns:
            factors.append(Factor(label, 2, pattern_id))
    return factors


def _kong_factors(kind: str, tile: str | None, options: Options) -> list[Factor]:
    if kind == "dragon_set":
        return [Factor("dragon set 中发白", options["special_set_value"], "dragon_set")]
    if kind == "wind_set":
        return [Factor("wind set 东南西北", options["special_set_value"], "wind_set")]
    if kind == "concealed" and tile in DRAGON_FACES and options["concealed_dragon_kong_value"] == 16:
        # §9.3.6: ×16 in all, whatever dragon_kong_stacks and gang_vs_angang say.
        return [Factor("concealed dragon kong", 16, "concealed_dragon_kong", tile=tile)]
    doubled_concealed = kind == "concealed" and options["gang_vs_angang"] == "angang_double"
    times = 4 if doubled_concealed else 2
    if tile in DRAGON_FACES:
        kong = Factor(f"{kind} kong", times, f"{kind}_kong", tile=tile)
        if options["dragon_kong_stacks"]:
            return [Factor("dragon kong as a dragon pung", 2, "dragon_kong", tile=tile), kong]
        return [Factor(f"dragon {kind} kong", times, f"{kind}_kong", tile=tile)]
    return [Factor(f"{kind} kong", times, f"{kind}_kong")]


def _payers(record: HandRecord, win: Win, options: Options) -> list[int]:
    if win.method == "self_draw" or options["ron_payers"] == "all":
        # With several winners on one discard, a winner never pays another winner.
        winners = {w.seat for w in record.wins}
        return [seat for seat in range(4) if seat not in winners]
    assert win.from_seat is not None
    return [win.from_seat]


def _charge(
    ledger: Ledger,
    record: HandRecord,
    state: TableState,
    options: Options,
    winner: int,
    payer: int,
    hand_factors: list[Factor],
) -> None:
    base = options["base"]
    factors = list(hand_factors)
    if state.dealer in (payer, winner):
        factors.append(Factor("dealer", 2, "dealer"))
    if not seat_is_open(record, payer, options):
        factors.append(_closed_payer(record, options))
    raw = product(factors, base)
    why = " × ".join([f"base {base}", *(f.words() for f in factors)]) + f" = {raw}"
    cap = options["cap_per_payer"]
    amount = raw
    if cap is not None and raw > cap:
        amount = cap
        why += f", capped at {cap}"
    params = {"base": base, "factors": factor_params(factors), "raw": raw, "cap": cap}
    ledger.pay(codes.WIN_PRODUCT, payer, winner, amount, params, why)


def _closed_payer(record: HandRecord, options: Options) -> Factor:
    """Cls(p): ×2, or ×4 under three_closed_double when one player won and all three others are closed (§9.3.2)."""
    if options["three_closed_double"] and len(record.wins) == 1:
        winner = record.wins[0].seat
        if not any(seat_is_open(record, seat, options) for seat in range(4) if seat != winner):
            return Factor("three closed payers", 4, "three_closed")
    return Factor("closed payer", 2, "unopened_payer")


# -- the doublings that come from the table, not the hand --------------------------------


def _doubles(record: HandRecord, state: TableState, options: Options) -> Doubles:
    liuju = state.previous == "draw" or state.draw_streak > 0
    dice = record.dice_double
    if options["liuju_dice_mode"] == "off":
        # §9.3.9: neither double; the dice are still recorded and drawn hands still counted, pending stays.
        return Doubles((), state.pending_doubles, state.pending_doubles, "", {})
    if options["liuju_dice_mode"] == "stack":
        factors: list[Factor] = []
        if dice:
            factors.append(Factor("dice double", 2, "dice_double"))
        if liuju:
            # The line counts the drawn hands it means; only with liuju_streak_stacks does each one double.
            draws = max(state.draw_streak, 1)
            times = 2**draws if options["liuju_streak_stacks"] else 2
            label = f"after {draws} drawn hand{'s' if draws > 1 else ''}"
            factors.append(Factor(label, times, "draw_doubles", count=draws))
        pending = state.pending_doubles
        return Doubles(tuple(factors), pending, pending, "", {})
    owed = state.pending_doubles + int(liuju) + int(dice)
    sources = [
        *([f"{state.pending_doubles} carried"] if state.pending_doubles else []),
        *(["previous hand drawn"] if liuju else []),
        *(["dice double"] if dice else []),
    ]
    # However many doubles are owed, a won hand takes only one of them (the rest wait).
    factors = [Factor("dice or drawn-hand double", 2, "carried_double")] if owed else []
    explanation = f"doubles owed this hand: {owed}" + (f" ({', '.join(sources)})" if sources else "")
    counted = {"owed": owed, "carried_in": state.pending_doubles, "after_draw": liuju, "dice": dice}
    return Doubles(tuple(factors), max(owed - 1, 0), owed, explanation, counted)


# -- penalties and the pot ---------------------------------------------------------------


def _settle_penalties(ledger: Ledger, record: HandRecord, state: TableState, options: Options) -> None:
    for penalty in record.penalties:
        offender = penalty.seat
        if penalty.kind == "adjustment" or offender is None:
            continue
        others = [seat for seat in range(4) if seat != offender]
        if penalty.kind == "false_win":
            value = options["zhahu_penalty"]
            for other in others:
                factors = []
                why = f"false win (诈胡) {value} to each player"
                if options["zhahu_dealer_double"] and state.dealer in (offender, other):
                    factors.append(Factor("dealer", 2, "dealer"))
                    why += f" × dealer ×2 = {value * 2}"
                params = {"item": "false_win", "value": value, "count": None, "factors": factor_params(factors)}
                ledger.pay(codes.PENALTY, offender, other, product(factors, value), params, why)
        elif penalty.kind == "four_same_discards":
            value = options["four_same_discard_penalty"]
            params = {"item": "four_same_discards", "value": value, "count": None, "factors": []}
            why = f"first of four same discards, {value} to each"
            for other in others:
                ledger.pay(codes.PENALTY, offender, other, value, params, why)
        else:
            each = options["reveal_penalty"]
            amount = each * penalty.count
            why = f"{penalty.count} revealed tile{'s' if penalty.count > 1 else ''} × {each} = {amount}"
            ledger.to_pot(offender, amount, {"item": "revealed_tiles", "count": penalty.count, "value": each}, why)


def _settle_pot(ledger: Ledger, record: HandRecord, waiting: int, paid_in: int) -> int:
    whole_pot = waiting + paid_in
    if record.result != "win":
        if whole_pot:
            parts = [f"{waiting} from earlier hands"] if waiting else []
            parts += [f"{paid_in} paid in this hand"] if paid_in else []
            params = {"waiting": waiting, "paid_in": paid_in, "pot": whole_pot}
            text = f"The pot of {whole_pot} waits for the next winner: {' + '.join(parts)}."
            ledger.note(codes.POT_WAITS, params, text)
        return whole_pot
    if whole_pot:
        ledger.take_pot(_pot_taker(record), waiting, paid_in)
    return 0


def _pot_taker(record: HandRecord) -> int:
    # Several winners on one discard: the pot goes whole to the one who would have won alone,
    # the first in turn order after the discarder; it is never split into fractions.
    first = record.wins[0]
    if first.from_seat is None:
        return first.seat
    winners = {w.seat for w in record.wins}
    seat = next_seat(first.from_seat)
    while seat not in winners:
        seat = next_seat(seat)
    return seat


# -- the next hand -----------------------------------------------------------------------


def _next_state(
    ledger: Ledger,
    record: HandRecord,
    state: TableState,
    options: Options,
    doubles: Doubles,
    pot_after: int,
) -> TableState:
    dealer = state.dealer
    if record.result == "void":
        note_void(ledger, dealer)
        return advance(state, pot=pot_after)
    no_stack = options["liuju_dice_mode"] == "no_stack_carry"
    if record.result == "draw":
        pending = doubles.pending_after_draw if no_stack else state.pending_doubles
        draws = state.draw_streak + 1
        doubling: int | None = 2**draws if not no_stack and options["liuju_streak_stacks"] else 2
        text = f"Drawn hand (流局): the next win counts ×{doubling}."
        if options["liuju_dice_mode"] == "off":
            doubling, text = None, "Drawn hand (流局): the next win does not double (liuju_dice_mode=off)."
        ledger.note(codes.DRAW, {"draws": draws, "next_multiplier": doubling}, text)
        streak = state.dealer_streak + 1
        note_dealer(ledger, state, dealer, "drawn_hand", streak, f"P{dealer} keeps the deal after a drawn hand.")
        if no_stack:
            _note_pending(ledger, doubles, used=0, carried=pending, words="all carried to the next hand")
        return advance(state, dealer_streak=streak, draw_streak=draws, pending_doubles=pending, pot=pot_after)
    pending = doubles.pending_after_win if no_stack else state.pending_doubles
    if no_stack:
        used = 1 if doubles.owed["owed"] else 0
        words = f"{'one' if used else 'none'} used, {pending} carried to the next hand"
        _note_pending(ledger, doubles, used=used, carried=pending, words=words)
    if any(w.seat == dealer for w in record.wins):
        streak = state.dealer_streak + 1
        note_dealer(ledger, state, dealer, "dealer_won", streak, f"The dealer P{dealer} won and keeps the deal.")
        return advance(state, dealer_streak=streak, draw_streak=0, pending_doubles=pending, pot=pot_after)
    following = next_seat(dealer)
    note_dealer(ledger, state, following, "next_seat", 0, f"Next dealer P{following} (the seat after P{dealer}).")
    return advance(state, dealer=following, dealer_streak=0, draw_streak=0, pending_doubles=pending, pot=pot_after)


def _note_pending(ledger: Ledger, doubles: Doubles, *, used: int, carried: int, words: str) -> None:
    params = {**doubles.owed, "used": used, "carried_out": carried}
    ledger.note(codes.PENDING_DOUBLES, params, f"{doubles.explanation}; {words}.")
