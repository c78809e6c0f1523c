"""Every equation a reason line states is true, in both languages, over simulated games of every variant under
the book's rules and every city preset (the lines are rendered as the keeper reads them, then each statement's
arithmetic is worked out: `reason_arithmetic`). TK_REASON_GAMES sets the games per rule set (nightly: 50)."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest
from django.utils import translation

from tablekeeper.reading.reasons import reasons
from tablekeeper.rules import get_variant, settle, variant_ids
from tests.reading.reason_arithmetic import false_statements
from tests.rules.simulation import SUPPORTED, rule_sets, unsimulated_reason
from tests.rules.simulation.game import Hand
from tests.rules.simulation.keeper import next_dealer, record
from tests.rules.simulation.session import resolved

pytestmark = pytest.mark.one_database(
    reason="it checks the arithmetic of rendered reason lines, the engine's on any database"
)

GAMES = int(os.environ.get("TK_REASON_GAMES", "3"))  # games of HANDS hands per rule set: ~300 hands in all
HANDS = 8
# Chains that say nothing: a factor of one, a lone factor "equal" to itself, a next win "×1" after a drawn hand.
TRIVIAL = re.compile(r"\(×1\)|下一把胡牌 ×1\b|next win counts ×1\b|\([^()=·+]*×(\d+) = ×\1\)")
NAMES = ["阿强", "小红", "老王", "Di"]
# Every rule set of every variant the simulator plays; another registered variant (a new folder) is skipped
# with the simulator's reason, as tests/rules/test_simulated_games.py does.
TABLES = [
    pytest.param(
        variant,
        preset,
        options,
        id=f"{variant}-{preset}",
        marks=() if variant in SUPPORTED else pytest.mark.skip(reason=unsimulated_reason(variant)),
    )
    for variant in variant_ids()
    for preset, options in rule_sets(variant)
]


@cache
def rendered_lines(variant: str, preset: str, games: int) -> list[tuple[str, dict[str, Any], str]]:
    """(language, record, line) for every reason line of `games` simulated games, in Chinese and English."""
    info = get_variant(variant)
    options = dict(next(p["options"] for p in info["presets"] if p["id"] == preset))
    table = resolved(variant, options)
    said = []
    for seed in range(games):
        rng = random.Random(f"reasons/{variant}/{seed}")
        state: Mapping[str, Any] | None = None
        dealer = 0
        for _number in range(HANDS):
            story = Hand(variant, table, info["tile_set"], dealer, rng).run()
            hand = record(story, with_tiles=False)
            answer = settle(variant, hand, state, options)
            if not answer["ok"]:  # the simulation's own test reports refusals; here only what is said counts
                break
            for language in ("zh-hans", "en"):
                with translation.override(language):
                    said += [(language, hand, reason.text) for reason in reasons(answer["lines"], NAMES, info)]
            state = answer["state"]
            dealer = next_dealer(story)
    return said


@pytest.mark.parametrize(("variant", "preset", "options"), TABLES)
def test_every_equation_in_the_reasons_of_simulated_hands_is_true(
    variant: str, preset: str, options: dict[str, Any]
) -> None:
    said = rendered_lines(variant, preset, GAMES)
    assert said
    assert any("=" in line for _language, _hand, line in said), "no line states an equation"
    wrong = [(language, line, statement) for language, _hand, line in said for statement in false_statements(line)]
    assert not wrong, "\n".join(f"{language}: {statement!r} in {line!r}" for language, line, statement in wrong)


@pytest.mark.parametrize(("variant", "preset", "options"), TABLES)
def test_no_reason_of_a_simulated_hand_states_a_chain_that_says_nothing(
    variant: str, preset: str, options: dict[str, Any]
) -> None:
    trivial = [line for _language, _hand, line in rendered_lines(variant, preset, GAMES) if TRIVIAL.search(line)]
    assert not trivial, "\n".join(trivial)


def win_by(seat: int) -> dict[str, Any]:
    return {"result": "win", "wins": [{"seat": seat, "method": "self_draw", "patterns": []}]}


def test_a_robbed_kong_paying_three_shares_with_side_bets_states_the_shares_before_the_side_bets() -> None:
    options = next(p["options"] for p in get_variant("shandong")["presets"] if p["id"] == "jinan_tuyoo")
    hand = {
        "result": "win",
        "wins": [{"seat": 2, "method": "rob_kong", "from": 1, "patterns": ["all_triplets"]}],
        "seats": [{"side_bet": 1}, {"side_bet": 2}, {"side_bet": 0}, {"side_bet": 0}],
    }
    answer = settle("shandong", hand, {"dealer": 0}, options)
    for language in ("zh-hans", "en"):
        with translation.override(language):
            lines = [reason.text for reason in reasons(answer["lines"], NAMES, get_variant("shandong"))]
        assert not [statement for line in lines for statement in false_statements(line)], lines


def test_a_win_at_a_table_without_the_draw_multiplier_says_nothing_of_drawn_hands() -> None:
    options = next(p["options"] for p in get_variant("shandong")["presets"] if p["id"] == "jinan_tuyoo")
    drawn = settle("shandong", {"result": "draw"}, {"dealer": 0}, options)
    won = settle("shandong", win_by(2), drawn["state"], options)
    with translation.override("zh-hans"):
        lines = [r.text for a in (drawn, won) for r in reasons(a["lines"], NAMES, get_variant("shandong"))]
    assert not [line for line in lines if "×1" in line or "流局把数" in line], lines
