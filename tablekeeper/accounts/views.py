"""Sign up, log in, change and reset a password: Django's auth views with our templates, the
log-in and the password change throttled by django-axes (tablekeeper.accounts.login_throttle), sign-ups
and reset mails per address and hour (tablekeeper.accounts.throttle)."""

from __future__ import annotations

import hashlib
import threading
from datetime import timedelta
from typing import Any

from axes.helpers import get_lockout_response
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm, PasswordResetForm, UserCreationForm
from django.contrib.auth.models import User
from django.db import IntegrityError, close_old_connections, connections, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from tablekeeper.web.http import HtmxHttpRequest, current_user

from .login_throttle import count_wrong_password, forget_devices, lift_lockout, password_check_allowed, remember_device
from .throttle import count, count_one, over_limit, reached
from .validators import has_control_characters, refuse_control_characters, refuse_invisible_names

_NEXT_MAX_LENGTH = 500
# Sign-ups are limited by the accounts made; attempts (refused forms included) by a far higher
# bound, so that a table of newcomers mistyping passwords on one Wi-Fi is never shut out.
_ATTEMPTS_PER_SIGNUP = 20
# A double-tapped Sign up: the second request may log in to the account the first just made,
# with the same password, within this long.
_DOUBLE_TAP_WINDOW = timedelta(minutes=2)
DISPLAY_NAME_MAX_LENGTH = 40


NAME_REFUSED = _("This user name cannot be used; choose another.")


