"""Shared pieces of the independent formula models for Dalian, Shandong and Zhengzhou.

Each model is `expected(record, state, options) -> Outcome`, written from RULES.md alone; these
helpers only thread the table state and compare a model with the engine, so that a mistake in
them would show up in all three variants at once rather than hide in one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from tablekeeper.rules import replay, settle

Record = dict[str, Any]
State = dict[str, Any]
Options = dict[str, Any]


class Outcome(NamedTuple):
    deltas: list[int]
    pot_delta: int
    next_dealer: int
    counters: dict[str, Any]


Model = Callable[[Record, State, Options], Outcome]

START: State = {
    "dealer": 0,
    "dealer_streak": 0,
    "draw_streak": 0,
    "pending_doubles": 0,
    "pot": 0,
    "previous": None,
    "hand": 1,
}


def full_state(partial: State) -> State:
    """A table state with every key of §0.5, missing keys at their zero value."""
    return {**START, **partial}


def pay(deltas: list[int], payer: int, winner: int, amount: int) -> None:
    deltas[payer] -= amount
    deltas[winner] += amount


def counters_after(state: State, result: str, dealer: int, kept: bool) -> dict[str, Any]:
    """§0.5 counters after a hand: `kept` says whether the same dealer deals again."""
    if result == "void":
        return {**state, "previous": "void", "hand": state["hand"] + 1}
    return {
        **state,
        "dealer": dealer,
        "dealer_streak": state["dealer_streak"] + 1 if kept else 0,
        "draw_streak": state["draw_streak"] + 1 if result == "draw" else 0,
        "previous": result,
        "hand": state["hand"] + 1,
    }


def assert_engine_agrees(variant: str, model: Model, record: Record, state: State, options: Options) -> bool:
    """True when the engine accepted the record and paid it exactly as the model; False when it refused."""
    result = settle(variant, record, state, options)
    if not result["ok"]:
        return False
    wanted = model(record, full_state(state), options)
    assert (result["deltas"], result["pot_delta"]) == (wanted.deltas, wanted.pot_delta), (record, result["lines"])
    assert result["state"]["dealer"] == wanted.next_dealer, (record, result["state"])
    assert result["state"] == wanted.counters, (record, result["state"], wanted.counters)
    return True


def assert_session_agrees(variant: str, model: Model, hands: list[Record], options: Options) -> None:
    """Replays the hands and checks every hand's payments, dealer and counters against the model, in order."""
    result = replay(variant, hands, options)
    assert result["ok"], result["results"][-1]["errors"]
    state = dict(START)
    totals = [0, 0, 0, 0]
    for hand, settled in zip(hands, result["results"], strict=True):
        wanted = model(hand, state, options)
        assert settled["deltas"] == wanted.deltas, (hand, settled["lines"])
        assert settled["state"] == wanted.counters
        totals = [total + delta for total, delta in zip(totals, wanted.deltas, strict=True)]
        state = dict(wanted.counters)
    assert result["totals"] == totals
    assert result["state"] == state
