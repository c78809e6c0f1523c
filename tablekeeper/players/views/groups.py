"""Groups of regular players (牌友圈): their list, their standings page, and editing them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tablekeeper.keeping.models import GameSession, Player, TablePreset
from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..models import PlayerGroup
from ..pages.standings import standings_context
from ..services.groups import (
    GroupRefused,
    add_member,
    delete_group,
    group_from_preset,
    group_from_session,
    remove_member,
    rename_group,
)

# The sessions offered as a new group's players: the latest few are the ones a keeper means.
SOURCE_SESSIONS = 20


def own_group(request: HtmxHttpRequest, group_id: int) -> PlayerGroup:
    """The signed-in keeper's group; another account's is 404, as if it did not exist."""
    return get_object_or_404(PlayerGroup, pk=group_id, owner=current_user(request))


def list_context(request: HtmxHttpRequest, **extra: Any) -> dict[str, Any]:
    """The groups, and the players a new group can start with: presets' and the latest sessions'."""
    owner = current_user(request)
    presets = [
        (f"preset-{preset.pk}", f"{preset.name}: {' · '.join(preset.names_shown)}")
        for preset in TablePreset.objects.filter(owner=owner)
        if preset.names_shown
    ]
    recent = GameSession.objects.filter(owner=owner).prefetch_related("seats__player")[:SOURCE_SESSIONS]
    sessions = [
        (
            f"session-{session.pk}",
            f"{timezone.localdate(session.created).isoformat()}: "
            + " · ".join(seat.player.name for seat in session.seats.all()),
        )
        for session in recent
    ]
    headed = ((_("Saved tables"), presets), (_("Sessions"), sessions))
    sources = [(heading, choices) for heading, choices in headed if choices]
    return {
        "groups": PlayerGroup.objects.filter(owner=owner).prefetch_related("players"),
        "sources": sources,
        **extra,
    }


@login_required
@require_http_methods(["GET", "POST"])
def group_list(request: HtmxHttpRequest) -> HttpResponse:
    """The keeper's groups, and a new one made from a preset's or a session's players."""
    if request.method == "GET":
        return TemplateResponse(request, "groups/list.html", list_context(request))
    owner = current_user(request)
    source = request.POST.get("source", "")
    kind, _dash, number_text = source.partition("-")
    number = query_number(number_text, most=999_999_999)
    name = request.POST.get("name", "")
    try:
        if kind == "preset" and number is not None:
            preset = TablePreset.objects.filter(owner=owner, pk=number).first()
            if preset is None:
                raise GroupRefused(_("Choose whose players the group starts with."))
            group = group_from_preset(owner, preset, name)
        elif kind == "session" and number is not None:
            session = GameSession.objects.filter(owner=owner, pk=number).first()
            if session is None:
                raise GroupRefused(_("Choose whose players the group starts with."))
            group = group_from_session(owner, session, name)
        else:
            raise GroupRefused(_("Choose whose players the group starts with."))
    except GroupRefused as refused:
        context = list_context(request, error=refused.message, name=name[:100], source=source[:40])
        return TemplateResponse(request, "groups/list.html", context, status=422)
    messages.success(request, _("Group “%(name)s” made.") % {"name": group.name})
    return redirect(group)


@login_required
@require_GET
def group_detail(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    context, status = standings_context(own_group(request, group_id), request.GET)
    return TemplateResponse(request, "groups/detail.html", context, status=status)


def edit_page(request: HtmxHttpRequest, group: PlayerGroup, *, error: str = "", status: int = 200) -> HttpResponse:
    # The keeper's other players, suggested when adding one (the page of a group is a group's size).
    others = Player.objects.filter(owner=group.owner).exclude(player_groups=group).order_by("name")[:200]
    context = {"group": group, "members": group.players.order_by("name"), "others": others, "error": error}
    return TemplateResponse(request, "groups/edit.html", context, status=status)


@login_required
@require_GET
def group_edit(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    return edit_page(request, own_group(request, group_id))


def refused_or_back(request: HtmxHttpRequest, group: PlayerGroup, change: Any, done: str) -> HttpResponse:
    """Run a change; a refusal re-renders the edit page with its message (422), else back to it."""
    try:
        change()
    except GroupRefused as refused:
        return edit_page(request, group, error=refused.message, status=422)
    messages.success(request, done)
    return redirect("group_edit", group.pk)


@login_required
@require_POST
def group_rename(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    group = own_group(request, group_id)
    return refused_or_back(
        request, group, lambda: rename_group(group, request.POST.get("name", "")), _("Group renamed.")
    )


@login_required
@require_POST
def group_add_member(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    group = own_group(request, group_id)
    return refused_or_back(request, group, lambda: add_member(group, request.POST.get("name", "")), _("Player added."))


@login_required
@require_POST
def group_remove_member(request: HtmxHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    group = own_group(request, group_id)
    return refused_or_back(request, group, lambda: remove_member(group, player_id), _("Player removed."))


@login_required
@require_POST
def group_delete(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    delete_group(own_group(request, group_id))
    messages.success(request, _("Group deleted."))
    return redirect("group_list")
