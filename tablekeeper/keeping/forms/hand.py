"""The hand form: the scorekeeper's taps, turned into a hand record (RULES.md §0.2) and back.

Its parts: the fields and their checks here; the record built from the taps and its inverse in
hand_record.py; what the template shows in hand_display.py; where an engine problem sits in hand_errors.py.
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tablekeeper.accounts.validators import refuse_control_characters
from tablekeeper.reading.reasons.refusals import pattern_names, refusal
from tablekeeper.rules import ProblemEntry, Record, wild_after
from tablekeeper.rules.records import MAX_ADJUSTMENT, MAX_PENALTY_COUNT, MAX_SIDE_BET

from ..models import MAX_HAND_NUMBER, GameSession
from .hand_display import HandFormDisplay
from .hand_errors import engine_field_to_form_key
from .hand_record import initial_from_record, manual_adjustment_record, record_from_taps
from .hand_rows import (
    OPTIONAL_SEAT_CHOICES,
    PENALTY_ROWS,
    SEAT_CHOICES,
    SEATS,
    add_kong_fields,
    add_penalty_fields,
    add_seat_fields,
)
from .values import FieldValues
from .winners import EXTRA_WINNERS, add_extra_winner_fields, extra_winner_problems

__all__ = ["HandForm", "engine_field_to_form_key", "new_client_token"]


def new_client_token() -> str:
    return uuid.uuid4().hex


class HandForm(HandFormDisplay):
    """The taps of one hand. Field names are what the template's radio buttons and chips send; what the
    template shows of them is `HandFormDisplay`'s.

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
    # A new hand only: when the page was drawn (seconds since 1970, the server's clock), so that a hand kept offline
    # whose number was taken and freed again since is shown to its keeper before it is sent (keeping/pages/outbox.py).
    board_seen = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0, max_value=2**40)
    # Editing only: the later hands the keeper was shown would change, as a digest
    # (services.LaterChanges.digest); Save applies the edit only while they are still the same.
    confirm_changes = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, session: GameSession, *args: Any, names: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session = session
        # `names` may be lazy (the view reads the seats only when something is shown): never test its truth.
        self.names = names if names is not None else [f"P{seat}" for seat in SEATS]
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
        # What the keeper counts in a won hand (红中麻将's bird hits), each from 0 to its house rule at this table.
        self.count_maxima: dict[str, int] = dict(session.table_rules.get("counts") or {})
        for count_id, maximum in self.count_maxima.items():
            self.fields[f"counts_{count_id}"] = forms.IntegerField(required=False, min_value=0, max_value=maximum)
        if info["uses_flowers"]:
            self.fields["flowers"] = forms.IntegerField(required=False, min_value=0, max_value=8)
        wilds = info["wilds"]
        if wilds is not None and wilds["turned_up"]:
            # A wild that follows the tile turned up: the keeper taps that tile, the engine names the wild, and
            # the record keeps both (a stored hand that names only its wild shows the tile before it).
            self.fields["turned_up"] = forms.CharField(required=False, max_length=2)
            if not self.is_bound and self.initial.get("treasure") and not self.initial.get("turned_up"):
                self.initial["turned_up"] = self._turned_up_for(str(self.initial["treasure"]))
        elif info["uses_treasure"]:
            self.fields["treasure"] = forms.CharField(required=False, max_length=2)
        if info["uses_dice_double"]:
            self.fields["dice_double"] = forms.BooleanField(required=False)
        # 承包 where this table plays it; a stored hand that names a liable player keeps its picker.
        if info["uses_liable"] and ("liable" not in session.not_played or self._names_a_liable_player()):
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
        self.engine_errors = {}
        self._record: Record | None = None
        self.conflict: str | None = None
        # After a conflict on a new hand (another phone saved this number): the number it can
        # still be entered as, with the same taps.
        self.renumber_to: int | None = None

    def _choice_field(self, name: str) -> forms.ChoiceField:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        return field

    def _names_a_liable_player(self) -> bool:
        """Whether the hand shown (a stored one's initial values, or what was posted) names 承包 anywhere."""
        names = ("liable", *(f"extra_liable_{extra}" for extra in EXTRA_WINNERS))
        sources = [self.initial, self.data] if self.is_bound else [self.initial]
        return any(source.get(name) not in (None, "") for source in sources for name in names)

    @staticmethod
    def methods_of(session: GameSession) -> list[str]:
        """The methods this table allows, as the engine resolves its house rules."""
        return list(session.table_rules["methods"])

    def clean(self) -> FieldValues:
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
    def _false_win_charged(cleaned: FieldValues) -> bool:
        """Someone is charged the false win: by the void chip's seat, or a 诈胡 row under "More"."""
        if cleaned.get("false_win_seat") not in (None, ""):
            return True
        return any(
            cleaned.get(f"penalty_kind_{row}") == "false_win" and cleaned.get(f"penalty_seat_{row}") not in (None, "")
            for row in range(PENALTY_ROWS)
        )

    def to_record(self) -> Record:
        """The hand record these taps describe; facts left at their defaults are left out.

        Built once per form (a preview asks for it to score, to place the refusals and to judge the tiles).
        """
        if self._record is None:
            self._record = self._build_record()
        return self._record

    def _build_record(self) -> Record:
        record = record_from_taps(self.cleaned_data, self.info, self.several_winners)
        turned_up = record.get("turned_up")
        if turned_up:  # the record keeps both: the tile turned up, and the wild this table makes of it
            wild = wild_after(self.session.variant, turned_up, self.session.engine_options())
            if wild is not None:
                record["treasure"] = wild
        return record

    def _turned_up_for(self, wild: str) -> str:
        """The tile turned up that makes `wild` the wild at this table, or "" for a face none does."""
        options = self.session.engine_options()
        faces = self.info["tile_set"]
        return next((face for face in faces if wild_after(self.session.variant, face, options) == wild), "")

    def as_manual_adjustment(self) -> Record | None:
        """The hand as the keeper insists on it when the rules refuse its facts: a void hand whose
        only payment is the manual adjustment entered (none: nobody pays), with the keeper's note.
        None, with the form's error, when no note says why."""
        note = (self.cleaned_data.get("insist_note") or "").strip()
        if not note:
            self.add_error("insist_note", _("Say in a note why this hand is kept as it is."))
            return None
        return manual_adjustment_record(self.cleaned_data, note)

    @staticmethod
    def initial_from_record(record: Record) -> FieldValues:
        """The form's initial values for an existing hand, the inverse of `to_record`."""
        return initial_from_record(record)

    def attach_engine_errors(self, errors: list[ProblemEntry], record: Record | None = None) -> None:
        """Place each engine problem, said in the keeper's language (`record` is the hand refused,
        to name its players), next to the part of the form it is about."""
        for error in errors:
            key = engine_field_to_form_key(error.get("field"))
            if key == "treasure" and "turned_up" in self.fields:  # the wild is the tile turned up's, said there
                key = "turned_up"
            said = refusal(error, self.names, record, pattern_names(self.info))
            self.engine_errors.setdefault(key, []).append(said)

    def problems(self) -> list[str]:
        """Every message the form would show, flat: the field errors, then the engine's."""
        found = [str(message) for errors in self.errors.values() for message in errors]
        found += [said.flat() for refused in self.engine_errors.values() for said in refused]
        return found
