"""Invariants over generated hand records and sessions, for all five variants (hypothesis).

Records are generated from each variant's own catalogue (`get_variant`), so the same
strategies follow the engine as patterns and facts are added. Most generated records
are plausible (patterns the method allows, not excluding each other); some are not,
so rejection is exercised too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, replay, settle, table_rules, variant_ids
from tests.hypothesis_profiles import examples

CATALOGUE = {variant: get_variant(variant) for variant in variant_ids()}
SEATS = st.integers(min_value=0, max_value=3)


@st.composite
def patterns_for(draw: st.DrawFn, variant: str, method: str) -> list[str]:
    described = CATALOGUE[variant]
    usable = [p for p in described["patterns"] if method in p["methods"] and not p["requires_option"]]
    chosen: list[str] = []
    for pattern in draw(st.lists(st.sampled_from(usable), max_size=3, unique_by=lambda p: p["id"])) if usable else []:
        clashes = any(pattern["id"] in CATALOGUE_EXCLUDES[variant].get(other, ()) for other in chosen)
        if not clashes:
            chosen += [pattern["id"]] * (draw(st.integers(1, 2)) if pattern["repeatable"] else 1)
    return chosen


CATALOGUE_EXCLUDES: dict[str, dict[str, set[str]]] = {}
for _variant, _described in CATALOGUE.items():
    table: dict[str, set[str]] = {p["id"]: set(p["excludes"]) for p in _described["patterns"]}
    for _id, _excluded in list(table.items()):
        for other in _excluded:
            table.setdefault(other, set()).add(_id)
    CATALOGUE_EXCLUDES[_variant] = table


@st.composite
def wins_for(draw: st.DrawFn, variant: str) -> list[dict[str, Any]]:
    described = CATALOGUE[variant]
    method = draw(st.sampled_from(sorted(described["methods"])))
    winner = draw(SEATS)
    win: dict[str, Any] = {"seat": winner, "method": method, "patterns": draw(patterns_for(variant, method))}
    if method != "self_draw":
        win["from"] = draw(SEATS.filter(lambda s: s != winner))
    if described["uses_flowers"]:
        win["flowers"] = draw(st.integers(0, 8))
    wins = [win]
    several = described["several_winners"]
    if several and several["option"] is None and method in several["methods"] and draw(st.booleans()):
        others = [s for s in range(4) if s not in (winner, win["from"])]
        second = draw(st.sampled_from(others))
        wins.append({"seat": second, "method": method, "from": win["from"], "patterns": []})
    return wins


@st.composite
def records_for(draw: st.DrawFn, variant: str) -> dict[str, Any]:
    described = CATALOGUE[variant]
    result = draw(st.sampled_from(["win", "win", "win", "draw", "void"]))
    record: dict[str, Any] = {"result": result}
    if result == "win":
        record["wins"] = draw(wins_for(variant))
    seats = []
    for _ in range(4):
        seat: dict[str, Any] = {"opened": draw(st.booleans())}
        seat["ready"] = draw(st.sampled_from(described["ready_values"]))
        if most_side_bet := table_rules(variant, None)["max_side_bet"]:  # the default table's (Shandong: none)
            seat["side_bet"] = draw(st.integers(0, min(3, most_side_bet)))
        seats.append(seat)
    record["seats"] = seats
    kongs = []
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(described["kong_kinds"]))
        owner = draw(SEATS)
        kong: dict[str, Any] = {"seat": owner, "kind": kind}
        if kind in ("exposed", "added"):
            kong["from"] = draw(st.sampled_from([seat for seat in range(4) if seat != owner]))
        kongs.append(kong)
    record["kongs"] = kongs
    penalties: list[dict[str, Any]] = []
    if "revealed_tiles" in described["penalty_kinds"] and draw(st.booleans()):
        penalties.append({"kind": "revealed_tiles", "seat": draw(SEATS), "count": draw(st.integers(1, 3))})
    if "four_same_discards" in described["penalty_kinds"] and draw(st.booleans()):
        penalties.append({"kind": "four_same_discards", "seat": draw(SEATS)})
    if draw(st.integers(0, 9)) == 0:
        a, b = draw(st.lists(SEATS, min_size=2, max_size=2, unique=True))
        amount = draw(st.integers(1, 20))
        deltas = [0, 0, 0, 0]
        deltas[a], deltas[b] = amount, -amount
        penalties.append({"kind": "adjustment", "deltas": deltas, "note": "generated"})
    if result == "void" and "false_win" in described["penalty_kinds"] and draw(st.booleans()):
        penalties.append({"kind": "false_win", "seat": draw(SEATS)})
    record["penalties"] = penalties
    if described["uses_dice_double"]:
        record["dice_double"] = draw(st.booleans())
    return record


@st.composite
def states(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "dealer": draw(SEATS),
        "dealer_streak": draw(st.integers(0, 6)),
        "draw_streak": draw(st.integers(0, 7)),
        "pending_doubles": draw(st.integers(0, 3)),
        "pot": draw(st.integers(0, 40)),
        "previous": draw(st.sampled_from([None, "win", "draw", "void"])),
        "hand": draw(st.integers(1, 200)),
    }


PROPERTY_SETTINGS = settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("variant", variant_ids())
def test_every_settled_hand_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(variant: str) -> None:
    @PROPERTY_SETTINGS
    @given(record=records_for(variant), state=states())
    def check(record: dict[str, Any], state: dict[str, Any]) -> None:
        result = settle(variant, record, state)
        assert all(type(d) is int for d in result["deltas"]) and type(result["pot_delta"]) is int
        assert sum(result["deltas"]) + result["pot_delta"] == 0
        if result["ok"]:
            assert result["errors"] == []
            assert result["state"]["hand"] == state["hand"] + 1
            assert 0 <= result["state"]["dealer"] <= 3
            assert result["state"]["pot"] == state["pot"] + result["pot_delta"]
            assert result["lines"]
        else:
            assert result["errors"] and all(e["code"] and e["message"] for e in result["errors"])
            assert result["deltas"] == [0, 0, 0, 0] and result["pot_delta"] == 0
            assert result["state"] == state

    check()


@pytest.mark.parametrize("variant", variant_ids())
def test_replay_equals_settle_threaded_by_hand(variant: str) -> None:
    @PROPERTY_SETTINGS
    @given(records=st.lists(records_for(variant), max_size=12), start=st.sampled_from([0, 1, 2, 3]))
    def check(records: list[dict[str, Any]], start: int) -> None:
        replayed = replay(variant, records, state={"dealer": start})
        state: Mapping[str, Any] = {"dealer": start}
        totals = [0, 0, 0, 0]
        for index, record in enumerate(records):
            result = settle(variant, record, state)
            assert replayed["results"][index] == result
            if not result["ok"]:
                assert replayed["first_error"] == index
                break
            totals = [t + d for t, d in zip(totals, result["deltas"], strict=True)]
            state = result["state"]
        else:
            assert replayed["ok"] and replayed["first_error"] is None
        assert replayed["totals"] == totals
        assert replayed["pot"] == replayed["state"]["pot"]

    check()


@pytest.mark.parametrize("variant", variant_ids())
def test_most_plausible_generated_records_are_accepted(variant: str) -> None:
    """Guards the strategies themselves: properties over records that are all rejected would prove nothing."""
    seen = {"ok": 0, "all": 0}

    @settings(max_examples=examples(200), deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(record=records_for(variant))
    def count(record: dict[str, Any]) -> None:
        seen["all"] += 1
        seen["ok"] += settle(variant, record)["ok"]

    count()
    assert seen["ok"] >= seen["all"] // 4, (
        f"only {seen['ok']} of {seen['all']} generated {variant} records were accepted"
    )
