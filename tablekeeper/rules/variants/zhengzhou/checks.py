"""What only Zhengzhou refuses in a record (RULES.md §5.3-5.5): a kong of the wild tile (混), which is
never part of a set, and four wilds counted as two pairs of seven pairs. The contradictions every variant
shares (more kongs than a hand holds, among them) are `common/consistency.py`'s.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, contradiction
from ...notation import parse_hand
from ...options import Options
from ...records import HandRecord, Win
from ...tiles import tile_face
from ...variant import Findings
from ..common.fact_words import kong_words, win_words
from .catalogue import LUXURY_OPTION


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
    for index, win in enumerate(record.wins):
        problems.extend(_house_rule_problems(record, index, win, options))
    # With luxury seven pairs on, four wilds held at their own face are a four of a kind of seven pairs (§9.6.1).
    if options["seven_pairs_wild_mode"] == "face_value_only" and options[LUXURY_OPTION] == "off":
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


def _house_rule_problems(record: HandRecord, index: int, win: Win, options: Options) -> list[Problem]:
    """What the §9.6 house rules refuse in one win: a feeder-paid kong bloom without its kong. (Luxury seven
    pairs while it is off is not played at all, and seven pairs on a robbed kong without a wild to pair the
    robbed tile cannot score: their catalogue entries' `played_when` and `methods_when`, checked with every
    pattern.)"""
    problems: list[Problem] = []
    if options["kong_bloom_payer"] == "feeder" and win.has("kong_bloom") and not record.kongs_of(win.seat):
        problems.append(
            Problem(
                E.MISSING_FIELD,
                "kongs",
                f"P{win.seat}'s win after kong (杠开) needs their kongs listed: with house rule kong_bloom_payer "
                "only whoever fed the last kong pays its double.",
            )
        )
    return problems


def findings_problems(record: HandRecord, findings: Findings, options: Options) -> list[Problem]:
    """A robbed kong listed among the hand's kongs (§9.6.6): the tiles name the robbed face."""
    problems: list[Problem] = []
    for index, win in enumerate(record.wins):
        if win.method == "rob_kong" and win.tiles is not None and win.from_seat is not None:
            face = tile_face(parse_hand(win.tiles).winning_tile)
            for k, kong in enumerate(record.kongs):
                if kong.seat == win.from_seat and kong.kind == "added" and kong.tile == face:
                    field = f"kongs.{k}"
                    problems.append(
                        contradiction(
                            "robbed_kong_listed",
                            field,
                            f"{win_words(win)} of {face}, but the hand's kongs list {kong_words(kong)}: a robbed kong "
                            "never completes, so it is not one of the hand's kongs.",
                            f"wins.{index}.method",
                            field,
                        )
                    )
    return problems
