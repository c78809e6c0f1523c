"""Shenyang records the engine refuses, its catalogue (RULES.md §0.2, §2.8), and the zero-sum invariant."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, settle
from tests.hypothesis_profiles import examples

from .helpers import closed, discard, kong, robbed, self_draw, won
from .shenyang_helpers import EXPOSED_7Z, shenyang, shenyang_errors

REJECTIONS: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    (
        "several_winners_need_multi_ron",
        won(discard(1, 3), discard(2, 3)),
        {},
        ("multiple_winners_not_allowed", "wins"),
    ),
    (
        "false_win_needs_a_void_hand",
        {"result": "draw", "penalties": [{"kind": "false_win", "seat": 1}]},
        {},
        ("contradictory_facts", "penalties.0.kind"),
    ),
    ("closed_winner", won(self_draw(1), seats=closed(1)), {}, ("win_requirement", "seats.1.opened")),
    (
        "closed_winner_with_a_concealed_kong",
        won(self_draw(1), seats=closed(1), kongs=[{"seat": 1, "kind": "concealed"}]),
        {},
        ("win_requirement", "seats.1.opened"),
    ),
    (
        "claimed_kong_by_a_closed_player",
        won(self_draw(1), seats=closed(2), kongs=[{"seat": 2, "kind": "exposed", "from": 1}]),
        {},
        ("contradictory_facts", "seats.2.opened"),
    ),
    (
        "kong_bloom_on_a_discard",
        won(discard(1, 2, "kong_bloom")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "last_tile_on_a_discard",
        won(discard(1, 2, "last_tile")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "four_dragon_triplets",
        won(discard(1, 2, "dragon_pung", "dragon_pung", "dragon_pung"), kongs=[EXPOSED_7Z]),
        {},
        ("contradictory_facts", "wins.0.patterns"),
    ),
    (
        "five_kongs",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "concealed"}] * 5),
        {},
        ("contradictory_facts", "kongs"),
    ),
    (
        "all_pungs_twice",
        won(self_draw(1, "all_pungs", "all_pungs")),
        {},
        ("pattern_repeated", "wins.0.patterns.1"),
    ),
    (
        "no_ready_in_shenyang",
        won(self_draw(1), seats=[{"ready": "ready"}, {}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.0.ready"),
    ),
    ("unknown_pattern", won(self_draw(1, "clamp")), {}, ("unknown_pattern", "wins.0.patterns.0")),
]


@pytest.mark.parametrize(("hand", "options", "error"), [c[1:] for c in REJECTIONS], ids=[c[0] for c in REJECTIONS])
def test_records_shenyang_cannot_score_are_rejected(
    hand: dict[str, Any], options: dict[str, Any], error: tuple[str, str]
) -> None:
    assert error in shenyang_errors(hand, {"dealer": 0, "pot": 4}, **options)


def test_the_catalogue_declares_every_option_and_pattern_of_the_rule_book() -> None:
    described = get_variant("shenyang")
    keys = {option["key"] for option in described["options"]}

    assert {
        "base",
        "ron_payers",
        "angang_opens",
        "special_sets_open",
        "allow_seven_pairs",
        "multi_ron",
        "liuju_dice_mode",
        "dragon_kong_stacks",
        "gang_vs_angang",
        "cap_per_payer",
        "reveal_penalty",
        "zhahu_penalty",
        "four_same_discard_penalty",
        "pot_at_session_end",
    } <= keys
    assert {p["id"] for p in described["patterns"]} == {
        "all_pungs",
        "dragon_pung",
        "kong_bloom",
        "kong_discard",
        "single_wait",
        "last_tile",
        # RULES §9.3, each only while its house rule is on.
        "pure_one_suit",
        "four_in_hand",
        "seven_pairs",
    }
    assert {p["id"]: p["requires_option"] for p in described["patterns"] if p["requires_option"]} == {
        "pure_one_suit": "allow_pure_one_suit",
        "four_in_hand": "four_in_hand",
        "seven_pairs": "allow_seven_pairs",
    }
    assert described["default_base"] == 2 and described["notes"]


# -- invariants ------------------------------------------------------------------------------

PATTERN_IDS = [
    "all_pungs",
    "dragon_pung",
    "kong_bloom",
    "kong_discard",
    "single_wait",
    "last_tile",
    # RULES §9.3: refused as pattern_not_allowed while their house rule is off.
    "pure_one_suit",
    "four_in_hand",
    "seven_pairs",
]


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result, "dice_double": draw(st.booleans())}
    if result == "win":
        seat = draw(st.integers(0, 3))
        method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
        entry: dict[str, Any] = {
            "seat": seat,
            "method": method,
            "patterns": draw(st.lists(st.sampled_from(PATTERN_IDS), max_size=3)),
        }
        if method != "self_draw":
            entry["from"] = draw(st.integers(0, 3).filter(lambda s: s != seat))
        record["wins"] = [entry]
    record["seats"] = [{"opened": draw(st.booleans())} for _ in range(4)]
    kinds = st.sampled_from(["concealed", "dragon_set", "wind_set", "exposed"])
    faces = st.sampled_from([None, "5z", "1m"])  # a dragon kong, for concealed_dragon_kong_value
    record["kongs"] = [
        {
            "seat": s,
            "kind": k,
            **({"from": (s + 1) % 4} if k == "exposed" else {}),
            **({"tile": t} if t and k in ("concealed", "exposed") else {}),
        }
        for s, k, t in draw(st.lists(st.tuples(st.integers(0, 3), kinds, faces), max_size=3))
    ]
    penalty_kinds = st.sampled_from(["false_win", "four_same_discards", "revealed_tiles"])
    record["penalties"] = [
        {"kind": k, "seat": s} for k, s in draw(st.lists(st.tuples(penalty_kinds, st.integers(0, 3)), max_size=2))
    ]
    return record


@settings(max_examples=examples(300), deadline=None)
@given(
    records(),
    st.fixed_dictionaries(
        {
            "dealer": st.integers(0, 3),
            "draw_streak": st.integers(0, 3),
            "pending_doubles": st.integers(0, 2),
            "pot": st.integers(0, 20),
        }
    ),
    st.fixed_dictionaries(
        {
            "liuju_dice_mode": st.sampled_from(["stack", "no_stack_carry", "off"]),
            "ron_payers": st.sampled_from(["discarder", "all"]),
            "cap_per_payer": st.sampled_from([None, 40]),
            # RULES §9.3
            "ron_factor": st.sampled_from([2, 1]),
            "three_closed_double": st.booleans(),
            "allow_pure_one_suit": st.booleans(),
            "four_in_hand": st.booleans(),
            "all_pungs_value": st.sampled_from([8, 4]),
            "concealed_dragon_kong_value": st.sampled_from(["product", 16]),
            "special_set_value": st.sampled_from([4, 2]),
            "allow_seven_pairs": st.booleans(),
            "seven_pairs_value": st.sampled_from([1, 8]),
        }
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], state: dict[str, Any], options: dict[str, Any]
) -> None:
    result = settle("shenyang", record, state, options)

    if result["ok"]:
        assert all(isinstance(d, int) for d in [*result["deltas"], result["pot_delta"]])
        assert sum(result["deltas"]) + result["pot_delta"] == 0
        assert result["state"]["pot"] >= 0
    else:
        assert result["deltas"] == [0, 0, 0, 0] and result["pot_delta"] == 0
        assert {k: dict(result["state"])[k] for k in state} == state


# -- kongs a record leaves out (§0.2, §0.8) --------------------------------------------------------


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


# -- more records that break a rule (§0.2, §2.2-§2.5), the options and the catalogue (§2.8) --------


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
    assert options["liuju_dice_mode"]["allowed"] == ["stack", "no_stack_carry", "off"]
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
