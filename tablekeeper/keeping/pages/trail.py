"""A hand's trail of corrections as its record page says it (templates/hands/parts/correction.html)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tablekeeper.reading.reasons.corrections import edited_points, rescored_because
from tablekeeper.reading.reasons.record import record_lines
from tablekeeper.rules import VariantInfo

from ..models import Correction


@dataclass(frozen=True)
class TrailEntry:
    """One correction in words: the hand before and after as entered, and what it did to the points
    (an edit's own hand, before → after; a later hand it re-scored, and which correction did)."""

    correction: Correction
    before: list[str]
    after: list[str]
    points: str


def _points(correction: Correction, names: Sequence[str]) -> str:
    if correction.points is None:
        return ""
    if correction.action == Correction.Action.RESCORED_BY:
        cause = correction.cause
        return rescored_because(
            correction.points, names, cause.action if cause else None, cause.number if cause else correction.number
        )
    return edited_points(correction.points, names)


def said_trail(corrections: Iterable[Correction], names: Sequence[str], info: VariantInfo) -> list[TrailEntry]:
    """Each correction's records said in words, as the keeper entered them (never the raw record),
    and its points said seat by seat, before → after."""
    return [
        TrailEntry(
            correction=correction,
            before=record_lines(correction.before, names, info) if correction.before else [],
            after=record_lines(correction.after, names, info) if correction.after else [],
            points=_points(correction, names),
        )
        for correction in corrections
    ]
