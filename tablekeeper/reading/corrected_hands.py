"""What a correction (models.Correction) keeps of a hand before and after: its record, or a re-score's figures.

Its own module, below both the models, which store it, and the reasons, which say it in words.
"""

from __future__ import annotations

from typing import TypedDict, final

from tablekeeper.rules import Record


@final  # so that `"result" in hand` tells a record from these figures
class RescoredFigures(TypedDict):
    """What a re-score under the rule book's new law (migration 0017) keeps of a hand, before and after."""

    law: str
    deltas: list[int]
    pot_delta: int


# A correction's hand before and after: its record, or a re-score's figures.
CorrectedHand = Record | RescoredFigures


class PointsChange(TypedDict):
    """What a correction did to one hand's points: each seat's change and the pot's, before and after.

    Kept on an edit (the edited hand's own points) and on each later hand the correction re-scored,
    so that a hand's record says by how much it moved without replaying anything."""

    before: list[int]
    after: list[int]
    pot_before: int
    pot_after: int


def points_moved(points: PointsChange) -> bool:
    return points["before"] != points["after"] or points["pot_before"] != points["pot_after"]


def rescored_points(before: RescoredFigures, after: RescoredFigures) -> PointsChange:
    """A re-score's figures as the points it moved, as an edit keeps them."""
    return {
        "before": before["deltas"],
        "after": after["deltas"],
        "pot_before": before["pot_delta"],
        "pot_after": after["pot_delta"],
    }
