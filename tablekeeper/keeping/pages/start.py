"""What the start page builds: the form filled in from a saved table or a city preset, and the city presets
it offers."""

from __future__ import annotations

from typing import TypedDict

from tablekeeper.reading.house_rules import RuleChange, preset_changes
from tablekeeper.rules import HouseRules, Names, get_variant, variant_ids
from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..forms.table_fee import fee_initial
from ..forms.values import FieldValues
from ..models import TablePreset, city_presets


def preset_from_query(request: HtmxHttpRequest) -> TablePreset | None:
    """`?preset=<id>` on the start page: one of the keeper's presets, or None for anything else."""
    number = query_number(request.GET.get("preset"), most=999_999_999)
    if number is None:
        return None
    return TablePreset.objects.filter(pk=number, owner=current_user(request)).first()


def preset_initial(preset: TablePreset) -> FieldValues:
    """The start form filled in from a preset: rules, points and (when it has them) players."""
    initial: FieldValues = {
        "variant": preset.variant,
        "base": preset.base,
        "starting_points": preset.starting_points,
    }
    # A preset is data from the database, possibly from an older version: the form checks every
    # value again on Start, so anything odd here is simply not filled in.
    initial.update(options_initial(preset.options if isinstance(preset.options, dict) else {}))
    for index, name in enumerate(preset.names_shown):
        initial[f"player_{index}"] = name
    return {**initial, **fee_initial(preset)}


def options_initial(options: HouseRules) -> FieldValues:
    """House rules as the start form's initial values (`opt_<key>`)."""
    initial: FieldValues = {}
    for key, value in options.items():
        if isinstance(value, list):
            initial[f"opt_{key}"] = [str(item) for item in value]
        elif isinstance(value, bool) or value is None:
            initial[f"opt_{key}"] = value
        else:
            initial[f"opt_{key}"] = str(value) if not isinstance(value, int) else value
    return initial


def city_preset_initial(variant: str | None, preset_id: str | None) -> FieldValues | None:
    """`?variant=<id>&city=<preset>` on the start page: the form filled in from one of the variant's
    city presets (RULES §9.7; its base too when it sets one), or None for anything unknown."""
    if not variant or variant not in variant_ids():
        return None
    preset = next((p for p in city_presets(variant) if p["id"] == preset_id), None)
    if preset is None:
        return None
    options = dict(preset["options"])
    initial: FieldValues = {"variant": variant, "city_preset": preset["id"]}
    if "base" in options:
        initial["base"] = options.pop("base")
    options.pop("starting_points", None)
    return {**initial, **options_initial(options)}


class PresetChoice(TypedDict):
    id: str
    name: Names
    changes: list[RuleChange]


class VariantPresets(TypedDict):
    """A variant's city presets as the start page offers them."""

    variant: str
    name: Names
    presets: list[PresetChoice]


def city_preset_choices() -> list[VariantPresets]:
    """Every variant's presets for the start page: each by name, with what it changes from the book."""
    shown: list[VariantPresets] = []
    for variant in variant_ids():
        info = get_variant(variant)
        presets: list[PresetChoice] = [
            {"id": preset["id"], "name": preset["name"], "changes": preset_changes(info, preset["options"])}
            for preset in info["presets"]
        ]
        shown.append({"variant": variant, "name": info["name"], "presets": presets})
    return shown
