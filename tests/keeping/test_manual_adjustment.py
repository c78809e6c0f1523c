"""A hand the rules refuse but the table insists happened so (issue 18): two taps under the refusal
keep it as a manual adjustment with a note, shown as such in the history, on the hand's page and in
the export; without a note it is refused and nothing is saved."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping.models import GameSession, Round
from tests.conftest import HTMX, answered_with_the_board, make_session, taps

pytestmark = pytest.mark.django_db
# Shandong: a heavenly hand is the dealer's alone; Cy is not the dealer.
REFUSED = {"winner": "2", "how": "self_draw", "patterns": ["heavenly_hand"]}


@pytest.fixture
def keeper_client(keeper_client: Client) -> Client:
    """The owner's phone, in Chinese."""
    keeper_client.cookies["django_language"] = "zh-hans"
    return keeper_client


@pytest.fixture
def shandong(owner: User) -> GameSession:
    return make_session(owner, "shandong", base=5)


def refused_taps(**fields: Any) -> dict[str, Any]:
    """The first hand as REFUSED taps it, with `fields` changed."""
    return {**taps(1, "t1", **REFUSED), **fields}


def test_a_refused_save_offers_to_keep_it_as_a_manual_adjustment(keeper_client, shandong):
    response = keeper_client.post(f"/sessions/{shandong.pk}/hands/new/", refused_taps(action="save"), headers=HTMX)
    body = response.content.decode()
    assert response.status_code == 422
    insist = body[body.index('<details class="insist"') :]
    assert "仍要记下：按手工调整…" in insist and 'name="action" value="insist"' in insist
    assert not Round.objects.filter(session=shandong).exists()


def test_keeping_it_saves_the_adjustment_with_the_note_and_says_so_everywhere(keeper_client, shandong):
    fields = refused_taps(action="insist", insist_note="牌桌认定天和", adjust_0="-30", adjust_2="30")
    response = keeper_client.post(f"/sessions/{shandong.pk}/hands/new/", fields, headers=HTMX)
    assert answered_with_the_board(response, shandong)
    hand = Round.objects.get(session=shandong, number=1)
    assert hand.record == {
        "result": "void",
        "penalties": [{"kind": "adjustment", "deltas": [-30, 0, 30, 0], "note": "牌桌认定天和"}],
    }
    assert hand.deltas == [-30, 0, 30, 0] and hand.method == "manual"
    history = keeper_client.get(f"/sessions/{shandong.pk}/hands/").content.decode()
    assert "手工调整" in history
    page = keeper_client.get(f"/sessions/{shandong.pk}/hands/1/").content.decode()
    assert "按手工调整记下" in page and "牌桌认定天和" in page
    csv = keeper_client.get(f"/sessions/{shandong.pk}/export.csv").content.decode()
    # The CSV speaks the keeper's language: the hand's result is said as a manual adjustment.
    assert "\r\n1,手工调整," in csv
    summary = keeper_client.get(f"/sessions/{shandong.pk}/summary/").content.decode()
    assert "手工调整" in summary and "作废" not in summary


def test_keeping_it_without_a_note_is_refused_and_saves_nothing(keeper_client, shandong):
    response = keeper_client.post(f"/sessions/{shandong.pk}/hands/new/", refused_taps(action="insist"), headers=HTMX)
    body = response.content.decode()
    assert response.status_code == 422 and "请在备注里写明为什么这样记" in body
    assert '<details class="insist" open>' in body
    assert not Round.objects.filter(session=shandong).exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hans", "记为作废加手工调整：庄家不变。"), ("en", "the same dealer deals again")],
)
def test_the_panel_says_the_same_dealer_deals_again_and_so_it_is(keeper_client, owner, language, words):
    # Cy (seat 2) deals hand 2; the refused hand names Bo's heavenly hand, which is the dealer's alone.
    game = make_session(owner, "shandong", base=5, first_dealer=2)
    keeper_client.cookies["django_language"] = language
    refused = {"client_token": "t1", "expected_number": 1, "winner": "1", "how": "self_draw"}
    refused["patterns"] = ["heavenly_hand"]
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", {**refused, "action": "save"}, headers=HTMX)
    insist = response.content.decode().split('<details class="insist"', 1)[1]
    assert words in insist
    kept = {**refused, "action": "insist", "insist_note": "as the table saw it"}
    assert answered_with_the_board(keeper_client.post(f"/sessions/{game.pk}/hands/new/", kept, headers=HTMX), game)
    game.refresh_from_db()
    assert game.hand_count == 1 and game.state["dealer"] == 2
