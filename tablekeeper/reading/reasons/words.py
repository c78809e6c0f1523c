"""The pieces a reason is built from, in the keeper's language: names, item names, tiles, factors."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from django.utils.translation import get_language, ngettext_lazy, pgettext
from django.utils.translation import gettext as _

from tablekeeper.rules import ReasonFactor, ReasonParams, ReasonPoints, ReasonStake, VariantInfo

HONOURS_ZH = {"1z": "东", "2z": "南", "3z": "西", "4z": "北", "5z": "白", "6z": "发", "7z": "中"}
SUITS_ZH = {"m": "万", "p": "筒", "s": "条"}
# Items whose count is a number of hands, not of things (RULES.md §1.6 长毛, §2.4 and §4.6 drawn hands).
HANDS_COUNTED = {
    "dealer_continuation": ngettext_lazy(" (kept %(count)s hand)", " (kept %(count)s hands)", "count"),
    "draw_doubles": ngettext_lazy(" (%(count)s drawn hand)", " (%(count)s drawn hands)", "count"),
    "draw_multiplier": ngettext_lazy(" (%(count)s drawn hand)", " (%(count)s drawn hands)", "count"),
}

# A reason line's params (the engine's `ReasonParams`): which keys a line holds depends on its code
# (tablekeeper/rules/ledger.py lists them), so they are read by the renderer of that code.
Params = ReasonParams


def chinese() -> bool:
    return (get_language() or "").lower().startswith("zh")


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{abs(amount)}"


def bracketed(text: str) -> str:
    """Part of a formula set apart, in the brackets of the sentence around it: full-width in Chinese."""
    return f"（{text}）" if chinese() else f"({text})"


def listed(parts: Iterable[str]) -> str:
    return pgettext("list separator", ", ").join(parts)


class Words:
    """Everything a line's params refer to by id, said in the active language.

    Seats become the players' names; item ids become the variant's own names for them
    (`get_variant`'s patterns and fact items), in Chinese when the keeper reads Chinese.
    """

    def __init__(self, names: Sequence[str], variant_info: VariantInfo) -> None:
        self.names = list(names)
        # Whether any line of the hand being said moved points (set by whoever says a whole hand).
        self.paid = False
        language: Literal["zh", "en"] = "zh" if chinese() else "en"
        entries = [*variant_info["patterns"], *variant_info["fact_items"]]
        self.items = {entry["id"]: entry["name"][language] for entry in entries}

    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "?"

    def item(self, item_id: Any) -> str:
        return self.items.get(item_id) or str(item_id).replace("_", " ")

    def tile(self, face: str) -> str:
        """A tile as the table says it: 东, 5万 in Chinese; the notation (5m, 1z) in English."""
        if not chinese():
            return face
        return HONOURS_ZH.get(face) or f"{face[:1]}{SUITS_ZH.get(face[1:], face[1:])}"

    def _qualified(self, entry: ReasonFactor | ReasonPoints, each_words: str) -> str:
        words = self.item(entry["item"])
        if isinstance(entry.get("seat"), int):  # a share paid for another seat (Harbin's 包庄)
            words = _("%(owner)s's %(item)s") % {"owner": self.seat(entry["seat"]), "item": words}
        if entry.get("tile"):
            words += _(" of %(tile)s") % {"tile": self.tile(entry["tile"])}
        if entry.get("count") is not None and entry["item"] in HANDS_COUNTED:
            words += HANDS_COUNTED[entry["item"]] % {"count": entry["count"]}
        elif entry.get("count") is not None and entry.get("each") is not None:
            words += each_words % {"count": entry["count"], "each": entry["each"]}
        elif entry.get("count") is not None:
            words += _(" (%(count)s)") % {"count": entry["count"]}
        return words

    def factor(self, entry: ReasonFactor) -> str:
        """'Four in hand (2, ×2 each) ×4': an item, what qualifies it, and what it multiplies by."""
        words = self._qualified(entry, _(" (%(count)s, ×%(each)s each)"))
        return f"{words} ×{entry['factor']}"

    def points(self, entry: ReasonPoints) -> str:
        words = self._qualified(entry, _(" (%(count)s, %(each)s each)"))
        return f"{words} {entry['points']}"

    def stake(self, entry: ReasonStake) -> str:
        words = {"item": self.item(entry["item"]), "value": entry["value"]}
        if entry.get("seat") is None:
            return _("%(item)s %(value)s") % words
        return _("%(seat)s's %(item)s %(value)s") % {**words, "seat": self.seat(entry["seat"])}


def local(words: Any) -> str:
    """Words the engine gives in both languages ({"en": ..., "zh": ...}), in the keeper's language: the
    Chinese words when the page is Chinese, else the English ones (`{{ info.name|local }}` in a template)."""
    if not isinstance(words, Mapping):
        return "" if words is None else str(words)
    return str(words.get("zh" if chinese() else "en") or words.get("en") or "")
