"""The offline key a phone's kept pages are filed under: issued per log-in, the same on every page of
one session (so the kept pages keep opening offline), and gone or changed once the session ends
(a log-out, a password changed or reset elsewhere), in the header the worker checks on a slow page
and in the cookie it reads before answering from its cache. tests/e2e/test_offline_revoked.py shows
the worker acting on it in Chromium."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tablekeeper.web import offline
from tests.accounts.test_lockouts import NEW_PASSWORD, reset_password
from tests.conftest import PASSWORD, signed_in
from tests.web.test_offline import worker_config

pytestmark = pytest.mark.django_db
KEY_CHECK = "/offline/key/"
HEADER = "X-TableKeeper-Account"
COOKIE = "tk_account"


def logged_in_phone(username: str = "keeper", password: str = PASSWORD) -> Client:
    phone = Client()
    assert phone.post("/accounts/login/", {"username": username, "password": password}).status_code == 302
    return phone


def key_now(phone: Client) -> str:
    """What the worker hears when it asks, before showing a kept page on a slow network."""
    answer = phone.get(KEY_CHECK)
    assert answer.status_code == 204 and answer.content == b""
    return str(answer[HEADER])


def cookie(phone: Client) -> str:
    return phone.cookies[COOKIE].value if COOKIE in phone.cookies else ""


def change_password(phone: Client) -> None:
    changed = phone.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert changed.status_code == 302


def test_the_key_stays_the_same_on_every_page_of_one_session(owner, game):
    phone = logged_in_phone()
    key = cookie(phone)
    assert re.fullmatch(r"[0-9a-f]{32}", key)
    for path in ("/sessions/", f"/sessions/{game.pk}/", f"/sessions/{game.pk}/hands/new/", "/offline/"):
        assert phone.get(path)[HEADER] == key
    assert key_now(phone) == key == cookie(phone)


def test_a_password_changed_from_another_phone_ends_the_key_of_this_one(owner, game):
    club_phone = logged_in_phone()
    old_key = key_now(club_phone)
    home = logged_in_phone()
    change_password(home)

    # The club phone's very next answer, however small, says its key is gone and clears the cookie.
    assert key_now(club_phone) == ""
    assert club_phone.cookies[COOKIE].value == "" and club_phone.cookies[COOKIE]["max-age"] == 0
    assert club_phone.get(f"/sessions/{game.pk}/")[HEADER] == ""
    # The phone that made the change stays signed in under a new key; its pages are kept again.
    assert key_now(home) not in ("", old_key)
    assert home.get(f"/sessions/{game.pk}/").status_code == 200


def test_a_password_reset_ends_the_key_of_every_signed_in_phone(owner):
    owner.email = "keeper@example.org"
    owner.save()
    club_phone = logged_in_phone()
    assert key_now(club_phone)
    assert reset_password(Client(), "keeper@example.org") == 302
    assert key_now(club_phone) == "" and cookie(club_phone) == ""


def test_logging_out_ends_the_key_and_the_next_log_in_gets_a_new_one(owner):
    phone = logged_in_phone()
    first = key_now(phone)
    phone.post("/accounts/logout/")
    assert cookie(phone) == "" and key_now(phone) == ""
    phone.post("/accounts/login/", {"username": "keeper", "password": PASSWORD})
    assert key_now(phone) not in ("", first)


def test_the_key_names_no_account_and_differs_for_each_log_in(owner, stranger):
    first, second = logged_in_phone(), logged_in_phone()
    keys = {key_now(first), key_now(second), key_now(logged_in_phone("stranger"))}
    assert len(keys) == 3, "two phones of one keeper, and another keeper: three keys"
    # 32 hex digits, a digest: the same account gets a new one at every log-in, so it names no account.
    assert all(re.fullmatch(r"[0-9a-f]{32}", key) for key in keys)


def test_a_key_that_the_server_never_issued_is_not_confirmed(owner):
    """A cookie written by hand (or kept from an ended session) is never what the server says."""
    phone = signed_in(owner)
    phone.cookies[COOKIE] = "0" * 32
    assert key_now(phone) not in ("", "0" * 32)
    assert cookie(phone) == key_now(phone), "the answer puts the real key back in the cookie"


def test_the_key_check_is_tiny_never_cached_and_says_nothing_to_a_signed_out_phone(client):
    answer = client.get(KEY_CHECK)
    assert answer.status_code == 204 and answer[HEADER] == ""
    assert "no-store" in answer["Cache-Control"]
    assert COOKIE not in client.cookies
    assert client.post(KEY_CHECK).status_code == 405


def test_the_worker_is_told_where_to_ask_and_how_long_to_wait(client):
    config = worker_config(client.get("/sw.js").content.decode())
    assert config["keyCheck"] == KEY_CHECK and config["accountHeader"] == HEADER
    # Asked only for a page slower than a good connection's, before the kept copy would be shown;
    # given up (as offline) well after a question that small would have come back on one bar.
    assert 0 < config["keyCheckAfter"] < config["patience"] < config["keyCheckTimeout"]
    assert config["keyCheckTimeout"] == offline.KEY_CHECK_TIMEOUT_MS
