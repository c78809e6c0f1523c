"""Log-in throttling an attacker cannot get around and a stranger cannot turn against a keeper:
failures per account and per address, a success forgetting only that account's failures from
that address, a keeper's own phone never locked out by others' guesses, and the password-change
page counted like the log-in."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.accounts.login_throttle import KNOWN_DEVICE_COOKIE
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"


def from_address(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def guess(client: Client, username: str, password: str = "wrong-guess", **extra) -> int:
    return client.post(LOGIN, {"username": username, "password": password}, **extra).status_code


def known_phone(address: str, username: str = "keeper") -> Client:
    """A phone that logged in to `username` before (and logged out): it carries the known-device cookie."""
    phone = from_address(address)
    assert guess(phone, username, PASSWORD) == 302
    phone.post("/accounts/logout/")
    return phone


def test_guesses_at_one_account_are_refused_from_the_tenth_even_with_the_right_password(owner):
    guesser = from_address("203.0.113.7")
    for attempt in range(9):
        response = guesser.post(LOGIN, {"username": "keeper", "password": f"guess-{attempt}"})
        assert (
            response.status_code == 200 and "Please enter a correct username and password" in response.content.decode()
        )
    assert guess(guesser, "keeper", "guess-9") == 429
    locked = guesser.post(LOGIN, {"username": "keeper", "password": PASSWORD})
    assert locked.status_code == 429 and "Too many failed logins" in locked.content.decode()
    assert guesser.get("/sessions/").status_code == 302  # not logged in


def test_logging_in_to_ones_own_account_does_not_forget_the_guesses_at_another(owner):
    User.objects.create_user("attacker", password="Attackers-Own-1")
    guesser = from_address("203.0.113.10")
    for _ in range(9):
        assert guess(guesser, "keeper") == 200
    assert guess(guesser, "attacker", "Attackers-Own-1") == 302
    guesser.post("/accounts/logout/")
    assert guess(guesser, "keeper") == 429
    assert guess(guesser, "keeper", PASSWORD) == 429


def test_guesses_at_one_account_from_many_addresses_lock_it_for_phones_it_never_used(owner):
    for index in range(10):
        guess(from_address(f"198.18.0.{index + 1}"), "keeper")
    assert guess(from_address("198.18.1.1"), "keeper", PASSWORD) == 429


def test_the_keepers_own_phone_logs_in_whatever_strangers_guessed_from_its_own_address_or_others(owner):
    phone = known_phone("192.0.2.50")
    for index in range(30):
        guess(from_address("192.0.2.50" if index % 2 else f"198.18.2.{index}"), "keeper")
    assert guess(from_address("192.0.2.50"), "keeper", PASSWORD) == 429, "a phone it never used is refused"
    assert guess(phone, "keeper", PASSWORD) == 302


def test_a_known_phone_has_only_its_own_ten_guesses(owner):
    phone = known_phone("192.0.2.51")
    for _ in range(9):
        assert guess(phone, "keeper") == 200
    assert guess(phone, "keeper") == 429
    assert guess(phone, "keeper", PASSWORD) == 429


def test_a_known_phone_cookie_is_for_its_own_account_only(owner):
    User.objects.create_user("attacker", password=PASSWORD)
    phone = known_phone("203.0.113.11", "attacker")
    for _ in range(10):
        guess(phone, "keeper")
    assert guess(phone, "keeper", PASSWORD) == 429


def test_a_forged_known_device_cookie_counts_for_nothing(owner):
    for index in range(10):
        guess(from_address(f"198.18.3.{index}"), "keeper")
    forger = from_address("203.0.113.12")
    forger.cookies[KNOWN_DEVICE_COOKIE] = f'{{"id": "x", "users": [{owner.pk}]}}'
    assert guess(forger, "keeper", PASSWORD) == 429


def test_ten_bad_log_ins_with_made_up_names_from_one_address_lock_no_keeper_out(owner):
    cafe = "192.0.2.99"
    for index in range(10):
        assert guess(from_address(cafe), f"made-up-{index}") == 200
    assert guess(from_address(cafe), "keeper", PASSWORD) == 302


def test_one_address_guessing_many_accounts_is_locked_at_the_address_limit_but_not_for_known_phones(owner, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 30
    phone = known_phone("192.0.2.100")
    for index in range(29):
        assert guess(from_address("192.0.2.100"), f"someone-{index}") == 200
    assert guess(from_address("192.0.2.100"), "someone-else") == 429
    assert guess(from_address("192.0.2.100"), "keeper", PASSWORD) == 429
    assert guess(phone, "keeper", PASSWORD) == 302


def test_a_success_forgets_only_that_accounts_failures_from_that_address(owner):
    guess(from_address("198.18.4.1"), "keeper")
    guess(from_address("198.18.4.2"), "keeper")
    guess(from_address("198.18.4.2"), "nobody")
    assert guess(from_address("198.18.4.2"), "keeper", PASSWORD) == 302
    left = sorted(AccessAttempt.objects.values_list("username", "ip_address"))
    assert left == [("keeper", "198.18.4.1"), ("nobody", "198.18.4.2")]


def test_behind_a_proxy_thirty_guesses_from_thirty_forwarded_addresses_are_refused(owner, settings):
    settings.BEHIND_PROXY = True
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    codes = [
        guess(proxy, "keeper", headers={"X-Forwarded-For": f"198.51.100.{index}, 10.0.0.{index}"})
        for index in range(30)
    ]
    assert codes[:9] == [200] * 9 and set(codes[9:]) == {429}
    # The addresses the proxy saw; guesses refused by the lockout are not recorded (they would prolong it).
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {f"10.0.0.{i}" for i in range(10)}


def test_without_a_proxy_a_forwarded_address_is_ignored(owner, settings):
    settings.BEHIND_PROXY = False
    guess(from_address("203.0.113.13"), "keeper", headers={"X-Forwarded-For": "1.2.3.4"})
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["203.0.113.13"]


def change_password(client: Client, old: str) -> int:
    data = {"old_password": old, "new_password1": "Fresh-Tiles-2468", "new_password2": "Fresh-Tiles-2468"}
    return client.post("/accounts/password/", data).status_code


def test_the_password_change_page_refuses_from_the_tenth_wrong_current_password(owner):
    phone = from_address("203.0.113.20")
    phone.force_login(owner)
    codes = [change_password(phone, f"wrong-{index}") for index in range(30)]
    assert codes[:9] == [200] * 9 and set(codes[9:]) == {429}
    assert change_password(phone, PASSWORD) == 429
    owner.refresh_from_db()
    assert owner.check_password(PASSWORD)
    assert all("wrong-" not in data for data in AccessAttempt.objects.values_list("post_data", flat=True))


def test_wrong_passwords_on_the_change_page_count_against_the_accounts_log_in(owner):
    phone = from_address("203.0.113.21")
    phone.force_login(owner)
    for index in range(10):
        change_password(phone, f"wrong-{index}")
    assert guess(from_address("203.0.113.22"), "keeper", PASSWORD) == 429


def test_behind_a_proxy_a_forwarded_address_from_anyone_but_the_proxy_is_ignored(owner, settings):
    settings.BEHIND_PROXY = True
    settings.PROXY_ADDRESSES = ["10.1.0.0/16"]
    guess(from_address("10.1.2.3"), "keeper", headers={"X-Forwarded-For": "198.51.100.1"})
    guess(from_address("203.0.113.40"), "keeper", headers={"X-Forwarded-For": "198.51.100.2"})
    assert sorted(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["198.51.100.1", "203.0.113.40"]
