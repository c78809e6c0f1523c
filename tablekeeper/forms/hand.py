"""The hand form: the scorekeeper's taps, turned into a hand record (RULES.md §0.2) and back."""

from __future__ import annotations

import uuid
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import MAX_HAND_NUMBER, GameSession
from ..reasons.refusals import Refusal, pattern_names, refusal
from ..rules.records import MAX_ADJUSTMENT, MAX_PENALTY_COUNT, MAX_SIDE_BET
from ..validators import refuse_control_characters
from .hand_rows import (
    OPTIONAL_SEAT_CHOICES,
    PENALTY_ROWS,
    SEAT_CHOICES,
    SEATS,
    add_kong_fields,
    add_penalty_fields,
    add_seat_fields,
    kong_initial,
    kong_rows,
    kongs,
    penalties,
    penalty_initial,
    penalty_rows,
    seat_facts,
    seat_initial,
    seat_rows,
)
from .sections import closed_name, closed_scores, more_summary, seat_facts_legend
from .tiles import TileKey, keyboard_rows
from .treasure import PATTERN_NOTES, wild_field_hint, wild_field_name
from .winners import (
    add_extra_winner_fields,
    extra_winner_problems,
    extra_winner_rows,
    extra_wins,
    initial_for_extra_wins,
)


def new_client_token() -> str:
    return uuid.uuid4().hex


