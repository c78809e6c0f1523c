"""Which parts of the hand form a variant needs, and what they are called: the closed-hand (门清)
chips only where a closed hand scores (`get_variant`'s fact items), the ready chips only where the
variant has a ready declaration, and headings that name only what is there."""

from __future__ import annotations

from typing import Literal

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tablekeeper.reading.reasons.words import chinese, listed
from tablekeeper.rules import VariantInfo

# The fact items that make a seat's closed hand score (RULES.md §1 门清/三清, §2 闭门, §3 门清).
CLOSED_ITEMS = ("unopened_payer", "three_unopened")


def closed_scores(info: VariantInfo) -> bool:
    return any(item["id"] in CLOSED_ITEMS for item in info["fact_items"])


def closed_name(info: VariantInfo) -> str:
    """The variant's own word for a closed hand (Shenyang says 闭门), else the catalogue's."""
    language: Literal["zh", "en"] = "zh" if chinese() else "en"
    for item in info["fact_items"]:
        if item["id"] == "unopened_payer":
            return str(item["name"][language]) if chinese() else _("Closed")
    return _("Closed")


def seat_facts_legend(info: VariantInfo, shows_closed: bool, has_ready: bool) -> str:
    if shows_closed and has_ready:
        return _("%(closed)s and ready") % {"closed": closed_name(info)}
    return closed_name(info) if shows_closed else _("Ready")


def more_summary(info: VariantInfo, shows_closed: bool, has_ready: bool, has_penalties: bool) -> str:
    """The "More" heading, naming only what is under it in this variant."""
    things = []
    if shows_closed:
        things.append(closed_name(info) if chinese() else pgettext("more", "closed hands"))
    if has_ready:
        things.append(pgettext("more", "ready"))
    things.append(pgettext("more", "kongs"))
    if has_penalties:
        things.append(pgettext("more", "penalties"))
    things.append(pgettext("more", "tiles"))
    separator = "、" if chinese() else None
    joined = separator.join(things) if separator else listed(things)
    return _("More: %(things)s…") % {"things": joined}
