"""Two phones at one table: an edit, delete or undo opened on a hand that another phone has
changed since must be refused (409 or a message), never applied to a hand the keeper did not see."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tests.conftest import HTMX, answered_with_the_board, draw, post_confirmed, record_all, stands, win

pytestmark = pytest.mark.django_db


def phone(owner: User) -> Client:
    device = Client()
    device.force_login(owner)
    return device


def based_on(page: str) -> str:
    found = re.search(r'name="based_on" value="([0-9a-f]+)"', page)
    assert found, "the page must carry the fingerprint of the hand it shows"
    return found.group(1)


def edit_taps(fingerprint: str, winner: str) -> dict[str, str]:
    return {
        "winner": winner,
        "how": "self_draw",
        "client_token": "unused-on-edit",
        "expected_number": "1",
        "based_on": fingerprint,
    }


def records(game: GameSession) -> list[object]:
    return list(Round.objects.filter(session=game).order_by("number").values_list("record", flat=True))


def test_two_phones_editing_the_same_past_hand_get_one_success_and_one_conflict(owner, game):
    record_all(game, [win(2), draw()], owner)
    phone_a, phone_b = phone(owner), phone(owner)
    seen_a = based_on(phone_a.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode())
    seen_b = based_on(phone_b.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode())
    first = post_confirmed(phone_a, f"/sessions/{game.pk}/hands/1/edit/", edit_taps(seen_a, "3"), headers=HTMX)
    second = phone_b.post(f"/sessions/{game.pk}/hands/1/edit/", edit_taps(seen_b, "1"), headers=HTMX)
    assert answered_with_the_board(first, game)
    assert second.status_code == 409
    assert "Hand 1 was changed on another device" in second.content.decode()
    assert records(game) == [win(3), draw()]


def test_an_edit_opened_before_the_hand_was_undone_and_recorded_again_is_refused(owner, game):
    record_all(game, [win(2), draw()], owner)
    phone_a, phone_b = phone(owner), phone(owner)
    seen = based_on(phone_a.get(f"/sessions/{game.pk}/hands/2/edit/").content.decode())
    board = phone_b.get(f"/sessions/{game.pk}/").content.decode()
    phone_b.post(f"/sessions/{game.pk}/hands/undo/", {"based_on": based_on(board)})
    # The same record again, but a different hand: a new save with its own token.
    game.refresh_from_db()
    stands(services.record_hand(game, draw(), client_token="phone-b-again", expected_number=2, user=owner))
    response = phone_a.post(f"/sessions/{game.pk}/hands/2/edit/", edit_taps(seen, "1"), headers=HTMX)
    assert response.status_code == 409
    assert records(game) == [win(2), draw()]


def test_a_delete_opened_before_another_phone_deleted_that_number_removes_nothing_more(owner, game):
    record_all(game, [win(2), draw(), win(1)], owner)
    phone_a, phone_b = phone(owner), phone(owner)
    seen_a = based_on(phone_a.get(f"/sessions/{game.pk}/hands/1/").content.decode())
    seen_b = based_on(phone_b.get(f"/sessions/{game.pk}/hands/1/").content.decode())
    post_confirmed(phone_a, f"/sessions/{game.pk}/hands/1/delete/", {"based_on": seen_a})
    # Hand 1 is now the draw that was hand 2; phone B meant the win it saw.
    response = phone_b.post(f"/sessions/{game.pk}/hands/1/delete/", {"based_on": seen_b}, follow=True)
    assert "Hand 1 was changed on another device" in response.content.decode()
    assert records(game) == [draw(), win(1)]


def test_an_undo_tapped_after_another_phone_saved_a_hand_undoes_nothing(owner, game):
    record_all(game, [win(2)], owner)
    phone_a = phone(owner)
    seen = based_on(phone_a.get(f"/sessions/{game.pk}/").content.decode())
    record_all(game, [win(1)], owner)  # saved from the other phone meanwhile
    response = phone_a.post(f"/sessions/{game.pk}/hands/undo/", {"based_on": seen}, follow=True)
    assert "The last hand changed on another device, so nothing was undone" in response.content.decode()
    assert records(game) == [win(2), win(1)]


def test_two_phones_undoing_at_once_undo_one_hand_not_two(owner, game):
    record_all(game, [win(2), win(1)], owner)
    phone_a, phone_b = phone(owner), phone(owner)
    seen_a = based_on(phone_a.get(f"/sessions/{game.pk}/").content.decode())
    seen_b = based_on(phone_b.get(f"/sessions/{game.pk}/").content.decode())
    phone_a.post(f"/sessions/{game.pk}/hands/undo/", {"based_on": seen_a})
    phone_b.post(f"/sessions/{game.pk}/hands/undo/", {"based_on": seen_b})
    assert records(game) == [win(2)]
    game.refresh_from_db()
    assert game.hand_count == 1


def test_an_undo_from_the_board_the_keeper_sees_still_works(owner, game):
    record_all(game, [win(2), draw()], owner)
    keeper = phone(owner)
    seen = based_on(keeper.get(f"/sessions/{game.pk}/").content.decode())
    response = keeper.post(f"/sessions/{game.pk}/hands/undo/", {"based_on": seen}, follow=True)
    assert "Hand 2 undone." in response.content.decode()
    assert records(game) == [win(2)]
