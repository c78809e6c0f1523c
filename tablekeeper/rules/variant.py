"""What every variant declares, and the one flow that checks, reads and scores a hand for all of them.

A variant is a value: its capabilities (methods, facts it uses, options, pattern
catalogue) are data on the class, and the generic checks in `check_record` read that
data instead of branching on the variant's name. What only one variant knows is code in
its own package (`variants/<id>/`), handed to the flow as `Hooks`: its record checks,
the reading of a win's tiles, and its scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, Protocol

from . import errors as E
from .answers import FactNames, Names, OptionInfo, SeveralWinnersInfo, VariantCapabilities

# A variant's catalogue imports what it declares from here (`X as X`: re-exported on purpose).
from .catalogue_items import ALL_METHODS as ALL_METHODS
from .catalogue_items import DISCARD as DISCARD
from .catalogue_items import ITSELF as ITSELF
from .catalogue_items import SELF_DRAW as SELF_DRAW
from .catalogue_items import SUIT_CYCLES as SUIT_CYCLES
from .catalogue_items import CountSpec as CountSpec
from .catalogue_items import FactItem as FactItem
from .catalogue_items import PatternSpec as PatternSpec
from .catalogue_items import PlayedWhen as PlayedWhen
from .catalogue_items import Succession as Succession
from .catalogue_items import Wilds as Wilds
from .catalogue_items import exclusive as exclusive
from .errors import Problem, Rejected
from .fact_names import default_name
from .ledger import Ledger
from .options import OptionAlias, Options, OptionSpec, resolve_options
from .records import MAX_SIDE_BET, CountBound, HandRecord, Win, count_problems
from .rule_words import RuleWords
from .state import TableState
from .tiles import ALL_TILES, tile_face, tile_index

# How a refusal names a win's method to a player.
METHOD_WORDS = {"self_draw": "self-draw", "discard": "a discard", "rob_kong": "robbing a kong"}


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a variant's scoring produced for one hand, before the engine adds the common parts."""

    ledger: Ledger
    state: TableState


class DeclaredKong(NamedTuple):
    """A kong or special set of the winner, with its face when it has one."""

    kind: str  # the record's kind: exposed, added, concealed, dragon_set, wind_set
    tile: str | None


class TileNote(NamedTuple):
    """A line the ledger shows about a win's tiles, at the head of that win's lines."""

    code: str
    params: dict[str, Any]
    text: str


@dataclass(frozen=True, slots=True)
class TileFindings:
    """What one win's tiles settled, or, for a win without tiles, what its record says.

    Every variant's tiles hook returns this; the checks that need it and the scoring read it.
    """

    patterns: tuple[str, ...]  # the patterns to score: those ticked that the tiles allow, and those they prove
    kongs: tuple[DeclaredKong, ...]  # the winner's kongs and special sets
    notes: tuple[TileNote, ...] = ()
    from_tiles: bool = True
    readings: int | None = None  # how many legal readings the tiles have, where the variant counts them

    @classmethod
    def of_record(cls, record: HandRecord, win: Win) -> TileFindings:
        """A win without tiles: its ticked patterns and listed kongs, at the scorekeeper's word."""
        return cls(win.patterns, winner_kongs(record, win.seat), from_tiles=False)


def winner_kongs(record: HandRecord, seat: int) -> tuple[DeclaredKong, ...]:
    return tuple(DeclaredKong(kong.kind, kong.tile) for kong in record.kongs_of(seat))


Findings = tuple[TileFindings, ...]  # one per win, in the record's order


class SharedContradictions(Protocol):
    """The contradictions every variant refuses, as a variant's table changes them (RULES §0.8).

    `variants/common/consistency.Consistency` is the one implementation; it is named here by what the
    flow calls, so that this module never imports the variants' package (which imports it).
    """

    def record_problems(self, record: HandRecord, options: Options, patterns: Collection[PatternSpec]) -> list[Problem]:
        """Every contradiction among the record's own facts (tiles aside)."""

    def findings_problems(self, record: HandRecord, findings: Findings, options: Options) -> list[Problem]:
        """Every contradiction between the winners' tiles and the rest of the record."""


