"""A player's read-only copy of a group's standings (/me/groups/<id>/): the only page where a player reads
other players' figures, and only of a group they are in (players/services/member_groups.py). A group they
are not in answers as one that does not exist (404); the standings are the keeper's page's own."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET

from tablekeeper.accounts.models import display_name
from tablekeeper.web.http import HtmxHttpRequest, current_user, page_or_partial

from ..pages.standings import standings_context
from ..services.member_groups import member_group


@login_required
@require_GET
def my_group(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    """The group's standings, the player's own rows marked; htmx (a new period) gets them only, and a period
    that is not one as a 422, which htmx swaps in (a 400, as the keeper's page answers, it would not)."""
    member = member_group(current_user(request), group_id)
    if member is None:
        raise Http404("No such group of yours.")
    context, status = standings_context(member.group, request.GET)
    context.update(mine=member.mine, keeper=display_name(member.group.owner))
    if request.htmx and status == 400:
        status = 422
    return page_or_partial(request, "players/group.html", "standings", context, status=status)
