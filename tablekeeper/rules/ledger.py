"""Accumulates who pays whom in one hand, each line as data (a code and its params) and in English words.

A line's `code` is stable and its `params` hold every number and seat its sentence shows
(RULES.md §0.7), so the app renders it in the keeper's language; `text` is the English
sentence with P0-P3, for logs and tests. Every code and its params are documented in
tablekeeper/rules/README.md ("Reasons"); `LINE_CODES` lists them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from .answers import ReasonLine, ReasonParams

# Payments: the line's seat is the seat whose points move; `amount` is that seat's change. Each code is a
# shape of payment (a flat amount, a product of factors, a sum of points, stakes), so a variant pays
# through the shape that fits and needs no code, renderer or translation of its own.
FLAT = "flat"  # a flat amount per payer for one item: value × count (a kong, a bonus, a fee)
WIN_PRODUCT = "win_product"  # base × factors (Dalian, Shenyang, Harbin), capped per payer where a cap is set
WIN_CAPPED_SHARE = "win_capped_share"  # Dalian's total cap: this payer's share of the capped total
WIN_POINTS = "win_points"  # Shandong: (base + points) × capped multipliers, per share
WIN_STAKES = "win_stakes"  # Zhengzhou: base × stakes (1 + side bets) × special items
KONG_BONUS = "kong_bonus"  # Zhengzhou: a kong's bonus (豆)
PENALTY = "penalty"  # a flat penalty paid to another player
POT_IN = "pot_in"  # points paid into the pot
POT_OUT = "pot_out"  # the winner takes the pot
ADJUSTMENT = "adjustment"  # a manual transfer the scorekeeper entered
TOTAL = "total"  # a seat's net change for the hand
# Notes: no points move (`amount` is None).
WIN = "win"  # who won, how, and from whom
TILES_LEGAL = "tiles_legal"  # the winning tiles are a legal win
TILES_PROVE = "tiles_prove"  # patterns the tiles prove that the scorekeeper did not tick
DRAW = "draw"  # a drawn hand
VOID = "void"  # a cancelled hand
DEALER = "dealer"  # who deals next, and why
POT_WAITS = "pot_waits"  # the pot carries to the next hand
PENDING_DOUBLES = "pending_doubles"  # Shenyang's no-stack doubles: owed, used and carried
NOTE = "note"  # a fixed remark, named by params["note"] (NOTE_IDS)

PAYMENT_CODES = (FLAT, WIN_PRODUCT, WIN_CAPPED_SHARE, WIN_POINTS, WIN_STAKES, KONG_BONUS, PENALTY, POT_IN, POT_OUT)
LINE_CODES = (
    *PAYMENT_CODES,
    ADJUSTMENT,
    TOTAL,
    WIN,
    TILES_LEGAL,
    TILES_PROVE,
    DRAW,
    VOID,
    DEALER,
    POT_WAITS,
    PENDING_DOUBLES,
    NOTE,
)

# The reasons a `dealer` line gives (params["reason"]).
DEALER_REASONS = (
    "dealer_won",  # the dealer won and keeps the deal
    "drawn_hand",  # a drawn hand keeps the dealer
    "next_seat",  # the deal passes to the seat after the dealer
    "winner",  # the winner deals next
    "discarder",  # several players won on one discard: the discarder deals next
    "first_robber",  # several robbed one kong: the first robber after its declarer deals next
    "kong_declarer",  # several robbed one kong: its declarer deals next
)

# The remarks a `note` line can make (params["note"]); params["seat"] is the seat it is about, or None.
NOTE_IDS = (
    "winner_counts_as_ready",  # Harbin: every winner has declared ready
    "clamp_not_on_bao_zhong_bao",  # Harbin: the clamp does not double 宝中宝 (house rule off)
    "single_wait_treasure",  # Harbin: 摸宝 with 卡当 and no tiles is 宝中宝 (bao_zhong_bao_any_face)
    "self_draw_stacks",  # Harbin: the self-draw ×2 counts on a treasure win or 刮大风 (house rule)
    "bloom_kong_unlisted",  # Shenyang: a kong bloom's kong is missing from the kongs, so it is not doubled
    "discarder_kong_unlisted",  # Shenyang: a kong discard's kong is missing from the kongs
    "kongs_void_on_draw",  # Shandong, Zhengzhou: kongs pay nothing in a drawn hand
    "kongs_only_winner",  # Zhengzhou: only the winner's kongs are paid (house rule)
    "draw_count_reset",  # Shandong: a won hand sets the drawn-hand count back to 0
)

Params = dict[str, Any]


def seat_name(seat: int) -> str:
    return f"P{seat}"


@dataclass(frozen=True, slots=True)
class Line:
    """One line of explanation. `amount` is the seat's change from this item (None for a note)."""

    seat: int | None
    code: str
    params: Params
    text: str
    amount: int | None = None

    def as_dict(self) -> ReasonLine:
        # The one place params leave the engine: built by each code's writer, typed for their readers.
        params = cast(ReasonParams, self.params)
        return {"seat": self.seat, "code": self.code, "amount": self.amount, "params": params, "text": self.text}


