"""The read-only board behind the share link: live, cheap to poll, revocable."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tablekeeper.keeping import services
from tests.conftest import HTMX, record_all, win

pytestmark = pytest.mark.django_db


def test_anyone_with_the_link_sees_the_board_without_logging_in(client, game, owner):
    record_all(game, [win(2)], owner)
    response = client.get(f"/b/{game.share_token}/")
    body = response.content.decode()
    assert response.status_code == 200 and 'data-points="1030"' in body
    assert 'hx-trigger="every 5s, refresh-board"' in body
    assert "Record hand" not in body and "Undo" not in body


def test_the_share_link_is_read_only(client, game):
    assert client.post(f"/b/{game.share_token}/", {"winner": "1"}).status_code == 405


def test_an_unchanged_board_answers_304_with_a_single_query(client, game, owner):
    first = client.get(f"/b/{game.share_token}/", headers=HTMX)
    assert first.status_code == 200 and first.content.decode().lstrip().startswith('<div id="live-board"')
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/b/{game.share_token}/", headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    assert len(queries) == 1


def test_a_viewer_who_switches_to_chinese_gets_the_chinese_board_not_a_304(client, game):
    english = client.get(f"/b/{game.share_token}/", headers=HTMX)
    assert "Hand" in english.content.decode()
    client.cookies["django_language"] = "zh-hans"
    chinese = client.get(f"/b/{game.share_token}/", headers={"HX-Request": "true", "If-None-Match": english["ETag"]})
    assert chinese.status_code == 200 and chinese["ETag"] != english["ETag"]
    assert "Hand" not in chinese.content.decode()


def test_the_shared_board_and_its_304_must_be_revalidated_and_are_not_for_shared_caches(client, game):
    first = client.get(f"/b/{game.share_token}/")
    again = client.get(f"/b/{game.share_token}/", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    for response in (first, again):
        assert response["Cache-Control"] == "private, no-cache"
        assert {"HX-Request", "Accept-Language", "Cookie"} <= {v.strip() for v in response["Vary"].split(",")}


def test_a_new_hand_changes_the_etag(client, game, owner):
    first = client.get(f"/b/{game.share_token}/")
    record_all(game, [win(2)], owner)
    again = client.get(f"/b/{game.share_token}/", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200 and again["ETag"] != first["ETag"]


def test_a_revoked_link_answers_404_and_a_new_link_works(client, game):
    old = game.share_token
    services.set_sharing(game, enabled=False)
    assert client.get(f"/b/{old}/").status_code == 404
    game = services.set_sharing(game, enabled=True, new_link=True)
    assert client.get(f"/b/{old}/").status_code == 404
    assert client.get(f"/b/{game.share_token}/").status_code == 200


def test_the_owner_sees_the_link_and_its_qr_code_and_can_turn_it_off(client, game, owner):
    client.force_login(owner)
    body = client.get(f"/sessions/{game.pk}/share/").content.decode()
    assert f"/b/{game.share_token}/" in body and "<svg" in body
    client.post(f"/sessions/{game.pk}/share/settings/", {"action": "disable"})
    game.refresh_from_db()
    assert game.share_enabled is False


def test_an_unknown_token_answers_404(client, db):
    assert client.get("/b/not-a-real-token/").status_code == 404
