"""What the phrase box (static/js/phrase*.js, docs/phrase.md) reads off the hand form beyond the chips' names:
the words a table's house rules make mean one of its items, what saying an item says of the winner, whether
kongs pay here, and how the table reads its treasure from the tile turned up. The form carries them as data-
attributes (a few dozen bytes where a house rule needs them), so the parser stays the same at every table and
makes no round trip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tablekeeper.rules import HouseRules, kongs_that_pay, patterns_needing_ready, table_rules
from tablekeeper.rules.catalogue_items import SUIT_CYCLES, cycle_faces

# The edge waits: 12→3 and 89→7 (边张, 边三, 边七).
EDGE = ("边张", "边三", "边七")
# A single wait on the pair (单吊) or any single wait (独听).
SINGLE = ("单吊", "单钓", "单调")


@dataclass(frozen=True)
class HouseRuleWords:
    """Words that mean `pattern` at a table whose house rule `option` passes `holds`."""

    option: str
    holds: Callable[[object], bool]
    pattern: str
    words: tuple[str, ...]


HOUSE_RULE_WORDS = (
    # RULES §9.4.2 三七夹: a single wait on 3 with 12, or 7 with 89, is a clamp.
    HouseRuleWords("clamp_edge_37", bool, "clamp", (*EDGE, "三七夹", "边")),
    # RULES §9.2.1: with edge_includes_edge_and_single the edge and the pair count; under single_wait_ready any
    # single wait after 报听 does, whatever its shape.
    HouseRuleWords("edge_includes_edge_and_single", bool, "edge_wait", (*EDGE, *SINGLE)),
    HouseRuleWords("edge_wait_mode", "single_wait_ready".__eq__, "edge_wait", (*EDGE, *SINGLE, "单张", "独听", "单听")),
)
# Items named after the treasure: only a ready player sees it, so saying one says the winner had declared ready.
# Another item that needs 报听 (夹胡 at 大连·俱乐部) may be said of the shape alone: that one is asked.
SAID_READY = frozenset({"treasure_rush", "finding_treasure", "hidden_treasure", "treasure_in_treasure"})


def also_words(variant_id: str, options: HouseRules | None) -> dict[str, str]:
    """Each played pattern's extra words at this table (its chip's data-also), space-separated."""
    rules = table_rules(variant_id, options)
    values, played = rules["options"], set(rules["patterns"])
    found: dict[str, list[str]] = {}
    for entry in HOUSE_RULE_WORDS:
        if entry.option in values and entry.pattern in played and entry.holds(values[entry.option]):
            words = found.setdefault(entry.pattern, [])
            words.extend(word for word in entry.words if word not in words)
    return {pattern: " ".join(words) for pattern, words in found.items()}


def ready_words(variant_id: str, options: HouseRules | None) -> dict[str, str]:
    """Each played pattern only a ready winner may have (its chip's data-ready): "implied" where saying it says
    the winner was ready, "asked" where the box asks."""
    return {
        pattern: "implied" if pattern in SAID_READY else "asked"
        for pattern in patterns_needing_ready(variant_id, options)
    }


def any_wait_treasure(variant_id: str, options: HouseRules | None) -> bool:
    """Whether a treasure drawn on any single wait is 宝中宝 here (RULES §9.4.3: 单听摸宝算宝中宝)."""
    return bool(table_rules(variant_id, options)["options"].get("bao_zhong_bao_any_face"))


def exclusive_chips(chips: list[str], excluded: list[list[str]]) -> str:
    """The pairs of pattern chips this table refuses together, for the patterns' data-excl: each chip by its place
    among `chips` (the form's order) in one base-36 digit, two to a pair ("03 1a"), so the phrase box asks which
    was meant rather than ticking both."""
    places = {chip: index for index, chip in enumerate(chips) if index < 36}
    pairs = [sorted((places[a], places[b])) for a, b in excluded if a in places and b in places]
    return " ".join(f"{_digit(a)}{_digit(b)}" for a, b in sorted(pairs))


def _digit(place: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[place]


def kongs_pay(variant_id: str, options: HouseRules | None) -> bool:
    """Whether which kong a player declared changes what a won hand pays here."""
    return bool(kongs_that_pay(variant_id, options))


def turn_order(variant_id: str, options: HouseRules | None) -> str:
    """The order this table's per-hand wild follows from the tile turned up, for the turned-up field's data-turn:
    "same" where the tile turned up is itself the wild, else the cycles beyond each suit's own 1 → 9 → 1 (which
    the parser takes as read), written as the notation writes them ("1234z 675z": 东 → 南 → 西 → 北 → 东, 发 → 中 →
    白 → 发); empty where the wild follows no tile turned up, or only the suits' cycles."""
    succession = table_rules(variant_id, options)["wild_succession"]
    if not succession:
        return ""
    if all(len(cycle) == 1 for cycle in succession):
        return "same"
    suits = [cycle_faces(cycle) for cycle in SUIT_CYCLES]
    return " ".join("".join(face[0] for face in cycle) + cycle[0][1] for cycle in succession if cycle not in suits)
