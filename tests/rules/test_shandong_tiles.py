"""Shandong (山东麻将) winning tiles: the 258 pair, shape patterns and the best reading (RULES.md §4.5, §0.3)."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import errors_of, ok, self_draw, won
from .shandong_helpers import drawn, kong, on_discard, sd, seats_with

ALL_BUT_SEVEN_PAIRS = ["all_triplets", "pure_one_suit", "mixed_one_suit", "all_generals", "pure_terminals"]

TILE_WINS = [
    ("a standard hand with a 5s pair: 5", on_discard("[123m][456p]789s 55s 11z +1z"), {}, 5),
    ("all triplets need no 2-5-8 pair: (5 + 2) × 2", on_discard("[111m][999p]333s 44s 77z +7z"), {}, 14),
    ("pure one suit needs no 2-5-8 pair: (5 + 2) × 5", on_discard("123m 456m 789m 111m 9m+9m"), {}, 35),
    ("mixed one suit needs no 2-5-8 pair: 5 × 2", on_discard("123m456m789m 111z 5m+5m"), {}, 10),
    ("seven pairs: (5 + 2) × 2", on_discard("1122m3344p5566s7z+7z"), {}, 14),
    (
        "seven pairs off the exempt list but holding a 22m pair: (5 + 2) × 2",
        on_discard("1122m3344p5566s7z+7z"),
        {"exempt258": ALL_BUT_SEVEN_PAIRS},
        14,
    ),
    ("luxury seven pairs: (5 + 4) × 2", on_discard("1111m3344p5566s7z+7z"), {}, 18),
    (
        "triple luxury in one suit beats the same tiles as chows: (5 + 8 + 2) × 5 × 2",
        on_discard("111122223333m4m+4m"),
        {},
        150,
    ),
    ("pure terminals are all triplets too: (5 + 2) × 6 × 2", on_discard("111m 999m 111p 999p 1s+1s"), {}, 84),
    ("all generals are all triplets too: (5 + 2 + 2) × 2", on_discard("[222m][555p]888s 22p 55m+5m"), {}, 18),
    (
        "all generals in free form: (5 + 2) × 1",
        on_discard("22m55m88m22p55p88p2s+5s"),
        {"all_generals_free_form": True},
        7,
    ),
    ("2-5-8 seven pairs: seven pairs only, (5 + 2) × 2", on_discard("22m55m88m22p55p88p2s+2s"), {}, 14),
    (
        "2-5-8 seven pairs in free form: (5 + 2 + 2) × 2",
        on_discard("22m55m88m22p55p88p2s+2s"),
        {"all_generals_free_form": True},
        18,
    ),
    (
        "a robbed kong's tile completes a chow: 5 from the declarer",
        won({"seat": 1, "method": "rob_kong", "from": 3, "patterns": [], "tiles": "12m 456m789m 123p 55p+3m"}),
        {},
        5,
    ),
    (
        "a concealed kong in the tiles and the record: (5 + 3) × 1",
        on_discard("(1111m)234m 567p 789s 5s+5s", kongs=[{"seat": 1, "kind": "concealed", "tile": "1m"}]),
        {},
        8,
    ),
]


@pytest.mark.parametrize(("hand", "options", "amount"), [t[1:] for t in TILE_WINS], ids=[t[0] for t in TILE_WINS])
def test_winning_tiles_prove_their_patterns_and_the_best_reading_is_paid(
    hand: dict[str, Any], options: dict[str, Any], amount: int
) -> None:
    result = ok(sd(hand, **options))
    assert result["deltas"] == [0, amount, 0, -amount]
    assert any(line["code"] == "tiles_legal" for line in result["lines"])


@pytest.mark.parametrize(
    ("win", "deltas"),
    [
        # (5 + 3 + 3 + 1) × 2 = 24 from each: the fourth kong's replacement tile won.
        (self_draw(1, "kong_bloom"), [-24, 72, -24, -24]),
        # P1 robs P0's added kong: (5 + 3 + 3) × 1 = 11 from P0 alone.
        ({"seat": 1, "method": "rob_kong", "from": 0, "patterns": []}, [-11, 11, 0, 0]),
    ],
)
def test_a_fourth_kong_may_end_in_a_kong_bloom_or_a_robbed_kong(win: dict[str, Any], deltas: list[int]) -> None:
    kongs = [
        {"seat": 1, "kind": "concealed"},
        {"seat": 1, "kind": "concealed"},
        {"seat": 2, "kind": "concealed"},
        {"seat": 0, "kind": "added", "from": 3},
    ]
    assert ok(sd(won(win, kongs=kongs)))["deltas"] == deltas


def test_a_kong_bloom_self_draw_with_its_kong_in_the_tiles() -> None:
    # (5 + 3 + 1) × 2 = 18 from each.
    hand = drawn("(1111m)234m 567p 789s 5s+5s", "kong_bloom", kongs=[{"seat": 1, "kind": "concealed"}])
    assert ok(sd(hand))["deltas"] == [-18, 54, -18, -18]


def test_the_tiles_note_names_the_patterns_they_prove() -> None:
    result = ok(sd(on_discard("111122223333m4m+4m")))
    notes = " ".join(line["text"] for line in result["lines"] if line["code"] == "tiles_prove")
    assert "pure one suit" in notes and "triple luxury seven pairs" in notes


TILE_REJECTS = [
    ("a 4p pair", on_discard("123456789m 123p 4p+4p"), {}, {}, ("win_requirement", "wins.0.tiles")),
    (
        "all triplets taken off the exempt list",
        on_discard("[111m][999p]333s 44s 77z +7z"),
        {},
        {"exempt258": ["seven_pairs", "pure_one_suit"]},
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "seven pairs without a 2-5-8 pair taken off the exempt list",
        on_discard("1133m4466p7799s1z+1z"),
        {},
        {"exempt258": ALL_BUT_SEVEN_PAIRS},
        ("win_requirement", "wins.0.tiles"),
    ),
    ("not a winning hand", on_discard("123m456m789m 123p 4p+5p"), {}, {}, ("tiles_not_a_win", "wins.0.tiles")),
    (
        "scattered 2-5-8 tiles without free form",
        on_discard("22m55m88m22p55p88p2s+5s"),
        {},
        {},
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    ("bad notation", on_discard("123m456m789m 123p 4p 5p"), {}, {}, ("tiles_notation", "wins.0.tiles")),
    ("a dragon set", on_discard("[567z]123m456m789m5p+5p"), {}, {}, ("win_requirement", "wins.0.tiles")),
    (
        "all triplets ticked on seven pairs",
        on_discard("1122m3344p5566s7z+7z", "all_triplets"),
        {},
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "pure one suit ticked on a mixed hand",
        on_discard("123m456m789m 111z 5m+5m", "pure_one_suit"),
        {},
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "kong bloom without a kong",
        drawn("123m456m789m 123p 5p+5p", "kong_bloom"),
        {},
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "a robbed tile the winner already holds",
        won({"seat": 1, "method": "rob_kong", "from": 3, "patterns": [], "tiles": "123m456m789m 123p 5p+5p"}),
        {},
        {},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a kong the record does not list",
        on_discard("(1111m)234m 567p 789s 5s+5s"),
        {},
        {},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a heavenly hand showing a claimed pung",
        drawn("[111m]234m567p789s5s+5s", "heavenly_hand"),
        {"dealer": 1},
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "problem"), [t[1:] for t in TILE_REJECTS], ids=[t[0] for t in TILE_REJECTS]
)
def test_tiles_that_break_a_shandong_rule_are_rejected_by_name(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    assert problem in errors_of(sd(hand, state or None, **options))


def test_a_pair_that_breaks_the_258_rule_is_named() -> None:
    message = sd(on_discard("123456789m 123p 4p+4p"))["errors"][0]["message"]
    assert "4p" in message and "2s, 5s or 8s" in message


# -- more winning tiles scored by what they prove, and the 258 house rules (§4.5) ------------------


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
