"""Harbin records the engine refuses, its catalogue (RULES.md §0.2, §3), and the zero-sum invariant."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, settle

from .harbin_helpers import closed, harbin_problems
from .helpers import discard, self_draw, won

REJECTIONS = [
    ("closed_winner", won(self_draw(1), seats=closed(1)), ("win_requirement", "seats.1.opened")),
    ("treasure_outside_the_tile_set", won(self_draw(1), treasure="1z"), ("tiles_not_in_set", "treasure")),
    (
        "kong_outside_the_tile_set",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "concealed", "tile": "5z"}]),
        ("tiles_not_in_set", "kongs.0.tile"),
    ),
    ("four_kongs", won(self_draw(1), kongs=[{"seat": 1, "kind": "concealed"}] * 4), ("win_requirement", "kongs")),
    (
        "finding_treasure_on_a_discard",
        won(discard(1, 2, "finding_treasure")),
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "both_treasure_wins",
        won(self_draw(1, "finding_treasure", "treasure_in_treasure")),
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "open_ready_is_not_harbin",
        won(self_draw(1), seats=[{}, {"ready": "ming"}, {}, {}]),
        ("fact_not_in_variant", "seats.1.ready"),
    ),
    ("no_dice_double", won(self_draw(1), dice_double=True), ("fact_not_in_variant", "dice_double")),
    ("one_winner_only", won(discard(1, 3), discard(2, 3)), ("multiple_winners_not_allowed", "wins")),
    (
        "no_false_win_penalty",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 1}]},
        ("penalty_not_allowed", "penalties.0.kind"),
    ),
    (
        "no_special_sets",
        won(self_draw(1), kongs=[{"seat": 1, "kind": "dragon_set"}]),
        ("fact_not_in_variant", "kongs.0.kind"),
    ),
]


@pytest.mark.parametrize(("hand", "error"), [c[1:] for c in REJECTIONS], ids=[c[0] for c in REJECTIONS])
def test_records_harbin_cannot_score_are_rejected(hand: dict[str, Any], error: tuple[str, str]) -> None:
    assert error in [(code, field) for code, field, _ in harbin_problems(hand)]


def test_the_catalogue_declares_every_option_and_pattern_of_the_rule_book() -> None:
    described = get_variant("harbin")

    assert {
        "base",
        "starting_points",
        "treasure_mode",
        "clamp_on_bao_zhong_bao",
        "harbin_treasure_stacks_with_self_draw",
        "dealer_double",
        "closed_double",
        "reserve_tiles",
    } <= {option["key"] for option in described["options"]}
    assert {p["id"] for p in described["patterns"]} == {
        "clamp",
        "finding_treasure",
        "treasure_in_treasure",
        "gua_da_feng",  # §9.4.1, only while its house rule is on
    }
    assert described["default_base"] == 1 and described["uses_treasure"]


# -- invariants ------------------------------------------------------------------------------


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result}
    if result == "win":
        seat = draw(st.integers(0, 3))
        method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
        patterns = draw(st.lists(st.sampled_from(["clamp", "finding_treasure", "treasure_in_treasure"]), max_size=2))
        entry: dict[str, Any] = {"seat": seat, "method": method, "patterns": patterns}
        if method != "self_draw":
            entry["from"] = draw(st.integers(0, 3).filter(lambda s: s != seat))
        record["wins"] = [entry]
    record["seats"] = [
        {"opened": draw(st.booleans()), "ready": draw(st.sampled_from(["none", "ready"]))} for _ in range(4)
    ]
    return record


@settings(max_examples=300, deadline=None)
@given(
    records(),
    st.integers(0, 3),
    st.fixed_dictionaries(
        {
            "dealer_double": st.booleans(),
            "closed_double": st.booleans(),
            "harbin_treasure_stacks_with_self_draw": st.booleans(),
            "clamp_on_bao_zhong_bao": st.booleans(),
        }
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], dealer: int, options: dict[str, Any]
) -> None:
    result = settle("harbin", record, {"dealer": dealer}, options)

    if result["ok"]:
        assert all(isinstance(d, int) for d in result["deltas"])
        assert sum(result["deltas"]) == 0 and result["pot_delta"] == 0
    else:
        assert result["deltas"] == [0, 0, 0, 0] and result["state"]["dealer"] == dealer
