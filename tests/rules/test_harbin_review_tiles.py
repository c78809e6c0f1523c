"""Harbin's tile checks (RULES.md §3.4, §3.6) against a brute-force second opinion on generated hands.

P1 self-draws a hand of one claimed meld, three concealed sets and a pair over the 112-tile set
(suits and 中); each other player pays V = 2, doubled by a clamp. The model applies §3.4 itself.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import settle

from .helpers import self_draw, won
from .shenyang_harbin_helpers import Meld, ModelHand, concealed_splits, face, is_terminal_or_honour, model_hands

RED = 33
HARBIN_TILES = [*range(27), RED]


def legal_splits(hand: ModelHand, winning: int) -> list[list[Meld]]:
    """The concealed sets of every split that meets §3.4 (one claimed meld: open, at most three set aside)."""
    total = hand.total_counts(winning)
    if len({tile // 9 for tile in range(27) if total[tile]}) < 2:
        return []
    if not any(total[tile] and is_terminal_or_honour(tile) for tile in range(34)):
        return []
    legal = []
    for _, sets in concealed_splits(hand.concealed_counts(winning)):
        every = [hand.claimed, *sets]
        if any(s.kind == "chow" for s in every) and any(s.kind == "pung" for s in every):
            legal.append(sets)
    return legal


@settings(max_examples=300, deadline=None)
@given(model_hands(HARBIN_TILES))
def test_the_engine_finds_the_clamp_where_the_brute_force_does(hand: ModelHand) -> None:
    result = settle("harbin", won(self_draw(1, tiles=hand.notation())), {"dealer": 0})
    splits = legal_splits(hand, hand.winning)

    if not splits:
        assert not result["ok"]
        assert {e["code"] for e in result["errors"]} <= {"win_requirement", "tiles_not_a_win"}
        return
    counts = hand.total_counts(hand.winning)
    counts[hand.winning] -= 1
    waits = [tile for tile in HARBIN_TILES if counts[tile] < 4 and legal_splits(hand, tile)]
    middle = any(Meld("chow", hand.winning - 1) in sets for sets in splits)
    clamp = 2 if waits == [hand.winning] and middle else 1
    assert result["ok"], result["errors"]
    assert result["deltas"] == [-2 * clamp, 6 * clamp, -2 * clamp, -2 * clamp]


def is_middle(hand: ModelHand, tile: int) -> bool:
    """`tile` can sit in the middle of a concealed chow in a legal split of the hand it completes."""
    return any(Meld("chow", tile - 1) in sets for sets in legal_splits(hand, tile))


@settings(max_examples=300, deadline=None)
@given(model_hands(HARBIN_TILES), st.sampled_from(HARBIN_TILES))
def test_a_self_drawn_treasure_scores_the_best_of_self_draw_finding_the_treasure_and_treasure_within_treasure(
    shape: ModelHand, drawn: int
) -> None:
    hand = ModelHand(shape.claimed, shape.concealed, drawn)
    assume(max(hand.total_counts(drawn)) <= 4)
    record = won(self_draw(1, tiles=hand.notation()), treasure=face(drawn))
    result = settle("harbin", record, {"dealer": 0})
    counts = hand.total_counts(drawn)
    counts[drawn] -= 1
    waits = [tile for tile in HARBIN_TILES if counts[tile] < 4 and legal_splits(hand, tile)]

    if not waits:
        assert not result["ok"]
        return
    # 摸宝 3, doubled when the one wait is a middle tile the wild fills; a natural self-draw 2, doubled
    # for a clamp; 宝中宝 12 when the treasure is the one wait (no clamp by default).
    values = [3 * (2 if len(waits) == 1 and is_middle(hand, waits[0]) else 1)]
    if drawn in waits:
        values.append(2 * (2 if waits == [drawn] and is_middle(hand, drawn) else 1))
    if waits == [drawn]:
        values.append(12)
    assert result["ok"], result["errors"]
    assert result["deltas"][1] == 3 * max(values)
