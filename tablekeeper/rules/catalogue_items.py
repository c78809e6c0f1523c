"""What a variant's catalogue declares: the patterns the scorekeeper ticks (and the house rules under which
each is played at all), the items that score from the record's facts, and the wild tiles.

Plain data with no flow of their own; `variant.py` reads them to check and score a hand (and re-exports them,
so that a variant's catalogue imports everything it declares from one place).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from .answers import CountInfo, FactItemInfo, PatternInfo, WildsInfo
from .options import Options

ALL_METHODS = frozenset({"self_draw", "discard", "rob_kong"})
SELF_DRAW = frozenset({"self_draw"})
DISCARD = frozenset({"discard"})


@dataclass(frozen=True, slots=True)
class PlayedWhen:
    """A condition on the table's house rules for a pattern to be scored at all (RULES §9): where it
    fails the pattern is not played at that table, so the form offers no chip and a tick is refused."""

    options: tuple[str, ...]  # the house rules `test` reads, named in the refusal
    test: Callable[[Options], bool]
    why: str  # the refusal's English words after the pattern's names: "needs the house rule 'x'."


@dataclass(frozen=True, slots=True)
class PatternSpec:
    """A scoring item the scorekeeper can tick (or the tiles can prove)."""

    id: str
    name_en: str
    name_zh: str
    value: str  # how it scores, in the variant's own terms: "×2", "+2 points", "12"
    methods: frozenset[str] = ALL_METHODS
    excludes: frozenset[str] = frozenset()
    repeatable: bool = False
    requires_option: str | None = None  # the pattern exists only while this bool option is true
    from_tiles: bool = False  # the tiles can prove it (shape patterns)
    meaning: str = ""
    # `value` in Chinese, where it has words ("×2 each" 每个×2); a bare figure reads the same in both.
    value_zh: str = ""
    meaning_zh: str = ""  # `meaning` in Chinese (the folder's pattern_meanings.json)
    # Conditions on other house rules (a choice, a list) beyond `requires_option`'s bool; all must hold.
    played_when: tuple[PlayedWhen, ...] = ()
    # A method of `methods` the pattern scores on only while a condition on the house rules holds (Zhengzhou's
    # seven pairs on a robbed kong only where a wild may complete a pair): (method, condition).
    methods_when: tuple[tuple[str, PlayedWhen], ...] = ()
    # Patterns this one excludes only while a condition on the house rules holds (Dalian's edge win and the
    # chowless shapes, except under edge_wait_mode=single_wait_ready): refused together while it holds.
    excludes_when: tuple[tuple[frozenset[str], PlayedWhen], ...] = ()
    # Patterns this one excludes in a plain hand, which a fact of the record can make possible (Dalian's four in
    # hand with a float where the winner's 喜杠 holds the fourth honour): the variant's own checks refuse the
    # pair from this declaration unless the record shows that fact, so the declaration and refusal are one.
    excludes_unless_record: frozenset[str] = frozenset()

    def exclusions(self, options: Options) -> frozenset[str]:
        """Every pattern this one cannot count with in a plain hand at a table with these house rules."""
        return self.refused_with(options) | self.excludes_unless_record

    def refused_with(self, options: Options) -> frozenset[str]:
        """The patterns the engine refuses with this one whatever else the record says, under these house rules."""
        conditional = (others for others, condition in self.excludes_when if condition.test(options))
        return self.excludes.union(*conditional)

    def conditions(self) -> tuple[PlayedWhen, ...]:
        """Every condition on the house rules for this pattern to be played, `requires_option` first."""
        if self.requires_option is None:
            return self.played_when
        option = self.requires_option
        needs = PlayedWhen((option,), lambda options: bool(options[option]), f"needs the house rule '{option}'.")
        return (needs, *self.played_when)

    def unplayed_why(self, options: Options) -> str | None:
        """Why this pattern is not played under `options` (the first condition that fails), or None."""
        return next((condition.why for condition in self.conditions() if not condition.test(options)), None)

    def method_refused_why(self, method: str, options: Options) -> str | None:
        """Why this pattern cannot score on a win by `method` under `options` (a house rule's condition on that
        method), or None. A method outside `methods` is refused on its own account."""
        return next(
            (condition.why for when, condition in self.methods_when if when == method and not condition.test(options)),
            None,
        )

    def methods_under(self, options: Options) -> frozenset[str]:
        """The methods this pattern scores on at a table with these house rules."""
        return frozenset(method for method in self.methods if self.method_refused_why(method, options) is None)

    def describe(self, book: Options) -> PatternInfo:
        """The pattern as the book (`book`: the variant's default house rules) has it; `table_rules` gives
        what a table's own house rules exclude."""
        return {
            "id": self.id,
            "name": {"en": self.name_en, "zh": self.name_zh},
            "value": self.value,
            "value_words": {"en": self.value, "zh": self.value_zh or self.value},
            "methods": sorted(self.methods),
            "excludes": sorted(self.exclusions(book)),
            "repeatable": self.repeatable,
            "requires_option": self.requires_option,
            # Every house rule that decides whether the pattern is played (table_rules says if it is).
            "played_by_options": sorted({key for condition in self.conditions() for key in condition.options}),
            "from_tiles": self.from_tiles,
            "meaning": self.meaning,
            "meaning_words": {"en": self.meaning, "zh": self.meaning_zh},
        }


def exclusive(groups: Collection[Collection[str]], *patterns: PatternSpec) -> tuple[PatternSpec, ...]:
    """`patterns`, where the members of each group exclude one another (each one lists the others)."""

    def others(spec: PatternSpec) -> frozenset[str]:
        return frozenset(other for group in groups if spec.id in group for other in group if other != spec.id)

    return tuple(replace(spec, excludes=spec.excludes | others(spec)) for spec in patterns)


@dataclass(frozen=True, slots=True)
class FactItem:
    """A scoring item that comes from the record's facts or the table, not from a ticked pattern.

    Every item id a line's params name is a pattern or one of these, so a reference page can
    list everything that scores (RULES.md §0.7).
    """

    id: str
    name_en: str
    name_zh: str
    value: str  # how it scores, in the variant's own terms: "×2", "+1 point", "4 per tile into the pot"
    # The record's fact value this item also names, "kong.dragon_set" (fact_names.FACTS), or None.
    names: str | None = None
    value_zh: str = ""  # `value` in Chinese words, for a Chinese reference page

    def describe(self) -> FactItemInfo:
        return {
            "id": self.id,
            "name": {"en": self.name_en, "zh": self.name_zh},
            "value": self.value,
            "value_words": {"en": self.value, "zh": self.value_zh},
        }


# Each suit in its order: n → n+1, and 9 → 1. A variant's succession starts from these and adds its honours.
SUIT_CYCLES = ("123456789m", "123456789p", "123456789s")
# Every face a cycle of its own: the tile turned up is itself the wild (a treasure played as the indicator).
ITSELF = tuple(f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)) + tuple(f"{rank}z" for rank in range(1, 8))


