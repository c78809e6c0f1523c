"""How many wrong passwords a log-in (or a password change) may try, and who a lockout stops.

django-axes records every failure in the database (every gunicorn worker sees it); this handler
decides what the failures mean:

- Failures are counted per account (from every address) and per address (at every account).
  The account's count stops one account being guessed from many addresses; the address's count,
  with a limit several times higher, stops one address guessing many accounts while a café's
  or a table's shared address can still absorb a few newcomers' typos.
- A lockout is a wall for phones that never logged in to that account, never for the keeper's
  own: a browser that logged in to an account before carries a signed "known device" cookie, and
  there only that browser's own failures count. A stranger's guesses, however many and from
  whatever address, cannot lock the keeper out of their own phone; a stolen phone still gets
  only as many guesses as anyone.
- A successful log-in forgets only that account's failures from that address (a log-in to one's
  own account does not clear the guesses at someone else's).
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, User
from django.contrib.auth.signals import user_login_failed
from django.core import signing
from django.core.cache import cache
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse

KNOWN_DEVICE_COOKIE = "tk_device"
_COOKIE_SALT = "tablekeeper.known-device"
# A year: the phone at the table stays known between seasons.
_COOKIE_MAX_AGE = 60 * 60 * 24 * 365
# Accounts remembered per browser: a shared phone at a club, not a directory.
_ACCOUNTS_PER_DEVICE = 8


# User.username's column: no account has a longer name, so nothing longer needs counting apart.
_USERNAME_MAX_LENGTH = 150


def attempted_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """The user name a log-in tried, as axes records it (settings.AXES_USERNAME_CALLABLE): cut to
    the longest an account can have, and with characters no account name has (NUL, controls,
    lone surrogates) replaced, so that any typed name fits axes' columns on every database."""
    raw = credentials.get("username") if credentials else request.POST.get("username")
    if raw is None:
        return None
    text = str(raw)[:_USERNAME_MAX_LENGTH]
    return "".join("\ufffd" if unicodedata.category(char) in ("Cc", "Cs") else char for char in text)


def _known_device(request: HttpRequest) -> tuple[str, list[int]] | None:
    """This browser's device id and the accounts that logged in on it, if its cookie is genuine."""
    value = request.COOKIES.get(KNOWN_DEVICE_COOKIE)
    if not value:
        return None
    try:
        data = signing.loads(value, salt=_COOKIE_SALT, max_age=_COOKIE_MAX_AGE)
    except (signing.BadSignature, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not isinstance(data.get("users"), list):
        return None
    return data["id"], [pk for pk in data["users"] if isinstance(pk, int)]


def remember_device(request: HttpRequest, response: HttpResponse, user: AbstractBaseUser) -> None:
    """After a log-in or a sign-up: this browser is now a known device of `user`."""
    device_id, users = _known_device(request) or (secrets.token_urlsafe(16), [])
    others = [pk for pk in users if pk != user.pk][-(_ACCOUNTS_PER_DEVICE - 1) :]
    users = [*others, user.pk]
    value = signing.dumps({"id": device_id, "users": users}, salt=_COOKIE_SALT)
    response.set_cookie(
        KNOWN_DEVICE_COOKIE,
        value,
        max_age=_COOKIE_MAX_AGE,
        secure=not settings.DEBUG,
        httponly=True,
        samesite="Lax",
    )


def _device_key(device_id: str, username: str) -> str:
    digest = hashlib.sha256(f"{device_id}\0{username}".encode()).hexdigest()[:40]
    return f"login-device:{digest}"


def _cool_off_seconds() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds())


def _device_of_account(request: HttpRequest, username: str | None) -> str | None:
    """This browser's device id when it logged in to `username` before, else None."""
    device = _known_device(request)
    if device is None or not username:
        return None
    device_id, users = device
    pk = User.objects.filter(username=username).values_list("pk", flat=True).first()
    return device_id if pk is not None and pk in users else None


class LoginThrottle(AxesDatabaseHandler):  # type: ignore[misc]
    """axes' database handler with the counting described in the module's docstring."""

    def _failures(self, request: HttpRequest, **match: str) -> int:
        attempts = AccessAttempt.objects.filter(attempt_time__gte=get_cool_off_threshold(request), **match)
        return int(attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0)

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """The failures that count against this request, in units of the account limit (axes locks
        at AXES_FAILURE_LIMIT): this device's own on a known device, else the larger of the
        account's and the address's (the latter scaled down by its higher limit)."""
        username = get_client_username(request, credentials)
        device_id = _device_of_account(request, username)
        if device_id is not None:
            return int(cache.get(_device_key(device_id, username), 0))
        account = self._failures(request, username=username) if username else 0
        address = self._failures(request, ip_address=request.axes_ip_address)  # type: ignore[attr-defined]
        limit = int(get_failure_limit(request, credentials))
        return max(account, address * limit // settings.LOGIN_ADDRESS_FAILURE_LIMIT)

    def user_login_failed(self, sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any) -> None:
        if request is not None and not request.axes_locked_out:
            device = _known_device(request)
            username = get_client_username(request, credentials)
            if device is not None and username:
                key = _device_key(device[0], username)
                cache.add(key, 0, _cool_off_seconds())
                try:
                    cache.incr(key)
                except ValueError:  # the window ran out between add() and incr()
                    cache.set(key, 1, _cool_off_seconds())
        super().user_login_failed(sender, credentials, request, **kwargs)

    def reset_user_attempts(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """On success: forget this account's failures from this address and this device, nothing else."""
        username = get_client_username(request, credentials)
        device = _known_device(request)
        if device is not None and username:
            cache.delete(_device_key(device[0], username))
        attempts = AccessAttempt.objects.filter(username=username, ip_address=request.axes_ip_address)  # type: ignore[attr-defined]
        count, _ = attempts.delete()
        return int(count)


def password_check_allowed(request: HttpRequest, user: AbstractBaseUser) -> bool:
    """Whether a signed-in keeper may try their current password now (the password-change page
    counts wrong ones as failed log-ins to that account)."""
    return bool(AxesProxyHandler.is_allowed(request, {"username": user.get_username()}))


def count_wrong_password(request: HttpRequest, user: AbstractBaseUser) -> None:
    """A wrong current password on the password-change page: a failed log-in to that account."""
    user_login_failed.send(sender=__name__, credentials={"username": user.get_username()}, request=request)
