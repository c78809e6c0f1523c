"""Zhengzhou (郑州麻将): RULES.md §5 and §7.5, worked by hand.

WinPay(p) = B × (1 + pao_w + pao_p) × M with B = 10; kong bonuses B × (1 + pao_k + pao_p),
paid only when someone wins and never multiplied by M.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, replay, settle
from tablekeeper.rules.variants.zhengzhou_tiles import wild_from_indicator

EXAMPLES = [
    case
    for case in json.loads((Path(__file__).parent / "data" / "examples.json").read_text(encoding="utf-8"))["cases"]
    if case["variant"] == "zhengzhou"
]


def zz(hand: dict[str, Any], state: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    return settle("zhengzhou", hand, state, options or None)


def tsumo(seat: int, *patterns: str, **facts: Any) -> dict[str, Any]:
    return {"result": "win", "wins": [{"seat": seat, "method": "self_draw", "patterns": list(patterns)}], **facts}


def bets(*side_bets: int) -> list[dict[str, Any]]:
    return [{"side_bet": bet} for bet in side_bets]


def ok(result: dict[str, Any]) -> dict[str, Any]:
    assert result["ok"], result["errors"]
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    return result


def errors_of(result: dict[str, Any]) -> set[tuple[str, str | None]]:
    assert not result["ok"]
    assert result["deltas"] == [0, 0, 0, 0]
    return {(e["code"], e["field"]) for e in result["errors"]}


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["id"] for c in EXAMPLES])
def test_the_rule_books_zhengzhou_examples_settle_as_written(case: dict[str, Any]) -> None:
    result = ok(settle("zhengzhou", case["hand"], case.get("state"), case.get("options")))
    assert result["deltas"] == case["expect"]["deltas"]
    for key, value in case["expect"].get("state", {}).items():
        assert result["state"][key] == value


def test_the_examples_cover_z1_z2_and_z5() -> None:
    assert {c["id"] for c in EXAMPLES} >= {"Z1", "Z2", "Z5"}


# -- win payments: P1 self-draws, dealer P0 -----------------------------------------------------------

WINS = [
    ("four wilds: 10 × 1 × 2", tsumo(1, "four_wilds"), {}, [-20, 60, -20, -20]),
    ("seven pairs: 10 × 1 × 2", tsumo(1, "seven_pairs"), {}, [-20, 60, -20, -20]),
    ("win after kong: 10 × 1 × 2", tsumo(1, "kong_bloom"), {}, [-20, 60, -20, -20]),
    (
        "seven pairs and win after kong multiply: 10 × 4",
        tsumo(1, "seven_pairs", "kong_bloom"),
        {},
        [-40, 120, -40, -40],
    ),
    (
        "all three items multiply: 10 × 8",
        tsumo(1, "four_wilds", "seven_pairs", "kong_bloom"),
        {},
        [-80, 240, -80, -80],
    ),
    (
        "all three items add units: 10 × (1 + 3)",
        tsumo(1, "four_wilds", "seven_pairs", "kong_bloom"),
        {"special_combine": "add_units"},
        [-40, 120, -40, -40],
    ),
    (
        "two items add units: 10 × (1 + 2)",
        tsumo(1, "four_wilds", "kong_bloom"),
        {"special_combine": "add_units"},
        [-30, 90, -30, -30],
    ),
    (
        "side bets of winner 2 and payers 0/1/3: 10 × (1 + 2 + p)",
        tsumo(1, seats=bets(0, 2, 1, 3)),
        {},
        [-30, 130, -40, -60],
    ),
    (
        "winner's side bet only: 10 × (1 + 2) from each",
        tsumo(1, seats=bets(0, 2, 1, 3)),
        {"pao_mode": "winner_only"},
        [-30, 90, -30, -30],
    ),
    (
        "side bets and seven pairs: 10 × (1 + 1 + p) × 2",
        tsumo(1, "seven_pairs", seats=bets(3, 1, 0, 0)),
        {},
        [-100, 180, -40, -40],
    ),
    (
        "dealer P0 pays one more base: 10 × (1 + 1) and 10 from the others",
        tsumo(1),
        {"dealer_add_base": True},
        [-20, 40, -10, -10],
    ),
    ("base 5: 5 each", tsumo(1), {"base": 5}, [-5, 15, -5, -5]),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [w[1:] for w in WINS], ids=[w[0] for w in WINS])
def test_every_other_player_pays_a_self_draw_by_their_own_stake(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(zz(hand, {"dealer": 0}, **options))["deltas"] == deltas


def test_a_winning_dealer_is_paid_one_more_base_by_everyone_under_dealer_add_base() -> None:
    # 10 × (1 + 0 + 0 + dealer 1) = 20 from each.
    result = ok(zz(tsumo(0), {"dealer": 0}, dealer_add_base=True))
    assert result["deltas"] == [60, -20, -20, -20]


def test_dealer_add_base_leaves_kong_bonuses_alone() -> None:
    # P1's concealed kong: 10 from each of three; P1 self-draws, dealer P0: 20 from P0, 10 from P2 and P3.
    hand = tsumo(1, kongs=[{"seat": 1, "kind": "concealed"}])
    result = ok(zz(hand, {"dealer": 0}, dealer_add_base=True))
    assert result["deltas"] == [-30, 70, -20, -20]


# -- kong bonuses ---------------------------------------------------------------------------------

KONGS = [
    (
        "winner's concealed kong: each other pays 10 × (1 + 0 + p)",
        [{"seat": 1, "kind": "concealed"}],
        bets(1, 0, 0, 2),
        {},
        # win: P0 20, P2 10, P3 30; kong: P0 20, P2 10, P3 30
        [-40, 120, -20, -60],
    ),
    (
        "another player's exposed kong: its discarder pays 10 × (1 + pao_k + pao_d)",
        [{"seat": 2, "kind": "exposed", "from": 3}],
        bets(0, 0, 1, 2),
        {},
        # win: P0 10, P2 20, P3 30 → P1 +60; kong: P3 pays P2 10 × (1 + 1 + 2) = 40
        [-10, 60, 20, -70],
    ),
    (
        "an added kong: the seat that fed the pung pays",
        [{"seat": 3, "kind": "added", "from": 0}],
        bets(0, 0, 0, 0),
        {},
        [-20, 30, -10, 0],
    ),
    (
        "only the winner's kongs under kongs_only_winner",
        [{"seat": 3, "kind": "added", "from": 0}, {"seat": 1, "kind": "exposed", "from": 2}],
        bets(0, 0, 0, 0),
        {"kongs_only_winner": True},
        # win 10 each; P1's exposed kong: P2 pays 10; P3's added kong is not paid
        [-10, 40, -20, -10],
    ),
    (
        "plain base for kongs when side bets do not apply to them",
        [{"seat": 1, "kind": "concealed"}],
        bets(1, 2, 0, 3),
        {"kong_pao_applies": False},
        # win: 10 × (1 + 2 + p) = 40, 30, 60; kong: 10 each
        [-50, 160, -40, -70],
    ),
    (
        "winner-only side bets for a kong count its declarer's bet",
        [{"seat": 2, "kind": "concealed"}],
        bets(3, 0, 1, 3),
        {"pao_mode": "winner_only"},
        # win: 10 each; kong: 10 × (1 + 1) = 20 from each of P0, P1, P3
        [-30, 10, 50, -30],
    ),
]


@pytest.mark.parametrize(("kongs", "seats", "options", "deltas"), [k[1:] for k in KONGS], ids=[k[0] for k in KONGS])
def test_kong_bonuses_are_paid_by_their_own_payers_when_someone_wins(
    kongs: list[dict[str, Any]], seats: list[dict[str, Any]], options: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(zz(tsumo(1, kongs=kongs, seats=seats), **options))["deltas"] == deltas


def test_a_kong_bonus_is_not_multiplied_by_the_hands_doublings() -> None:
    # Win: 10 × 2 × 2 (seven pairs, win after kong) = 40 each; the kong adds a plain 10 each.
    hand = tsumo(1, "seven_pairs", "kong_bloom", kongs=[{"seat": 1, "kind": "concealed", "tile": "3m"}])
    result = ok(zz(hand))
    assert result["deltas"] == [-50, 150, -50, -50]
    texts = [line["text"] for line in result["lines"]]
    assert any("concealed kong 闷豆 of 3m" in text and "= 10" in text for text in texts)


def test_a_drawn_hand_pays_no_kong_bonus_and_keeps_the_dealer() -> None:
    hand = {"result": "draw", "kongs": [{"seat": 2, "kind": "exposed", "from": 0}]}
    result = ok(zz(hand, {"dealer": 3, "dealer_streak": 1}))
    assert result["deltas"] == [0, 0, 0, 0]
    assert result["state"]["dealer"] == 3
    assert result["state"]["dealer_streak"] == 2
    assert result["state"]["draw_streak"] == 1


def test_a_void_hand_moves_nothing() -> None:
    result = ok(zz({"result": "void"}, {"dealer": 2, "dealer_streak": 1}))
    assert result["deltas"] == [0, 0, 0, 0]
    assert result["state"]["dealer"] == 2
    assert result["state"]["dealer_streak"] == 1


@pytest.mark.parametrize(
    ("dealer", "winner", "next_dealer", "streak"),
    [(0, 0, 0, 3), (0, 2, 2, 0), (3, 1, 1, 0)],
)
def test_the_winner_deals_next_and_a_winning_dealer_stays(
    dealer: int, winner: int, next_dealer: int, streak: int
) -> None:
    result = ok(zz(tsumo(winner), {"dealer": dealer, "dealer_streak": 2, "draw_streak": 1}))
    assert result["state"]["dealer"] == next_dealer
    assert result["state"]["dealer_streak"] == streak
    assert result["state"]["draw_streak"] == 0
    assert any(line["code"] == "dealer" and f"P{next_dealer}" in line["text"] for line in result["lines"])


# -- discard wins (house rule) -------------------------------------------------------------------------


def test_a_discard_win_is_refused_unless_the_house_allows_it() -> None:
    hand = {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": []}]}
    assert ("method_not_allowed", "wins.0.method") in errors_of(zz(hand))


def test_an_allowed_discard_win_is_paid_by_the_discarder_alone() -> None:
    # 10 × (1 + 1 + 2) × seven pairs 2 = 80 from P2 only.
    hand = {
        "result": "win",
        "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": ["seven_pairs"]}],
        "seats": bets(3, 1, 2, 0),
    }
    result = ok(zz(hand, allow_discard_win=True))
    assert result["deltas"] == [0, 80, -80, 0]
    assert any("discarder alone" in line["text"] for line in result["lines"])


# -- rejected records ----------------------------------------------------------------------------------

REJECTED = [
    (
        "robbing a kong",
        {"result": "win", "wins": [{"seat": 1, "method": "rob_kong", "from": 2, "patterns": []}]},
        {"allow_discard_win": True},
        ("method_not_allowed", "wins.0.method"),
    ),
    (
        "win after kong on an allowed discard",
        {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": ["kong_bloom"]}]},
        {"allow_discard_win": True},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    ("a side bet over the maximum", tsumo(1, seats=bets(4, 0, 0, 0)), {}, ("invalid_value", "seats.0.side_bet")),
    (
        "a side bet over a lowered maximum",
        tsumo(1, seats=bets(0, 0, 2, 0)),
        {"max_pao": 1},
        ("invalid_value", "seats.2.side_bet"),
    ),
    (
        "a ready declaration",
        tsumo(1, seats=[{"ready": "ready"}, {}, {}, {}]),
        {},
        ("fact_not_in_variant", "seats.0.ready"),
    ),
    (
        "flowers",
        {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": [], "flowers": 2}]},
        {},
        ("fact_not_in_variant", "wins.0.flowers"),
    ),
    ("a liable player", tsumo(1, liable=2), {}, ("fact_not_in_variant", "liable")),
    (
        "two winners",
        {
            "result": "win",
            "wins": [
                {"seat": 1, "method": "discard", "from": 0, "patterns": []},
                {"seat": 2, "method": "discard", "from": 0, "patterns": []},
            ],
        },
        {"allow_discard_win": True},
        ("multiple_winners_not_allowed", "wins"),
    ),
    (
        "a kong of the wild tile",
        tsumo(
            1,
            treasure="5p",
            kongs=[{"seat": 3, "kind": "concealed", "tile": "6p"}, {"seat": 2, "kind": "concealed", "tile": "5p"}],
        ),
        {},
        ("contradictory_facts", "kongs.1.tile"),
    ),
    (
        "five kongs for one player",
        tsumo(1, kongs=[{"seat": 1, "kind": "concealed"}] * 5),
        {},
        ("invalid_value", "kongs"),
    ),
    ("a dragon set", tsumo(1, kongs=[{"seat": 1, "kind": "dragon_set"}]), {}, ("fact_not_in_variant", "kongs.0.kind")),
    ("an unknown option", tsumo(1), {"cap": 10}, ("unknown_option", "options.cap")),
]


@pytest.mark.parametrize(("hand", "options", "problem"), [r[1:] for r in REJECTED], ids=[r[0] for r in REJECTED])
def test_a_record_zhengzhou_cannot_score_is_rejected_with_its_field(
    hand: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    assert problem in errors_of(zz(hand, **options))


def test_a_raised_side_bet_limit_accepts_five_markers() -> None:
    # 10 × (1 + 0 + 5) = 60 from P0; 10 from P2 and P3.
    assert ok(zz(tsumo(1, seats=bets(5, 0, 0, 0)), max_pao=5))["deltas"] == [-60, 80, -10, -10]


# -- the wild tile -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("indicator", "cycle", "wild"),
    [
        ("3m", "single7", "4m"),
        ("9p", "single7", "1p"),
        ("9s", "single7", "1s"),
        ("1z", "single7", "2z"),
        ("4z", "single7", "7z"),  # North → Red
        ("7z", "single7", "6z"),  # Red → Green
        ("6z", "single7", "5z"),  # Green → White
        ("5z", "single7", "1z"),  # White → East
        ("4z", "winds4_dragons3", "1z"),
        ("6z", "winds4_dragons3", "7z"),  # Green → Red
        ("7z", "winds4_dragons3", "5z"),  # Red → White
        ("5z", "winds4_dragons3", "6z"),  # White → Green
    ],
)
def test_the_wild_is_the_tile_after_the_indicator(indicator: str, cycle: str, wild: str) -> None:
    assert wild_from_indicator(indicator, cycle) == wild


# -- tiles ---------------------------------------------------------------------------------------------


def tiles_win(tiles: str, *patterns: str, treasure: str | None = None, **facts: Any) -> dict[str, Any]:
    return {
        "result": "win",
        "wins": [{"seat": 1, "method": "self_draw", "patterns": list(patterns), "tiles": tiles}],
        "treasure": treasure,
        **facts,
    }


TILE_WINS = [
    ("a plain standard hand: 10 each", tiles_win("123m456m789m123p4p+4p"), {}, 10),
    ("a wild completes a chow: 10 each", tiles_win("123m456m789m12p 44s+5p", treasure="5p"), {}, 10),
    ("a wild completes the pair", tiles_win("123m456m789m123p 5p+4s", treasure="5p"), {}, 10),
    ("wilds at their own face may be a pung", tiles_win("555p 123m456m789m 4s+4s", treasure="5p"), {}, 10),
    ("seven distinct pairs prove seven pairs: 10 × 2", tiles_win("1122m3344p5566s7z+7z"), {}, 20),
    (
        "four wilds win whatever the rest: 10 × 2",
        tiles_win("5p5p5p 1m 3m 9m 1s 4s 7s 2z 3z 4z 6z+5p", treasure="5p"),
        {},
        20,
    ),
    (
        "a wild pairs a single in seven pairs when the house allows it",
        tiles_win("22m 5p 44s 66s 88s 11z 3z 7z+7z", treasure="5p"),
        {"seven_pairs_wild_mode": "wilds_complete_pairs"},
        20,
    ),
    ("a claimed chow when the house allows chows", tiles_win("[123m]456m789m123p4p+4p"), {"allow_chow": True}, 10),
    (
        "win after kong with the kong in the tiles and the record: 10 × 2 + kong 10",
        tiles_win("(1111m)456m789m123p4p+4p", "kong_bloom", kongs=[{"seat": 1, "kind": "concealed", "tile": "1m"}]),
        {},
        30,
    ),
    (
        "an exposed kong in the tiles matches the record's",
        tiles_win("[7777s]456m789m123p4p+4p", kongs=[{"seat": 1, "kind": "exposed", "from": 0, "tile": "7s"}]),
        {},
        None,
    ),
]


@pytest.mark.parametrize(("hand", "options", "each"), [t[1:] for t in TILE_WINS], ids=[t[0] for t in TILE_WINS])
def test_winning_tiles_are_checked_and_prove_their_items(
    hand: dict[str, Any], options: dict[str, Any], each: int | None
) -> None:
    result = ok(zz(hand, **options))
    if each is not None:
        assert result["deltas"] == [-each, 3 * each, -each, -each]
    else:
        # 10 from each for the win, and P0 pays 10 more for the exposed kong it fed.
        assert result["deltas"] == [-20, 40, -10, -10]


TILE_REJECTS: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    ("not a winning hand", tiles_win("123m456m789m123p4p+5p"), {}, ("tiles_not_a_win", "wins.0.tiles")),
    (
        "a wild cannot make up a pung",
        tiles_win("11m 5p 234s 567s 789s 1z+1z", treasure="5p"),
        {},
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    ("a four of a kind is not two pairs", tiles_win("1111m3344p5566s7z+7z"), {}, ("tiles_not_a_win", "wins.0.tiles")),
    (
        "a wild does not fill seven pairs by default",
        tiles_win("22m 5p 44s 66s 88s 11z 3z 7z+7z", treasure="5p"),
        {},
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    ("a claimed chow", tiles_win("[123m]456m789m123p4p+4p"), {}, ("win_requirement", "wins.0.tiles")),
    (
        "a claimed pung of the wild",
        tiles_win("[5p5p5p]456m789m123p4p+4p", treasure="5p"),
        {},
        ("win_requirement", "wins.0.tiles"),
    ),
    ("a dragon set", tiles_win("[567z]456m789m123p4p+4p"), {}, ("win_requirement", "wins.0.tiles")),
    ("bad notation", tiles_win("123m456m789m123p4p4p"), {}, ("tiles_notation", "wins.0.tiles")),
    (
        "four wilds ticked without them",
        tiles_win("1122m3344p5566s7z+7z", "four_wilds"),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "seven pairs ticked on a standard hand",
        tiles_win("123m456m789m123p4p+4p", "seven_pairs"),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "win after kong without a kong",
        tiles_win("123m456m789m123p4p+4p", "kong_bloom"),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "a kong in the tiles the record does not list",
        tiles_win("(1111m)456m789m123p4p+4p"),
        {},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a listed kong of another tile",
        tiles_win("(1111m)456m789m123p4p+4p", kongs=[{"seat": 1, "kind": "concealed", "tile": "2m"}]),
        {},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a closed player with a claimed pung",
        tiles_win("[111m]456m789m123p4p+4p", seats=[{}, {"opened": False}, {}, {}]),
        {},
        ("contradictory_facts", "seats.1.opened"),
    ),
]


@pytest.mark.parametrize(
    ("hand", "options", "problem"), [t[1:] for t in TILE_REJECTS], ids=[t[0] for t in TILE_REJECTS]
)
def test_tiles_that_break_a_zhengzhou_rule_are_rejected_by_name(
    hand: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    assert problem in errors_of(zz(hand, **options))


def test_a_tile_error_says_what_is_wrong_in_words() -> None:
    result = zz(tiles_win("[123m]456m789m123p4p+4p"))
    assert "chow" in result["errors"][0]["message"]


# -- declaration and invariants ------------------------------------------------------------------------


def test_the_declaration_lists_every_config_key_of_the_rule_book() -> None:
    described = get_variant("zhengzhou")
    keys = {o["key"]: o["default"] for o in described["options"]}
    assert keys == {
        "base": 10,
        "max_pao": 3,
        "pao_mode": "both",
        "honor_cycle": "single7",
        "special_combine": "multiply",
        "kongs_only_winner": False,
        "kong_pao_applies": True,
        "dealer_add_base": False,
        "allow_chow": False,
        "allow_discard_win": False,
        "seven_pairs_wild_mode": "face_value_only",
    }
    assert {p["id"] for p in described["patterns"]} == {"four_wilds", "seven_pairs", "kong_bloom"}
    assert described["methods"] == ["self_draw"]
    assert described["uses_side_bets"] and described["uses_treasure"]
    assert all(o["meaning"] for o in described["options"])
    assert described["notes"]


@st.composite
def zhengzhou_records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result}
    winner = draw(st.integers(0, 3))
    if result == "win":
        method = draw(st.sampled_from(["self_draw", "self_draw", "discard"]))
        win: dict[str, Any] = {
            "seat": winner,
            "method": method,
            "patterns": draw(st.lists(st.sampled_from(["four_wilds", "seven_pairs", "kong_bloom"]), max_size=3)),
        }
        if method == "discard":
            win["from"] = draw(st.integers(0, 3).filter(lambda s: s != winner))
        record["wins"] = [win]
    record["seats"] = [{"side_bet": draw(st.integers(0, 4))} for _ in range(4)]
    kongs = []
    for _ in range(draw(st.integers(0, 3))):
        owner = draw(st.integers(0, 3))
        kind = draw(st.sampled_from(["concealed", "exposed", "added"]))
        kong: dict[str, Any] = {"seat": owner, "kind": kind}
        if kind != "concealed":
            kong["from"] = draw(st.sampled_from([s for s in range(4) if s != owner]))
        kongs.append(kong)
    record["kongs"] = kongs
    return record


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=zhengzhou_records(),
    dealer=st.integers(0, 3),
    options=st.fixed_dictionaries(
        {
            "allow_discard_win": st.booleans(),
            "special_combine": st.sampled_from(["multiply", "add_units"]),
            "pao_mode": st.sampled_from(["both", "winner_only"]),
            "dealer_add_base": st.booleans(),
            "kongs_only_winner": st.booleans(),
        }
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], dealer: int, options: dict[str, Any]
) -> None:
    result = settle("zhengzhou", record, {"dealer": dealer}, options)
    if result["ok"]:
        assert sum(result["deltas"]) == 0
        assert all(isinstance(d, int) for d in result["deltas"])
    else:
        assert result["deltas"] == [0, 0, 0, 0]
        assert result["state"]["dealer"] == dealer


def test_a_session_pays_kongs_only_in_won_hands_and_follows_the_winner() -> None:
    # Hand 1: draw with P1's concealed kong, nothing paid, P0 keeps the deal.
    # Hand 2: P2 self-draws with a concealed kong: 10 + 10 from each of the three others.
    # Hand 3: P2, now dealing, self-draws seven pairs: 10 × 2 = 20 from each.
    hands = [
        {"result": "draw", "kongs": [{"seat": 1, "kind": "concealed"}]},
        tsumo(2, kongs=[{"seat": 2, "kind": "concealed"}]),
        tsumo(2, "seven_pairs"),
    ]
    session = replay("zhengzhou", hands)
    assert session["ok"]
    assert session["totals"] == [-40, -40, 120, -40]
    assert session["state"]["dealer"] == 2
    assert session["state"]["dealer_streak"] == 1
