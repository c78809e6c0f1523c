"""The period a group's standings cover: this month, a season between two dates, or all time."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

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
