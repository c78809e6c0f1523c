"""How often one client address may sign up or ask for a password-reset mail.

Counted in Django's cache, which is the database here (settings.CACHES): every gunicorn worker sees
the same counts and no extra server is needed. Logins are throttled by django-axes instead.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest

from .http import client_ip

WINDOW_SECONDS = 60 * 60


def over_limit(request: HttpRequest, action: str, limit: int) -> bool:
    """Count one more `action` from this request's address; True once it is past `limit` this hour."""
    key = f"throttle:{action}:{client_ip(request)}"
    # add() starts the window only for the first attempt; incr() then counts within it.
    cache.add(key, 0, WINDOW_SECONDS)
    try:
        count = cache.incr(key)
    except ValueError:  # the window ran out between add() and incr()
        cache.set(key, 1, WINDOW_SECONDS)
        count = 1
    return count > limit


def over_account_limit(user_id: int, action: str, limit: int) -> bool:
    """Count one more `action` by this account; True once it is past `limit` this hour.

    For what an account does wherever it signs in from (imports): its address would not stop it."""
    key = f"throttle:{action}:account:{user_id}"
    cache.add(key, 0, WINDOW_SECONDS)
    try:
        count = cache.incr(key)
    except ValueError:  # the window ran out between add() and incr()
        cache.set(key, 1, WINDOW_SECONDS)
        count = 1
    return count > limit
