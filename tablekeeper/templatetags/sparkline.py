"""`{{ values|sparkline }}`: a small inline SVG line of a player's running net, drawn on the server
(no script, no chart library), with the figures themselves as its accessible name."""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

WIDTH, HEIGHT, MARGIN = 64, 24, 2
# More points than a 64 px line can show only weigh on the page: a long record is sampled evenly.
MOST_POINTS = 24


def sampled(values: Sequence[int], most: int = MOST_POINTS) -> list[int]:
    """At most `most` of `values`, evenly spaced, the first and the last always among them."""
    if len(values) <= most:
        return list(values)
    last = len(values) - 1
    return [values[round(step * last / (most - 1))] for step in range(most)]


@register.filter
def sparkline(values: Sequence[int]) -> SafeString:
    figures = sampled([int(value) for value in values])
    if not figures:
        return SafeString("")
    # Zero is always in view, so the line shows whether the player is up or down overall.
    low, high = min(0, *figures), max(0, *figures)
    span = (high - low) or 1
    steps = max(len(figures) - 1, 1)

    def y(value: int) -> float:
        return round(MARGIN + (high - value) * (HEIGHT - 2 * MARGIN) / span, 1)

    def x(index: int) -> float:
        return round(MARGIN + index * (WIDTH - 2 * MARGIN) / steps, 1)

    points = [(x(index), y(value)) for index, value in enumerate(figures)]
    if len(points) == 1:
        points.append((WIDTH - MARGIN, points[0][1]))
    path = " ".join(f"{x},{y_}" for x, y_ in points)
    label = ", ".join(f"{value:+d}" for value in figures)
    trend = "up" if figures[-1] > 0 else "down" if figures[-1] < 0 else "even"
    return format_html(
        '<svg class="sparkline {}" viewBox="0 0 {} {}" width="{}" height="{}" role="img" aria-label="{}">'
        '<line class="zero" x1="0" x2="{}" y1="{}" y2="{}"></line><polyline points="{}"></polyline></svg>',
        trend,
        WIDTH,
        HEIGHT,
        WIDTH,
        HEIGHT,
        label,
        WIDTH,
        y(0),
        y(0),
        path,
    )
