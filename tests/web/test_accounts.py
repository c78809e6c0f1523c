"""Signing up, logging in and out, and who may see what."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.conftest import PASSWORD

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
    response = client.get("/sessions/", headers={"HX-Request": "true"})
    assert response["HX-Redirect"].startswith("/accounts/login/")


def test_a_login_form_without_the_csrf_token_is_refused():
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/accounts/login/", {"username": "a", "password": "b"}).status_code == 403
