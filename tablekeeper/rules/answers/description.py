"""A variant's description (`get_variant`): its capabilities, house rules, patterns and fact items, each
named in both languages, and what an item is worth at one table.

`Variant.describe` builds it and many places read it: a new capability is one more key in
`VariantCapabilities`, here.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from .hand import HouseRules, OptionValue


class Names(TypedDict):
    """A name (or any words) in both languages."""

    en: str
    zh: str


class IntBounds(TypedDict):
    """A whole-number option's allowed values."""

    min: int | None
    max: int
    null: bool  # whether it may be empty (optional_int)


class OptionWords(TypedDict):
    """A house rule in a player's words (rule_words.py)."""

    label: Names
    plain: Names
    common: bool  # tables commonly change it (the start form shows it first)
    value_labels: dict[str, Names]  # by the value as JSON writes it ("true", "4", "null")


class OptionInfo(TypedDict):
    key: str
    default: OptionValue
    type: str  # bool, choice, int, optional_int, subset
    allowed: list[OptionValue] | IntBounds  # a bool's, a choice's or a subset's values; a number's bounds
    meaning: str
    # The option's words (`OptionWords`), where the variant gives them.
    label: NotRequired[Names]
    plain: NotRequired[Names]
    common: NotRequired[bool]
    value_labels: NotRequired[dict[str, Names]]


class OptionAliasInfo(TypedDict):
    key: str
    type: str
    option: str
    when_true: OptionValue


class PatternInfo(TypedDict):
    id: str
    name: Names
    value: str
    value_words: Names
    methods: list[str]
    excludes: list[str]
    repeatable: bool
    requires_option: str | None
    played_by_options: list[str]
    from_tiles: bool
    meaning: str
    meaning_words: Names


class PatternValue(TypedDict):
    """A pattern's value at one table, as settling it there gives it (`pattern_values`)."""

    factor: int | None  # the multiplier it brings, or None
    points: int | None  # the points it adds, or None
    each: bool  # the value is per count of a repeatable pattern
    words: Names  # "+2分 ×5", "每个×2"


class FactValue(TypedDict):
    """A fact item's value at one table, as settling plain hands there gives it (`fact_item_values`)."""

    factor: int | None  # its one multiplier, or None
    points: int | None  # its one addition, or None
    flat: int | None  # its one payment per payer at the table's base (the cap: its limit per payer), or None
    each: bool  # the value is per one of several (a kong, a drawn hand)
    figures: list[int]  # every figure the hands give it (several where they differ), or none
    words: Names  # "×2", "每个+2分", "每家付4", "倍数最多×32"; empty for an item named with no figure


class FactItemInfo(TypedDict):
    id: str
    name: Names
    value: str
    value_words: Names


class WildsInfo(TypedDict):
    kind: str  # treasure, wild
    name: Names
    holder: str  # ready_player, anyone
    drawn_only: bool
    widened_by: str | None
    face: str | None  # the tile wild in every hand (红中麻将's 7z), or None where it is named per hand
    turned_up: bool  # the record may name the tile turned up (`turned_up`): the wild is the face after it
    succession_option: str | None  # the house rule that picks the order the wild follows, if any


class CountInfo(TypedDict):
    """A number the keeper enters for a won hand (the record's `counts`), up to a house rule's value."""

    id: str
    name: Names
    meaning: Names
    max_option: str


class SeveralWinnersInfo(TypedDict):
    methods: list[str]
    option: str | None


class PresetInfo(TypedDict):
    """A city preset: a named bundle of house rules (the rule book first, with none), and the facts
    of a hand its tables do not play though the engine still accepts them (`NOT_PLAYED_FACTS`): the
    app leaves their pickers out for such a table."""

    id: str
    name: Names
    options: HouseRules
    source: str
    not_played: list[str]
    # The name the rule book (RULES §9.7) gives it, where the app's differs (沈阳·网络版 is the book's 沈阳·Rust服):
    # the rules page says both, so a keeper can find it in the book. Else the same as `name`.
    book_name: Names


# The names of a variant's ready values, kinds of kong and penalties: fact -> value -> names.
FactNames = dict[str, dict[str, Names]]


class VariantCapabilities(TypedDict):
    """What `Variant.describe` says of a variant: everything but the presets of its folder."""

    id: str
    name: Names
    default_base: int
    default_starting_points: int
    methods: list[str]
    method_options: dict[str, str]  # a method a bool house rule lets in -> that option
    max_winners: int
    several_winners: SeveralWinnersInfo | None
    tile_set: list[str]
    wilds: WildsInfo | None
    counts: list[CountInfo]
    dealer_rotation: str
    ready_values: list[str]
    kong_kinds: list[str]
    penalty_kinds: list[str]
    uses_flowers: bool
    uses_side_bets: bool
    uses_dice_double: bool
    uses_liable: bool
    uses_treasure: bool
    uses_pot: bool  # points can wait in a pot between hands
    options: list[OptionInfo]
    option_aliases: list[OptionAliasInfo]
    patterns: list[PatternInfo]
    fact_items: list[FactItemInfo]
    fact_names: FactNames
    notes: list[str]


class VariantInfo(VariantCapabilities):
    """A variant's description for the app (`get_variant`)."""

    presets: list[PresetInfo]
