"""More than one keeper: the owner invites accounts by user name (they accept or decline on their
sessions page) or with a one-time link, and removes them."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tablekeeper.accounts.throttle import account_over_limit
from tablekeeper.accounts.views import LoginView
from tablekeeper.web.http import HtmxHttpRequest, current_user

from .. import services
from ..models import GameSession, Invitation, Keeper
from ..pages.access import is_owner, kept_session, owned_session


class AddKeeperForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150)


def _qr_svg(url: str) -> str:
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True))


def _keepers_url(session: GameSession) -> str:
    return reverse("session_keepers", args=[session.pk])


@login_required
@require_GET
def session_keepers(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    owner = is_owner(request, session)
    invitation = Invitation.objects.filter(session=session).first() if owner else None
    link = request.build_absolute_uri(invitation.get_absolute_url()) if invitation else None
    context = {
        "session": session,
        "is_owner": owner,
        "keepers": Keeper.objects.filter(session=session).select_related("user", "added_by"),
        "form": AddKeeperForm(),
        "invitation": invitation,
        "pending_requests": services.pending_requests(session) if owner else [],
        "invitation_link": link,
        "invitation_qr": _qr_svg(link) if link else None,
        # Just after a removal: the removed keeper may still hold the share link.
        "removed_a_keeper": owner and request.GET.get("removed") == "1",
    }
    return TemplateResponse(request, "sessions/keepers.html", context)


@login_required
@require_POST
def keeper_add(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    """Ask an account, by user name, to keep score; the answer is the same for every name, so the
    page cannot be used to find out which accounts exist."""
    session = owned_session(request, session_id)
    form = AddKeeperForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Type the user name of the account to add."))
        return redirect(_keepers_url(session))
    owner = current_user(request)
    if account_over_limit(owner.pk, "keeper-request", settings.KEEPER_REQUESTS_PER_HOUR):
        message = _("Too many invitations by user name this hour; try again later, or use an invitation link.")
        return TemplateResponse(request, "registration/throttled.html", {"message": message}, status=429)
    name = form.cleaned_data["username"].strip()
    try:
        services.request_keeper(session, name, by=owner)
    except services.KeeperRefused as refused:
        messages.error(request, refused.message)
        return redirect(_keepers_url(session))
    messages.success(
        request,
        _(
            "If there is an account called “%(name)s”, it now sees your invitation on its sessions page, "
            "and keeps score once it accepts."
        )
        % {"name": name},
    )
    return redirect(_keepers_url(session))


@login_required
@require_POST
def keeper_request_answer(request: HtmxHttpRequest, request_id: int) -> HttpResponse:
    """The invited account accepts or declines a request made by user name."""
    accept = request.POST.get("answer") == "accept"
    try:
        session = services.answer_request(request_id, current_user(request), accept=accept)
    except services.KeeperRefused as refused:
        messages.error(request, refused.message)
        return redirect("session_list")
    if session is None:
        messages.error(request, _("That invitation is no longer there."))
        return redirect("session_list")
    if accept:
        messages.success(request, _("You can now keep score on this session."))
        return redirect(session)
    messages.success(request, _("You declined the invitation."))
    return redirect("session_list")


@login_required
@require_POST
def keeper_request_withdraw(request: HtmxHttpRequest, session_id: int, request_id: int) -> HttpResponse:
    """The owner takes back one invitation by user name before it is answered."""
    session = owned_session(request, session_id)
    if services.withdraw_request(session, request_id):
        messages.success(request, _("The invitation was withdrawn; it can no longer be accepted."))
    else:
        messages.error(request, _("That invitation is no longer there."))
    return redirect(_keepers_url(session))


@login_required
@require_POST
def keeper_remove(request: HtmxHttpRequest, session_id: int, user_id: int) -> HttpResponse:
    """The owner removes any keeper; a keeper may remove only themselves (leave)."""
    session = kept_session(request, session_id)
    if not is_owner(request, session):
        if user_id != current_user(request).pk:
            raise PermissionDenied("Only the session's owner can remove another keeper.")
        services.remove_keeper(session, user_id)
        messages.success(request, _("You no longer keep score on that session."))
        return redirect("session_list")
    services.remove_keeper(session, user_id)
    messages.success(request, _("The keeper was removed; they can no longer open this session."))
    return redirect(f"{_keepers_url(session)}?removed=1")


@login_required
@require_POST
def keeper_invitation(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = owned_session(request, session_id)
    if request.POST.get("action") == "cancel":
        services.cancel_invitations(session)
        messages.success(request, _("Every invitation not yet accepted, by link or by user name, no longer works."))
    else:
        services.new_invitation(session, by=current_user(request))
        messages.success(request, _("A new invitation link is ready; it works once."))
    return redirect(_keepers_url(session))


@login_required
@require_http_methods(["GET", "POST"])
def join_session(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Whoever opens the link, signed in, is asked to confirm; the first to confirm uses it up."""
    user = current_user(request)
    invitation = services.open_invitation(token)
    if invitation is None:
        return TemplateResponse(request, "sessions/join.html", {"invitation": None}, status=404)
    session = invitation.session
    if services.sessions_kept_by(user).filter(pk=session.pk).exists():
        return redirect(session)
    if request.method == "POST":
        try:
            services.accept_invitation(token, user)
        except services.KeeperRefused as refused:
            messages.error(request, refused.message)
            return redirect("session_list")
        messages.success(request, _("You can now keep score on this session."))
        return redirect(session)
    seats = session.seats.select_related("player").order_by("index")
    context = {"invitation": invitation, "session": session, "names": [seat.player.name for seat in seats]}
    return TemplateResponse(request, "sessions/join.html", context)


# A keeper invitation's link, as the log-in page's `next` carries it.
_JOIN_PATH = re.compile(r"^/join/([A-Za-z0-9_-]{1,40})/$")


class InvitedLoginView(LoginView):
    """The log-in page; a newcomer arriving from a keeper invitation is told what they were invited to."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        found = _JOIN_PATH.match(context.get("next") or "")
        invitation = services.open_invitation(found.group(1)) if found else None
        if invitation is not None:
            seats = invitation.session.seats.select_related("player").order_by("index")
            context["invitation"] = invitation
            context["invited_names"] = [seat.player.name for seat in seats]
        return context
