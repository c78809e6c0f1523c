"""A false win (诈胡): the void chip asks who, charges the variant's penalty, and shows it before
Save; where the variant has no such penalty the chip promises none."""

from __future__ import annotations

import pytest

from tablekeeper.keeping.models import Round
from tests.conftest import HTMX, answered_with_the_board, make_session, taps

pytestmark = pytest.mark.django_db


def test_the_false_win_chip_asks_who_with_the_four_seat_chips(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    keeper_client.cookies["django_language"] = "zh-hans"
    body = keeper_client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    assert "作废（诈胡）" in body
    asked = body[body.index('class="taps false-win void-only"') :]
    asked = asked[: asked.index("</fieldset>")]
    assert "谁诈胡" in asked
    assert [f'name="false_win_seat" value="{seat}"' in asked for seat in range(4)] == [True] * 4


def test_the_bar_shows_the_false_win_penalty_before_save(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/preview/", taps(game.next_number, winner="void", false_win_seat="2"), headers=HTMX
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert [f">{delta}</b>" in body for delta in ("+8", "-24")] == [True, True]


def test_saving_a_false_win_charges_the_one_who_declared_it(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/new/", taps(game.next_number, winner="void", false_win_seat="2"), headers=HTMX
    )
    assert answered_with_the_board(response, game)
    hand = Round.objects.get(session=game, number=1)
    assert hand.record == {"result": "void", "penalties": [{"kind": "false_win", "seat": 2}]}
    assert hand.deltas == [8, 8, -24, 8]


def test_a_false_win_without_who_is_asked_for_and_saves_nothing(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    keeper_client.cookies["django_language"] = "zh-hans"
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/new/", taps(game.next_number, winner="void"), headers=HTMX
    )
    assert response.status_code == 422
    assert "请点选谁诈胡" in response.content.decode()
    assert not Round.objects.filter(session=game).exists()


def test_a_false_win_already_charged_under_more_is_not_charged_twice(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    fields = {"penalty_kind_0": "false_win", "penalty_seat_0": "1", "penalty_count_0": "1"}
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/new/", taps(game.next_number, winner="void", **fields), headers=HTMX
    )
    assert response.status_code == 200
    assert Round.objects.get(session=game, number=1).deltas == [8, -24, 8, 8]


def test_editing_a_false_win_opens_with_its_offender_tapped(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    keeper_client.post(
        f"/sessions/{game.pk}/hands/new/", taps(game.next_number, winner="void", false_win_seat="3"), headers=HTMX
    )
    body = keeper_client.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode()
    assert 'name="false_win_seat" value="3" checked' in body
    assert 'name="penalty_kind_0" value="false_win" checked' not in body


@pytest.mark.parametrize("variant", ["dalian", "harbin", "shandong", "zhengzhou"])
def test_where_no_false_win_is_charged_the_void_chip_promises_no_penalty(keeper_client, owner, variant):
    game = make_session(owner, variant, base=1)
    keeper_client.cookies["django_language"] = "zh-hans"
    body = keeper_client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    assert "诈胡" not in body and "false_win_seat" not in body
    assert "作废（不计分）" in body
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/new/", taps(game.next_number, winner="void"), headers=HTMX
    )
    assert response.status_code == 200
    assert Round.objects.get(session=game, number=1).deltas == [0, 0, 0, 0]


def test_what_was_entered_calls_a_void_hand_a_false_win_only_when_one_was_charged(keeper_client, owner):
    charged = make_session(owner, "shenyang", base=1)
    keeper_client.post(
        f"/sessions/{charged.pk}/hands/new/", taps(charged.next_number, winner="void", false_win_seat="1"), headers=HTMX
    )
    plain = make_session(owner, "dalian", base=1)
    keeper_client.post(f"/sessions/{plain.pk}/hands/new/", taps(plain.next_number, winner="void"), headers=HTMX)
    keeper_client.cookies["django_language"] = "zh-hans"
    assert "作废（诈胡）" in keeper_client.get(f"/sessions/{charged.pk}/hands/1/").content.decode()
    body = keeper_client.get(f"/sessions/{plain.pk}/hands/1/").content.decode()
    assert "作废（不计分）" in body and "诈胡" not in body
