"""Harbin (哈尔滨麻将): RULES.md. Work in progress: scoring is being written."""

from __future__ import annotations

from ..errors import reject
from ..options import Options
from ..records import HandRecord
from ..state import TableState
from ..variant import Outcome, Variant


class Harbin(Variant):
    id = "harbin"
    name_en = "Harbin"
    name_zh = "哈尔滨麻将"
    default_base = 1
    default_starting_points = 100

    def score(self, record: HandRecord, state: TableState, options: Options) -> Outcome:
        raise reject("not_implemented", None, "This variant is not scored yet.")


VARIANT = Harbin()
