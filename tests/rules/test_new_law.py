"""The rule book's new law (RULES §0.2, §0.8, §1.6/§9.2.1 D-21, §4.5, §9.6.4 Z-13): records a real game
produces that the engine used to refuse, and the two fixes, each worked by hand in the comment beside it.

Every accepted record here was refused before the change (the comment says how), so each row fails without it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import settle

from .helpers import discard, errors_of, kong, ok, self_draw, won

READY_P1 = [{}, {"ready": "ready"}, {}, {}]
NO_CAP = {"cap": None}


def _two_winners_on_p3(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """RULES §4.9 SD6: P0 a standard hand with 2 flowers, P1 seven pairs, both on P3's discard."""
    return won(discard(0, 3, flowers=2, **first), discard(1, 3, "seven_pairs", **second))


ACCEPTED: list[tuple[str, str, dict[str, Any], dict[str, Any] | None, dict[str, Any] | None, list[int]]] = [
    # -- §0.2: a liable player (承包) per win. Before: `liable` was not a field of a win (unknown_field), and the
    # top-level form with two winners was liable_for_several_winners. SD6 pays P0 (5+2)×1 = 7, P1 (5+2)×2 = 14.
    (
        "shandong: a third player is liable for one of two winners on one discard",
        "shandong",
        _two_winners_on_p3({"liable": 2}, {}),
        None,
        None,
        [7, 14, -7, -14],
    ),
    (
        "shandong: the discarder is named liable for one of two winners",
        "shandong",
        _two_winners_on_p3({"liable": 3}, {}),
        None,
        None,
        [7, 14, 0, -21],
    ),
    # The other winner P1 pays P0's 7 out of the 14 P3 pays them.
    (
        "shandong: the other winner is liable for one of two winners",
        "shandong",
        _two_winners_on_p3({"liable": 1}, {}),
        None,
        None,
        [7, 7, 0, -14],
    ),
    # The older top-level form still reads for one winner: P2 pays P0's (5+2) = 7 instead of the discarder P3.
    (
        "shandong: the older top-level liable of a single winner",
        "shandong",
        won(discard(0, 3, flowers=2), liable=2),
        None,
        None,
        [7, 0, -7, 0],
    ),
    # -- §0.8: a treasure rush (冲宝) won at the reveal is no physical copy of the treasure face. Before:
    # more_copies_than_exist (P1's 9s + P2's four). Self-draw 2 × ready 2 × treasure rush 2 = 8 from each.
    (
        "dalian: treasure rush at the reveal while the treasure's four copies are another player's kong",
        "dalian",
        won(
            self_draw(1, "treasure_rush", tiles="[111m]234p456s22p78s+9s"),
            seats=READY_P1,
            kongs=[kong(2, "concealed", "9s")],
            treasure="9s",
        ),
        None,
        None,
        [-8, 24, -8, -8],
    ),
    # The same without the tick: the tiles prove the rush.
    (
        "dalian: the same treasure rush proved by the tiles",
        "dalian",
        won(
            self_draw(1, tiles="[111m]234p456s22p78s+9s"),
            seats=READY_P1,
            kongs=[kong(2, "concealed", "9s")],
            treasure="9s",
        ),
        None,
        None,
        [-8, 24, -8, -8],
    ),
    # -- §0.8, §5.3: a Zhengzhou wild may stand for a tile whose four copies are all in the hand. Before:
    # tiles_not_a_win ("a wild never stands for a fifth copy"). The wild 5s pairs the lone 1m: 10 from each.
    (
        "zhengzhou: a wild standing for a fifth 1m",
        "zhengzhou",
        won(self_draw(1, tiles="[111m]1m456p789p234s+5s"), treasure="5s"),
        None,
        None,
        [-10, 30, -10, -10],
    ),
    # -- §0.8: Dalian 四归一 with a float or 混幺九 beside a 喜杠 / 旋风杠. Before: patterns_exclusive.
    # Discard 4 × four in hand 2 × double float 8 × 喜杠 4 = 256 from P2 (no cap).
    (
        "dalian: four in hand with double float beside a joyous kong",
        "dalian",
        won(discard(1, 2, "four_in_hand", "double_float"), kongs=[kong(1, "dragon_set")]),
        None,
        NO_CAP,
        [0, 256, -256, 0],
    ),
    # 4 × 2 × single float 16 × 旋风杠 4 = 512.
    (
        "dalian: four in hand with single float beside a cyclone kong",
        "dalian",
        won(discard(1, 2, "four_in_hand", "single_float"), kongs=[kong(1, "wind_set")]),
        None,
        NO_CAP,
        [0, 512, -512, 0],
    ),
    # 4 × 2 × 混幺九 8 × double float 8 (added: all terminals force all pungs) × 喜杠 4 = 2048; capped at 100.
    (
        "dalian: four in hand with all terminals and honours beside a joyous kong, capped",
        "dalian",
        won(discard(1, 2, "four_in_hand", "mixed_terminals"), kongs=[kong(1, "dragon_set")]),
        None,
        None,
        [0, 100, -100, 0],
    ),
    # With tiles: [567z] holds the fourth 白 beside 555z. Discard 4 × four in hand 2 × single float 16 ×
    # 混幺九 8 × 喜杠 4 = 4096 from P2; before, ticking the items was patterns_exclusive.
    (
        "dalian: the same hand ticked, with its tiles",
        "dalian",
        won(
            discard(1, 2, "four_in_hand", "single_float", "mixed_terminals", tiles="[567z][111m]999p555z9s+9s"),
        ),
        None,
        NO_CAP,
        [0, 4096, -4096, 0],
    ),
    # -- §4.5: luxury seven pairs needs no 2/5/8 pair. Before: win_requirement. (5 + luxury 4) × self-draw 2 ×
    # seven pairs 2 = 36 from each.
    (
        "shandong: luxury seven pairs without a 2, 5 or 8 pair",
        "shandong",
        won(self_draw(1, tiles="1111m3399p77s1z3z3z+1z")),
        None,
        None,
        [-36, 108, -36, -36],
    ),
    # -- D-21 (§9.2.1): the 13 tiles [789p][555s]1113m678s wait on 2m and 3m, so 2m is no 夹胡: self-draw 2 each.
    # Before: edge win ×2, [-4, 12, -4, -4].
    (
        "dalian: a two-kind wait is no edge win (RD1)",
        "dalian",
        won(self_draw(1, tiles="[789p][555s]1113m678s+2m")),
        {"dealer": 0},
        None,
        [-2, 6, -2, -2],
    ),
    (
        "dalian: the old reading, edge_wait_mode=middle_of_chow",
        "dalian",
        won(self_draw(1, tiles="[789p][555s]1113m678s+2m")),
        {"dealer": 0},
        {"edge_wait_mode": "middle_of_chow"},
        [-4, 12, -4, -4],
    ),
    # 13m99m waits on 2m alone: a single wait on the middle tile, self-draw 2 × edge 2 = 4 each.
    (
        "dalian: a single wait on the middle of a chow is an edge win",
        "dalian",
        won(self_draw(1, tiles="[789p][555s]13m99m678s+2m")),
        {"dealer": 0},
        None,
        [-4, 12, -4, -4],
    ),
    # single_wait_ready: not ready, so no edge win from the tiles; ready, self-draw 2 × ready 2 × edge 2 = 8 each.
    (
        "dalian: single_wait_ready without a ready declaration",
        "dalian",
        won(self_draw(1, tiles="[789p][555s]13m99m678s+2m")),
        {"dealer": 0},
        {"edge_wait_mode": "single_wait_ready"},
        [-2, 6, -2, -2],
    ),
    (
        "dalian: single_wait_ready after a ready declaration",
        "dalian",
        won(self_draw(1, tiles="[789p][555s]13m99m678s+2m"), seats=READY_P1),
        {"dealer": 0},
        {"edge_wait_mode": "single_wait_ready"},
        [-8, 24, -8, -8],
    ),
    # -- Z-13 (§9.6.4): the dealer's stake on kong bonuses too. Win: P0 10·2 = 20, P2 10, P3 10 → P1 +40. P2's
    # concealed kong: P0 10·2 = 20, P1 10, P3 10 → P2 +40. Before Z-13: [-30, 30, 20, -20].
    (
        "zhengzhou: dealer_add_base on the kong bonus the dealer pays (RZ2)",
        "zhengzhou",
        won(self_draw(1), kongs=[kong(2, "concealed", "6m")]),
        {"dealer": 0},
        {"dealer_add_base": True},
        [-40, 30, 30, -20],
    ),
    # The dealer's own exposed kong fed by P3, kong_pao_applies off: 10 × (1 + dealer 1) = 20 from P3; P0 wins
    # 10 × 2 from each.
    (
        "zhengzhou: dealer_add_base on the dealer's kong with kong_pao_applies off",
        "zhengzhou",
        won(self_draw(0), kongs=[kong(0, "exposed", "6m", 3)]),
        {"dealer": 0},
        {"dealer_add_base": True, "kong_pao_applies": False},
        [80, -20, -20, -40],
    ),
]


