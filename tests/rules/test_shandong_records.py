"""Shandong (山东麻将): records the engine refuses (RULES.md §0.2, §4), the declaration and invariants."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, settle
from tests.hypothesis_profiles import examples

from .helpers import discard, errors_of, robbed, self_draw, won
from .shandong_helpers import kong, sd, seats_with

# -- rejected records ------------------------------------------------------------------------------

REJECTED = [
    (
        "Ming Lou winner on a discard",
        won(discard(1, 3), seats=seats_with(p1="ming")),
        {},
        {},
        ("method_not_allowed", "wins.0.method"),
    ),
    (
        "Ming Lou robber",
        won({"seat": 1, "method": "rob_kong", "from": 3, "patterns": []}, seats=seats_with(p1="ming")),
        {},
        {},
        ("method_not_allowed", "wins.0.method"),
    ),
    (
        "heavenly hand by a non-dealer",
        won(self_draw(2, "heavenly_hand")),
        {"dealer": 0},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "earthly hand by the dealer",
        won(self_draw(0, "earthly_hand")),
        {"dealer": 0},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "earthly hand after An Lou",
        won(self_draw(2, "earthly_hand"), seats=seats_with(p2="an")),
        {},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "heavenly hand on a discard",
        won(discard(0, 3, "heavenly_hand")),
        {},
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "kong bloom on a discard",
        won(discard(1, 3, "kong_bloom")),
        {},
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "all triplets with seven pairs",
        won(discard(1, 3, "all_triplets", "seven_pairs")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "two rungs of the ladder",
        won(discard(1, 3, "seven_pairs", "luxury_seven_pairs")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "pure and mixed one suit",
        won(discard(1, 3, "pure_one_suit", "mixed_one_suit")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "all generals as seven pairs",
        won(discard(1, 3, "all_generals", "seven_pairs")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "no ready declaration under must_declare_ready",
        won(discard(1, 3)),
        {},
        {"must_declare_ready": True},
        ("win_requirement", "seats.1.ready"),
    ),
    (
        "five kongs",
        won(discard(1, 3), kongs=[{"seat": s % 4, "kind": "concealed"} for s in range(5)]),
        {},
        {},
        ("invalid_value", "kongs"),
    ),
    (
        "four kongs and a plain win",
        won(discard(1, 3), kongs=[{"seat": s, "kind": "concealed"} for s in range(4)]),
        {},
        {},
        ("contradictory_facts", "kongs"),
    ),
    (
        "a liable player with two winners",
        won(discard(1, 3), discard(2, 3), liable=0),
        {},
        {},
        ("contradictory_facts", "liable"),
    ),
    (
        "a plain ready declaration",
        won(discard(1, 3), seats=seats_with(p0="ready")),
        {},
        {},
        ("fact_not_in_variant", "seats.0.ready"),
    ),
    (
        "a side bet",
        won(discard(1, 3), seats=[{"side_bet": 1}, {}, {}, {}]),
        {},
        {},
        ("fact_not_in_variant", "seats.0.side_bet"),
    ),
    ("a treasure", won(discard(1, 3), treasure="5m"), {}, {}, ("fact_not_in_variant", "treasure")),
    (
        "a dragon set",
        won(discard(1, 3), kongs=[{"seat": 1, "kind": "dragon_set"}]),
        {},
        {},
        ("fact_not_in_variant", "kongs.0.kind"),
    ),
    ("an unknown pattern", won(discard(1, 3, "edge_wait")), {}, {}, ("unknown_pattern", "wins.0.patterns.0")),
    (
        "a repeated pattern",
        won(discard(1, 3, "mixed_one_suit", "mixed_one_suit")),
        {},
        {},
        ("pattern_repeated", "wins.0.patterns.1"),
    ),
    ("an unknown option", won(discard(1, 3)), {}, {"cap_per_payer": 4}, ("unknown_option", "options.cap_per_payer")),
    (
        "an exempt258 item that is not a pattern",
        won(discard(1, 3)),
        {},
        {"exempt258": ["heavenly_hand"]},
        ("invalid_option", "options.exempt258"),
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "problem"), [r[1:] for r in REJECTED], ids=[r[0] for r in REJECTED]
)
def test_a_record_shandong_cannot_score_is_rejected_with_its_field(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    result = sd(hand, state or None, **options)
    assert problem in errors_of(result)
    assert result["state"]["dealer"] == (state or {}).get("dealer", 0)


# -- declaration ---------------------------------------------------------------------------------


def test_the_declaration_lists_every_config_key_and_pattern_of_the_rule_book() -> None:
    described = get_variant("shandong")
    keys = {o["key"]: o["default"] for o in described["options"]}
    assert keys["base"] == 5
    assert keys["pts.exposed_kong"] == 1
    assert keys["pts.add_kong"] == 1
    assert keys["pts.concealed_kong"] == 3
    assert keys["cap"] == 32
    assert keys["draw_mult_cap_exp"] == 5
    assert keys["ming_lou_penalty_inside_cap"] is False
    assert keys["draw_dealer"] == "retain"
    assert keys["dealer_draw_penalty"] == "once_at_3"
    assert isinstance(keys["exempt258"], list)
    assert set(keys["exempt258"]) == {
        "all_triplets",
        "seven_pairs",
        "pure_one_suit",
        "mixed_one_suit",
        "all_generals",
        "pure_terminals",
    }
    assert keys["rob_kong_payer"] == "declarer_single"
    assert keys["all_generals_free_form"] is False
    assert keys["must_declare_ready"] is False
    assert keys["cap_scope"] == "product"
    # The rule book's own patterns; those of §9.5 exist only while their house rule is on.
    assert {p["id"] for p in described["patterns"] if not p["requires_option"]} == {
        "kong_bloom",
        "pure_one_suit",
        "mixed_one_suit",
        "all_generals",
        "all_triplets",
        "seven_pairs",
        "luxury_seven_pairs",
        "double_luxury_seven_pairs",
        "triple_luxury_seven_pairs",
        "pure_terminals",
        "earthly_hand",
        "heavenly_hand",
    }
    assert described["uses_flowers"] and described["uses_liable"]
    assert described["ready_values"] == ["none", "ming", "an"]
    assert all(o["meaning"] for o in described["options"])
    assert described["notes"]


# -- invariants -------------------------------------------------------------------------------------

PATTERN_IDS = [p["id"] for p in get_variant("shandong")["patterns"]]


@st.composite
def shandong_records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result}
    if result == "win":
        method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
        winners = draw(st.lists(st.integers(0, 3), min_size=1, max_size=1 if method == "self_draw" else 3, unique=True))
        source = draw(st.integers(0, 3).filter(lambda s: s not in winners))
        record["wins"] = [
            {
                "seat": w,
                "method": method,
                **({} if method == "self_draw" else {"from": source}),
                "patterns": draw(st.lists(st.sampled_from(PATTERN_IDS), max_size=3)),
                "flowers": draw(st.integers(0, 8)),
            }
            for w in winners
        ]
        if draw(st.booleans()):
            record["liable"] = draw(st.integers(0, 3))
    record["seats"] = [{"ready": draw(st.sampled_from(["none", "ming", "an"]))} for _ in range(4)]
    record["kongs"] = [{"seat": s, "kind": "concealed"} for s in draw(st.lists(st.integers(0, 3), max_size=3))]
    return record


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=shandong_records(),
    dealer=st.integers(0, 3),
    draws=st.integers(0, 8),
    options=st.fixed_dictionaries(
        {
            "ming_lou_penalty_inside_cap": st.booleans(),
            "rob_kong_payer": st.sampled_from(["declarer_single", "declarer_pays_three"]),
            "cap": st.sampled_from([None, 8, 32]),
        }
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], dealer: int, draws: int, options: dict[str, Any]
) -> None:
    state = {"dealer": dealer, "draw_streak": draws}
    result = settle("shandong", record, state, options)
    if result["ok"]:
        assert sum(result["deltas"]) == 0
        assert all(isinstance(d, int) for d in result["deltas"])
    else:
        assert result["deltas"] == [0, 0, 0, 0]
        assert result["state"]["dealer"] == dealer
        assert result["state"]["draw_streak"] == draws


# -- more records the rules refuse, and the declared exclusions (§0.2, §4.5-§4.6) ------------------


REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    (
        "pure terminals in one suit",
        won(discard(1, 3, "pure_terminals", "pure_one_suit")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "all generals with honours",
        won(discard(1, 3, "all_generals", "mixed_one_suit")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "pure terminals as seven different pairs",
        won(discard(1, 3, "seven_pairs", "pure_terminals")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "all generals with pure terminals",
        won(discard(1, 3, "pure_terminals", "all_generals")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "a heavenly hand after the dealer's kong",
        won(self_draw(0, "heavenly_hand"), kongs=[kong(0, "concealed")]),
        {"dealer": 0},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "an earthly hand after the winner's exposed kong",
        won(self_draw(2, "earthly_hand"), kongs=[kong(2, "exposed", 1)]),
        {"dealer": 0},
        {},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "heavenly and earthly at once",
        won(self_draw(0, "heavenly_hand", "earthly_hand")),
        {},
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "an earthly hand on a robbed kong",
        won(robbed(2, 1, "earthly_hand")),
        {},
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "a kong bloom on a robbed kong",
        won(robbed(2, 1, "kong_bloom")),
        {},
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "a Ming Lou player among two winners on a discard",
        won(discard(0, 3), discard(1, 3), seats=seats_with(p1="ming")),
        {},
        {},
        ("method_not_allowed", "wins.1.method"),
    ),
    ("a liable player on a drawn hand", {"result": "draw", "liable": 2}, {}, {}, ("contradictory_facts", "liable")),
    ("the winner liable for their own win", won(self_draw(2), liable=2), {}, {}, ("contradictory_facts", "liable")),
    (
        "a self-draw beside a discard win",
        won(self_draw(1), discard(2, 3)),
        {},
        {},
        ("winners_disagree", "wins.1.method"),
    ),
    (
        "two winners on different discards",
        won(discard(1, 3), discard(2, 0)),
        {},
        {},
        ("winners_disagree", "wins.1.from"),
    ),
    ("nine flowers", won(discard(1, 3, flowers=9)), {}, {}, ("invalid_value", "wins.0.flowers")),
    ("a cap of 0", won(discard(1, 3)), {}, {"cap": 0}, ("invalid_option", "options.cap")),
    (
        "a draw exponent of 11",
        won(discard(1, 3)),
        {},
        {"draw_mult_cap_exp": 11},
        ("invalid_option", "options.draw_mult_cap_exp"),
    ),
    (
        "an unknown draw_dealer",
        won(discard(1, 3)),
        {},
        {"draw_dealer": "next"},
        ("invalid_option", "options.draw_dealer"),
    ),
    (
        "no declaration under must_declare_ready on a self-draw",
        won(self_draw(2, "all_triplets")),
        {},
        {"must_declare_ready": True},
        ("win_requirement", "seats.2.ready"),
    ),
]


@pytest.mark.parametrize(("hand", "state", "options", "problem"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_record_against_the_shandong_rules_is_refused_and_moves_nothing(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    result = sd(hand, state or None, **options)
    assert problem in errors_of(result)
    assert result["state"]["draw_streak"] == 0


def test_the_declaration_excludes_every_impossible_pair_both_ways() -> None:
    patterns = {p["id"]: p for p in get_variant("shandong")["patterns"]}
    for a, b in [
        ("pure_terminals", "pure_one_suit"),
        ("pure_terminals", "mixed_one_suit"),
        ("pure_terminals", "all_generals"),
        ("all_generals", "pure_one_suit"),
        ("all_generals", "mixed_one_suit"),
        ("pure_one_suit", "mixed_one_suit"),
    ]:
        assert b in patterns[a]["excludes"] and a in patterns[b]["excludes"], (a, b)
    assert "seven_pairs" in patterns["pure_terminals"]["excludes"]
    assert "luxury_seven_pairs" not in patterns["pure_terminals"]["excludes"]
    assert patterns["kong_bloom"]["methods"] == ["self_draw"]
    assert patterns["heavenly_hand"]["methods"] == ["self_draw"]
    assert patterns["earthly_hand"]["methods"] == ["self_draw"]
    assert patterns["pure_one_suit"]["methods"] == ["discard", "rob_kong", "self_draw"]
