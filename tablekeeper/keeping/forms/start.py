"""Starting a session: variant, players, dealer, settings and the variant's house rules."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tablekeeper.accounts.validators import PLAYER_NAME_MAX_LENGTH, player_name_problems
from tablekeeper.reading.house_rules import RuleChange, differences, rule_label, value_words
from tablekeeper.reading.reasons.words import local
from tablekeeper.rules import HouseRules, IntBounds, OptionInfo, OptionValue, get_variant, variant_ids

from ..models import BASE_RANGE, MONEY_RATE_MAX, SESSION_SETTING_OPTIONS, STARTING_POINTS_RANGE
from .table_fee import TableFeeFieldsMixin
from .values import FieldValues


def variant_label(variant_id: str) -> str:
    """The variant's name in the keeper's language (Chinese names are what tables call them)."""
    return local(get_variant(variant_id)["name"])


class StartSessionForm(TableFeeFieldsMixin, forms.Form):
    # Its choices are the registry's variants, read per form (a variant folder added needs no restart of this).
    variant = forms.ChoiceField(label=_("Variant"), choices=[])
    # Seats by number in turn order, as the dealer chips name them: a wind belongs to a seat only once
    # the first dealer (East) is known, and a random dealer is drawn after the names are typed.
    player_0 = forms.CharField(label=_("Seat 1"), max_length=PLAYER_NAME_MAX_LENGTH)
    player_1 = forms.CharField(label=_("Seat 2"), max_length=PLAYER_NAME_MAX_LENGTH)
    player_2 = forms.CharField(label=_("Seat 3"), max_length=PLAYER_NAME_MAX_LENGTH)
    player_3 = forms.CharField(label=_("Seat 4"), max_length=PLAYER_NAME_MAX_LENGTH)
    first_dealer = forms.ChoiceField(
        label=_("First dealer"),
        choices=[("random", _("Random")), *[(str(i), f"{i + 1}") for i in range(4)]],
        initial="0",
    )
    starting_points = forms.IntegerField(
        label=_("Starting points"), min_value=STARTING_POINTS_RANGE[0], max_value=STARTING_POINTS_RANGE[1]
    )
    base = forms.IntegerField(label=_("Base score"), min_value=BASE_RANGE[0], max_value=BASE_RANGE[1])
    money_rate = forms.DecimalField(
        label=_("Yuan per point (optional)"),
        required=False,
        min_value=Decimal("0"),
        max_value=MONEY_RATE_MAX,
        max_digits=8,
        decimal_places=2,
    )
    # The city preset the rules were filled in from (`?city=` on the start page), kept with the session.
    city_preset = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant_id = self._chosen_variant()
        info = get_variant(self.variant_id)
        self.variant_info = info
        variant_field = self.fields["variant"]
        assert isinstance(variant_field, forms.ChoiceField)
        variant_field.choices = [(v, variant_label(v)) for v in variant_ids()]
        if not self.is_bound:
            self.initial.setdefault("variant", self.variant_id)
        self.fields["starting_points"].initial = info["default_starting_points"]
        self.fields["base"].initial = info["default_base"]
        base_spec = next(spec for spec in info["options"] if spec["key"] == "base")
        if base_spec["type"] == "choice":  # a variant whose base is one of set values (1, 2 or 5)
            self.fields["base"] = forms.TypedChoiceField(
                label=_("Base score"),
                coerce=int,
                choices=[(str(value), str(value)) for value in _listed(base_spec["allowed"])],
                initial=str(info["default_base"]),
            )
        self.option_specs = [spec for spec in info["options"] if spec["key"] not in SESSION_SETTING_OPTIONS]
        for spec in self.option_specs:
            self.fields[f"opt_{spec['key']}"] = _option_field(spec)

    def _chosen_variant(self) -> str:
        chosen = (self.data.get("variant") if self.is_bound else None) or self.initial.get("variant")
        known = variant_ids()
        return chosen if chosen in known else known[0]

    @property
    def base_choices(self) -> list[str]:
        """The base's set values where the variant limits it to them (chips), else none (a number field)."""
        base = next(spec for spec in self.variant_info["options"] if spec["key"] == "base")
        return [str(value) for value in _listed(base["allowed"])] if base["type"] == "choice" else []

    @property
    def option_fields(self) -> list[tuple[OptionInfo, forms.BoundField]]:
        return [(spec, self[f"opt_{spec['key']}"]) for spec in self.option_specs]

    @property
    def common_option_fields(self) -> list[tuple[OptionInfo, forms.BoundField]]:
        """The rules tables often change, shown first; the rest are folded away."""
        return [(spec, field) for spec, field in self.option_fields if spec.get("common")]

    @property
    def rare_option_fields(self) -> list[tuple[OptionInfo, forms.BoundField]]:
        return [(spec, field) for spec, field in self.option_fields if not spec.get("common")]

    def changed_rules(self) -> list[RuleChange]:
        """What the rules as filled in change from the variant's defaults, in the keeper's words."""
        chosen: HouseRules = {}
        for spec, field in self.option_fields:
            raw = field.value()
            kind = spec["type"]
            if kind == "bool":
                chosen[spec["key"]] = bool(raw) and raw not in ("false", "0", "off")
            elif kind == "choice":
                chosen[spec["key"]] = _choice_value(spec, str(raw))
            elif kind == "subset":
                order = [str(value) for value in spec["allowed"]]
                chosen[spec["key"]] = [value for value in order if value in (raw or [])]
            else:
                chosen[spec["key"]] = _number(raw, spec["default"])
        return differences(self.variant_info, chosen)

    @property
    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{i}"] for i in range(4)]

    def stake(self, cleaned: FieldValues) -> Decimal:
        # Without a money rate, the base read as yuan, as tables that play for money do.
        return Decimal(cleaned.get("base") or 1) * (cleaned.get("money_rate") or Decimal(1))

    def clean_city_preset(self) -> str:
        # An id this variant does not have (another variant's, or a stale page's) is simply not kept.
        chosen = str(self.cleaned_data.get("city_preset") or "")
        return chosen if chosen in {preset["id"] for preset in self.variant_info["presets"]} else ""

    def clean(self) -> FieldValues:
        cleaned = super().clean() or {}
        # A name the field already refused (empty, too long) is checked no further.
        names = {index: str(cleaned[f"player_{index}"]) for index in range(4) if f"player_{index}" in cleaned}
        for index, message in player_name_problems(list(names.values())):
            self.add_error(f"player_{list(names)[index]}", message)
        return cleaned

    def player_names(self) -> list[str]:
        return [" ".join(self.cleaned_data[f"player_{i}"].split()) for i in range(4)]

    def first_dealer_seat(self) -> int | None:
        value = self.cleaned_data["first_dealer"]
        return None if value == "random" else int(value)

    def options(self) -> HouseRules:
        """Only the options that differ from the variant's defaults: the engine fills in the rest."""
        chosen: HouseRules = {}
        for spec in self.option_specs:
            value = self.cleaned_data.get(f"opt_{spec['key']}")
            if spec["type"] == "subset":
                order = _listed(spec["allowed"])
                value = sorted(value or [], key=order.index)
                if value != sorted(_listed(spec["default"]), key=order.index):
                    chosen[spec["key"]] = value
                continue
            if spec["type"] == "choice":
                value = _choice_value(spec, value)
            if value != spec["default"]:
                chosen[spec["key"]] = value
        return chosen


