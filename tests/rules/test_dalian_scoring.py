"""Dalian Qionghu (大连穷胡) payments: RULES.md §1.6 and §7.1, worked by hand.

amount(p) = min(cap, base × W × U(p)), base 1 and cap 100 per payer by default. Each
expected figure is worked from the rule book in the case's id or comment, never taken
from the engine's output.
"""

from __future__ import annotations

from typing import Any

import pytest

from .dalian_helpers import JOYOUS_P2, NO_CAP, READY_P1, closed, dl, own_kongs, ready
from .helpers import discard, examples_for, ok, robbed, self_draw, won

EXAMPLES = examples_for("dalian")

# -- the rule book's worked examples ---------------------------------------------------------------


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_the_rule_books_dalian_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = ok(dl(case["hand"], case.get("state"), **case.get("options", {})))
    assert result["deltas"] == case["expect"]["deltas"]
    for key, value in case["expect"].get("state", {}).items():
        assert dict(result["state"])[key] == value


# -- every scoring item ---------------------------------------------------------------------------

SCORING = [
    # (id, hand, state, options, deltas)
    ("discard win ×4 paid by the discarder alone", won(discard(2, 1)), None, {}, [0, -4, 4, 0]),
    ("self-draw ×2 from each of three", won(self_draw(2)), None, {}, [-2, -2, 6, -2]),
    ("dealer self-draw 2·2 = 4 each", won(self_draw(0)), None, {}, [12, -4, -4, -4]),
    ("dealer continuation k=2: 2·2·4 = 16 each", won(self_draw(0)), {"dealer_streak": 2}, {}, [48, -16, -16, -16]),
    ("continuation only when the dealer wins", won(self_draw(1)), {"dealer_streak": 2}, {}, [-2, 6, -2, -2]),
    ("ready ×2 on a discard: 4·2", won(discard(3, 0), seats=closed(ready=3)), None, {}, [-8, 0, 0, 8]),
    ("edge wait 4·2", won(discard(2, 1, "edge_wait")), None, {}, [0, -8, 8, 0]),
    ("terminal wait 4·2", won(discard(2, 1, "terminal_wait")), None, {}, [0, -8, 8, 0]),
    ("double float 4·8", won(discard(2, 1, "double_float")), None, {}, [0, -32, 32, 0]),
    ("single float 4·16", won(discard(2, 1, "single_float")), None, {}, [0, -64, 64, 0]),
    (
        "手把一 with the house rule: 2·2·16 (it is always a single float)",
        won(self_draw(1, "single_remaining")),
        None,
        {"allow_shou_ba_yi": True},
        [-64, 192, -64, -64],
    ),
    ("kong bloom 2·2", won(self_draw(2, "kong_bloom")), None, {}, [-4, -4, 12, -4]),
    ("last tile 2·2", won(self_draw(2, "last_tile")), None, {}, [-4, -4, 12, -4]),
    ("four in hand twice 4·2·2", won(discard(2, 1, "four_in_hand", "four_in_hand")), None, {}, [0, -16, 16, 0]),
    ("flowing tears 4·2", won(discard(2, 1, "flowing_tears")), None, {}, [0, -8, 8, 0]),
    ("treasure rush 2·2·2", won(self_draw(1, "treasure_rush"), seats=READY_P1), None, {}, [-8, 24, -8, -8]),
    ("hidden treasure 4·2·2", won(discard(1, 2, "hidden_treasure"), seats=READY_P1), None, {}, [0, 16, -16, 0]),
    ("outside hand 4·4", won(discard(2, 1, "outside_hand")), None, {}, [0, -16, 16, 0]),
    (
        "all terminals & honours 4·8·8 (double float added)",
        won(discard(2, 1, "mixed_terminals")),
        None,
        NO_CAP,
        [0, -256, 256, 0],
    ),
    (
        "pure terminals 4·16·8 (double float added)",
        won(discard(2, 1, "pure_terminals")),
        None,
        NO_CAP,
        [0, -512, 512, 0],
    ),
    (
        "all terminals with single float 4·8·16",
        won(discard(2, 1, "mixed_terminals", "single_float")),
        None,
        NO_CAP,
        [0, -512, 512, 0],
    ),
    ("joyous kong 4·4", won(discard(2, 1), kongs=JOYOUS_P2), None, {}, [0, -16, 16, 0]),
    ("two joyous kongs 4·4·4", won(discard(2, 1), kongs=JOYOUS_P2 * 2), None, {}, [0, -64, 64, 0]),
    (
        "dragon bonus twice 4·4·2·2",
        won(discard(2, 1, "dragon_bonus", "dragon_bonus"), kongs=JOYOUS_P2),
        None,
        {},
        [0, -64, 64, 0],
    ),
    ("cyclone kong 4·4", won(discard(2, 1), kongs=[{"seat": 2, "kind": "wind_set"}]), None, {}, [0, -16, 16, 0]),
    (
        "big concealed kong of East 4·8",
        won(discard(2, 1), kongs=[{"seat": 2, "kind": "concealed", "tile": "1z"}]),
        None,
        {},
        [0, -32, 32, 0],
    ),
    (
        "a concealed kong of a suit tile is no 大杠",
        won(discard(2, 1), kongs=[{"seat": 2, "kind": "concealed", "tile": "5m"}]),
        None,
        {},
        [0, -4, 4, 0],
    ),
    (
        "a concealed kong without its tile is no 大杠",
        won(discard(2, 1), kongs=[{"seat": 2, "kind": "concealed"}]),
        None,
        {},
        [0, -4, 4, 0],
    ),
    (
        "an exposed dragon kong is no 喜杠 by default",
        won(discard(2, 1), kongs=[{"seat": 2, "kind": "exposed", "tile": "6z", "from": 3}]),
        None,
        {},
        [0, -4, 4, 0],
    ),
    (
        "another player's kongs score nothing",
        won(discard(2, 1), kongs=[{"seat": 3, "kind": "concealed", "tile": "7z"}]),
        None,
        {},
        [0, -4, 4, 0],
    ),
    (
        "robbing a kong: the robbed player pays 4·2",
        won({"seat": 2, "method": "rob_kong", "from": 3, "patterns": []}),
        None,
        {},
        [0, 0, 8, -8],
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "deltas"),
    [case[1:] for case in SCORING],
    ids=[case[0] for case in SCORING],
)
def test_each_scoring_item_multiplies_the_payment(
    hand: dict[str, Any], state: dict[str, Any] | None, options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(dl(hand, state, **options))["deltas"] == deltas


PAYERS = [
    ("an unopened discarder pays ×2: 4·2", won(discard(2, 1), seats=closed(1)), {}, [0, -8, 8, 0]),
    ("three unopened opponents on a discard: 4·2·2", won(discard(2, 1), seats=closed(0, 1, 3)), {}, [0, -16, 16, 0]),
    (
        "three unopened opponents on a self-draw: 2·2·2 each",
        won(self_draw(2), seats=closed(0, 1, 3)),
        {},
        [-8, -8, 24, -8],
    ),
    (
        "closed_payer_factor 1: only 三清 remains, 2·2 each",
        won(self_draw(2), seats=closed(0, 1, 3)),
        {"closed_payer_factor": 1},
        [-4, -4, 12, -4],
    ),
    (
        "closed_payer_factor 1 without 三清: 2 each",
        won(self_draw(1), seats=closed(0, 3)),
        {"closed_payer_factor": 1},
        [-2, 6, -2, -2],
    ),
    (
        "the dealer pays double when the house rule says so",
        won(self_draw(1)),
        {"dealer_pays_double": True},
        [-4, 8, -2, -2],
    ),
    ("discard_win_multiplier 2", won(discard(2, 1)), {"discard_win_multiplier": 2}, [0, -2, 2, 0]),
    (
        "rob_kong_payer all: each of three pays the robbed-kong amount 4·2",
        won({"seat": 2, "method": "rob_kong", "from": 3, "patterns": []}),
        {"rob_kong_payer": "all"},
        [-8, -8, 24, -8],
    ),
    ("base 5: 5·4", won(discard(2, 1)), {"base": 5}, [0, -20, 20, 0]),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in PAYERS], ids=[c[0] for c in PAYERS])
