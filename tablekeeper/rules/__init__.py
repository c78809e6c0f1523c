"""TableKeeper's rules engine: northern Chinese mahjong variants, one folder each, in pure Python.

The public interface is fixed by shared/RULES.md §0.6. Nothing here imports Django:
the web app depends on the engine, never the other way round.
"""

from .engine import VARIANT_IDS, check_options, get_variant, replay, settle, table_rules, variant_ids
from .hands import is_standard_win, waits

__all__ = [
    "VARIANT_IDS",
    "check_options",
    "get_variant",
    "is_standard_win",
    "replay",
    "settle",
    "table_rules",
    "variant_ids",
    "waits",
]
