"""Reasons as data (RULES.md §0.7): every line is a documented code whose params hold what its sentence shows.

The app renders lines from `code` + `params` alone, so a number or seat that only the English text
carries would be lost in Chinese. These tests read the text as a witness: every number and every
P-seat it shows must be in the params, over the rule book's examples, a table of hands that
reaches every code, and generated records of all five variants.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from tablekeeper.rules import (
    ProvenItem,
    ReasonFactor,
    ReasonLine,
    ReasonParams,
    ReasonPoints,
    ReasonStake,
    SettleResult,
    get_variant,
    settle,
    variant_ids,
)
from tablekeeper.rules.ledger import DEALER_REASONS, LINE_CODES, NOTE_IDS, Ledger

from .test_properties import PROPERTY_SETTINGS, records_for, states
from .variant_data import every_example

EXAMPLES = every_example()
README = (Path(__file__).resolve().parents[2] / "tablekeeper" / "rules" / "README.md").read_text(encoding="utf-8")


def win(seat: int, method: str, source: int | None = None, *patterns: str, **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "method": method, "patterns": list(patterns), **extra}
    if source is not None:
        entry["from"] = source
    return entry


def won(*wins: dict[str, Any], **facts: Any) -> dict[str, Any]:
    return {"result": "win", "wins": list(wins), **facts}


# (id, variant, hand, state, options): between them they reach every line code, note and dealer reason.
EVERY_KIND_OF_LINE: list[tuple[str, str, dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]] = [
    (
        "dalian capped per payer, unopened payer, dealer continuation",
        "dalian",
        won(win(1, "discard", 2, "edge_wait", "four_in_hand", "four_in_hand"), seats=[{}, {}, {"opened": False}, {}]),
        {"dealer": 1, "dealer_streak": 2},
        None,
    ),
    (
        "dalian total cap shared, big concealed kong",
        "dalian",
        won(win(0, "self_draw", None, "kong_bloom"), kongs=[{"seat": 0, "kind": "concealed", "tile": "1z"}]),
        None,
        {"cap_scope": "total", "cap": 50},
    ),
    (
        "dalian tiles read and proved",
        "dalian",
        won(win(1, "self_draw", tiles="[123m][999p]456s11z79s+8s")),
        None,
        None,
    ),
    ("dalian draw, the deal rotates", "dalian", {"result": "draw"}, None, {"draw_dealer": "rotate"}),
    ("dalian draw, the dealer keeps it", "dalian", {"result": "draw"}, None, None),
    (
        "shenyang revealed tiles wait in the pot",
        "shenyang",
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 3, "count": 2}]},
        {"pot": 4},
        None,
    ),
    (
        "shenyang the winner takes what waited and what was paid in",
        "shenyang",
        won(win(2, "discard", 3, "single_wait"), penalties=[{"kind": "revealed_tiles", "seat": 1}]),
        {"pot": 8, "previous": "draw", "draw_streak": 2},
        None,
    ),
    (
        "shenyang false win, dealer double",
        "shenyang",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 2}]},
        None,
        {"zhahu_dealer_double": True},
    ),
    (
        "shenyang four same discards and no-stack doubles",
        "shenyang",
        won(
            win(1, "self_draw", None, "kong_bloom"),
            dice_double=True,
            penalties=[{"kind": "four_same_discards", "seat": 0}],
        ),
        {"pending_doubles": 1, "previous": "draw", "draw_streak": 1},
        {"liuju_dice_mode": "no_stack_carry", "cap_per_payer": 30},
    ),
    (
        "shenyang no-stack doubles carried over a draw",
        "shenyang",
        {"result": "draw", "dice_double": True},
        {"pending_doubles": 2},
        {"liuju_dice_mode": "no_stack_carry"},
    ),
    # A record listing no kongs at all may still tick kong discard (kongs are optional facts); one that
    # lists kongs must list the discarder's (RULES §0.8).
    ("shenyang kong discard whose kong is unlisted", "shenyang", won(win(1, "discard", 2, "kong_discard")), None, None),
    (
        "shenyang kong discard after the discarder's kong, dragon kongs",
        "shenyang",
        won(
            win(1, "discard", 2, "kong_discard"),
            kongs=[
                {"seat": 2, "kind": "concealed", "tile": "3s"},
                {"seat": 1, "kind": "concealed", "tile": "5z"},
                {"seat": 1, "kind": "wind_set"},
            ],
        ),
        {"dealer": 1},
        {"gang_vs_angang": "angang_double"},
    ),
    (
        "shenyang several winners on one discard, tiles that prove patterns",
        "shenyang",
        won(win(1, "discard", 0, tiles="[123m][555z] 456p 789s 1p +1p"), win(2, "discard", 0)),
        None,
        {"multi_ron": True, "dragon_kong_stacks": False},
    ),
    (
        "harbin winner counted ready, clamp not on treasure within treasure",
        "harbin",
        won(win(1, "self_draw", None, "treasure_in_treasure", "clamp")),
        None,
        {"dealer_double": True, "closed_double": True},
    ),
    (
        "harbin treasure ticked with a clamp on any single wait, the self-draw stacked on it",
        "harbin",
        won(win(1, "self_draw", None, "finding_treasure", "clamp")),
        None,
        {"bao_zhong_bao_any_face": True, "harbin_treasure_stacks_with_self_draw": True},
    ),
    (
        "harbin tiles, a discarder not ready",
        "harbin",
        won(win(0, "discard", 1, tiles="[123m][222p] 345s 79s 11m +8s"), seats=[{"ready": "ready"}, {}, {}, {}]),
        None,
        None,
    ),
    ("harbin draw", "harbin", {"result": "draw"}, None, None),
    ("harbin void", "harbin", {"result": "void"}, None, None),
    (
        "shandong Ming Lou discarder after the cap, liable instead of the discarder",
        "shandong",
        won(win(1, "discard", 3, "pure_one_suit", "all_triplets"), seats=[{}, {}, {}, {"ready": "ming"}], liable=2),
        {"draw_streak": 2},
        None,
    ),
    (
        "shandong Ming Lou discarder inside the cap, a robbed kong paid three times",
        "shandong",
        won(win(1, "rob_kong", 3, flowers=2), seats=[{}, {"ready": "an"}, {}, {"ready": "ming"}]),
        {"draw_streak": 6},
        {"ming_lou_penalty_inside_cap": True, "rob_kong_payer": "declarer_pays_three", "cap_scope": "draw_multiplier"},
    ),
    (
        "shandong kong bloom on a fed kong",
        "shandong",
        won(
            win(1, "self_draw", None, "kong_bloom"),
            kongs=[
                {"seat": 1, "kind": "concealed"},
                {"seat": 1, "kind": "concealed"},
                {"seat": 1, "kind": "exposed", "from": 3},
            ],
        ),
        None,
        None,
    ),
    (
        "shandong liable for a self-draw",
        "shandong",
        won(win(1, "self_draw", None, "all_triplets"), liable=0),
        None,
        None,
    ),
    (
        "shandong several winners, the discarder deals",
        "shandong",
        won(win(0, "discard", 3), win(1, "discard", 3, tiles="111122223333m4m+4m")),
        None,
        None,
    ),
    (
        "shandong several robbers, the first robber deals",
        "shandong",
        won(win(0, "rob_kong", 2), win(1, "rob_kong", 2)),
        None,
        None,
    ),
    (
        "shandong several robbers, the declarer deals",
        "shandong",
        won(win(0, "rob_kong", 2), win(1, "rob_kong", 2)),
        None,
        {"several_robbers_dealer": "declarer"},
    ),
    (
        "shandong the third draw charges the dealer; kongs pay nothing",
        "shandong",
        {"result": "draw", "kongs": [{"seat": 1, "kind": "concealed"}]},
        {"draw_streak": 2},
        None,
    ),
    (
        "zhengzhou stakes with side bets, specials multiplied, kongs of everyone",
        "zhengzhou",
        won(
            win(1, "self_draw", None, "four_wilds", "kong_bloom"),
            seats=[{"side_bet": 1}, {"side_bet": 2}, {}, {"side_bet": 3}],
            kongs=[
                {"seat": 1, "kind": "concealed", "tile": "9p"},
                {"seat": 2, "kind": "concealed", "tile": "3m"},
                {"seat": 3, "kind": "exposed", "from": 0},
            ],
        ),
        None,
        None,
    ),
    (
        "zhengzhou added units, the dealer's stake, only the winner's kongs, a discard win",
        "zhengzhou",
        won(
            win(1, "discard", 0, "seven_pairs"),
            kongs=[{"seat": 2, "kind": "added", "from": 3}, {"seat": 3, "kind": "concealed"}],
        ),
        None,
        {
            "special_combine": "add_units",
            "dealer_add_base": True,
            "kongs_only_winner": True,
            "allow_discard_win": True,
            "kong_pao_applies": False,
        },
    ),
    (
        "zhengzhou tiles prove four wilds",
        "zhengzhou",
        won(win(1, "self_draw", tiles="5s5s5s5s 123m 456p 78p 1z+1z"), treasure="5s"),
        {"dealer": 1},
        None,
    ),
    (
        "zhengzhou draw with a kong",
        "zhengzhou",
        {"result": "draw", "kongs": [{"seat": 1, "kind": "concealed"}]},
        None,
        None,
    ),
    (
        "a manual adjustment",
        "dalian",
        {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [3, -3, 0, 0], "note": "miscount of 3"}]},
        None,
        None,
    ),
]


def settled(case: tuple[str, str, dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]) -> SettleResult:
    _, variant, hand, state, options = case
    result = settle(variant, hand, state, options)
    assert result["ok"], (case[0], result["errors"])
    return result


def leaves(value: Any) -> Iterator[Any]:
    """Every scalar a params value holds, however deep in its lists and dicts."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        for inner in value:
            yield from leaves(inner)
    else:
        yield value


