"""Dalian Qionghu (大连穷胡): RULES.md §1 and §7.1, worked by hand.

amount(p) = min(cap, base × W × U(p)), base 1 and cap 100 per payer by default. Each
expected figure is worked from the rule book in the case's id or comment, never taken
from the engine's output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, replay, settle
from tablekeeper.rules.tiles import tile_index
from tablekeeper.rules.variants.treasure import indicator_of, treasure_faces, treasure_is_wild, wild_faces

EXAMPLES = [
    case
    for case in json.loads((Path(__file__).parent / "data" / "examples.json").read_text(encoding="utf-8"))["cases"]
    if case["variant"] == "dalian"
]
READY_P1 = [{}, {"ready": "ready"}, {}, {}]
E_WIN = "win_requirement"


def dl(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    return settle("dalian", hand, state, options or None)


def won(*wins: dict[str, Any], **facts: Any) -> dict[str, Any]:
    return {"result": "win", "wins": list(wins), **facts}


def discard(seat: int, frm: int, *patterns: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "method": "discard", "from": frm, "patterns": list(patterns), **extra}


def self_draw(seat: int, *patterns: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "method": "self_draw", "patterns": list(patterns), **extra}


def closed(*seats: int, ready: int | None = None) -> list[dict[str, Any]]:
    return [{"opened": seat not in seats, "ready": "ready" if seat == ready else "none"} for seat in range(4)]


def ok(result: dict[str, Any]) -> dict[str, Any]:
    assert result["ok"], result["errors"]
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    assert result["pot_delta"] == 0
    return result


def errors_of(result: dict[str, Any]) -> set[tuple[str, str | None]]:
    assert not result["ok"]
    assert result["deltas"] == [0, 0, 0, 0]
    return {(e["code"], e["field"]) for e in result["errors"]}


# -- the rule book's worked examples ---------------------------------------------------------------


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_the_rule_books_dalian_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = ok(dl(case["hand"], case.get("state"), **case.get("options", {})))
    assert result["deltas"] == case["expect"]["deltas"]
    for key, value in case["expect"].get("state", {}).items():
        assert result["state"][key] == value


# -- every scoring item ---------------------------------------------------------------------------

NO_CAP = {"cap": None}
JOYOUS_P2 = [{"seat": 2, "kind": "dragon_set"}]

SCORING = [
    # (id, hand, state, options, deltas)
    ("discard win ×4 paid by the discarder alone", won(discard(2, 1)), None, {}, [0, -4, 4, 0]),
    ("self-draw ×2 from each of three", won(self_draw(2)), None, {}, [-2, -2, 6, -2]),
    ("dealer self-draw 2·2 = 4 each", won(self_draw(0)), None, {}, [12, -4, -4, -4]),
    ("dealer continuation k=2: 2·2·4 = 16 each", won(self_draw(0)), {"dealer_streak": 2}, {}, [48, -16, -16, -16]),
    ("continuation only when the dealer wins", won(self_draw(1)), {"dealer_streak": 2}, {}, [-2, 6, -2, -2]),
    ("ready ×2 on a discard: 4·2", won(discard(3, 0), seats=closed(ready=3)), None, {}, [-8, 0, 0, 8]),
    ("edge and terminal wait 4·2·2", won(discard(2, 1, "edge_wait", "terminal_wait")), None, {}, [0, -16, 16, 0]),
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
        "rob_kong_payer all: three pay 2·2",
        won({"seat": 2, "method": "rob_kong", "from": 3, "patterns": []}),
        {"rob_kong_payer": "all"},
        [-4, -4, 12, -4],
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


# -- dealer rotation and counters (§1.7, D-2, D-17) -----------------------------------------------

ROTATION = [
    (
        "the dealer wins and keeps the deal",
        won(self_draw(2)),
        {"dealer": 2, "dealer_streak": 1},
        {},
        {"dealer": 2, "dealer_streak": 2, "draw_streak": 0},
    ),
    (
        "another player wins: the next seat deals, not the winner",
        won(discard(2, 1)),
        {"dealer": 3, "dealer_streak": 4},
        {},
        {"dealer": 0, "dealer_streak": 0},
    ),
    (
        "a draw keeps the dealer and counts toward the streak",
        {"result": "draw"},
        {"dealer": 1, "dealer_streak": 1},
        {},
        {"dealer": 1, "dealer_streak": 2, "draw_streak": 1},
    ),
    (
        "a draw without streak_counts_draws keeps the streak",
        {"result": "draw"},
        {"dealer": 1, "dealer_streak": 1},
        {"streak_counts_draws": False},
        {"dealer": 1, "dealer_streak": 1, "draw_streak": 1},
    ),
    (
        "draw_dealer rotate passes the deal",
        {"result": "draw"},
        {"dealer": 3, "dealer_streak": 2, "draw_streak": 1},
        {"draw_dealer": "rotate"},
        {"dealer": 0, "dealer_streak": 0, "draw_streak": 2},
    ),
    ("a win ends the run of draws", won(discard(2, 1)), {"dealer": 0, "draw_streak": 3}, {}, {"draw_streak": 0}),
    (
        "a cancelled hand changes nothing",
        {"result": "void"},
        {"dealer": 2, "dealer_streak": 1, "draw_streak": 1},
        {},
        {"dealer": 2, "dealer_streak": 1, "draw_streak": 1, "previous": "void"},
    ),
]


@pytest.mark.parametrize(
    ("hand", "state", "options", "expected"), [c[1:] for c in ROTATION], ids=[c[0] for c in ROTATION]
)
def test_dealer_rotation_and_counters(
    hand: dict[str, Any], state: dict[str, Any], options: dict[str, Any], expected: dict[str, Any]
) -> None:
    result = ok(dl(hand, state, **options))
    for key, value in expected.items():
        assert result["state"][key] == value, key


def test_a_draw_pays_nothing() -> None:
    assert ok(dl({"result": "draw"}))["deltas"] == [0, 0, 0, 0]


def test_a_kept_draw_raises_the_dealers_continuation_on_the_next_win() -> None:
    session = replay("dalian", [{"result": "draw"}, won(self_draw(0))])
    assert session["ok"]
    # after the draw k = 1: self-draw 2 · dealer 2 · continuation 2 = 8 each
    assert session["totals"] == [24, -8, -8, -8]
    assert session["state"]["dealer_streak"] == 2


# -- validation -----------------------------------------------------------------------------------

INVALID = [
    ("an unopened winner", won(discard(2, 1), seats=closed(2)), {}, (E_WIN, "seats.2.opened")),
    (
        "no ready declaration where it is required",
        won(discard(2, 1)),
        {"must_declare_ready": True},
        (E_WIN, "seats.2.ready"),
    ),
    (
        "a treasure pattern without ready",
        won(self_draw(2, "finding_treasure")),
        {},
        ("pattern_not_allowed", "wins.0.patterns.0"),
    ),
    (
        "treasure rush and finding treasure together",
        won(self_draw(1, "treasure_rush", "finding_treasure"), seats=READY_P1),
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "finding treasure on a discard",
        won(discard(1, 2, "finding_treasure"), seats=READY_P1),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    ("kong bloom on a discard", won(discard(2, 1, "kong_bloom")), {}, ("pattern_method_conflict", "wins.0.patterns.0")),
    (
        "flowing tears on a self-draw",
        won(self_draw(2, "flowing_tears")),
        {},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "手把一 without the house rule",
        won(self_draw(2, "single_remaining")),
        {"allow_shou_ba_yi": False},
        ("pattern_not_allowed", "wins.0.patterns.0"),
    ),
    (
        "edge wait in a float hand",
        won(discard(2, 1, "edge_wait", "double_float")),
        {},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "hidden treasure twice per hand",
        won(discard(1, 2, "hidden_treasure", "hidden_treasure"), seats=READY_P1),
        {},
        ("pattern_repeated", "wins.0.patterns.1"),
    ),
    (
        "hidden treasure five times per tile",
        won(discard(1, 2, *["hidden_treasure"] * 5), seats=READY_P1),
        {"hidden_treasure_per": "tile"},
        ("pattern_repeated", "wins.0.patterns.4"),
    ),
    (
        "four in hand four times",
        won(discard(2, 1, *["four_in_hand"] * 4)),
        {},
        ("pattern_repeated", "wins.0.patterns.3"),
    ),
    (
        "a dragon bonus without a joyous kong",
        won(discard(2, 1, "dragon_bonus")),
        {},
        ("pattern_not_allowed", "wins.0.patterns.0"),
    ),
    (
        "ten dragon bonuses on one joyous kong (9 dragons left)",
        won(discard(2, 1, *["dragon_bonus"] * 10), kongs=JOYOUS_P2),
        {},
        ("pattern_repeated", "wins.0.patterns.9"),
    ),
    (
        "a 中发白 set when 喜杠 is a dragon kong",
        won(discard(2, 1), kongs=JOYOUS_P2),
        {"xi_gang_mode": "dragon_kong"},
        ("fact_not_in_variant", "kongs.0.kind"),
    ),
    (
        "a dragon set of winds",
        won(discard(2, 1), kongs=[{"seat": 2, "kind": "dragon_set", "tile": "1z"}]),
        {},
        ("contradictory_facts", "kongs.0.tile"),
    ),
    (
        "a kong added onto a dragon pung",
        won(discard(2, 1), kongs=[{"seat": 2, "kind": "added", "tile": "7z", "from": 3}]),
        {},
        ("contradictory_facts", "kongs.0.kind"),
    ),
    (
        "an exposed kong by a player marked unopened",
        won(discard(2, 1), seats=closed(3), kongs=[{"seat": 3, "kind": "exposed", "tile": "5m", "from": 0}]),
        {},
        ("contradictory_facts", "seats.3.opened"),
    ),
    (
        "five White dragons",
        won(discard(2, 1), kongs=[{"seat": 0, "kind": "dragon_set"}, {"seat": 3, "kind": "concealed", "tile": "5z"}]),
        {},
        ("contradictory_facts", "kongs.1"),
    ),
    (
        "a winner with four kongs (手把一)",
        won(discard(2, 1), kongs=[{"seat": 2, "kind": "concealed", "tile": f"{n}m"} for n in (1, 2, 3, 4)]),
        {},
        (E_WIN, "kongs"),
    ),
    (
        "another player with four kongs",
        won(discard(2, 1), kongs=[{"seat": 3, "kind": "concealed", "tile": f"{n}m"} for n in (1, 2, 3, 4)]),
        {},
        ("contradictory_facts", "kongs"),
    ),
    ("a treasure when nobody is ready", won(discard(2, 1), treasure="4s"), {}, ("contradictory_facts", "treasure")),
    ("two winners", won(discard(2, 1), discard(3, 1)), {}, ("multiple_winners_not_allowed", "wins")),
    (
        "a Shandong open ready",
        won(discard(2, 1), seats=[{}, {"ready": "ming"}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.1.ready"),
    ),
    ("flowers", won(discard(2, 1, flowers=2)), {}, ("fact_not_in_variant", "wins.0.flowers")),
]


@pytest.mark.parametrize(("hand", "options", "error"), [c[1:] for c in INVALID], ids=[c[0] for c in INVALID])
def test_each_invalid_record_is_rejected_with_its_code_and_field(
    hand: dict[str, Any], options: dict[str, Any], error: tuple[str, str]
) -> None:
    state = {"dealer": 1, "dealer_streak": 2}
    result = dl(hand, state, **options)
    assert error in errors_of(result)
    assert result["state"]["dealer_streak"] == 2


def test_four_kongs_are_allowed_with_shou_ba_yi() -> None:
    kongs = [{"seat": 2, "kind": "concealed", "tile": f"{n}m"} for n in (1, 2, 3, 4)]
    assert ok(dl(won(discard(2, 1), kongs=kongs), None, allow_shou_ba_yi=True))["deltas"] == [0, -4, 4, 0]


# -- the winning tiles (§1.4, §1.5, §0.3) ---------------------------------------------------------

EDGE_HAND = "[123m][999p]456s11z79s+8s"  # 8s into 79s: the middle of a chow
RUSH_HAND = "[234m][456p]345s999s7s+7s"  # 7s completes the pair: a natural winning tile
FIND_HAND = "[234m][456p]345s999s8s+7s"  # 7s only wins as a wild 8s (345s 789s 99s would have no pung)
BIG_KONG_HAND = "[123m][999p](7777z)456s1s+1s"
SHOU_BA_YI = "[111m][999p][999s][111z]9m+9m"


def tiles_win(tiles: str, method: str = "self_draw", *patterns: str, **facts: Any) -> dict[str, Any]:
    win = {"seat": 1, "method": method, "patterns": list(patterns), "tiles": tiles}
    if method != "self_draw":
        win["from"] = 2
    return won(win, **facts)


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
        [("contradictory_facts", "wins.0.method", "other three 9s")],
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
        [(E_WIN, "wins.0.tiles", "(R2)")],
    ),
    (
        "the treasure is not wild for a player who is not ready",
        tiles_win(FIND_HAND, seats=[{}, {}, {"ready": "ready"}, {}], treasure="7s"),
        {},
        [(E_WIN, "wins.0.tiles", "(R2)")],
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


# -- the shared treasure helpers -------------------------------------------------------------------


def faces_of(*faces: str) -> frozenset[int]:
    return frozenset(tile_index(face) for face in faces)


TREASURES = [
    ("3s", "successor", "dalian", faces_of("4s")),
    ("3s", "indicator", "dalian", faces_of("3s")),
    ("3s", "both", "dalian", faces_of("3s", "4s")),
    ("9p", "successor", "dalian", faces_of("1p")),
    ("4z", "successor", "dalian", faces_of("1z")),
    ("6z", "successor", "dalian", faces_of("7z")),  # Green → Red
    ("7z", "successor", "dalian", faces_of("5z")),  # Red → White
    ("5z", "successor", "dalian", faces_of("6z")),  # White → Green
    ("7z", "successor", "harbin", faces_of("7z")),  # Harbin's only honour follows itself
    ("9m", "both", "harbin", faces_of("9m", "1m")),
]


@pytest.mark.parametrize(("indicator", "mode", "variant", "faces"), TREASURES)
def test_the_treasure_follows_its_indicator(indicator: str, mode: Any, variant: Any, faces: frozenset[int]) -> None:
    assert treasure_faces(tile_index(indicator), mode, variant) == faces


@pytest.mark.parametrize(
    ("treasure", "variant", "indicator"), [("1p", "dalian", "9p"), ("5z", "dalian", "7z"), ("7z", "harbin", "7z")]
)
def test_the_indicator_is_found_from_the_treasure(treasure: str, variant: Any, indicator: str) -> None:
    assert indicator_of(tile_index(treasure), variant) == tile_index(indicator)


def test_a_recorded_treasure_face_is_wild_with_its_indicator_in_both_mode() -> None:
    assert wild_faces(tile_index("4s"), "both") == faces_of("3s", "4s")
    assert wild_faces(tile_index("4s"), "successor") == faces_of("4s")


@pytest.mark.parametrize(
    ("method", "ready", "on_discard", "wild"),
    [
        ("self_draw", True, False, True),
        ("discard", True, False, False),
        ("discard", True, True, True),
        ("self_draw", False, True, False),
    ],
)
def test_the_treasure_is_wild_only_for_a_ready_player_drawing_it(
    method: str, ready: bool, on_discard: bool, wild: bool
) -> None:
    assert treasure_is_wild(method=method, ready=ready, wild_on_discard=on_discard) is wild


# -- the declaration -------------------------------------------------------------------------------


def test_the_catalogue_has_every_pattern_id_of_the_rule_book() -> None:
    described = get_variant("dalian")
    ids = {pattern["id"] for pattern in described["patterns"]}
    rule_book = (
        "edge_wait terminal_wait double_float single_float single_remaining kong_bloom last_tile four_in_hand "
        "flowing_tears treasure_rush finding_treasure hidden_treasure outside_hand mixed_terminals pure_terminals "
        "dragon_bonus"
    )
    assert ids == set(rule_book.split(" "))
    assert described["name"] == {"en": "Dalian Qionghu", "zh": "大连穷胡"}


def test_the_options_have_every_config_key_and_house_rule_with_its_default() -> None:
    options = {option["key"]: option["default"] for option in get_variant("dalian")["options"]}
    assert options == {
        "base": 1,
        "cap": 100,
        "cap_scope": "per_payer",
        "discard_win_multiplier": 4,
        "rob_kong_payer": "kong_declarer",
        "dealer_pays_double": False,
        "closed_payer_factor": 2,
        "draw_dealer": "retain",
        "streak_counts_draws": True,
        "must_declare_ready": False,
        "allow_chow_ready": False,
        "three_suits_mode": "tiles",
        "dragon_pair_counts_as_triplet": False,
        "require_sequence": False,
        "allow_shou_ba_yi": False,
        "treasure_mode": "successor",
        "treasure_wild_on_discard": False,
        "hidden_treasure_per": "hand",
        "edge_includes_edge_and_single": False,
        "last_tile_mode": "last4",
        "xi_gang_mode": "zfb_set",
        "terminal_family_stacks": False,
    }


def test_play_only_options_are_accepted_and_change_no_score() -> None:
    hand = won(self_draw(2, "last_tile"))
    plain = ok(dl(hand))["deltas"]
    assert ok(dl(hand, None, last_tile_mode="final", allow_chow_ready=True))["deltas"] == plain == [-4, -4, 12, -4]


# -- invariants ------------------------------------------------------------------------------------

PATTERN_IDS = [p["id"] for p in get_variant("dalian")["patterns"]]
KONG = st.fixed_dictionaries(
    {"seat": st.integers(0, 3), "kind": st.sampled_from(["concealed", "dragon_set", "wind_set"])},
    optional={"tile": st.sampled_from(["1z", "5z", "7z", "5m"])},
)


@st.composite
def dalian_records(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.integers(0, 5)) == 0:
        return {"result": "draw"}
    seat = draw(st.integers(0, 3))
    method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
    win: dict[str, Any] = {
        "seat": seat,
        "method": method,
        "patterns": draw(st.lists(st.sampled_from(PATTERN_IDS), max_size=4)),
    }
    if method != "self_draw":
        win["from"] = (seat + draw(st.integers(1, 3))) % 4
    seats = [{"opened": draw(st.booleans()), "ready": draw(st.sampled_from(["none", "ready"]))} for _ in range(4)]
    return won(win, seats=seats, kongs=draw(st.lists(KONG, max_size=3)))


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=dalian_records(),
    dealer=st.integers(0, 3),
    streak=st.integers(0, 6),
    options=st.fixed_dictionaries(
        {},
        optional={
            "cap": st.sampled_from([None, 100, 7]),
            "cap_scope": st.sampled_from(["per_payer", "total"]),
            "dealer_pays_double": st.booleans(),
            "rob_kong_payer": st.sampled_from(["kong_declarer", "all"]),
            "terminal_family_stacks": st.booleans(),
            "allow_shou_ba_yi": st.booleans(),
        },
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], dealer: int, streak: int, options: dict[str, Any]
) -> None:
    state = {"dealer": dealer, "dealer_streak": streak}
    result = dl(record, state, **options)
    assert all(isinstance(delta, int) for delta in result["deltas"])
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    if result["ok"]:
        cap = options.get("cap", 100)
        if cap is not None and record["result"] == "win":
            assert max(result["deltas"]) <= 3 * cap
    else:
        assert result["deltas"] == [0, 0, 0, 0]
        assert result["state"]["dealer"] == dealer and result["state"]["dealer_streak"] == streak
