"""What a variant can do, as data (RULES.md §0.7): the app reads it from get_variant, never by settling a
made-up hand; check_options checks a house-rule set on its own; one option per rule, older names kept."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablekeeper.rules import check_options, get_variant, settle, table_rules, variant_ids

from .variant_data import expected


@pytest.mark.parametrize("variant", variant_ids())
def test_each_variant_says_which_tiles_it_plays_with(variant: str) -> None:
    assert get_variant(variant)["tile_set"] == expected(variant)["tile_set"]


def test_a_tile_outside_the_tile_set_is_refused_by_settle_as_the_tile_set_says() -> None:
    # Harbin's set lacks the winds: the declared set and the tile check agree.
    hand = {
        "result": "win",
        "wins": [{"seat": 1, "method": "self_draw", "patterns": [], "tiles": "123m456p789s23s11z+1s"}],
    }

    assert [e["code"] for e in settle("harbin", hand)["errors"]] == ["tiles_not_in_set"]


@pytest.mark.parametrize("variant", variant_ids())
def test_each_variant_says_how_many_may_win_one_hand_and_what_allows_it(variant: str) -> None:
    described = get_variant(variant)

    assert described["max_winners"] == expected(variant)["max_winners"]
    assert described["several_winners"] == expected(variant)["several_winners"]


TWO_ON_ONE_DISCARD = {
    "result": "win",
    "wins": [
        {"seat": 1, "method": "discard", "from": 0, "patterns": []},
        {"seat": 2, "method": "discard", "from": 0, "patterns": []},
    ],
}


@pytest.mark.parametrize(
    ("variant", "options", "allowed"),
    [
        ("shandong", None, True),
        ("dalian", None, False),
        ("shenyang", None, False),
        ("shenyang", {"multi_ron": True}, True),
        ("harbin", None, False),
    ],
)
def test_settle_agrees_with_the_declared_winners(variant: str, options: dict[str, Any] | None, allowed: bool) -> None:
    result = settle(variant, TWO_ON_ONE_DISCARD, None, options)

    assert ("multiple_winners_not_allowed" not in {e["code"] for e in result["errors"]}) is allowed


@pytest.mark.parametrize("variant", variant_ids())
def test_each_variant_says_how_a_hand_may_be_won(variant: str) -> None:
    described = get_variant(variant)

    assert described["methods"] == expected(variant)["methods"]
    assert described["method_options"] == expected(variant)["method_options"]


@pytest.mark.parametrize("variant", variant_ids())
def test_the_table_rules_allow_the_declared_methods_and_those_a_house_rule_lets_in(variant: str) -> None:
    described = get_variant(variant)
    every_rule_on = {option: True for option in described["method_options"].values()}

    assert table_rules(variant, None)["methods"] == described["methods"]
    assert set(table_rules(variant, every_rule_on)["methods"]) == {*described["methods"], *described["method_options"]}


def test_zhengzhous_discard_win_follows_the_option_the_declaration_names() -> None:
    hand = {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": []}]}

    assert [e["code"] for e in settle("zhengzhou", hand)["errors"]] == ["method_not_allowed"]
    assert settle("zhengzhou", hand, None, {"allow_discard_win": True})["ok"]


@pytest.mark.parametrize("variant", variant_ids())
def test_each_variant_says_whether_and_how_it_plays_with_wild_tiles(variant: str) -> None:
    assert get_variant(variant)["wilds"] == expected(variant)["wilds"]


@pytest.mark.parametrize("variant", variant_ids())
def test_each_variant_says_where_the_deal_goes(variant: str) -> None:
    assert get_variant(variant)["dealer_rotation"] == expected(variant)["dealer_rotation"]


@pytest.mark.parametrize("variant", variant_ids())
def test_the_declared_rotation_is_where_settle_sends_the_deal_after_a_non_dealer_wins(variant: str) -> None:
    hand = {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": []}]}
    dealer = settle(variant, hand, {"dealer": 0})["state"]["dealer"]

    assert dealer == {"next_seat": 1, "winner": 2}[get_variant(variant)["dealer_rotation"]]


@pytest.mark.parametrize("variant", variant_ids())
def test_each_variant_lists_its_fact_items_with_both_names_and_a_value(variant: str) -> None:
    described = get_variant(variant)
    items = described["fact_items"]

    assert [item["id"] for item in items] == expected(variant)["fact_items"]
    assert len(items) == len({item["id"] for item in items})
    for item in items:
        assert set(item) == {"id", "name", "value", "value_words"}
        assert item["name"]["en"] and item["value"]
        assert item["name"]["zh"] and not any("a" <= ch.lower() <= "z" for ch in item["name"]["zh"])
    # A fact item never shadows a pattern: an item id names one thing per variant.
    assert not {item["id"] for item in items} & {pattern["id"] for pattern in described["patterns"]}


def test_harbins_win_values_are_named_as_its_table_says_them() -> None:
    names = {item["id"]: item["name"]["zh"] for item in get_variant("harbin")["fact_items"]}
    patterns = {p["id"]: p["name"]["zh"] for p in get_variant("harbin")["patterns"]}

    assert (names["standard_win"], names["discarder_not_ready"], names["self_draw"]) == ("平胡", "出冲", "自摸")
    assert (patterns["finding_treasure"], patterns["treasure_in_treasure"]) == ("摸宝", "宝中宝")


# -- check_options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("dalian", None),
        ("dalian", {}),
        ("dalian", {"cap": None, "cap_scope": "total"}),
        ("shenyang", {"multi_ron": True, "gang_vs_angang": "angang_double"}),
        ("shenyang", {"angang_double": True}),
        ("shandong", {"exempt258": ["seven_pairs"]}),
        ("zhengzhou", {"max_pao": 0, "allow_discard_win": True}),
    ],
)
def test_check_options_accepts_house_rules_the_variant_has(variant: str, options: dict[str, Any] | None) -> None:
    assert check_options(variant, options) == {"ok": True, "errors": []}


@pytest.mark.parametrize(
    ("variant", "options", "expected"),
    [
        ("harbin", {"cap": 5}, [("unknown_option", "options.cap")]),
        (
            "dalian",
            {"cap": 0, "draw_dealer": "never"},
            [("invalid_option", "options.cap"), ("invalid_option", "options.draw_dealer")],
        ),
        ("shenyang", {"angang_double": "yes"}, [("invalid_option", "options.angang_double")]),
        ("zhengzhou", {"max_pao": 11}, [("invalid_option", "options.max_pao")]),
        ("zhengzhou", ["max_pao"], [("invalid_option", "options")]),
        ("mahjong", {}, [("unknown_variant", "variant")]),
    ],
)
def test_check_options_refuses_what_settle_would_refuse(
    variant: str, options: Any, expected: list[tuple[str, str]]
) -> None:
    result = check_options(variant, options)

    assert result["ok"] is False
    assert [(e["code"], e["field"]) for e in result["errors"]] == expected
    assert all(e["message"] for e in result["errors"])
    if variant in variant_ids():
        assert settle(variant, {"result": "draw"}, None, options)["errors"] == result["errors"]


# -- one rule, one option: Shenyang's concealed-kong double ----------------------------------------


def test_shenyang_has_one_option_for_the_concealed_kong_double_and_names_the_old_one_as_an_alias() -> None:
    described = get_variant("shenyang")

    assert "gang_vs_angang" in {spec["key"] for spec in described["options"]}
    assert "angang_double" not in {spec["key"] for spec in described["options"]}
    assert described["option_aliases"] == [
        {"key": "angang_double", "type": "bool", "option": "gang_vs_angang", "when_true": "angang_double"}
    ]


CONCEALED_KONG_WIN = {
    "result": "win",
    "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": []}],
    "kongs": [{"seat": 1, "kind": "concealed"}],
}


@pytest.mark.parametrize(
    ("options", "amount"),
    [
        # base 2 × ron 2 × concealed kong 2 = 8; doubled twice (×4): 16.
        (None, 8),
        ({"gang_vs_angang": "equal"}, 8),
        ({"angang_double": False}, 8),
        ({"gang_vs_angang": "angang_double"}, 16),
        ({"angang_double": True}, 16),
        # Stored sessions held both keys; as before, either one turns the double on.
        ({"angang_double": True, "gang_vs_angang": "equal"}, 16),
        ({"angang_double": False, "gang_vs_angang": "angang_double"}, 16),
    ],
)
def test_the_old_option_name_scores_exactly_as_it_did(options: dict[str, Any] | None, amount: int) -> None:
    result = settle("shenyang", CONCEALED_KONG_WIN, None, options)

    assert result["ok"], result["errors"]
    assert result["deltas"] == [0, amount, -amount, 0]


@pytest.mark.parametrize("variant", variant_ids())
def test_every_patterns_value_reads_in_both_languages_with_no_english_in_the_chinese(variant: str) -> None:
    for pattern in get_variant(variant)["patterns"]:
        words = pattern["value_words"]
        assert words["en"] == pattern["value"]
        assert words["zh"] and not re.search("[A-Za-z]", words["zh"]), (pattern["id"], words)


def test_a_value_with_words_says_them_in_chinese_and_a_bare_figure_stays_as_it_is() -> None:
    dalian = {pattern["id"]: pattern["value_words"] for pattern in get_variant("dalian")["patterns"]}
    shandong = {pattern["id"]: pattern["value_words"] for pattern in get_variant("shandong")["patterns"]}

    assert dalian["four_in_hand"] == {"en": "×2 each", "zh": "每个×2"}
    assert dalian["double_float"] == {"en": "×8", "zh": "×8"}
    assert shandong["seven_pairs"]["zh"] == "+2分，×2"


# -- what the facts are called -----------------------------------------------------------------


@pytest.mark.parametrize("variant", variant_ids())
def test_every_ready_value_kind_of_kong_and_penalty_is_named_in_both_languages(variant: str) -> None:
    described = get_variant(variant)
    names = described["fact_names"]

    assert set(names["ready"]) == {value for value in described["ready_values"] if value != "none"}
    assert set(names["kong"]) == set(described["kong_kinds"])
    assert set(names["penalty"]) == set(described["penalty_kinds"])
    for fact in names.values():
        for value, words in fact.items():
            assert set(words) == {"en", "zh"} and words["en"], (value, words)
            assert words["zh"] and not re.search("[A-Za-z]", words["zh"]), (value, words)


def test_a_variant_names_a_fact_by_the_fact_item_that_says_it_names_it() -> None:
    assert get_variant("dalian")["fact_names"]["kong"]["dragon_set"] == {"en": "Joyous kong", "zh": "喜杠"}
    assert get_variant("shandong")["fact_names"]["ready"]["ming"] == {"en": "Open ready win", "zh": "明楼"}
    # Where a variant names none, the table's usual name.
    assert get_variant("zhengzhou")["fact_names"]["kong"]["added"] == {"en": "Added", "zh": "补杠"}


def test_the_table_rules_resolve_an_older_option_name_as_the_option_it_became() -> None:
    rules = table_rules("shenyang", {"angang_double": True})

    assert rules["ok"] and rules["options"]["gang_vs_angang"] == "angang_double"
    assert table_rules("shenyang", {"multi_ron": True})["several_winners"] is True
    assert table_rules("shenyang", None)["several_winners"] is False
    refused = table_rules("harbin", {"cap": 5})
    assert not refused["ok"] and refused["options"]["base"] == 1


@pytest.mark.parametrize("variant", variant_ids())
def test_a_variant_whose_penalties_pay_into_a_pot_says_it_uses_one(variant: str) -> None:
    described = get_variant(variant)
    paid_into_a_pot = []
    for kind in described["penalty_kinds"]:
        if kind == "adjustment":
            continue
        for result in ("draw", "void"):
            answer = settle(variant, {"result": result, "penalties": [{"kind": kind, "seat": 2, "count": 1}]})
            if answer["ok"] and (answer["pot_delta"] or answer["state"]["pot"]):
                paid_into_a_pot.append(kind)
    assert not paid_into_a_pot or described["uses_pot"], paid_into_a_pot
    if variant == "shenyang":  # RULES §2: revealed tiles pay into the pot the next winner takes
        assert paid_into_a_pot and described["uses_pot"]
