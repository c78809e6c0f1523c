"""A client token once spent stays spent: a Save retried after its hand was undone, deleted or
changed on another phone is refused with what happened, never saved again; a token that names
another record is refused; imported hands carry tokens no one can guess."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Round, SpentToken
from tablekeeper.keeping.services.exchange import export_session, import_session
from tests.conftest import HTMX, draw, make_session, record_all, stands, win
from tests.web.test_offline import OUTBOX, kept_hand, outbox

pytestmark = pytest.mark.django_db


def save_hand_one(keeper_client: Client, game, token: str = "lost-answer", **headers: str):
    return keeper_client.post(outbox(game), kept_hand(1, token), headers={**OUTBOX, **headers})


def test_a_retried_token_of_an_undone_hand_is_refused_and_the_hand_does_not_come_back(keeper_client, owner, game):
    # The Save reached the server, its answer was lost, so the hand stayed in the outbox...
    assert save_hand_one(keeper_client, game).json() == {"outcome": "saved", "saved": 1}
    # ...and meanwhile another keeper undid it.
    stands(services.undo_last_hand(game, user=owner))

    retry = save_hand_one(keeper_client, game)
    assert retry.status_code == 409
    said = retry.json()
    # When the server looked, to the second: a keeper who saves the hand again from the form has seen that undo.
    assert said.pop("checked") >= SpentToken.objects.get().when.timestamp()
    assert said == {
        "outcome": "spent",
        "conflict": "Hand 1 was undone on another phone after it was saved; it was not saved again.",
        "next": 1,
        "spent": True,
    }
    assert not Round.objects.filter(session=game).exists()
    game.refresh_from_db()
    assert (game.hand_count, game.totals) == (0, [0, 0, 0, 0])


def test_a_retried_token_of_a_deleted_hand_is_refused(keeper_client, owner, game):
    save_hand_one(keeper_client, game)
    record_all(game, [draw()], owner)
    stands(services.delete_hand(game, 1, user=owner))

    retry = save_hand_one(keeper_client, game)
    assert retry.status_code == 409
    assert retry.json()["conflict"] == "Hand 1 was deleted on another phone after it was saved; it was not saved again."
    assert list(Round.objects.filter(session=game).values_list("result", flat=True)) == ["draw"]
    tombstone = SpentToken.objects.get(session=game, token="lost-answer")
    assert (tombstone.number, tombstone.ending, tombstone.record["wins"][0]["seat"]) == (1, "deleted", 2)


def test_a_retried_token_of_a_hand_changed_on_another_phone_is_refused_and_the_change_stays(keeper_client, owner, game):
    save_hand_one(keeper_client, game)
    stands(services.edit_hand(game, 1, win(3), user=owner))

    retry = save_hand_one(keeper_client, game)
    assert retry.status_code == 409
    assert retry.json()["conflict"] == "Hand 1 was saved, then changed on another phone; it was not saved again."
    assert [hand.record for hand in Round.objects.filter(session=game)] == [win(3)]


def test_a_retried_token_is_still_answered_as_saved_while_its_hand_stands_as_sent(keeper_client, game):
    save_hand_one(keeper_client, game)
    again = save_hand_one(keeper_client, game)
    assert (again.status_code, again.json()) == (200, {"outcome": "already_saved", "saved": 1})


def test_a_token_that_names_another_record_is_a_conflict_not_a_false_saved(keeper_client, owner, game):
    stands(services.record_hand(game, draw(), client_token="shared-token", expected_number=1, user=owner))
    answer = save_hand_one(keeper_client, game, token="shared-token")
    assert answer.status_code == 409
    assert answer.json()["outcome"] == "spent" and answer.json()["spent"] is True
    assert "carries the token of another hand (hand 1)" in answer.json()["conflict"]
    assert [hand.record for hand in Round.objects.filter(session=game)] == [draw()]


def test_the_spent_token_answer_is_in_chinese_for_a_chinese_phone(keeper_client, owner, game):
    save_hand_one(keeper_client, game)
    stands(services.undo_last_hand(game, user=owner))
    retry = save_hand_one(keeper_client, game, **{"accept-language": "zh-hans"})
    assert retry.status_code == 409
    said = retry.json()["conflict"]
    assert "另一部手机" in said and "撤销" in said
    assert not any("a" <= char.lower() <= "z" for char in said)


def test_the_htmx_form_says_why_a_spent_token_was_not_saved(keeper_client, owner, game):
    save_hand_one(keeper_client, game)
    stands(services.undo_last_hand(game, user=owner))
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", kept_hand(1, "lost-answer"), headers=HTMX)
    assert response.status_code == 409
    assert "Hand 1 was undone on another phone" in response.content.decode()


def test_the_services_refuse_a_spent_token_with_the_hand_it_made(game, owner):
    stands(services.record_hand(game, win(2), client_token="tap", expected_number=1, user=owner))
    stands(services.undo_last_hand(game, user=owner))
    spent = services.record_hand(game, win(2), client_token="tap", expected_number=1, user=owner)
    assert isinstance(spent, services.TokenSpent) and spent.number == 1
    # A new hand on a new token is recorded as usual.
    stands(services.record_hand(game, win(2), client_token="tap-again", expected_number=1, user=owner))
    assert Round.objects.filter(session=game).count() == 1


def test_imported_hands_carry_tokens_no_one_can_guess(owner):
    game = make_session(owner)
    record_all(game, [win(1), draw(), win(2)], owner)
    exported = json.loads(json.dumps(export_session(game, list(game.seats.select_related("player")))))
    first, second = import_session(owner, exported), import_session(owner, exported)
    tokens = [
        set(Round.objects.filter(session=imported).values_list("client_token", flat=True))
        for imported in (first, second)
    ]
    assert not tokens[0] & tokens[1], "each import draws its own tokens"
    assert not any(token in {"import-1", "import-2", "import-3"} for token in tokens[0])
    assert all(len(token) >= 20 for token in tokens[0])
