"""Player names and notes are typed by anyone at the table: every page must show them as text."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tests.conftest import draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db

NAMES = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", 'Bo"onmouseover="alert(3)', "Di&<blink>"]
NOTE = "<svg onload=alert(4)>"
RAW_MARKUP = ("<script>alert", "<img src=x", '"onmouseover="', "<blink>", "<svg onload")


@pytest.fixture
def hostile(owner: User) -> GameSession:
    game = make_session(owner, "shandong", player_names=NAMES)
    adjusted = draw(penalties=[{"kind": "adjustment", "deltas": [5, -5, 0, 0], "note": NOTE}])
    record_all(game, [win(1, "discard", 0), adjusted, win(2, "self_draw")], owner)
    return game


def assert_only_text(body: str) -> None:
    for markup in RAW_MARKUP:
        assert markup not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


@pytest.mark.parametrize(
    "path", ["", "hands/", "hands/1/", "hands/2/", "hands/2/edit/", "hands/new/", "share/"], ids=lambda p: p or "board"
)
def test_hostile_names_and_notes_are_escaped_on_every_page_of_the_session(client, owner, hostile, path):
    client.force_login(owner)
    body = client.get(f"/sessions/{hostile.pk}/{path}").content.decode()
    if path == "hands/2/":
        assert "&lt;svg onload=alert(4)&gt;" in body
    if path == "share/":
        # The owner's share page names no player; it must still carry no markup of theirs.
        assert all(markup not in body for markup in RAW_MARKUP)
    else:
        assert_only_text(body)


def test_hostile_names_are_escaped_in_the_preview_the_finished_board_and_the_shared_board(client, owner, hostile):
    client.force_login(owner)
    preview = client.post(
        f"/sessions/{hostile.pk}/hands/preview/",
        {"winner": "1", "how": "discard-0", "client_token": "x", "expected_number": "4", "adjust_note": NOTE},
    )
    assert_only_text(preview.content.decode())
    stands(services.finish_session(hostile))
    assert_only_text(client.get(f"/sessions/{hostile.pk}/").content.decode())
    shared = Client().get(f"/b/{hostile.share_token}/").content.decode()
    assert_only_text(shared)


@pytest.mark.parametrize("url", ["/sessions/", "/players/", "/sessions/new/"])
def test_hostile_names_are_escaped_on_the_keepers_lists_and_suggestions(client, owner, hostile, url):
    client.force_login(owner)
    body = client.get(url).content.decode()
    for markup in RAW_MARKUP:
        assert markup not in body
    assert "&lt;img src=x onerror=alert(2)&gt;" in body
