"""Two phones saving the same hand: the phone that lost is not stuck. It can go to the board, or
enter its taps as the hand that is next now, with the form drawn for that hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper import services
from tablekeeper.models import GameSession, Round
from tests.conftest import HTMX, answered_with_the_board, make_session, signed_in, taps

pytestmark = pytest.mark.django_db


@pytest.fixture
def shenyang(owner: User) -> GameSession:
    return make_session(owner, "shenyang", base=1)


def lose_the_race(owner: User, game: GameSession, language: str = "zh-hans") -> tuple[Client, Any]:
    """Phone A saves hand 1 (Ann self-draws); phone B, opened on hand 1 too, taps Cy on Bo's discard."""
    phone_a, phone_b = signed_in(owner), signed_in(owner)
    phone_b.cookies["django_language"] = language
    url = f"/sessions/{game.pk}/hands/new/"
    assert phone_a.post(url, taps(1, "phone-a", winner="0", how="self_draw"), headers=HTMX).status_code == 200
    lost = phone_b.post(
        url, taps(1, "phone-b", winner="2", how="discard-1", patterns=["all_pungs"], action="save"), headers=HTMX
    )
    return phone_b, lost


def test_the_losing_phone_is_offered_the_board_and_the_next_hand_number(owner, shenyang):
    _phone, lost = lose_the_race(owner, shenyang)
    body = lost.content.decode()
    assert lost.status_code == 409
    choices = body[body.index('class="conflict-choices"') :]
    assert "第 1 局已由另一台设备保存" in choices
    assert f'href="/sessions/{shenyang.pk}/"' in choices and "去看牌桌" in choices
    assert 'name="action" value="renumber"' in choices and "改记为第 2 局" in choices
    # The Save that can only be refused again is not offered, and the dealer and winds (hand 2's
    # now) are not shown under hand 1's number.
    assert 'value="save"' not in body
    assert 'class="hand-form board-unknown"' in body


def test_entering_it_as_the_next_hand_keeps_every_tap_and_draws_that_hand(owner, shenyang):
    phone, _lost = lose_the_race(owner, shenyang)
    again = phone.post(
        f"/sessions/{shenyang.pk}/hands/new/",
        taps(1, "phone-b", winner="2", how="discard-1", patterns=["all_pungs"], action="renumber"),
        headers=HTMX,
    )
    body = again.content.decode()
    assert again.status_code == 200
    assert "第 2 局" in body and "第 1 局" not in body
    assert 'name="expected_number" value="2"' in body
    assert 'name="client_token" value="phone-b"' not in body  # a token of its own for the new number
    assert 'name="winner" value="2" checked' in body
    assert 'value="discard-1" data-seat="1" checked' in body
    assert re.search(r'value="all_pungs"[^>]*checked', body)
    assert "conflict-choices" not in body and 'value="save"' in body and "board-unknown" not in body
    # The bar already shows this hand scored against the table as it is now; nothing saved yet.
    assert 'class="seat-changes"' in body
    assert Round.objects.filter(session=shenyang).count() == 1
    token = re.search(r'name="client_token" value="([0-9a-f]+)"', body)
    assert token is not None
    saved = phone.post(
        f"/sessions/{shenyang.pk}/hands/new/",
        taps(2, token.group(1), winner="2", how="discard-1", patterns=["all_pungs"], action="save"),
        headers=HTMX,
    )
    assert answered_with_the_board(saved, shenyang)
    assert Round.objects.get(session=shenyang, number=2).record["wins"][0]["seat"] == 2


def test_a_finished_session_offers_no_next_hand(owner, shenyang):
    services.finish_session(shenyang)
    phone = signed_in(owner)
    response = phone.post(
        f"/sessions/{shenyang.pk}/hands/new/", taps(1, "x", winner="0", how="self_draw"), headers=HTMX
    )
    assert response.status_code == 409 and "renumber" not in response.content.decode()
