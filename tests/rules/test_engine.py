"""The engine's shared contract: record validation, options, state, settle/replay (RULES.md §0)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import tablekeeper.rules as rules
from tablekeeper.rules import (
    VARIANT_IDS,
    SettleResult,
    answers,
    get_variant,
    replay,
    settle,
    table_rules,
    variant_ids,
)
from tablekeeper.rules.state import TableState

from .variant_data import expected

RULES_PACKAGE = Path(rules.__file__).parent


def self_draw(seat: int = 1, patterns: list[str] | None = None) -> dict[str, Any]:
    return {"result": "win", "wins": [{"seat": seat, "method": "self_draw", "patterns": patterns or []}]}


def discard(seat: int, by: int, patterns: list[str] | None = None) -> dict[str, Any]:
    return {"result": "win", "wins": [{"seat": seat, "method": "discard", "from": by, "patterns": patterns or []}]}


def errors_of(result: SettleResult) -> set[tuple[str, str | None]]:
    return {(e["code"], e["field"]) for e in result["errors"]}


REJECTED_RECORDS = [
    ("dalian", {"result": "win", "wins": [], "foo": 1}, ("unknown_field", "foo")),
    ("dalian", {"result": "won"}, ("invalid_value", "result")),
    ("dalian", {}, ("missing_field", "result")),
    ("dalian", [], ("invalid_type", None)),
    ("dalian", {"result": "win"}, ("no_winner", "wins")),
    ("dalian", {"result": "draw", "wins": [{"seat": 1, "method": "self_draw"}]}, ("wins_without_win", "wins")),
    ("dalian", {"result": "win", "wins": [{"seat": 4, "method": "self_draw"}]}, ("seat_out_of_range", "wins.0.seat")),
    ("dalian", {"result": "win", "wins": [{"seat": "2", "method": "self_draw"}]}, ("invalid_type", "wins.0.seat")),
    ("dalian", {"result": "win", "wins": [{"seat": 2, "method": "discard"}]}, ("missing_from", "wins.0.from")),
    ("dalian", {"result": "win", "wins": [{"seat": 2, "method": "rob_kong"}]}, ("missing_from", "wins.0.from")),
    ("dalian", discard(2, by=2), ("self_from", "wins.0.from")),
    (
        "dalian",
        {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "from": 1}]},
        ("from_not_allowed", "wins.0.from"),
    ),
    ("dalian", {"result": "win", "wins": [{"seat": 2, "method": "tsumo"}]}, ("invalid_value", "wins.0.method")),
    (
        "dalian",
        {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": ["nonsense"]}]},
        ("unknown_pattern", "wins.0.patterns.0"),
    ),
    (
        "dalian",
        {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": [7]}]},
        ("invalid_type", "wins.0.patterns.0"),
    ),
    (
        "shandong",
        {
            "result": "win",
            "wins": [{"seat": 1, "method": "discard", "from": 0}, {"seat": 1, "method": "discard", "from": 0}],
        },
        ("duplicate_winner", "wins.1.seat"),
    ),
    (
        "shandong",
        {
            "result": "win",
            "wins": [{"seat": 1, "method": "discard", "from": 0}, {"seat": 2, "method": "discard", "from": 3}],
        },
        ("winners_disagree", "wins.1.from"),
    ),
    (
        "dalian",
        {
            "result": "win",
            "wins": [{"seat": 1, "method": "discard", "from": 0}, {"seat": 2, "method": "discard", "from": 0}],
        },
        ("multiple_winners_not_allowed", "wins"),
    ),
    ("zhengzhou", discard(2, by=1), ("method_not_allowed", "wins.0.method")),
    (
        "dalian",
        {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "flowers": 2}]},
        ("fact_not_in_variant", "wins.0.flowers"),
    ),
    (
        "dalian",
        {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "flowers": 9}]},
        ("invalid_value", "wins.0.flowers"),
    ),
    ("dalian", {**self_draw(), "seats": [{"side_bet": 1}]}, ("fact_not_in_variant", "seats.0.side_bet")),
    ("dalian", {**self_draw(), "seats": [{}, {"ready": "ming"}]}, ("fact_not_in_variant", "seats.1.ready")),
    ("dalian", {**self_draw(), "seats": [{}, {"ready": "maybe"}]}, ("invalid_value", "seats.1.ready")),
    ("dalian", {**self_draw(), "seats": [{"opened": "no"}]}, ("invalid_type", "seats.0.opened")),
    ("dalian", {**self_draw(), "seats": [{}, {}, {}, {}, {}]}, ("invalid_value", "seats")),
    ("dalian", {**self_draw(), "seats": [{"colour": "red"}]}, ("unknown_field", "seats.0.colour")),
    ("zhengzhou", {**self_draw(), "seats": [{"side_bet": 4}]}, ("invalid_value", "seats.0.side_bet")),
    ("harbin", {**self_draw(), "dice_double": True}, ("fact_not_in_variant", "dice_double")),
    ("dalian", {**self_draw(), "liable": 2}, ("fact_not_in_variant", "liable")),
    ("shandong", {**self_draw(1), "liable": 1}, ("contradictory_facts", "liable")),
    ("shenyang", {**self_draw(), "treasure": "4s"}, ("fact_not_in_variant", "treasure")),
    ("dalian", {**self_draw(), "treasure": "0s"}, ("invalid_value", "treasure")),
    ("harbin", {**self_draw(), "kongs": [{"seat": 1, "kind": "wind_set"}]}, ("fact_not_in_variant", "kongs.0.kind")),
    ("dalian", {**self_draw(), "kongs": [{"seat": 1, "kind": "exposed"}]}, ("missing_from", "kongs.0.from")),
    (
        "dalian",
        {**self_draw(), "kongs": [{"seat": 1, "kind": "concealed", "from": 2}]},
        ("from_not_allowed", "kongs.0.from"),
    ),
    ("dalian", {**self_draw(), "kongs": [{"seat": 1, "kind": "tiny"}]}, ("invalid_value", "kongs.0.kind")),
    (
        "dalian",
        {**self_draw(), "kongs": [{"seat": 1, "kind": "exposed", "from": 1}]},
        ("self_from", "kongs.0.from"),
    ),
    (
        "dalian",
        {"result": "draw", "penalties": [{"kind": "false_win", "seat": 1}]},
        ("penalty_not_allowed", "penalties.0.kind"),
    ),
    (
        "dalian",
        {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [5, -1, -1, -1]}]},
        ("adjustment_not_zero_sum", "penalties.0.deltas"),
    ),
    (
        "dalian",
        {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [1, -1]}]},
        ("invalid_value", "penalties.0.deltas"),
    ),
    (
        "shenyang",
        {"result": "draw", "penalties": [{"kind": "false_win", "seat": 1, "count": 3}]},
        ("invalid_value", "penalties.0.count"),
    ),
    ("dalian", {"result": "win", "wins": "P1"}, ("invalid_type", "wins")),
    ("dalian", {"result": "win", "wins": [5]}, ("invalid_type", "wins.0")),
    ("dalian", {"result": "win", "wins": [{"method": "self_draw"}]}, ("missing_field", "wins.0.seat")),
    (
        "dalian",
        {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "flowers": -1}]},
        ("invalid_value", "wins.0.flowers"),
    ),
    (
        "dalian",
        {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "tiles": 123}]},
        ("invalid_type", "wins.0.tiles"),
    ),
    (
        "shandong",
        {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 0}, {"seat": 2, "method": "self_draw"}]},
        ("winners_disagree", "wins.1.method"),
    ),
    ("dalian", {**self_draw(), "seats": [3]}, ("invalid_type", "seats.0")),
    ("dalian", {**self_draw(), "kongs": [3]}, ("invalid_type", "kongs.0")),
    ("dalian", {**self_draw(), "kongs": [{"kind": "concealed"}]}, ("missing_field", "kongs.0.seat")),
    (
        "dalian",
        {**self_draw(), "kongs": [{"seat": 1, "kind": "concealed", "tile": "9z"}]},
        ("invalid_value", "kongs.0.tile"),
    ),
    ("dalian", {"result": "draw", "penalties": [None]}, ("invalid_type", "penalties.0")),
    (
        "shenyang",
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "count": 2}]},
        ("missing_field", "penalties.0.seat"),
    ),
    ("shenyang", {"result": "draw", "penalties": [{"kind": "fine", "seat": 1}]}, ("invalid_value", "penalties.0.kind")),
    (
        "dalian",
        {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [1, -1, 0, 0], "note": 5}]},
        ("invalid_type", "penalties.0.note"),
    ),
    (
        "dalian",
        {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [1, -1, 0, 0], "seat": 1}]},
        ("unknown_field", "penalties.0.seat"),
    ),
    (
        "shenyang",
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 1, "deltas": [1, -1, 0, 0]}]},
        ("unknown_field", "penalties.0.deltas"),
    ),
    (
        "shenyang",
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 1, "count": 0}]},
        ("invalid_value", "penalties.0.count"),
    ),
    ("shandong", {"result": "draw", "liable": 1}, ("contradictory_facts", "liable")),
    ("dalian", {**self_draw(), "treasure": "44"}, ("invalid_value", "treasure")),
    ("dalian", {**self_draw(), "treasure": 4}, ("invalid_value", "treasure")),
]


@pytest.mark.parametrize(("variant", "record", "expected"), REJECTED_RECORDS)
def test_a_record_the_engine_cannot_score_is_rejected_with_a_stable_code_and_field(
    variant: str, record: Any, expected: tuple[str, str | None]
) -> None:
    state = {"dealer": 2, "dealer_streak": 1, "hand": 7}

    result = settle(variant, record, state)

    assert not result["ok"]
    assert expected in errors_of(result)
    assert all(e["message"] for e in result["errors"])
    assert result["deltas"] == [0, 0, 0, 0]
    assert result["pot_delta"] == 0
    assert result["lines"] == []
    assert result["state"]["dealer"] == 2 and result["state"]["dealer_streak"] == 1 and result["state"]["hand"] == 7


def test_every_problem_in_a_record_is_reported_at_once() -> None:
    record = {"result": "win", "wins": [{"seat": 9, "method": "discard"}], "junk": True}

    codes = {code for code, _ in errors_of(settle("dalian", record))}

    assert {"unknown_field", "seat_out_of_range", "missing_from"} <= codes


@pytest.mark.parametrize(
    ("state", "field"),
    [
        ({"dealer": 4}, "state.dealer"),
        ({"dealer": True}, "state.dealer"),
        ({"draw_streak": -1}, "state.draw_streak"),
        ({"pot": 1.5}, "state.pot"),
        ({"hand": 0}, "state.hand"),
        ({"previous": "won"}, "state.previous"),
        ({"mood": "tense"}, "state.mood"),
    ],
)
def test_a_malformed_table_state_is_rejected(state: dict[str, Any], field: str) -> None:
    result = settle("harbin", self_draw(), state)

    assert not result["ok"]
    assert field in {f for _, f in errors_of(result)}


def test_a_missing_state_key_takes_its_zero_value() -> None:
    result = settle("zhengzhou", {"result": "draw"}, {"dealer": 3})

    assert result["ok"], result["errors"]
    assert result["state"]["dealer"] == 3
    assert result["state"]["hand"] == 2
    assert result["state"]["previous"] == "draw"


def test_a_starting_state_has_the_keys_of_the_state_the_engine_answers_each_one_optional() -> None:
    engine_keys = set(TableState.__dataclass_fields__)

    assert answers.State.__required_keys__ == engine_keys
    assert answers.StartingState.__optional_keys__ == engine_keys
    assert answers.StartingState.__required_keys__ == frozenset()


@pytest.mark.parametrize("variant", variant_ids())
def test_an_unknown_option_is_an_error(variant: str) -> None:
    result = settle(variant, {"result": "draw"}, None, {"no_such_rule": True})

    assert ("unknown_option", "options.no_such_rule") in errors_of(result)


@pytest.mark.parametrize("variant", variant_ids())
def test_an_option_value_the_option_does_not_allow_is_an_error(variant: str) -> None:
    for option in get_variant(variant)["options"]:
        bad: Any = "definitely-not-allowed" if option["type"] != "choice" else 12345
        result = settle(variant, {"result": "draw"}, None, {option["key"]: bad})
        assert ("invalid_option", f"options.{option['key']}") in errors_of(result), option["key"]


def test_an_unknown_variant_is_reported_not_raised() -> None:
    result = settle("tokyo", {"result": "draw"})

    assert ("unknown_variant", "variant") in errors_of(result)
    with pytest.raises(KeyError):
        get_variant("tokyo")


@pytest.mark.parametrize("variant", variant_ids())
def test_every_variant_describes_itself_for_the_app(variant: str) -> None:
    described = get_variant(variant)

    assert described["id"] == variant
    assert described["name"]["en"] and described["name"]["zh"]
    # Starting points of 0 are a table that counts only what is won and lost (红中麻将 and others).
    assert described["default_base"] > 0 and described["default_starting_points"] >= 0
    keys = [option["key"] for option in described["options"]]
    assert "base" in keys and len(keys) == len(set(keys))
    assert all(option["meaning"] for option in described["options"])
    assert described["patterns"], "every variant has a pattern catalogue"
    ids = {pattern["id"] for pattern in described["patterns"]}
    for pattern in described["patterns"]:
        assert pattern["name"]["en"] and pattern["name"]["zh"] and pattern["value"]
        assert set(pattern["methods"]) <= set(described["methods"]) | {"self_draw", "discard", "rob_kong"}
        assert set(pattern["excludes"]) <= ids


@pytest.mark.parametrize("variant", variant_ids())
def test_every_count_the_keeper_enters_is_named_and_bounded_by_a_whole_number_house_rule(variant: str) -> None:
    described = get_variant(variant)
    options = {option["key"]: option for option in described["options"]}
    maxima = table_rules(variant, None)["counts"]

    assert list(maxima) == [count["id"] for count in described["counts"]]
    for count in described["counts"]:
        assert count["name"]["en"] and count["name"]["zh"] and count["meaning"]["en"] and count["meaning"]["zh"]
        bound = options[count["max_option"]]
        assert bound["type"] in ("int", "choice")
        allowed: Any = bound["allowed"]
        values = allowed if bound["type"] == "choice" else [allowed["min"], allowed["max"]]
        assert all(type(value) is int and value >= 0 for value in values), values
        assert maxima[count["id"]] == bound["default"]
        too_many = {count["id"]: maxima[count["id"]] + 1}
        refused = settle(
            variant, {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": []}], "counts": too_many}
        )
        assert [(e["code"], e["field"]) for e in refused["errors"]] == [
            ("count_above_maximum", f"counts.{count['id']}")
        ]


@pytest.mark.parametrize("variant", variant_ids())
def test_the_pattern_catalogue_holds_exactly_the_rule_books_pattern_ids(variant: str) -> None:
    assert [p["id"] for p in get_variant(variant)["patterns"]] == expected(variant)["pattern_ids"]


def test_a_manual_adjustment_is_applied_in_any_variant_and_explained() -> None:
    record = {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [3, -3, 0, 0], "note": "miscount"}]}

    for variant in variant_ids():
        result = settle(variant, record)
        assert result["ok"], (variant, result["errors"])
        assert result["deltas"] == [3, -3, 0, 0]
        assert any("miscount" in line["text"] for line in result["lines"])


def test_replay_threads_settle_and_stops_at_the_first_bad_record() -> None:
    hands: list[dict[str, Any]] = [
        {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": []}]},
        {"result": "draw"},
        {"result": "win", "wins": [{"seat": 7, "method": "self_draw"}]},
        {"result": "draw"},
    ]

    result = replay("zhengzhou", hands)

    assert not result["ok"]
    assert result["first_error"] == 2
    assert len(result["results"]) == 3
    first = settle("zhengzhou", hands[0])
    second = settle("zhengzhou", hands[1], first["state"])
    assert result["totals"] == [a + b for a, b in zip(first["deltas"], second["deltas"], strict=True)]
    assert result["state"] == second["state"]


def test_replay_of_no_hands_is_the_starting_state() -> None:
    result = replay("harbin", [], state={"dealer": 2})

    assert result["ok"] and result["first_error"] is None
    assert result["totals"] == [0, 0, 0, 0]
    assert result["state"]["dealer"] == 2 and result["state"]["hand"] == 1


def test_the_engine_package_never_imports_django() -> None:
    offenders = []
    for path in RULES_PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {name}" for name in names if name.split(".")[0] == "django"]
    assert offenders == []


def test_the_public_interface_is_exactly_the_rule_books() -> None:
    assert VARIANT_IDS[:5] == ("dalian", "shenyang", "harbin", "shandong", "zhengzhou")
    # Besides the functions, the types of what they take and answer (plain dicts at run time).
    assert set(rules.__all__) - set(answers.__all__) == {
        "VARIANT_IDS",
        "check_options",
        "get_variant",
        "settle",
        "replay",
        "is_standard_win",
        "waits",
        "table_rules",
        "variant_ids",
        # what each pattern is worth, and which running counters pay, at one table: said by settling there
        "pattern_values",
        "counters_that_count",
        "fact_item_values",
        # a winning hand the table accepts, for a tile field's example
        "tile_example",
        # the wild's face for the tile turned up, where a variant's wild follows one
        "wild_after",
        # which kongs pay, which patterns need 报听, who pays a method: what the phrase box and the rules page say
        "kongs_that_pay",
        "patterns_needing_ready",
        "method_payment",
    }
    assert set(answers.__all__) <= set(rules.__all__)


def test_settle_returns_the_facts_the_app_stores_so_it_never_rereads_the_record() -> None:
    record = {
        "result": "win",
        "wins": [{"seat": 2, "method": "discard", "from": 0, "patterns": []}],
        "kongs": [{"seat": 1, "kind": "concealed", "tile": "3m"}],
    }

    facts = settle("shenyang", record)["facts"]

    assert facts is not None
    assert facts["result"] == "win" and facts["method"] == "discard" and facts["discarder"] == 0
    assert facts["winners"] == [
        {"seat": 2, "method": "discard", "from": 0, "gain": settle("shenyang", record)["deltas"][2]}
    ]
    assert facts["kongs"] == [{"seat": 1, "kind": "concealed", "tile": "3m", "from": None}]
    assert facts["paid"] is True
    drawn = settle("harbin", {"result": "draw"})["facts"]
    assert drawn == {"result": "draw", "winners": [], "method": None, "discarder": None, "kongs": [], "paid": False}
    assert settle("harbin", {"result": "won"})["facts"] is None


def test_a_self_draw_has_no_discarder_and_a_robbed_kong_names_the_robbed_seat() -> None:
    drawn_facts = settle("dalian", self_draw(1))["facts"]
    assert drawn_facts is not None and drawn_facts["discarder"] is None
    robbed = {"result": "win", "wins": [{"seat": 1, "method": "rob_kong", "from": 3, "patterns": []}]}
    robbed_facts = settle("dalian", robbed)["facts"]
    assert robbed_facts is not None and robbed_facts["discarder"] == 3


@pytest.mark.parametrize(
    ("variant", "record", "kind"),
    [
        # The tiles are no win: a refusal of the tiles, whatever its code.
        (
            "harbin",
            {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "tiles": "123m456p789s23s77z+9p"}]},
            "tiles",
        ),
        ("harbin", {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "tiles": "123m+1z"}]}, "tiles"),
        ("shandong", {**self_draw(1), "liable": 1}, "contradiction"),
        ("dalian", {"result": "won"}, "value"),
        ("zhengzhou", discard(2, by=1), "value"),
    ],
)
def test_every_refusal_says_what_kind_it_is_as_data(variant: str, record: dict[str, Any], kind: str) -> None:
    errors = settle(variant, record)["errors"]

    assert errors and {error["kind"] for error in errors} == {kind}, errors


def test_get_variant_builds_each_description_once_and_no_caller_can_change_it() -> None:
    import copy

    first = get_variant("shandong")

    assert get_variant("shandong") is first
    with pytest.raises(TypeError, match="read-only"):
        first["patterns"].append({**first["patterns"][0], "id": "made_up"})
    with pytest.raises(TypeError, match="read-only"):
        first["name"]["en"] = "Elsewhere"
    changed = copy.deepcopy(first)
    changed["patterns"].append({**changed["patterns"][0], "id": "made_up"})
    assert len(get_variant("shandong")["patterns"]) == len(changed["patterns"]) - 1
    assert first == copy.deepcopy(first)
