"""Shenyang tiles (RULES.md §2.2, §2.3, §0.3): the win requirements and the patterns the tiles prove.

P1 wins; P0 deals. Every figure is worked by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from tablekeeper.rules import settle
from tests.hypothesis_profiles import examples

from .helpers import closed, discard, robbed, self_draw, won
from .shenyang_harbin_helpers import Meld, ModelHand, concealed_splits, is_terminal_or_honour, model_hands
from .shenyang_helpers import shenyang, shenyang_errors, tiles_self_draw, tiles_win

TILE_WINS = [
    # 1p waits alone (single wait ×2) and 555z is a dragon pung (×2): W = 4 → 8 each, 16 from the dealer.
    ("dragon_pung_and_single_wait_derived", "[123m][555z] 456p 789s 1p +1p", {}, [-16, 32, -8, -8]),
    # 111m 999p 111s 555z + 22z: all pungs ×8 and a dragon pung ×2; 2z/5z is a two-way wait. W 16.
    ("all_pungs_derived", "[111m][999p] 111s 22z 55z +5z", {}, [-64, 128, -32, -32]),
    # 111222333m reads as pungs or chows: the pung reading pays all pungs ×8; with the 9p single wait W = 16.
    ("the_reading_that_pays_most", "[111s] 111m 222m 333m 9p +9p", {}, [-64, 128, -32, -32]),
    # No pung, but a dragon pair satisfies the requirement; 5z was the only wait: W = 2.
    ("dragon_pair_instead_of_a_pung", "[123m] 456p 789s 234s 5z +5z", {}, [-8, 16, -4, -4]),
    # 78p waits on 6p or 9p, but 6p would leave no terminal: only 9p is a legal wait, a single wait. W = 2.
    ("only_legal_waits_count", "[234m][666p] 345s 78p 22s +9p", {}, [-8, 16, -4, -4]),
    # A fourth claimed set is allowed for all pungs: all pungs 8 × single wait 2 = 16.
    ("four_claimed_pungs", "[111m][999p][111s][222z] 5z +5z", {}, [-64, 128, -32, -32]),
    # The exposed kong comes from the tiles: ×2; 9s/1z is a two-way wait. W = 2.
    ("kong_read_from_the_tiles", "[7777p][123m] 456s 99s 11z +1z", {}, [-8, 16, -4, -4]),
    # A dragon kong in the tiles: dragon ×2 and kong ×2. W = 4.
    ("dragon_kong_from_the_tiles", "[7777z][123m] 456s 99s 11p +1p", {}, [-16, 32, -8, -8]),
    # A concealed kong opens the hand under angang_opens: kong ×2 × single wait (9s) ×2 = 4.
    ("angang_opens_with_tiles", "(1111m) 234p 567s 789m 9s +9s", {"angang_opens": True}, [-16, 32, -8, -8]),
    # A first-turn dragon set with special_sets_open: ×4; 1p single wait ×2 → W 8.
    ("special_set_opens_with_tiles", "[567z] 123m 456p 789s 1p +1p", {"special_sets_open": True}, [-32, 64, -16, -16]),
    # Closed, with no pung, as four sets; legal as seven pairs. 3p would only make the illegal
    # four-set hand, so 6p is the single legal wait. W = 2.
    ("seven_pairs_that_also_reads_as_sets", "112233m 44556p 99s +6p", {"allow_seven_pairs": True}, [-8, 16, -4, -4]),
    # Seven pairs under the house rule: a plain hand, the last pair's tile the only wait. W = 2.
    ("seven_pairs_allowed", "11m 22m 99p 55p 11s 33s 5z +5z", {"allow_seven_pairs": True}, [-8, 16, -4, -4]),
]


@pytest.mark.parametrize(("tiles", "options", "deltas"), [c[1:] for c in TILE_WINS], ids=[c[0] for c in TILE_WINS])
def test_tiles_prove_their_patterns(tiles: str, options: dict[str, Any], deltas: list[int]) -> None:
    assert shenyang(tiles_win(tiles), None, **options)["deltas"] == deltas


def test_a_derived_pattern_is_said_in_the_ledger() -> None:
    lines = [line["text"] for line in shenyang(tiles_win("[123m][555z] 456p 789s 1p +1p"))["lines"]]

    assert "The tiles show dragon pung for P1." in lines
    assert "The tiles show single wait for P1." in lines


def test_a_kong_in_the_tiles_matches_the_kong_in_the_record() -> None:
    hand = tiles_win("[7777p][123m] 456s 99s 11z +1z")
    hand["kongs"] = [{"seat": 1, "kind": "added", "tile": "7p", "from": 3}]

    assert shenyang(hand)["deltas"] == [-8, 16, -4, -4]


def test_kong_bloom_may_rely_on_a_kong_written_in_the_tiles() -> None:
    hand = tiles_win("(1111m) [234p] 567s 789m 9s +9s", "self_draw", None, "kong_bloom")

    # Concealed kong ×2, kong bloom ×2, single wait ×2: W = 8 → 16 each, 32 from the dealer.
    assert shenyang(hand)["deltas"] == [-32, 64, -16, -16]


TILE_FAILURES = [
    ("one_suit", "[123m][555z] 456m 789m 1m +1m", {}, ["needs tiles of all three suits (no dots or bamboo)"]),
    (
        "four_failures_at_once",
        "234m 345m 456p 678p 2p +2p",
        {},
        [
            "needs tiles of all three suits (no bamboo)",
            "needs an open hand: a chow, pung or kong claimed from a discard",
            "needs at least one terminal (1 or 9) or honour",
            "needs a pung or kong, or a pair of dragons",
        ],
    ),
    ("wind_pair_is_no_pung", "[123m] 456p 789s 234s 1z +1z", {}, ["needs a pung or kong, or a pair of dragons"]),
    (
        "fourth_claimed_set_with_a_chow",
        "[123m][456p][789s][111z] 5z +5z",
        {},
        ["may claim a fourth set only when the hand is all pungs"],
    ),
    (
        "concealed_kong_does_not_open",
        "(1111m) 234p 567s 789m 9s +9s",
        {},
        ["needs an open hand: a chow, pung or kong claimed from a discard"],
    ),
    (
        "the_illegal_wait_is_no_win",
        "[234m][666p] 345s 78p 22s +6p",
        {},
        ["needs at least one terminal (1 or 9) or honour"],
    ),
    (
        "seven_pairs_needs_a_terminal",
        "22m 33m 44p 55p 66s 77s 8s +8s",
        {"allow_seven_pairs": True},
        ["needs at least one terminal (1 or 9) or honour"],
    ),
    (
        "seven_pairs_needs_three_suits",
        "11m 22m 99p 55p 11p 33p 5z +5z",
        {"allow_seven_pairs": True},
        ["needs tiles of all three suits (no bamboo)"],
    ),
]


@pytest.mark.parametrize(
    ("tiles", "options", "messages"), [c[1:] for c in TILE_FAILURES], ids=[c[0] for c in TILE_FAILURES]
)
def test_each_failing_win_requirement_is_named(tiles: str, options: dict[str, Any], messages: list[str]) -> None:
    result = settle("shenyang", tiles_win(tiles), None, options or None)

    assert not result["ok"]
    assert [(e["code"], e["field"], e["message"]) for e in result["errors"]] == [
        ("win_requirement", "wins.0.tiles", message) for message in messages
    ]


TILE_REJECTIONS = [
    ("bad_notation", tiles_win("[12m] 456p +1p"), ("tiles_notation", "wins.0.tiles")),
    ("not_four_sets_and_a_pair", tiles_win("[123m] 456p 789s 12z 34z +5z"), ("tiles_not_a_win", "wins.0.tiles")),
    ("seven_pairs_by_default", tiles_win("11m 22m 99p 55p 11s 33s 5z +5z"), ("tiles_not_a_win", "wins.0.tiles")),
    (
        "all_pungs_on_a_chow_hand",
        tiles_win("[123m][555z] 456p 789s 1p +1p", "self_draw", None, "all_pungs"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "single_wait_on_a_two_way_wait",
        tiles_win("[111m][999p] 111s 22z 55z +5z", "self_draw", None, "single_wait"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "two_dragon_pungs_ticked_one_held",
        tiles_win("[123m][555z] 456p 789s 1p +1p", "self_draw", None, "dragon_pung", "dragon_pung"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "kong_bloom_on_tiles_without_a_kong",
        tiles_win("[123m][555z] 456p 789s 1p +1p", "self_draw", None, "kong_bloom"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "robbed_tile_already_in_hand",
        tiles_win("[123m][555z] 456p 789s 1p +1p", "rob_kong", 2),
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "closed_winner_with_a_claimed_meld",
        {**tiles_win("[123m][555z] 456p 789s 1p +1p"), "seats": closed(1)},
        ("contradictory_facts", "seats.1.opened"),
    ),
    (
        "kong_kinds_disagree",
        {**tiles_win("[7777p][123m] 456s 99s 11z +1z"), "kongs": [{"seat": 1, "kind": "concealed", "tile": "7p"}]},
        ("contradictory_facts", "kongs"),
    ),
    (
        "record_kong_missing_from_the_tiles",
        {**tiles_win("[123m][555z] 456p 789s 1p +1p"), "kongs": [{"seat": 1, "kind": "concealed"}]},
        ("contradictory_facts", "kongs"),
    ),
]


@pytest.mark.parametrize(("hand", "error"), [c[1:] for c in TILE_REJECTIONS], ids=[c[0] for c in TILE_REJECTIONS])
def test_tiles_that_contradict_the_record_are_rejected(hand: dict[str, Any], error: tuple[str, str]) -> None:
    assert error in shenyang_errors(hand)


# -- kongs, sets and waits settled from the tiles (§2.3, §2.4) -------------------------------------


# (id, tiles, patterns, options, deltas): P1 self-draws the hand written in §0.3 notation.
TILE_HANDS: list[tuple[str, str, tuple[str, ...], dict[str, Any], list[int]]] = [
    # The wind set counts as a concealed wind kong: ×4; 1p alone completes: single wait ×2. W 8.
    ("wind_set_in_the_tiles", "[1234z][123m] 456p 789s 1p +1p", (), {}, [-32, 64, -16, -16]),
    (
        "bloom_after_a_wind_set_in_the_tiles",
        "[1234z][123m] 456p 789s 1p +1p",
        ("kong_bloom",),
        {},
        [-64, 128, -32, -32],
    ),
    # The seed's 3s 555s: 4s would leave no pung (and no dragon pair), so 3s is the only legal wait.
    ("three_five_five_five_with_no_other_pung", "[123m][456p] 789m 3555s +3s", (), {}, [-8, 16, -4, -4]),
    # With a pung elsewhere 4s wins too: two waits, no single-wait double.
    ("three_five_five_five_beside_a_pung", "[111m][456p] 789m 3555s +3s", (), {}, [-4, 8, -2, -2]),
    # A concealed 中 kong: dragon 2 × kong 2 × single wait 2 = 8.
    ("concealed_dragon_kong_in_the_tiles", "[123m](5555z) 456p 789s 1p +1p", (), {}, [-32, 64, -16, -16]),
    # No claimed set: the wind set opens the hand only under special_sets_open. 78m waits on 6m or 9m,
    # both legal (1p and the winds are the terminals): no single wait. W = wind set 4.
    (
        "a_wind_set_opens_the_tiles_under_the_house_rule",
        "[1234z] 123p 456s 78m 22p +9m",
        (),
        {"special_sets_open": True},
        [-16, 32, -8, -8],
    ),
]


@pytest.mark.parametrize(
    ("tiles", "patterns", "options", "deltas"), [c[1:] for c in TILE_HANDS], ids=[c[0] for c in TILE_HANDS]
)
def test_tiles_settle_the_kongs_sets_and_waits(
    tiles: str, patterns: tuple[str, ...], options: dict[str, Any], deltas: list[int]
) -> None:
    assert shenyang(tiles_self_draw(1, tiles, *patterns), {"dealer": 0}, **options)["deltas"] == deltas


def test_an_all_pungs_discard_win_with_a_dragon_pung_read_from_the_tiles() -> None:
    hand = won(discard(1, 3, tiles="[111m][999p] 111s 55z 22z +5z"))

    # 5z or 2z (a two-way pung wait): ron 2 × all pungs 8 × dragon pung 2 = 32 → 64 from P3.
    assert shenyang(hand, {"dealer": 0})["deltas"] == [0, 64, 0, -64]


def test_robbing_a_kong_for_a_middle_tile_read_from_the_tiles() -> None:
    hand = won(robbed(1, 2, tiles="[111m][555z] 456p 79s 99p +8s"))

    # Ron 2 × robbing 2 × dragon pung 2 × single wait 2 = 16 → 32 from the robbed P2.
    assert shenyang(hand, {"dealer": 0})["deltas"] == [0, 32, -32, 0]


# -- the seed's invalid hands, each failing the requirement it names (§2.3) ------------------------


# The seed's four invalid hands (shared/seeds/shenyang.txt), written with a claimed set where the seed
# meant an open hand, each failing the one requirement the seed names.
SEED_INVALID_HANDS = [
    ("no_three_suits", "[111s] 222s 333s 44s 55s +5s", "needs tiles of all three suits (no characters or dots)"),
    ("not_open", "123s 123m 123p 111z 2z +2z", "needs an open hand: a chow, pung or kong claimed from a discard"),
    ("no_terminal_or_honour", "[456s] 456m 666p 7p 234s +7p", "needs at least one terminal (1 or 9) or honour"),
    ("no_pung_nor_dragon_pair", "[123s] 123m 123p 2z 456s +2z", "needs a pung or kong, or a pair of dragons"),
]


@pytest.mark.parametrize(
    ("tiles", "message"), [c[1:] for c in SEED_INVALID_HANDS], ids=[c[0] for c in SEED_INVALID_HANDS]
)
def test_the_seeds_invalid_hands_each_fail_the_requirement_the_seed_names(tiles: str, message: str) -> None:
    result = settle("shenyang", won(self_draw(1, tiles=tiles)))

    assert not result["ok"]
    assert [(e["code"], e["message"]) for e in result["errors"]] == [("win_requirement", message)]


def test_a_dragon_pair_stands_in_for_the_pung_the_seeds_last_hand_lacks() -> None:
    # 5z alone completes the pair (single wait ×2): W 2 → 4 each, 8 from the dealer.
    result = shenyang(won(self_draw(1, tiles="[123s] 123m 123p 5z 456s +5z")), {"dealer": 0})

    assert result["deltas"] == [-8, 16, -4, -4]


# -- the tile checks against a brute-force second opinion on generated hands (§2.3, §2.4) ----------
# P1 self-draws a hand of one claimed meld, three concealed sets and a pair; P0 deals, so the table pays
# P1 2W × 2 + 2W + 2W = 8W. The model finds every split by plain recursion and applies §2.3 itself.


DRAGONS = (31, 32, 33)


def legal_values(hand: ModelHand, winning: int) -> list[int]:
    """What each legal split of the hand completed by `winning` is worth: all pungs ×8, dragon pungs ×2."""
    total = hand.total_counts(winning)
    if len({tile // 9 for tile in range(27) if total[tile]}) < 3:
        return []
    if not any(total[tile] and is_terminal_or_honour(tile) for tile in range(34)):
        return []
    values = []
    for pair, sets in concealed_splits(hand.concealed_counts(winning)):
        every: list[Meld] = [hand.claimed, *sets]
        if any(s.kind == "pung" for s in every) or pair in DRAGONS:
            pungs_only = all(s.kind == "pung" for s in every)
            dragon_pungs = sum(1 for s in every if s.kind == "pung" and s.first in DRAGONS)
            values.append((8 if pungs_only else 1) * 2**dragon_pungs)
    return values


@settings(max_examples=examples(300), deadline=None)
@given(model_hands(list(range(34))))
def test_the_engine_reads_a_self_drawn_hand_as_the_brute_force_does(hand: ModelHand) -> None:
    result = settle("shenyang", won(self_draw(1, tiles=hand.notation())), {"dealer": 0})
    values = legal_values(hand, hand.winning)

    if not values:
        assert not result["ok"]
        assert {e["code"] for e in result["errors"]} <= {"win_requirement", "tiles_not_a_win"}
        return
    counts = hand.total_counts(hand.winning)
    counts[hand.winning] -= 1
    waits = [tile for tile in range(34) if counts[tile] < 4 and legal_values(hand, tile)]
    single_wait = 2 if waits == [hand.winning] else 1
    assert result["ok"], result["errors"]
    assert result["deltas"][1] == 8 * max(values) * single_wait