def numbers_in(params: Mapping[str, Any]) -> set[int]:
    """Every whole number the params hold, as the text would show it: without its sign, or inside a tile face."""
    numbers: set[int] = set()
    for leaf in leaves(params):
        if isinstance(leaf, str):
            numbers |= {int(digits) for digits in re.findall(r"\d+", leaf)}
        elif isinstance(leaf, int) and not isinstance(leaf, bool):
            numbers.add(abs(leaf))
    return numbers


def seats_in(params: Mapping[str, Any]) -> set[int]:
    return {leaf for leaf in leaves(params) if type(leaf) is int and 0 <= leaf <= 3}


def text_problems(line: ReasonLine) -> list[str]:
    """What the line's English shows that its params do not hold."""
    shown = numbers_in(line["params"])
    problems = [f"{n} is not in the params" for n in map(int, re.findall(r"\d+", line["text"])) if n not in shown]
    seats = seats_in(line["params"])
    problems += [
        f"P{n} is not in the params" for n in map(int, re.findall(r"\bP([0-3])\b", line["text"])) if n not in seats
    ]
    return problems


def items_named(params: Mapping[str, Any]) -> set[str]:
    """The item ids a line's params name: in factors, points, stakes and tile findings, and on their own."""
    named = {params[key] for key in ("item", "shares_reason") if params.get(key)}
    for key in ("factors", "after_cap", "points", "stakes", "items"):
        named |= {entry["item"] for entry in params.get(key) or []}
    return named


