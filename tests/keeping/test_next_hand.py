"""What a new hand's form polls to stay true to the server (keeping/views/next_hand.py): the number of the
next hand, who deals it, the table line in the keeper's language and the next deals; cheap while
nothing changed (a 304), and right again after an undo or delete on another phone."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tablekeeper.rules import Record
from tablekeeper.rules.deal import next_deals
from tests.conftest import make_session, signed_in, stands

pytestmark = pytest.mark.django_db
JSON = {"Accept": "application/json"}


@pytest.fixture
def shenyang(owner: User) -> GameSession:
    # Bo deals first; a win by anyone but the dealer passes the deal on.
    return make_session(owner, "shenyang", base=1, first_dealer=1)


def cy_self_draws(game: GameSession, token: str, number: int) -> None:
    record: Record = {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": []}]}
    stands(services.record_hand(game, record, client_token=token, expected_number=number, user=None))


def test_it_says_the_next_hand_its_dealer_and_the_table_line_in_the_keepers_language(owner, shenyang):
    phone = signed_in(owner)
    phone.cookies["django_language"] = "zh-hans"
    basis = phone.get(f"/sessions/{shenyang.pk}/hands/next/", headers=JSON).json()
    assert (basis["next"], basis["dealer"], basis["open"]) == (1, 1, True)
    assert basis["line"] == "庄家Bo"
    shenyang.refresh_from_db()
    assert basis["version"] == shenyang.version
    assert basis["deals"] == next_deals("shenyang", shenyang.starting_state(), shenyang.engine_options())
    phone.cookies["django_language"] = "en"
    assert phone.get(f"/sessions/{shenyang.pk}/hands/next/", headers=JSON).json()["line"] == "Dealer Bo"


def test_after_an_undo_on_another_phone_it_says_the_undone_hand_is_next_again(owner, shenyang):
    phone = signed_in(owner)
    cy_self_draws(shenyang, "first", 1)
    shenyang.refresh_from_db()
    before = phone.get(f"/sessions/{shenyang.pk}/hands/next/", headers=JSON).json()
    assert (before["next"], before["dealer"]) == (2, 2)
    stands(services.undo_last_hand(shenyang, user=owner))
    after = phone.get(f"/sessions/{shenyang.pk}/hands/next/", headers=JSON).json()
    assert (after["next"], after["dealer"]) == (1, 1)
    assert after["version"] > before["version"]


def test_it_answers_not_modified_while_nothing_changed(owner, shenyang):
    phone = signed_in(owner)
    url = f"/sessions/{shenyang.pk}/hands/next/"
    first = phone.get(url, headers=JSON)
    assert first.status_code == 200 and first["ETag"]
    assert phone.get(url, headers={**JSON, "If-None-Match": first["ETag"]}).status_code == 304
    cy_self_draws(shenyang, "first", 1)
    changed = phone.get(url, headers={**JSON, "If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and json.loads(changed.content)["next"] == 2


def test_a_stranger_is_told_nothing(stranger, shenyang):
    assert signed_in(stranger).get(f"/sessions/{shenyang.pk}/hands/next/", headers=JSON).status_code == 404


def test_the_new_hand_form_names_its_poll_and_the_version_it_was_drawn_from(owner, shenyang):
    body = signed_in(owner).get(f"/sessions/{shenyang.pk}/hands/new/").content.decode()
    shenyang.refresh_from_db()
    assert f'data-next="/sessions/{shenyang.pk}/hands/next/" data-version="{shenyang.version}"' in body
