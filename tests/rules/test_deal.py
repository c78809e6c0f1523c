"""Who deals next, as the engine tells the app for hands kept offline (rules/deal.py): the same as
settling the real hand would say, however a single winner won."""

from __future__ import annotations

import pytest

from tablekeeper.rules import get_variant, settle
from tablekeeper.rules.deal import next_deals

VARIANTS = ["dalian", "shenyang", "harbin", "shandong", "zhengzhou"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("dealer", range(4))
def test_the_next_deal_is_the_same_however_a_single_winner_won(variant, dealer):
    info = get_variant(variant)
    options = {key: True for key in info["method_options"].values()}
    state = {"dealer": dealer, "dealer_streak": 1, "draw_streak": 1}
    tree = next_deals(variant, state, options)
    assert set(tree) == {"0", "1", "2", "3", "draw", "void"}
    for winner in range(4):
        for source in range(4):
            if source == winner:
                continue
            record = {"result": "win", "wins": [{"seat": winner, "method": "discard", "from": source, "patterns": []}]}
            result = settle(variant, record, state, options)
            if result["ok"]:
                assert result["state"]["dealer"] == tree[str(winner)]["dealer"], (winner, source)


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_hands_deep_each_step_is_what_settle_says(variant):
    tree = next_deals(variant, {"dealer": 2}, None)
    after_draw = settle(variant, {"result": "draw"}, {"dealer": 2})["state"]
    assert tree["draw"]["dealer"] == after_draw["dealer"]
    assert tree["draw"]["then"]["void"]["dealer"] == after_draw["dealer"]
    assert "then" not in tree["draw"]["then"]["1"]


def test_an_outcome_the_house_rules_refuse_as_a_plain_record_is_left_unknown():
    tree = next_deals("dalian", {"dealer": 0}, {"must_declare_ready": True})
    assert "1" not in tree and tree["draw"]["dealer"] == 0