# The types that declare a line's params, and the entries of its lists, for the app that reads them.
ENTRY_TYPES: dict[str, Any] = {
    "factors": ReasonFactor,
    "after_cap": ReasonFactor,
    "points": ReasonPoints,
    "stakes": ReasonStake,
    "items": ProvenItem,
}


def undeclared_params(line: ReasonLine) -> list[str]:
    """The params (and keys of their list entries) a line holds that `ReasonParams` does not declare."""
    declared = ReasonParams.__annotations__
    found = [key for key in line["params"] if key not in declared]
    for key, entry_type in ENTRY_TYPES.items():
        for entry in line["params"].get(key) or []:  # type: ignore[attr-defined]
            found += [f"{key}.{name}" for name in entry if name not in entry_type.__annotations__]
    return found


def test_a_param_the_types_do_not_declare_is_caught() -> None:
    line: Any = {"seat": 1, "code": "flat", "amount": 2, "params": {"payer": 1, "payr": 2}, "text": ""}
    assert undeclared_params(line) == ["payr"]
    line["params"] = {"factors": [{"item": "self_draw", "factr": 2}]}
    assert undeclared_params(line) == ["factors.factr"]


def assert_reasons_are_data(variant: str, result: SettleResult) -> None:
    described = get_variant(variant)
    known = {entry["id"] for entry in described["patterns"] + described["fact_items"]}
    for line in result["lines"]:
        assert set(line) == {"seat", "code", "amount", "params", "text"}
        assert line["code"] in LINE_CODES, line
        assert text_problems(line) == [], line
        assert items_named(line["params"]) <= known, (line, items_named(line["params"]) - known)
        assert undeclared_params(line) == [], line
        if line["code"] == "note":
            assert line["params"]["note"] in NOTE_IDS
        if line["code"] == "dealer":
            assert line["params"]["reason"] in DEALER_REASONS
        json.dumps(line)  # stored as JSON by the app


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_every_number_and_seat_of_the_rule_books_examples_is_in_the_params(case: dict[str, Any]) -> None:
    result = settle(case["variant"], case["hand"], case.get("state"), case.get("options"))

    assert_reasons_are_data(case["variant"], result)


