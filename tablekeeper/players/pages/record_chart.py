"""A player's running total over their evenings of one stake, drawn as inline SVG on the server, as the
session's chart is (`keeping/pages/chart.py`): at most MAX_POINTS evenings drawn, evenly spaced, the first
and the last always among them, so its size stays flat however many evenings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tablekeeper.keeping.pages.chart import sampled_numbers

WIDTH = 360
HEIGHT = 150
LEFT = 48
RIGHT = 12
TOP = 10
BOTTOM = 22
MAX_POINTS = 60


@dataclass(frozen=True)
class Tick:
    value: int
    y: float


@dataclass(frozen=True)
class RecordChart:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y ..."
    zero_y: float
    ticks: list[Tick]
    evenings: int
    final: int
    plot_left: int
    plot_right: int
    plot_top: int
    plot_bottom: int


def record_chart(trend: Sequence[int]) -> RecordChart | None:
    """The chart of `trend` (the running net after each evening, oldest first); None before two evenings."""
    if len(trend) < 2:
        return None
    numbers = sampled_numbers(len(trend), MAX_POINTS)
    drawn = [(0, 0), *((number, trend[number - 1]) for number in numbers)]
    top = max(0, *(value for _n, value in drawn))
    bottom = min(0, *(value for _n, value in drawn))
    span = (top - bottom) or 1
    right = WIDTH - RIGHT
    plot_bottom = HEIGHT - BOTTOM

    def x(number: int) -> float:
        return round(LEFT + number * (right - LEFT) / len(trend), 1)

    def y(value: int) -> float:
        return round(TOP + (top - value) * (plot_bottom - TOP) / span, 1)

    return RecordChart(
        width=WIDTH,
        height=HEIGHT,
        points=" ".join(f"{x(number)},{y(value)}" for number, value in drawn),
        zero_y=y(0),
        ticks=[Tick(value, y(value)) for value in sorted({top, 0, bottom}, reverse=True)],
        evenings=len(trend),
        final=trend[-1],
        plot_left=LEFT,
        plot_right=right,
        plot_top=TOP,
        plot_bottom=plot_bottom,
    )
