"""Zhengzhou (郑州麻将): records the engine refuses (RULES.md §0.2, §5), the declaration and invariants."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, settle
from tests.hypothesis_profiles import examples

from .helpers import errors_of, ok
from .zhengzhou_helpers import bets, ron, tsumo, zz

# -- rejected records ----------------------------------------------------------------------------------

REJECTED = [
    (
        "robbing a kong",
        {"result": "win", "wins": [{"seat": 1, "method": "rob_kong", "from": 2, "patterns": []}]},
        {"allow_discard_win": True},
        ("method_not_allowed", "wins.0.method"),
    ),
    (
        "win after kong on an allowed discard",
        {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": ["kong_bloom"]}]},
        {"allow_discard_win": True},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    ("a side bet over the maximum", tsumo(1, seats=bets(4, 0, 0, 0)), {}, ("invalid_value", "seats.0.side_bet")),
    (
        "a side bet over a lowered maximum",
        tsumo(1, seats=bets(0, 0, 2, 0)),
        {"max_pao": 1},
        ("invalid_value", "seats.2.side_bet"),
    ),
    (
        "a ready declaration",
        tsumo(1, seats=[{"ready": "ready"}, {}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.0.ready"),
    ),
    (
        "flowers",
        {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": [], "flowers": 2}]},
        {},
        ("fact_not_in_variant", "wins.0.flowers"),
    ),
    ("a liable player", tsumo(1, liable=2), {}, ("fact_not_in_variant", "liable")),
    (
        "two winners",
        {
            "result": "win",
            "wins": [
                {"seat": 1, "method": "discard", "from": 0, "patterns": []},
                {"seat": 2, "method": "discard", "from": 0, "patterns": []},
            ],
        },
        {"allow_discard_win": True},
        ("multiple_winners_not_allowed", "wins"),
    ),
    (
        "a kong of the wild tile",
        tsumo(
            1,
            treasure="5p",
            kongs=[{"seat": 3, "kind": "concealed", "tile": "6p"}, {"seat": 2, "kind": "concealed", "tile": "5p"}],
        ),
        {},
        ("contradictory_facts", "kongs.1.tile"),
    ),
    (
        "five kongs for one player",
        tsumo(1, kongs=[{"seat": 1, "kind": "concealed"}] * 5),
        {},
        # A hand holds four sets: the same contradiction (more_kongs_than_sets) in every variant.
        ("contradictory_facts", "kongs"),
    ),
    ("a dragon set", tsumo(1, kongs=[{"seat": 1, "kind": "dragon_set"}]), {}, ("fact_not_in_variant", "kongs.0.kind")),
    ("an unknown option", tsumo(1), {"cap": 10}, ("unknown_option", "options.cap")),
]


@pytest.mark.parametrize(("hand", "options", "problem"), [r[1:] for r in REJECTED], ids=[r[0] for r in REJECTED])
def test_a_record_zhengzhou_cannot_score_is_rejected_with_its_field(
    hand: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    assert problem in errors_of(zz(hand, **options))


def test_a_raised_side_bet_limit_accepts_five_markers() -> None:
    # 10 × (1 + 0 + 5) = 60 from P0; 10 from P2 and P3.
    assert ok(zz(tsumo(1, seats=bets(5, 0, 0, 0)), max_pao=5))["deltas"] == [-60, 80, -10, -10]


# -- declaration and invariants ------------------------------------------------------------------------


def test_the_declaration_lists_every_config_key_of_the_rule_book() -> None:
    described = get_variant("zhengzhou")
    keys = {o["key"]: o["default"] for o in described["options"]}
    assert keys == {
        "base": 10,
        "max_pao": 3,
        "pao_mode": "both",
        "honor_cycle": "single7",
        "special_combine": "multiply",
        "kongs_only_winner": False,
        "kong_pao_applies": True,
        "dealer_add_base": False,
        "allow_chow": False,
        "allow_discard_win": False,
        "seven_pairs_wild_mode": "face_value_only",
        # RULES §9.6's house rules, each at the rule book's play.
        "luxury_seven_pairs": "off",
        "wild_in_concealed_pung": False,
        "kong_bloom_payer": "all",
        "kongs_paid_on_draw": False,
        "allow_rob_kong": False,
    }
    assert {p["id"] for p in described["patterns"]} == {"four_wilds", "seven_pairs", "kong_bloom", "luxury_seven_pairs"}
    assert described["methods"] == ["self_draw"]
    assert described["uses_side_bets"] and described["uses_treasure"]
    assert all(o["meaning"] for o in described["options"])
    assert described["notes"]


@st.composite
def zhengzhou_records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result}
    winner = draw(st.integers(0, 3))
    if result == "win":
        method = draw(st.sampled_from(["self_draw", "self_draw", "discard"]))
        win: dict[str, Any] = {
            "seat": winner,
            "method": method,
            "patterns": draw(st.lists(st.sampled_from(["four_wilds", "seven_pairs", "kong_bloom"]), max_size=3)),
        }
        if method == "discard":
            win["from"] = draw(st.integers(0, 3).filter(lambda s: s != winner))
        record["wins"] = [win]
    record["seats"] = [{"side_bet": draw(st.integers(0, 4))} for _ in range(4)]
    kongs = []
    for _ in range(draw(st.integers(0, 3))):
        owner = draw(st.integers(0, 3))
        kind = draw(st.sampled_from(["concealed", "exposed", "added"]))
        kong: dict[str, Any] = {"seat": owner, "kind": kind}
        if kind != "concealed":
            kong["from"] = draw(st.sampled_from([s for s in range(4) if s != owner]))
        kongs.append(kong)
    record["kongs"] = kongs
    return record


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=zhengzhou_records(),
    dealer=st.integers(0, 3),
    options=st.fixed_dictionaries(
        {
            "allow_discard_win": st.booleans(),
            "special_combine": st.sampled_from(["multiply", "add_units"]),
            "pao_mode": st.sampled_from(["both", "winner_only"]),
            "dealer_add_base": st.booleans(),
            "kongs_only_winner": st.booleans(),
        }
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], dealer: int, options: dict[str, Any]
) -> None:
    result = settle("zhengzhou", record, {"dealer": dealer}, options)
    if result["ok"]:
        assert sum(result["deltas"]) == 0
        assert all(isinstance(d, int) for d in result["deltas"])
    else:
        assert result["deltas"] == [0, 0, 0, 0]
        assert result["state"]["dealer"] == dealer


# -- more records against the rules (§0.2, §5), each refused without moving a point ----------------


REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    ("a discard win by default", ron(1, 2), {}, ("method_not_allowed", "wins.0.method")),
    (
        "four wilds on a discard",
        ron(1, 2, "four_wilds"),
        {"allow_discard_win": True},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    ("a negative side bet", tsumo(1, seats=bets(0, -1, 0, 0)), {}, ("invalid_value", "seats.1.side_bet")),
    ("4 markers by default", tsumo(1, seats=bets(0, 0, 0, 4)), {}, ("invalid_value", "seats.3.side_bet")),
    (
        "an exposed kong of the wild",
        tsumo(1, treasure="7z", kongs=[{"seat": 2, "kind": "exposed", "from": 0, "tile": "7z"}]),
        {},
        ("contradictory_facts", "kongs.0.tile"),
    ),
    (
        "an An Lou declaration",
        tsumo(1, seats=[{}, {"ready": "an"}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.1.ready"),
    ),
    ("seven pairs twice", tsumo(1, "seven_pairs", "seven_pairs"), {}, ("pattern_repeated", "wins.0.patterns.1")),
    ("a Shandong pattern", tsumo(1, "all_triplets"), {}, ("unknown_pattern", "wins.0.patterns.0")),
    ("an unknown way to combine", tsumo(1), {"special_combine": "add"}, ("invalid_option", "options.special_combine")),
    ("max_pao over 10", tsumo(1), {"max_pao": 11}, ("invalid_option", "options.max_pao")),
    ("an unknown honour cycle", tsumo(1), {"honor_cycle": "dragons_first"}, ("invalid_option", "options.honor_cycle")),
    (
        "a winner on a drawn hand",
        {"result": "draw", "wins": [{"seat": 1, "method": "self_draw"}]},
        {},
        ("wins_without_win", "wins"),
    ),
]


@pytest.mark.parametrize(("hand", "options", "problem"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_record_against_the_zhengzhou_rules_is_refused_and_moves_nothing(
    hand: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    result = zz(hand, {"dealer": 2, "dealer_streak": 1}, **options)
    assert problem in errors_of(result)
    assert result["state"]["dealer"] == 2
    assert result["state"]["dealer_streak"] == 1


# -- what the declaration says of the self-draw-only patterns (§5.5) -------------------------------


def test_the_declaration_says_four_wilds_and_win_after_kong_are_self_draws() -> None:
    patterns = {p["id"]: p for p in get_variant("zhengzhou")["patterns"]}
    assert patterns["four_wilds"]["methods"] == ["self_draw"]
    assert patterns["kong_bloom"]["methods"] == ["self_draw"]
    # Seven pairs on a robbed kong needs a wild to pair the robbed tile (RULES §9.6.6; checks.py refuses the rest).
    assert patterns["seven_pairs"]["methods"] == ["discard", "rob_kong", "self_draw"]
    assert patterns["seven_pairs"]["excludes"] == ["luxury_seven_pairs"]