@pytest.mark.parametrize("case", EVERY_KIND_OF_LINE, ids=[case[0] for case in EVERY_KIND_OF_LINE])
def test_every_number_and_seat_of_every_kind_of_line_is_in_the_params(
    case: tuple[str, str, dict[str, Any], dict[str, Any] | None, dict[str, Any] | None],
) -> None:
    assert_reasons_are_data(case[1], settled(case))


def shape_lines() -> list[ReasonLine]:
    """Lines of the payment shapes no variant of the rule book pays through (a new variant's folder may):
    written by the engine's own ledger, as a variant's scoring writes them."""
    ledger = Ledger()
    ledger.pay_flat(1, 0, "exposed_kong", 1, owner=0, tile="5m", label="exposed kong")
    ledger.pay_flat(2, 3, "concealed_kong", 2, count=3, owner=3, label="concealed kong")
    return [line.as_dict() for line in ledger.lines]


def test_every_number_and_seat_of_a_flat_payment_is_in_the_params() -> None:
    for line in shape_lines():
        assert line["code"] == "flat" and text_problems(line) == [], line
        assert line["amount"] == -line["params"]["value"] * (line["params"]["count"] or 0)


def test_the_table_of_hands_reaches_every_code_note_and_dealer_reason() -> None:
    lines = [line for case in EVERY_KIND_OF_LINE for line in settled(case)["lines"]] + shape_lines()

    assert {line["code"] for line in lines} == set(LINE_CODES)
    assert {line["params"]["note"] for line in lines if line["code"] == "note"} == set(NOTE_IDS)
    assert {line["params"]["reason"] for line in lines if line["code"] == "dealer"} == set(DEALER_REASONS)


@pytest.mark.parametrize("variant", variant_ids())
def test_every_number_and_seat_of_generated_hands_is_in_the_params(variant: str) -> None:
    @PROPERTY_SETTINGS
    @given(record=records_for(variant), state=states())
    def check(record: dict[str, Any], state: dict[str, Any]) -> None:
        assert_reasons_are_data(variant, settle(variant, record, state))

    check()


def test_the_text_check_catches_a_number_the_params_lack() -> None:
    line: ReasonLine = {
        "seat": 1,
        "code": "total",
        "amount": 5,
        "params": {"seat": 1, "amount": 5},
        "text": "P1 total +5 of 7",
    }

    assert text_problems(line) == ["7 is not in the params"]
    assert text_problems({**line, "text": "P2 total +5"}) == ["2 is not in the params", "P2 is not in the params"]


# -- the README documents every code ---------------------------------------------------------


def documented(section: str) -> set[str]:
    """The names in the first column of the README's table under `section` (a "### " heading)."""
    body = README.split(f"### {section}\n", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", body, flags=re.MULTILINE))


def test_the_readme_documents_every_line_code_note_and_dealer_reason() -> None:
    assert documented("Line codes") == set(LINE_CODES)
    assert documented("Notes") == set(NOTE_IDS)
    assert documented("Dealer reasons") == set(DEALER_REASONS)


def test_the_readme_gives_one_example_line_of_each_code_that_keeps_the_rules() -> None:
    block = README.split("### Examples\n", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    examples = [json.loads(row) for row in block.splitlines() if row.strip()]

    assert [example["code"] for example in examples] == list(LINE_CODES)
    lines = [line for case in EVERY_KIND_OF_LINE for line in settled(case)["lines"]] + shape_lines()
    engine_keys = {line["code"]: set(line["params"]) for line in lines}
    for example in examples:
        assert set(example) == {"seat", "code", "amount", "params", "text"}
        assert set(example["params"]) == engine_keys[example["code"]], example["code"]
        assert text_problems(example) == [], example["code"]
