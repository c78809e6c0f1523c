"""What the hand form calls the treasure (宝) and the chips about it, so that one word never names
two things: Dalian's field for this hand's treasure tile and its ×2 pattern 宝牌 (a treasure tile
already held) read differently, and the field says which tile to pick under the table's
`treasure_mode` (the treasure itself, the tile turned up, or the next one)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from tablekeeper.reading.reasons.words import HONOURS_ZH, SUITS_ZH, chinese
from tablekeeper.rules import OptionValue, VariantInfo
from tablekeeper.rules.catalogue_items import SUIT_CYCLES, cycle_faces

# The record's `treasure` is the treasure's own face in every mode (RULES.md §1.5, §3): which tile
# that is, next to the one turned up, is what the table decided.
PICK_BY_MODE: dict[str, Promise] = {
    "successor": _("Pick the treasure itself: the tile after the one turned up (3 bamboo turned up: pick 4 bamboo)."),
    "indicator": _("Pick the tile turned up: at this table it is the treasure itself."),
    "both": _("Pick the tile after the one turned up; the turned-up tile is a treasure too."),
}
# Chips whose name alone could be taken for the treasure field: what they are about.
PATTERN_NOTES: dict[str, Promise] = {
    "hidden_treasure": _("a treasure already held in hand"),
}


def wild_field_name(info: VariantInfo) -> str:
    """The field's name: "this hand's treasure" where the wild is a treasure (Dalian, Harbin), else
    the variant's own name for its wild (Zhengzhou's 混)."""
    wilds = info["wilds"]
    if wilds is not None and wilds["kind"] == "treasure":
        return str(_("This hand's treasure tile"))
    name = wilds["name"]["zh" if chinese() else "en"] if wilds is not None else ""
    return str(name or _("Treasure tile"))


def wild_field_hint(info: VariantInfo, treasure_mode: OptionValue) -> str:
    """Which tile to pick, by the session's `treasure_mode`; empty where the wild is no treasure."""
    wilds = info["wilds"]
    if wilds is None or wilds["kind"] != "treasure":
        return ""
    words = PICK_BY_MODE.get(str(treasure_mode))
    return "" if words is None else str(words)


def turned_up_hint(info: VariantInfo, succession: list[list[str]] | None, treasure_mode: OptionValue = None) -> str:
    """What the tile turned up makes wild at this table (`table_rules`'s `wild_succession`), in the keeper's
    words: "the 混 is the tile after the one turned up: the next number in its suit (9 → 1); 中 → 发 → 白 → 中"."""
    if not succession:
        return ""
    wild = wild_field_name(info) if info["wilds"] and info["wilds"]["kind"] != "treasure" else str(_("treasure"))
    if all(len(cycle) == 1 for cycle in succession):
        return str(_("At this table the tile turned up is itself the %(wild)s.") % {"wild": wild})
    both = str(_("The tile turned up is a treasure too.")) if treasure_mode == "both" else ""
    suits = [cycle_faces(cycle) for cycle in SUIT_CYCLES]
    parts = [str(_("the next number in its suit (9 → 1)"))] if all(s in succession for s in suits) else []
    parts += [" → ".join(_tile(face) for face in [*cycle, cycle[0]]) for cycle in succession if cycle not in suits]
    order = pgettext("order of tiles", "; ").join(parts)
    said = str(_("The %(wild)s is the tile after the one turned up: %(order)s.") % {"wild": wild, "order": order})
    return f"{said} {both}".strip()


def _tile(face: str) -> str:
    """A face as the table says it: 中 or 5万 in Chinese, the notation (7z, 5m) in English."""
    if not chinese():
        return face
    return HONOURS_ZH.get(face) or f"{face[:1]}{SUITS_ZH.get(face[1:], face[1:])}"
