"""A tile-level simulator of the five variants, for checking the engine against real games (issue 18).

Each hand is played from a shuffled wall by four seeded players (`policy.py`: keep pairs and near-sequences,
throw isolated tiles, head for a legal wait), under the rule book's play rules (`rulesets.py`) and win
requirements (`requirements.py`, `wins.py`), written from RULES.md §1-§5 and never from the engine's code.
The keeper (`keeper.py`) writes each hand down as a record, with and without the winner's tiles;
`session.py` settles them with the session's state and says what went wrong; `python -m tests.rules.simulation`
plays many games.

What is played: the deal (dealer 14), draws, discards; pung, exposed kong and chow claims as each variant
allows (no chow in Zhengzhou, no dragon pung in Dalian, at most three set-aside sets in Dalian and Harbin);
concealed and added kongs with replacement draws (Dalian: an added kong only with the tile just drawn);
Dalian's and Shenyang's first-turn dragon and wind sets; ready declarations (Harbin mandatory, Dalian 听,
Shandong 暗楼 and 明楼 — a 明楼 player wins only by self-draw); the treasure (Dalian, Harbin: revealed at the
first ready declaration from the tail of the wall, wild only for a ready player's self-draw, Dalian's 冲宝 at
the reveal); Zhengzhou's wild (never in a pung, never claimed, four wilds win at once); Shandong's flowers,
several winners on one discard and 承包; robbing an added kong; the last-four phase (Dalian, Shenyang), the
reserve (Shenyang 16 + 2 per kong, Shandong 12 + 2 per kong up to 18, Zhengzhou's indicator stack) and
Shandong's fourth kong ending the hand.

Left out, so never produced (the simulator may be stricter than the book, never laxer): Harbin's chow-ready
(吃听), a ready player's concealed kong, the treasure's re-roll (§1.5-6), Shenyang's fourth call of an all-pungs
hand and its seven pairs at value 1, Dalian's `three_suits_mode=sets`, `require_sequence` and `treasure_mode=both`,
Dalian's dragon bonus tiles, kongs right after a claim, penalties (诈胡 and the others), Shandong's eight-flower
win and thirteen unrelated, a discard win on the last live tile's discard.

Options the simulator reads (so every city preset plays by its own win rules): Dalian `allow_shou_ba_yi`,
`allow_float_hand`, `dragon_pair_counts_as_triplet`, `treasure_mode` (successor, indicator),
`treasure_wild_on_discard`; Shenyang `multi_ron`, `allow_seven_pairs` with `seven_pairs_value=8`,
`liuju_dice_mode`; Harbin `treasure_mode`, `treasure_wild_on_discard`, `reserve_tiles`, `bao_zhong_bao_any_face`
(then the keeper leaves the treasure items to the tiles); Shandong `exempt258`, `last_tile_double`,
`flower_bloom`, `kong_feeder_liable`, `max_side_bet`; Zhengzhou `allow_chow`, `allow_discard_win`,
`allow_rob_kong`, `wild_in_concealed_pung`, `luxury_seven_pairs`, `max_pao`. Every other option only prices a
hand, and the comparison (with tiles against without) holds under any price. Shenyang's `allow_pure_one_suit`
(Rust preset) is not modelled: its one-suit hands are not declared as wins, which is stricter, never laxer.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import get_variant

SUPPORTED = ("dalian", "shenyang", "harbin", "shandong", "zhengzhou")


def rule_sets(variant: str) -> list[tuple[str, dict[str, Any]]]:
    """The book's rules and each city preset of the variant (§9.7), by preset id."""
    return [(preset["id"], dict(preset["options"])) for preset in get_variant(variant)["presets"]]
