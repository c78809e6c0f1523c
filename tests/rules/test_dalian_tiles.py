"""Dalian Qionghu (大连穷胡) with the winning tiles (§1.4, §1.5, §0.3): requirements, derived patterns, treasure."""

from __future__ import annotations

from typing import Any

import pytest

from .dalian_helpers import (
    BIG_KONG_HAND,
    E_WIN,
    EDGE_HAND,
    FIND_HAND,
    NO_CAP,
    READY_P1,
    RUSH_HAND,
    SHOU_BA_YI,
    dl,
    tiles_win,
)
from .helpers import errors_of, ok

# -- the winning tiles (§1.4, §1.5, §0.3) ---------------------------------------------------------

TILE_SCORES = [
    # (id, hand, options, deltas)
    ("edge wait derived: self-draw 2·2", tiles_win(EDGE_HAND), {}, [-4, 12, -4, -4]),
    ("robbing a kong with tiles: 4·2·2", tiles_win(EDGE_HAND, "rob_kong"), {}, [0, 16, -16, 0]),
    ("an end wait is no edge wait", tiles_win("[123m][999p]456s11z89s+7s"), {}, [-2, 6, -2, -2]),
    (
        "an end wait is an edge wait with the house rule: 2·2",
        tiles_win("[123m][999p]456s11z89s+7s"),
        {"edge_includes_edge_and_single": True},
        [-4, 12, -4, -4],
    ),
    ("terminal wait derived: discard 4·2", tiles_win("[234m][456p][555s]78m66s+9m", "discard"), {}, [0, 8, -8, 0]),
    ("a pair wait is no edge wait", tiles_win("[234m][456p][555s]678m9p+9p", "discard"), {}, [0, 4, -4, 0]),
    (
        "a single pair wait is an edge wait with the house rule: 4·2",
        tiles_win("[234m][456p][555s]678m9p+9p", "discard"),
        {"edge_includes_edge_and_single": True},
        [0, 8, -8, 0],
    ),
    ("single float derived: 2·16", tiles_win("[111m][999p]222s555s7z+7z"), {}, [-32, 96, -32, -32]),
    (
        "require_sequence exempts a float hand",
        tiles_win("[111m][999p]222s555s7z+7z"),
        {"require_sequence": True},
        [-32, 96, -32, -32],
    ),
    (
        "the reading that pays most: three pungs (double float 4·8), not three chows",
        tiles_win("[999p]11m222m333m55s+1m", "discard"),
        {},
        [0, 32, -32, 0],
    ),
    ("four in hand derived: 4·2", tiles_win("[123p][999s]2222m3m55s+4m", "discard"), {}, [0, 8, -8, 0]),
    (
        "pure terminals derived with double float: 2·8·16",
        tiles_win("[111m][999p][111s]99m99s+9s"),
        NO_CAP,
        [-256, 768, -256, -256],
    ),
    (
        "a ticked outside hand is raised to pure terminals",
        tiles_win("[111m][999p][111s]99m99s+9s", "self_draw", "outside_hand"),
        NO_CAP,
        [-256, 768, -256, -256],
    ),
    (
        "pure terminals stacking: 2·8·16·8·4",
        tiles_win("[111m][999p][111s]99m99s+9s"),
        {"cap": None, "terminal_family_stacks": True},
        [-8192, 3 * 8192, -8192, -8192],
    ),
    (
        "all terminals & honours: 2·8·8 = 128, capped",
        tiles_win("[111m][999p](1111s)99s11z+1z"),
        {},
        [-100, 300, -100, -100],
    ),
    ("outside hand derived: 4·4", tiles_win("[123m][999p][789s]111z9m+9m", "discard"), {}, [0, 16, -16, 0]),
    ("a joyous kong in the tiles: 2·4", tiles_win("[567z][234m]456p5s789s+5s"), {}, [-8, 24, -8, -8]),
    ("a big concealed kong in the tiles: 4·8", tiles_win(BIG_KONG_HAND, "discard"), {}, [0, 32, -32, 0]),
    (
        "kong bloom with a kong in the tiles: 2·8·2",
        tiles_win(BIG_KONG_HAND, "self_draw", "kong_bloom"),
        {},
        [-32, 96, -32, -32],
    ),
    (
        "a kong listed without its tile takes it from the tiles",
        tiles_win(BIG_KONG_HAND, "discard", kongs=[{"seat": 1, "kind": "concealed"}]),
        {},
        [0, 32, -32, 0],
    ),
    (
        "an exposed dragon kong opens the hand by default",
        tiles_win("[6666z]234m456p345s9s+9s", "discard"),
        {},
        [0, 4, -4, 0],
    ),
    (
        "three suits counted over tiles, the pair included",
        tiles_win("[123m][456p]789p111z5s+5s", "discard"),
        {},
        [0, 4, -4, 0],
    ),
    (
        "a dragon pair as the triplet, by house rule",
        tiles_win("[123m][456p]789s234s5z+5z", "discard"),
        {"dragon_pair_counts_as_triplet": True},
        [0, 4, -4, 0],
    ),
    (
        "手把一 by house rule: 2·2·16·8",
        tiles_win(SHOU_BA_YI),
        {"allow_shou_ba_yi": True, "cap": None},
        [-512, 1536, -512, -512],
    ),
    # the treasure, P1 ready
    ("finding treasure derived: 2·2·2", tiles_win(FIND_HAND, seats=READY_P1, treasure="7s"), {}, [-8, 24, -8, -8]),
    ("treasure rush derived: 2·2·2", tiles_win(RUSH_HAND, seats=READY_P1, treasure="7s"), {}, [-8, 24, -8, -8]),
    (
        "hidden treasure held at face value: 2·2·2·2",
        tiles_win(RUSH_HAND, "self_draw", "hidden_treasure", seats=READY_P1, treasure="7s"),
        {},
        [-16, 48, -16, -16],
    ),
    (
        "a discarded treasure is wild by house rule, without 摸宝: 4·2",
        tiles_win(FIND_HAND, "discard", seats=READY_P1, treasure="7s"),
        {"treasure_wild_on_discard": True},
        [0, 8, -8, 0],
    ),
    (
        "finding treasure ticked with no face recorded",
        tiles_win(FIND_HAND, "self_draw", "finding_treasure", seats=READY_P1),
        {},
        [-8, 24, -8, -8],
    ),
    (
        "the indicator is wild too in 'both' mode",
        tiles_win("[234m][456p]345s999s8s+6s", seats=READY_P1, treasure="7s"),
        {"treasure_mode": "both"},
        [-8, 24, -8, -8],
    ),
    (
        "a wild read as a terminal: terminal wait 2·2·2·2",
        tiles_win("[234m][456p][555s]78m66s+4s", seats=READY_P1, treasure="4s"),
        {},
        [-16, 48, -16, -16],
    ),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in TILE_SCORES], ids=[c[0] for c in TILE_SCORES])
