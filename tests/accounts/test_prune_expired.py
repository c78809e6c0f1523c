"""`manage.py prune_expired` (run daily, docs/deployment.md) deletes what expired and nothing that still
counts: failed log-ins past the cool-off, old log-in records, rate counters whose hour is over, and
known phones unused for a year. A live lockout, a live limit and a known phone stay."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from tablekeeper.accounts.cleanup import LOG_DAYS
from tablekeeper.accounts.login_throttle import KNOWN_FOR
from tablekeeper.accounts.models import KnownDevice, RateCounter
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def prune() -> str:
    said = StringIO()
    call_command("prune_expired", stdout=said)
    return said.getvalue().strip()


def guess(name: str, address: str) -> int:
    answer = Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": name, "password": "wrong-guess"})
    return int(answer.status_code)


def test_failed_log_ins_with_made_up_names_are_deleted_once_past_the_cool_off(db):
    for index in range(30):
        guess(f"made-up-{index}", f"198.18.0.{index + 1}")
    assert AccessAttempt.objects.count() == 30
    assert prune().startswith("deleted 0 failed log-ins"), "within the cool-off they still count"
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(minutes=1))
    assert prune().startswith("deleted 30 failed log-ins")
    assert AccessAttempt.objects.count() == 0


def test_a_live_lockout_holds_after_pruning(owner):
    codes = [guess("keeper", f"203.0.113.{index}") for index in range(1, 11)]
    assert codes[-1] == 429
    prune()
    assert guess("keeper", "203.0.113.99") == 429
    login = Client(REMOTE_ADDR="203.0.113.100").post("/accounts/login/", {"username": "keeper", "password": PASSWORD})
    assert login.status_code == 429


def test_old_log_in_records_spent_rate_counters_and_phones_unused_for_a_year_go_and_the_rest_stay(owner):
    now = timezone.now()
    for days in (LOG_DAYS + 1, LOG_DAYS - 1):
        record = AccessLog.objects.create(username="keeper", ip_address="192.0.2.1", user_agent="phone")
        AccessLog.objects.filter(pk=record.pk).update(attempt_time=now - timedelta(days=days))
    RateCounter.objects.create(key="throttle:signup:192.0.2.1", count=5, expires=now - timedelta(seconds=1))
    RateCounter.objects.create(key="throttle:signup:192.0.2.2", count=5, expires=now + timedelta(minutes=30))
    for index, age in enumerate((KNOWN_FOR + timedelta(days=1), KNOWN_FOR - timedelta(days=1))):
        KnownDevice.objects.create(user=owner, token_digest=f"{index:064d}", password_mark="m", last_login=now - age)

    said = prune()

    assert said == "deleted 0 failed log-ins, 1 log-in records, 1 rate counters, 1 known phones"
    assert AccessLog.objects.get().attempt_time > now - timedelta(days=LOG_DAYS)
    assert list(RateCounter.objects.values_list("key", flat=True)) == ["throttle:signup:192.0.2.2"]
    assert KnownDevice.objects.get().last_login > now - KNOWN_FOR
    assert prune() == "deleted 0 failed log-ins, 0 log-in records, 0 rate counters, 0 known phones"
