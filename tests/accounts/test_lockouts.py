"""Lockouts that protect and cannot imprison: a reset lets the keeper in, guesses during a lockout
do not prolong it, known phones are bound to the password and cannot be copied into a lasting
allowance, failure records stay small, and limits survive any number of other counters."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings as django_settings
from django.core import mail, signing
from django.core.cache import cache
from django.db.models import F
from django.test import Client

from tablekeeper.accounts.login_throttle import KNOWN_DEVICE_COOKIE
from tablekeeper.accounts.models import RateCounter
from tests.conftest import PASSWORD, make_session, signed_in

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"
NEW_PASSWORD = "Fresh-Tiles-2468"


def from_address(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def log_in(client: Client, password: str = PASSWORD, username: str = "keeper") -> int:
    return int(client.post(LOGIN, {"username": username, "password": password}).status_code)


def known_phone(address: str) -> Client:
    phone = from_address(address)
    assert log_in(phone) == 302
    phone.post("/accounts/logout/")
    return phone


def lock_out_from_many_addresses(username: str = "keeper") -> None:
    for index in range(django_settings.AXES_FAILURE_LIMIT):
        log_in(from_address(f"198.18.9.{index + 1}"), "wrong-guess", username)


def shift_failures_back(minutes: float) -> None:
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def reset_password(client: Client, email: str) -> int:
    mail.outbox.clear()
    assert client.post("/accounts/reset/", {"email": email}).status_code == 302
    link = re.search(r"https?://[^/\s]+(/accounts/reset/[^\s]+/)", str(mail.outbox[0].body))
    assert link, mail.outbox[0].body
    form = client.get(link.group(1), follow=True)
    assert form.status_code == 200
    confirm_url = form.redirect_chain[-1][0]
    return int(client.post(confirm_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}).status_code)


def test_a_completed_password_reset_lets_the_keeper_in_despite_the_lockout(owner):
    owner.email = "keeper@example.org"
    owner.save()
    lock_out_from_many_addresses()
    new_phone = from_address("192.0.2.60")
    assert log_in(new_phone) == 429
    assert reset_password(new_phone, "keeper@example.org") == 302
    assert log_in(new_phone, NEW_PASSWORD) == 302
    assert log_in(from_address("192.0.2.61"), NEW_PASSWORD) == 302, "the lockout is lifted, not only for that phone"


def test_guesses_during_a_lockout_do_not_prolong_it(owner):
    cool_off = django_settings.AXES_COOLOFF_TIME.total_seconds() / 60
    attacker = from_address("198.18.9.200")
    for index in range(django_settings.AXES_FAILURE_LIMIT):
        log_in(attacker, f"guess-{index}")
    shift_failures_back(cool_off - 1)
    assert log_in(attacker, "another-guess") == 429
    assert log_in(attacker, "and-another") == 429
    shift_failures_back(2)  # the lockout's fifteen minutes are up, counted from the failures that caused it
    assert log_in(from_address("192.0.2.62")) == 302


def test_a_password_change_makes_every_other_phone_a_stranger_again(owner):
    lost_phone = known_phone("192.0.2.63")
    home = signed_in(owner)
    changed = home.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert changed.status_code == 302
    home.post("/accounts/logout/")
    lock_out_from_many_addresses()
    assert log_in(lost_phone, NEW_PASSWORD) == 429, "the lost phone kept no allowance"
    assert log_in(home, NEW_PASSWORD) == 302, "the phone that changed it is known under the new password"


def test_a_reset_makes_every_other_phone_a_stranger_again(owner):
    owner.email = "keeper@example.org"
    owner.save()
    lost_phone = known_phone("192.0.2.64")
    assert reset_password(from_address("192.0.2.65"), "keeper@example.org") == 302
    lock_out_from_many_addresses()
    assert log_in(lost_phone, NEW_PASSWORD) == 429


def test_the_known_phone_cookie_shows_no_account_id_or_name(owner):
    phone = known_phone("192.0.2.66")
    value = phone.cookies[KNOWN_DEVICE_COOKIE].value
    payload = signing.loads(value, salt="tablekeeper.known-device")
    # One random token (32 URL-safe characters) and nothing else: no id, no name, no list of accounts.
    assert isinstance(payload, list) and len(payload) == 1 and re.fullmatch(r"[\w-]{32}", payload[0])
    readable = signing.b64_decode(value.split(":")[0].encode()).decode(errors="replace")
    assert readable == f'["{payload[0]}"]'
    assert (
        log_in(phone) == 302
        and signing.loads(phone.cookies[KNOWN_DEVICE_COOKIE].value, salt="tablekeeper.known-device") != payload
    )


def test_a_copied_cookie_is_worth_nothing_once_the_phone_logs_in_again(owner):
    phone = known_phone("192.0.2.67")
    thief = from_address("203.0.113.67")
    thief.cookies[KNOWN_DEVICE_COOKIE] = phone.cookies[KNOWN_DEVICE_COOKIE].value
    assert log_in(phone) == 302  # the keeper's next log-in replaces the token
    phone.post("/accounts/logout/")
    lock_out_from_many_addresses()
    assert log_in(thief, "a-guess") == 429, "the copy has no allowance of its own"
    assert log_in(phone) == 302


def test_a_copy_that_uses_up_the_phones_allowance_is_no_lasting_allowance(owner):
    phone = known_phone("192.0.2.68")
    thief = from_address("203.0.113.68")
    thief.cookies[KNOWN_DEVICE_COOKIE] = phone.cookies[KNOWN_DEVICE_COOKIE].value
    codes = [log_in(thief, f"guess-{index}") for index in range(django_settings.AXES_FAILURE_LIMIT + 5)]
    assert codes.count(200) == django_settings.AXES_FAILURE_LIMIT - 1 and set(codes[-6:]) == {429}
    # The cool-off passes: every failure and counter of that time is over.
    AccessAttempt.objects.all().delete()
    RateCounter.objects.all().delete()
    cache.clear()
    lock_out_from_many_addresses()
    assert log_in(thief, "guess-again") == 429, "after its cool-off the copy is a stranger, not a fresh allowance"


def test_failure_records_stay_small_whatever_a_guesser_sends(owner):
    padding = "x" * 1024
    guesser = from_address("203.0.113.69")
    for index in range(30):
        guesser.post(f"{LOGIN}?pad={padding}&n={index}", {"username": "keeper", "password": "wrong", "pad": padding})
    stored = AccessAttempt.objects.values_list("get_data", "post_data")
    assert sum(len(get_data) + len(post_data) for get_data, post_data in stored) < 2048


def test_limits_survive_more_counters_than_the_cache_holds(owner, settings):
    settings.KEEPER_REQUESTS_PER_HOUR = 2
    settings.PASSWORD_RESETS_PER_HOUR = 5
    game = make_session(owner)
    phone = signed_in(owner)

    def invite(name: str) -> int:
        return int(phone.post(f"/sessions/{game.pk}/keepers/add/", {"username": name}).status_code)

    assert [invite("a"), invite("b"), invite("c")] == [302, 302, 429]
    options: object = django_settings.CACHES["default"].get("OPTIONS", {})
    cache_holds = int(options.get("MAX_ENTRIES", 300)) if isinstance(options, dict) else 300
    for index in range(cache_holds + 20):
        Client(REMOTE_ADDR=f"10.{index // 250}.{index % 250}.1").post("/accounts/reset/", {"email": "x@example.org"})
    assert invite("d") == 429, "the account's invitation limit was wiped by other counters"
