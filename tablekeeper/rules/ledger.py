"""Accumulates who pays whom in one hand, with the words that explain it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def seat_name(seat: int) -> str:
    return f"P{seat}"


@dataclass(frozen=True, slots=True)
class Line:
    """One line of explanation. `amount` is the seat's change from this item (None for a note)."""

    seat: int | None
    text: str
    amount: int | None = None
    code: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "text": self.text, "amount": self.amount, "code": self.code}


class Ledger:
    """The running deltas and pot change of one hand. Every transfer is zero-sum by construction."""

    def __init__(self) -> None:
        self.deltas = [0, 0, 0, 0]
        self.pot_delta = 0
        self.lines: list[Line] = []

    def note(self, text: str, seat: int | None = None, code: str = "") -> None:
        self.lines.append(Line(seat, text, None, code))

    def pay(self, payer: int, payee: int, amount: int, why: str, code: str = "payment") -> None:
        """`payer` pays `payee`; `why` is the worked reason, e.g. 'self-draw ×2 · dealer ×2 = 4'."""
        _check_amount(amount)
        self.deltas[payer] -= amount
        self.deltas[payee] += amount
        reason = f": {why}" if why else ""
        self.lines.append(Line(payer, f"{seat_name(payer)} pays {amount} to {seat_name(payee)}{reason}", -amount, code))

    def to_pot(self, payer: int, amount: int, why: str, code: str = "pot") -> None:
        _check_amount(amount)
        self.deltas[payer] -= amount
        self.pot_delta += amount
        reason = f": {why}" if why else ""
        self.lines.append(Line(payer, f"{seat_name(payer)} pays {amount} into the pot{reason}", -amount, code))

    def from_pot(self, payee: int, amount: int, why: str, code: str = "pot") -> None:
        _check_amount(amount)
        self.deltas[payee] += amount
        self.pot_delta -= amount
        reason = f": {why}" if why else ""
        self.lines.append(Line(payee, f"{seat_name(payee)} takes {amount} from the pot{reason}", amount, code))

    def adjust(self, deltas: tuple[int, int, int, int], note: str) -> None:
        for seat, delta in enumerate(deltas):
            if delta:
                self.deltas[seat] += delta
                sign = "+" if delta > 0 else "−"
                words = f"manual adjustment {sign}{abs(delta)}" + (f" ({note})" if note else "")
                self.lines.append(Line(seat, f"{seat_name(seat)}: {words}", delta, "adjustment"))

    def summarize(self) -> None:
        """Close with one total line per seat that moved, so a reader sees the net at a glance."""
        for seat, delta in enumerate(self.deltas):
            if delta:
                sign = "+" if delta > 0 else "−"
                self.lines.append(Line(seat, f"{seat_name(seat)} total {sign}{abs(delta)}", delta, "total"))


def _check_amount(amount: int) -> None:
    # A negative or fractional amount here is an engine bug, never bad input.
    if not isinstance(amount, int) or amount < 0:
        raise ValueError(f"payment amounts are whole numbers, 0 or more; got {amount!r}")
