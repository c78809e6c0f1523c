"""How many wrong passwords a log-in (or a password change) may try, and who a lockout stops.

django-axes records every failure in the database (every gunicorn worker sees it); this handler
decides what the failures mean:

- Failures are counted per account (from every address) and per address (at every account).
  The account's count stops one account being guessed from many addresses; the address's count,
  with a limit several times higher, stops one address guessing many accounts while a café's
  or a table's shared address can still absorb a few newcomers' typos.
- A lockout is a wall for phones that never logged in to that account, never for the keeper's
  own: a browser that logged in to an account before is a known device of it (its cookie holds
  random tokens only, looked up in account_models.KnownDevice), and there only that browser's
  own failures count. A stranger's guesses, however many and from whatever address, cannot
  lock the keeper out of their own phone; a stolen phone still gets only as many guesses as
  anyone, and once it has used them it is no longer a known device.
- A known device stops counting as one when the password changes or is reset, when the same
  browser logs in again (a new token: a copy of the old cookie is worth nothing) and a year
  after its last log-in.
- Guesses during a lockout are refused without being recorded, so they do not prolong it: it
  ends AXES_COOLOFF_TIME after the failure that caused it. A completed password reset ends it
  at once for that account.
- A successful log-in forgets only that account's failures from that address (a log-in to one's
  own account does not clear the guesses at someone else's).
- A failure is recorded as user name (cut to what an account can have), address, browser and
  time: never the form fields or query string, which axes would otherwise append without limit.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.signals import user_login_failed
from django.core import signing
from django.db import transaction
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils import timezone

from .models import KnownDevice
from .throttle import count, current, forget

KNOWN_DEVICE_COOKIE = "tk_device"
_COOKIE_SALT = "tablekeeper.known-device"
# A year: the phone at the table stays known between seasons.
_COOKIE_MAX_AGE = 60 * 60 * 24 * 365
# A known phone is known for a year after its last log-in; `cleanup.prune_expired` deletes it after that.
KNOWN_FOR = timedelta(seconds=_COOKIE_MAX_AGE)
# Accounts remembered per browser: a shared phone at a club, not a directory.
_ACCOUNTS_PER_DEVICE = 8
# Browsers remembered per account: a keeper's phones and a club's, not every café visited.
_DEVICES_PER_ACCOUNT = 10
# User.username's column: no account has a longer name, so nothing longer needs counting apart.
_USERNAME_MAX_LENGTH = 150

# What a log-in form or signal names the credentials by (Django cleanses the password to stars): strings.
Credentials = Mapping[str, str]


def attempted_username(request: HttpRequest, credentials: Credentials | None = None) -> str | None:
    """The user name a log-in tried, as axes records it (settings.AXES_USERNAME_CALLABLE): cut to
    the longest an account can have, and with characters no account name has (NUL, controls,
    lone surrogates) replaced, so that any typed name fits axes' columns on every database."""
    raw = credentials.get("username") if credentials else request.POST.get("username")
    if raw is None:
        return None
    text = str(raw)[:_USERNAME_MAX_LENGTH]
    return "".join("\ufffd" if unicodedata.category(char) in ("Cc", "Cs") else char for char in text)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def password_mark(user: AbstractBaseUser) -> str:
    """A digest of the account's stored password hash: a known device counts only while the
    password it logged in with is still the account's."""
    return hmac.new(settings.SECRET_KEY.encode(), f"known-device\0{user.password}".encode(), "sha256").hexdigest()


def _cookie_tokens(request: HttpRequest) -> list[str]:
    """The random tokens of this browser's known-device cookie, if it is genuine: nothing in it
    says which accounts they belong to."""
    value = request.COOKIES.get(KNOWN_DEVICE_COOKIE)
    if not value:
        return []
    try:
        data = signing.loads(value, salt=_COOKIE_SALT, max_age=_COOKIE_MAX_AGE)
    except (signing.BadSignature, ValueError):
        return []
    if not isinstance(data, list):
        return []
    return [token for token in data if isinstance(token, str) and len(token) <= 64][:_ACCOUNTS_PER_DEVICE]


def known_device(request: HttpRequest, username: str | None) -> KnownDevice | None:
    """This browser as a known device of the account called `username`, if it is one: its token
    is on record for that account, the password has not changed since, and it logged in within
    the year."""
    tokens = _cookie_tokens(request)
    if not tokens or not username:
        return None
    candidates = KnownDevice.objects.filter(
        token_digest__in=[_digest(token) for token in tokens],
        user__username=username,
        last_login__gt=timezone.now() - KNOWN_FOR,
    ).select_related("user")
    for device in candidates:
        if hmac.compare_digest(device.password_mark, password_mark(device.user)):
            return device
    return None


