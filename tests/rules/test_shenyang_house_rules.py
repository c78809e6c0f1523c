"""Shenyang's §9.3 house rules (RULES.md §9.3, the Rust server [RS-S]): each option's worked example, its scope
and the refusals it brings, and the city presets of §9.7. No database: the engine alone.

Figures are worked by hand beside each row: base 2 × W × dealer ×2 × closed payer ×2 (§2.4).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.rules import ProvenItem, check_options, get_variant, settle, table_rules

from .helpers import discard, errors_of, kong, ok, robbed, self_draw, won

DEALER_0 = {"dealer": 0}
PRESETS = Path(__file__).resolve().parents[2] / "tablekeeper" / "rules" / "variants" / "shenyang" / "presets.json"
PURE_BAMBOO = "[123s]456s789s23s55s+4s"  # one suit, no pung: legal only under allow_pure_one_suit
FOUR_ONES = "[234p]111m123m789s5s+5s"  # four 1m (a pung and a chow), single wait on the pair

# (name, options, state, record, deltas)
WORKED: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]] = [
    # §9.3.1: 2 · single 2 = 4 from P3 (seed S2: 8).
    ("ron_factor 1: a discard win does not double", {"ron_factor": 1}, DEALER_0,
     won(discard(2, 3, "single_wait")), [0, 0, 4, -4]),
    # §9.3.2: P0 2 · dealer 2 · closed 4 = 16; P2, P3: 2 · 4 = 8 (seed 8/4/4).
    ("three_closed_double: three closed payers pay x4", {"three_closed_double": True}, DEALER_0,
     won(self_draw(1), seats=[{"opened": False}, {}, {"opened": False}, {"opened": False}]), [-16, 32, -8, -8]),
    # §9.3.3: W = pure one suit 8 (23s waits on 1s or 4s): P0 2·8·2 = 32; P2, P3 16.
    ("allow_pure_one_suit: one suit with no pung wins", {"allow_pure_one_suit": True}, DEALER_0,
     won(self_draw(1, tiles=PURE_BAMBOO)), [-32, 64, -16, -16]),
    # §9.3.4: W = 2. P0: 2·2·2 = 8; P1, P3: 4.
    ("four_in_hand: ticked once", {"four_in_hand": True}, DEALER_0,
     won(self_draw(2, "four_in_hand")), [-8, -4, 16, -4]),
    # §9.3.5: the seed's S3 with W = 4 · 2 = 8: P1 2·8·2·closed 2 = 64; P2, P3 32 (seed 256).
    ("all_pungs_value 4", {"all_pungs_value": 4}, DEALER_0,
     won(self_draw(0, "all_pungs", "dragon_pung"), seats=[{}, {"opened": False}, {}, {}]), [128, -64, -32, -32]),
    # §9.3.6: W = 16: P0 2·16·2 = 64; P2, P3 32 (default W = 2·2 = 4).
    ("concealed_dragon_kong_value 16", {"concealed_dragon_kong_value": 16}, DEALER_0,
     won(self_draw(1), kongs=[kong(1, "concealed", "5z")]), [-64, 128, -32, -32]),
    # §9.3.7: W = 2: P0 8; P2, P3 4.
    ("special_set_value 2", {"special_set_value": 2}, DEALER_0,
     won(self_draw(1), kongs=[kong(1, "dragon_set")]), [-8, 16, -4, -4]),
    # §9.3.8: no bamboo, legal only with value 8. W = seven pairs 8 · single wait 2 = 16: P0 64; P1, P3 32.
    ("seven_pairs_value 8", {"allow_seven_pairs": True, "seven_pairs_value": 8}, DEALER_0,
     won(self_draw(2, tiles="113355m7799p11z2z+2z"), seats=[{}, {}, {"opened": False}, {}]), [-64, -32, 128, -32]),
    # §9.3.9: W = 1: P0 4; P2, P3 2 (stack: ×4 → 16/8/8).
    ("liuju_dice_mode off", {"liuju_dice_mode": "off"}, {"dealer": 0, "draw_streak": 1, "previous": "draw"},
     won(self_draw(1), dice_double=True), [-4, 8, -2, -2]),
]  # fmt: skip

SCOPE: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]] = [
    # Robbing keeps its own ×2: W = ron 1 · robbing 2 = 2; P3 pays 2·2 = 4 (ron_factor 2: 8).
    ("ron_factor 1 keeps the robbing double", {"ron_factor": 1}, DEALER_0,
     won(robbed(2, 3)), [0, 0, 4, -4]),
    ("ron_factor leaves a self-draw alone", {"ron_factor": 1}, DEALER_0,
     won(self_draw(1)), [-4, 8, -2, -2]),
    # Two winners on P3's discard: each W = ron 2, P3 closed ×2: 2·2·2 = 8 each; never ×4.
    ("three_closed_double never applies to several winners", {"three_closed_double": True, "multi_ron": True},
     DEALER_0, won(discard(1, 3), discard(2, 3), seats=[{"opened": False}, {}, {}, {"opened": False}]),
     [0, 8, 8, -16]),
    # P3 open: P0 2·dealer 2·closed 2 = 8; P2 2·2 = 4; P3 2.
    ("three_closed_double needs all three closed", {"three_closed_double": True}, DEALER_0,
     won(self_draw(1), seats=[{"opened": False}, {}, {"opened": False}, {}]), [-8, 14, -4, -2]),
    # P3's concealed kong opens P3 under angang_opens, so the same figures as above.
    ("three_closed_double reads angang_opens", {"three_closed_double": True, "angang_opens": True}, DEALER_0,
     won(self_draw(1), seats=[{"opened": False}, {}, {"opened": False}, {"opened": False}],
         kongs=[kong(3, "concealed", "1m")]), [-8, 14, -4, -2]),
    # An exposed dragon kong is unchanged: W = dragon 2 · kong 2 = 4: P0 16; P2, P3 8.
    ("concealed_dragon_kong_value leaves an exposed dragon kong", {"concealed_dragon_kong_value": 16}, DEALER_0,
     won(self_draw(1), kongs=[kong(1, "exposed", "5z", 0)]), [-16, 32, -8, -8]),
    # A concealed kong with no tile is a plain kong: W = 2.
    ("concealed_dragon_kong_value: a concealed kong with no tile is plain", {"concealed_dragon_kong_value": 16},
     DEALER_0, won(self_draw(1), kongs=[kong(1, "concealed")]), [-8, 16, -4, -4]),
    # ×16 in all, whatever gang_vs_angang and dragon_kong_stacks say.
    ("concealed_dragon_kong_value 16 overrides the kong options",
     {"concealed_dragon_kong_value": 16, "gang_vs_angang": "angang_double", "dragon_kong_stacks": False},
     DEALER_0, won(self_draw(1), kongs=[kong(1, "concealed", "6z")]), [-64, 128, -32, -32]),
    # Inside the cap: P0's 64 is capped at 50.
    ("the options sit inside cap_per_payer", {"concealed_dragon_kong_value": 16, "cap_per_payer": 50}, DEALER_0,
     won(self_draw(1), kongs=[kong(1, "concealed", "7z")]), [-50, 114, -32, -32]),
    ("special_set_value 2 prices the wind set too", {"special_set_value": 2}, DEALER_0,
     won(self_draw(1), kongs=[kong(1, "wind_set")]), [-8, 16, -4, -4]),
    # Twice: W = 4: P0 2·4·2 = 16; P1, P3 8.
    ("four_in_hand ticked twice", {"four_in_hand": True}, DEALER_0,
     won(self_draw(2, "four_in_hand", "four_in_hand")), [-16, -8, 32, -8]),
    # The tiles prove four in hand and the single wait: W = 2 · 2 = 4: P0 16; P2, P3 8.
    ("four_in_hand from the tiles", {"four_in_hand": True}, DEALER_0,
     won(self_draw(1, tiles=FOUR_ONES)), [-16, 32, -8, -8]),
    ("four in hand is not scored with the option off", {}, DEALER_0,
     won(self_draw(1, tiles=FOUR_ONES)), [-8, 16, -4, -4]),
    # A first-turn dragon set holds the fourth dragon beside an all-pungs hand: W = 8 · 2 · set 4 = 64.
    ("four_in_hand with all pungs and a first-turn set", {"four_in_hand": True}, DEALER_0,
     won(self_draw(1, "all_pungs", "four_in_hand"), kongs=[kong(1, "dragon_set")]), [-256, 512, -128, -128]),
    # Ticked on a closed winner (no tiles): W = 8: P0 32; P2, P3 16.
    ("pure one suit wins closed", {"allow_pure_one_suit": True}, DEALER_0,
     won(self_draw(1, "pure_one_suit"), seats=[{}, {"opened": False}, {}, {}]), [-32, 64, -16, -16]),
    ("pure one suit wins closed from the tiles", {"allow_pure_one_suit": True}, DEALER_0,
     won(self_draw(1, tiles="123s456s789s23s55s+4s"), seats=[{}, {"opened": False}, {}, {}]), [-32, 64, -16, -16]),
    # All pungs in one suit is pure one suit in place of all pungs: W = 8 (no single wait: 8s wins as 789s 77s).
    ("pure one suit takes the place of all pungs", {"allow_pure_one_suit": True}, DEALER_0,
     won(self_draw(1, tiles="[111s]333s555s777s9s+9s")), [-32, 64, -16, -16]),
    # allow_seven_pairs alone: worth a plain hand, W = 1; the closed winner may win it.
    ("seven pairs worth a plain hand", {"allow_seven_pairs": True}, DEALER_0,
     won(self_draw(2, "seven_pairs"), seats=[{}, {}, {"opened": False}, {}]), [-4, -2, 8, -2]),
    ("seven pairs ticked worth 8", {"allow_seven_pairs": True, "seven_pairs_value": 8}, DEALER_0,
     won(self_draw(2, "seven_pairs"), seats=[{}, {}, {"opened": False}, {}]), [-32, -16, 64, -16]),
    # The pending doubles are not used: the win stays ×1.
    ("liuju_dice_mode off uses no carried double", {"liuju_dice_mode": "off"}, {"dealer": 0, "pending_doubles": 2},
     won(self_draw(1)), [-4, 8, -2, -2]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("options", "state", "record", "deltas"), [row[1:] for row in WORKED], ids=[row[0] for row in WORKED]
)
def test_each_shenyang_house_rule_settles_its_worked_example(
    options: dict[str, Any], state: dict[str, Any], record: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(settle("shenyang", record, state, options))["deltas"] == deltas


@pytest.mark.parametrize(
    ("options", "state", "record", "deltas"), [row[1:] for row in SCOPE], ids=[row[0] for row in SCOPE]
)
def test_each_shenyang_house_rule_acts_only_within_its_scope(
    options: dict[str, Any], state: dict[str, Any], record: dict[str, Any], deltas: list[int]
) -> None:
    assert ok(settle("shenyang", record, state, options))["deltas"] == deltas


def test_a_session_that_sets_none_of_them_scores_the_worked_examples_as_the_seed() -> None:
    # The seed's figures for the same records (RULES §9.3: "seed S2: 8", "seed: 8/4/4", "default 16/8/8").
    assert settle("shenyang", won(discard(2, 3, "single_wait")), DEALER_0)["deltas"] == [0, 0, 8, -8]
    closed_payers = won(self_draw(1), seats=[{"opened": False}, {}, {"opened": False}, {"opened": False}])
    assert settle("shenyang", closed_payers, DEALER_0)["deltas"] == [-8, 16, -4, -4]
    dragon = won(self_draw(1), kongs=[kong(1, "concealed", "5z")])
    assert settle("shenyang", dragon, DEALER_0)["deltas"] == [-16, 32, -8, -8]
    after_draw = {"dealer": 0, "draw_streak": 1, "previous": "draw"}
    assert settle("shenyang", won(self_draw(1), dice_double=True), after_draw)["deltas"] == [-16, 32, -8, -8]


def test_each_factor_is_named_in_the_payment_lines() -> None:
    options = {"three_closed_double": True, "concealed_dragon_kong_value": 16, "four_in_hand": True}
    record = won(
        self_draw(1, "four_in_hand"),
        seats=[{"opened": False}, {}, {"opened": False}, {"opened": False}],
        kongs=[kong(1, "concealed", "5z")],
    )
    line = next(line for line in ok(settle("shenyang", record, DEALER_0, options))["lines"] if line["seat"] == 2)
    items = {factor["item"]: factor["factor"] for factor in line["params"]["factors"]}
    assert items == {"self_draw": 1, "four_in_hand": 2, "concealed_dragon_kong": 16, "three_closed": 4}
    names = {item["id"] for item in get_variant("shenyang")["fact_items"]}
    assert {"three_closed", "concealed_dragon_kong"} <= names


def test_liuju_dice_mode_off_still_counts_drawn_hands_and_keeps_the_pending_doubles() -> None:
    result = ok(settle("shenyang", {"result": "draw"}, {"dealer": 0, "draw_streak": 1, "pending_doubles": 1},
                       {"liuju_dice_mode": "off"}))  # fmt: skip
    assert result["state"]["draw_streak"] == 2
    assert result["state"]["pending_doubles"] == 1
    draw = next(line for line in result["lines"] if line["code"] == "draw")
    assert draw["params"]["next_multiplier"] is None


def test_the_tiles_prove_the_new_patterns_only_while_their_option_is_on() -> None:
    def proven(tiles: str, options: dict[str, Any]) -> list[ProvenItem]:
        lines = ok(settle("shenyang", won(self_draw(1, tiles=tiles)), DEALER_0, options))["lines"]
        return [item for line in lines if line["code"] == "tiles_prove" for item in line["params"]["items"]]

    assert {"item": "four_in_hand", "count": 1} in proven(FOUR_ONES, {"four_in_hand": True})
    assert {"item": "four_in_hand", "count": 1} not in proven(FOUR_ONES, {})
    one_suit_pungs = "[111s]333s555s777s9s+9s"
    assert proven(one_suit_pungs, {"allow_pure_one_suit": True}) == [{"item": "pure_one_suit", "count": 1}]
    assert {"item": "all_pungs", "count": 1} in proven("[111s]333s555s777m9p+9p", {"allow_pure_one_suit": True})


# (name, options, record, code, field)
REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], str, str]] = [
    ("pure one suit ticked without its house rule", {}, won(self_draw(1, "pure_one_suit")),
     "pattern_not_allowed", "wins.0.patterns.0"),
    ("four in hand ticked without its house rule", {}, won(self_draw(1, "four_in_hand")),
     "pattern_not_allowed", "wins.0.patterns.0"),
    ("seven pairs ticked without allow_seven_pairs", {"seven_pairs_value": 8}, won(self_draw(1, "seven_pairs")),
     "pattern_not_allowed", "wins.0.patterns.0"),
    ("one suit with no pung is no win without allow_pure_one_suit", {}, won(self_draw(1, tiles=PURE_BAMBOO)),
     "win_requirement", "wins.0.tiles"),
    ("seven pairs without bamboo is no win at value 1", {"allow_seven_pairs": True},
     won(self_draw(2, tiles="113355m7799p11z2z+2z"), seats=[{}, {}, {"opened": False}, {}]),
     "win_requirement", "wins.0.tiles"),
    ("four in hand on all pungs with no first-turn set", {"four_in_hand": True},
     won(self_draw(1, "all_pungs", "four_in_hand")), "contradictory_facts", "wins.0.patterns.1"),
    ("four in hand twice beside three kongs", {"four_in_hand": True},
     won(self_draw(1, "four_in_hand", "four_in_hand"),
         kongs=[kong(1, "exposed", "2m", 0), kong(1, "concealed", "3m"), kong(1, "concealed", "4m")]),
     "contradictory_facts", "wins.0.patterns.1"),
    ("four in hand four times", {"four_in_hand": True}, won(self_draw(1, *["four_in_hand"] * 4)),
     "pattern_repeated", "wins.0.patterns.3"),
    ("four in hand ticked on tiles that show none", {"four_in_hand": True},
     won(self_draw(1, "four_in_hand", tiles="[234p]999m234m789s5s+5s")),
     "pattern_contradicts_tiles", "wins.0.patterns.0"),
    ("pure one suit ticked on three suits", {"allow_pure_one_suit": True},
     won(self_draw(1, "pure_one_suit", tiles=FOUR_ONES)), "pattern_contradicts_tiles", "wins.0.patterns.0"),
    ("seven pairs beside a kong of the winner", {"allow_seven_pairs": True},
     won(self_draw(1, "seven_pairs"), kongs=[kong(1, "concealed", "3m")]), "contradictory_facts",
     "wins.0.patterns.0"),
    ("seven pairs on a robbed kong", {"allow_seven_pairs": True}, won(robbed(1, 3, "seven_pairs")),
     "pattern_method_conflict", "wins.0.patterns.0"),
    ("seven pairs with all pungs", {"allow_seven_pairs": True}, won(self_draw(1, "seven_pairs", "all_pungs")),
     "patterns_exclusive", "wins.0.patterns.1"),
    ("pure one suit with all pungs", {"allow_pure_one_suit": True},
     won(self_draw(1, "pure_one_suit", "all_pungs")), "patterns_exclusive", "wins.0.patterns.1"),
]  # fmt: skip


@pytest.mark.parametrize(("options", "record", "code", "field"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_each_refusal_the_house_rules_bring_moves_nothing(
    options: dict[str, Any], record: dict[str, Any], code: str, field: str
) -> None:
    assert (code, field) in errors_of(settle("shenyang", record, DEALER_0, options))


def test_the_contradiction_of_four_in_hand_on_all_pungs_names_both_facts() -> None:
    result = settle("shenyang", won(self_draw(1, "all_pungs", "four_in_hand")), DEALER_0, {"four_in_hand": True})
    (problem,) = result["errors"]
    assert problem["contradiction"] == "four_in_hand_without_chow"
    assert problem["facts"] == ["wins.0.patterns.1", "wins.0.patterns.0"]


@pytest.mark.parametrize(
    ("key", "value"),
    [("ron_factor", 3), ("all_pungs_value", 2), ("concealed_dragon_kong_value", "16"), ("special_set_value", 8),
     ("seven_pairs_value", 4), ("liuju_dice_mode", "none"), ("three_closed_double", 1), ("four_in_hand", "yes")],
)  # fmt: skip
def test_a_value_the_house_rule_does_not_allow_is_refused(key: str, value: Any) -> None:
    result = check_options("shenyang", {key: value})
    assert not result["ok"]
    assert result["errors"][0]["code"] == "invalid_option"


def test_every_new_house_rule_has_words_for_each_value_in_both_languages() -> None:
    options = {option["key"]: option for option in get_variant("shenyang")["options"]}
    for key in ("ron_factor", "all_pungs_value", "concealed_dragon_kong_value", "special_set_value",
                "seven_pairs_value", "liuju_dice_mode"):  # fmt: skip
        labels = options[key]["value_labels"]
        assert set(labels) == {str(value) for value in options[key]["allowed"]}, key
        assert all(label["zh"] and label["en"] for label in labels.values()), key
    assert options["liuju_dice_mode"]["value_labels"]["off"] == {"en": "Neither", "zh": "都不算"}


def test_the_presets_are_the_rule_books_and_each_passes_check_options() -> None:
    presets = json.loads(PRESETS.read_text(encoding="utf-8"))
    assert [preset["id"] for preset in presets] == ["rule_book", "rust_server"]
    assert presets[0]["options"] == {}
    assert presets[1]["name"] == {"zh": "沈阳·网络版", "en": "Shenyang · Rust server"}
    for preset in presets:
        assert check_options("shenyang", preset["options"]) == {"ok": True, "errors": []}, preset["id"]


def test_the_rust_server_preset_scores_a_discard_win_without_the_ron_double_and_caps_at_50() -> None:
    (rust,) = [p for p in json.loads(PRESETS.read_text(encoding="utf-8")) if p["id"] == "rust_server"]
    # W = ron 1 · concealed dragon kong 16 · single 2 = 32; P3 (closed) pays 2·32·closed 4 (three closed)… capped 50.
    record = won(
        discard(1, 3, "single_wait"),
        seats=[{"opened": False}, {}, {"opened": False}, {"opened": False}],
        kongs=[kong(1, "concealed", "5z")],
    )
    assert ok(settle("shenyang", record, {"dealer": 2}, rust["options"]))["deltas"] == [0, 50, 0, -50]


# -- §9.3.10 unscored_items (added 2026-12-02) --------------------------------------------------------------------


def _rust_server() -> dict[str, Any]:
    (rust,) = [p for p in json.loads(PRESETS.read_text(encoding="utf-8")) if p["id"] == "rust_server"]
    return dict(rust["options"])


def test_the_rust_server_preset_lists_kong_discard_among_the_items_it_does_not_score() -> None:
    assert _rust_server()["unscored_items"] == ["kong_discard"]


def test_unscored_items_example_a_win_after_the_discarders_kong_is_recorded_without_the_item() -> None:
    record = won(discard(1, 0))

    assert ok(settle("shenyang", record, {"dealer": 2}, _rust_server()))["deltas"] == [-2, 2, 0, 0]


def test_unscored_items_refuses_a_ticked_kong_discard_naming_the_item_where_the_book_doubles_it() -> None:
    record = won(discard(1, 0, "kong_discard"))
    refused = settle("shenyang", record, {"dealer": 2}, _rust_server())
    without = {key: value for key, value in _rust_server().items() if key != "unscored_items"}

    assert errors_of(refused) == {("pattern_not_allowed", "wins.0.patterns.0")}
    assert "杠上炮" in refused["errors"][0]["message"] and "not scored at this table" in refused["errors"][0]["message"]
    assert ok(settle("shenyang", record, {"dealer": 2}, without))["deltas"] == [-4, 4, 0, 0]


def test_an_unscored_item_is_not_played_at_the_table_and_a_scored_one_still_is() -> None:
    played = table_rules("shenyang", {"unscored_items": ["kong_discard", "last_tile"]})["patterns"]

    assert "kong_discard" not in played and "last_tile" not in played
    assert "kong_bloom" in played and "single_wait" in played


def test_the_tiles_never_add_an_unscored_item_and_the_hand_stays_legal() -> None:
    # 79s waits on 8s alone: the tiles prove 单张 ×2 unless the table does not score it.
    tiles = "[123m][999p]456s11z79s+8s"
    scored = ok(settle("shenyang", won(self_draw(1, tiles=tiles)), DEALER_0, None))
    unscored = ok(settle("shenyang", won(self_draw(1, tiles=tiles)), DEALER_0, {"unscored_items": ["single_wait"]}))

    assert [abs(d) for d in scored["deltas"]] == [2 * abs(d) for d in unscored["deltas"]]
    assert "single_wait" not in {
        f["item"] for line in unscored["lines"] if line["code"] == "win_product" for f in line["params"]["factors"]
    }


def test_unscored_items_takes_only_shenyangs_patterns() -> None:
    assert check_options("shenyang", {"unscored_items": ["kong_discard", "seven_pairs"]})["ok"]
    assert not check_options("shenyang", {"unscored_items": ["self_draw"]})["ok"]
    assert not check_options("shenyang", {"unscored_items": ["edge_wait"]})["ok"]
