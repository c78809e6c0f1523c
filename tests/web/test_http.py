"""HTTP behaviour: CSRF on htmx posts, fragments with Vary, status codes, production settings."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from tablekeeper.keeping.models import Round
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def csrf_from_body_headers(page: str) -> str:
    """The token htmx sends: base.html puts it in `hx-headers` on <body>."""
    found = re.search(r'<body hx-headers=\'\{"x-csrftoken": "([^"]+)"\}\'>', page)
    assert found, "every page must give htmx the CSRF token"
    return found.group(1)


def test_an_htmx_save_is_accepted_with_the_pages_csrf_token_and_refused_without(owner, game):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(owner)
    page = phone.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    taps = {"winner": "2", "how": "self_draw", "client_token": "csrf-test", "expected_number": "1"}
    refused = phone.post(f"/sessions/{game.pk}/hands/new/", taps, headers=HTMX)
    assert refused.status_code == 403 and not Round.objects.exists()
    token = csrf_from_body_headers(page)
    accepted = phone.post(f"/sessions/{game.pk}/hands/new/", taps, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert accepted.status_code == 200 and Round.objects.count() == 1


@pytest.mark.parametrize("path", ["", "hands/new/"])
def test_a_page_that_answers_htmx_with_a_fragment_varies_on_hx_request(client, owner, game, path):
    client.force_login(owner)
    full = client.get(f"/sessions/{game.pk}/{path}")
    fragment = client.get(f"/sessions/{game.pk}/{path}", headers=HTMX)
    assert "<html" in full.content.decode() and "<html" not in fragment.content.decode()
    for response in (full, fragment):
        assert "HX-Request" in response["Vary"]


def test_an_invalid_htmx_start_form_answers_422_with_only_the_form(client, owner):
    client.force_login(owner)
    response = client.post("/sessions/new/", {"variant": "dalian"}, headers=HTMX)
    body = response.content.decode()
    assert response.status_code == 422 and "<html" not in body and "<form" in body


def test_the_production_settings_pass_the_deploy_check(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_DEBUG": "false",
        "DJANGO_ALLOWED_HOSTS": "example.com",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://example.com",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'deploy.sqlite3'}",
        # A deployment sends password-reset mail; the check refuses the console backend without it.
        "DJANGO_EMAIL_HOST": "smtp.example.com",
    }
    # Set by the browser tests for their own process; a deployment never has them.
    for testing_only in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(testing_only, None)
    checked = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "no issues" in checked.stdout
