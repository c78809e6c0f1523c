"""Rows kept for a while and then of no use to anyone: deleted by `manage.py prune_expired`, which a
deployment runs daily (docs/deployment.md). Nothing here is needed for the limits to hold: an expired
row already counts for nothing; they only stop the tables from growing for ever.

- Failed log-ins (django-axes' AccessAttempt) older than the cool-off: they no longer count towards
  any lockout (login_throttle counts only those within it). Made-up names from rotating addresses add
  a row each, so without this the table grows with every guess.
- Successful log-ins (axes' AccessLog) older than LOG_DAYS: a record for looking back, not a limit.
- Rate counters (RateCounter) whose window is over; a new window of the same key starts afresh.
- Known phones (KnownDevice) that have not logged in for a year: no longer known (login_throttle).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.db import models
from django.utils import timezone

from .login_throttle import KNOWN_FOR
from .models import KnownDevice, RateCounter

# How long a successful log-in stays in axes' access log.
LOG_DAYS = 90
# Rows deleted per statement: a short write at a time, so a keeper's Save never waits long behind one.
_BATCH = 1000


@dataclass(frozen=True)
class Pruned:
    """How many rows of each kind were deleted."""

    failed_logins: int
    logins: int
    rate_counters: int
    known_phones: int


def prune_expired(now: datetime | None = None) -> Pruned:
    now = now or timezone.now()
    return Pruned(
        failed_logins=_delete(AccessAttempt.objects.filter(attempt_time__lt=now - settings.AXES_COOLOFF_TIME)),
        logins=_delete(AccessLog.objects.filter(attempt_time__lt=now - timedelta(days=LOG_DAYS))),
        rate_counters=_delete(RateCounter.objects.filter(expires__lte=now)),
        known_phones=_delete(KnownDevice.objects.filter(last_login__lte=now - KNOWN_FOR)),
    )


def _delete(rows: models.QuerySet[models.Model]) -> int:
    deleted = 0
    while batch := list(rows.order_by().values_list("pk", flat=True)[:_BATCH]):
        rows.filter(pk__in=batch).delete()
        deleted += len(batch)
    return deleted
