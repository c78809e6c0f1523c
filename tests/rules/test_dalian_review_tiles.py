"""Independent review of Dalian Qionghu with the winning tiles (RULES.md §1.4, §1.5, §0.3).

P1 wins (a discard or robbed kong from P2); P0 deals. Each figure is worked by hand in the
case's id from the patterns the tiles prove, the best reading (§0.1) and the cap of 100 per payer.
"""

from __future__ import annotations

from typing import Any

import pytest

from .dalian_helpers import E_WIN, FIND_HAND, NO_CAP, READY_P1, RUSH_HAND, dl, tiles_win
from .helpers import errors_of, ok

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
    (
        "a pair wait in a hand with chows is an edge win by house rule: 4·2",
        tiles_win("[234m][456p][555s]678m9p+9p", "discard"),
        None,
        {"edge_includes_edge_and_single": True},
        [0, 8, -8, 0],
    ),
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