def test_the_tiles_prove_patterns_and_the_best_reading_is_scored(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(dl(hand, None, **options))["deltas"] == deltas


def test_the_patterns_the_tiles_add_are_named_in_the_reasons() -> None:
    texts = [line["text"] for line in ok(dl(tiles_win(EDGE_HAND)))["lines"]]
    assert "From the tiles: Edge win (夹胡)." in texts


TILE_ERRORS = [
    # (id, hand, options, [(code, field, words in the message)])
    ("bad notation", tiles_win("[123m]+"), {}, [("tiles_notation", "wins.0.tiles", "")]),
    (
        "not four sets and a pair",
        tiles_win("[123m][999p]456s11z79s+1s"),
        {},
        [("tiles_not_a_win", "wins.0.tiles", "R6")],
    ),
    (
        "three suits, triplet and terminal all missing",
        tiles_win("[234m][456m]345m678m5m+5m"),
        {},
        [
            (E_WIN, "wins.0.tiles", "no dots and no bamboo) (R1)"),
            (E_WIN, "wins.0.tiles", "(R2)"),
            (E_WIN, "wins.0.tiles", "(R3)"),
        ],
    ),
    ("a closed hand", tiles_win("234m456p345s999s8s+8s"), {}, [(E_WIN, "wins.0.tiles", "(R4)")]),
    (
        "an exposed dragon kong does not open the hand in dragon_kong mode",
        tiles_win("[6666z]234m456p345s9s+9s"),
        {"xi_gang_mode": "dragon_kong"},
        [(E_WIN, "wins.0.tiles", "(R4)")],
    ),
    ("four sets set aside", tiles_win(SHOU_BA_YI), {}, [(E_WIN, "wins.0.tiles", "(R5)")]),
    (
        "手把一 with a chow, even by house rule",
        tiles_win("[123m][999p][999s][111z]9m+9m"),
        {"allow_shou_ba_yi": True},
        [(E_WIN, "wins.0.tiles", "(R5)")],
    ),
    (
        "a suit only in the pair, when sets must show the suits",
        tiles_win("[123m][456p]789p111z5s+5s"),
        {"three_suits_mode": "sets"},
        [(E_WIN, "wins.0.tiles", "sets of all three suits (no bamboo)")],
    ),
    (
        "a dragon pair is no triplet by default",
        tiles_win("[123m][456p]789s234s5z+5z"),
        {},
        [(E_WIN, "wins.0.tiles", "(R2)")],
    ),
    ("a claimed dragon pung", tiles_win("[555z][234m]456p5s789s+5s"), {}, [(E_WIN, "wins.0.tiles", "[555z]")]),
    (
        "a 中发白 set when 喜杠 is a dragon kong",
        tiles_win("[567z][234m]456p5s789s+5s"),
        {"xi_gang_mode": "dragon_kong"},
        [("fact_not_in_variant", "wins.0.tiles", "xi_gang_mode")],
    ),
    (
        "a ticked float the tiles do not show",
        tiles_win(EDGE_HAND, "self_draw", "double_float"),
        {},
        [("pattern_contradicts_tiles", "wins.0.patterns.0", "Double float")],
    ),
    (
        "a second four in hand the tiles do not show",
        tiles_win("[123p][999s]2222m3m55s+4m", "discard", "four_in_hand", "four_in_hand"),
        {},
        [("pattern_contradicts_tiles", "wins.0.patterns.1", "Four in hand")],
    ),
    (
        "a ticked float among other patterns, the tiles do not show",
        tiles_win(EDGE_HAND, "self_draw", "last_tile", "double_float"),
        {},
        [("pattern_contradicts_tiles", "wins.0.patterns.1", "Double float")],
    ),
    (
        "robbing a kong of a tile the winner holds twice",
        tiles_win("[123m][999s]456p11z78s+9s", "rob_kong"),
        {},
        [("contradictory_facts", "wins.0.tiles", "other three 9s")],
    ),
    (
        "kong bloom with no kong in the tiles",
        tiles_win(EDGE_HAND, "self_draw", "kong_bloom"),
        {},
        [("pattern_contradicts_tiles", "wins.0.patterns.0", "Kong bloom")],
    ),
    (
        "a listed kong of another kind than the tiles show",
        tiles_win(BIG_KONG_HAND, "discard", kongs=[{"seat": 1, "kind": "exposed", "tile": "7z", "from": 3}]),
        {},
        [("contradictory_facts", "kongs", "")],
    ),
    (
        "a listed kong the tiles do not have",
        tiles_win(
            BIG_KONG_HAND,
            "discard",
            kongs=[{"seat": 1, "kind": "concealed", "tile": "7z"}, {"seat": 1, "kind": "concealed", "tile": "5m"}],
        ),
        {},
        [("contradictory_facts", "kongs", "")],
    ),
    (
        "treasure rush ticked where the treasure is only a wild",
        tiles_win(FIND_HAND, "self_draw", "treasure_rush", seats=READY_P1, treasure="7s"),
        {},
        [("pattern_contradicts_tiles", "wins.0.patterns.0", "finding treasure")],
    ),
    (
        "finding treasure ticked where the treasure wins naturally",
        tiles_win(RUSH_HAND, "self_draw", "finding_treasure", seats=READY_P1, treasure="7s"),
        {},
        [("pattern_contradicts_tiles", "wins.0.patterns.0", "treasure rush")],
    ),
    (
        "finding treasure on a tile that is not the treasure",
        tiles_win(EDGE_HAND, "self_draw", "finding_treasure", seats=READY_P1, treasure="7s"),
        {},
        [("pattern_contradicts_tiles", "wins.0.patterns.0", "not the treasure")],
    ),
    (
        "a discarded treasure is not wild",
        tiles_win(FIND_HAND, "discard", seats=READY_P1, treasure="7s"),
        {},
        [
            (E_WIN, "wins.0.tiles", "(R2)"),
            (
                E_WIN,
                "wins.0.tiles",
                "the treasure 7s is wild only when self-drawn (house rule treasure_wild_on_discard); "
                "P1 won on P2's discard",
            ),
        ],
    ),
    (
        "the treasure is not wild for a player who is not ready",
        tiles_win(FIND_HAND, seats=[{}, {}, {"ready": "ready"}, {}], treasure="7s"),
        {},
        [
            (E_WIN, "wins.0.tiles", "(R2)"),
            (E_WIN, "wins.0.tiles", "the treasure 7s is wild only for a player who declared ready (报听); P1 did not"),
        ],
    ),
    (
        "the indicator is not wild in successor mode",
        tiles_win("[234m][456p]345s999s8s+6s", seats=READY_P1, treasure="7s"),
        {},
        [("tiles_not_a_win", "wins.0.tiles", "")],
    ),
    (
        "the successor is not wild in indicator mode",
        tiles_win(FIND_HAND, seats=READY_P1, treasure="6s"),
        {"treasure_mode": "indicator"},
        [(E_WIN, "wins.0.tiles", "(R2)")],
    ),
    (
        "hidden treasure with no treasure held",
        tiles_win(FIND_HAND, "self_draw", "hidden_treasure", seats=READY_P1, treasure="7s"),
        {},
        [("pattern_contradicts_tiles", "wins.0.patterns.0", "0 treasure")],
    ),
    (
        "hidden treasure twice with one treasure held",
        tiles_win(RUSH_HAND, "self_draw", "hidden_treasure", "hidden_treasure", seats=READY_P1, treasure="7s"),
        {"hidden_treasure_per": "tile"},
        [("pattern_contradicts_tiles", "wins.0.patterns.1", "1 treasure")],
    ),
]


@pytest.mark.parametrize(("hand", "options", "expected"), [c[1:] for c in TILE_ERRORS], ids=[c[0] for c in TILE_ERRORS])
def test_tiles_that_break_a_rule_are_rejected_naming_each_rule(
    hand: dict[str, Any], options: dict[str, Any], expected: list[tuple[str, str, str]]
) -> None:
    result = dl(hand, None, **options)
    errors_of(result)
    found = [(e["code"], e["field"], e["message"]) for e in result["errors"]]
    assert len(found) == len(expected), found
    for (code, field, words), (got_code, got_field, message) in zip(expected, found, strict=True):
        assert (got_code, got_field) == (code, field)
        assert words in message


# -- combinations read from the tiles --------------------------------------------------------------
# P1 wins (a discard or robbed kong from P2); P0 deals. Each figure is worked by hand in the case's id
# from the patterns the tiles prove, the best reading (§0.1) and the cap of 100 per payer.


ALL_HONOURS_SINGLE = "[111m][999p]111s777z1z+1z"  # four pungs, the pair on a single wait: all terminals & honours


TREASURE_HELD = "[234m][999s]555p678p3s+3s"  # three 5p held at face value


TILE_CASES = [
    # (id, hand, state, options, deltas)
    (
        "an outside hand with chows on a discard: 4·4",
        tiles_win("[123m]789p111s999m1z+1z", "discard"),
        None,
        {},
        [0, 16, -16, 0],
    ),
    (
        "all terminals and honours in a single float on a discard: 4·8·16, no cap",
        tiles_win(ALL_HONOURS_SINGLE, "discard"),
        None,
        NO_CAP,
        [0, 512, -512, 0],
    ),
    (
        "the same with the family stacking: 4·8·4·16",
        tiles_win(ALL_HONOURS_SINGLE, "discard"),
        None,
        {"cap": None, "terminal_family_stacks": True},
        [0, 2048, -2048, 0],
    ),
    (
        "all terminals and honours won on a pung, self-drawn: 2·8·8 = 128 each, capped",
        tiles_win("[111m][999p]111s77z11z+7z"),
        None,
        {},
        [-100, 300, -100, -100],
    ),
    (
        "pure terminals in a single float on a discard: 4·16·16, no cap",
        tiles_win("[111m][999p]111s999s9m+9m", "discard"),
        None,
        NO_CAP,
        [0, 1024, -1024, 0],
    ),
    (
        "four 1m as a pung and a chow in an outside hand: 4·2·4",
        tiles_win("[789p][999s]111m23m55z+1m", "discard"),
        None,
        {},
        [0, 32, -32, 0],
    ),
    (
        "two big concealed kongs beside a claimed chow: 4·8·8 = 256, capped",
        tiles_win("[123m](1111z)(7777z)456p9s+9s", "discard"),
        None,
        {},
        [0, 100, -100, 0],
    ),
    (
        "a dragon pair as the triplet by house rule, ready self-draw: 2·2 each",
        tiles_win("[123m][456p]789s234s5z+5z", seats=READY_P1),
        None,
        {"dragon_pair_counts_as_triplet": True},
        [-4, 12, -4, -4],
    ),
    (
        "three suits by sets, bamboo in a set: a plain self-draw 2 each",
        tiles_win("[123m][456p]789s111z5s+5s"),
        None,
        {"three_suits_mode": "sets"},
        [-2, 6, -2, -2],
    ),
    # "a single pair wait is an edge wait with the house rule" in TILE_SCORES above is the same case.
    (
        "a ready terminal wait on an open 78m self-drawn: 2·2·2 each",
        tiles_win("[234m][456p][555s]78m66s+9m", seats=READY_P1),
        None,
        {},
        [-8, 24, -8, -8],
    ),
    (
        "the dealer kept once finds the treasure: 2·2·2·2·2 = 32 each",
        tiles_win(FIND_HAND, seats=READY_P1, treasure="7s"),
        {"dealer": 1, "dealer_streak": 1},
        {},
        [-32, 96, -32, -32],
    ),
    (
        "the dealer's treasure rush: 2·2·2·2 = 16 each",
        tiles_win(RUSH_HAND, seats=READY_P1, treasure="7s"),
        {"dealer": 1},
        {},
        [-16, 48, -16, -16],
    ),
    (
        "three treasures held, hidden treasure per tile on a discard: 4·2·2·2·2",
        tiles_win(TREASURE_HELD, "discard", *["hidden_treasure"] * 3, seats=READY_P1, treasure="5p"),
        None,
        {"hidden_treasure_per": "tile"},
        [0, 64, -64, 0],
    ),
    (
        "hidden treasure once per hand by default: 4·2·2",
        tiles_win(TREASURE_HELD, "discard", "hidden_treasure", seats=READY_P1, treasure="5p"),
        None,
        {},
        [0, 16, -16, 0],
    ),
    (
        "in indicator mode the recorded face itself is the treasure: finding treasure 2·2·2 each",
        tiles_win(FIND_HAND, seats=READY_P1, treasure="7s"),
        None,
        {"treasure_mode": "indicator"},
        [-8, 24, -8, -8],
    ),
    (
        "a robbed kong on an edge wait with tiles, paid by all: 4·2·2 each",
        tiles_win("[123m][999p]456s11z79s+8s", "rob_kong"),
        None,
        {"rob_kong_payer": "all"},
        [-16, 48, -16, -16],
    ),
    (
        "a discarded indicator is wild by house rule in indicator mode, without 摸宝: 4·2",
        tiles_win(FIND_HAND, "discard", seats=READY_P1, treasure="7s"),
        None,
        {"treasure_wild_on_discard": True, "treasure_mode": "indicator"},
        [0, 8, -8, 0],
    ),
    (
        "must_declare_ready with a ready treasure rush: 2·2·2 each",
        tiles_win(RUSH_HAND, seats=READY_P1, treasure="7s"),
        None,
        {"must_declare_ready": True},
        [-8, 24, -8, -8],
    ),
    (
        "dragon_kong mode: an exposed 发 kong beside a chow is a 喜杠 on a discard: 4·4",
        tiles_win("[6666z][123m]456p789s9s+9s", "discard"),
        None,
        {"xi_gang_mode": "dragon_kong"},
        [0, 16, -16, 0],
    ),
    (
        "the same exposed 发 kong is a plain kong by default: 4",
        tiles_win("[6666z][123m]456p789s9s+9s", "discard"),
        None,
        {},
        [0, 4, -4, 0],
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "deltas"), [c[1:] for c in TILE_CASES], ids=[c[0] for c in TILE_CASES]
)
def test_the_tiles_settle_as_worked_by_hand(
    hand: dict[str, Any], state: dict[str, Any] | None, options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(dl(hand, state, **options))["deltas"] == deltas


TILE_REFUSALS = [
    # (id, hand, options, code, words in a message)
    (
        "three concealed kongs and a claimed chow are four sets set aside",
        tiles_win("[123m](1111z)(2222z)(3333z)9s+9s", "discard"),
        {},
        E_WIN,
        "(R5)",
    ),
    (
        "a fourth hidden treasure with three held",
        tiles_win(TREASURE_HELD, "discard", *["hidden_treasure"] * 4, seats=READY_P1, treasure="5p"),
        {"hidden_treasure_per": "tile"},
        "pattern_contradicts_tiles",
        "3 treasure",
    ),
    (
        "a ticked edge win on a pair wait without the house rule",
        tiles_win("[234m][456p][555s]678m9p+9p", "discard", "edge_wait"),
        {},
        "pattern_contradicts_tiles",
        "Edge win",
    ),
    (
        "a ticked terminal wait when the 13 tiles hold a 9",
        tiles_win("[123m][999p]456s11z79s+8s", "discard", "terminal_wait"),
        {},
        "pattern_contradicts_tiles",
        "Terminal tile win",
    ),
]


@pytest.mark.parametrize(
    ("hand", "options", "code", "words"), [c[1:] for c in TILE_REFUSALS], ids=[c[0] for c in TILE_REFUSALS]
)
def test_tiles_that_break_a_rule_are_refused_and_say_which(
    hand: dict[str, Any], options: dict[str, Any], code: str, words: str
) -> None:
    result = dl(hand, None, **options)
    assert code in {error_code for error_code, _ in errors_of(result)}
    assert any(words in error["message"] for error in result["errors"])


def test_the_tiles_name_the_patterns_they_prove() -> None:
    texts = [line["text"] for line in ok(dl(tiles_win(ALL_HONOURS_SINGLE, "discard")))["lines"]]
    assert any("Single float" in text and "All terminals and honours" in text for text in texts)
