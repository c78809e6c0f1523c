"""An independent review of Shenyang (RULES.md §2, §7.2): combinations the first tests left out.

Every figure is worked by hand from amount(p) = base × W × Dlr(p) × Cls(p), base 2, P0 dealing
unless the case says otherwise. W multiplies every item of §2.4; Dlr and Cls are per payer.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import closed, discard, kong, robbed, self_draw, won
from .shenyang_helpers import shenyang, tiles_self_draw

AFTER_ONE_DRAW = {"previous": "draw", "draw_streak": 1}
AFTER_TWO_DRAWS = {"previous": "draw", "draw_streak": 2}

# (id, hand, state, options, deltas)
COMBINATIONS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]] = [
    # Ron 2 × robbing 2 × single wait 2 = 8; the robbed P2 alone pays 2 × 8.
    ("robbing_a_kong_on_a_single_wait", won(robbed(1, 2, "single_wait")), {}, {}, [0, 16, -16, 0]),
    # W = ron 2 × robbing 2 = 4; the robbed player is the dealer: 2 × 4 × 2.
    ("robbing_the_dealers_kong", won(robbed(1, 0)), {}, {}, [-16, 16, 0, 0]),
    # The dealer wins on a closed player's discard: 2 × ron 2 × dealer 2 × closed 2.
    ("dealer_wins_on_a_closed_discarder", won(discard(0, 3), seats=closed(3)), {}, {}, [16, 0, 0, -16]),
    ("closed_dealer_deals_in", won(discard(1, 0), seats=closed(0)), {}, {}, [-16, 16, 0, 0]),
    # All pungs 8 × dragon kong (dragon 2 × kong 2) = 32: 64 each, 128 from the dealer.
    (
        "all_pungs_with_a_dragon_kong",
        won(self_draw(2, "all_pungs"), kongs=[kong(2, "exposed", "6z", 1)]),
        {},
        {},
        [-128, -64, 256, -64],
    ),
    (
        "all_pungs_with_a_dragon_kong_not_stacked",
        won(self_draw(2, "all_pungs"), kongs=[kong(2, "exposed", "6z", 1)]),
        {},
        {"dragon_kong_stacks": False},
        [-64, -32, 128, -32],
    ),
    # A concealed dragon kong under angang_double: ron 2 × dragon 2 × concealed kong 4 = 16 → 32.
    (
        "concealed_dragon_kong_with_angang_double",
        won(discard(1, 2), kongs=[kong(1, "concealed", "6z")]),
        {},
        {"gang_vs_angang": "angang_double"},
        [0, 32, -32, 0],
    ),
    (
        "angang_double_by_its_rule_book_name",
        won(discard(1, 2), kongs=[kong(1, "concealed", "6z")]),
        {},
        {"angang_double": True},
        [0, 32, -32, 0],
    ),
    # Not stacked: the dragon kong is only a kong, concealed ×4: ron 2 × 4 = 8 → 16.
    (
        "concealed_dragon_kong_doubled_but_not_stacked",
        won(discard(1, 2), kongs=[kong(1, "concealed", "6z")]),
        {},
        {"gang_vs_angang": "angang_double", "dragon_kong_stacks": False},
        [0, 16, -16, 0],
    ),
    # The first-turn wind set is ×4 "instead of" a kong's double, whatever a concealed kong is worth.
    (
        "wind_set_stays_x4_under_angang_double",
        won(self_draw(1), kongs=[kong(1, "wind_set")]),
        {},
        {"angang_double": True},
        [-16, 32, -8, -8],
    ),
    # The wind set draws a replacement: bloom 2 × set 4 × dice 2 = 16 → 32 each, 64 from the dealer.
    (
        "kong_bloom_after_a_wind_set_with_the_dice",
        won(self_draw(3, "kong_bloom"), kongs=[kong(3, "wind_set")], dice_double=True),
        {},
        {},
        [-64, -32, -32, 128],
    ),
    # Haidi 2 × single wait 2 × all pungs 8 = 32; the dealer wins: 2 × 32 × 2 = 128 each.
    (
        "dealer_haidi_on_an_all_pungs_single_wait",
        won(self_draw(0, "last_tile", "single_wait", "all_pungs")),
        {},
        {},
        [384, -128, -128, -128],
    ),
    # Ron 2 × kong discard 2 × dragon pung 2 = 8 → 16; the discarder's own kong earns the winner nothing.
    (
        "kong_discard_with_a_dragon_pung",
        won(discard(3, 2, "kong_discard", "dragon_pung"), kongs=[kong(2, "concealed")]),
        {},
        {},
        [0, 0, -16, 16],
    ),
    # Everyone pays the ron figure 2 × 2 = 4; the dealer 8, the closed P3 8.
    (
        "ron_paid_by_all_with_a_closed_payer",
        won(discard(1, 2), seats=closed(3)),
        {},
        {"ron_payers": "all"},
        [-8, 20, -4, -8],
    ),
    # The dealer robs: W 4, 2 × 4 × dealer 2 = 16 from each of three.
    ("dealer_robs_with_ron_paid_by_all", won(robbed(0, 1)), {}, {"ron_payers": "all"}, [48, -16, -16, -16]),
    # W = ron 2 × all pungs 8 = 16 → 32 each; the dealer's 64 is capped at 50.
    (
        "cap_with_ron_paid_by_all",
        won(discard(1, 2, "all_pungs")),
        {},
        {"ron_payers": "all", "cap_per_payer": 50},
        [-50, 114, -32, -32],
    ),
    # W 8 → 16; the dealer 32 and the closed P2 32 are capped at 20, P3 pays 16.
    (
        "cap_after_the_dealer_and_closed_doubles",
        won(self_draw(1, "all_pungs"), seats=closed(2)),
        {},
        {"cap_per_payer": 20},
        [-20, 56, -20, -16],
    ),
    # S3 with base 1: 1 × 16 × dealer 2 = 32 each, the closed P1 64.
    (
        "s3_on_base_1",
        won(self_draw(0, "all_pungs", "dragon_pung"), seats=closed(1)),
        {},
        {"base": 1},
        [128, -64, -32, -32],
    ),
    # Ron 2 × all pungs 8 × three dragon pungs 8 = 128 → 256.
    (
        "big_three_dragons_on_a_discard",
        won(discard(1, 3, "all_pungs", "dragon_pung", "dragon_pung", "dragon_pung")),
        {},
        {},
        [0, 256, 0, -256],
    ),
    (
        "an_exposed_an_added_and_a_concealed_kong",
        won(self_draw(1), kongs=[kong(1, "exposed", "3m", 2), kong(1, "added", "4p", 3), kong(1, "concealed")]),
        {},
        {},
        [-32, 64, -16, -16],
    ),
    # Both first-turn sets 4 × 4 × bloom 2 = 32; the dealer wins 2 × 32 × 2 = 128 from each.
    (
        "both_first_turn_sets_and_a_bloom_for_the_dealer",
        won(self_draw(0, "kong_bloom"), kongs=[kong(0, "dragon_set"), kong(0, "wind_set")]),
        {},
        {},
        [384, -128, -128, -128],
    ),
    # A first-turn set does not open P3 (special_sets_open off): P3 pays 4, the dealer 4, P2 2.
    (
        "a_first_turn_set_leaves_a_payer_closed",
        won(self_draw(1), seats=closed(3), kongs=[kong(3, "dragon_set")]),
        {},
        {},
        [-4, 10, -2, -4],
    ),
    (
        "a_wind_set_opens_a_closed_winner_under_the_house_rule",
        won(self_draw(1), seats=closed(1), kongs=[kong(1, "wind_set")]),
        {},
        {"special_sets_open": True},
        [-16, 32, -8, -8],
    ),
    # Dice 2 × drawn hand 2 = 4 → 8; the closed dealer pays 8 × 2 × 2 = 32.
    (
        "dice_and_drawn_hand_with_a_closed_dealer_paying",
        won(self_draw(2), seats=closed(0), dice_double=True),
        AFTER_ONE_DRAW,
        {},
        [-32, -8, 48, -8],
    ),
    # Two drawn hands with liuju_streak_stacks: ×4, and the dice ×2: W 8 → 16, the dealer 32.
    (
        "streak_stacks_with_the_dice",
        won(self_draw(1), dice_double=True),
        AFTER_TWO_DRAWS,
        {"liuju_streak_stacks": True},
        [-32, 64, -16, -16],
    ),
    # no_stack_carry ignores liuju_streak_stacks: S = 0 + 1 + 0, one ×2.
    (
        "streak_stacks_is_ignored_by_no_stack_carry",
        won(self_draw(1)),
        AFTER_TWO_DRAWS,
        {"liuju_dice_mode": "no_stack_carry", "liuju_streak_stacks": True},
        [-8, 16, -4, -4],
    ),
    # no_stack_carry, 2 carried + a drawn hand + the dice: still one ×2. P3 wins on the dealer's
    # discard: 2 × ron 2 × 2 × dealer 2 = 16.
    (
        "no_stack_carry_uses_one_double_of_four_owed",
        won(discard(3, 0), dice_double=True),
        {**AFTER_ONE_DRAW, "pending_doubles": 2},
        {"liuju_dice_mode": "no_stack_carry"},
        [-16, 0, 0, 16],
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "deltas"), [c[1:] for c in COMBINATIONS], ids=[c[0] for c in COMBINATIONS]
)
def test_combined_items_multiply_and_per_payer_factors_apply_per_payer(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert shenyang(hand, {"dealer": 0, **state}, **options)["deltas"] == deltas


def test_no_stack_carry_leaves_three_of_four_owed_doubles_for_later() -> None:
    result = shenyang(
        won(discard(3, 0), dice_double=True),
        {**AFTER_ONE_DRAW, "pending_doubles": 2},
        liuju_dice_mode="no_stack_carry",
    )

    # S = 2 carried + 1 drawn hand + 1 dice = 4; the win uses one.
    assert result["state"]["pending_doubles"] == 3


def test_two_winners_on_a_closed_dealers_discard_each_collect_the_doubled_figure() -> None:
    result = shenyang(won(discard(1, 0), discard(2, 0), seats=closed(0)), {"dealer": 0}, multi_ron=True)

    # Each: 2 × ron 2 × dealer 2 × closed 2 = 16. Neither winner deals, so the deal moves to P1.
    assert result["deltas"] == [-32, 16, 16, 0]
    assert result["state"]["dealer"] == 1


def test_the_pot_goes_to_the_winner_nearest_after_the_discarder_whatever_the_listing_order() -> None:
    hand = won(discard(2, 3), discard(1, 3))
    result = shenyang(
        hand, {"dealer": 0, "pending_doubles": 1, "pot": 8}, multi_ron=True, liuju_dice_mode="no_stack_carry"
    )

    # S = 1: each winner gets one ×2 (W = ron 2 × 2 = 4 → 8); P1 comes before P2 after P3 and takes the 8.
    assert result["deltas"] == [0, 16, 8, -16]
    assert result["pot_delta"] == -8
    assert (result["state"]["pending_doubles"], result["state"]["pot"]) == (0, 0)


def test_the_dealer_among_two_winners_keeps_the_deal() -> None:
    result = shenyang(won(discard(0, 2), discard(1, 2)), {"dealer": 0}, multi_ron=True)

    # P0: 2 × 2 × dealer 2 = 8; P1: 2 × 2 = 4; both from P2.
    assert result["deltas"] == [8, 4, -12, 0]
    assert (result["state"]["dealer"], result["state"]["dealer_streak"]) == (0, 1)


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


# (id, hand, deltas, note): the kongs list is optional (§0.2), so a bloom or kong discard whose kong was
# not listed is scored as recorded, and the ledger asks for the kong.
UNLISTED_KONGS: list[tuple[str, dict[str, Any], list[int], str]] = [
    # Bloom 2 alone: 4 each, 8 from the dealer.
    ("kong_bloom_with_no_kong_listed", won(self_draw(1, "kong_bloom")), [-8, 16, -4, -4], "bloom_kong_unlisted"),
    # Ron 2 × kong discard 2 = 4 → 8 from P2.
    ("kong_discard_with_no_kong_listed", won(discard(1, 2, "kong_discard")), [0, 8, -8, 0], "discarder_kong_unlisted"),
]


# A record that lists kongs, none of them the one the bloom (or the kong discard) needs, is refused
# instead (RULES §0.8): tests/rules/test_contradictions.py.
@pytest.mark.parametrize(
    ("hand", "deltas", "unlisted"), [c[1:] for c in UNLISTED_KONGS], ids=[c[0] for c in UNLISTED_KONGS]
)
def test_an_unlisted_kong_is_scored_as_recorded_and_the_ledger_asks_for_it(
    hand: dict[str, Any], deltas: list[int], unlisted: str
) -> None:
    result = shenyang(hand, {"dealer": 0})

    assert result["deltas"] == deltas
    assert [line["params"].get("note") for line in result["lines"]].count(unlisted) == 1


def test_a_listed_kong_leaves_no_note() -> None:
    result = shenyang(won(self_draw(1, "kong_bloom"), kongs=[kong(1, "wind_set")]), {"dealer": 0})

    assert not [line for line in result["lines"] if line["code"] == "note"]