@dataclass(frozen=True, slots=True)
class Succession:
    """The order a per-hand wild follows: the table turns a tile up and the wild is the face after it.

    Each cycle is written as the notation writes tiles, its digits in their order, the last one followed by the
    first: `"765z"` is 中 → 发 → 白 → 中 (Tianjin's dragons), `"1234z"` the winds. A face in no cycle is no
    tile of this wild's order. A house rule may pick another order: `option`, and `otherwise` its values with
    their cycles (Zhengzhou's honor_cycle); a cycle of one face is the turned-up tile itself (a treasure
    played as the indicator)."""

    cycles: tuple[str, ...]
    option: str | None = None
    otherwise: tuple[tuple[object, tuple[str, ...]], ...] = ()

    def __post_init__(self) -> None:
        for cycles in (self.cycles, *(other for _, other in self.otherwise)):
            faces = [face for cycle in cycles for face in cycle_faces(cycle)]
            if len(faces) != len(set(faces)):
                raise ValueError(f"a face is in two places of the succession {cycles}")

    def cycles_at(self, options: Options) -> tuple[str, ...]:
        """The cycles this table plays: those its house rule picks, else the declared ones."""
        if self.option is not None:
            chosen = options[self.option]
            for value, cycles in self.otherwise:
                if value == chosen:
                    return cycles
        return self.cycles

    def after(self, face: str, options: Options) -> str | None:
        """The wild's face once `face` is turned up at this table, or None for a face in no cycle."""
        for cycle in self.cycles_at(options):
            faces = cycle_faces(cycle)
            if face in faces:
                return faces[(faces.index(face) + 1) % len(faces)]
        return None

    def before(self, wild: str, options: Options) -> str | None:
        """The tile turned up when `wild` is the wild at this table (the cycles are one-to-one), or None."""
        for cycle in self.cycles_at(options):
            faces = cycle_faces(cycle)
            if wild in faces:
                return faces[faces.index(wild) - 1]
        return None

    def describe(self, options: Options) -> list[list[str]]:
        return [cycle_faces(cycle) for cycle in self.cycles_at(options)]


