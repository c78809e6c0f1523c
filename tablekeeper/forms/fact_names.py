"""What the form calls a ready declaration, a kind of kong or a penalty, in the keeper's language.

The variant's own name comes first (`get_variant`'s fact items: Dalian's 喜杠 for a dragon set,
Shandong's 明楼 and 暗楼, Shenyang's 露牌); where a variant names none, the app's catalogue does.
A raw code (`ming`, `dragon_set`, `revealed_tiles`) is never shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..reasons.words import chinese

# The fact items that name each value, in the order a variant is asked.
READY_ITEMS = {"ready": ("ready",), "ming": ("ming_lou",), "an": ("an_lou",)}
KONG_ITEMS = {
    "exposed": ("exposed_kong",),
    "added": ("added_kong",),
    "concealed": ("concealed_kong",),
    "dragon_set": ("joyous_kong", "dragon_set"),
    "wind_set": ("cyclone_kong", "wind_set"),
}
PENALTY_ITEMS = {kind: (kind,) for kind in ("false_win", "four_same_discards", "revealed_tiles")}

FALLBACK: dict[str, Promise] = {
    "ready": _("Ready"),
    "ming": _("Open ready"),
    "an": _("Closed ready"),
    "exposed": pgettext_lazy("kong kind", "Exposed"),
    "added": pgettext_lazy("kong kind", "Added"),
    "concealed": pgettext_lazy("kong kind", "Concealed"),
    "dragon_set": _("Dragon set"),
    "wind_set": _("Wind set"),
    "false_win": _("False win"),
    "four_same_discards": _("Four same discards"),
    "revealed_tiles": _("Revealed tile"),
}


def _named(value: str, items: Mapping[str, tuple[str, ...]], info: dict[str, Any]) -> str:
    language = "zh" if chinese() else "en"
    names = {entry["id"]: entry["name"][language] for entry in info.get("fact_items", [])}
    for item in items.get(value, ()):
        if item in names:
            return str(names[item])
    return str(FALLBACK.get(value, value.replace("_", " ")))


def ready_name(value: str, info: dict[str, Any]) -> str:
    return _named(value, READY_ITEMS, info)


def kong_kind_name(kind: str, info: dict[str, Any]) -> str:
    return _named(kind, KONG_ITEMS, info)


def penalty_name(kind: str, info: dict[str, Any]) -> str:
    return _named(kind, PENALTY_ITEMS, info)
