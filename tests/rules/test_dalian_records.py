"""Dalian Qionghu (大连穷胡): dealer rotation and counters (§1.7, §1.8, D-2, D-17) and the record checks (§0.2)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import replay

from .dalian_helpers import E_WIN, JOYOUS_P2, READY_P1, closed, dl, own_kongs
from .helpers import discard, errors_of, ok, robbed, self_draw, won

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
        assert dict(result["state"])[key] == value, key


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


def test_four_kongs_are_allowed_with_shou_ba_yi_when_one_of_them_opens_the_hand() -> None:
    kongs = [{"seat": 2, "kind": "concealed", "tile": f"{n}m"} for n in (1, 2, 3)]
    kongs.append({"seat": 2, "kind": "exposed", "tile": "4m", "from": 0})
    assert ok(dl(won(discard(2, 1), kongs=kongs), None, allow_shou_ba_yi=True))["deltas"] == [0, -4, 4, 0]


# -- patterns that cannot happen together, and other records the rules forbid (§1, §0.2) -----------


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
