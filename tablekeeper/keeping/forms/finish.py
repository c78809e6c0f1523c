"""Finishing a session: the optional money rate per point."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _


class MoneyRateForm(forms.Form):
    money_rate = forms.DecimalField(
        label=_("Money per point (optional, e.g. 0.1)"),
        required=False,
        min_value=Decimal("0"),
        max_digits=8,
        decimal_places=2,
    )
