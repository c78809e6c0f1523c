"""Table presets: save a session's rules (and players) under a name, start the next session from
one in a tap, rename and delete them."""

from __future__ import annotations

from typing import TypedDict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tablekeeper.reading.house_rules import RuleChange, preset_changes
from tablekeeper.rules import HouseRules, Names, get_variant, variant_ids
from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..forms.table_fee import fee_initial
from ..forms.values import FieldValues
from ..models import TablePreset, city_presets
from ..pages.access import kept_session
from ..services import OptionsRejected, QuotaReached
from ..services.presets import PresetRefused, play_again, rename_preset, save_preset, start_from_preset


def own_preset(request: HtmxHttpRequest, preset_id: int) -> TablePreset:
    return get_object_or_404(TablePreset, pk=preset_id, owner=current_user(request))


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


@login_required
@require_POST
def preset_save(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    try:
        preset = save_preset(current_user(request), session, request.POST.get("name", ""))
    except PresetRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Saved as “%(name)s”: it is on the start page.") % {"name": preset.name})
    return redirect(session)


@login_required
@require_GET
def preset_list(request: HtmxHttpRequest) -> HttpResponse:
    presets = TablePreset.objects.filter(owner=current_user(request))
    return TemplateResponse(request, "sessions/presets.html", {"presets": presets})


@login_required
@require_POST
def preset_rename(request: HtmxHttpRequest, preset_id: int) -> HttpResponse:
    preset = own_preset(request, preset_id)
    try:
        rename_preset(preset, request.POST.get("name", ""))
    except PresetRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Preset renamed."))
    return redirect("preset_list")


@login_required
@require_POST
def preset_delete(request: HtmxHttpRequest, preset_id: int) -> HttpResponse:
    own_preset(request, preset_id).delete()
    messages.success(request, _("Preset deleted."))
    return redirect("preset_list")


@login_required
@require_POST
def preset_start(request: HtmxHttpRequest, preset_id: int) -> HttpResponse:
    """One tap: a new session with the preset's rules and players."""
    preset = own_preset(request, preset_id)
    try:
        session = start_from_preset(preset)
    except (PresetRefused, OptionsRejected, QuotaReached) as refused:
        message = (
            refused.message
            if isinstance(refused, PresetRefused | QuotaReached)
            else _("This preset cannot start a session.")
        )
        messages.error(request, message)
        return redirect(f"/sessions/new/?preset={preset.pk}")
    messages.success(request, _("Session started with “%(name)s”.") % {"name": preset.name})
    return redirect(session)


@login_required
@require_POST
def session_again(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """再来一场: one tap starts the next session of the same table, for whichever keeper taps it."""
    session = kept_session(request, session_id)
    try:
        again = play_again(session, current_user(request), dealer=request.POST.get("dealer", ""))
    except (PresetRefused, OptionsRejected, QuotaReached) as refused:
        message = (
            refused.message
            if isinstance(refused, PresetRefused | QuotaReached)
            else _("These rules cannot start a session any more; start one by hand.")
        )
        messages.error(request, message)
        return redirect(session)
    messages.success(request, _("Same table again: the same players in the same seats, the same rules."))
    return redirect(again)
