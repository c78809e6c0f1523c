"""A money rate set at the start: the board shows each seat's money (¥) as the evening goes."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User

from tablekeeper.keeping.models import GameSession
from tests.keeping.test_sessions import start_form_data

from ..conftest import record_all, signed_in, win

pytestmark = pytest.mark.django_db


def seat_money(board: str) -> list[str]:
    """Each seat's money in seat order (the board lays the seats out around the table)."""
    seats = re.findall(r'data-seat="(\d)">(.*?)</div>', board, flags=re.S)
    found = {int(seat): re.search(r'<span class="money[^"]*">([^<]*)</span>', body) for seat, body in seats}
    return [match.group(1) for _, match in sorted(found.items()) if match]


def test_a_rate_set_at_the_start_shows_each_seats_money_on_the_board_as_hands_are_played(owner: User):
    phone = signed_in(owner)
    form = phone.get("/sessions/new/", headers={"Accept-Language": "zh-hans"}).content.decode()
    assert 'name="money_rate"' in form and "每分多少元（可选）" in form
    phone.post("/sessions/new/", start_form_data(base="1", money_rate="0.5"))
    session = GameSession.objects.get()
    assert session.money_rate == Decimal("0.50")
    # Zhengzhou, base 1 (RULES §5: no dealer bonus by default): Bo self-draws and each other seat pays
    # one base: −1 +3 −1 −1, at ¥0.5 a point −¥0.50 ¥1.50 −¥0.50 −¥0.50.
    record_all(session, [win(1)])
    board = phone.get(session.get_absolute_url()).content.decode()
    assert seat_money(board) == ["-¥0.50", "¥1.50", "-¥0.50", "-¥0.50"]


def test_without_a_rate_the_board_shows_points_only(owner: User, game: GameSession):
    record_all(game, [win(1)])
    assert seat_money(signed_in(owner).get(game.get_absolute_url()).content.decode()) == []


@pytest.mark.parametrize(("rate", "message"), [("-1", "greater than or equal to 0"), ("0.001", "2 decimal places")])
def test_a_bad_rate_is_refused_at_the_start_with_a_message_and_starts_nothing(owner: User, rate: str, message: str):
    response = signed_in(owner).post("/sessions/new/", start_form_data(money_rate=rate), headers={"HX-Request": "true"})
    assert response.status_code == 422 and message in response.content.decode()
    assert not GameSession.objects.exists()