def remember_device(request: HttpRequest, response: HttpResponse, user: AbstractBaseUser) -> None:
    """After a log-in, a sign-up or a password reset: this browser is now a known device of `user`,
    under a new token (the one it had for `user`, and any copy of it, stops counting)."""
    tokens = _cookie_tokens(request)
    digests = {_digest(token): token for token in tokens}
    with transaction.atomic():
        KnownDevice.objects.filter(user_id=user.pk, token_digest__in=list(digests)).delete()
        # The account's oldest devices beyond the limit are forgotten.
        keep = KnownDevice.objects.filter(user_id=user.pk).order_by("-last_login")[: _DEVICES_PER_ACCOUNT - 1]
        KnownDevice.objects.filter(user_id=user.pk).exclude(pk__in=list(keep.values_list("pk", flat=True))).delete()
        token = secrets.token_urlsafe(24)
        KnownDevice.objects.create(
            user_id=user.pk, token_digest=_digest(token), password_mark=password_mark(user), last_login=timezone.now()
        )
    still_known = set(KnownDevice.objects.filter(token_digest__in=list(digests)).values_list("token_digest", flat=True))
    others = [digests[digest] for digest in digests if digest in still_known][-(_ACCOUNTS_PER_DEVICE - 1) :]
    value = signing.dumps([*others, token], salt=_COOKIE_SALT)
    response.set_cookie(
        KNOWN_DEVICE_COOKIE,
        value,
        max_age=_COOKIE_MAX_AGE,
        secure=not settings.DEBUG,
        httponly=True,
        samesite="Lax",
    )


def forget_devices(user: AbstractBaseUser) -> None:
    """A password change or reset: no browser is a known device of `user` any more (the one that
    made the change is remembered again by the caller)."""
    KnownDevice.objects.filter(user_id=user.pk).delete()


def lift_lockout(user: AbstractBaseUser) -> None:
    """A completed password reset proves the mailbox: the account's failed log-ins, from every
    address and in any letter case of its name, are forgotten."""
    AccessAttempt.objects.filter(username__iexact=user.get_username()).delete()


def _device_key(device: KnownDevice) -> str:
    return f"login-device:{device.pk}"


def _cool_off() -> timedelta:
    return timedelta(seconds=settings.AXES_COOLOFF_TIME.total_seconds())


class LoginThrottle(AxesDatabaseHandler):  # type: ignore[misc]
    """axes' database handler with the counting described in the module's docstring."""

    def _failures(self, request: HttpRequest, **match: str) -> int:
        attempts = AccessAttempt.objects.filter(attempt_time__gte=get_cool_off_threshold(request), **match)
        return int(attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0)

    def get_failures(self, request: HttpRequest, credentials: Credentials | None = None) -> int:
        """The failures that count against this request, in units of the account limit (axes locks
        at AXES_FAILURE_LIMIT): this device's own on a known device, else the larger of the
        account's and the address's (the latter scaled down by its higher limit)."""
        username = get_client_username(request, credentials)
        device = known_device(request, username)
        if device is not None:
            return current(_device_key(device))
        account = self._failures(request, username=username) if username else 0
        address = self._failures(request, ip_address=request.axes_ip_address)  # type: ignore[attr-defined]
        limit = int(get_failure_limit(request, credentials))
        return max(account, address * limit // settings.LOGIN_ADDRESS_FAILURE_LIMIT)

    def user_login_failed(self, sender: Any, credentials: Credentials, request: Any = None, **kwargs: Any) -> None:
        if request is None:
            return
        if not request.axes_locked_out:
            username = get_client_username(request, credentials)
            device = known_device(request, username)
            if device is not None and count(_device_key(device), _cool_off()) >= get_failure_limit(
                request, credentials
            ):
                # Its own allowance used up: no longer a known device (a copied cookie cannot
                # keep guessing at this rate for ever); the keeper's way back is a reset.
                device.delete()
        # axes appends the query string and form fields of every failure to one row, without
        # limit: it is given none (what was tried is the user name, address and time).
        kept = request.GET, request.POST
        request.GET, request.POST = QueryDict(), QueryDict()
        try:
            super().user_login_failed(sender, credentials, request, **kwargs)
        finally:
            request.GET, request.POST = kept

    def reset_user_attempts(self, request: HttpRequest, credentials: Credentials | None = None) -> int:
        """On success: forget this account's failures from this address and this device, nothing else."""
        username = get_client_username(request, credentials)
        device = known_device(request, username)
        if device is not None:
            forget(_device_key(device))
        attempts = AccessAttempt.objects.filter(username=username, ip_address=request.axes_ip_address)  # type: ignore[attr-defined]
        deleted, _ = attempts.delete()
        return int(deleted)


def password_check_allowed(request: HttpRequest, user: AbstractBaseUser) -> bool:
    """Whether a signed-in keeper may try their current password now (the password-change page
    counts wrong ones as failed log-ins to that account)."""
    return bool(AxesProxyHandler.is_allowed(request, {"username": user.get_username()}))


def count_wrong_password(request: HttpRequest, user: AbstractBaseUser) -> None:
    """A wrong current password on the password-change page: a failed log-in to that account."""
    user_login_failed.send(sender=__name__, credentials={"username": user.get_username()}, request=request)
