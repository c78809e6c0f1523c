"""Shandong (山东麻将) reviewed: records the rules refuse, winning tiles and the pattern catalogue.

Every figure is worked by hand from RULES.md §0.2, §4.5-4.6 in the case's id or comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import get_variant

from .helpers import discard, errors_of, ok, robbed, self_draw, won
from .shandong_helpers import drawn, kong, on_discard, sd, seats_with

# -- records the rules refuse ---------------------------------------------------------------------------------

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


# -- winning tiles -------------------------------------------------------------------------------------------

TILES: list[tuple[str, dict[str, Any], dict[str, Any], list[int]]] = [
    # Four pungs of 2s, 5s and 8s in three suits and a 55s pair: (5 + 2 + 2) × 2 = 18 from P3.
    ("all generals are all triplets", on_discard("[222m][555m][888p] 222s 5s+5s"), {}, [0, 18, 0, -18]),
    # 111m 333m 777m 222z and an East pair: (5 + 2) × 2 · 2 = 28.
    ("mixed one suit all triplets", on_discard("[111m][333m] 777m 11z 22z+2z"), {}, [0, 28, 0, -28]),
    # 1111m 99m 11p 99p 11s 99s: luxury seven pairs of terminals, (5 + 4) × 6 · 2 = 108.
    ("pure terminals luxury seven pairs", on_discard("1111m 99m 11p 99p 11s 9s+9s"), {}, [0, 108, 0, -108]),
    # A concealed kong of 1m, pungs 333m 555m 777m, pair 99m: (5 + 3 + 2 + 2) × 5 · 2 = 120.
    (
        "pure one suit all triplets with a concealed kong",
        on_discard("(1111m) 333m 555m 777m 9m+9m", kongs=[kong(1, "concealed", tile="1m")]),
        {},
        [0, 120, 0, -120],
    ),
    # Dealer P1's dealt hand with a 55s pair: 5 × 2 · 6 = 60 from each.
    (
        "a heavenly hand with a 2-5-8 pair",
        drawn("123m 456m 789p 234s 5s+5s", "heavenly_hand"),
        {"dealer": 1},
        [-60, 180, -60, -60],
    ),
]


@pytest.mark.parametrize(("hand", "state", "deltas"), [c[1:] for c in TILES], ids=[c[0] for c in TILES])
def test_winning_tiles_are_scored_by_what_they_prove(
    hand: dict[str, Any], state: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(sd(hand, state or None))["deltas"] == deltas


def test_an_earthly_hand_is_not_exempt_from_the_258_pair() -> None:
    result = sd(drawn("123m 456m 789p 234s 1z+1z", "earthly_hand"), {"dealer": 0})
    assert ("win_requirement", "wins.0.tiles") in errors_of(result)


# -- the declaration ---------------------------------------------------------------------------------------------


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


NO_MIXED_ONE_SUIT = ["all_triplets", "seven_pairs", "pure_one_suit", "all_generals", "pure_terminals"]
SCATTERED_GENERALS = "22m 555m 88m 22p 5p 8p 2s 5s+8s"  # only 2s, 5s and 8s, but neither sets nor seven pairs

HOUSE_RULE_TILES: list[tuple[str, dict[str, Any], dict[str, Any], int | tuple[str, str]]] = [
    # Characters with a South pair: mixed one suit, exempt by default, 5 × 2 = 10.
    ("mixed one suit with an honour pair", on_discard("123m 456m 789m 111m 2z+2z"), {}, 10),
    (
        "the same once mixed one suit is off the exempt list",
        on_discard("123m 456m 789m 111m 2z+2z"),
        {"exempt258": NO_MIXED_ONE_SUIT},
        ("win_requirement", "wins.0.tiles"),
    ),
    # Free-form all generals on a discard: (5 + 2) × 1.
    ("scattered 2s, 5s and 8s in free form", on_discard(SCATTERED_GENERALS), {"all_generals_free_form": True}, 7),
    # Every pair in such a hand is a 2, 5 or 8, so taking all generals off the list changes nothing.
    (
        "free form with all generals off the exempt list",
        on_discard(SCATTERED_GENERALS),
        {"all_generals_free_form": True, "exempt258": ["seven_pairs"]},
        7,
    ),
    ("scattered 2s, 5s and 8s by default", on_discard(SCATTERED_GENERALS), {}, ("tiles_not_a_win", "wins.0.tiles")),
    # Self-drawn free form after 2 draws, An Lou: (5 + 2 + 1) × min(32, 2 · 4) = 64 from each; P3's share shown.
    (
        "free form self-drawn after 2 draws with An Lou",
        drawn(SCATTERED_GENERALS, seats=seats_with(p1="an")),
        {"all_generals_free_form": True, "state": {"draw_streak": 2}},
        64,
    ),
]


@pytest.mark.parametrize(
    ("hand", "options", "expected"), [c[1:] for c in HOUSE_RULE_TILES], ids=[c[0] for c in HOUSE_RULE_TILES]
)
def test_the_258_house_rules_decide_which_tiles_win(
    hand: dict[str, Any], options: dict[str, Any], expected: int | tuple[str, str]
) -> None:
    options = dict(options)
    state = options.pop("state", None)
    result = sd(hand, state, **options)
    if isinstance(expected, tuple):
        assert expected in errors_of(result)
    else:
        assert ok(result)["deltas"][3] == -expected
        assert result["deltas"][1] == (3 if hand["wins"][0]["method"] == "self_draw" else 1) * expected
