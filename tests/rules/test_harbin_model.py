"""Harbin against an independent model of RULES.md §3.6, on generated records (no tiles).

The model is written straight from the rule book, amount(p) = V × (clamp ? 2 : 1) with one exclusive
V, plus the per-payer house rules, without reading the engine; every valid record must be paid so.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.rules import replay, settle
from tests.hypothesis_profiles import examples


def win_value(record: dict[str, Any], options: dict[str, Any]) -> int:
    """V for the hand, with the clamp, before the per-payer house rules."""
    win = record["wins"][0]
    patterns, method = win["patterns"], win["method"]
    stacked = 2 if options["harbin_treasure_stacks_with_self_draw"] else 1
    clamp = 2 if "clamp" in patterns else 1
    if method == "discard":
        return (1 if record["seats"][win["from"]]["ready"] == "ready" else 3) * clamp
    if method == "rob_kong":
        return 2 * clamp
    if "treasure_in_treasure" in patterns:
        return 12 * stacked * (clamp if options["clamp_on_bao_zhong_bao"] else 1)
    if "finding_treasure" in patterns:
        return 3 * stacked * clamp
    return 2 * clamp


def model_deltas(record: dict[str, Any], dealer: int, options: dict[str, Any]) -> list[int]:
    win = record["wins"][0]
    winner = win["seat"]
    payers = [win["from"]] if win["method"] == "discard" else [seat for seat in range(4) if seat != winner]
    deltas = [0, 0, 0, 0]
    for payer in payers:
        amount = options["base"] * win_value(record, options)
        amount *= 2 if options["dealer_double"] and dealer in (payer, winner) else 1
        amount *= 2 if options["closed_double"] and not record["seats"][payer]["opened"] else 1
        deltas[payer] -= amount
        deltas[winner] += amount
    return deltas


@st.composite
def valid_records(draw: st.DrawFn) -> dict[str, Any]:
    winner = draw(st.integers(0, 3))
    method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
    entry: dict[str, Any] = {"seat": winner, "method": method, "patterns": []}
    if method != "self_draw":
        entry["from"] = draw(st.sampled_from([seat for seat in range(4) if seat != winner]))
    if draw(st.booleans()):
        entry["patterns"].append("clamp")
    if method == "self_draw":
        entry["patterns"] += draw(st.sampled_from([[], ["finding_treasure"], ["treasure_in_treasure"]]))
    # A robbed kong sat on a claimed pung, so its declarer has opened (RULES §0.8).
    robbed = entry["from"] if method == "rob_kong" else None
    seats = [
        {"opened": seat in (winner, robbed) or draw(st.booleans()), "ready": draw(st.sampled_from(["none", "ready"]))}
        for seat in range(4)
    ]
    return {"result": "win", "wins": [entry], "seats": seats}


@settings(max_examples=examples(400), deadline=None)
@given(
    valid_records(),
    st.integers(0, 3),
    st.fixed_dictionaries(
        {
            "base": st.sampled_from([1, 2, 5]),
            "harbin_treasure_stacks_with_self_draw": st.booleans(),
            "clamp_on_bao_zhong_bao": st.booleans(),
            "dealer_double": st.booleans(),
            "closed_double": st.booleans(),
            "treasure_mode": st.sampled_from(["successor", "indicator"]),
        }
    ),
)
def test_every_valid_record_is_paid_as_the_rule_book_says(
    record: dict[str, Any], dealer: int, options: dict[str, Any]
) -> None:
    result = settle("harbin", record, {"dealer": dealer}, options)

    assert result["ok"], result["errors"]
    assert result["deltas"] == model_deltas(record, dealer, options)
    winner = record["wins"][0]["seat"]
    assert result["state"]["dealer"] == winner


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(valid_records(), st.sampled_from([{"result": "draw"}, {"result": "void"}])), max_size=8))
def test_a_replayed_session_gives_the_deal_to_each_winner_and_carries_nothing_else(
    hands: list[dict[str, Any]],
) -> None:
    result = replay("harbin", hands)
    dealer, dealer_streak, draw_streak = 0, 0, 0
    totals = [0, 0, 0, 0]

    assert result["ok"]
    for hand, settled in zip(hands, result["results"], strict=True):
        defaults = {
            "base": 1,
            "harbin_treasure_stacks_with_self_draw": False,
            "clamp_on_bao_zhong_bao": False,
            "dealer_double": False,
            "closed_double": False,
        }
        expected = model_deltas(hand, dealer, defaults) if hand["result"] == "win" else [0, 0, 0, 0]
        assert settled["deltas"] == expected
        totals = [t + d for t, d in zip(totals, expected, strict=True)]
        if hand["result"] == "win":
            winner = hand["wins"][0]["seat"]
            dealer_streak = dealer_streak + 1 if winner == dealer else 0
            dealer, draw_streak = winner, 0
        elif hand["result"] == "draw":
            dealer_streak, draw_streak = dealer_streak + 1, draw_streak + 1
        state = settled["state"]
        assert (state["dealer"], state["dealer_streak"], state["draw_streak"]) == (dealer, dealer_streak, draw_streak)
    assert result["totals"] == totals and result["pot"] == 0