def test_each_payer_rule_and_payer_factor(hand: dict[str, Any], options: dict[str, Any], deltas: list[int]) -> None:
    assert ok(dl(hand, None, **options))["deltas"] == deltas


SINGLE_FLOAT_P1 = self_draw(1, "single_float")
CAPS = [
    # ready single float on a discard: 4·2·16 = 128
    ("capped at 100 per payer", won(discard(1, 2, "single_float"), seats=READY_P1), {}, [0, 100, -100, 0]),
    ("no cap", won(discard(1, 2, "single_float"), seats=READY_P1), NO_CAP, [0, 128, -128, 0]),
    ("cap 50", won(discard(1, 2, "single_float"), seats=READY_P1), {"cap": 50}, [0, 50, -50, 0]),
    (
        "total cap, one payer",
        won(discard(1, 2, "single_float"), seats=READY_P1),
        {"cap_scope": "total"},
        [0, 100, -100, 0],
    ),
    # self-draw ready single float: 2·2·16 = 64 each, 192 in all > 100: 33⅓ each, the spare point to P2
    (
        "total cap shared evenly, the spare point to the first payer after the winner",
        won(SINGLE_FLOAT_P1, seats=READY_P1),
        {"cap_scope": "total"},
        [-33, 100, -34, -33],
    ),
    # P0 unopened: 64, 64, 128 = 256 → 25, 25, 50
    (
        "total cap shared in proportion",
        won(SINGLE_FLOAT_P1, seats=closed(0, ready=1)),
        {"cap_scope": "total"},
        [-50, 100, -25, -25],
    ),
    # P0 unopened and the dealer paying double: P2 64, P3 64, P0 256 = 384 → 16⅔, 16⅔, 66⅔; remainders tie,
    # so the two spare points go to P2 and P3, first in turn after the winner
    (
        "total cap ties go in turn order",
        won(SINGLE_FLOAT_P1, seats=closed(0, ready=1)),
        {"cap_scope": "total", "dealer_pays_double": True},
        [-66, 100, -17, -17],
    ),
    # P3 and P0 unopened, P0 the dealer paying double: 64, 128, 256 = 448 → 14.28, 28.57, 57.14: the spare
    # point goes to the largest fraction, P3's
    (
        "total cap spare points to the largest fraction",
        won(SINGLE_FLOAT_P1, seats=closed(0, 3, ready=1)),
        {"cap_scope": "total", "dealer_pays_double": True},
        [-57, 100, -14, -29],
    ),
    ("total cap not reached", won(self_draw(1)), {"cap_scope": "total"}, [-2, 6, -2, -2]),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in CAPS], ids=[c[0] for c in CAPS])
