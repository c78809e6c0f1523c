"""Shenyang scoring (RULES.md §2.4, §2.6): each item, the dice and drawn-hand doubles, the deal.

amount(p) = base 2 × W × Dlr(p) × Cls(p); every figure is worked by hand. P0 deals unless a case says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import replay

from .helpers import closed, discard, examples_for, kong, robbed, self_draw, won
from .shenyang_helpers import EXPOSED_7Z, shenyang

EXAMPLES = examples_for("shenyang")


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_the_rule_books_shenyang_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = shenyang(case["hand"], case.get("state"), **case.get("options", {}))

    assert result["deltas"] == case["expect"]["deltas"]
    assert result["pot_delta"] == case["expect"].get("pot_delta", 0)
    for key, value in case["expect"].get("state", {}).items():
        assert dict(result["state"])[key] == value


SCORING_ITEMS = [
    # P2 deals in for P1: ron ×2, so 2 × 2 = 4 from the discarder alone.
    ("ron_from_a_non_dealer", won(discard(1, 2)), {}, [0, 4, -4, 0]),
    # The discarder is the dealer: 2 × ron 2 × dealer 2 = 8.
    ("ron_from_the_dealer", won(discard(1, 0)), {}, [-8, 8, 0, 0]),
    # The dealer wins on P3's discard: the winner is the dealer, so 8 again.
    ("dealer_wins_by_ron", won(discard(0, 3)), {}, [8, 0, 0, -8]),
    # Self-draw by P1, P2 closed: P0 dealer 2·2 = 4, P2 closed 2·2 = 4, P3 2.
    ("closed_payer_pays_double", won(self_draw(1), seats=closed(2)), {}, [-4, 10, -4, -2]),
    # All pungs ×8: 16 each, the dealer 32.
    ("all_pungs", won(self_draw(2, "all_pungs")), {}, [-32, -16, 64, -16]),
    # Two dragon pungs on a discard: 2 × ron 2 × 2 × 2 = 16.
    ("two_dragon_pungs", won(discard(1, 3, "dragon_pung", "dragon_pung")), {}, [0, 16, 0, -16]),
    # An exposed and a concealed kong: W = 4, so 8 each and 16 from the dealer.
    (
        "each_kong_doubles",
        won(
            self_draw(1),
            kongs=[{"seat": 1, "kind": "exposed", "tile": "3m", "from": 2}, {"seat": 1, "kind": "concealed"}],
        ),
        {},
        [-16, 32, -8, -8],
    ),
    ("added_kong", won(self_draw(1), kongs=[{"seat": 1, "kind": "added", "from": 3}]), {}, [-8, 16, -4, -4]),
    # A dragon kong counts as a dragon pung and a kong: 2 × ron 2 × 2 × 2 = 16.
    ("dragon_kong_stacks", won(discard(1, 2), kongs=[EXPOSED_7Z]), {}, [0, 16, -16, 0]),
    (
        "dragon_kong_without_stacking",
        won(discard(1, 2), kongs=[EXPOSED_7Z]),
        {"dragon_kong_stacks": False},
        [0, 8, -8, 0],
    ),
    ("dragon_set_is_x4", won(self_draw(1), kongs=[{"seat": 1, "kind": "dragon_set"}]), {}, [-16, 32, -8, -8]),
    ("wind_set_is_x4", won(self_draw(1), kongs=[{"seat": 1, "kind": "wind_set"}]), {}, [-16, 32, -8, -8]),
    (
        "both_first_turn_sets",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "dragon_set"}, {"seat": 1, "kind": "wind_set"}]),
        {},
        [-64, 128, -32, -32],
    ),
    # Kong bloom: the concealed kong ×2 and the bloom ×2.
    (
        "kong_bloom",
        won(self_draw(1, "kong_bloom"), kongs=[{"seat": 1, "kind": "concealed"}]),
        {},
        [-16, 32, -8, -8],
    ),
    # Kong discard: the discarder's kong is not the winner's, so ron 2 × kong discard 2 = 4 → 8.
    (
        "kong_discard",
        won(discard(1, 2, "kong_discard"), kongs=[{"seat": 2, "kind": "exposed", "tile": "3m", "from": 3}]),
        {},
        [0, 8, -8, 0],
    ),
    ("last_tile", won(self_draw(1, "last_tile")), {}, [-8, 16, -4, -4]),
    ("single_wait_self_draw", won(self_draw(1, "single_wait")), {}, [-8, 16, -4, -4]),
    # Robbing a kong is a ron with the robbing ×2, paid by the robbed player: 2 × 2 × 2 = 8.
    ("robbing_a_kong", won(robbed(1, 2)), {}, [0, 8, -8, 0]),
    ("dice_double", won(self_draw(1), dice_double=True), {}, [-8, 16, -4, -4]),
    # ron_payers=all: every player pays the ron figure 4, the dealer 8.
    ("ron_paid_by_all", won(discard(1, 2)), {"ron_payers": "all"}, [-8, 16, -4, -4]),
    # Robbing a kong follows ron_payers too: 2 × 2 × 2 = 8 each, the dealer 16.
    ("robbing_paid_by_all", won(robbed(1, 2)), {"ron_payers": "all"}, [-16, 32, -8, -8]),
    # S3 capped at 50 per payer: 128 and 64 both become 50.
    (
        "cap_per_payer",
        won(self_draw(0, "all_pungs", "dragon_pung"), seats=closed(1)),
        {"cap_per_payer": 50},
        [150, -50, -50, -50],
    ),
    (
        "angang_double",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "concealed"}]),
        {"gang_vs_angang": "angang_double"},
        [-16, 32, -8, -8],
    ),
    (
        "angang_double_leaves_exposed_kongs",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "exposed", "from": 2}]),
        {"gang_vs_angang": "angang_double"},
        [-8, 16, -4, -4],
    ),
    # P2 stayed closed but for a concealed kong: ×2 by default, not with angang_opens.
    (
        "concealed_kong_leaves_a_payer_closed",
        won(self_draw(1), seats=closed(2), kongs=[{"seat": 2, "kind": "concealed"}]),
        {},
        [-4, 10, -4, -2],
    ),
    (
        "angang_opens_a_payer",
        won(self_draw(1), seats=closed(2), kongs=[{"seat": 2, "kind": "concealed"}]),
        {"angang_opens": True},
        [-4, 8, -2, -2],
    ),
    (
        "special_sets_open_a_payer",
        won(self_draw(1), seats=closed(2), kongs=[{"seat": 2, "kind": "wind_set"}]),
        {"special_sets_open": True},
        [-4, 8, -2, -2],
    ),
    (
        # The closed winner opens through the concealed kong; W = kong ×2 → 4 each, 8 from the dealer.
        "angang_opens_the_winner",
        won(self_draw(1), seats=closed(1), kongs=[{"seat": 1, "kind": "concealed"}]),
        {"angang_opens": True},
        [-8, 16, -4, -4],
    ),
    ("base_3", won(discard(1, 2)), {"base": 3}, [0, 6, -6, 0]),
]


@pytest.mark.parametrize(
    ("hand", "options", "deltas"), [c[1:] for c in SCORING_ITEMS], ids=[c[0] for c in SCORING_ITEMS]
)
def test_each_scoring_item_doubles_what_each_payer_pays(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert shenyang(hand, None, **options)["deltas"] == deltas


def test_a_ron_is_paid_by_the_discarder_alone_and_says_why() -> None:
    result = shenyang(won(discard(2, 3, "single_wait")))

    assert "P3 pays 8 to P2: base 2 × ron ×2 × single wait ×2 = 8" in [line["text"] for line in result["lines"]]


def test_a_capped_payment_says_it_was_capped() -> None:
    result = shenyang(won(self_draw(0, "all_pungs")), None, cap_per_payer=20)

    assert all(line["text"].endswith("capped at 20") for line in result["lines"] if line["code"] == "win_product")


LIUJU_STATES = [
    # The previous hand was drawn: ×2. Dice and liuju stack by default: ×4.
    ("previous_draw", {"previous": "draw", "draw_streak": 1}, False, {}, [-8, 16, -4, -4]),
    ("previous_draw_and_dice", {"previous": "draw", "draw_streak": 1}, True, {}, [-16, 32, -8, -8]),
    # Two drawn hands in a row still give only ×2 …
    ("two_draws_give_one_double", {"previous": "draw", "draw_streak": 2}, False, {}, [-8, 16, -4, -4]),
    # … unless liuju_streak_stacks: ×4.
    ("streak_stacks", {"previous": "draw", "draw_streak": 2}, False, {"liuju_streak_stacks": True}, [-16, 32, -8, -8]),
    # A void hand between keeps the streak, so the double survives it.
    ("void_between", {"previous": "void", "draw_streak": 1}, False, {}, [-8, 16, -4, -4]),
    # no_stack_carry: dice and liuju give one ×2 together.
    (
        "no_stack_one_double",
        {"previous": "draw", "draw_streak": 1},
        True,
        {"liuju_dice_mode": "no_stack_carry"},
        [-8, 16, -4, -4],
    ),
]


@pytest.mark.parametrize(
    ("state", "dice", "options", "deltas"), [c[1:] for c in LIUJU_STATES], ids=[c[0] for c in LIUJU_STATES]
)
def test_the_dice_and_drawn_hand_doubles(
    state: dict[str, Any], dice: bool, options: dict[str, Any], deltas: list[int]
) -> None:
    assert shenyang(won(self_draw(1), dice_double=dice), {"dealer": 0, **state}, **options)["deltas"] == deltas


def test_no_stack_carry_passes_extra_doubles_on_one_hand_at_a_time() -> None:
    hands = [
        {"result": "draw", "dice_double": True},  # S = 0 + 0 + 1: pending 1
        won(self_draw(1), dice_double=True),  # S = 1 + 1 + 1 = 3: one ×2, pending 2; P1 deals next
        won(self_draw(1)),  # S = 2: ×2, pending 1; the dealer P1 wins: 2·2·2 = 8 each
        won(self_draw(2)),  # S = 1: ×2, pending 0; dealer P1 pays 8, the others 4
        won(self_draw(2)),  # S = 0: the dealer P2 wins: 2·2 = 4 each
    ]
    result = replay("shenyang", hands, {"liuju_dice_mode": "no_stack_carry"})

    assert result["ok"]
    assert [r["deltas"] for r in result["results"]] == [
        [0, 0, 0, 0],
        [-8, 16, -4, -4],
        [-8, 24, -8, -8],
        [-4, -8, 16, -4],
        [-4, -4, 12, -4],
    ]
    assert [r["state"]["pending_doubles"] for r in result["results"]] == [1, 2, 1, 0, 0]


DEALER_BRANCHES = [
    ("dealer_wins_and_stays", won(self_draw(0)), {"dealer": 0, "dealer_streak": 1, "draw_streak": 0}),
    # A non-dealer win passes the deal to the next seat, not to the winner.
    ("non_dealer_win_moves_to_the_next_seat", won(self_draw(3)), {"dealer": 1, "dealer_streak": 0, "draw_streak": 0}),
    ("draw_keeps_the_dealer", {"result": "draw"}, {"dealer": 0, "dealer_streak": 1, "draw_streak": 1}),
    ("void_keeps_everything", {"result": "void"}, {"dealer": 0, "dealer_streak": 0, "draw_streak": 0}),
]


@pytest.mark.parametrize(("hand", "expected"), [c[1:] for c in DEALER_BRANCHES], ids=[c[0] for c in DEALER_BRANCHES])
def test_the_deal_rotates_as_section_2_6_says(hand: dict[str, Any], expected: dict[str, int]) -> None:
    state = dict(shenyang(hand, {"dealer": 0})["state"])

    assert {key: state[key] for key in expected} == expected


def test_a_void_hand_keeps_the_draw_streak_the_pending_doubles_and_the_pot() -> None:
    before = {"dealer": 2, "draw_streak": 1, "pending_doubles": 1, "pot": 4, "dealer_streak": 3}
    state = dict(shenyang({"result": "void"}, before, liuju_dice_mode="no_stack_carry")["state"])

    assert {key: state[key] for key in before} == before


def test_a_win_clears_the_draw_streak() -> None:
    assert shenyang(won(self_draw(1)), {"draw_streak": 3, "previous": "draw"})["state"]["draw_streak"] == 0


# -- combined items and per-payer factors, worked by hand (§2.4, §7.2) -----------------------------
# amount(p) = base × W × Dlr(p) × Cls(p), base 2, P0 dealing unless the case says otherwise. W multiplies
# every item of §2.4; Dlr and Cls are per payer.


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
