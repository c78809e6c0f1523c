"""More than one keeper: the owner adds accounts by user name or a one-time link, and removes them."""

from __future__ import annotations

from django import forms
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

from .. import services
from ..http import HtmxHttpRequest, current_user
from ..models import GameSession, Invitation, Keeper
from .access import is_owner, kept_session, owned_session


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
        "invitation_link": link,
        "invitation_qr": _qr_svg(link) if link else None,
    }
    return TemplateResponse(request, "sessions/keepers.html", context)


@login_required
@require_POST
def keeper_add(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = owned_session(request, session_id)
    form = AddKeeperForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Type the user name of the account to add."))
        return redirect(_keepers_url(session))
    try:
        keeper = services.add_keeper(session, form.cleaned_data["username"], by=current_user(request))
    except services.KeeperRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(
            request, _("%(name)s can now keep score on this session.") % {"name": keeper.user.get_username()}
        )
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
    return redirect(_keepers_url(session))


@login_required
@require_POST
def keeper_invitation(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = owned_session(request, session_id)
    if request.POST.get("action") == "cancel":
        services.cancel_invitations(session)
        messages.success(request, _("The invitation link no longer works."))
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