def test_the_cap_per_payer_or_in_total(hand: dict[str, Any], options: dict[str, Any], deltas: list[int]) -> None:
    assert ok(dl(hand, None, **options))["deltas"] == deltas


FAMILY_STACKS = [
    ("pure terminals 4·16·8·4 (mixed and outside stack)", "pure_terminals", 4 * 16 * 8 * 4 * 8),
    ("mixed terminals 4·8·4·8", "mixed_terminals", 4 * 8 * 4 * 8),
    ("outside hand alone 4·4", "outside_hand", 16),
]


@pytest.mark.parametrize(("pattern", "amount"), [c[1:] for c in FAMILY_STACKS], ids=[c[0] for c in FAMILY_STACKS])
def test_the_terminal_family_stacks_with_the_house_rule(pattern: str, amount: int) -> None:
    result = ok(dl(won(discard(2, 1, pattern)), None, cap=None, terminal_family_stacks=True))
    assert result["deltas"] == [0, -amount, amount, 0]


def test_the_joyous_kong_is_an_exposed_dragon_kong_in_dragon_kong_mode() -> None:
    # P3's exposed 中 kong is a 喜杠 too, so it leaves P3 unopened: no contradiction, and P3 pays as closed.
    kongs = [
        {"seat": 2, "kind": "exposed", "tile": "6z", "from": 3},
        {"seat": 3, "kind": "exposed", "tile": "7z", "from": 0},
    ]
    result = ok(dl(won(discard(2, 3), kongs=kongs, seats=closed(3)), None, xi_gang_mode="dragon_kong"))
    assert result["deltas"] == [0, 0, 32, -32]  # discard 4 · joyous 4 · unopened payer 2


def test_hidden_treasure_counts_per_tile_with_the_house_rule() -> None:
    hand = won(discard(1, 2, "hidden_treasure", "hidden_treasure"), seats=READY_P1)
    assert ok(dl(hand, None, hidden_treasure_per="tile"))["deltas"] == [0, 32, -32, 0]  # 4·2·2·2


def test_the_reasons_show_the_worked_arithmetic_and_the_cap() -> None:
    result = ok(dl(won(discard(1, 2, "single_float"), seats=closed(2, ready=1))))
    texts = [line["text"] for line in result["lines"]]
    assert (
        "P2 pays 100 to P1: base 1 × discard win ×4 × ready 报听 ×2 × single float ×16 × unopened payer 门清 ×2"
        " = 256, capped at 100" in texts
    )
    assert "Next dealer P1 (the seat after the dealer); continuation 0." in texts


# -- combined items (§1, §7.1) ---------------------------------------------------------------------
# amount(p) = min(cap, base × W × U(p)), W the winner-side product, U(p) = (p unopened ? 2) × (三清 ? 2),
# base 1, cap 100 per payer; P0 deals with no streak unless the state says otherwise.


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
