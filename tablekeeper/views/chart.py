"""Each player's running total over a session, drawn as inline SVG on the server (no JS library)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 360
HEIGHT = 180
PAD = 8


@dataclass(frozen=True)
class ChartLine:
    seat: int
    name: str
    points: str  # the polyline's "x,y x,y ..." attribute
    final: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: list[ChartLine]
    zero_y: float
    top: int
    bottom: int
    hands: int


def running_totals(deltas: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each seat's total after each hand, starting from 0 before the first."""
    totals = [[0, 0, 0, 0]]
    for hand in deltas:
        totals.append([total + delta for total, delta in zip(totals[-1], hand, strict=True)])
    return totals


def running_total_chart(deltas: Sequence[Sequence[int]], names: Sequence[str]) -> Chart:
    totals = running_totals(deltas)
    top = max(0, *(max(row) for row in totals))
    bottom = min(0, *(min(row) for row in totals))
    span = (top - bottom) or 1
    steps = max(len(totals) - 1, 1)

    def x(hand: int) -> float:
        return round(PAD + hand * (WIDTH - 2 * PAD) / steps, 1)

    def y(value: int) -> float:
        return round(PAD + (top - value) * (HEIGHT - 2 * PAD) / span, 1)

    lines = [
        ChartLine(
            seat=seat,
            name=names[seat],
            points=" ".join(f"{x(hand)},{y(row[seat])}" for hand, row in enumerate(totals)),
            final=totals[-1][seat],
        )
        for seat in range(4)
    ]
    return Chart(width=WIDTH, height=HEIGHT, lines=lines, zero_y=y(0), top=top, bottom=bottom, hands=len(totals) - 1)
