"""Sign up, and password reset with a throttle; logging in, out and changing a password are
Django's own auth views (django-axes throttles the login) with our templates."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from ..http import HtmxHttpRequest
from ..throttle import over_limit
from ..validators import has_control_characters

_NEXT_MAX_LENGTH = 500


class SignupForm(UserCreationForm[User]):
    email = forms.EmailField(
        label=_("Email (optional)"),
        required=False,
        help_text=_("Only used to send you a link when you forget your password."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


def _too_many(request: HttpRequest, message: str) -> HttpResponse:
    return TemplateResponse(request, "registration/throttled.html", {"message": message}, status=429)


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("session_list")
    if request.method == "POST" and over_limit(request, "signup", settings.SIGNUPS_PER_HOUR):
        return _too_many(request, str(_("Too many new accounts from this address; try again in an hour.")))
    next_url = _safe_next(request)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url or "session_new")
    return TemplateResponse(request, "registration/signup.html", {"form": form, "next": next_url})


def _safe_next(request: HttpRequest) -> str:
    """Where to go after signing up: a page of this site the newcomer followed (an invitation),
    never another site, and nothing else is echoed back."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    local_path = wanted.startswith("/") and len(wanted) <= _NEXT_MAX_LENGTH and not has_control_characters(wanted)
    allowed = local_path and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if allowed else ""


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset view, with as many mails per address and hour as settings allow."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if over_limit(request, "password_reset", settings.PASSWORD_RESETS_PER_HOUR):
            return _too_many(request, str(_("Too many reset requests from this address; try again in an hour.")))
        return super().post(request, *args, **kwargs)
