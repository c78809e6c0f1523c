"""What the hand form's hand-written template shows: every field's value as text, the chips and rows of
each part, and whether "More" opens. `HandForm` (hand.py) adds the fields and turns the taps into a record."""

from __future__ import annotations

from functools import cached_property
from typing import TypedDict

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from tablekeeper.reading.phrase_table import (
    also_words,
    any_wait_treasure,
    exclusive_chips,
    kongs_pay,
    ready_words,
    turn_order,
)
from tablekeeper.reading.reasons.refusals import Refusal
from tablekeeper.rules import Names, PatternInfo, VariantInfo, tile_example
from tablekeeper.rules.deal import next_deals

from ..models import GameSession
from .hand_rows import SEATS, kong_rows, penalty_rows, seat_rows
from .sections import closed_name, closed_scores, more_summary, seat_facts_legend
from .tiles import FixedWild, fixed_wild, keyboard_faces
from .treasure import PATTERN_NOTES, turned_up_hint, wild_field_hint, wild_field_name
from .values import FieldValues
from .winners import ExtraWinnerRow, PatternChip, extra_winner_rows, limited


class CountRow(TypedDict):
    """One count's stepper on the hand form (a variant's `counts`)."""

    name: str  # the form field
    label: Names
    meaning: Names
    value: str
    max: int
    errors: list[str | Refusal]


class MainPatternChip(PatternChip):
    """The first winner's chip: a note where its name alone could mislead, and what the phrase box reads off it
    (reading/phrase_table.py): the table's extra words for it, whether saying it says the winner was ready."""

    note: str | Promise
    also: str
    ready: str
    any_wait: bool


# The fields under "More", by name or prefix: one filled in (an edit of a hand with a kong) opens it.
_MORE_FIELDS = ("dice_double", "liable")
_MORE_PREFIXES = ("closed_", "ready_", "kong_seat_", "penalty_kind_", "adjust_", "treasure", "tiles", "extra_liable_")
# The engine's problems (by form key) and the form's own errors (by field prefix) that sit under "More".
_MORE_PROBLEMS = {"seats", "kongs", "penalties", "adjust", "treasure", "liable", "dice_double", "tiles"}
_MORE_ERROR_PREFIXES = ("kong_", "penalty_", "adjust", "side_bet_", "ready_", "extra_liable_")


