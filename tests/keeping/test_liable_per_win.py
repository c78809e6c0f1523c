"""承包 per win (RULES §0.2, §4.6) through the hand form: each winner's own liable player, written on their win."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from tablekeeper.keeping import services
from tablekeeper.keeping.forms import HandForm
from tablekeeper.keeping.models import GameSession, Round, city_presets
from tablekeeper.rules import Record
from tests.conftest import HTMX, answered_with_the_board, make_session, stands, taps

pytestmark = pytest.mark.django_db


@pytest.fixture
def shandong(owner: User) -> GameSession:
    return make_session(owner, "shandong", base=5)


def test_a_liable_player_on_the_second_of_two_winners_is_saved_on_that_win_and_scored_as_the_engine_says(
    keeper_client, shandong
):
    # Ann (2 flowers) and Bo both win on Di's discard; Cy fed Bo, so Cy pays all Bo receives.
    response = keeper_client.post(
        f"/sessions/{shandong.pk}/hands/new/",
        taps(winner="0", how="discard-3", flowers="2", extra_winner_1="1", extra_liable_1="2"),
        headers=HTMX,
    )
    assert answered_with_the_board(response, shandong)
    saved = Round.objects.get(session=shandong)
    assert "liable" not in saved.record
    assert [win.get("liable") for win in saved.record["wins"]] == [None, 2]
    # What the engine says for this record from the session's start, and that Cy's liability moved the payment.
    expected = services.preview_hand(shandong, saved.record, number=1)
    assert expected["ok"] and saved.deltas == expected["deltas"]
    assert saved.deltas[2] < 0
    unliable: Record = {**saved.record, "wins": [saved.record["wins"][0], {**saved.record["wins"][1], "liable": None}]}
    assert services.preview_hand(shandong, unliable, number=1)["deltas"][2] == 0


def test_the_form_offers_a_liable_choice_for_each_winner_under_more(keeper_client, shandong):
    body = keeper_client.get(f"/sessions/{shandong.pk}/hands/new/", headers={"Accept-Language": "zh-hans"}).content
    page = body.decode()
    for name in ("liable", "extra_liable_1", "extra_liable_2"):
        assert f'name="{name}"' in page
    assert "赢家 2" in page and "赢家 3" in page


def test_a_liable_player_for_a_winner_nobody_is_is_refused_in_words_and_saves_nothing(keeper_client, shandong):
    response = keeper_client.post(
        f"/sessions/{shandong.pk}/hands/new/",
        taps(winner="0", how="discard-3", extra_liable_1="2"),
        headers=HTMX,
    )
    assert response.status_code in (200, 422)
    assert "HX-Push-Url" not in response.headers
    assert "Tap this winner first" in response.content.decode()
    assert not Round.objects.filter(session=shandong).exists()


def test_one_winners_liable_player_is_written_on_their_win(keeper_client, shandong):
    response = keeper_client.post(
        f"/sessions/{shandong.pk}/hands/new/",
        taps(winner="0", how="discard-3", flowers="2", liable="2"),
        headers=HTMX,
    )
    assert answered_with_the_board(response, shandong)
    saved = Round.objects.get(session=shandong)
    assert "liable" not in saved.record and saved.record["wins"][0]["liable"] == 2
    # §4.6: Cy pays Ann's (5 + 2) instead of the discarder Di.
    assert saved.deltas == [7, 0, -7, 0]


def test_an_old_record_with_a_top_level_liable_player_keeps_it_when_edited(keeper_client, shandong):
    old: Record = {
        "result": "win",
        "wins": [{"seat": 0, "method": "discard", "from": 3, "patterns": [], "flowers": 2}],
        "liable": 2,
    }
    stands(services.record_hand(shandong, old, client_token="old-1", expected_number=1, user=None))
    saved = Round.objects.get(session=shandong)
    assert saved.deltas == [7, 0, -7, 0]
    page = keeper_client.get(f"/sessions/{shandong.pk}/hands/1/edit/").content.decode()
    assert 'name="liable" value="2" checked' in page
    initial = HandForm.initial_from_record(saved.record)
    assert initial["liable"] == "2"
    response = keeper_client.post(
        f"/sessions/{shandong.pk}/hands/1/edit/",
        taps(
            client_token="edit-1",
            winner="0",
            how="discard-3",
            flowers="2",
            liable=initial["liable"],
            based_on=saved.fingerprint,
        ),
        headers=HTMX,
    )
    assert answered_with_the_board(response, shandong)
    saved.refresh_from_db()
    assert saved.record["wins"][0]["liable"] == 2 and "liable" not in saved.record
    assert saved.deltas == [7, 0, -7, 0]


def test_the_hand_page_names_each_wins_liable_player(keeper_client, shandong):
    keeper_client.post(
        f"/sessions/{shandong.pk}/hands/new/",
        taps(winner="0", how="discard-3", extra_winner_1="1", extra_liable_1="2"),
        headers=HTMX,
    )
    page = keeper_client.get(f"/sessions/{shandong.pk}/hands/1/").content.decode()
    assert "Cy pays all (liable)" in page


def test_a_second_winner_named_their_own_liable_player_is_refused_beside_that_choice_in_chinese(
    keeper_client, shandong
):
    response = keeper_client.post(
        f"/sessions/{shandong.pk}/hands/new/",
        taps(winner="0", how="discard-3", extra_winner_1="1", extra_liable_1="1"),
        headers={**HTMX, "Accept-Language": "zh-hans"},
    )
    assert "HX-Push-Url" not in response.headers
    page = response.content.decode()
    assert "承包的Bo" in page and "承包的人就是胡牌者" in page
    # The refusal sits under the second winner's liable choice, not under the first winner's.
    assert page.index("承包的人就是胡牌者") > page.index('name="extra_liable_1"')
    assert not Round.objects.filter(session=shandong).exists()


def jinan(owner: User) -> GameSession:
    preset = next(p for p in city_presets("shandong") if p["id"] == "jinan_tuyoo")
    return make_session(owner, "shandong", base=1, options=dict(preset["options"]), city_preset="jinan_tuyoo")


def test_a_table_whose_city_preset_plays_no_liable_player_is_not_offered_one(keeper_client, owner, shandong):
    """济南·途游 marks no 承包 (RULES §9.7): its form leaves the picker out; the rule book's table keeps it."""
    at_jinan = keeper_client.get(f"/sessions/{jinan(owner).pk}/hands/new/").content.decode()
    at_the_book = keeper_client.get(f"/sessions/{shandong.pk}/hands/new/").content.decode()
    assert 'name="liable"' not in at_jinan and 'name="extra_liable_1"' not in at_jinan
    assert 'name="liable"' in at_the_book and 'name="extra_liable_1"' in at_the_book


def test_a_stored_hand_that_names_a_liable_player_keeps_its_picker_at_such_a_table(keeper_client, owner):
    game = jinan(owner)
    record: Record = {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": [], "liable": 2}]}
    stands(services.record_hand(game, record, client_token="stored-liable", expected_number=1, user=owner))
    edit = keeper_client.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode()
    assert 'name="liable"' in edit
    form = HandForm(game, initial={"liable": "2"})
    assert "liable" in form.fields


def test_the_rules_page_of_such_a_table_says_it_does_not_play_a_liable_player(keeper_client, owner, shandong):
    keeper_client.cookies["django_language"] = "zh-hans"
    liable = re.compile(r'<div id="item-liable"( class="not-played")?><dt>承包(.*?)</dt>')
    at_jinan = liable.search(keeper_client.get(f"/sessions/{jinan(owner).pk}/rules/").content.decode())
    at_the_book = liable.search(keeper_client.get(f"/sessions/{shandong.pk}/rules/").content.decode())
    assert at_jinan and at_jinan.group(1) and "本桌不计" in at_jinan.group(2)
    assert at_the_book and not at_the_book.group(1)
