"""What only Zhengzhou refuses in a record (RULES.md §5.3-5.5): a kong of the wild tile (混), which is
never part of a set, and four wilds counted as two pairs of seven pairs. The contradictions every variant
shares (more kongs than a hand holds, among them) are `common/consistency.py`'s.
"""

from __future__ import annotations

from ...errors import Problem, contradiction
from ...options import Options
from ...records import HandRecord
from ..common.fact_words import kong_words


def record_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    if record.treasure is not None:
        for index, kong in enumerate(record.kongs):
            if kong.tile == record.treasure:
                field = f"kongs.{index}.tile"
                problems.append(
                    contradiction(
                        "kong_of_the_wild",
                        field,
                        f"{record.treasure} is the wild tile (混) this hand, but the hand's kongs list "
                        f"{kong_words(kong)}: a wild never sits in a pung or kong.",
                        "treasure",
                        field,
                    )
                )
    if options["seven_pairs_wild_mode"] == "face_value_only":
        for index, win in enumerate(record.wins):
            if win.has("four_wilds") and win.has("seven_pairs"):
                field = f"wins.{index}.patterns.{win.patterns.index('seven_pairs')}"
                problems.append(
                    contradiction(
                        "four_wilds_as_two_pairs",
                        field,
                        f"P{win.seat}'s win is ticked four wilds (四混) and seven pairs (七对), but seven pairs "
                        "must be seven different pairs with each wild at its own face, and four wilds of one face "
                        "would be the same pair twice (house rule seven_pairs_wild_mode lets wilds complete pairs).",
                        f"wins.{index}.patterns.{win.patterns.index('four_wilds')}",
                        field,
                    )
                )
    return problems
