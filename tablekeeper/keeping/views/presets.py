"""Table presets: save a session's rules (and players) under a name, start the next session from
one in a tap, rename and delete them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..models import TablePreset
from ..pages.access import kept_session
from ..services import OptionsRejected, QuotaReached
from ..services.presets import PresetRefused, play_again, rename_preset, save_preset, start_from_preset


def own_preset(request: HtmxHttpRequest, preset_id: int) -> TablePreset:
    return get_object_or_404(TablePreset, pk=preset_id, owner=current_user(request))


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
