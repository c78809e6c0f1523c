"""Each player's running total over a session, drawn as inline SVG on the server (no JS library).

However long the session, the chart reads and draws at most MAX_POINTS hands (evenly spaced, the
first and the last always among them) from the running totals each hand row stores: its cost and
its size stay flat, and a line of 120 points is as fine as a phone's 360 pixels can show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..models import GameSession, Round

WIDTH = 360
HEIGHT = 200
LEFT = 44  # room for the y axis labels
RIGHT = 46  # room for the end labels
TOP = 10
BOTTOM = 22  # room for the x axis labels
MAX_POINTS = 120
LABEL_GAP = 12  # the least vertical distance between two end labels


@dataclass(frozen=True)
class ChartLine:
    seat: int
    name: str
    points: str  # the polyline's "x,y x,y ..." attribute
    final: int
    label_y: float  # where the end label sits, nudged so that labels never overlap


@dataclass(frozen=True)
class Tick:
    value: int
    y: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: list[ChartLine]
    zero_y: float
    top: int
    bottom: int
    hands: int
    ticks: list[Tick]
    plot_left: int
    plot_right: int
    plot_top: int
    plot_bottom: int
    end_x: float


def sampled_numbers(hands: int, most: int = MAX_POINTS) -> list[int]:
    """At most `most` hand numbers from 1 to `hands`, evenly spaced, always with the last."""
    if hands <= most:
        return list(range(1, hands + 1))
    return sorted({round(1 + index * (hands - 1) / (most - 1)) for index in range(most)})


def chart_points(session: GameSession) -> list[tuple[int, list[int]]]:
    """(hand number, each seat's total after it), from 0 before the first hand: one indexed query."""
    numbers = sampled_numbers(session.hand_count)
    rows = Round.objects.filter(session=session, number__in=numbers).order_by("number")
    return [(0, [0, 0, 0, 0])] + [(row[0], list(row[1:])) for row in rows.values_list("number", *Round.TOTAL_COLUMNS)]


def running_total_chart(points: Sequence[tuple[int, Sequence[int]]], names: Sequence[str]) -> Chart:
    """The chart of `points` ((hand number, totals), the first at hand 0)."""
    top = max(0, *(max(totals) for _number, totals in points))
    bottom = min(0, *(min(totals) for _number, totals in points))
    span = (top - bottom) or 1
    hands = max(points[-1][0], 1)
    plot_right = WIDTH - RIGHT
    plot_bottom = HEIGHT - BOTTOM

    def x(hand: int) -> float:
        return round(LEFT + hand * (plot_right - LEFT) / hands, 1)

    def y(value: int) -> float:
        return round(TOP + (top - value) * (plot_bottom - TOP) / span, 1)

    finals = points[-1][1]
    label_ys = _spread([y(final) for final in finals], TOP, plot_bottom)
    lines = [
        ChartLine(
            seat=seat,
            name=names[seat],
            points=" ".join(f"{x(number)},{y(totals[seat])}" for number, totals in points),
            final=finals[seat],
            label_y=label_ys[seat],
        )
        for seat in range(4)
    ]
    ticks = [Tick(value, y(value)) for value in sorted({top, 0, bottom}, reverse=True)]
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        lines=lines,
        zero_y=y(0),
        top=top,
        bottom=bottom,
        hands=points[-1][0],
        ticks=ticks,
        plot_left=LEFT,
        plot_right=plot_right,
        plot_top=TOP,
        plot_bottom=plot_bottom,
        end_x=plot_right + 4,
    )


def _spread(ys: Sequence[float], low: float, high: float) -> list[float]:
    """Move label positions apart (keeping their order) until each is LABEL_GAP from the next,
    within low..high: down from the top first, then back up from the bottom where that overflowed."""
    order = sorted(range(len(ys)), key=lambda index: (ys[index], index))
    placed = {index: ys[index] for index in order}
    previous = low - LABEL_GAP
    for index in order:
        placed[index] = max(placed[index], previous + LABEL_GAP)
        previous = placed[index]
    following = high + LABEL_GAP
    for index in reversed(order):
        placed[index] = min(placed[index], following - LABEL_GAP)
        following = placed[index]
    return [round(placed[index] + 4, 1) for index in range(len(ys))]  # +4: the baseline sits below the middle