class Ledger:
    """The running deltas and pot change of one hand. Every transfer is zero-sum by construction."""

    def __init__(self) -> None:
        self.deltas = [0, 0, 0, 0]
        self.pot_delta = 0
        self.lines: list[Line] = []

    def note(self, code: str, params: Mapping[str, Any], text: str, seat: int | None = None) -> None:
        self.lines.append(Line(seat, code, dict(params), text))

    def remark(self, note: str, text: str, seat: int | None = None) -> None:
        """A fixed remark (code `note`), named so that the app can say it in the keeper's language."""
        if note not in NOTE_IDS:
            raise ValueError(f"unknown note {note!r}")
        self.note(NOTE, {"note": note, "seat": seat}, text, seat)

    def pay(self, code: str, payer: int, payee: int, amount: int, params: Mapping[str, Any], why: str) -> None:
        """`payer` pays `payee`; `why` is the worked reason, e.g. 'self-draw ×2 · dealer ×2 = 4'."""
        _check_amount(amount)
        self.deltas[payer] -= amount
        self.deltas[payee] += amount
        reason = f": {why}" if why else ""
        text = f"{seat_name(payer)} pays {amount} to {seat_name(payee)}{reason}"
        params = {"payer": payer, "payee": payee, **params, "amount": amount}
        self.lines.append(Line(payer, code, params, text, -amount))

    def pay_flat(
        self,
        payer: int,
        payee: int,
        item: str,
        value: int,
        *,
        count: int = 1,
        owner: int | None = None,
        tile: str | None = None,
        label: str = "",
    ) -> None:
        """`payer` pays `payee` a flat `value` for each of `count` of `item` (of `owner`'s, of `tile`).

        `label` is the item in the engine's English ("exposed kong"); the app names the item itself.
        """
        amount = value * count
        words = f"{seat_name(owner)}'s " if owner is not None else ""
        words += (label or item.replace("_", " ")) + (f" of {tile}" if tile else "")
        words += f" {count} × {value} = {amount}" if count != 1 else f" {value}"
        params = {"item": item, "owner": owner, "tile": tile, "value": value, "count": count}
        self.pay(FLAT, payer, payee, amount, params, words)

    def to_pot(self, payer: int, amount: int, params: Mapping[str, Any], why: str) -> None:
        _check_amount(amount)
        self.deltas[payer] -= amount
        self.pot_delta += amount
        text = f"{seat_name(payer)} pays {amount} into the pot: {why}"
        self.lines.append(Line(payer, POT_IN, {"payer": payer, **params, "amount": amount}, text, -amount))

    def take_pot(self, payee: int, waiting: int, paid_in: int) -> None:
        """`payee` takes the whole pot: what was waiting before this hand and what this hand paid in."""
        amount = waiting + paid_in
        _check_amount(amount)
        self.deltas[payee] += amount
        self.pot_delta -= amount
        parts = [f"{waiting} waiting from earlier hands"] if waiting else []
        parts += [f"{paid_in} paid in this hand"] if paid_in else []
        text = f"{seat_name(payee)} takes {amount} from the pot: " + " + ".join(parts)
        params = {"payee": payee, "waiting": waiting, "paid_in": paid_in, "amount": amount}
        self.lines.append(Line(payee, POT_OUT, params, text, amount))

    def adjust(self, deltas: tuple[int, int, int, int], note: str) -> None:
        for seat, delta in enumerate(deltas):
            if delta:
                self.deltas[seat] += delta
                words = f"manual adjustment {_signed(delta)}" + (f" ({note})" if note else "")
                params = {"seat": seat, "amount": delta, "note": note}
                self.lines.append(Line(seat, ADJUSTMENT, params, f"{seat_name(seat)}: {words}", delta))

    def summarize(self) -> None:
        """Close with one total line per seat that moved, so a reader sees the net at a glance.

        A drawn hand's line also says whether anything was paid in it (a kong, a penalty, an adjustment):
        `paid`, so that no reader says "nobody pays" beside points that moved.
        """
        paid = any(line.amount for line in self.lines)
        self.lines = [
            Line(line.seat, line.code, {**line.params, "paid": paid}, line.text, line.amount)
            if line.code == DRAW
            else line
            for line in self.lines
        ]
        for seat, delta in enumerate(self.deltas):
            if delta:
                text = f"{seat_name(seat)} total {_signed(delta)}"
                self.lines.append(Line(seat, TOTAL, {"seat": seat, "amount": delta}, text, delta))


def _signed(amount: int) -> str:
    return f"{'+' if amount > 0 else '−'}{abs(amount)}"


def _check_amount(amount: int) -> None:
    # A negative or fractional amount here is an engine bug, never bad input.
    if not isinstance(amount, int) or amount < 0:
        raise ValueError(f"payment amounts are whole numbers, 0 or more; got {amount!r}")
