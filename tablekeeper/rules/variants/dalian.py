"""Dalian Qionghu (大连穷胡): RULES.md. Work in progress: scoring is being written."""

from __future__ import annotations

from ..errors import reject
from ..options import Options
from ..records import HandRecord
from ..state import TableState
from ..variant import Outcome, Variant


class Dalian(Variant):
    id = "dalian"
    name_en = "Dalian Qionghu"
    name_zh = "大连穷胡"
    default_base = 1
    default_starting_points = 1000

    def score(self, record: HandRecord, state: TableState, options: Options) -> Outcome:
        raise reject("not_implemented", None, "This variant is not scored yet.")


VARIANT = Dalian()
