"""How often one client address may sign up or ask for a password-reset mail.

Counted in Django's cache, which is the database here (settings.CACHES; a migration makes its
table): every gunicorn worker sees the same counts and no extra server is needed. Logins are
throttled by django-axes instead (tablekeeper.login_throttle).
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest

from .http import client_ip

WINDOW_SECONDS = 60 * 60


def _key(request: HttpRequest, action: str) -> str:
    return f"throttle:{action}:{client_ip(request)}"


def count_one(request: HttpRequest, action: str) -> int:
    """Count one more `action` from this request's address this hour; the count so far."""
    return _count(_key(request, action))


def account_over_limit(user_pk: int, action: str, limit: int) -> bool:
    """Count one more `action` by this account; True once it is past `limit` this hour."""
    return _count(f"throttle:{action}:user-{user_pk}") > limit


def _count(key: str) -> int:
    # add() starts the window only for the first one; incr() then counts within it.
    cache.add(key, 0, WINDOW_SECONDS)
    try:
        return int(cache.incr(key))
    except ValueError:  # the window ran out between add() and incr()
        cache.set(key, 1, WINDOW_SECONDS)
        return 1


def reached(request: HttpRequest, action: str, limit: int) -> bool:
    """Whether this address already did `action` `limit` times this hour (counts nothing)."""
    return int(cache.get(_key(request, action), 0)) >= limit


def over_limit(request: HttpRequest, action: str, limit: int) -> bool:
    """Count one more `action` from this request's address; True once it is past `limit` this hour."""
    return count_one(request, action) > limit
