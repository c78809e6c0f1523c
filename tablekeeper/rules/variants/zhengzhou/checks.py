"""What only Zhengzhou refuses in a record (RULES.md §5.2-5.4): more kongs than a hand can hold, and
a kong of the wild tile (混), which is never part of a set.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem
from ...options import Options
from ...records import HandRecord


def record_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    for seat in range(4):
        if len(record.kongs_of(seat)) > 4:
            problems.append(Problem(E.INVALID_VALUE, "kongs", f"P{seat} cannot hold more than four kongs."))
    if record.treasure is not None:
        for index, kong in enumerate(record.kongs):
            if kong.tile == record.treasure:
                problems.append(
                    Problem(
                        E.CONTRADICTORY_FACTS,
                        f"kongs.{index}.tile",
                        f"{kong.tile} is the wild tile (混) this hand, and a wild can never be part of a kong.",
                    )
                )
    return problems
