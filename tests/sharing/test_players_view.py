"""The share board and its history on a linked player's phone: their seat marked with its points, money and
the next deal, their hands marked; each page theirs alone (its tag names them), anyone else's unchanged."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tablekeeper.keeping import services
from tablekeeper.keeping.models import WIND_NAMES
from tablekeeper.players.services import claims
from tests.conftest import HTMX, PASSWORD, make_session, record_all, signed_in, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def wang(db) -> User:
    return User.objects.create_user("wang", password=PASSWORD, first_name="老王")


@pytest.fixture
def table(owner, wang):
    game = make_session(owner, "shenyang", base=2, money_rate=Decimal("0.50"))
    claims.claim_seat(game, 1, wang, phone="p", token=game.share_token)
    claims.decide_claim(game, 1, accept=True)
    record_all(game, [win(1), win(2, "discard", 1)], owner)
    return game


def test_the_share_board_marks_the_players_seat_with_its_points_money_and_the_next_deal(table, wang):
    body = signed_in(wang).get(f"/b/{table.share_token}/").content.decode()
    seat = table.seats.get(index=1)
    points = seat.starting_points + table.totals[1]
    assert 'is-mine" data-seat="1"' in body
    assert "You: Bo, seat 2" in body and f'<span class="points">{points}</span>' in body
    assert "¥" in body.split('class="viewer"', 1)[1]
    dealer = table.state["dealer"]
    wind = WIND_NAMES[(1 - dealer) % 4]
    names = ["Ann", "Bo", "Cy", "Di"]
    expected = (
        f"Next hand: you deal, wind {wind}" if dealer == 1 else f"Next hand: {names[dealer]} deals; your wind {wind}"
    )
    assert expected in body


def test_the_next_deal_reads_in_chinese(table, wang):
    body = signed_in(wang).get(f"/b/{table.share_token}/", headers={"Accept-Language": "zh-hans"}).content.decode()
    assert "你：Bo，第 2 座" in body and "下一局：" in body


def test_anyone_else_sees_no_marked_seat_and_the_claim_buttons_for_the_free_seats(client, table):
    body = client.get(f"/b/{table.share_token}/").content.decode()
    assert "is-mine" not in body and "You:" not in body
    assert "I am Ann" in body and "I am Bo" not in body, "a linked seat is nobody else's to claim"


def test_each_viewers_board_has_its_own_tag_and_an_anonymous_poll_still_costs_one_query(client, table, wang):
    mine = signed_in(wang).get(f"/b/{table.share_token}/", headers=HTMX)
    anyone = client.get(f"/b/{table.share_token}/", headers=HTMX)
    assert mine["ETag"] != anyone["ETag"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/b/{table.share_token}/", headers={**HTMX, "If-None-Match": anyone["ETag"]})
    assert again.status_code == 304 and len(queries) == 1
    other = signed_in(User.objects.create_user("li"))
    assert other.get(f"/b/{table.share_token}/", headers={**HTMX, "If-None-Match": mine["ETag"]}).status_code == 200


def test_the_share_history_marks_the_players_own_hands(table, wang, client):
    body = signed_in(wang).get(f"/b/{table.share_token}/hands/").content.decode()
    assert 'class="hand-row mine-won" id="hand-1"' in body
    assert 'class="hand-row mine-dealt_in" id="hand-2"' in body
    assert "your win" in body and "you dealt in" in body
    assert "mine-" not in client.get(f"/b/{table.share_token}/hands/").content.decode()


def test_a_waiting_claim_shows_on_the_claimants_board_and_the_keepers_answer_reaches_it(owner):
    game = make_session(owner)
    li = User.objects.create_user("li", first_name="小李")
    phone = signed_in(li)
    phone.post(f"/b/{game.share_token}/claim/2/", {"display_name": "小李"})
    assert (
        "Waiting for the keeper to accept your claim of seat 3."
        in phone.get(f"/b/{game.share_token}/").content.decode()
    )
    claims.decide_claim(game, 2, accept=True)
    assert "You: Cy, seat 3" in phone.get(f"/b/{game.share_token}/").content.decode()


def test_a_finished_evenings_board_still_offers_the_claim(owner, client):
    game = make_session(owner)
    record_all(game, [win(0)], owner)
    services.finish_session(game, money_rate=None)
    assert "I am Cy" in client.get(f"/b/{game.share_token}/").content.decode()
