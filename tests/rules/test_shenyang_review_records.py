"""Review of what Shenyang refuses (RULES.md §0.2, §2.2-§2.5) and how `get_variant` describes it (§2.8)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import get_variant, settle

from .helpers import closed, discard, kong, robbed, self_draw, won
from .shenyang_helpers import shenyang, shenyang_errors

# (id, hand, options, one expected (code, field))
REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    (
        "kong_discard_on_a_robbed_kong",
        won(robbed(1, 2, "kong_discard"), kongs=[kong(2, "concealed")]),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "last_tile_on_a_robbed_kong",
        won(robbed(1, 2, "last_tile")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "kong_bloom_with_last_tile",
        won(self_draw(1, "kong_bloom", "last_tile"), kongs=[kong(1, "concealed")]),
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "last_tile_with_kong_bloom_in_the_other_order",
        won(self_draw(1, "last_tile", "kong_bloom"), kongs=[kong(1, "concealed")]),
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "a_false_win_in_a_won_hand",
        won(self_draw(1), penalties=[{"kind": "false_win", "seat": 2}]),
        {},
        ("contradictory_facts", "penalties.0.kind"),
    ),
    (
        "a_first_turn_set_claimed_from_a_discard",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "dragon_set", "from": 2}]),
        {},
        ("from_not_allowed", "kongs.0.from"),
    ),
    (
        "an_exposed_kong_from_nobody",
        won(self_draw(1), kongs=[kong(1, "exposed")]),
        {},
        ("missing_from", "kongs.0.from"),
    ),
    (
        "a_self_draw_beside_a_discard_win",
        won(discard(1, 3), self_draw(2)),
        {"multi_ron": True},
        ("winners_disagree", "wins.1.method"),
    ),
    (
        "two_winners_on_different_discards",
        won(discard(1, 3), discard(2, 0)),
        {"multi_ron": True},
        ("winners_disagree", "wins.1.from"),
    ),
    (
        "a_closed_winner_with_only_a_wind_set",
        won(self_draw(1), seats=closed(1), kongs=[kong(1, "wind_set")]),
        {},
        ("win_requirement", "seats.1.opened"),
    ),
    (
        "three_dragon_pungs_and_a_dragon_kong",
        won(self_draw(1, "dragon_pung", "dragon_pung", "dragon_pung"), kongs=[kong(1, "concealed", "5z")]),
        {},
        ("contradictory_facts", "wins.0.patterns"),
    ),
    ("a_treasure_in_shenyang", won(self_draw(1), treasure="4s"), {}, ("fact_not_in_variant", "treasure")),
    ("flowers_in_shenyang", won(self_draw(1, flowers=2)), {}, ("fact_not_in_variant", "wins.0.flowers")),
    (
        "a_side_bet_in_shenyang",
        won(self_draw(1), seats=[{}, {"side_bet": 1}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.1.side_bet"),
    ),
    ("a_liable_player_in_shenyang", won(self_draw(1), liable=2), {}, ("fact_not_in_variant", "liable")),
    (
        "an_unknown_liuju_mode",
        won(self_draw(1)),
        {"liuju_dice_mode": "queue"},
        ("invalid_option", "options.liuju_dice_mode"),
    ),
    ("an_unknown_option", won(self_draw(1)), {"dealer_double": True}, ("unknown_option", "options.dealer_double")),
    ("a_cap_of_zero", won(self_draw(1)), {"cap_per_payer": 0}, ("invalid_option", "options.cap_per_payer")),
    (
        "a_bloom_on_a_discard_with_tiles",
        won(discard(1, 2, "kong_bloom", tiles="(1111m)[234p] 567s 789m 9s +9s")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "a_fourth_claimed_chow",
        won(self_draw(1, tiles="[123m][456p][789s][111z] 5z +5z")),
        {},
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "a_wind_pair_with_no_pung",
        won(discard(1, 2, tiles="[123m] 456p 789s 234s 1z +1z")),
        {},
        ("win_requirement", "wins.0.tiles"),
    ),
]


@pytest.mark.parametrize(("hand", "options", "error"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_records_that_break_a_rule_are_refused_and_move_nothing(
    hand: dict[str, Any], options: dict[str, Any], error: tuple[str, str]
) -> None:
    assert error in shenyang_errors(hand, {"dealer": 0, "pot": 4}, **options)


RULE_BOOK_DEFAULTS = {
    "base": 2,
    "ron_payers": "discarder",
    "angang_opens": False,
    "special_sets_open": False,
    "allow_seven_pairs": False,
    "multi_ron": False,
    "liuju_dice_mode": "stack",
    "dragon_kong_stacks": True,
    "gang_vs_angang": "equal",
    "cap_per_payer": None,
    "reveal_penalty": 4,
    "zhahu_penalty": 8,
    "four_same_discard_penalty": 4,
}


def test_every_rule_book_option_defaults_to_section_2_8_and_says_what_it_means() -> None:
    options = {option["key"]: option for option in get_variant("shenyang")["options"]}

    assert {key: options[key]["default"] for key in RULE_BOOK_DEFAULTS} == RULE_BOOK_DEFAULTS
    assert options["pot_at_session_end"]["allowed"] == ["refund_pro_rata", "stays"]
    assert options["ron_payers"]["allowed"] == ["discarder", "all"]
    assert options["liuju_dice_mode"]["allowed"] == ["stack", "no_stack_carry"]
    assert all(len(option["meaning"]) > 20 for option in options.values())


# (pattern, methods, excludes, repeatable)
CATALOGUE = [
    ("all_pungs", ["discard", "rob_kong", "self_draw"], [], False),
    ("dragon_pung", ["discard", "rob_kong", "self_draw"], [], True),
    ("kong_bloom", ["self_draw"], ["last_tile"], False),
    ("kong_discard", ["discard"], [], False),
    ("single_wait", ["discard", "rob_kong", "self_draw"], [], False),
    ("last_tile", ["self_draw"], ["kong_bloom"], False),
]


@pytest.mark.parametrize(("pattern_id", "methods", "excludes", "repeatable"), CATALOGUE)
def test_each_pattern_names_the_methods_it_needs_and_what_it_excludes(
    pattern_id: str, methods: list[str], excludes: list[str], repeatable: bool
) -> None:
    pattern = next(p for p in get_variant("shenyang")["patterns"] if p["id"] == pattern_id)

    assert (pattern["methods"], pattern["excludes"], pattern["repeatable"]) == (methods, excludes, repeatable)
    assert pattern["value"].startswith("×") and pattern["name"]["zh"]


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
