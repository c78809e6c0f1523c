"""What a real deployment needs: throttled logins and sign-ups, password change and reset,
compressed pages, private caching for keepers, and a proxy header trusted only when configured."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from tests.conftest import PASSWORD, record_all, win

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def from_address(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def test_the_lockout_page_reads_in_chinese(owner):
    guesser = from_address("203.0.113.8")
    for attempt in range(11):
        response = guesser.post(
            "/accounts/login/",
            {"username": "keeper", "password": f"x{attempt}"},
            headers={"accept-language": "zh-hans"},
        )
    assert response.status_code == 429 and "登录失败次数过多" in response.content.decode()


def test_it_throttles_sign_ups_from_one_address(settings):
    settings.SIGNUPS_PER_HOUR = 2
    newcomer = from_address("203.0.113.9")
    for name in ("first", "second"):
        newcomer.post("/accounts/logout/")
        data = {"username": name, "password1": "Tiles-and-Winds-9", "password2": "Tiles-and-Winds-9"}
        assert newcomer.post("/accounts/signup/", data).status_code == 302
    newcomer.post("/accounts/logout/")
    data = {"username": "third", "password1": "Tiles-and-Winds-9", "password2": "Tiles-and-Winds-9"}
    refused = newcomer.post("/accounts/signup/", data)
    assert refused.status_code == 429 and "Too many new accounts" in refused.content.decode()
    assert not User.objects.filter(username="third").exists()


def test_a_keeper_who_forgot_the_password_resets_it_by_email():
    User.objects.create_user("forgetful", email="forgetful@example.org", password="Old-Tiles-1234")
    client = from_address("198.51.100.20")
    sent = client.post("/accounts/reset/", {"email": "forgetful@example.org"})
    assert sent.status_code == 302 and sent["Location"] == "/accounts/reset/sent/"
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/reset/[^/]+/[^/\s]+/)", str(mail.outbox[0].body))
    assert link, mail.outbox[0].body
    form = client.get(link.group(1), follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": "New-Tiles-5678", "new_password2": "New-Tiles-5678"}
    )
    assert done.status_code == 302 and done["Location"] == "/accounts/reset/done/"
    assert (
        from_address("198.51.100.21")
        .post("/accounts/login/", {"username": "forgetful", "password": "New-Tiles-5678"})
        .status_code
        == 302
    )


def test_reset_requests_are_throttled_and_a_used_link_says_so(settings):
    settings.PASSWORD_RESETS_PER_HOUR = 1
    User.objects.create_user("forgetful", email="forgetful@example.org", password="Old-Tiles-1234")
    client = from_address("203.0.113.30")
    assert client.post("/accounts/reset/", {"email": "forgetful@example.org"}).status_code == 302
    again = client.post("/accounts/reset/", {"email": "forgetful@example.org"})
    assert again.status_code == 429 and len(mail.outbox) == 1
    stale = client.get("/accounts/reset/MQ/not-a-token/")
    assert "This link no longer works" in stale.content.decode()


def test_the_reset_pages_read_in_chinese(client):
    page = client.get("/accounts/reset/", headers={"accept-language": "zh-hans"}).content.decode()
    assert "忘记密码" in page and "Forgot your password" not in page


def test_a_keeper_changes_the_password(client, owner):
    client.force_login(owner)
    assert client.get("/accounts/password/").status_code == 200
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": "Fresh-Tiles-2468", "new_password2": "Fresh-Tiles-2468"},
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/password/done/"
    owner.refresh_from_db()
    assert owner.check_password("Fresh-Tiles-2468")


KEEPERS_PAGES = [
    "/sessions/",
    "/players/",
    "/sessions/{pk}/",
    "/sessions/{pk}/hands/",
    "/sessions/{pk}/hands/new/",
    "/sessions/{pk}/hands/1/",
    "/sessions/{pk}/keepers/",
    "/sessions/{pk}/summary/",
    "/sessions/{pk}/card/",
    "/sessions/{pk}/rules/",
    "/sessions/{pk}/hands/next/",
    "/accounts/name/",
]
SHARED_PAGES = ["/b/{token}/", "/b/{token}/hands/", "/b/{token}/summary/", "/b/{token}/card/", "/b/{token}/rules/"]


def cache_directives(response) -> set[str]:
    return {part.strip() for part in response["Cache-Control"].split(",")}


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("path", KEEPERS_PAGES)
def test_every_page_of_a_logged_in_keeper_is_private_and_kept_by_no_browser_cache(client, owner, game, path, htmx):
    record_all(game, [win(2)], owner)
    client.force_login(owner)
    response = client.get(path.format(pk=game.pk), headers={"HX-Request": "true"} if htmx else {})
    assert response.status_code == 200 and {"private", "no-store"} <= cache_directives(response)


@pytest.mark.parametrize("signed_in", [False, True], ids=["anyone", "a signed-in keeper"])
@pytest.mark.parametrize("path", SHARED_PAGES)
def test_a_shared_page_keeps_private_no_cache_for_anyone_who_reads_it(client, owner, game, path, signed_in):
    record_all(game, [win(2)], owner)
    if signed_in:
        client.force_login(owner)
    response = client.get(path.format(token=game.share_token))
    assert response.status_code == 200 and cache_directives(response) == {"private", "no-cache"}


def test_a_shared_board_and_its_history_revalidate_with_their_tag_for_a_signed_in_keeper(client, owner, game):
    record_all(game, [win(2)], owner)
    client.force_login(owner)
    for path in (f"/b/{game.share_token}/", f"/b/{game.share_token}/hands/"):
        first = client.get(path)
        again = client.get(path, headers={"If-None-Match": first["ETag"]})
        assert again.status_code == 304 and cache_directives(again) == {"private", "no-cache"}


def test_a_page_for_an_anonymous_visitor_is_not_marked_private(client):
    assert "private" not in client.get("/accounts/signup/").get("Cache-Control", "")


def test_pages_are_gzipped_for_a_browser_that_accepts_it(client, owner, game):
    client.force_login(owner)
    response = client.get(f"/sessions/{game.pk}/", headers={"accept-encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip" and "Accept-Encoding" in response["Vary"]
    assert b"<html" in gzip.decompress(response.content)


def test_the_shared_boards_304_keeps_working_with_compression(client, game, owner):
    record_all(game, [win(2)], owner)
    headers = {"HX-Request": "true", "accept-encoding": "gzip"}
    first = client.get(f"/b/{game.share_token}/", headers=headers)
    assert first.status_code == 200 and first["Content-Encoding"] == "gzip"
    again = client.get(f"/b/{game.share_token}/", headers={**headers, "If-None-Match": first["ETag"]})
    assert again.status_code == 304
    record_all(game, [win(1)], owner)
    changed = client.get(f"/b/{game.share_token}/", headers={**headers, "If-None-Match": first["ETag"]})
    assert changed.status_code == 200


def production_setting(expression: str, tmp_path: Path, **environment: str) -> str:
    env = {
        **os.environ,
        "DJANGO_SECRET_KEY": "s" * 60,
        "DJANGO_DEBUG": "0",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'settings.sqlite3'}",
        **environment,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    code = (
        "import os, django; os.environ['DJANGO_SETTINGS_MODULE'] = 'tablekeeper.settings'; django.setup(); "
        f"from django.conf import settings; from django.db import connection; print({expression})"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_x_forwarded_proto_is_trusted_only_when_a_proxy_is_configured(tmp_path):
    header = "getattr(settings, 'SECURE_PROXY_SSL_HEADER', None)"
    assert production_setting(header, tmp_path) == "None"
    assert production_setting(header, tmp_path, DJANGO_BEHIND_PROXY="1") == "('HTTP_X_FORWARDED_PROTO', 'https')"


def gunicorn_sees(tmp_path: Path, headers: dict[str, str], **environment: str) -> int:
    """The status of GET /accounts/login/ through gunicorn started as the README says (DEBUG off,
    the repository's gunicorn.conf.py): 301 when it is taken for plain http (the SSL redirect)."""
    import http.client
    import socket
    import time

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        **os.environ,
        "DJANGO_SECRET_KEY": "s" * 60,
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_STATIC_MANIFEST": "0",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'gunicorn.sqlite3'}",
        **environment,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "tablekeeper.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request("GET", "/accounts/login/", headers=headers)
                return connection.getresponse().status
            except OSError:
                time.sleep(0.1)
        raise AssertionError("gunicorn did not start")
    finally:
        server.terminate()
        server.wait(10)


def test_gunicorn_believes_x_forwarded_proto_only_behind_a_proxy_and_only_from_its_addresses(tmp_path):
    https = {"X-Forwarded-Proto": "https"}
    assert gunicorn_sees(tmp_path, https) == 301, "from 127.0.0.1 without a proxy configured: plain http"
    assert gunicorn_sees(tmp_path, https, DJANGO_BEHIND_PROXY="1") == 200
    # gunicorn's own default would also take X-Forwarded-Ssl and X-Forwarded-Protocol; not ours.
    assert gunicorn_sees(tmp_path, {"X-Forwarded-Ssl": "on"}, DJANGO_BEHIND_PROXY="1") == 301


def test_migrate_alone_prepares_the_cache_table(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SECRET_KEY": "s" * 60,
        "DJANGO_DEBUG": "0",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'settings.sqlite3'}",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    cache_works = "__import__('django.core.cache').core.cache.cache.add('k', 1), "
    cache_works += "'tablekeeper_cache' in connection.introspection.table_names()"
    assert production_setting(cache_works, tmp_path) == "True True"


def test_sqlite_runs_in_wal_mode_with_normal_sync(tmp_path):
    pragmas = "connection.cursor().execute('PRAGMA journal_mode').fetchone()[0], "
    pragmas += "connection.cursor().execute('PRAGMA synchronous').fetchone()[0]"
    assert production_setting(pragmas, tmp_path) == "wal 1"  # 1 is NORMAL


def test_password_reset_mail_goes_over_smtp_when_a_server_is_configured(tmp_path):
    mailer = "type(__import__('django.core.mail').core.mail.mailers.default).__module__"
    smtp = production_setting(
        f"{mailer}, settings.MAILERS['default']['OPTIONS']['port']", tmp_path, DJANGO_EMAIL_HOST="mx"
    )
    assert smtp == "django.core.mail.backends.smtp 587"
    assert production_setting(mailer, tmp_path) == "django.core.mail.backends.console"


def test_times_on_pages_are_beijing_time_unless_the_deployment_names_another_zone(tmp_path):
    # The tables are in China: a correction at 21:03 must not read 13:03.
    assert production_setting("settings.TIME_ZONE", tmp_path) == "Asia/Shanghai"
    assert production_setting("settings.TIME_ZONE", tmp_path, DJANGO_TIME_ZONE="Asia/Harbin") == "Asia/Harbin"


def test_postgresql_gives_up_connecting_after_a_few_seconds_and_drops_a_connection_gone_silent(tmp_path):
    url = "postgres://someone:secret@192.0.2.1:5432/tablekeeper"
    options = "settings.DATABASES['default']['OPTIONS']"
    said = production_setting(
        f"{options}['connect_timeout'], {options}['tcp_user_timeout']", tmp_path, DATABASE_URL=url
    )
    assert said == "5 10000"
    shorter = production_setting(
        f"{options}['connect_timeout']", tmp_path, DATABASE_URL=url, DJANGO_DATABASE_CONNECT_TIMEOUT="3"
    )
    assert shorter == "3"