@pytest.mark.parametrize(
    ("variant", "hand", "state", "options", "deltas"), [c[1:] for c in ACCEPTED], ids=[c[0] for c in ACCEPTED]
)
def test_a_record_the_new_law_accepts_settles_as_worked_by_hand(
    variant: str, hand: dict[str, Any], state: dict[str, Any] | None, options: dict[str, Any] | None, deltas: list[int]
) -> None:
    assert ok(settle(variant, hand, state, options))["deltas"] == deltas


REFUSED: list[tuple[str, str, dict[str, Any], dict[str, Any] | None, tuple[str, str], str | None]] = [
    # A liable player still answers for one win, never their own.
    (
        "shandong: a winner named liable for their own win",
        "shandong",
        _two_winners_on_p3({"liable": 0}, {}),
        None,
        ("contradictory_facts", "wins.0.liable"),
        "liable_is_winner",
    ),
    (
        "shandong: the older top-level liable with two winners cannot say whose win it covers",
        "shandong",
        won(discard(0, 3), discard(1, 3), liable=2),
        None,
        ("contradictory_facts", "liable"),
        "liable_for_several_winners",
    ),
    (
        "shandong: a liable player named both ways",
        "shandong",
        won(discard(0, 3, liable=2), liable=2),
        None,
        ("invalid_value", "liable"),
        None,
    ),
    (
        "shandong: liable for a seven-pairs winner, whom nobody fed a meld",
        "shandong",
        _two_winners_on_p3({}, {"liable": 2}),
        None,
        ("contradictory_facts", "wins.1.liable"),
        "liable_without_fed_melds",
    ),
    (
        "dalian: a liable player on a win where the variant has no 承包",
        "dalian",
        won(discard(1, 2, liable=3)),
        None,
        ("fact_not_in_variant", "wins.0.liable"),
        None,
    ),
    # A physical 9s in hand beside another player's four is five copies, rush or not.
    (
        "dalian: treasure rush with a fifth physical copy in the hand",
        "dalian",
        won(
            self_draw(1, "treasure_rush", tiles="[111m]234p456s789s9s+9s"),
            seats=READY_P1,
            kongs=[kong(2, "concealed", "9s")],
            treasure="9s",
        ),
        None,
        ("contradictory_facts", "wins.0.tiles"),
        "more_copies_than_exist",
    ),
    # Without a 喜杠 or 旋风杠 the fourth copy needs a chow: four in hand and a float still exclude each other.
    (
        "dalian: four in hand with double float and no special set",
        "dalian",
        won(discard(1, 2, "four_in_hand", "double_float")),
        None,
        ("patterns_exclusive", "wins.0.patterns.1"),
        None,
    ),
    (
        "dalian: four in hand with double float beside another player's joyous kong",
        "dalian",
        won(discard(1, 2, "double_float", "four_in_hand"), kongs=[kong(3, "dragon_set")]),
        None,
        ("patterns_exclusive", "wins.0.patterns.1"),
        None,
    ),
    # D-21: ticking an edge win the tiles do not prove under single_wait.
    (
        "dalian: an edge win ticked on a two-kind wait",
        "dalian",
        won(self_draw(1, "edge_wait", tiles="[789p][555s]1113m678s+2m")),
        None,
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
        None,
    ),
    (
        "dalian: single_wait_ready and an edge win ticked on a winner not ready",
        "dalian",
        won(self_draw(1, "edge_wait")),
        {"edge_wait_mode": "single_wait_ready"},
        ("pattern_not_allowed", "wins.0.patterns.0"),
        None,
    ),
    (
        "dalian: an edge win with a float outside single_wait_ready",
        "dalian",
        won(self_draw(1, "edge_wait", "double_float")),
        None,
        ("patterns_exclusive", "wins.0.patterns.1"),
        None,
    ),
]


@pytest.mark.parametrize(
    ("variant", "hand", "options", "error", "contradiction"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_a_record_the_new_law_still_refuses_names_its_problem(
    variant: str,
    hand: dict[str, Any],
    options: dict[str, Any] | None,
    error: tuple[str, str],
    contradiction: str | None,
) -> None:
    result = settle(variant, hand, None, options)
    assert error in errors_of(result)
    if contradiction is not None:
        assert contradiction in {e.get("contradiction") for e in result["errors"]}


def test_under_single_wait_ready_an_edge_win_may_go_with_a_float() -> None:
    # RULES §9.2.1: a ready 单钓 all-pung hand waits on one tile. Self-draw 2 × ready 2 × edge 2 × double float 8.
    hand = won(self_draw(1, "edge_wait", "double_float"), seats=READY_P1)
    result = ok(settle("dalian", hand, None, {"edge_wait_mode": "single_wait_ready"}))
    assert result["deltas"] == [-64, 192, -64, -64]
