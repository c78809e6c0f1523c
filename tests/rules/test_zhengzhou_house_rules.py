"""Zhengzhou's regional house rules (RULES §9.6): each option's worked example, its refusals and its scope.

Table-driven, no database. Every option defaults to the rule book's play, so each accepted row that sets an
option is refused or scores otherwise without it (its default is a row too), and the presets are checked last.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import check_options, get_variant, settle
from tests.hypothesis_profiles import examples

from .helpers import errors_of, kong, ok, robbed, self_draw, won

DEALER_0 = {"dealer": 0}
PRESETS = Path(__file__).resolve().parents[2] / "tablekeeper" / "rules" / "variants" / "zhengzhou" / "presets.json"

# §9.6.1: 2222m counts as two pairs.
LUXURY_TILES = "2222m4466p8899s1z+1z"
# §9.6.2: the drawn wild 6s makes 555m (or 111z); every reading needs it in a pung.
WILD_PUNG_TILES = "[222p]55m789s345p11z+6s"
# §9.6.6: P1 added the fourth 5p; P2 robs it for 456p.
ROB_TILES = "[777m]46p123s789s11z+5p"


def _bloom_on(*kongs: dict[str, Any]) -> dict[str, Any]:
    return won(self_draw(2, "kong_bloom"), kongs=list(kongs))


def _rob(*patterns: str, tiles: str | None = ROB_TILES, **facts: Any) -> dict[str, Any]:
    extra = {"tiles": tiles} if tiles is not None else {}
    return won(robbed(2, 1, *patterns, **extra), **facts)


def _drawn(*kongs: dict[str, Any]) -> dict[str, Any]:
    return {"result": "draw", "kongs": list(kongs)}


Row = tuple[str, dict[str, Any], dict[str, Any] | None, dict[str, Any] | None, list[int]]

SETTLED: list[Row] = [
    # -- §9.6.1 luxury_seven_pairs: WinPay = 10 × 1 × 4 = 40 from each (the book's example).
    (
        "luxury x4: the book's example",
        won(self_draw(1, tiles=LUXURY_TILES)),
        DEALER_0,
        {"luxury_seven_pairs": "x4"},
        [-40, 120, -40, -40],
    ),
    (
        "luxury x2: paid as seven pairs ×2",
        won(self_draw(1, tiles=LUXURY_TILES)),
        DEALER_0,
        {"luxury_seven_pairs": "x2"},
        [-20, 60, -20, -20],
    ),
    # add_units: an item worth ×4 adds 3 units, M = 1 + 3.
    (
        "luxury x4 with add_units: M = 1 + 3",
        won(self_draw(1, tiles=LUXURY_TILES)),
        DEALER_0,
        {"luxury_seven_pairs": "x4", "special_combine": "add_units"},
        [-40, 120, -40, -40],
    ),
    (
        "luxury ticked without tiles",
        won(self_draw(1, "luxury_seven_pairs")),
        DEALER_0,
        {"luxury_seven_pairs": "x4"},
        [-40, 120, -40, -40],
    ),
    # Four wilds held at their own face are a four of a kind: four wilds ×2 and luxury ×4 both count, M = 8.
    (
        "luxury: four wilds at their own face, both items count",
        won(self_draw(1, tiles=LUXURY_TILES), treasure="2m"),
        DEALER_0,
        {"luxury_seven_pairs": "x4"},
        [-80, 240, -80, -80],
    ),
    (
        "luxury off: four wilds alone",
        won(self_draw(1, tiles=LUXURY_TILES), treasure="2m"),
        DEALER_0,
        None,
        [-20, 60, -20, -20],
    ),
    # With the option on, four wilds ticked beside seven pairs is no longer four_wilds_as_two_pairs: M = 4.
    (
        "luxury on: four wilds and seven pairs ticked are accepted",
        won(self_draw(1, "four_wilds", "seven_pairs")),
        DEALER_0,
        {"luxury_seven_pairs": "x2"},
        [-40, 120, -40, -40],
    ),
    (
        "luxury on: seven different pairs are still seven pairs ×2",
        won(self_draw(1, tiles="1122m4466p8899s1z+1z")),
        DEALER_0,
        {"luxury_seven_pairs": "x4"},
        [-20, 60, -20, -20],
    ),
    # -- §9.6.2 wild_in_concealed_pung: 10 from each (the book's example).
    (
        "wild in a concealed pung: the book's example",
        won(self_draw(1, tiles=WILD_PUNG_TILES), treasure="6s"),
        DEALER_0,
        {"wild_in_concealed_pung": True},
        [-10, 30, -10, -10],
    ),
    # A discard win: the wild 6s stays in P1's hand and makes 555m or 111z; P3 alone pays 10.
    (
        "wild in a concealed pung on a discard win",
        won(
            {"seat": 1, "method": "discard", "from": 3, "patterns": [], "tiles": "[222p]55m6s789s345p1z+1z"},
            treasure="6s",
        ),
        DEALER_0,
        {"wild_in_concealed_pung": True, "allow_discard_win": True},
        [0, 10, 0, -10],
    ),
    # -- §9.6.3 kong_bloom_payer: P1 fed the kong, WinPay 10·1·2 = 20 plus the exposed-kong bonus 10; P0, P3 10.
    (
        "kong bloom, feeder: the book's example",
        _bloom_on(kong(2, "exposed", "4m", 1)),
        DEALER_0,
        {"kong_bloom_payer": "feeder"},
        [-10, -30, 50, -10],
    ),
    ("kong bloom, everyone (the default)", _bloom_on(kong(2, "exposed", "4m", 1)), DEALER_0, None, [-20, -30, 70, -20]),
    # After a concealed kong every payer takes the double: 20 + the concealed bonus 10 from each.
    (
        "kong bloom, feeder, after a concealed kong: everyone",
        _bloom_on(kong(2, "concealed", "4m")),
        DEALER_0,
        {"kong_bloom_payer": "feeder"},
        [-30, -30, 90, -30],
    ),
    # The bloom follows the last kong listed: P0 fed the added kong of 9p (20 + 10), P3 the earlier exposed one
    # (10 + 10), P1 only the win (10).
    (
        "kong bloom, feeder: the last kong's feeder pays",
        _bloom_on(kong(2, "exposed", "4m", 3), kong(2, "added", "9p", 0)),
        DEALER_0,
        {"kong_bloom_payer": "feeder"},
        [-30, -10, 60, -20],
    ),
    # -- §9.6.4 dealer_add_base with a robbed kong: the robbed dealer pays 10 × (1 + 1).
    (
        "robbing the dealer's kong with the dealer's stake",
        won(robbed(2, 0, tiles=ROB_TILES)),
        {"dealer": 0},
        {"allow_rob_kong": True, "dealer_add_base": True},
        [-20, 0, 20, 0],
    ),
    # -- §9.6.5 kongs_paid_on_draw: 10 from each of P0, P2, P3 (the book's example).
    (
        "kongs paid on a drawn hand: the book's example",
        _drawn(kong(1, "concealed", "8p")),
        DEALER_0,
        {"kongs_paid_on_draw": True},
        [-10, 30, -10, -10],
    ),
    ("a drawn hand's kongs pay nothing by default", _drawn(kong(1, "concealed", "8p")), DEALER_0, None, [0, 0, 0, 0]),
    (
        "kongs paid on a drawn hand, the dealer's stake too",
        _drawn(kong(1, "concealed", "8p")),
        DEALER_0,
        {"kongs_paid_on_draw": True, "dealer_add_base": True},
        [-20, 40, -10, -10],
    ),
    (
        "kongs paid on a drawn hand, an exposed kong: its discarder pays",
        {**_drawn(kong(1, "exposed", "8p", 3)), "seats": [{"side_bet": 0}, {"side_bet": 2}, {}, {"side_bet": 1}]},
        DEALER_0,
        {"kongs_paid_on_draw": True},
        [0, 40, 0, -40],
    ),
    (
        "kongs_only_winner: a drawn hand has no winner, so no kong pays",
        _drawn(kong(1, "concealed", "8p")),
        DEALER_0,
        {"kongs_paid_on_draw": True, "kongs_only_winner": True},
        [0, 0, 0, 0],
    ),
    (
        "a void hand pays no kong",
        {"result": "void", "kongs": [kong(1, "concealed", "8p")]},
        DEALER_0,
        {"kongs_paid_on_draw": True},
        [0, 0, 0, 0],
    ),
    # -- §9.6.6 allow_rob_kong: 10 × 1 from P1 (the book's example).
    ("robbing a kong: the book's example", _rob(), DEALER_0, {"allow_rob_kong": True}, [0, -10, 10, 0]),
    ("robbing a kong without tiles", _rob(tiles=None), DEALER_0, {"allow_rob_kong": True}, [0, -10, 10, 0]),
    # Other completed kongs pay as usual: P3's concealed kong takes 10 from each.
    (
        "robbing a kong, another kong still pays",
        _rob(kongs=[kong(3, "concealed", "8p")]),
        DEALER_0,
        {"allow_rob_kong": True},
        [-10, -20, 0, 30],
    ),
    # A wild (5s) pairs the robbed 4p in seven pairs when wilds complete pairs: M = 2.
    (
        "robbing a kong for seven pairs with a wild pairing the robbed tile",
        _rob(tiles="11m33m55m77m99m22p5s+4p", treasure="5s"),
        DEALER_0,
        {"allow_rob_kong": True, "seven_pairs_wild_mode": "wilds_complete_pairs"},
        [0, -20, 20, 0],
    ),
]


@pytest.mark.parametrize(("case", "hand", "state", "options", "deltas"), SETTLED, ids=[row[0] for row in SETTLED])
def test_each_house_rule_scores_as_the_rule_book_works_it(
    case: str, hand: dict[str, Any], state: dict[str, Any] | None, options: dict[str, Any] | None, deltas: list[int]
) -> None:
    result = ok(settle("zhengzhou", hand, state, options))

    assert result["deltas"] == deltas


REFUSED: list[tuple[str, dict[str, Any], dict[str, Any] | None, tuple[str, str | None]]] = [
    (
        "luxury off: four 2m are not two pairs",
        won(self_draw(1, tiles=LUXURY_TILES)),
        None,
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    (
        "luxury ticked while the option is off",
        won(self_draw(1, "luxury_seven_pairs")),
        None,
        ("pattern_not_allowed", "wins.0.patterns.0"),
    ),
    (
        "luxury and seven pairs ticked together",
        won(self_draw(1, "seven_pairs", "luxury_seven_pairs")),
        {"luxury_seven_pairs": "x2"},
        ("patterns_exclusive", "wins.0.patterns.1"),
    ),
    (
        "luxury beside a kong of the winner",
        won(self_draw(1, "luxury_seven_pairs"), kongs=[kong(1, "concealed", "3m")]),
        {"luxury_seven_pairs": "x2"},
        ("contradictory_facts", "wins.0.patterns.0"),
    ),
    (
        "luxury on a robbed kong with wilds at face value",
        _rob("luxury_seven_pairs", tiles=None),
        {"luxury_seven_pairs": "x2", "allow_rob_kong": True},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "wild in a concealed pung, off: the book's example",
        won(self_draw(1, tiles=WILD_PUNG_TILES), treasure="6s"),
        None,
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    (
        "wild in a concealed pung still never in a claimed pung",
        won(self_draw(1, tiles="[666p]55m789s345p11z+5m"), treasure="6p"),
        {"wild_in_concealed_pung": True},
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "kong bloom, feeder, without the winner's kongs",
        won(self_draw(2, "kong_bloom")),
        {"kong_bloom_payer": "feeder"},
        ("missing_field", "kongs"),
    ),
    ("robbing a kong while the option is off", _rob(), None, ("method_not_allowed", "wins.0.method")),
    (
        "four wilds on a robbed kong",
        _rob("four_wilds", tiles=None),
        {"allow_rob_kong": True},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "kong bloom on a robbed kong",
        _rob("kong_bloom", tiles=None),
        {"allow_rob_kong": True},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "seven pairs on a robbed kong with wilds at face value",
        _rob("seven_pairs", tiles=None),
        {"allow_rob_kong": True},
        ("pattern_method_conflict", "wins.0.patterns.0"),
    ),
    (
        "the robbed kong listed among the kongs",
        _rob(kongs=[kong(1, "added", "5p", 3)]),
        {"allow_rob_kong": True},
        ("contradictory_facts", "kongs.0"),
    ),
    (
        "a robber holding another natural copy of the robbed tile",
        _rob(tiles="[777m]456p123s789s5p+5p"),
        {"allow_rob_kong": True},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a robbed kong of the wild face",
        _rob(tiles="[777m]46p123s789s11z+5p", treasure="5p"),
        {"allow_rob_kong": True},
        ("win_requirement", "wins.0.tiles"),
    ),
]


@pytest.mark.parametrize(("case", "hand", "options", "error"), REFUSED, ids=[row[0] for row in REFUSED])
def test_each_house_rule_refuses_what_the_rule_book_rules_out(
    case: str, hand: dict[str, Any], options: dict[str, Any] | None, error: tuple[str, str | None]
) -> None:
    assert error in errors_of(settle("zhengzhou", hand, DEALER_0, options))


def test_the_robbed_kong_contradiction_names_both_facts() -> None:
    result = settle("zhengzhou", _rob(kongs=[kong(1, "added", "5p", 3)]), DEALER_0, {"allow_rob_kong": True})

    [error] = result["errors"]
    assert error["contradiction"] == "robbed_kong_listed"
    assert set(error["facts"]) == {"wins.0.method", "kongs.0"}


def test_the_robber_deals_next_and_the_dealer_keeps_the_deal_on_a_drawn_hand_with_paid_kongs() -> None:
    rob = ok(settle("zhengzhou", _rob(), DEALER_0, {"allow_rob_kong": True}))
    drawn = ok(settle("zhengzhou", _drawn(kong(1, "concealed", "8p")), DEALER_0, {"kongs_paid_on_draw": True}))

    assert rob["state"]["dealer"] == 2
    assert drawn["state"]["dealer"] == 0
    assert drawn["facts"] is not None and drawn["facts"]["paid"] is True
    assert [line["code"] for line in drawn["lines"]].count("kong_bonus") == 3


def test_the_feeder_alone_has_the_kong_bloom_factor_in_its_win_line() -> None:
    result = ok(settle("zhengzhou", _bloom_on(kong(2, "exposed", "4m", 1)), DEALER_0, {"kong_bloom_payer": "feeder"}))

    factors = {
        line["params"]["payer"]: [f["item"] for f in line["params"]["factors"]]
        for line in result["lines"]
        if line["code"] == "win_stakes"
    }
    assert factors == {0: [], 1: ["kong_bloom"], 3: []}


def test_luxury_seven_pairs_is_named_by_its_value_in_the_win_line() -> None:
    result = ok(settle("zhengzhou", won(self_draw(1, tiles=LUXURY_TILES)), DEALER_0, {"luxury_seven_pairs": "x4"}))

    line = next(line for line in result["lines"] if line["code"] == "win_stakes")
    assert line["params"]["factors"] == [{"item": "luxury_seven_pairs", "factor": 4}]
    assert line["params"]["multiplier"] == 4


def test_robbing_a_kong_is_a_method_the_table_rules_offer_only_with_its_house_rule() -> None:
    from tablekeeper.rules import table_rules

    assert get_variant("zhengzhou")["method_options"]["rob_kong"] == "allow_rob_kong"
    assert "rob_kong" not in table_rules("zhengzhou", {})["methods"]
    assert "rob_kong" in table_rules("zhengzhou", {"allow_rob_kong": True})["methods"]


@pytest.mark.parametrize(
    ("key", "default"),
    [
        ("luxury_seven_pairs", "off"),
        ("wild_in_concealed_pung", False),
        ("kong_bloom_payer", "all"),
        ("kongs_paid_on_draw", False),
        ("allow_rob_kong", False),
    ],
)
def test_each_house_rule_defaults_to_the_rule_book_and_has_words_in_both_languages(key: str, default: Any) -> None:
    option = next(o for o in get_variant("zhengzhou")["options"] if o["key"] == key)

    assert option["default"] == default
    assert option["label"]["zh"] and option["label"]["en"]
    assert option["plain"]["zh"] and option["plain"]["en"]
    if option["type"] == "choice":
        for value in option["allowed"]:
            assert option["value_labels"][str(value)]["zh"] and option["value_labels"][str(value)]["en"]


def test_the_presets_are_the_rule_book_first_and_each_passes_check_options() -> None:
    presets = json.loads(PRESETS.read_text(encoding="utf-8"))

    assert [preset["id"] for preset in presets] == ["rule_book", "common"]
    assert presets[0]["options"] == {}
    for preset in presets:
        assert preset["name"]["zh"] and preset["name"]["en"]
        assert check_options("zhengzhou", preset["options"]) == {"ok": True, "errors": []}, preset["id"]


def test_the_common_preset_plays_the_book_examples_of_its_options() -> None:
    common = json.loads(PRESETS.read_text(encoding="utf-8"))[1]["options"]

    # Robbing P1's kong: nobody of the two deals, 10 × 1 from P1.
    assert ok(settle("zhengzhou", _rob(), DEALER_0, common))["deltas"] == [0, -10, 10, 0]
    # Luxury ×2 with the dealer's stake: P0 pays 10 × (1 + 1) × 2 = 40, P2 and P3 10 × 1 × 2 = 20.
    luxury = won(self_draw(1, tiles=LUXURY_TILES))
    assert ok(settle("zhengzhou", luxury, DEALER_0, common))["deltas"] == [-40, 80, -20, -20]
    # A wild in a concealed pung wins; the dealer P0 pays 20.
    wild_pung = won(self_draw(1, tiles=WILD_PUNG_TILES), treasure="6s")
    assert ok(settle("zhengzhou", wild_pung, DEALER_0, common))["deltas"] == [-20, 40, -10, -10]


HOUSE_RULES = st.fixed_dictionaries(
    {
        "luxury_seven_pairs": st.sampled_from(["off", "x2", "x4"]),
        "wild_in_concealed_pung": st.booleans(),
        "kong_bloom_payer": st.sampled_from(["all", "feeder"]),
        "kongs_paid_on_draw": st.booleans(),
        "allow_rob_kong": st.booleans(),
        "allow_discard_win": st.booleans(),
        "dealer_add_base": st.booleans(),
        "kongs_only_winner": st.booleans(),
        "special_combine": st.sampled_from(["multiply", "add_units"]),
        "seven_pairs_wild_mode": st.sampled_from(["face_value_only", "wilds_complete_pairs"]),
    }
)
PATTERN_IDS = [pattern["id"] for pattern in get_variant("zhengzhou")["patterns"]]
SEAT = st.integers(0, 3)


@st.composite
def _records(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result, "seats": [{"side_bet": draw(st.integers(0, 3))} for _ in range(4)]}
    if result == "win":
        winner = draw(SEAT)
        win: dict[str, Any] = {"seat": winner, "method": draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))}
        win["patterns"] = draw(st.lists(st.sampled_from(PATTERN_IDS), max_size=2, unique=True))
        if win["method"] != "self_draw":
            win["from"] = draw(SEAT.filter(lambda seat: seat != winner))
        record["wins"] = [win]
    kongs = []
    for _ in range(draw(st.integers(0, 2))):
        owner, kind = draw(SEAT), draw(st.sampled_from(["concealed", "exposed", "added"]))
        entry: dict[str, Any] = {"seat": owner, "kind": kind}
        if kind != "concealed":
            entry["from"] = draw(st.sampled_from([seat for seat in range(4) if seat != owner]))
        kongs.append(entry)
    record["kongs"] = kongs
    return record


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=_records(), dealer=SEAT, options=HOUSE_RULES)
def test_under_any_house_rules_a_hand_is_zero_sum_in_whole_numbers_and_a_refused_one_moves_nothing(
    record: dict[str, Any], dealer: int, options: dict[str, Any]
) -> None:
    result = settle("zhengzhou", record, {"dealer": dealer}, options)

    assert all(type(delta) is int for delta in result["deltas"])
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    if result["ok"]:
        assert result["lines"]
        if record["result"] == "draw":
            assert result["state"]["dealer"] == dealer
    else:
        assert result["errors"] and result["deltas"] == [0, 0, 0, 0]
