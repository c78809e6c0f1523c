"""Builders for the contradiction tests (RULES §0.8): kongs, seats and tile hands in a few words."""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import ProblemEntry, settle

# A legal winning hand for each variant, the winning tile 8s into 79s, opened by a claimed meld.
OPEN_HANDS = {
    "dalian": "[123m][999p]456s11z79s+8s",
    "shenyang": "[123m][999p]456s11z79s+8s",
    "harbin": "[123m][999p]456s77z79s+8s",
    "shandong": "[123m][999p]456s55p79s+8s",
    "zhengzhou": "[999p]123m456s55p79s+8s",
}
# The same, with a second 9s in hand: a robbed 9s cannot be in it twice.
ROBBED_TWICE = {
    "dalian": "[123m][999s]456p11z78s+9s",
    "shenyang": "[123m][999s]456p11z78s+9s",
    "harbin": "[123m][999s]456p77z78s+9s",
    "shandong": "[123m][999s]456p55p78s+9s",
}


def seats(**facts: dict[str, Any]) -> list[dict[str, Any]]:
    """seats(p2={"opened": False}) → P2's facts given, the others' defaults."""
    return [dict(facts.get(f"p{i}", {})) for i in range(4)]


def contradictions(
    variant: str, hand: dict[str, Any], state: dict[str, Any] | None = None, options: dict[str, Any] | None = None
) -> list[ProblemEntry]:
    """The contradictions a refused record reports; asserts that the refusal moved nothing."""
    result = settle(variant, hand, state, options)
    assert not result["ok"], f"{variant} accepted a record no hand can produce: {hand}"
    assert result["deltas"] == [0, 0, 0, 0] and result["pot_delta"] == 0 and result["lines"] == []
    return [error for error in result["errors"] if "contradiction" in error]
