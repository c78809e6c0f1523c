"""What a correction did to a hand's points, said seat by seat in the keeper's language:
"老王 +50→+40，小李 −50→−40" on the edited hand's record, on each later hand it re-scored
("因第 11 局更正：…") and on the share board's line about it."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from ..corrected_hands import PointsChange, points_moved


def figure(amount: int) -> str:
    """A hand's points as a score sheet writes them: +50, −40 (a true minus sign), 0."""
    if amount > 0:
        return f"+{amount}"
    return f"−{-amount}" if amount else "0"


def points_changed(points: PointsChange, names: Sequence[str]) -> str:
    """Each seat (then the pot) whose points moved, before → after; "" when none did."""
    moves = [
        (name, before, after)
        for name, before, after in zip(names, points["before"], points["after"], strict=True)
        if before != after
    ]
    if points["pot_before"] != points["pot_after"]:
        moves.append((_("Pot"), points["pot_before"], points["pot_after"]))
    return pgettext("changes listed", ", ").join(
        _("%(name)s %(before)s → %(after)s") % {"name": name, "before": figure(before), "after": figure(after)}
        for name, before, after in moves
    )


def edited_points(points: PointsChange, names: Sequence[str]) -> str:
    """The line an edit's record gives its own hand's points."""
    if not points_moved(points):
        return _("Points unchanged.")
    return _("Points: %(points)s.") % {"points": points_changed(points, names)}


def rescored_because(points: PointsChange, names: Sequence[str], cause_action: str | None, cause_number: int) -> str:
    """The line a later hand's record gives a correction of an earlier hand that moved its points."""
    said = {"n": cause_number, "points": points_changed(points, names)}
    if cause_action == "delete":
        return _("Because hand %(n)s was deleted: %(points)s.") % said
    return _("Because hand %(n)s was corrected: %(points)s.") % said


def what_changed(points: PointsChange | None, later: int, names: Sequence[str]) -> str:
    """What the share board adds to a correction's line: the hand's own points, before → after,
    and how many later hands it re-scored; "" when it moved no points at all."""
    parts = []
    if points is not None and points_moved(points):
        parts.append(points_changed(points, names))
    if later:
        parts.append(ngettext("%(n)s later hand re-scored", "%(n)s later hands re-scored", later) % {"n": later})
    return pgettext("changes and what followed", "; ").join(parts)