def no_problems(*_facts: object) -> list[Problem]:
    """The check a variant leaves out: it finds nothing."""
    return []


@dataclass(frozen=True, slots=True, kw_only=True)
class Hooks:
    """What a variant's package fills in, in the order `Variant.settle_record` calls it.

    Every check returns all the problems it finds; the flow refuses the record after each
    check that found any, so later steps may trust what earlier ones let through.
    """

    # checks.py: what the record alone gets wrong; reported together with the generic checks.
    record_problems: Callable[[HandRecord, Options], list[Problem]] = no_problems
    # checks.py: what contradicts the table state (who deals, say).
    state_problems: Callable[[HandRecord, TableState, Options], list[Problem]] = no_problems
    # tiles.py: read `record.wins[index].tiles` (only called for a win that has tiles), or raise `Rejected`.
    read_tiles: Callable[[HandRecord, int, TableState, Options], TileFindings]
    # checks.py: what contradicts the findings of every win (tiles read, or the record's word).
    findings_problems: Callable[[HandRecord, Findings, Options], list[Problem]] = no_problems
    # scoring.py: who pays whom for a record that passed everything above, and the next state.
    score: Callable[[HandRecord, Findings, TableState, Options], Outcome]


class Variant:
    """A variant's declaration: a subclass in `variants/<id>/variant.py` sets these class attributes.

    Only what differs from the defaults below needs declaring; `options` must include `base`.
    """

    id: ClassVar[str]
    name_en: ClassVar[str]
    name_zh: ClassVar[str]
    default_starting_points: ClassVar[int]
    # Where the registry lists it: the five of the rule book are 10-50, in the book's order.
    order: ClassVar[int] = 1000
    methods: ClassVar[frozenset[str]] = ALL_METHODS
    ready_values: ClassVar[tuple[str, ...]] = ("none", "ready")
    kong_kinds: ClassVar[frozenset[str]] = frozenset({"exposed", "added", "concealed"})
    penalty_kinds: ClassVar[frozenset[str]] = frozenset({"adjustment"})
    uses_flowers: ClassVar[bool] = False
    uses_side_bets: ClassVar[bool] = False
    max_side_bet_option: ClassVar[str | None] = None
    # Side bets exist only while `max_side_bet_option` is above 0 (Shandong's 漂, RULES §9.5.8); else a
    # side bet above the maximum is only too big.
    side_bets_need_option: ClassVar[bool] = False
    uses_dice_double: ClassVar[bool] = False
    uses_liable: ClassVar[bool] = False
    uses_treasure: ClassVar[bool] = False
    # Points can wait in a pot between hands (Shenyang's revealed tiles, RULES §2): `pot_delta` and the
    # state's `pot` are only ever non-zero where this is on, so the app shows a pot only there.
    uses_pot: ClassVar[bool] = False
    tile_set: ClassVar[frozenset[int]] = ALL_TILES
    # Several winners on one discard or robbed kong: at most this many, and only while the bool
    # option `several_winners_option` is on when it names one.
    max_winners: ClassVar[int] = 1
    several_winners_option: ClassVar[str | None] = None
    # A method beyond `methods` that a bool house rule lets in: method -> option.
    method_options: ClassVar[Mapping[str, str]] = MappingProxyType({})
    wilds: ClassVar[Wilds | None] = None
    # What the keeper counts in a won hand (the record's `counts`), each up to a house rule's value.
    counts: ClassVar[tuple[CountSpec, ...]] = ()
    dealer_rotation: ClassVar[str] = "winner"  # "winner": the winner deals next; "next_seat": the deal passes on
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    option_aliases: ClassVar[tuple[OptionAlias, ...]] = ()
    # Each option in a player's words, both languages (house_rules.py beside the catalogue).
    option_words: ClassVar[Mapping[str, RuleWords]] = MappingProxyType({})
    fact_items: ClassVar[tuple[FactItem, ...]] = ()
    patterns: ClassVar[tuple[PatternSpec, ...]] = ()
    notes: ClassVar[tuple[str, ...]] = ()  # where this engine chose for RULES.md, in plain words
    hooks: ClassVar[Hooks]
    # The contradictions every variant refuses (RULES §0.8), with what this variant's table changes in them.
    consistency: ClassVar[SharedContradictions]

    # -- description -------------------------------------------------------------------------

    def pattern(self, pattern_id: str) -> PatternSpec | None:
        for spec in self.patterns:
            if spec.id == pattern_id:
                return spec
        return None

    @property
    def default_base(self) -> int:
        """The default of the base option, which every variant declares (RULES.md §0.6)."""
        return int(next(spec.default for spec in self.options if spec.key == "base"))

    def max_side_bet(self, options: Options) -> int:
        """The largest side bet this table allows: 0 without side bets."""
        if not self.uses_side_bets:
            return 0
        if self.max_side_bet_option is None:
            return MAX_SIDE_BET
        return int(options[self.max_side_bet_option])

    def played_patterns(self, options: Options) -> tuple[str, ...]:
        """The ids of the patterns this table scores, in the catalogue's order: those whose house-rule
        conditions hold. A pattern left out is refused when ticked (`_check_patterns`), so the form
        offers exactly these."""
        return tuple(spec.id for spec in self.patterns if spec.unplayed_why(options) is None)

    def excluded_pairs(self, options: Options) -> list[list[str]]:
        """Each pair of patterns this table plays that cannot count together in a plain hand, as the catalogue
        declares them (`PatternSpec.exclusions`): the pairs the engine refuses as `patterns_exclusive`."""
        played = set(self.played_patterns(options))
        pairs = {
            tuple(sorted((spec.id, other)))
            for spec in self.patterns
            if spec.id in played
            for other in spec.exclusions(options)
            if other in played
        }
        return [list(pair) for pair in sorted(pairs)]

    def count_maxima(self, options: Options) -> dict[str, int]:
        """Each count's largest value at this table: the value of the house rule that bounds it."""
        return {spec.id: int(options[spec.max_option]) for spec in self.counts}

    def multiple_winners_allowed(self, options: Options) -> bool:
        if self.max_winners < 2:
            return False
        return self.several_winners_option is None or bool(options[self.several_winners_option])

    def describe(self) -> VariantCapabilities:
        several: SeveralWinnersInfo | None = None
        if self.max_winners > 1:
            several = {"methods": ["discard", "rob_kong"], "option": self.several_winners_option}
        return {
            "id": self.id,
            "name": {"en": self.name_en, "zh": self.name_zh},
            "default_base": self.default_base,
            "default_starting_points": self.default_starting_points,
            "methods": sorted(self.methods),
            "method_options": dict(self.method_options),
            "max_winners": self.max_winners,
            "several_winners": several,
            "tile_set": [tile_face(tile) for tile in sorted(self.tile_set)],
            "wilds": None if self.wilds is None else self.wilds.describe(),
            "counts": [spec.describe() for spec in self.counts],
            "dealer_rotation": self.dealer_rotation,
            "ready_values": list(self.ready_values),
            "kong_kinds": sorted(self.kong_kinds),
            "penalty_kinds": sorted(self.penalty_kinds),
            "uses_flowers": self.uses_flowers,
            "uses_side_bets": self.uses_side_bets,
            "uses_dice_double": self.uses_dice_double,
            "uses_liable": self.uses_liable,
            "uses_treasure": self.uses_treasure,
            "uses_pot": self.uses_pot,
            "options": [self._describe_option(spec) for spec in self.options],
            "option_aliases": [alias.describe() for alias in self.option_aliases],
            "patterns": [spec.describe(resolve_options(self.options, None)) for spec in self.patterns],
            "fact_items": [item.describe() for item in self.fact_items],
            "fact_names": self.fact_names(),
            "notes": list(self.notes),
        }

    def fact_names(self) -> FactNames:
        """Every ready value, kind of kong and penalty this variant has, named in both languages: by
        the fact item that says it names it, else as tables usually call it (fact_names.py)."""
        own: dict[str, Names] = {
            item.names: {"en": item.name_en, "zh": item.name_zh} for item in self.fact_items if item.names
        }
        values = {
            "ready": [value for value in self.ready_values if value != "none"],
            "kong": sorted(self.kong_kinds),
            "penalty": sorted(self.penalty_kinds),
        }
        return {
            fact: {value: own.get(f"{fact}.{value}") or default_name(fact, value) for value in listed}
            for fact, listed in values.items()
        }

    def _describe_option(self, spec: OptionSpec) -> OptionInfo:
        described = spec.describe()
        words = self.option_words.get(spec.key)
        if words is None:
            return described
        worded = words.describe(spec.kind)
        if spec.kind == "subset":  # a list of this variant's patterns: their own names
            for value in spec.choices:
                pattern = self.pattern(str(value))
                if pattern is not None:
                    worded["value_labels"][str(value)] = {"en": pattern.name_en, "zh": pattern.name_zh}
        return {**described, **worded}

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

    # -- checks that follow from the declaration ---------------------------------------------

    def check_record(self, record: HandRecord, options: Options) -> None:
        """Refuse what the declaration rules out, the shared contradictions and what `record_problems` finds."""
        problems: list[Problem] = []

        def fail(code: str, field: str | None, message: str) -> None:
            problems.append(Problem(code, field, message))

        if len(record.wins) > 1 and not self.multiple_winners_allowed(options):
            fail(E.MULTIPLE_WINNERS_NOT_ALLOWED, "wins", f"Only one player may win a hand in {self.name_en}.")
        for index, win in enumerate(record.wins):
            path = f"wins.{index}"
            if win.method not in self.allowed_methods(options):
                fail(E.METHOD_NOT_ALLOWED, f"{path}.method", self._method_words(win.method))
            if win.flowers and not self.uses_flowers:
                fail(E.FACT_NOT_IN_VARIANT, f"{path}.flowers", f"{self.name_en} is played without flowers.")
            self._check_patterns(win.patterns, win.method, options, path, fail)
        for index, seat in enumerate(record.seats):
            if seat.ready not in self.ready_values:
                fail(
                    E.FACT_NOT_IN_VARIANT,
                    f"seats.{index}.ready",
                    f"'{seat.ready}' is not a ready declaration in {self.name_en}.",
                )
            if seat.side_bet and not self.uses_side_bets:
                fail(E.FACT_NOT_IN_VARIANT, f"seats.{index}.side_bet", f"{self.name_en} has no side bets.")
            elif seat.side_bet and self.side_bets_need_option and not self.max_side_bet(options):
                fail(
                    E.FACT_NOT_IN_VARIANT,
                    f"seats.{index}.side_bet",
                    f"This {self.name_en} table plays without side bets (house rule {self.max_side_bet_option} is 0).",
                )
            elif self.max_side_bet_option and seat.side_bet > options[self.max_side_bet_option]:
                fail(
                    E.INVALID_VALUE,
                    f"seats.{index}.side_bet",
                    f"A side bet is at most {options[self.max_side_bet_option]} markers.",
                )
        undeclared = (
            (
                "kongs",
                [k.kind for k in record.kongs],
                self.kong_kinds,
                E.FACT_NOT_IN_VARIANT,
                "A {} does not exist in {}.",
            ),
            (
                "penalties",
                [p.kind for p in record.penalties],
                self.penalty_kinds,
                E.PENALTY_NOT_ALLOWED,
                "{1} has no '{0}' penalty.",
            ),
        )
        for field, kinds, declared, code, words in undeclared:
            for index, kind in enumerate(kinds):
                if kind not in declared:
                    fail(code, f"{field}.{index}.kind", words.format(kind.replace("_", " "), self.name_en))
        if record.dice_double and not self.uses_dice_double:
            fail(E.FACT_NOT_IN_VARIANT, "dice_double", f"{self.name_en} has no dice double.")
        if not self.uses_liable:
            no_liable = f"{self.name_en} has no full-responsibility (承包) rule."
            if record.liable is not None:
                fail(E.FACT_NOT_IN_VARIANT, "liable", no_liable)
            else:
                for index, win in enumerate(record.wins):
                    if win.liable is not None:
                        fail(E.FACT_NOT_IN_VARIANT, f"wins.{index}.liable", no_liable)
        if record.treasure is not None and not self.uses_treasure:
            fail(E.FACT_NOT_IN_VARIANT, "treasure", f"{self.name_en} has no treasure tile.")
        bounds = {
            spec.id: CountBound(int(options[spec.max_option]), spec.max_option, spec.name_en.lower())
            for spec in self.counts
        }
        problems.extend(count_problems(record, bounds, self.name_en))
        problems.extend(self.consistency.record_problems(record, options, self.patterns))
        problems.extend(self.hooks.record_problems(record, options))
        _refuse(problems)

    def wild_after(self, turned_up: str, options: Options) -> str | None:
        """The wild's face when `turned_up` is the tile turned up at this table (`Wilds.succession`); None where
        the variant's wild follows no turned-up tile, or that tile is none of its order."""
        succession = None if self.wilds is None else self.wilds.succession
        if succession is None or tile_index(turned_up) not in self.tile_set:
            return None
        return succession.after(turned_up, options)

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

    def allowed_methods(self, options: Options) -> frozenset[str]:
        """The win methods this table plays with: the variant's, and any a house rule lets in."""
        return self.methods | {method for method, option in self.method_options.items() if options[option]}

    def _method_words(self, method: str) -> str:
        allowed = " or ".join(METHOD_WORDS[m] for m in sorted(self.methods))
        return f"{self.name_en} does not allow winning by {METHOD_WORDS[method]}; only by {allowed}."

    def _check_patterns(self, patterns: tuple[str, ...], method: str, options: Options, path: str, fail: Any) -> None:
        # In the order ticked, so that the same record lists its problems in the same order in every process
        # (a set of strings iterates in an order that changes with the interpreter's hash seed).
        seen: dict[str, None] = {}
        for i, pattern_id in enumerate(patterns):
            spec = self.pattern(pattern_id)
            where = f"{path}.patterns.{i}"
            if spec is None:
                fail(E.UNKNOWN_PATTERN, where, f"{self.name_en} has no pattern '{pattern_id}'.")
                continue
            unplayed = spec.unplayed_why(options)
            if unplayed is not None:
                fail(E.PATTERN_NOT_ALLOWED, where, f"{spec.name_en} ({spec.name_zh}) {unplayed}")
            if pattern_id in seen and not spec.repeatable:
                fail(E.PATTERN_REPEATED, where, f"{spec.name_en} ({spec.name_zh}) counts once per hand.")
            if method not in spec.methods:
                fail(
                    E.PATTERN_METHOD_CONFLICT,
                    where,
                    f"{spec.name_en} ({spec.name_zh}) cannot score on a win by {METHOD_WORDS[method]}.",
                )
            elif (refused := spec.method_refused_why(method, options)) is not None:
                fail(E.PATTERN_METHOD_CONFLICT, where, f"{spec.name_en} ({spec.name_zh}) {refused}")
            for other in seen:
                other_spec = self.pattern(other)
                assert other_spec is not None
                if other != pattern_id and (
                    other in spec.refused_with(options) or pattern_id in other_spec.refused_with(options)
                ):
                    fail(
                        E.PATTERNS_EXCLUSIVE,
                        where,
                        f"{spec.name_en} ({spec.name_zh}) and {other_spec.name_en} ({other_spec.name_zh}) "
                        "cannot both count.",
                    )
            seen[pattern_id] = None


def _refuse(problems: list[Problem]) -> None:
    if problems:
        raise Rejected(problems)


def next_seat(seat: int) -> int:
    return (seat + 1) % 4


def advance(state: TableState, **changes: Any) -> TableState:
    """The next state: `changes` applied to `state`. The engine itself sets `hand` and `previous`."""
    return replace(state, **changes)
