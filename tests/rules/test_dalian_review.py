"""Independent review of Dalian Qionghu (RULES.md §1, §7.1): combinations, options and sessions.

Every figure is worked by hand from the rule book in the case's id: amount(p) =
min(cap, base × W × U(p)), W the winner-side product, U(p) = (p unopened ? 2) × (三清 ? 2),
base 1, cap 100 per payer; P0 deals with no streak unless the state says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import get_variant

from .dalian_helpers import READY_P1, closed, dl, own_kongs, ready
from .helpers import discard, errors_of, ok, robbed, self_draw, won

COMBINATIONS = [
    # (id, hand, state, options, deltas)
    (
        "a non-dealer's ready edge self-draw ignores the dealer's streak: 2·2·2 each",
        won(self_draw(2, "edge_wait"), seats=ready(2)),
        {"dealer_streak": 3},
        {},
        [-8, -8, 24, -8],
    ),
    (
        "the dealer kept once wins ready on a kong bloom: 2·2·2·2·2 = 32 each",
        won(self_draw(0, "kong_bloom"), seats=ready(0)),
        {"dealer_streak": 1},
        {},
        [96, -32, -32, -32],
    ),
    (
        "the dealer kept twice wins ready on the last tile: 2·2·4·2·2 = 64 each",
        won(self_draw(0, "last_tile"), seats=ready(0)),
        {"dealer_streak": 2},
        {},
        [192, -64, -64, -64],
    ),
    (
        "the dealer kept three times, ready: 2·2·8·2 = 64, an unopened P1 pays 128 capped at 100",
        won(self_draw(0), seats=[{"ready": "ready"}, {"opened": False}, {}, {}]),
        {"dealer_streak": 3},
        {},
        [228, -100, -64, -64],
    ),
    (
        "edge wait and outside hand on a discard: 4·2·4",
        won(discard(3, 1, "edge_wait", "outside_hand")),
        None,
        {},
        [0, -32, 0, 32],
    ),
    (
        "an unopened dealer discards with dealer_pays_double: 4·2·2",
        won(discard(2, 0), seats=closed(0)),
        None,
        {"dealer_pays_double": True},
        [-16, 0, 16, 0],
    ),
    (
        "dealer_pays_double on a self-draw, P0 and P3 unopened: P0 2·2·2, P1 2, P3 2·2",
        won(self_draw(2), seats=closed(0, 3)),
        None,
        {"dealer_pays_double": True},
        [-8, -2, 14, -4],
    ),
    (
        "三清 with dealer_pays_double: P0 2·2·2·2, P2 and P3 2·2·2",
        won(self_draw(1), seats=closed(0, 2, 3)),
        None,
        {"dealer_pays_double": True},
        [-16, 32, -8, -8],
    ),
    (
        "closed_payer_factor 1 keeps 三清 and the dealer's double: P0 2·2·2, others 2·2",
        won(self_draw(1), seats=closed(0, 2, 3)),
        None,
        {"closed_payer_factor": 1, "dealer_pays_double": True},
        [-8, 16, -4, -4],
    ),
    (
        "the dealer kept once wins ready on a discard at ×2: 2·2·2·2",
        won(discard(0, 2), seats=ready(0)),
        {"dealer_streak": 1},
        {"discard_win_multiplier": 2},
        [16, 0, -16, 0],
    ),
    ("robbing a kong at discard ×2: 2·2", won(robbed(1, 3)), None, {"discard_win_multiplier": 2}, [0, 4, 0, -4]),
    (
        "a robbed kong paid by all, P0 unopened: 4·2 each, P0 ×2",
        won(robbed(1, 3), seats=closed(0)),
        None,
        {"rob_kong_payer": "all"},
        [-16, 32, -8, -8],
    ),
    (
        "a robbed kong paid by all at discard ×2: 2·2 each",
        won(robbed(1, 3)),
        None,
        {"rob_kong_payer": "all", "discard_win_multiplier": 2},
        [-4, 12, -4, -4],
    ),
    (
        "the dealer robs a kong, ready: 4·2·2·2",
        won(robbed(0, 2), seats=ready(0)),
        None,
        {},
        [32, 0, -32, 0],
    ),
    (
        "a joyous kong and a cyclone kong on a discard: 4·4·4",
        won(discard(2, 1), kongs=own_kongs(2, ("dragon_set", None), ("wind_set", None))),
        None,
        {},
        [0, -64, 64, 0],
    ),
    (
        "a ready self-draw with a joyous kong and one dragon added: 2·2·4·2 = 32 each",
        won(self_draw(2, "dragon_bonus"), seats=ready(2), kongs=own_kongs(2, ("dragon_set", None))),
        None,
        {},
        [-32, -32, 96, -32],
    ),
    (
        "a big concealed kong of Red and a cyclone kong on a discard: 4·8·4 = 128, capped",
        won(discard(2, 1), kongs=own_kongs(2, ("concealed", "7z"), ("wind_set", None))),
        None,
        {},
        [0, -100, 100, 0],
    ),
    (
        "two big concealed kongs on a self-draw: 2·8·8 = 128 each, capped",
        won(self_draw(2), kongs=own_kongs(2, ("concealed", "1z"), ("concealed", "2z"))),
        None,
        {},
        [-100, -100, 300, -100],
    ),
    (
        "two big kongs and an exposed kong that opens the hand, no cap: 4·8·8",
        won(discard(2, 1), kongs=own_kongs(2, ("concealed", "3z"), ("concealed", "4z"), ("exposed", "5m"))),
        None,
        {"cap": None},
        [0, -256, 256, 0],
    ),
    (
        "a ready edge win on an unopened discarder with 三清: 4·2·2 × 2·2",
        won(discard(3, 0, "edge_wait"), seats=closed(0, 1, 2, ready=3)),
        None,
        {},
        [-64, 0, 0, 64],
    ),
    (
        "a ready single float with 三清 on a self-draw: 2·2·16·2·2 = 256 each, capped",
        won(self_draw(1, "single_float"), seats=closed(0, 2, 3, ready=1)),
        None,
        {},
        [-100, 300, -100, -100],
    ),
    (
        "no cap: the dealer kept once, ready, all terminals in a single float: 2·2·2·2·8·16",
        won(self_draw(0, "mixed_terminals", "single_float"), seats=ready(0)),
        {"dealer_streak": 1},
        {"cap": None},
        [6144, -2048, -2048, -2048],
    ),
    (
        "cap 20: a ready double float self-draw 2·2·8 = 32 pays 20 each",
        won(self_draw(2, "double_float"), seats=ready(2)),
        None,
        {"cap": 20},
        [-20, -20, 60, -20],
    ),
    (
        "total cap 20 on 32 + 32 + 32: 20 shared, the spare points to P3 and P0 after the winner",
        won(self_draw(2, "double_float"), seats=ready(2)),
        None,
        {"cap": 20, "cap_scope": "total"},
        [-7, -6, 20, -7],
    ),
    (
        "hidden treasure per tile three times in 'both' mode: 4·2·2·2·2",
        won(discard(1, 2, *["hidden_treasure"] * 3), seats=READY_P1),
        None,
        {"hidden_treasure_per": "tile", "treasure_mode": "both"},
        [0, 64, -64, 0],
    ),
    (
        "treasure rush with two hidden treasures per tile: 2·2·2·2·2 = 32 each",
        won(self_draw(1, "treasure_rush", "hidden_treasure", "hidden_treasure"), seats=READY_P1),
        None,
        {"hidden_treasure_per": "tile"},
        [-32, 96, -32, -32],
    ),
    (
        "finding treasure on a kong bloom, P0 unopened: W = 2·2·2·2, P0 ×2",
        won(self_draw(1, "finding_treasure", "kong_bloom"), seats=[{"opened": False}, {"ready": "ready"}, {}, {}]),
        None,
        {},
        [-32, 64, -16, -16],
    ),
    (
        "the ready dealer finds the treasure on the last tile: 2·2·2·2·2 = 32 each",
        won(self_draw(0, "last_tile", "finding_treasure"), seats=ready(0)),
        None,
        {},
        [96, -32, -32, -32],
    ),
    (
        "four in hand twice in an outside hand on a self-draw: 2·2·2·4 = 32 each",
        won(self_draw(2, "four_in_hand", "four_in_hand", "outside_hand")),
        None,
        {},
        [-32, -32, 96, -32],
    ),
    (
        "flowing tears, edge wait and ready: 4·2·2·2",
        won(discard(3, 2, "flowing_tears", "edge_wait"), seats=ready(3)),
        None,
        {},
        [0, 0, -32, 32],
    ),
    ("base 2: a ready self-draw 2·2·2 each", won(self_draw(2), seats=ready(2)), None, {"base": 2}, [-8, -8, 24, -8]),
    (
        "base 3: a single float on a discard 3·4·16 = 192, capped at 100",
        won(discard(2, 1, "single_float")),
        None,
        {"base": 3},
        [0, -100, 100, 0],
    ),
    (
        "an outside hand of pungs is all terminals and honours: 4·8·8 without a cap",
        won(discard(2, 1, "outside_hand", "double_float")),
        None,
        {"cap": None},
        [0, -256, 256, 0],
    ),
    (
        "the same with the family stacking: 4·8·4·8",
        won(discard(2, 1, "outside_hand", "double_float")),
        None,
        {"cap": None, "terminal_family_stacks": True},
        [0, -1024, 1024, 0],
    ),
    (
        "pure terminals in a single float, stacked, no cap: 4·16·8·4·16",
        won(discard(2, 1, "pure_terminals", "single_float")),
        None,
        {"cap": None, "terminal_family_stacks": True},
        [0, -32768, 32768, 0],
    ),
    (
        "手把一 on a discard by house rule: 4·2·16 = 128, capped",
        won(discard(2, 1, "single_remaining")),
        None,
        {"allow_shou_ba_yi": True},
        [0, -100, 100, 0],
    ),
    (
        "dragon_kong mode: the ready winner's exposed Red kong is a 喜杠 on a self-draw: 2·2·4 each",
        won(self_draw(2), seats=ready(2), kongs=own_kongs(2, ("exposed", "7z"))),
        None,
        {"xi_gang_mode": "dragon_kong"},
        [-16, -16, 48, -16],
    ),
    (
        "an exposed kong of White is no 喜杠 by default: a ready self-draw 2·2 each",
        won(self_draw(2), seats=ready(2), kongs=own_kongs(2, ("exposed", "5z"))),
        None,
        {},
        [-4, -4, 12, -4],
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "deltas"), [c[1:] for c in COMBINATIONS], ids=[c[0] for c in COMBINATIONS]
)
def test_combined_items_multiply_per_payer_as_worked_by_hand(
    hand: dict[str, Any], state: dict[str, Any] | None, options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(dl(hand, state, **options))["deltas"] == deltas


IMPOSSIBLE = [
    # (id, hand, options, (code, field))
    ("edge wait with terminal wait", won(discard(2, 1, "edge_wait", "terminal_wait")), {}, "wins.0.patterns.1"),
    ("terminal wait in a double float", won(discard(2, 1, "double_float", "terminal_wait")), {}, "wins.0.patterns.1"),
    ("terminal wait in a single float", won(discard(2, 1, "terminal_wait", "single_float")), {}, "wins.0.patterns.1"),
    ("four in hand in a double float", won(discard(2, 1, "four_in_hand", "double_float")), {}, "wins.0.patterns.1"),
    ("four in hand with all terminals", won(discard(2, 1, "mixed_terminals", "four_in_hand")), {}, "wins.0.patterns.1"),
    ("kong bloom on the last tile", won(self_draw(2, "kong_bloom", "last_tile")), {}, "wins.0.patterns.1"),
    (
        "手把一 with four in hand",
        won(self_draw(2, "single_remaining", "four_in_hand")),
        {"allow_shou_ba_yi": True},
        "wins.0.patterns.1",
    ),
]


@pytest.mark.parametrize(("hand", "options", "field"), [c[1:] for c in IMPOSSIBLE], ids=[c[0] for c in IMPOSSIBLE])
def test_patterns_that_cannot_happen_together_are_refused(
    hand: dict[str, Any], options: dict[str, Any], field: str
) -> None:
    assert ("patterns_exclusive", field) in errors_of(dl(hand, None, **options))


REFUSED = [
    ("treasure rush on a discard", won(discard(1, 2, "treasure_rush"), seats=READY_P1), {}, "pattern_method_conflict"),
    ("last tile on a robbed kong", won(robbed(2, 1, "last_tile")), {}, "pattern_method_conflict"),
    ("flowing tears on a robbed kong", won(robbed(2, 1, "flowing_tears")), {}, "pattern_method_conflict"),
    ("kong bloom on a robbed kong", won(robbed(2, 1, "kong_bloom")), {}, "pattern_method_conflict"),
    ("hidden treasure without ready", won(discard(2, 1, "hidden_treasure")), {}, "pattern_not_allowed"),
    ("a robbed player marked unopened", won(robbed(1, 3), seats=closed(3)), {}, "contradictory_facts"),
    (
        "three concealed kongs and the claimed set R4 needs",
        won(discard(2, 1), kongs=own_kongs(2, ("concealed", "1m"), ("concealed", "2p"), ("concealed", "3s"))),
        {},
        "win_requirement",
    ),
    (
        "a joyous, a cyclone and a concealed kong leave no room for a claim",
        won(discard(2, 1), kongs=own_kongs(2, ("dragon_set", None), ("wind_set", None), ("concealed", "5m"))),
        {},
        "win_requirement",
    ),
    (
        "a big East kong beside a cyclone kong is five Easts",
        won(discard(2, 1), kongs=own_kongs(2, ("concealed", "1z"), ("wind_set", None))),
        {},
        "contradictory_facts",
    ),
    ("an unknown option", won(discard(2, 1)), {"treasure_stacks": True}, "unknown_option"),
    ("a cap of 0", won(discard(2, 1)), {"cap": 0}, "invalid_option"),
]


@pytest.mark.parametrize(("hand", "options", "code"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_records_the_rules_forbid_are_refused_with_their_code(
    hand: dict[str, Any], options: dict[str, Any], code: str
) -> None:
    result = dl(hand, {"dealer": 2, "dealer_streak": 1}, **options)
    assert code in {error_code for error_code, _ in errors_of(result)}
    assert result["state"]["dealer"] == 2 and result["state"]["dealer_streak"] == 1


def test_the_declared_exclusions_name_each_impossible_pair_both_ways_round() -> None:
    catalogue = {pattern["id"]: set(pattern["excludes"]) for pattern in get_variant("dalian")["patterns"]}

    def exclusive(first: str, second: str) -> bool:
        return second in catalogue[first] or first in catalogue[second]

    for pair in [
        ("edge_wait", "terminal_wait"),
        ("terminal_wait", "double_float"),
        ("four_in_hand", "pure_terminals"),
        ("kong_bloom", "last_tile"),
        ("treasure_rush", "finding_treasure"),
    ]:
        assert exclusive(*pair), pair
    assert not exclusive("edge_wait", "outside_hand")
    assert not exclusive("four_in_hand", "outside_hand")
    # A 喜杠 or 旋风杠 can hold the fourth honour beside a pung (RULES §0.8): checks.py refuses these only without one.
    for shape in ("double_float", "single_float", "mixed_terminals"):
        assert not exclusive("four_in_hand", shape)


def test_the_robbed_kong_option_tells_the_players_what_each_payer_pays() -> None:
    option = next(o for o in get_variant("dalian")["options"] if o["key"] == "rob_kong_payer")
    assert option["default"] == "kong_declarer"
    assert "discard ×4 and robbing ×2" in option["meaning"]
