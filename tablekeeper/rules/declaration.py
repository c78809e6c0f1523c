"""What every variant declares, as data on its class, and what follows from that at a table: the patterns,
methods, winners and counts it plays there, and its description (`get_variant`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from .answers import FactNames, Names, OptionInfo, SeveralWinnersInfo, VariantCapabilities
from .catalogue_items import ALL_METHODS, CountSpec, FactItem, PatternSpec, Wilds
from .fact_names import default_name
from .hooks import Hooks, SharedContradictions
from .options import OptionAlias, Options, OptionSpec, resolve_options
from .records import MAX_SIDE_BET
from .rule_words import RuleWords
from .tiles import ALL_TILES, tile_face, tile_index


class Declaration:
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
        conditions hold. A pattern left out is refused when ticked (`declared_checks`), so the form
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

    def allowed_methods(self, options: Options) -> frozenset[str]:
        """The win methods this table plays with: the variant's, and any a house rule lets in."""
        return self.methods | {method for method, option in self.method_options.items() if options[option]}

    def wild_after(self, turned_up: str, options: Options) -> str | None:
        """The wild's face when `turned_up` is the tile turned up at this table (`Wilds.succession`); None where
        the variant's wild follows no turned-up tile, or that tile is none of its order."""
        succession = None if self.wilds is None else self.wilds.succession
        if succession is None or tile_index(turned_up) not in self.tile_set:
            return None
        return succession.after(turned_up, options)

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
