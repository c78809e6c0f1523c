"""The period a group's standings cover (this month, a season between two dates, or all time), and the
forms of a claim of a seat: the name the keeper is shown, and a sign-up on the claim's own screen."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tablekeeper.accounts.validators import refuse_control_characters
from tablekeeper.accounts.views import DISPLAY_NAME_MAX_LENGTH, SignupForm
from tablekeeper.keeping.forms.values import FieldValues

from .services.standings import Period

# Seasons are dates a person types: nothing before this app's tables or centuries ahead.
EARLIEST, LATEST = date(2000, 1, 1), date(2100, 12, 31)


class PeriodForm(forms.Form):
    period = forms.ChoiceField(
        label=_("Period"),
        choices=[("month", _("This month")), ("season", _("A season")), ("all", _("All time"))],
        required=False,
    )
    start = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> FieldValues:
        cleaned = super().clean() or {}
        if cleaned.get("period") != "season":
            return cleaned
        start, end = cleaned.get("start"), cleaned.get("end")
        if "start" in self.errors or "end" in self.errors:
            return cleaned
        if start is None or end is None:
            raise forms.ValidationError(_("A season needs both its first and its last day."), code="season_dates")
        if not (EARLIEST <= start <= LATEST and EARLIEST <= end <= LATEST):
            raise forms.ValidationError(
                _("Choose days between %(earliest)s and %(latest)s.") % {"earliest": EARLIEST, "latest": LATEST},
                code="season_range",
            )
        if start > end:
            raise forms.ValidationError(_("The season's last day comes before its first."), code="season_order")
        return cleaned

    def period_chosen(self) -> Period:
        """The period of a valid form; this month when nothing was chosen."""
        kind = self.cleaned_data.get("period") or "month"
        if kind == "all":
            return Period("all")
        if kind == "season":
            return Period("season", self.cleaned_data["start"], self.cleaned_data["end"])
        today = timezone.localdate()
        first = today.replace(day=1)
        last = first + timedelta(days=calendar.monthrange(today.year, today.month)[1] - 1)
        return Period("month", first, last)


def display_name_field() -> forms.CharField:
    return forms.CharField(
        label=_("Your name, as the keeper and the table see it"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        validators=[refuse_control_characters],
        help_text=_("Never your user name: that stays yours."),
    )


class ClaimNameForm(forms.Form):
    """A signed-in player's claim: the name shown to the keeper (the account's display name, kept)."""

    display_name = display_name_field()

    def clean_display_name(self) -> str:
        return " ".join(str(self.cleaned_data["display_name"]).split())


class ClaimSignupForm(SignupForm):
    """Claiming a seat needs an account: made on the claim's own screen, the seat's name offered as the
    name the keeper sees."""

    display_name = display_name_field()
    field_order = ("display_name", "username", "password1", "password2", "email")

    def clean_display_name(self) -> str:
        return " ".join(str(self.cleaned_data["display_name"]).split())
