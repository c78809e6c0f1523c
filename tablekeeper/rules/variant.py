"""A variant, and the one flow that checks, reads and scores a hand for all of them.

A variant is a value: its capabilities (methods, facts it uses, options, pattern catalogue) are data on
the class (`declaration.py`), and the generic checks (`declared_checks.py`) read that data instead of
branching on the variant's name. What only one variant knows is code in its own package
(`variants/<id>/`), handed to the flow as `Hooks` (`hooks.py`): its record checks, the reading of a win's
tiles, and its scoring.

A variant's folder imports from here what it declares and what its hooks exchange with the flow: this
module re-exports them on purpose (`__all__`).
"""

from __future__ import annotations

from dataclasses import replace

from . import errors as E
from .catalogue_items import (
    ALL_METHODS,
    DISCARD,
    ITSELF,
    SELF_DRAW,
    SUIT_CYCLES,
    CountSpec,
    FactItem,
    PatternSpec,
    PlayedWhen,
    Succession,
    Wilds,
    exclusive,
)
from .declaration import Declaration
from .declared_checks import METHOD_WORDS, declared_problems
from .errors import Problem, Rejected
from .hooks import (
    DeclaredKong,
    Findings,
    Hooks,
    Outcome,
    SharedContradictions,
    TileFindings,
    TileNote,
    advance,
    next_seat,
    no_problems,
    winner_kongs,
)
from .options import Options
from .records import HandRecord
from .state import TableState

__all__ = [
    "ALL_METHODS",
    "DISCARD",
    "ITSELF",
    "METHOD_WORDS",
    "SELF_DRAW",
    "SUIT_CYCLES",
    "CountSpec",
    "DeclaredKong",
    "FactItem",
    "Findings",
    "Hooks",
    "Outcome",
    "PatternSpec",
    "PlayedWhen",
    "SharedContradictions",
    "Succession",
    "TileFindings",
    "TileNote",
    "Variant",
    "Wilds",
    "advance",
    "exclusive",
    "next_seat",
    "no_problems",
    "winner_kongs",
]


class Variant(Declaration):
    """A variant: a subclass in `variants/<id>/variant.py` declares it (`Declaration`), and every hand of it is
    settled through the same steps."""

    # -- the flow ----------------------------------------------------------------------------

    def settle_record(self, record: HandRecord, state: TableState, options: Options) -> Outcome:
        """Check, read the tiles of and score one parsed record: the same steps for every variant."""
        record = self.with_wild(record, options)
        self.check_record(record, options)
        _refuse(self.hooks.state_problems(record, state, options))
        findings = tuple(
            self._read_tiles(record, index, state, options)
            if win.tiles is not None
            else TileFindings.of_record(record, win)
            for index, win in enumerate(record.wins)
        )
        _refuse(
            self.consistency.findings_problems(record, findings, options)
            + self.hooks.findings_problems(record, findings, options)
        )
        return self.hooks.score(record, findings, state, options)

    def _read_tiles(self, record: HandRecord, index: int, state: TableState, options: Options) -> TileFindings:
        """The tiles hook; whatever it refuses is a refusal of the tiles (`Problem.kind`), whatever its code."""
        try:
            return self.hooks.read_tiles(record, index, state, options)
        except Rejected as rejected:
            raise Rejected([problem.of_kind("tiles") for problem in rejected.problems]) from None

    def check_record(self, record: HandRecord, options: Options) -> None:
        """Refuse what the declaration rules out, the shared contradictions and what `record_problems` finds."""
        problems = declared_problems(self, record, options)
        problems.extend(self.consistency.record_problems(record, options, self.patterns))
        problems.extend(self.hooks.record_problems(record, options))
        _refuse(problems)

    def with_wild(self, record: HandRecord, options: Options) -> HandRecord:
        """The record with the wild's face (`treasure`) its turned-up tile gives; refused where the variant takes
        no turned-up tile, the tile is none of its order, or the record names another wild beside it."""
        turned_up = record.turned_up
        if turned_up is None:
            return record
        if self.wilds is None or self.wilds.succession is None:
            no_tile = f"{self.name_en} turns up no tile for a wild."
            raise Rejected(Problem(E.FACT_NOT_IN_VARIANT, "turned_up", no_tile))
        wild = self.wild_after(turned_up, options)
        if wild is None:
            raise Rejected(Problem(E.INVALID_VALUE, "turned_up", f"{turned_up} is not a tile {self.name_en} turns up."))
        if record.treasure is None:
            return replace(record, treasure=wild)
        if record.treasure != wild:
            name = f"{self.wilds.name_en} ({self.wilds.name_zh})"
            words = f"{turned_up} was turned up, so the {name} is {wild}, but the hand names {record.treasure}."
            raise Rejected(E.contradiction("wild_not_after_turned_up", "turned_up", words, "turned_up", "treasure"))
        return record


def _refuse(problems: list[Problem]) -> None:
    if problems:
        raise Rejected(problems)
