"""What a record's facts are called at the table, in both languages: ready declarations, kinds of kong,
penalties. A variant's own names come from its fact items (an item whose `names` is `kong.dragon_set`
names Dalian's dragon set 喜杠); every value a variant has and names no item for is called as here.

`get_variant`'s `fact_names` gives the result, `{"ready": {value: {"en", "zh"}}, "kong": ..., "penalty": ...}`,
so the app names every fact from what the engine returns and never guesses an item id.
"""

from __future__ import annotations

from .answers import Names

FACTS = ("ready", "kong", "penalty")

DEFAULT_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "ready": {"ready": ("Ready", "听牌"), "ming": ("Open ready", "明楼"), "an": ("Closed ready", "暗楼")},
    "kong": {
        "exposed": ("Exposed", "明杠"),
        "added": ("Added", "补杠"),
        "concealed": ("Concealed", "暗杠"),
        "dragon_set": ("Dragon set", "中发白杠"),
        "wind_set": ("Wind set", "东南西北杠"),
    },
    "penalty": {
        "false_win": ("False win", "诈胡"),
        "four_same_discards": ("Four same discards", "四家同打"),
        "revealed_tiles": ("Revealed tile", "露牌"),
        "adjustment": ("Adjustment", "调整"),
    },
}


def default_name(fact: str, value: str) -> Names:
    """The table's usual name for a fact's value; a value nobody named reads as its words."""
    en, zh = DEFAULT_NAMES.get(fact, {}).get(value, (value.replace("_", " ").capitalize(), value))
    return {"en": en, "zh": zh}
