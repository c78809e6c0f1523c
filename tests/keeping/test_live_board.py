"""The owner's and the keepers' board polls the server: cheap while nothing changed, complete when
another phone saved a hand."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import draw, record_all, signed_in, win

pytestmark = pytest.mark.django_db
POLL = {"HX-Request": "true"}


def test_the_board_page_carries_the_tag_of_its_live_fragment_so_the_first_poll_is_not_redrawn(owner, game):
    phone = signed_in(owner)
    page = phone.get(f"/sessions/{game.pk}/").content.decode()
    found = re.search(r'<div id="live-board"[^>]* data-live data-etag="([^"]+)"', page)
    assert found, "the live board names the version it shows"
    poll = phone.get(f"/sessions/{game.pk}/", headers=POLL)
    assert html.unescape(found.group(1)) == poll["ETag"]


def test_an_unchanged_board_answers_304_without_reading_a_seat_or_a_hand(owner, game):
    record_all(game, [win(2), draw()], owner)
    phone = signed_in(owner)
    first = phone.get(f"/sessions/{game.pk}/", headers=POLL)
    with CaptureQueriesContext(connection) as queries:
        again = phone.get(f"/sessions/{game.pk}/", headers={**POLL, "If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    tables = " ".join(query["sql"] for query in queries.captured_queries)
    assert "tablekeeper_seat" not in tables and "tablekeeper_round" not in tables
    assert len(queries) == 3, "the login session, the account and the session with its keepers"
    # A keeper's board is kept by no browser cache (no-store), its polls included; the version still decides.
    assert again["Cache-Control"] == first["Cache-Control"] == "private, no-cache, no-store"


def test_a_hand_saved_on_another_keepers_phone_reaches_the_owners_board(owner, game, co_keeper):
    phone = signed_in(owner)
    first = phone.get(f"/sessions/{game.pk}/", headers=POLL)
    other = signed_in(co_keeper)
    taps = {"winner": "2", "how": "self_draw", "client_token": "second-phone", "expected_number": "1"}
    other.post(f"/sessions/{game.pk}/hands/new/", taps, headers=POLL)
    again = phone.get(f"/sessions/{game.pk}/", headers={**POLL, "If-None-Match": first["ETag"]})
    body = again.content.decode()
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    assert 'data-points="1030"' in body and "Hand 2" in body


def test_the_poll_brings_the_last_hand_and_its_undo_along_out_of_band(owner, game):
    record_all(game, [win(2)], owner)
    body = signed_in(owner).get(f"/sessions/{game.pk}/", headers=POLL).content.decode()
    assert re.search(r'<section id="last-hand" [^>]*hx-swap-oob="true"', body)
    assert "Yes, undo hand 1" in body and 'name="based_on"' in body


def test_the_share_board_polls_without_the_keepers_controls(client, owner, game):
    record_all(game, [win(2)], owner)
    body = client.get(f"/b/{game.share_token}/", headers=POLL).content.decode()
    assert body.lstrip().startswith('<div id="live-board"') and "last-hand" not in body and "undo" not in body


def test_the_board_says_when_it_was_drawn_for_the_last_heard_line(owner, game):
    page = signed_in(owner).get(f"/sessions/{game.pk}/").content.decode()
    drawn = r'<p class="heard" data-heard-for="live-board" data-rendered-at="\d{4}-\d\d-\d\dT[^"]+" hidden>'
    assert re.search(drawn, page)
    assert page.count('class="heard"') == 1
