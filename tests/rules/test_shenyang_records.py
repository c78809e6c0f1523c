"""Shenyang records the engine refuses, its catalogue (RULES.md §0.2, §2.8), and the zero-sum invariant."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, settle

from .helpers import closed, discard, self_draw, won
from .shenyang_helpers import EXPOSED_7Z, shenyang_errors

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


@settings(max_examples=300, deadline=None)
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
        assert {k: result["state"][k] for k in state} == state
