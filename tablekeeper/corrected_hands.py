"""What a correction (models.Correction) keeps of a hand before and after: its record, or a re-score's figures.

Its own module, below both the models, which store it, and the reasons, which say it in words.
"""

from __future__ import annotations

from typing import TypedDict, final

from .rules import Record


@final  # so that `"result" in hand` tells a record from these figures
class RescoredFigures(TypedDict):
    """What a re-score under the rule book's new law (migration 0017) keeps of a hand, before and after."""

    law: str
    deltas: list[int]
    pot_delta: int


# A correction's hand before and after: its record, or a re-score's figures.
CorrectedHand = Record | RescoredFigures
