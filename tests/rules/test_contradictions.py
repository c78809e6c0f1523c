"""Records no real hand can produce are refused (RULES §0.8), in every variant where they can arise.

Each row is one contradiction in one variant, worked by hand: the record, the contradiction's stable
id, the field it is reported on, and the words naming both facts. Every id of
`errors.CONTRADICTIONS` has at least one row.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import get_variant, variant_ids
from tablekeeper.rules.errors import CONTRADICTIONS

from .contradiction_helpers import OPEN_HANDS, ROBBED_TWICE, contradictions, seats
from .helpers import closed, discard, kong, robbed, self_draw, won

Row = tuple[str, str, dict[str, Any], dict[str, Any] | None, dict[str, Any] | None, str, str, tuple[str, ...]]

P0_DEALS = {"dealer": 0}

CLOSED_WITH_CLAIMED_KONG: list[Row] = [
    (
        "dalian: an exposed kong of a seat marked closed",
        "dalian",
        won(discard(1, 2), seats=closed(3), kongs=[kong(3, "exposed", "5m", 1)]),
        None,
        None,
        "closed_with_claimed_kong",
        "seats.3.opened",
        ("P3 is marked closed (门清)", "P3's exposed kong (明杠) of 5m, claimed from P1's discard"),
    ),
    (
        "shenyang: an added kong of a seat marked closed",
        "shenyang",
        won(self_draw(1), seats=closed(2), kongs=[kong(2, "added", "5m", 0)]),
        None,
        None,
        "closed_with_claimed_kong",
        "seats.2.opened",
        ("P2 is marked closed (门清)", "P2's added kong (加杠) of 5m, added onto a pung claimed from P0's discard"),
    ),
    (
        "harbin: the closed ×2 would charge a closed player who has an exposed kong",
        "harbin",
        won(self_draw(1), seats=closed(2), kongs=[kong(2, "exposed", "3p", 3)]),
        None,
        {"closed_double": True},
        "closed_with_claimed_kong",
        "seats.2.opened",
        ("P2 is marked closed (门清)", "P2's exposed kong (明杠) of 3p, claimed from P3's discard"),
    ),
    (
        "shandong: an exposed kong of a seat marked closed",
        "shandong",
        won(discard(1, 3), seats=closed(0), kongs=[kong(0, "exposed", "2s", 2)]),
        None,
        None,
        "closed_with_claimed_kong",
        "seats.0.opened",
        ("P0 is marked closed (门清)", "P0's exposed kong (明杠) of 2s, claimed from P2's discard"),
    ),
    (
        "zhengzhou: an exposed kong of a seat marked closed",
        "zhengzhou",
        won(self_draw(2), seats=closed(0), kongs=[kong(0, "exposed", "4m", 1)]),
        None,
        None,
        "closed_with_claimed_kong",
        "seats.0.opened",
        ("P0 is marked closed (门清)", "P0's exposed kong (明杠) of 4m, claimed from P1's discard"),
    ),
]

CLOSED_WITH_CLAIMED_MELD: list[Row] = [
    (
        f"{variant}: a winner marked closed whose tiles show a claimed meld",
        variant,
        won(self_draw(1, tiles=OPEN_HANDS[variant]), seats=closed(1)),
        None,
        None,
        "closed_with_claimed_meld",
        "seats.1.opened",
        ("P1 is marked closed (门清)", "P1's tiles show", "[999p]", "claimed from a discard"),
    )
    for variant in OPEN_HANDS
]

CLOSED_KONG_ROBBED: list[Row] = [
    (
        f"{variant}: robbing the kong of a player marked closed",
        variant,
        won(robbed(1, 2), seats=closed(2)),
        None,
        None,
        "closed_kong_robbed",
        "seats.2.opened",
        ("P2 is marked closed (门清)", "P1 won by robbing P2's kong", "added onto a pung claimed from a discard"),
    )
    for variant in ("dalian", "shenyang", "harbin", "shandong")
]

ROBBED_KONGS: list[Row] = [
    *(
        (
            f"{variant}: the robbed tile twice in the robber's hand",
            variant,
            won(robbed(1, 2, tiles=ROBBED_TWICE[variant])),
            None,
            None,
            "robbed_tile_in_hand",
            "wins.0.tiles",
            ("P1 won by robbing P2's kong of 9s", "P1's tiles hold another 9s"),
        )
        for variant in ROBBED_TWICE
    ),
    *(
        (
            f"{variant}: robbing a kong listed as {kind}",
            variant,
            won(robbed(1, 2, tiles=OPEN_HANDS[variant]), kongs=[kong(2, kind, "8s", 0 if kind == "exposed" else None)]),
            None,
            None,
            "robbed_kong_not_added",
            "kongs.0.kind",
            ("P1 won by robbing P2's kong of 8s", f"P2's {kind} kong", "only a kong added onto a pung can be robbed"),
        )
        for variant, kind in (("dalian", "concealed"), ("shenyang", "exposed"), ("harbin", "concealed"))
    ),
]

KONG_ITEMS: list[Row] = [
    (
        "dalian: kong bloom while the kongs listed are another player's",
        "dalian",
        won(self_draw(1, "kong_bloom"), kongs=[kong(2, "concealed", "5m")]),
        None,
        None,
        "kong_item_without_kong",
        "wins.0.patterns.0",
        ("ticked kong bloom (杠上开花)", "needs a kong of the winner P1", "P2's concealed kong (暗杠) of 5m"),
    ),
    (
        "shenyang: kong bloom when the winner's only set is a 中发白 set, which draws no replacement",
        "shenyang",
        won(self_draw(1, "kong_bloom"), kongs=[kong(1, "dragon_set")]),
        None,
        None,
        "kong_item_without_kong",
        "wins.0.patterns.0",
        ("ticked kong bloom (杠上开花)", "P1's only kongs, P1's dragon set 中发白, draw no replacement tile"),
    ),
    (
        "shandong: kong bloom while the kongs listed are another player's",
        "shandong",
        won(self_draw(1, "kong_bloom"), kongs=[kong(3, "exposed", "6p", 0)]),
        None,
        None,
        "kong_item_without_kong",
        "wins.0.patterns.0",
        ("ticked kong bloom (杠上开花)", "P3's exposed kong (明杠) of 6p"),
    ),
    (
        "zhengzhou: win after kong while the kongs listed are another player's",
        "zhengzhou",
        won(self_draw(1, "kong_bloom"), kongs=[kong(0, "concealed")]),
        None,
        None,
        "kong_item_without_kong",
        "wins.0.patterns.0",
        ("ticked win after kong (杠开)", "none of P1's", "P0's concealed kong (暗杠)"),
    ),
    (
        "shenyang: kong discard while the kong listed is the winner's, not the discarder's",
        "shenyang",
        won(discard(1, 2, "kong_discard"), kongs=[kong(1, "concealed")]),
        None,
        None,
        "item_without_discarder_kong",
        "wins.0.patterns.0",
        ("ticked kong discard (杠上炮)", "needs a kong of the discarder P2", "P1's concealed kong (暗杠)"),
    ),
    (
        "dalian: flowing tears while the kongs listed hold none of the discarder's",
        "dalian",
        won(discard(1, 2, "flowing_tears"), kongs=[kong(3, "concealed", "5m")]),
        None,
        None,
        "item_without_discarder_kong",
        "wins.0.patterns.0",
        ("ticked flowing tears (流泪)", "the discarder P2", "P3's concealed kong (暗杠) of 5m"),
    ),
]

KONGLESS_HANDS: list[Row] = [
    (
        "shandong: seven pairs with a concealed kong of the winner",
        "shandong",
        won(self_draw(1, "seven_pairs"), kongs=[kong(1, "concealed", "5m")]),
        None,
        None,
        "kong_on_kongless_hand",
        "wins.0.patterns.0",
        ("ticked seven pairs (七小对), which holds no kong", "P1's concealed kong (暗杠) of 5m"),
    ),
    (
        "shandong: a heavenly hand with a kong of the winner",
        "shandong",
        won(self_draw(0, "heavenly_hand"), kongs=[kong(0, "concealed")]),
        P0_DEALS,
        None,
        "kong_on_kongless_hand",
        "wins.0.patterns.0",
        ("heavenly hand (天和), which holds no kong", "P0's concealed kong (暗杠)"),
    ),
    (
        "zhengzhou: seven pairs with a concealed kong of the winner",
        "zhengzhou",
        won(self_draw(2, "seven_pairs"), kongs=[kong(2, "concealed", "3m")]),
        None,
        None,
        "kong_on_kongless_hand",
        "wins.0.patterns.0",
        ("seven pairs (七对), which holds no kong", "P2's concealed kong (暗杠) of 3m"),
    ),
    (
        "shandong: seven pairs ticked with kong bloom (the issue's example)",
        "shandong",
        won(self_draw(1, "seven_pairs", "kong_bloom")),
        None,
        None,
        "kong_item_on_kongless_hand",
        "wins.0.patterns.1",
        ("seven pairs (七小对), which declares no kong", "kong bloom (杠上开花), which needs one"),
    ),
    (
        "shandong: luxury seven pairs ticked with kong bloom",
        "shandong",
        won(self_draw(1, "kong_bloom", "luxury_seven_pairs")),
        None,
        None,
        "kong_item_on_kongless_hand",
        "wins.0.patterns.0",
        ("luxury seven pairs (豪华七小对)", "kong bloom (杠上开花)"),
    ),
    (
        "zhengzhou: seven pairs with win after kong and a concealed kong (the issue's example)",
        "zhengzhou",
        won(self_draw(1, "seven_pairs", "kong_bloom"), kongs=[kong(1, "concealed")]),
        None,
        None,
        "kong_item_on_kongless_hand",
        "wins.0.patterns.1",
        ("seven pairs (七对), which declares no kong", "win after kong (杠开), which needs one"),
    ),
    (
        "shandong: luxury seven pairs in the tiles, with a declared kong of the four-of-a-kind",
        "shandong",
        won(self_draw(1, tiles="5555m11p22p33s44s6s+6s"), kongs=[kong(1, "concealed", "5m")]),
        None,
        None,
        "pairs_counted_from_kong",
        "kongs",
        ("seven pairs holding four 5m as two pairs", "P1's concealed kong (暗杠) of 5m"),
    ),
    (
        "shenyang: seven pairs (house rule) holding four 5m, with a declared kong of 5m",
        "shenyang",
        won(self_draw(1, tiles="5555m11p22p33s44s9s+9s"), kongs=[kong(1, "concealed", "5m")]),
        None,
        {"allow_seven_pairs": True},
        "pairs_counted_from_kong",
        "kongs",
        ("seven pairs holding four 5m as two pairs", "P1's concealed kong (暗杠) of 5m"),
    ),
    (
        "zhengzhou: four wilds and seven pairs, where seven pairs takes wilds at face value",
        "zhengzhou",
        won(self_draw(1, "four_wilds", "seven_pairs")),
        None,
        None,
        "four_wilds_as_two_pairs",
        "wins.0.patterns.1",
        ("four wilds (四混)", "seven pairs (七对)", "seven different pairs"),
    ),
]

KONG_TILES: list[Row] = [
    *(
        (
            f"{variant}: five kongs for one player",
            variant,
            won(self_draw(1), kongs=[kong(3, "concealed")] * 5),
            None,
            None,
            "more_kongs_than_sets",
            "kongs",
            ("5 kongs for P3", "at most four sets"),
        )
        for variant in ("dalian", "shenyang", "harbin", "zhengzhou")
    ),
    (
        "shenyang: two concealed kongs of 5m",
        "shenyang",
        won(self_draw(1), kongs=[kong(2, "concealed", "5m"), kong(3, "concealed", "5m")]),
        None,
        None,
        "more_copies_than_exist",
        "kongs.1",
        ("only four 5m", "P2's concealed kong (暗杠) of 5m", "P3's concealed kong (暗杠) of 5m"),
    ),
    (
        "dalian: a 中发白 set and a concealed kong of Red",
        "dalian",
        won(discard(1, 2), kongs=[kong(3, "concealed", "7z"), kong(0, "dragon_set")]),
        None,
        None,
        "more_copies_than_exist",
        "kongs.1",
        ("only four 7z", "P3's concealed kong (暗杠) of 7z", "P0's dragon set 中发白"),
    ),
    (
        "harbin: a discard win on 8s while another player holds a kong of 8s",
        "harbin",
        won(discard(1, 2, tiles=OPEN_HANDS["harbin"]), kongs=[kong(3, "concealed", "8s")]),
        None,
        None,
        "more_copies_than_exist",
        "wins.0.tiles",
        ("only four 8s", "the hand shows 5", "P1's tiles 1", "P3's concealed kong (暗杠) of 8s 4"),
    ),
    (
        "dalian: a wind set given the tile 5m",
        "dalian",
        won(discard(1, 2), kongs=[kong(2, "wind_set", "5m")]),
        None,
        None,
        "special_set_tile",
        "kongs.0.tile",
        ("P2's wind set 东南西北", "1z 2z 3z 4z", "holds no 5m"),
    ),
    (
        "shenyang: a dragon set given the tile 1z",
        "shenyang",
        won(self_draw(1), kongs=[kong(1, "dragon_set", "1z")]),
        None,
        None,
        "special_set_tile",
        "kongs.0.tile",
        ("P1's dragon set 中发白", "holds no 1z"),
    ),
    (
        "dalian: outside hand with a kong of 5p",
        "dalian",
        won(discard(1, 2, "outside_hand"), kongs=[kong(1, "concealed", "5p")]),
        None,
        None,
        "pattern_denied_by_kong",
        "wins.0.patterns.0",
        ("outside hand (全带幺)", "a 1, 9 or honour in every set", "P1's concealed kong (暗杠) of 5p"),
    ),
    (
        "dalian: pure terminals with a wind set",
        "dalian",
        won(discard(1, 2, "pure_terminals"), kongs=[kong(1, "wind_set")]),
        None,
        None,
        "pattern_denied_by_kong",
        "wins.0.patterns.0",
        ("pure terminals (清幺九)", "every tile a 1 or 9", "P1's wind set 东南西北"),
    ),
    (
        "shandong: pure one suit with a kong of Red",
        "shandong",
        won(self_draw(1, "pure_one_suit"), kongs=[kong(1, "concealed", "7z")]),
        None,
        None,
        "pattern_denied_by_kong",
        "wins.0.patterns.0",
        ("pure one suit (清一色)", "one suit and no honours", "P1's concealed kong (暗杠) of 7z"),
    ),
    (
        "shandong: mixed one suit with kongs of two suits",
        "shandong",
        won(self_draw(1, "mixed_one_suit"), kongs=[kong(1, "concealed", "3m"), kong(1, "exposed", "5p", 2)]),
        None,
        None,
        "pattern_denied_by_kong",
        "wins.0.patterns.0",
        ("mixed one suit (混一色)", "P1's exposed kong (明杠) of 5p"),
    ),
    (
        "shandong: all generals with a kong of 3m",
        "shandong",
        won(discard(1, 3, "all_generals"), kongs=[kong(1, "concealed", "3m")]),
        None,
        None,
        "pattern_denied_by_kong",
        "wins.0.patterns.0",
        ("all generals (将将胡)", "a 2, 5 or 8", "P1's concealed kong (暗杠) of 3m"),
    ),
    (
        "shenyang: tiles that show no kong while the record lists one for the winner",
        "shenyang",
        won(self_draw(1, tiles=OPEN_HANDS["shenyang"]), kongs=[kong(1, "concealed", "5m")]),
        None,
        None,
        "kongs_disagree_with_tiles",
        "kongs",
        ("P1's tiles show no kongs", "P1's concealed kong (暗杠) of 5m"),
    ),
    (
        "zhengzhou: a kong of the wild",
        "zhengzhou",
        won(self_draw(1), treasure="5s", kongs=[kong(2, "concealed", "5s")]),
        None,
        None,
        "kong_of_the_wild",
        "kongs.0.tile",
        ("5s is the wild tile (混)", "P2's concealed kong (暗杠) of 5s"),
    ),
    (
        "zhengzhou: the robbed kong listed among the hand's kongs",
        "zhengzhou",
        won(robbed(2, 1, tiles="[777m]46p123s789s11z+5p"), kongs=[kong(1, "added", "5p", 3)]),
        None,
        {"allow_rob_kong": True},
        "robbed_kong_listed",
        "kongs.0",
        ("P2 won by robbing P1's kong of 5p", "P1's added kong (加杠) of 5p", "never completes"),
    ),
    (
        "zhengzhou: the tile turned up and a wild that does not follow it",
        "zhengzhou",
        won(self_draw(1), turned_up="4z", treasure="1z"),
        None,
        None,
        "wild_not_after_turned_up",
        "turned_up",
        ("4z was turned up", "the Wild (混) is 7z", "names 1z"),
    ),
]

LIABLE_AND_FIRST_TURN: list[Row] = [
    (
        "shandong: a liable player in a drawn hand",
        "shandong",
        {"result": "draw", "liable": 2},
        None,
        None,
        "liable_without_win",
        "liable",
        ("P2 is named liable (承包)", "nobody won (draw)"),
    ),
    (
        "shandong: the winner named liable",
        "shandong",
        won(self_draw(1), liable=1),
        None,
        None,
        "liable_is_winner",
        "liable",
        ("P1 won the hand", "liable (承包)"),
    ),
    (
        "shandong: a liable player for a winner marked closed",
        "shandong",
        won(self_draw(1), liable=2, seats=closed(1)),
        None,
        None,
        "liable_winner_closed",
        "liable",
        ("P2 is named liable (承包) for P1's win", "P1 is marked closed (门清)"),
    ),
    (
        "shandong: a liable player for seven pairs",
        "shandong",
        won(self_draw(1, "seven_pairs"), liable=2),
        None,
        None,
        "liable_without_fed_melds",
        "liable",
        ("P2 is named liable (承包) for P1's win", "seven pairs, which holds no meld"),
    ),
    (
        "shandong: a liable player for tiles with one claimed meld",
        "shandong",
        won(discard(1, 3, tiles="[999p]123m456s55p79s+8s"), liable=2),
        None,
        None,
        "liable_without_fed_melds",
        "liable",
        ("P2 is named liable (承包) for P1's win", "P1's tiles show 1 claimed meld(s)"),
    ),
    (
        "shandong: a liable player for several winners",
        "shandong",
        won(discard(0, 3), discard(1, 3), liable=2),
        None,
        None,
        "liable_for_several_winners",
        "liable",
        ("P2 is named liable (承包)", "P0 and P1 won"),
    ),
    (
        "shandong: a heavenly hand after another player's An Lou",
        "shandong",
        won(self_draw(0, "heavenly_hand"), seats=seats(p2={"ready": "an"})),
        P0_DEALS,
        None,
        "first_turn_hand_after_ready",
        "wins.0.patterns.0",
        ("heavenly hand (天和)", "P2 declared An Lou (暗楼)"),
    ),
    (
        "shandong: an earthly hand after another player's exposed kong",
        "shandong",
        won(self_draw(1, "earthly_hand"), kongs=[kong(2, "exposed", "5m", 0)]),
        P0_DEALS,
        None,
        "first_turn_hand_after_kong",
        "wins.0.patterns.0",
        ("earthly hand (地和), which comes before any call", "P2's exposed kong (明杠) of 5m"),
    ),
    (
        "shandong: a heavenly hand after another player's concealed kong",
        "shandong",
        won(self_draw(0, "heavenly_hand"), kongs=[kong(3, "concealed", "5m")]),
        P0_DEALS,
        None,
        "first_turn_hand_after_kong",
        "wins.0.patterns.0",
        ("heavenly hand (天和), which comes before anyone else plays", "P3's concealed kong (暗杠) of 5m"),
    ),
    (
        "shandong: a heavenly hand by a player who does not deal",
        "shandong",
        won(self_draw(1, "heavenly_hand")),
        P0_DEALS,
        None,
        "heavenly_hand_not_dealer",
        "wins.0.patterns.0",
        ("Only the dealer (P0) can win a heavenly hand (天和)", "P1's win, not the dealer's, is ticked one"),
    ),
    (
        "shandong: an earthly hand by the dealer",
        "shandong",
        won(self_draw(0, "earthly_hand")),
        P0_DEALS,
        None,
        "earthly_hand_by_dealer",
        "wins.0.patterns.0",
        ("P0's win is ticked an earthly hand (地和)", "P0 deals this hand"),
    ),
    (
        "shandong: four kongs in a hand won on a plain discard",
        "shandong",
        won(
            discard(1, 3),
            kongs=[kong(0, "concealed"), kong(1, "concealed"), kong(2, "concealed"), kong(3, "concealed")],
        ),
        None,
        None,
        "fourth_kong_not_won",
        "kongs",
        ("four kongs", "neither"),
    ),
    (
        "shandong: two winners' flowers add up to more than eight",
        "shandong",
        won(discard(0, 3, flowers=5), discard(1, 3, flowers=4)),
        None,
        None,
        "flowers_beyond_set",
        "wins.1.flowers",
        ("add up to 9 (P0 5, P1 4)", "only eight flowers"),
    ),
]

ONE_VARIANT: list[Row] = [
    (
        "dalian: a kong added onto a dragon pung",
        "dalian",
        won(discard(1, 2), kongs=[kong(3, "added", "7z", 0)]),
        None,
        None,
        "added_kong_on_dragon",
        "kongs.0.kind",
        ("P3's added kong (加杠) of 7z", "a discarded dragon can never be punged"),
    ),
    (
        "dalian: a treasure when nobody declared ready",
        "dalian",
        won(self_draw(1), treasure="5s"),
        None,
        None,
        "treasure_without_ready",
        "treasure",
        ("treasure 5s", "nobody declared ready (报听)"),
    ),
    (
        "dalian: four in hand twice beside three kongs",
        "dalian",
        won(
            self_draw(1, "four_in_hand", "four_in_hand"),
            kongs=[kong(1, "exposed", "2m", 0), kong(1, "concealed", "3m"), kong(1, "concealed", "4m")],
        ),
        None,
        None,
        "four_in_hand_beyond_kongs",
        "wins.0.patterns.1",
        ("four in hand (四归一) 2 times", "3 kong(s) set aside", "room for 1"),
    ),
    (
        "dalian: a robbed kong listed where kongs are paid",
        "dalian",
        won(robbed(2, 1, tiles="[789p][555s]1113m678s+2m"), kongs=[kong(1, "added", "2m", 0)]),
        None,
        {"kong_payments": "club"},
        "robbed_kong_listed",
        "kongs.0",
        ("robbing P1's kong", "P1's added kong (加杠) of 2m"),
    ),
    (
        "shenyang: a false win in a drawn hand",
        "shenyang",
        {"result": "draw", "penalties": [{"kind": "false_win", "seat": 1}]},
        None,
        None,
        "false_win_not_void",
        "penalties.0.kind",
        ("P1 is charged a false win (诈胡)", "marked draw"),
    ),
    (
        "shenyang: two dragon pungs beside two other players' dragon kongs",
        "shenyang",
        won(
            discard(1, 2, "dragon_pung", "dragon_pung"),
            kongs=[kong(3, "exposed", "5z", 0), kong(0, "concealed", "6z")],
        ),
        None,
        None,
        "more_dragon_triplets_than_dragons",
        "wins.0.patterns",
        ("2 dragon pung(s)", "2 dragon kong(s) (5z, 6z)"),
    ),
    (
        "shenyang: four in hand on an all-pungs hand with no first-turn set",
        "shenyang",
        won(self_draw(1, "all_pungs", "four_in_hand")),
        None,
        {"four_in_hand": True},
        "four_in_hand_without_chow",
        "wins.0.patterns.1",
        ("four in hand (四归一) on an all-pungs hand", "the hand's kongs list none"),
    ),
]

# RULES §9.5.4 and §9.5.7: the flower items of Shandong's house rules.
SHANDONG_FLOWERS: list[Row] = [
    (
        "shandong: a flower bloom by a winner without flowers",
        "shandong",
        won(self_draw(3, "flower_bloom")),
        None,
        {"flower_bloom": True},
        "flower_bloom_without_flower",
        "wins.0.patterns.0",
        ("flower bloom (花呲)", "P3 has no flowers"),
    ),
    (
        "shandong: all flowers with seven flowers",
        "shandong",
        won({**self_draw(0, "all_flowers"), "flowers": 7}),
        None,
        {"flower_win": True},
        "all_flowers_without_eight",
        "wins.0.patterns.0",
        ("all flowers (花胡)", "P0 has 7"),
    ),
]

ROWS = [
    *SHANDONG_FLOWERS,
    *CLOSED_WITH_CLAIMED_KONG,
    *CLOSED_WITH_CLAIMED_MELD,
    *CLOSED_KONG_ROBBED,
    *ROBBED_KONGS,
    *KONG_ITEMS,
    *KONGLESS_HANDS,
    *KONG_TILES,
    *LIABLE_AND_FIRST_TURN,
    *ONE_VARIANT,
]


@pytest.mark.parametrize(
    ("variant", "hand", "state", "options", "kind", "field", "words"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_it_refuses_a_record_whose_facts_contradict_each_other_naming_both(
    variant: str,
    hand: dict[str, Any],
    state: dict[str, Any] | None,
    options: dict[str, Any] | None,
    kind: str,
    field: str,
    words: tuple[str, ...],
) -> None:
    found = [error for error in contradictions(variant, hand, state, options) if error["contradiction"] == kind]

    assert found, f"no {kind} among the refusals"
    error = found[0]
    assert error["code"] == "contradictory_facts"
    assert error["field"] == field
    assert field in error["facts"] and len(error["facts"]) >= 1
    for fact in words:
        assert fact in error["message"], error["message"]


def test_every_contradiction_the_engine_names_has_a_case_here() -> None:
    assert {row[5] for row in ROWS} == set(CONTRADICTIONS)


def test_every_contradiction_is_documented_in_the_engines_readme() -> None:
    from pathlib import Path

    import tablekeeper.rules

    readme = (Path(tablekeeper.rules.__file__).parent / "README.md").read_text(encoding="utf-8")
    missing = [kind for kind in CONTRADICTIONS if f"`{kind}`" not in readme]
    assert not missing, missing


def test_a_contradiction_without_an_id_in_the_list_is_an_engine_bug() -> None:
    from tablekeeper.rules.errors import contradiction

    with pytest.raises(ValueError, match="CONTRADICTIONS"):
        contradiction("made_up", "kongs", "words")


# -- the contradictions every variant refuses, for every registered variant ------------------------------


def every_variants_contradictions(variant: str) -> list[tuple[str, dict[str, Any], str, str]]:
    """(id, record, contradiction, field): records any variant must refuse, built from what it declares."""
    described = get_variant(variant)
    tile = described["tile_set"][0]
    kinds = set(described["kong_kinds"])
    rows: list[tuple[str, dict[str, Any], str, str]] = []
    if "exposed" in kinds:
        rows.append(
            (
                "a closed seat with an exposed kong",
                {"result": "draw", "seats": seats(p1={"opened": False}), "kongs": [kong(1, "exposed", tile, 2)]},
                "closed_with_claimed_kong",
                "seats.1.opened",
            )
        )
    if "concealed" in kinds:
        faces = described["tile_set"][:5]
        rows.append(
            (
                "five kongs for one seat",
                {"result": "draw", "kongs": [kong(1, "concealed", face) for face in faces]},
                "more_kongs_than_sets",
                "kongs",
            )
        )
        rows.append(
            (
                "two kongs of one tile",
                {"result": "draw", "kongs": [kong(1, "concealed", tile), kong(2, "concealed", tile)]},
                "more_copies_than_exist",
                "kongs.1",
            )
        )
    return rows


@pytest.mark.parametrize("variant", variant_ids())
def test_every_variant_refuses_the_contradictions_every_variant_shares(variant: str) -> None:
    rows = every_variants_contradictions(variant)

    assert rows, f"{variant} declares no kongs the shared contradictions could be checked with"
    for name, hand, kind, field in rows:
        found = [error for error in contradictions(variant, hand) if error["contradiction"] == kind]
        assert found, f"{variant}: {name}: no {kind}"
        assert found[0]["field"] == field, (name, found[0])
