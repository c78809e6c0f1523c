"""The counts a keeper enters (the record's `counts`), checked against what the table allows of each."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .. import errors as E
from ..errors import Problem
from .facts import HandRecord


@dataclass(frozen=True, slots=True)
class CountBound:
    """What a table allows of one count: its maximum, the house rule that sets it, and its English name."""

    maximum: int
    option: str
    words: str


def count_problems(record: HandRecord, bounds: Mapping[str, CountBound], variant_name: str) -> list[Problem]:
    """A count the variant does not have, one above the table's maximum, or one entered for a hand nobody won."""
    problems: list[Problem] = []
    for count_id, value in record.counts:
        path = f"counts.{count_id}"
        bound = bounds.get(count_id)
        if bound is None:
            problems.append(Problem(E.FACT_NOT_IN_VARIANT, path, f"{variant_name} has no count '{count_id}'."))
        elif value > bound.maximum:
            words = f"{bound.words.capitalize()} are at most {bound.maximum} at this table (house rule {bound.option})."
            problems.append(Problem(E.COUNT_ABOVE_MAXIMUM, path, words))
        elif value and record.result != "win":
            problems.append(Problem(E.INVALID_VALUE, path, f"Only a won hand has {bound.words}."))
    return problems
