"""TableKeeper's rules engine: northern Chinese mahjong variants, one folder each, in pure Python.

The public interface is fixed by shared/RULES.md §0.6, and the shapes of what it takes and answers are
types here (the `answers` package: plain JSON dicts at run time). Nothing here imports Django: the web app
depends on the engine, never the other way round.
"""

from . import answers
from .answers import *  # noqa: F403 (every type the answers package names in its __all__, listed once there)
from .engine import VARIANT_IDS, check_options, get_variant, replay, settle, table_rules, variant_ids, wild_after
from .fact_values import fact_item_values
from .hands import is_standard_win, waits
from .table_values import (
    counters_that_count,
    kongs_that_pay,
    method_payment,
    pattern_values,
    patterns_needing_ready,
    tile_example,
)

__all__ = [
    "VARIANT_IDS",
    "check_options",
    "counters_that_count",
    "fact_item_values",
    "get_variant",
    "is_standard_win",
    "kongs_that_pay",
    "method_payment",
    "pattern_values",
    "patterns_needing_ready",
    "replay",
    "settle",
    "table_rules",
    "tile_example",
    "variant_ids",
    "waits",
    "wild_after",
]
# The form of extension type checkers read (typing spec, "Library interface"), so mypy sees the types too.
__all__ += answers.__all__
