"""What a ready declaration, a kind of kong or a penalty is called, in the keeper's language.

The engine names every value a variant has (`get_variant`'s `fact_names`: Dalian's 喜杠 for a dragon
set, Shandong's 明楼 and 暗楼, Shenyang's 露牌, and the usual names elsewhere), so a new variant's
facts are named without the app knowing its item ids. A raw code (`ming`, `dragon_set`) is never shown.
"""

from __future__ import annotations

from tablekeeper.rules import VariantInfo

from .words import chinese


def _named(fact: str, value: str, info: VariantInfo) -> str:
    names = (info.get("fact_names") or {}).get(fact, {}).get(value)
    if names:
        return str(names["zh" if chinese() else "en"])
    # A value this variant does not have (a stored record from elsewhere): its words, not its code.
    return value.replace("_", " ")


def ready_name(value: str, info: VariantInfo) -> str:
    return _named("ready", value, info)


def kong_kind_name(kind: str, info: VariantInfo) -> str:
    return _named("kong", kind, info)


def penalty_name(kind: str, info: VariantInfo) -> str:
    return _named("penalty", kind, info)
