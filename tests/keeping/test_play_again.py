"""再来一场: one tap from a finished session starts the next one with the same table."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Keeper
from tests.conftest import stands

from ..conftest import make_session, record_all, signed_in, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(owner: User) -> GameSession:
    """A Shandong evening at 济南·途游 with a fee and a rate; Bo wins hand 1, so Bo would deal hand 2."""
    session = make_session(
        owner, "shandong", base=5, starting_points=500, options={"cap": 16}, city_preset="jinan_tuyoo"
    )
    GameSession.objects.filter(pk=session.pk).update(
        fee_kind="per_hand", fee_amount=Decimal("2.50"), place="泉城棋牌室"
    )
    session.refresh_from_db()
    record_all(session, [win(1)])
    stands(services.finish_session(session, money_rate=Decimal("0.50")))
    session.refresh_from_db()
    return session


def again_url(session: GameSession) -> str:
    return reverse("session_again", args=[session.pk])


def newest(owner: User) -> GameSession:
    return GameSession.objects.filter(owner=owner).latest("created")


def test_a_finished_sessions_board_offers_to_play_again_in_chinese(owner: User, finished: GameSession):
    page = signed_in(owner).get(finished.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()

    assert "再来一场（随机定庄）" in page
    assert "再来一场（Bo坐庄）" in page
    assert again_url(finished) in page


def test_an_open_sessions_board_does_not_offer_it(owner: User, game: GameSession):
    assert again_url(game) not in signed_in(owner).get(game.get_absolute_url()).content.decode()


def test_playing_again_keeps_the_players_seats_rules_rate_and_fee_and_gives_the_deal_to_the_next_dealer(
    owner: User, finished: GameSession
):
    response = signed_in(owner).post(again_url(finished), {"dealer": "next"})

    again = newest(owner)
    assert again.pk != finished.pk
    assert response.status_code == 302 and response.headers["Location"] == again.get_absolute_url()
    assert [s.player.name for s in again.seats.select_related("player").order_by("index")] == ["Ann", "Bo", "Cy", "Di"]
    assert (again.variant, again.options, again.city_preset) == ("shandong", {"cap": 16}, "jinan_tuyoo")
    assert (again.base, again.starting_points, again.money_rate) == (5, 500, Decimal("0.50"))
    assert (again.fee_kind, again.fee_amount, again.place) == ("per_hand", Decimal("2.50"), "泉城棋牌室")
    assert again.first_dealer == 1 and again.state["dealer"] == 1
    assert again.is_open and again.hand_count == 0


def test_playing_again_with_a_random_dealer_draws_one_of_the_four(owner: User, finished: GameSession):
    signed_in(owner).post(again_url(finished), {"dealer": "random"})

    assert newest(owner).first_dealer in range(4)


def test_a_double_tap_starts_one_session_not_two(owner: User, finished: GameSession):
    phone = signed_in(owner)
    first = phone.post(again_url(finished), {"dealer": "next"})
    second = phone.post(again_url(finished), {"dealer": "next"})

    assert first.headers["Location"] == second.headers["Location"]
    assert GameSession.objects.filter(owner=owner).count() == 2


def test_a_co_keeper_plays_again_at_their_own_account_with_the_same_names(owner: User, finished: GameSession):
    friend = User.objects.create_user("friend", password="pw-friend-123")
    Keeper.objects.create(session=finished, user=friend, added_by=owner)

    signed_in(friend).post(again_url(finished), {"dealer": "next"})

    again = newest(friend)
    assert again.owner == friend
    assert [s.player.name for s in again.seats.select_related("player").order_by("index")] == ["Ann", "Bo", "Cy", "Di"]


def test_a_stranger_cannot_play_anothers_table_again(stranger: User, finished: GameSession):
    response = signed_in(stranger).post(again_url(finished), {"dealer": "next"})

    assert response.status_code == 404
    assert not GameSession.objects.filter(owner=stranger).exists()


@pytest.mark.parametrize("dealer", ["", "north", "\x00", "9" * 50])
def test_a_made_up_dealer_choice_starts_nothing_and_says_why(owner: User, finished: GameSession, dealer: str):
    response = signed_in(owner).post(again_url(finished), {"dealer": dealer}, follow=True)

    assert response.status_code == 200
    assert "Choose who deals first." in response.content.decode()
    assert GameSession.objects.filter(owner=owner).count() == 1


def test_a_get_starts_nothing(owner: User, finished: GameSession):
    assert signed_in(owner).get(again_url(finished)).status_code == 405
