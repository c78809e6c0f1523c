"""Shenyang's tile checks (RULES.md §2.3, §2.4) against a brute-force second opinion on generated hands.

P1 self-draws a hand of one claimed meld, three concealed sets and a pair; P0 deals, so the table pays
P1 2W × 2 + 2W + 2W = 8W. The model finds every split by plain recursion and applies §2.3 itself.
"""

from __future__ import annotations

from hypothesis import given, settings

from tablekeeper.rules import settle

from .helpers import self_draw, won
from .shenyang_harbin_helpers import Meld, ModelHand, concealed_splits, is_terminal_or_honour, model_hands

DRAGONS = (31, 32, 33)


def legal_values(hand: ModelHand, winning: int) -> list[int]:
    """What each legal split of the hand completed by `winning` is worth: all pungs ×8, dragon pungs ×2."""
    total = hand.total_counts(winning)
    if len({tile // 9 for tile in range(27) if total[tile]}) < 3:
        return []
    if not any(total[tile] and is_terminal_or_honour(tile) for tile in range(34)):
        return []
    values = []
    for pair, sets in concealed_splits(hand.concealed_counts(winning)):
        every: list[Meld] = [hand.claimed, *sets]
        if any(s.kind == "pung" for s in every) or pair in DRAGONS:
            pungs_only = all(s.kind == "pung" for s in every)
            dragon_pungs = sum(1 for s in every if s.kind == "pung" and s.first in DRAGONS)
            values.append((8 if pungs_only else 1) * 2**dragon_pungs)
    return values


@settings(max_examples=300, deadline=None)
@given(model_hands(list(range(34))))
def test_the_engine_reads_a_self_drawn_hand_as_the_brute_force_does(hand: ModelHand) -> None:
    result = settle("shenyang", won(self_draw(1, tiles=hand.notation())), {"dealer": 0})
    values = legal_values(hand, hand.winning)

    if not values:
        assert not result["ok"]
        assert {e["code"] for e in result["errors"]} <= {"win_requirement", "tiles_not_a_win"}
        return
    counts = hand.total_counts(hand.winning)
    counts[hand.winning] -= 1
    waits = [tile for tile in range(34) if counts[tile] < 4 and legal_values(hand, tile)]
    single_wait = 2 if waits == [hand.winning] else 1
    assert result["ok"], result["errors"]
    assert result["deltas"][1] == 8 * max(values) * single_wait