def _choice_value(spec: OptionInfo, raw: object) -> OptionValue:
    for allowed in _listed(spec["allowed"]):
        if str(allowed) == raw:
            return allowed
    return spec["default"]


def _listed(values: OptionValue | list[OptionValue] | IntBounds) -> list[OptionValue]:
    """A list option's values (a subset's default, a choice's allowed values); nothing for anything else."""
    return list(values) if isinstance(values, list) else []


def _number(raw: object, default: OptionValue) -> OptionValue:
    if raw in (None, ""):
        return None
    try:
        return int(str(raw))
    except ValueError:
        return default  # the field itself says what is wrong with it


def _option_field(spec: OptionInfo) -> forms.Field:
    label = rule_label(spec)
    help_text = local(spec.get("plain")) or spec.get("meaning", "")
    kind = spec["type"]
    if kind == "bool":
        return forms.BooleanField(label=label, help_text=help_text, required=False, initial=bool(spec["default"]))
    if kind == "choice":
        choices = [(str(value), value_words(spec, value)) for value in spec["allowed"]]
        return forms.ChoiceField(label=label, help_text=help_text, choices=choices, initial=str(spec["default"]))
    if kind == "subset":
        choices = [(str(value), value_words(spec, value)) for value in spec["allowed"]]
        return forms.MultipleChoiceField(
            label=label,
            help_text=help_text,
            choices=choices,
            required=False,
            initial=[str(value) for value in _listed(spec["default"])],
            widget=forms.CheckboxSelectMultiple,
        )
    bounds = spec["allowed"] if isinstance(spec["allowed"], dict) else None
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        required=kind == "int",
        initial=spec["default"],
        min_value=bounds["min"] if bounds else None,
        max_value=bounds["max"] if bounds else None,
    )
