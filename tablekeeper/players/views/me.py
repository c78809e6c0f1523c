"""A player's own pages (/me/): 我的战绩, its CSV, unlinking from one evening or all, and deleting the account.

Everything here is the signed-in account's and no one else's: there is no page of another account, no
list of accounts and no search; an evening of someone else's answers as one that does not exist (404).
"""

from __future__ import annotations

import csv
import io

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tablekeeper.accounts.login_throttle import count_wrong_password, password_check_allowed
from tablekeeper.keeping.models import GameSession
from tablekeeper.reading.reasons.words import local
from tablekeeper.web.converters import query_number
from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..pages.record_chart import record_chart
from ..services import claims
from ..services.member_groups import groups_of
from ..services.record import Evening, add_biggest_hands, page_of, player_record


@login_required
@require_GET
def my_record(request: HtmxHttpRequest) -> HttpResponse:
    raw_page = request.GET.get("page")
    page = query_number(raw_page, most=100_000) if raw_page is not None else 1
    if page is None or page < 1:
        raise Http404("No such page of evenings.")
    user = current_user(request)
    record = player_record(user)
    shown, older = page_of(record.evenings, page)
    if page > 1 and not shown:
        raise Http404("No such page of evenings.")
    add_biggest_hands(shown)
    context = {
        "record": record,
        "evenings": shown,
        "older_page": page + 1 if older else None,
        "newer_page": page - 1 if page > 1 else None,
        "stakes": [(stake, record_chart(stake.trend)) for stake in record.stakes],
        "owns_sessions": GameSession.objects.filter(owner=user).count(),
        # The groups the player is in, on the first page with the totals: the only others' figures they read.
        "groups": groups_of(user) if page == 1 else [],
    }
    return TemplateResponse(request, "players/record.html", context)


def _cell(value: object) -> object:
    """A cell a spreadsheet would run as a formula starts with an apostrophe (a name like "=1+1")."""
    if isinstance(value, str) and value.startswith(("=", "+", "-", "@", "\t", "\r")):
        return "'" + value
    return value


CSV_HEADERS = (
    gettext_lazy("Date"),
    gettext_lazy("Place"),
    gettext_lazy("Table"),
    gettext_lazy("Keeper"),
    gettext_lazy("Seat"),
    gettext_lazy("Name"),
    gettext_lazy("Points"),
    gettext_lazy("Change"),
    gettext_lazy("Money"),
    gettext_lazy("Table fee"),
    gettext_lazy("Rank"),
    gettext_lazy("Finished"),
)


@login_required
@require_GET
def my_record_csv(request: HtmxHttpRequest) -> HttpResponse:
    """Every evening of the player's record, one row each, in the page's language."""
    record = player_record(current_user(request))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([str(header) for header in CSV_HEADERS])
    for evening in record.evenings:
        writer.writerow([_cell(cell) for cell in _row(evening)])
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tablekeeper-my-record-{timezone.localdate():%Y%m%d}.csv"'
    return response


def _row(evening: Evening) -> list[object]:
    return [
        timezone.localtime(evening.when).date().isoformat(),
        evening.place,
        local(evening.table_name),
        evening.keeper,
        evening.seat_number,
        evening.name,
        evening.points,
        evening.change,
        "" if evening.money is None else evening.money,
        "" if evening.fee is None else evening.fee,
        evening.rank,
        _("yes") if evening.finished else _("no"),
    ]


@login_required
@require_POST
def my_evening_unlink(request: HtmxHttpRequest, seat_id: int) -> HttpResponse:
    """Take one evening off the player's record; another's seat is a 404, like one that does not exist."""
    if not claims.unlink_evening(current_user(request), seat_id):
        raise Http404("No such evening in your record.")
    messages.success(request, _("That evening is no longer in your record; its table keeps your seat's name."))
    return redirect("my_record")


@login_required
@require_POST
def my_unlink_all(request: HtmxHttpRequest) -> HttpResponse:
    if request.POST.get("confirm") != "all":
        messages.error(request, _("Nothing was changed: confirm with the red button."))
        return redirect("my_record")
    claims.unlink_everything(current_user(request))
    messages.success(request, _("No evening is linked to you any more, and no keeper's name is."))
    return redirect("my_record")


@login_required
@require_POST
def my_account_delete(request: HtmxHttpRequest) -> HttpResponse:
    """Delete the account, after its password (a wrong one counts as a failed log-in, with the log-in's limits)."""
    user = current_user(request)
    if not password_check_allowed(request, user):
        message = _("Too many wrong passwords; try again later.")
        return TemplateResponse(request, "registration/throttled.html", {"message": message}, status=429)
    if not user.check_password(str(request.POST.get("password", ""))[:4096]):
        count_wrong_password(request, user)
        messages.error(request, _("Wrong password: the account was not deleted."))
        return redirect("my_record")
    claims.delete_account(user)
    logout(request)
    messages.success(request, _("Your account is deleted. The evenings you played keep your seat's name."))
    return redirect("login")
