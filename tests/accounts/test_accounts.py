"""Signing up, logging in and out, and who may see what."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.conftest import HTMX, PASSWORD

pytestmark = pytest.mark.django_db


def test_a_newcomer_signs_up_and_lands_on_the_start_form(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": "Tiles-and-Winds-9", "password2": "Tiles-and-Winds-9"},
    )
    assert response.status_code == 302 and response["Location"] == "/sessions/new/"
    assert User.objects.filter(username="newcomer").exists()
    assert client.get("/sessions/new/").status_code == 200


def test_sign_up_shows_the_errors_of_a_weak_password(client):
    response = client.post("/accounts/signup/", {"username": "x", "password1": "123", "password2": "123"})
    assert response.status_code == 200
    assert not User.objects.filter(username="x").exists()
    assert "too short" in response.content.decode()


def test_a_keeper_logs_in_and_out_and_logging_out_needs_a_post(client, owner):
    response = client.post("/accounts/login/", {"username": "keeper", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/sessions/"
    assert client.get("/sessions/").status_code == 200
    assert client.get("/accounts/logout/").status_code == 405
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/sessions/").status_code == 302


@pytest.mark.parametrize("url", ["/sessions/", "/sessions/new/", "/sessions/1/", "/sessions/1/hands/new/"])
def test_every_session_page_asks_an_anonymous_visitor_to_log_in(client, url):
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_an_htmx_request_after_the_login_expired_redirects_the_whole_page(client):
    response = client.get("/sessions/", headers=HTMX)
    assert response["HX-Redirect"].startswith("/accounts/login/")


def test_a_login_form_without_the_csrf_token_is_refused():
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/accounts/login/", {"username": "a", "password": "b"}).status_code == 403


SIGN_UP = {"password1": "Tiles-and-Winds-9", "password2": "Tiles-and-Winds-9"}


def test_failed_sign_ups_do_not_count_against_the_hourly_limit(settings):
    settings.SIGNUPS_PER_HOUR = 2
    table = Client(REMOTE_ADDR="192.0.2.70")
    for attempt in range(8):
        weak = table.post("/accounts/signup/", {"username": f"try{attempt}", "password1": "123", "password2": "123"})
        assert weak.status_code == 200
    for name in ("first", "second"):
        assert table.post("/accounts/signup/", {"username": name, **SIGN_UP}).status_code == 302
        table.post("/accounts/logout/")
    refused = table.post("/accounts/signup/", {"username": "third", **SIGN_UP})
    assert refused.status_code == 429 and not User.objects.filter(username="third").exists()


def test_sign_up_attempts_from_one_address_have_a_generous_bound_of_their_own(settings):
    settings.SIGNUPS_PER_HOUR = 1
    hammer = Client(REMOTE_ADDR="192.0.2.71")
    codes = [
        hammer.post("/accounts/signup/", {"username": "x", "password1": "1", "password2": "1"}).status_code
        for _ in range(21)
    ]
    assert codes[:20] == [200] * 20 and codes[20] == 429


def test_a_double_tapped_sign_up_answers_the_second_tap_like_the_first(client):
    User.objects.create_user("twin", password=SIGN_UP["password1"])  # the first tap, just saved
    response = client.post("/accounts/signup/", {"username": "twin", **SIGN_UP})
    assert response.status_code == 302 and response["Location"] == "/sessions/new/"
    assert client.get("/sessions/new/").status_code == 200 and User.objects.filter(username="twin").count() == 1


def test_a_sign_up_racing_someone_elses_for_the_same_name_says_the_name_is_taken(client):
    User.objects.create_user("twin", password="Someone-Elses-7")
    response = client.post("/accounts/signup/", {"username": "twin", **SIGN_UP})
    assert response.status_code == 200 and "This user name cannot be used; choose another." in response.content.decode()
    assert client.get("/sessions/new/").status_code == 302


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_sign_ups_with_one_name_both_land_on_the_start_form(monkeypatch):
    import threading

    from django.db import connections

    from tablekeeper.accounts.views import SignupForm

    both_checked = threading.Barrier(2, timeout=10)
    original_is_valid = SignupForm.is_valid

    def checked_while_the_other_checks(form):
        valid = original_is_valid(form)
        both_checked.wait()
        return valid

    monkeypatch.setattr(SignupForm, "is_valid", checked_while_the_other_checks)
    answers: list[int] = []

    def tap() -> None:
        try:
            answers.append(Client().post("/accounts/signup/", {"username": "racer", **SIGN_UP}).status_code)
        finally:
            connections.close_all()

    taps = [threading.Thread(target=tap) for _ in range(2)]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join(20)
    assert answers == [302, 302] and User.objects.filter(username="racer").count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_reset_request_answers_alike_and_at_once_for_a_known_and_an_unknown_email(settings, monkeypatch):
    from django.contrib.auth.forms import PasswordResetForm
    from django.core import mail

    settings.PASSWORD_RESET_MAIL_IN_BACKGROUND = True
    User.objects.create_user("forgetful", email="forgetful@example.org", password="Old-Tiles-1234")
    original_send = PasswordResetForm.send_mail
    # The mail server answers only once both pages have been answered: had the page waited for it,
    # the first request would never have come back.
    smtp_may_answer = threading.Event()

    def slow_smtp(form, *args, **kwargs):
        assert smtp_may_answer.wait(20)
        return original_send(form, *args, **kwargs)

    monkeypatch.setattr(PasswordResetForm, "send_mail", slow_smtp)
    answers = []
    for email in ("forgetful@example.org", "nobody@example.org"):
        response = Client().post("/accounts/reset/", {"email": email})
        answers.append((response.status_code, response["Location"], len(mail.outbox)))
    assert answers[0] == answers[1] == (302, "/accounts/reset/sent/", 0)
    smtp_may_answer.set()
    for thread in threading.enumerate():
        if thread.name == "password-reset-mail":
            thread.join(20)
    assert [message.to for message in mail.outbox] == [["forgetful@example.org"]]