class SignupForm(UserCreationForm[User]):
    email = forms.EmailField(
        label=_("Email (optional)"),
        required=False,
        help_text=_("Only used to send you a link when you forget your password."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    name_refused = False

    # Whether a name is taken is said only once everything else is acceptable (the log-in page
    # says nothing of the kind), and the view limits how often an address hears it. Nor is it looked
    # up before the account is made: the unique index on the folded name (AccountName) refuses the
    # insert, in any letter case, however many sign-ups of the name arrive at once.
    def clean_username(self) -> str:
        return str(self.cleaned_data.get("username") or "")

    def validate_unique(self) -> None:
        """Not here: the insert decides (`_create_or_double_tap`)."""

    def refuse_name(self) -> None:
        self.name_refused = True
        self.add_error("username", NAME_REFUSED)


class DisplayNameForm(forms.Form):
    display_name = forms.CharField(
        label=_("Your name on shared pages"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        required=False,
        validators=[refuse_control_characters, refuse_invisible_names],
        help_text=_(
            "Shown instead of your user name on the share board and in invitations. "
            "Leave it empty to be shown as “keeper”."
        ),
    )


@login_required
@require_http_methods(["GET", "POST"])
def display_name(request: HtmxHttpRequest) -> HttpResponse:
    """The name others see for this account (kept in User.first_name): the share board, its
    fragment and invitations never show the log-in name, half of what a password guesser needs."""
    user = current_user(request)
    form = DisplayNameForm(request.POST or None, initial={"display_name": user.first_name})
    if request.method == "POST" and form.is_valid():
        user.first_name = form.cleaned_data["display_name"].strip()
        user.save(update_fields=["first_name"])
        messages.success(request, _("Your name on shared pages is saved."))
        return redirect("session_list")
    return TemplateResponse(request, "registration/display_name.html", {"form": form})


def _too_many(request: HttpRequest, message: str) -> HttpResponse:
    return TemplateResponse(request, "registration/throttled.html", {"message": message}, status=429)


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("session_list")
    if request.method == "POST" and (refused := signups_refused(request)):
        return refused
    next_url = _safe_next(request)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = sign_up(request, form)
        if isinstance(user, HttpResponse):
            return user
        if user is not None:
            response = redirect(next_url or "session_new")
            remember_device(request, response, user)
            return response
    if refused := name_refusals_refused(request, form):
        return refused
    return TemplateResponse(request, "registration/signup.html", {"form": form, "next": next_url})


def signups_refused(request: HttpRequest) -> HttpResponse | None:
    """A sign-up's limits per address, checked before its form (here and in a claim's sign-up,
    players/views/claims.py): the 429 answer, or None."""
    if reached(request, "signup", settings.SIGNUPS_PER_HOUR) or over_limit(
        request, "signup-attempt", settings.SIGNUPS_PER_HOUR * _ATTEMPTS_PER_SIGNUP
    ):
        return _too_many(request, str(_("Too many new accounts from this address; try again in an hour.")))
    return None


def name_refusals_refused(request: HttpRequest, form: SignupForm) -> HttpResponse | None:
    """After a form that said "choose another name": the 429 answer once an address heard it too often."""
    if form.name_refused and over_limit(request, "signup-name-refused", settings.SIGNUP_NAMES_REFUSED_PER_HOUR):
        return _too_many(request, str(_("Too many new accounts from this address; try again in an hour.")))
    return None


def sign_up(request: HttpRequest, form: SignupForm) -> User | HttpResponse | None:
    """The account a valid sign-up form makes (or its double tap's), logged in on this browser; None when
    the name is taken (the form says so); the 429 answer when this address made its accounts for the hour
    (counted in the account's own transaction). The caller remembers the device on its answer."""
    try:
        user = _create_or_double_tap(request, form)
    except _OverTheLimit:
        return _too_many(request, str(_("Too many new accounts from this address; try again in an hour.")))
    if user is not None:
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return user


class _OverTheLimit(Exception):
    """This address made its accounts for the hour: the transaction that counted it is undone."""


def _create_or_double_tap(request: HttpRequest, form: SignupForm) -> User | None:
    """The new account; or, when a simultaneous request (a double tap) made the same name first,
    that account if this request carries its password, as the first request would have answered.
    Otherwise the form says the name is taken (None). Raises _OverTheLimit when the address made its
    accounts for the hour.

    The account is counted first, in the same transaction that makes it: the count is one atomic
    increment whose row stays locked until the account is made (or the name refused, which undoes
    the count), so a burst of sign-ups from one address makes at most the limit, never a few more."""
    try:
        with transaction.atomic():
            if count_one(request, "signup") > settings.SIGNUPS_PER_HOUR:
                raise _OverTheLimit
            user = form.save()
    except IntegrityError:
        username = form.cleaned_data["username"]
        twin = User.objects.filter(username=username, date_joined__gte=timezone.now() - _DOUBLE_TAP_WINDOW).first()
        if twin is not None and twin.check_password(form.cleaned_data["password1"]):
            return twin
        form.refuse_name()
        return None
    return user


def _safe_next(request: HttpRequest) -> str:
    """Where to go after signing up: a page of this site the newcomer followed (an invitation),
    never another site, and nothing else is echoed back."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    local_path = wanted.startswith("/") and len(wanted) <= _NEXT_MAX_LENGTH and not has_control_characters(wanted)
    allowed = local_path and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if allowed else ""


class LoginView(auth_views.LoginView):
    """Django's log-in; a success marks this browser as a known device of the account (its keeper
    is then never locked out by strangers' guesses). What a page that sent the keeper here says on the
    log-in page (an invitation to keep score) is added by a subclass of the concern that owns it."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        remember_device(self.request, response, form.get_user())
        return response


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change; a wrong current password counts as a failed log-in to the account,
    and past the limit the page answers like a locked log-in (429) without checking any password."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not password_check_allowed(request, request.user):  # type: ignore[arg-type]
            return get_lockout_response(request, None, {"username": request.user.get_username()})  # type: ignore[no-any-return]
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: PasswordChangeForm) -> HttpResponse:
        if "old_password" in form.errors:
            count_wrong_password(self.request, form.user)
        return super().form_invalid(form)

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        """Every other browser stops being a known device of the account (a lost phone keeps no
        allowance); this one is remembered under the new password."""
        response = super().form_valid(form)
        forget_devices(form.user)
        remember_device(self.request, response, form.user)
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's reset confirmation; a completed reset ends the account's lockout (the mailbox is
    proven), forgets every known device of the old password and makes this browser known."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        lift_lockout(form.user)
        forget_devices(form.user)
        remember_device(self.request, response, form.user)
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset view, with as many requests per address and hour as settings allow. The
    answer does not wait for the account lookup or the mail: both happen after it, so a known
    and an unknown email are answered alike, in the same time."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if over_limit(request, "password_reset", settings.PASSWORD_RESETS_PER_HOUR):
            return _too_many(request, str(_("Too many reset requests from this address; try again in an hour.")))
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        options = {
            "use_https": self.request.is_secure(),
            "token_generator": self.token_generator,
            "from_email": self.from_email,
            "email_template_name": self.email_template_name,
            "subject_template_name": self.subject_template_name,
            "request": self.request,
            "html_email_template_name": self.html_email_template_name,
            "extra_email_context": self.extra_email_context,
        }
        language = translation.get_language()
        # Counted for every address typed, known or not, so the answer is the same either way.
        mailbox = hashlib.sha256(form.cleaned_data["email"].strip().casefold().encode()).hexdigest()
        if count(f"throttle:reset-mail:{mailbox}") > settings.PASSWORD_RESET_MAILS_PER_RECIPIENT:
            return HttpResponseRedirect(self.get_success_url())

        def send() -> None:
            with translation.override(language):
                form.save(**options)

        if settings.PASSWORD_RESET_MAIL_IN_BACKGROUND:
            _send_later(send)
        else:
            send()
        return HttpResponseRedirect(self.get_success_url())


def _send_later(send: Any) -> None:
    """Run `send` after the answer, on its own thread and database connection."""

    def run() -> None:
        close_old_connections()
        try:
            send()
        finally:
            connections.close_all()

    threading.Thread(target=run, name="password-reset-mail").start()