class HandForm(forms.Form):
    """The taps of one hand. Field names are what the template's radio buttons and chips send.

    `how` folds the method and the discarder into one tap: "self_draw", "discard-2", "rob_kong-1".
    """

    winner = forms.ChoiceField(label=_("Winner"))
    how = forms.ChoiceField(label=_("How"), required=False)
    patterns = forms.MultipleChoiceField(label=_("Patterns"), required=False)
    tiles = forms.CharField(
        label=_("Winning tiles"), required=False, max_length=80, validators=[refuse_control_characters]
    )
    client_token = forms.CharField(widget=forms.HiddenInput, max_length=64)
    expected_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_HAND_NUMBER)
    # Editing only: the fingerprint of the hand the form was opened on (Round.fingerprint).
    based_on = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    # Editing only: the later hands the keeper was shown would change, as a digest
    # (services.LaterChanges.digest); Save applies the edit only while they are still the same.
    confirm_changes = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, session: GameSession, *args: Any, names: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session = session
        self.names = names or [f"P{seat}" for seat in SEATS]
        # The table's largest side bet (0: none, so no side-bet fields); the fields accept up to MAX_SIDE_BET
        # and the engine refuses what this table does not allow, in words.
        self.max_side_bet = int(session.table_rules["max_side_bet"]) or MAX_SIDE_BET
        table_side_bet = int(session.table_rules["max_side_bet"])
        self.max_penalty_count = MAX_PENALTY_COUNT
        info = session.variant_info
        self.info = info
        results: list[tuple[str, Any]] = [*[(str(i), f"P{i}") for i in range(4)], ("draw", _("Draw"))]
        # A void hand: where the variant charges a false win (Shenyang's 诈胡) the chip says so and
        # asks who (`false_win_seat`); elsewhere the engine voids the hand with no charge, and the
        # chip says that instead of promising a penalty nobody would pay.
        self.charges_false_win = "false_win" in info["penalty_kinds"]
        results.append(("void", _("Void (false win)") if self.charges_false_win else _("Void (no one pays)")))
        self._choice_field("winner").choices = results
        if self.charges_false_win:
            self.fields["false_win_seat"] = forms.ChoiceField(required=False, choices=OPTIONAL_SEAT_CHOICES)
        # The variant's methods, and any a house rule of this session lets in (Zhengzhou's discard win).
        self.methods = self.methods_of(session)
        hows: list[tuple[str, Any]] = [("self_draw", _("Self-draw"))] if "self_draw" in self.methods else []
        for method in ("discard", "rob_kong"):
            if method in self.methods:
                hows += [(f"{method}-{i}", f"{method} P{i}") for i in range(4)]
        self._choice_field("how").choices = hows
        self._choice_field("patterns").choices = [(p["id"], p["id"]) for p in info["patterns"]]
        for pattern in self.repeatable_patterns:
            self.fields[f"count_{pattern['id']}"] = forms.IntegerField(required=False, min_value=1, max_value=8)
        if info["uses_flowers"]:
            self.fields["flowers"] = forms.IntegerField(required=False, min_value=0, max_value=8)
        if info["uses_treasure"]:
            self.fields["treasure"] = forms.CharField(required=False, max_length=2)
        if info["uses_dice_double"]:
            self.fields["dice_double"] = forms.BooleanField(required=False)
        if info["uses_liable"]:
            self.fields["liable"] = forms.ChoiceField(required=False, choices=OPTIONAL_SEAT_CHOICES)
        add_seat_fields(self.fields, info, table_side_bet)
        for seat in SEATS:
            self.fields[f"adjust_{seat}"] = forms.IntegerField(
                required=False, min_value=-MAX_ADJUSTMENT, max_value=MAX_ADJUSTMENT
            )
        self.fields["adjust_note"] = forms.CharField(
            required=False, max_length=120, validators=[refuse_control_characters]
        )
        # A refused hand the keeper insists on: why, in their words (saved as a manual adjustment).
        self.fields["insist_note"] = forms.CharField(
            required=False, max_length=120, validators=[refuse_control_characters]
        )
        self.several_winners = bool(session.table_rules["several_winners"])
        if self.several_winners:
            add_extra_winner_fields(self.fields, info, SEAT_CHOICES)
        add_kong_fields(self.fields, info)
        add_penalty_fields(self.fields, self.penalty_kinds)
        self.engine_errors: dict[str, list[Refusal]] = {}
        self._record: dict[str, Any] | None = None
        self.conflict: str | None = None
        # The conflict is a spent client token (services.TokenSpent): sending it again cannot succeed.
        self.token_spent = False
        # After a conflict on a new hand (another phone saved this number): the number it can
        # still be entered as, with the same taps.
        self.renumber_to: int | None = None

    def _choice_field(self, name: str) -> forms.ChoiceField:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        return field

    @staticmethod
    def methods_of(session: GameSession) -> list[str]:
        """The methods this table allows, as the engine resolves its house rules."""
        return list(session.table_rules["methods"])

    @property
    def only_method(self) -> str | None:
        """The method when the variant (with these house rules) has just one, else None."""
        return self.methods[0] if len(self.methods) == 1 else None

    @property
    def side_bet_words(self) -> dict[str, str]:
        """What this variant calls a side bet (Zhengzhou 下跑, Shandong 漂), from its fact items."""
        item = next((item for item in self.info["fact_items"] if item["id"] == "side_bet"), None)
        return item["name"] if item else {"en": "Side bet", "zh": "下跑"}

    @property
    def repeatable_patterns(self) -> list[dict[str, Any]]:
        return [p for p in self.info["patterns"] if p.get("repeatable")]

    @property
    def penalty_kinds(self) -> list[str]:
        return [kind for kind in self.info["penalty_kinds"] if kind != "adjustment"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        winner = cleaned.get("winner")
        how = cleaned.get("how") or ""
        if winner and winner.isdigit():
            if not how:
                self.add_error("how", _("Tap how the hand was won: self-draw or whose discard."))
            elif how.endswith(f"-{winner}"):
                self.add_error("how", _("A player cannot win on their own discard."))
        if winner == "void" and self.charges_false_win and not self._false_win_charged(cleaned):
            self.add_error("false_win_seat", _("Tap who declared the false win: they pay the penalty."))
        for field, message in extra_winner_problems(cleaned, self.several_winners):
            self.add_error(field, message)
        adjust = [cleaned.get(f"adjust_{seat}") or 0 for seat in range(4)]
        if any(adjust) and sum(adjust) != 0:
            self.add_error(None, _("The adjustment must add up to 0; it adds up to %(sum)s.") % {"sum": sum(adjust)})
        return cleaned

    @staticmethod
    def _false_win_charged(cleaned: dict[str, Any]) -> bool:
        """Someone is charged the false win: by the void chip's seat, or a 诈胡 row under "More"."""
        if cleaned.get("false_win_seat") not in (None, ""):
            return True
        return any(
            cleaned.get(f"penalty_kind_{row}") == "false_win" and cleaned.get(f"penalty_seat_{row}") not in (None, "")
            for row in range(PENALTY_ROWS)
        )

    def to_record(self) -> dict[str, Any]:
        """The hand record these taps describe; facts left at their defaults are left out.

        Built once per form (a preview asks for it to score, to place the refusals and to judge the tiles).
        """
        if self._record is None:
            self._record = self._build_record()
        return self._record

    def _build_record(self) -> dict[str, Any]:
        data = self.cleaned_data
        winner = data["winner"]
        record: dict[str, Any] = {"result": "win" if winner.isdigit() else winner}
        if winner.isdigit():
            method, _dash, source = (data.get("how") or "self_draw").partition("-")
            win: dict[str, Any] = {"seat": int(winner), "method": method}
            if source:
                win["from"] = int(source)
            patterns: list[str] = []
            for pattern_id in data.get("patterns") or []:
                count = data.get(f"count_{pattern_id}") or 1
                patterns += [pattern_id] * count
            win["patterns"] = patterns
            if data.get("flowers"):
                win["flowers"] = data["flowers"]
            if data.get("tiles"):
                win["tiles"] = data["tiles"].strip()
            if data.get("liable") not in (None, ""):
                # 承包 belongs to the win it covers (RULES §0.2), for one winner too: one way to write it.
                win["liable"] = int(data["liable"])
            record["wins"] = [win]
            if self.several_winners and source:
                record["wins"] += extra_wins(data, self.info, method, source)
        seats = seat_facts(data)
        if any(seats):
            record["seats"] = seats
        if found := kongs(data):
            record["kongs"] = found
        found = penalties(data)
        if winner == "void" and data.get("false_win_seat") not in (None, ""):
            found.insert(0, {"kind": "false_win", "seat": int(data["false_win_seat"])})
        if found:
            record["penalties"] = found
        if data.get("dice_double"):
            record["dice_double"] = True
        if data.get("treasure"):
            record["treasure"] = data["treasure"].strip()
        return record

    def as_manual_adjustment(self) -> dict[str, Any] | None:
        """The hand as the keeper insists on it when the rules refuse its facts: a void hand whose
        only payment is the manual adjustment entered (none: nobody pays), with the keeper's note.
        None, with the form's error, when no note says why."""
        note = (self.cleaned_data.get("insist_note") or "").strip()
        if not note:
            self.add_error("insist_note", _("Say in a note why this hand is kept as it is."))
            return None
        deltas = [self.cleaned_data.get(f"adjust_{seat}") or 0 for seat in SEATS]
        return {"result": "void", "penalties": [{"kind": "adjustment", "deltas": deltas, "note": note}]}

    @classmethod
    def initial_from_record(cls, record: dict[str, Any]) -> dict[str, Any]:
        """The form's initial values for an existing hand, the inverse of `to_record`."""
        initial: dict[str, Any] = {"winner": record.get("result", "draw")}
        wins = record.get("wins") or []
        if wins:
            win = wins[0]
            initial["winner"] = str(win["seat"])
            initial["how"] = win["method"] if win.get("from") is None else f"{win['method']}-{win['from']}"
            patterns = list(win.get("patterns") or [])
            initial["patterns"] = list(dict.fromkeys(patterns))
            for pattern_id in initial["patterns"]:
                initial[f"count_{pattern_id}"] = patterns.count(pattern_id)
            initial["flowers"] = win.get("flowers") or None
            initial["tiles"] = win.get("tiles") or ""
            initial.update(initial_for_extra_wins(wins[1:]))
        initial.update(seat_initial(record.get("seats") or []))
        initial.update(kong_initial(record.get("kongs") or []))
        listed = list(record.get("penalties") or [])
        if record.get("result") == "void":
            # The void chip's "who" holds the first plain 诈胡; any other stays a row under "More".
            charged = next((p for p in listed if p.get("kind") == "false_win" and p.get("count") in (None, 1)), None)
            if charged is not None:
                initial["false_win_seat"] = str(charged.get("seat", ""))
                listed.remove(charged)
        initial.update(penalty_initial(listed))
        initial["dice_double"] = bool(record.get("dice_double"))
        # An older record names its one winner's liable player at the top level; the form puts it on the win.
        liable = wins[0].get("liable") if wins else None
        if liable is None:
            liable = record.get("liable")
        initial["liable"] = "" if liable is None else str(liable)
        initial["treasure"] = record.get("treasure") or ""
        return initial

    @cached_property
    def shown(self) -> dict[str, Any]:
        """Every field's current value (submitted, else initial) as text, for the hand-written template."""
        values: dict[str, Any] = {}
        for name in self.fields:
            value = self[name].value()
            if isinstance(value, list | tuple):
                values[name] = [str(item) for item in value]
            else:
                values[name] = "" if value is None or value is False else ("on" if value is True else str(value))
        return values

    @property
    def pattern_chips(self) -> list[dict[str, Any]]:
        """The variant's patterns as chips: only those the engine says this table plays (`table_rules`:
        not 手把一 without `allow_shou_ba_yi`, nor Zhengzhou's 豪华七小对 while `luxury_seven_pairs` is
        off), and any the hand being edited already names."""
        shown = self.shown
        method = self.chosen_method
        chosen = shown.get("patterns") or []
        played = set(self.session.table_rules["patterns"])
        return [
            {
                **pattern,
                "checked": pattern["id"] in chosen,
                "count": shown.get(f"count_{pattern['id']}") or "1",
                "disabled": bool(method) and method not in pattern.get("methods", [method]),
                "note": PATTERN_NOTES.get(pattern["id"], ""),
            }
            for pattern in self.info["patterns"]
            if pattern["id"] in played or pattern["id"] in chosen
        ]

    @property
    def keyboard_rows(self) -> list[list[TileKey]]:
        return keyboard_rows(self.info)

    @property
    def extra_winner_rows(self) -> list[dict[str, Any]]:
        return extra_winner_rows(self.shown, self.info, self.chosen_method) if self.several_winners else []

    @property
    def seat_rows(self) -> list[dict[str, Any]]:
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
    def kong_rows(self) -> list[dict[str, Any]]:
        return kong_rows(self.shown, self.info)

    @property
    def penalty_rows(self) -> list[dict[str, Any]]:
        return penalty_rows(self.shown, self.info, self.penalty_kinds)

    @property
    def chosen_method(self) -> str:
        return str(self.shown.get("how") or "").partition("-")[0]

    def attach_engine_errors(self, errors: list[dict[str, Any]], record: dict[str, Any] | None = None) -> None:
        """Place each engine problem, said in the keeper's language (`record` is the hand refused,
        to name its players), next to the part of the form it is about."""
        for error in errors:
            key = engine_field_to_form_key(error.get("field"))
            said = refusal(error, self.names, record, pattern_names(self.info))
            self.engine_errors.setdefault(key, []).append(said)

    def problems(self) -> list[str]:
        """Every message the form would show, flat: the field errors, then the engine's."""
        found = [str(message) for errors in self.errors.values() for message in errors]
        found += [said.flat() for refused in self.engine_errors.values() for said in refused]
        return found

    @property
    def wild_name(self) -> str:
        """The field for the tile the record's `treasure` holds: this hand's treasure, or Zhengzhou's 混."""
        return wild_field_name(self.info)

    @property
    def wild_hint(self) -> str:
        """Which tile to pick for the treasure, by this table's `treasure_mode`."""
        return wild_field_hint(self.info, self.session.option("treasure_mode"))

    @property
    def more_in_use(self) -> bool:
        """Whether a fact under "More" is filled in (an edit of a hand with a kong opens it)."""
        shown = self.shown
        return any(
            shown.get(name) not in (None, "", "none", "0")
            for name in shown
            if name.startswith(("closed_", "ready_", "kong_seat_", "penalty_kind_", "adjust_", "treasure", "tiles"))
            or name.startswith("extra_liable_")
            or name in ("dice_double", "liable", "flowers")
        )

    @property
    def more_has_errors(self) -> bool:
        more = {"seats", "kongs", "penalties", "adjust", "treasure", "liable", "dice_double", "flowers", "tiles"}
        prefixes = ("kong_", "penalty_", "adjust", "side_bet_", "ready_", "extra_liable_")
        return any(key in more or key.startswith("extra_liable_") for key in self.engine_errors) or any(
            name.startswith(prefixes) for name in self.errors
        )


_WIN_PARTS = {"seat": "winner", "method": "how", "from": "how", "patterns": "patterns", "flowers": "flowers"}


def engine_field_to_form_key(field: str | None) -> str:
    """Map an engine error's `field` ("wins.0.from", "kongs.1.kind") to a key of the form's layout."""
    if not field:
        return "general"
    parts = field.split(".")
    head = parts[0]
    if head in ("result", "wins") and len(parts) < 3:
        return "winner"
    if head == "wins" and parts[2] == "liable":
        # A win's liable player is asked under "More", beside the first winner's (RULES §0.2).
        return "liable" if parts[1] == "0" else f"extra_liable_{parts[1]}"
    if head == "wins" and parts[1] != "0":
        return f"extra_{parts[1]}"
    if head == "wins":
        return _WIN_PARTS.get(parts[2], "tiles" if parts[2] == "tiles" else "general")
    if head in ("seats", "kongs", "penalties", "treasure", "liable", "dice_double"):
        return head
    return "general"
