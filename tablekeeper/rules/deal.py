"""Who deals the next hands, for each plain way a hand can end, asked of the engine itself.

A phone that keeps hands while offline still shows each seat's wind and the dealer (庄) for the
hand after them: it walks this tree by the kept hands' results. The app never settles a hand of its
own to learn this (RULES.md §0.7); the engine answers from its own rules, with plain records it
builds here: a self-drawn win by one seat (for a single winner the deal moves the same way
however they won, see tests/rules/test_deal.py), a drawn hand, a void hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from .answers import NextDeal, Record
from .engine import settle

OUTCOMES: dict[str, Record] = {
    **{
        str(seat): {"result": "win", "wins": [{"seat": seat, "method": "self_draw", "patterns": []}]}
        for seat in range(4)
    },
    "draw": {"result": "draw"},
    "void": {"result": "void"},
}


def next_deals(
    variant_id: str, state: Mapping[str, object] | None, options: Mapping[str, object] | None, depth: int = 2
) -> dict[str, NextDeal]:
    """For each outcome ("0".."3" a single winner, "draw", "void"): {"dealer": the next dealer,
    "then": the same for the hand after, `depth` hands deep}. An outcome these house rules refuse
    as a plain record (a table that needs a declared ready to win) is left out: nothing is known."""
    found: dict[str, NextDeal] = {}
    for outcome, record in OUTCOMES.items():
        result = settle(variant_id, record, state, options)
        if not result["ok"]:
            continue
        after = result["state"]
        entry: NextDeal = {"dealer": after["dealer"]}
        if depth > 1:
            entry["then"] = next_deals(variant_id, after, options, depth - 1)
        found[outcome] = entry
    return found