def cycle_faces(cycle: str) -> list[str]:
    """`"765z"` → `["7z", "6z", "5z"]`: the faces of one cycle, in its order."""
    if len(cycle) < 2 or not cycle[:-1].isdigit() or cycle[-1] not in "mpsz":
        raise ValueError(f"{cycle!r} is no cycle of faces: digits in their order and one suit letter, as '765z'")
    return [f"{digit}{cycle[-1]}" for digit in cycle[:-1]]


@dataclass(frozen=True, slots=True)
class Wilds:
    """Whether a variant plays with wild tiles, and who may use them how."""

    kind: str  # "treasure" (宝牌: one face, wild for a ready player) or "wild" (混: wild for everyone)
    name_en: str
    name_zh: str
    holder: str  # "ready_player" or "anyone"
    drawn_only: bool  # wild only as the self-drawn winning tile (a treasure held in hand counts at face value)
    widened_by: str | None = None  # the bool option that also lets a discarded wild tile stand in
    # The face that is wild in every hand (红中麻将's 红中, "7z"), or None where each hand's wild is entered
    # in the record's `treasure` (a treasure, Zhengzhou's 混 read from a turned-up tile).
    face: str | None = None
    # Where each hand's wild follows a tile turned up: the order it follows. The record may then name the tile
    # turned up (`turned_up`), which the engine turns into the wild's face (the record's `treasure`).
    succession: Succession | None = None

    def describe(self) -> WildsInfo:
        return {
            "kind": self.kind,
            "name": {"en": self.name_en, "zh": self.name_zh},
            "holder": self.holder,
            "drawn_only": self.drawn_only,
            "widened_by": self.widened_by,
            "face": self.face,
            "turned_up": self.succession is not None,
            "succession_option": None if self.succession is None else self.succession.option,
        }


@dataclass(frozen=True, slots=True)
class CountSpec:
    """A number the keeper enters for a won hand, in the record's `counts` (RULES §0.2 as this engine
    extends it): 红中麻将's bird hits (中码). It runs from 0 to the value of the house rule `max_option`
    at the table (the birds turned up); more is refused as `count_above_maximum`."""

    id: str
    name_en: str
    name_zh: str
    max_option: str  # the int house rule whose value is this count's maximum at a table
    meaning_en: str
    meaning_zh: str

    def describe(self) -> CountInfo:
        return {
            "id": self.id,
            "name": {"en": self.name_en, "zh": self.name_zh},
            "meaning": {"en": self.meaning_en, "zh": self.meaning_zh},
            "max_option": self.max_option,
        }
