"""The rows pages list a hand by: each seat's change, and what a correction would move in the later hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from .. import services
from ..models import Seat


class SeatChange(TypedDict):
    """One seat of a later hand a correction would change: its points before and after."""

    name: str
    before: int
    after: int
    changed: bool


class LaterRow(TypedDict):
    """A later hand a correction would change, seat by seat, and who dealt it before and after."""

    number: int
    seats: list[SeatChange]
    dealer_before: str
    dealer_after: str


class SeatRow(TypedDict):
    name: str
    delta: int


def later_rows(seats: list[Seat], changes: list[services.LaterChange]) -> list[LaterRow]:
    """Each later hand that would change, as the confirmation lists it: seat by seat, old → new."""
    names = [seat.player.name for seat in seats]
    return [
        {
            "number": change.number,
            "seats": [
                {"name": names[seat], "before": old, "after": new, "changed": old != new}
                for seat, (old, new) in enumerate(zip(change.before, change.after, strict=True))
            ],
            "dealer_before": names[change.dealer_before],
            "dealer_after": names[change.dealer_after],
        }
        for change in changes
    ]


def seat_rows(seats: list[Seat], deltas: Sequence[int]) -> list[SeatRow]:
    """Each seat's name and change, as the preview bar and a hand's page list them."""
    names = {seat.index: seat.player.name for seat in seats}
    return [{"name": names.get(index, f"P{index}"), "delta": delta} for index, delta in enumerate(deltas)]
