"""Shenyang's payments, penalties, pot and dealer rotation (RULES.md §2.4-2.6).

amount(p) = base × W × Dlr(p) × Cls(p): W is the product of the hand's doublings, Dlr
doubles every payment that touches the dealer, Cls doubles what a closed player pays.
A revealed-tile penalty feeds a pot that the next winner takes, so a Shenyang hand is
zero-sum only once the pot's change is counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...ledger import Ledger
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...variant import DeclaredKong, Findings, Outcome, TileFindings, advance, next_seat
from ..common.faces import DRAGON_FACES
from ..common.factors import Factor
from ..common.outcomes import note_tiles
from .checks import draws_a_replacement, seat_is_open


@dataclass(frozen=True, slots=True)
class Doubles:
    """The dice and liuju doublings of this hand, and the no-stack counter they leave behind."""

    factors: tuple[Factor, ...]
    pending_after_win: int
    pending_after_draw: int
    explanation: str


def score(record: HandRecord, findings: Findings, state: TableState, options: Options) -> Outcome:
    """Settle a record that passed the checks: every winner, the penalties, the pot, and the next state."""
    ledger = Ledger()
    doubles = _doubles(record, state, options)
    if record.result == "win":
        for win, found in zip(record.wins, findings, strict=True):
            _settle_win(ledger, record, state, options, win, found, doubles)
    _settle_penalties(ledger, record, state, options)
    paid_in = sum(options["reveal_penalty"] * p.count for p in record.penalties if p.kind == "revealed_tiles")
    pot_after = _settle_pot(ledger, record, state, paid_in)
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
    note_tiles(ledger, win.seat, found)
    _note_unlisted_kongs(ledger, record, win, patterns, kong_kinds)
    factors = [*_hand_factors(win, patterns, kong_kinds, options), *doubles.factors]
    hand_value = 1
    for factor in factors:
        hand_value *= factor.times
    payers = _payers(record, win, options)
    for payer in payers:
        _charge(ledger, record, state, options, win.seat, payer, hand_value, factors)


def _note_unlisted_kongs(
    ledger: Ledger,
    record: HandRecord,
    win: Win,
    patterns: tuple[str, ...],
    kongs: tuple[DeclaredKong, ...],
) -> None:
    if "kong_bloom" in patterns and not draws_a_replacement(kongs):
        ledger.note(
            f"Kong bloom: P{win.seat}'s kong is not in the hand's kongs, so its own ×2 is not counted; add it.",
            seat=win.seat,
            code="unlisted_kong",
        )
    if "kong_discard" in patterns and win.from_seat is not None and not record.kongs_of(win.from_seat):
        ledger.note(
            f"Kong discard: the discarder P{win.from_seat}'s kong is not in the hand's kongs (it scores nothing).",
            seat=win.from_seat,
            code="unlisted_kong",
        )


def _hand_factors(
    win: Win, patterns: tuple[str, ...], kongs: tuple[DeclaredKong, ...], options: Options
) -> list[Factor]:
    factors: list[Factor] = []
    if win.method in ("discard", "rob_kong"):
        factors.append(Factor("ron", 2))
    if win.method == "rob_kong":
        factors.append(Factor("robbing the kong", 2))
    if "all_pungs" in patterns:
        factors.append(Factor("all pungs", 8))
    factors.extend(Factor("dragon pung", 2) for _ in range(patterns.count("dragon_pung")))
    for kind, tile in kongs:
        factors.extend(_kong_factors(kind, tile, options))
    for pattern_id, label in (
        ("kong_bloom", "kong bloom"),
        ("kong_discard", "kong discard"),
        ("single_wait", "single wait"),
        ("last_tile", "last tile"),
    ):
        if pattern_id in patterns:
            factors.append(Factor(label, 2))
    return factors


def _kong_factors(kind: str, tile: str | None, options: Options) -> list[Factor]:
    if kind == "dragon_set":
        return [Factor("dragon set 中发白", 4)]
    if kind == "wind_set":
        return [Factor("wind set 东南西北", 4)]
    angang_double = options["gang_vs_angang"] == "angang_double" or options["angang_double"]
    doubled_concealed = kind == "concealed" and angang_double
    kong = Factor(f"{kind} kong", 4 if doubled_concealed else 2)
    if tile in DRAGON_FACES:
        if options["dragon_kong_stacks"]:
            return [Factor("dragon kong as a dragon pung", 2), kong]
        return [Factor(f"dragon {kind} kong", kong.times)]
    return [kong]


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
    hand_value: int,
    factors: list[Factor],
) -> None:
    base = options["base"]
    items = [f"base {base}", *(f.words() for f in factors)]
    amount = base * hand_value
    if state.dealer in (payer, winner):
        items.append("dealer ×2")
        amount *= 2
    if not seat_is_open(record, payer, options):
        items.append("closed payer ×2")
        amount *= 2
    why = f"{' × '.join(items)} = {amount}"
    cap = options["cap_per_payer"]
    if cap is not None and amount > cap:
        amount = cap
        why += f", capped at {cap}"
    ledger.pay(payer, winner, amount, why, code="win")


# -- the doublings that come from the table, not the hand --------------------------------


def _doubles(record: HandRecord, state: TableState, options: Options) -> Doubles:
    liuju = state.previous == "draw" or state.draw_streak > 0
    dice = record.dice_double
    if options["liuju_dice_mode"] == "stack":
        factors: list[Factor] = []
        if dice:
            factors.append(Factor("dice double", 2))
        if liuju:
            streak = max(state.draw_streak, 1) if options["liuju_streak_stacks"] else 1
            factors.append(Factor(f"after {streak} drawn hand{'s' if streak > 1 else ''}", 2**streak))
        pending = state.pending_doubles
        return Doubles(tuple(factors), pending, pending, "")
    owed = state.pending_doubles + int(liuju) + int(dice)
    sources = [
        *([f"{state.pending_doubles} carried"] if state.pending_doubles else []),
        *(["previous hand drawn"] if liuju else []),
        *(["dice double"] if dice else []),
    ]
    # However many doubles are owed, a won hand takes only one of them (the rest wait).
    factors = [Factor("dice or drawn-hand double", 2)] if owed else []
    explanation = f"doubles owed this hand: {owed}" + (f" ({', '.join(sources)})" if sources else "")
    return Doubles(tuple(factors), max(owed - 1, 0), owed, explanation)


# -- penalties and the pot ---------------------------------------------------------------


def _settle_penalties(ledger: Ledger, record: HandRecord, state: TableState, options: Options) -> None:
    for penalty in record.penalties:
        offender = penalty.seat
        if penalty.kind == "adjustment" or offender is None:
            continue
        others = [seat for seat in range(4) if seat != offender]
        if penalty.kind == "false_win":
            for other in others:
                amount = options["zhahu_penalty"]
                why = f"false win (诈胡) {amount} to each player"
                if options["zhahu_dealer_double"] and state.dealer in (offender, other):
                    amount *= 2
                    why += f" × dealer ×2 = {amount}"
                ledger.pay(offender, other, amount, why, code="false_win")
        elif penalty.kind == "four_same_discards":
            amount = options["four_same_discard_penalty"]
            for other in others:
                ledger.pay(offender, other, amount, f"first of four same discards, {amount} to each", "four_same")
        else:
            amount = options["reveal_penalty"] * penalty.count
            why = f"{penalty.count} revealed tile{'s' if penalty.count > 1 else ''} × {options['reveal_penalty']}"
            ledger.to_pot(offender, amount, f"{why} = {amount}", code="revealed_tiles")


def _settle_pot(ledger: Ledger, record: HandRecord, state: TableState, paid_in: int) -> int:
    whole_pot = state.pot + paid_in
    if record.result != "win":
        if whole_pot:
            ledger.note(f"The pot of {whole_pot} waits for the next winner.", code="pot")
        return whole_pot
    if whole_pot:
        taker = _pot_taker(record)
        ledger.from_pot(taker, whole_pot, f"pot {whole_pot} to the winner", code="pot")
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
        ledger.note(f"Hand void: P{dealer} deals again; it does not count as a drawn hand.", code="dealer")
        return advance(state, pot=pot_after)
    no_stack = options["liuju_dice_mode"] == "no_stack_carry"
    if record.result == "draw":
        pending = doubles.pending_after_draw if no_stack else state.pending_doubles
        streak = state.draw_streak + 1
        ledger.note(f"Drawn hand (流局): P{dealer} keeps the deal; the next win counts ×2.", code="dealer")
        if no_stack:
            ledger.note(f"{doubles.explanation}; all carried to the next hand.", code="pending")
        return advance(
            state,
            dealer_streak=state.dealer_streak + 1,
            draw_streak=streak,
            pending_doubles=pending,
            pot=pot_after,
        )
    pending = doubles.pending_after_win if no_stack else state.pending_doubles
    if no_stack and doubles.explanation:
        ledger.note(f"{doubles.explanation}; one used, {pending} carried to the next hand.", code="pending")
    if any(w.seat == dealer for w in record.wins):
        ledger.note(f"The dealer P{dealer} won and keeps the deal.", code="dealer")
        return advance(
            state, dealer_streak=state.dealer_streak + 1, draw_streak=0, pending_doubles=pending, pot=pot_after
        )
    ledger.note(f"Next dealer P{next_seat(dealer)} (the seat after P{dealer}).", code="dealer")
    return advance(
        state, dealer=next_seat(dealer), dealer_streak=0, draw_streak=0, pending_doubles=pending, pot=pot_after
    )
