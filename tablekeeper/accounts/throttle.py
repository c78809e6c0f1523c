"""How often one client address (or one account, or one mailbox) may do something per hour.

Counted in a table of its own with its own expiry (account_models.RateCounter), not in Django's
cache: the database cache culls entries by key once full, so a burst of new addresses would
wipe the live counts with it. Every gunicorn worker sees the same counts. Logins are throttled
by django-axes (tablekeeper.accounts.login_throttle), which counts in its own tables.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from tablekeeper.web.http import client_ip

from .models import RateCounter

WINDOW = timedelta(hours=1)
# Spent windows deleted per new window started: the table shrinks as fast as it grows.
_SWEEP = 50


def _key(request: HttpRequest, action: str) -> str:
    return f"throttle:{action}:{client_ip(request)}"


def count(key: str, window: timedelta = WINDOW) -> int:
    """Count one more under `key` within its window (a new window when none is running); the
    count so far, this one included."""
    now = timezone.now()
    with transaction.atomic():
        if RateCounter.objects.filter(key=key, expires__gt=now).update(count=F("count") + 1):
            return int(RateCounter.objects.filter(key=key).values_list("count", flat=True).first() or 1)
        # A window that ran out (only: a live one another request made since the update above stays).
        RateCounter.objects.filter(key=key, expires__lte=now).delete()
        spent = list(RateCounter.objects.filter(expires__lte=now).values_list("pk", flat=True)[:_SWEEP])
        RateCounter.objects.filter(pk__in=spent).delete()
        try:
            with transaction.atomic():
                RateCounter.objects.create(key=key, count=1, expires=now + window)
            return 1
        except IntegrityError:  # another request started the same window at the same moment
            RateCounter.objects.filter(key=key).update(count=F("count") + 1)
            return int(RateCounter.objects.filter(key=key).values_list("count", flat=True).first() or 1)


def current(key: str) -> int:
    """The count under `key` in its running window (0 when none), counting nothing."""
    found = RateCounter.objects.filter(key=key, expires__gt=timezone.now()).values_list("count", flat=True).first()
    return int(found or 0)


def forget(*keys: str) -> None:
    RateCounter.objects.filter(key__in=keys).delete()


def count_one(request: HttpRequest, action: str) -> int:
    """Count one more `action` from this request's address this hour; the count so far."""
    return count(_key(request, action))


def account_over_limit(user_pk: int, action: str, limit: int) -> bool:
    """Count one more `action` by this account; True once it is past `limit` this hour."""
    return count(f"throttle:{action}:user-{user_pk}") > limit


def reached(request: HttpRequest, action: str, limit: int) -> bool:
    """Whether this address already did `action` `limit` times this hour (counts nothing)."""
    return current(_key(request, action)) >= limit


def over_limit(request: HttpRequest, action: str, limit: int) -> bool:
    """Count one more `action` from this request's address; True once it is past `limit` this hour."""
    return count_one(request, action) > limit
