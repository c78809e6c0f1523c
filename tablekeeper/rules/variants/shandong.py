"""Shandong (山东麻将): RULES.md. Work in progress: scoring is being written."""

from __future__ import annotations

from ..errors import reject
from ..options import Options
from ..records import HandRecord
from ..state import TableState
from ..variant import Outcome, Variant


class Shandong(Variant):
    id = "shandong"
    name_en = "Shandong"
    name_zh = "山东麻将"
    default_base = 5
    default_starting_points = 1000

    def score(self, record: HandRecord, state: TableState, options: Options) -> Outcome:
        raise reject("not_implemented", None, "This variant is not scored yet.")


VARIANT = Shandong()
