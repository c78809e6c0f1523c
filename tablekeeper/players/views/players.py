"""The players page: each player's statistics across the keeper's sessions, per variant and base."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..services.stats import player_statistics


@login_required
@require_GET
def player_list(request: HtmxHttpRequest) -> HttpResponse:
    return TemplateResponse(request, "players/list.html", {"sections": player_statistics(current_user(request))})