class HandFormDisplay(forms.Form):
    """The hand form as its template reads it; the values come from the form being shown."""

    session: GameSession
    info: VariantInfo  # get_variant's description of the session's variant
    names: list[str]
    methods: list[str]
    several_winners: bool
    engine_errors: dict[str, list[Refusal]]

    @cached_property
    def shown(self) -> FieldValues:
        """Every field's current value (submitted, else initial) as text, for the hand-written template."""
        values: FieldValues = {}
        for name in self.fields:
            value = self[name].value()
            if isinstance(value, list | tuple):
                values[name] = [str(item) for item in value]
            else:
                values[name] = "" if value is None or value is False else ("on" if value is True else str(value))
        return values

    @property
    def only_method(self) -> str | None:
        """The method when the variant (with these house rules) has just one, else None."""
        return self.methods[0] if len(self.methods) == 1 else None

    @property
    def chosen_method(self) -> str:
        return str(self.shown.get("how") or "").partition("-")[0]

    @property
    def side_bet_words(self) -> Names:
        """What this variant calls a side bet (Zhengzhou 下跑, Shandong 漂), from its fact items."""
        item = next((item for item in self.info["fact_items"] if item["id"] == "side_bet"), None)
        return item["name"] if item else {"en": "Side bet", "zh": "下跑"}

    @property
    def repeatable_patterns(self) -> list[PatternInfo]:
        return [p for p in self.info["patterns"] if p["repeatable"]]

    @property
    def penalty_kinds(self) -> list[str]:
        return [kind for kind in self.info["penalty_kinds"] if kind != "adjustment"]

    @property
    def patterns_off(self) -> str:
        """The variant's patterns this table's house rules do not play (for the phrase box, which asks about one
        said; one the variant has no word for at all, as Harbin's kong bloom, is its plain self-draw)."""
        return " ".join(p["id"] for p in self.info["patterns"] if p["id"] not in self.played_patterns)

    @cached_property
    def played_patterns(self) -> frozenset[str]:
        """The patterns this table plays, as the engine says (`table_rules`): the only ones offered as chips."""
        return frozenset(self.session.table_rules["patterns"])

    @cached_property
    def table_patterns(self) -> list[PatternInfo]:
        """The variant's patterns with the methods each scores on at this table (`table_rules`: a house rule
        may take one away), so that a chip is disabled wherever the engine would refuse it."""
        methods = self.session.table_rules["pattern_methods"]
        values = self.session.pattern_values
        return [
            {
                **pattern,
                "methods": methods.get(pattern["id"], pattern["methods"]),
                # This table's value, as settling it here gives it; none rather than the book's.
                "value_words": values[pattern["id"]]["words"] if pattern["id"] in values else {"en": "", "zh": ""},
            }
            for pattern in self.info["patterns"]
        ]

    @property
    def pattern_chips(self) -> list[MainPatternChip]:
        """The variant's patterns as chips: only those the engine says this table plays (`table_rules`:
        not 手把一 without `allow_shou_ba_yi`, nor Zhengzhou's 豪华七小对 while `luxury_seven_pairs` is
        off), and any the hand being edited already names."""
        shown = self.shown
        method = self.chosen_method
        chosen = shown.get("patterns") or []
        played = self.played_patterns
        options = self.session.engine_options()
        also, ready = also_words(self.session.variant, options), ready_words(self.session.variant, options)
        any_wait = any_wait_treasure(self.session.variant, options)
        return [
            {
                **pattern,
                "checked": pattern["id"] in chosen,
                "count": shown.get(f"count_{pattern['id']}") or "1",
                "disabled": bool(method) and method not in pattern.get("methods", [method]),
                "note": PATTERN_NOTES.get(pattern["id"], ""),
                "limited": limited(pattern, self.methods),
                "also": also.get(pattern["id"], ""),
                "ready": ready.get(pattern["id"], ""),
                "any_wait": any_wait and pattern["id"] == "treasure_in_treasure",
            }
            for pattern in self.table_patterns
            if pattern["id"] in played or pattern["id"] in chosen
        ]

    @property
    def exclusive_chips(self) -> str:
        """The pattern chips this table refuses together, by their place, for the phrase box (its data-excl)."""
        chips = [chip["id"] for chip in self.pattern_chips]
        return exclusive_chips(chips, self.session.table_rules["excluded_pairs"])

    @property
    def count_rows(self) -> list[CountRow]:
        """A stepper for each count the keeper enters in a won hand (`get_variant`'s `counts`), from 0 to its
        maximum at this table (`table_rules`), named and explained in both languages, with its problems."""
        maxima = self.session.table_rules.get("counts") or {}
        return [
            {
                "name": f"counts_{spec['id']}",
                "label": spec["name"],
                "meaning": spec["meaning"],
                "value": self.shown.get(f"counts_{spec['id']}") or "0",
                "max": maxima[spec["id"]],
                "errors": [*self[f"counts_{spec['id']}"].errors, *self.engine_errors.get(f"counts_{spec['id']}", [])],
            }
            for spec in self.info.get("counts") or []
            if spec["id"] in maxima
        ]

    @property
    def keyboard_faces(self) -> str:
        """The tile keyboard's keys, for static/js/tiles.js to draw: "1m 2m … 9m|1p …|1z … 7z"."""
        return keyboard_faces(self.info)

    @property
    def tile_example(self) -> str:
        """The tile field's example, a win this table accepts (no chow where none is claimed)."""
        return tile_example(self.session.variant, self.session.engine_options())

    @property
    def extra_winner_rows(self) -> list[ExtraWinnerRow]:
        if not self.several_winners:
            return []
        return extra_winner_rows(
            self.shown, self.table_patterns, self.chosen_method, self.played_patterns, self.methods
        )

    @property
    def seat_rows(self) -> list[dict[str, object]]:
        return seat_rows(self.shown, self.info, self.names)

    @property
    def shows_closed(self) -> bool:
        """The 门清 chips: where a closed hand scores, or the hand being edited has one marked."""
        return closed_scores(self.info) or any(self.shown.get(f"closed_{seat}") == "on" for seat in SEATS)

    @property
    def closed_name(self) -> str:
        return closed_name(self.info)

    @property
    def has_ready(self) -> bool:
        return any(value != "none" for value in self.info["ready_values"])

    @property
    def seat_facts_legend(self) -> str:
        return seat_facts_legend(self.info, self.shows_closed, self.has_ready)

    @property
    def more_summary(self) -> str:
        return more_summary(self.info, self.shows_closed, self.has_ready, bool(self.penalty_kinds))

    @property
    def kong_rows(self) -> list[dict[str, object]]:
        return kong_rows(self.shown, self.info)

    @property
    def penalty_rows(self) -> list[dict[str, object]]:
        return penalty_rows(self.shown, self.info, self.penalty_kinds)

    @property
    def wild_name(self) -> str:
        """The field for the tile the record's `treasure` holds: this hand's treasure, or Zhengzhou's 混."""
        return wild_field_name(self.info)

    @property
    def turned_up_label(self) -> str:
        """The field for the tile turned up, where each hand's wild (or treasure) is the face after it."""
        return str(_("Tile turned up"))

    @property
    def turned_up_hint(self) -> str:
        """Which face the tile turned up makes wild at this table, in the order the variant's wild follows."""
        rules = self.session.table_rules
        return turned_up_hint(self.info, rules.get("wild_succession"), self.session.option("treasure_mode"))

    @property
    def fixed_wild(self) -> FixedWild:
        """The tile wild in every hand, `{"face", "name"}`, framed and named on the keyboard; empty without one."""
        return fixed_wild(self.info)

    @property
    def kongs_pay(self) -> bool:
        """Whether which kong was declared changes what a won hand pays here (the phrase box asks for it then)."""
        return kongs_pay(self.session.variant, self.session.engine_options())

    @property
    def wild_turn(self) -> str:
        """The order this table's wild follows from the tile turned up, for the phrase box (its data-turn)."""
        return turn_order(self.session.variant, self.session.engine_options())

    @property
    def wild_hint(self) -> str:
        """Which tile to pick for the treasure, by this table's `treasure_mode`."""
        return wild_field_hint(self.info, self.session.option("treasure_mode"))

    @cached_property
    def kept_as_void_keeps_dealer(self) -> bool:
        """Whether a hand kept as a manual adjustment (a void hand) leaves the deal with the same dealer, as
        the engine answers for a void hand at this table (`rules/deal.py`): the panel that offers it says so."""
        session = self.session
        state = session.state or session.starting_state()
        after = next_deals(session.variant, state, session.engine_options(), depth=1).get("void")
        return after is not None and after["dealer"] == state.get("dealer")

    @property
    def more_in_use(self) -> bool:
        """Whether a fact under "More" is filled in (an edit of a hand with a kong opens it)."""
        shown = self.shown
        return any(
            shown.get(name) not in (None, "", "none", "0")
            for name in shown
            if name.startswith(_MORE_PREFIXES) or name in _MORE_FIELDS
        )

    @property
    def more_has_errors(self) -> bool:
        return any(key in _MORE_PROBLEMS or key.startswith("extra_liable_") for key in self.engine_errors) or any(
            name.startswith(_MORE_ERROR_PREFIXES) for name in self.errors
        )
