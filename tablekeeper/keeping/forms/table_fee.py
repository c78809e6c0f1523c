"""The table fee (台费) and the place: on the start form, and on a session's own page later.

A fee far above the stakes is allowed (a room is a room) but asked about once: the form refuses
it with a question, and the keeper's "Yes, this fee is right" sends it again with `fee_confirmed`.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tablekeeper.accounts.validators import refuse_control_characters

from ..models import GameSession
from ..models.table_fee_fields import PLACE_MAX_LENGTH, TableFeeFields, TableFeeValues
from ..services.table_fee import (
    AMOUNT_MAX,
    MINUTES_MAX,
    NETTED,
    NONE,
    PER_HAND,
    PERCENT_MAX,
    WINNER_SHARE,
    fee_outweighs_stakes,
)
from .values import FieldValues

FEE_FIELDS = ("fee_kind", "fee_amount", "fee_percent", "fee_self_draw_only", "fee_collection", "place")


class TableFeeFieldsMixin(forms.Form):
    """The fee's fields and checks; `stake()` says what one base hand is worth in yuan."""

    fee_kind = forms.ChoiceField(
        label=_("Table fee"), choices=TableFeeFields.FeeKind.choices, required=False, widget=forms.RadioSelect
    )
    fee_amount = forms.DecimalField(
        label=_("Amount in yuan"),
        required=False,
        min_value=Decimal("0.1"),
        max_value=AMOUNT_MAX,
        max_digits=8,
        decimal_places=2,
    )
    fee_percent = forms.DecimalField(
        label=_("Share of each winner's winnings, in percent"),
        required=False,
        min_value=Decimal("0.1"),
        max_value=PERCENT_MAX,
        max_digits=5,
        decimal_places=2,
    )
    fee_self_draw_only = forms.BooleanField(label=_("Only self-drawn wins pay"), required=False)
    fee_collection = forms.ChoiceField(
        label=_("How the room is paid"),
        choices=TableFeeFields.FeeCollection.choices,
        required=False,
        widget=forms.RadioSelect,
    )
    place = forms.CharField(
        label=_("Place (optional)"),
        required=False,
        max_length=PLACE_MAX_LENGTH,
        validators=[refuse_control_characters],
    )
    fee_confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    needs_fee_confirmation = False

    @property
    def fee_open(self) -> bool:
        """Unfolded when a fee is chosen or something in it needs the keeper's eye."""
        fee_errors = any(name in self.errors for name in (*FEE_FIELDS, "played_from", "played_until"))
        return fee_errors or (self["fee_kind"].value() or NONE) != NONE

    @property
    def fee_summary(self) -> str:
        chosen = self["fee_kind"].value() or NONE
        return str(dict(TableFeeFields.FeeKind.choices).get(chosen, ""))

    def fee_already_agreed(self, cleaned: FieldValues) -> bool:
        """A fee asked about once is not asked about again (changing only the place, say)."""
        return False

    def stake(self, cleaned: FieldValues) -> Decimal:
        """One base hand in yuan (without a money rate, the base read as yuan, as tables do)."""
        raise NotImplementedError

    def clean(self) -> FieldValues:
        cleaned = super().clean() or {}
        kind = cleaned.get("fee_kind") or NONE
        cleaned["fee_kind"] = kind
        cleaned["place"] = " ".join(str(cleaned.get("place") or "").split())
        cleaned["fee_collection"] = cleaned.get("fee_collection") or NETTED
        if kind == NONE:
            cleaned["fee_amount"], cleaned["fee_percent"] = Decimal(0), Decimal(0)
            return cleaned
        if kind == WINNER_SHARE:
            cleaned["fee_amount"] = Decimal(0)
            if cleaned.get("fee_percent") is None and "fee_percent" not in self.errors:
                self.add_error("fee_percent", _("Say what share of the winnings the room takes, e.g. 10."))
        else:
            cleaned["fee_percent"] = Decimal(0)
            if cleaned.get("fee_amount") is None and "fee_amount" not in self.errors:
                self.add_error("fee_amount", _("Say the table fee in yuan, e.g. 20."))
        if self.errors:
            return cleaned
        outweighs = fee_outweighs_stakes(kind, cleaned["fee_amount"], cleaned["fee_percent"], self.stake(cleaned))
        if outweighs and not cleaned.get("fee_confirmed") and not self.fee_already_agreed(cleaned):
            self.needs_fee_confirmation = True
            field = "fee_percent" if kind == WINNER_SHARE else "fee_amount"
            self.add_error(field, _("This fee is more than the stakes played for. Is it right?"))
        cleaned["fee_self_draw_only"] = bool(cleaned.get("fee_self_draw_only")) and kind == PER_HAND
        return cleaned

    def fee_values(self) -> TableFeeValues:
        cleaned = self.cleaned_data
        return {
            "fee_kind": cleaned["fee_kind"],
            "fee_amount": cleaned["fee_amount"],
            "fee_percent": cleaned["fee_percent"],
            "fee_self_draw_only": cleaned["fee_self_draw_only"],
            "fee_collection": cleaned["fee_collection"],
            "place": cleaned["place"],
        }


class TableFeeForm(TableFeeFieldsMixin):
    """A session's fee, place and playing times, on its own page (the owner's)."""

    played_from = forms.DateTimeField(
        label=_("Play started"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    played_until = forms.DateTimeField(
        label=_("Play ended"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )

    def __init__(self, *args: Any, session: GameSession, **kwargs: Any) -> None:
        self.session = session
        super().__init__(*args, **kwargs)

    def fee_already_agreed(self, cleaned: FieldValues) -> bool:
        stored = (self.session.fee_kind, self.session.fee_amount, self.session.fee_percent)
        return stored == (cleaned["fee_kind"], cleaned["fee_amount"], cleaned["fee_percent"])

    def stake(self, cleaned: FieldValues) -> Decimal:
        return Decimal(self.session.base) * (self.session.money_rate or Decimal(1))

    def clean(self) -> FieldValues:
        cleaned = super().clean()
        started, ended = cleaned.get("played_from"), cleaned.get("played_until")
        created = self.session.created
        if started is not None and abs(started - created) > timedelta(days=2):
            self.add_error("played_from", _("The start of play must be within two days of the session's start."))
        if ended is not None:
            # The form's times are to the minute: a session started at 20:05:40 and ended "20:05" ended
            # in the minute it started, which a real table can do (a fee settled at once).
            start = (started or created).replace(second=0, microsecond=0)
            if ended < start:
                self.add_error("played_until", _("The end of play cannot come before its start."))
            elif ended - start > timedelta(minutes=MINUTES_MAX):
                self.add_error("played_until", _("A session is played for at most 48 hours."))
        return cleaned

    def fee_values(self) -> TableFeeValues:
        times: TableFeeValues = {
            "played_from": self.cleaned_data.get("played_from"),
            "played_until": self.cleaned_data.get("played_until"),
        }
        return {**super().fee_values(), **times}


def fee_initial(source: TableFeeFields) -> FieldValues:
    """The form's fields filled in from a session or a preset."""
    return {
        "fee_kind": source.fee_kind,
        "fee_amount": source.fee_amount or None,
        "fee_percent": source.fee_percent or None,
        "fee_self_draw_only": source.fee_self_draw_only,
        "fee_collection": source.fee_collection,
        "place": source.place,
    }
