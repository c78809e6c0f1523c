"""A tile-level simulator of the five variants, for checking the engine against real games (issue 18).

Each hand is played from a shuffled wall by four seeded players (`policy.py`: keep pairs and near-sequences,
throw isolated tiles, head for a legal wait), under the rule book's play rules (`rulesets.py`) and win
requirements (`requirements.py`, `wins.py`), written from RULES.md §1-§5 and §9, never from the engine's code.
The keeper (`keeper.py`, `book_patterns.py`) writes each hand down as a record, with and without the winner's
tiles; `session.py` settles them with the session's state and says what went wrong; `python -m
tests.rules.simulation` plays many games.

What is played: the deal (dealer 14), draws, discards; pung, exposed kong and chow claims as each variant allows
(no chow in Zhengzhou, no dragon pung in Dalian, at most three set-aside sets in Dalian and Harbin); concealed
and added kongs with replacement draws (Dalian: an added kong only with the tile just drawn); Dalian's and
Shenyang's first-turn dragon and wind sets; ready declarations (Harbin mandatory, Dalian 听, Shandong 暗楼 and 明楼,
a 明楼 player winning only by self-draw; a ready hand frozen but for a concealed kong that keeps its winning
tiles; the chow-ready 吃听 of anyone's discard, declared at once); the treasure (Dalian, Harbin: revealed at the
first ready declaration from the tail of the wall, wild only for a ready player's self-draw, Dalian's 冲宝 at the
reveal and 宝牌 held since it); Zhengzhou's wild (never in a pung, never claimed, four wilds win at once);
Shandong's flowers, several winners on one discard and 承包 (three fed melds, a bloom on a fed kong); robbing an
added kong; the last-four phase (Dalian, Shenyang), the reserve (Shenyang 16 + 2 per kong, Shandong 12 + 2 per
kong up to 18, Zhengzhou's indicator stack) and Shandong's fourth kong ending the hand.

Left out, so never produced (the simulator may be stricter than the book, never laxer): the treasure's re-roll
(§1.5-6), Shenyang's fourth call of an all-pungs hand and its seven pairs at value 1, Dalian's
`three_suits_mode=sets`, `require_sequence`, `treasure_mode=both` and `chicken_treasure`, Dalian's dragon bonus
tiles, kongs right after a claim, penalties (诈胡 and the others), Shandong's eight-flower win (`flower_win`) and
thirteen unrelated, a discard win on the last live tile's discard, Harbin's `gua_da_feng` as a play rule (the
tiles prove it).

Options the simulator reads, so that every city preset of §9.7 plays by its own win rules: Dalian
`allow_shou_ba_yi` (four sets aside only in an all-pung hand, D-5), `allow_float_hand`,
`dragon_pair_counts_as_triplet`, `treasure_mode` (successor or indicator), `treasure_wild_on_discard`,
`allow_chow_ready`, `edge_wait_mode` and `unscored_items` (the keeper ticks neither an unscored item nor 夹胡
outside `single_wait`); Shenyang `multi_ron`, `allow_seven_pairs` with `seven_pairs_value=8`,
`allow_pure_one_suit`, `four_in_hand`, `liuju_dice_mode`; Harbin `treasure_mode`, `treasure_wild_on_discard`,
`reserve_tiles`, `allow_chow_ready`, `clamp_edge_37` and `bao_zhong_bao_any_face` (the keeper then leaves 卡当 and
the treasure items to the tiles); Shandong `exempt258`, `all_generals_free_form`, `honour_set_points`,
`da_diao_che`, `last_tile_double`, `flower_bloom`, `kong_feeder_liable`, `max_side_bet`; Zhengzhou `allow_chow`,
`allow_discard_win`, `allow_rob_kong`, `wild_in_concealed_pung`, `luxury_seven_pairs`, `max_pao`. Every other
option only prices a hand: the comparison (with tiles against without, zero sum, the dealer) holds under any
price. No preset is skipped.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import get_variant

# The variants whose play rules are written here; any other registered variant is not simulated, and says so.
SUPPORTED = ("dalian", "shenyang", "harbin", "shandong", "zhengzhou")


def unsimulated_reason(variant: str) -> str:
    """Why `variant`'s games are not simulated: the reason a skipped case and the command line give."""
    return f"the simulator has no play rules for {variant}: it is not simulated"


def rule_sets(variant: str) -> list[tuple[str, dict[str, Any]]]:
    """The book's rules and each city preset of the variant (§9.7), by preset id."""
    return [(preset["id"], dict(preset["options"])) for preset in get_variant(variant)["presets"]]
