"""A group's standings for the period a page asks for: the keeper's group page and a member's read-only
copy of it (/me/groups/<id>/) read them here, through the one service (`standings.group_standings`)."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from ..forms import PeriodForm
from ..models import PlayerGroup
from ..services.standings import group_standings


def standings_context(group: PlayerGroup, query: QueryDict) -> tuple[dict[str, Any], int]:
    """The page's context and status: this month when nothing was asked, the period chosen, or the form
    with its errors and no standings (400) for a period that is not one."""
    form = PeriodForm(query or None)
    if query and not form.is_valid():
        return {"group": group, "form": form, "tables": None}, 400
    if not query:
        form = PeriodForm({"period": "month"})
        form.is_valid()
    period = form.period_chosen()
    return {"group": group, "form": form, "period": period, "tables": group_standings(group, period)}, 200
