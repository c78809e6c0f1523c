"""Starting a session, the board, finishing, and keeping other keepers out."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.forms import StartSessionForm
from tablekeeper.keeping.models import GameSession, Player
from tests.conftest import HTMX, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db


def start_form_data(variant: str = "zhengzhou", **overrides: Any) -> dict[str, Any]:
    """What a browser posts for the start form left at the variant's defaults."""
    form = StartSessionForm(initial={"variant": variant})
    data: dict[str, Any] = {"variant": variant, "first_dealer": "0"}
    data.update({f"player_{i}": name for i, name in enumerate(["Ann", "Bo", "Cy", "Di"])})
    data["starting_points"] = form["starting_points"].value()
    data["base"] = form["base"].value()
    for spec, field in form.option_fields:
        value = field.value()
        if spec["type"] == "bool":
            if value:
                data[field.html_name] = "on"
        elif value is not None:
            data[field.html_name] = value
    data.update(overrides)
    return data


@pytest.mark.parametrize("variant", ["dalian", "shenyang", "harbin", "shandong", "zhengzhou"])
def test_a_session_starts_in_every_variant_with_its_defaults(keeper_client, owner, variant):
    response = keeper_client.post("/sessions/new/", start_form_data(variant))
    game = GameSession.objects.get(owner=owner)
    assert response.status_code == 302 and response["Location"] == f"/sessions/{game.pk}/"
    assert game.variant == variant and game.options == {}
    assert [seat.player.name for seat in game.seats.order_by("index")] == ["Ann", "Bo", "Cy", "Di"]


def test_a_changed_house_rule_is_stored_with_the_session(keeper_client, owner):
    keeper_client.post("/sessions/new/", start_form_data(opt_max_pao="2"))
    assert GameSession.objects.get(owner=owner).options == {"max_pao": 2}


def test_four_different_names_are_required(keeper_client):
    response = keeper_client.post("/sessions/new/", start_form_data(player_3="ann"))
    assert response.status_code == 200
    assert "Four different names" in response.content.decode()
    assert not GameSession.objects.exists()


def test_an_invalid_start_form_sent_by_htmx_answers_422_with_the_form_only(keeper_client):
    response = keeper_client.post("/sessions/new/", start_form_data(player_1=""), headers=HTMX)
    assert response.status_code == 422
    body = response.content.decode()
    assert body.lstrip().startswith('<form id="start-form"') and "<html" not in body


def test_changing_the_variant_swaps_in_its_defaults_and_house_rules(keeper_client):
    response = keeper_client.get("/sessions/new/options/?variant=shandong", headers=HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="variant-options">')
    assert 'name="base" value="5"' in body and "opt_exempt258" in body


def test_the_start_form_suggests_the_keepers_earlier_players_only(keeper_client, owner, stranger):
    Player.objects.create(owner=owner, name="Grandma Li")
    Player.objects.create(owner=stranger, name="Somebody Else")
    body = keeper_client.get("/sessions/new/").content.decode()
    assert '<option value="Grandma Li">' in body and "Somebody Else" not in body


def test_the_board_shows_points_winds_and_the_dealer(keeper_client, game, owner):
    record_all(game, [win(2)], owner)
    body = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    # P2 self-drew (+30, the others −10) and deals next: P2 is East 东, P3 South 南, P0 West 西, P1 North 北.
    assert 'data-points="1030"' in body and body.count('data-points="990"') == 3
    assert 'class="seat top is-dealer"' in body
    assert '<span class="wind" lang="zh">东</span>\n  <span class="name">Cy</span>' in body
    assert '<span class="wind" lang="zh">西</span>\n  <span class="name">Ann</span>' in body
    assert "Hand 2" in body


def test_an_htmx_request_for_the_board_gets_the_live_board_fragment(keeper_client, game):
    response = keeper_client.get(f"/sessions/{game.pk}/", headers=HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="live-board"') and "<html" not in body
    assert '<section id="board"' in body
    assert "HX-Request" in response["Vary"]


@pytest.mark.parametrize(
    "url",
    ["", "hands/", "hands/new/", "share/", "hands/1/", "hands/1/edit/"],
)
def test_another_keepers_session_pages_answer_404(client, stranger, game, owner, url):
    record_all(game, [win(2)], owner)
    client.force_login(stranger)
    assert client.get(f"/sessions/{game.pk}/{url}").status_code == 404


@pytest.mark.parametrize("url", ["finish/", "hands/new/", "hands/undo/", "hands/1/delete/", "share/settings/"])
def test_another_keeper_cannot_change_a_session(client, stranger, game, owner, url):
    record_all(game, [win(2)], owner)
    client.force_login(stranger)
    response = client.post(f"/sessions/{game.pk}/{url}", {"winner": "1", "how": "self_draw", "action": "disable"})
    assert response.status_code == 404
    game.refresh_from_db()
    assert (game.hand_count, game.status, game.share_enabled) == (1, "open", True)


def test_the_session_list_shows_only_the_keepers_own_sessions(client, owner, stranger):
    make_session(owner, player_names=["Ann", "Bo", "Cy", "Di"])
    make_session(stranger, player_names=["Wuzzy", "Xiomara", "Yusuf", "Zoltan"])
    client.force_login(owner)
    body = client.get("/sessions/").content.decode()
    # Long names: a two-letter name could turn up by chance inside the page's random CSRF token.
    assert "Ann" in body and "Wuzzy" not in body and "Xiomara" not in body


def test_finishing_shows_the_final_standings_and_stops_new_hands(keeper_client, game, owner):
    record_all(game, [win(2)], owner)
    response = keeper_client.post(f"/sessions/{game.pk}/finish/", follow=True)
    body = response.content.decode()
    assert "Final standings" in body and 'class="standings"' in body
    assert "Record hand" not in body
    assert keeper_client.get(f"/sessions/{game.pk}/hands/new/").status_code == 302


def test_a_post_without_the_csrf_header_is_refused_and_with_it_accepted(owner, game):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(owner)
    assert strict.post(f"/sessions/{game.pk}/finish/").status_code == 403
    page = strict.get(f"/sessions/{game.pk}/")
    token = page.context["csrf_token"]
    assert f'hx-headers=\'{{"x-csrftoken": "{token}"}}\'' in page.content.decode()
    response = strict.post(f"/sessions/{game.pk}/finish/", headers={"X-CSRFToken": str(token), "HX-Request": "true"})
    assert response.status_code == 200 and response["HX-Redirect"] == f"/sessions/{game.pk}/"
    game.refresh_from_db()
    assert game.status == "finished"


def test_the_board_speaks_chinese_to_a_chinese_browser(keeper_client, game):
    body = keeper_client.get(f"/sessions/{game.pk}/", headers={"Accept-Language": "zh-hans"}).content.decode()
    assert "记一局" in body and 'lang="zh-hans"' in body


def test_the_language_can_be_switched_to_chinese(keeper_client, game):
    keeper_client.post("/i18n/setlang/", {"language": "zh-hans", "next": f"/sessions/{game.pk}/"})
    assert "记一局" in keeper_client.get(f"/sessions/{game.pk}/").content.decode()


def _seat_block(body: str, name: str) -> str:
    """The board's seat holding `name`, from its opening tag to its points."""
    start = body.rindex('<div class="seat ', 0, body.index(f'<span class="name">{name}</span>'))
    return body[start : body.index('class="points"', start)]


def test_the_start_forms_name_boxes_and_dealer_chips_name_the_seats_with_the_same_words(keeper_client):
    keeper_client.cookies["django_language"] = "zh-hans"
    body = keeper_client.get("/sessions/new/").content.decode()
    players, dealer = body.split('<fieldset class="players"')[1].split('<fieldset class="dealer">')
    dealer = dealer.split("</fieldset>")[0]
    for seat in range(1, 5):
        assert f"{seat} 号位" in players and f"{seat} 号位" in dealer
    # A wind is the dealer's to give: no box claims one before the first dealer is known.
    assert not any(f"{wind}位" in players for wind in "东南西北")
    english = Client()
    english.force_login(User.objects.get(username="keeper"))
    page = english.get("/sessions/new/").content.decode()
    assert "Seat 1" in page and "Seat 4" in page and "East seat" not in page


def test_with_a_random_dealer_each_player_sits_on_the_board_in_the_seat_typed(keeper_client, owner, monkeypatch):
    import random

    monkeypatch.setattr(random, "randrange", lambda n: 3)  # the dice give seat 4
    data = start_form_data(first_dealer="random", player_0="张姐", player_1="老王", player_2="小李", player_3="阿强")
    response = keeper_client.post("/sessions/new/", data, headers=HTMX)
    game = GameSession.objects.get(owner=owner)
    assert response["HX-Redirect"] == f"/sessions/{game.pk}/" and game.first_dealer == 3
    keeper_client.cookies["django_language"] = "zh-hans"
    body = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    for number, name in enumerate(["张姐", "老王", "小李", "阿强"], start=1):
        assert f'<span class="seat-no">{number} 号位</span>' in _seat_block(body, name)
    # Seat 4 deals: East 庄; the others get their winds in turn order from there.
    assert ">东<" in _seat_block(body, "阿强") and "is-dealer" in _seat_block(body, "阿强")
    assert ">南<" in _seat_block(body, "张姐") and ">西<" in _seat_block(body, "老王")
    assert ">北<" in _seat_block(body, "小李")


def test_the_session_list_shows_each_finished_sessions_big_winner(keeper_client: Client, owner: User):
    finished = make_session(owner, base=1)
    record_all(finished, [win(2)])
    stands(services.finish_session(finished))
    still_open = make_session(owner, base=1)
    record_all(still_open, [win(1)])
    page = keeper_client.get("/sessions/", headers={"Accept-Language": "zh-hans"}).content.decode()
    assert page.count('class="result"') == 1
    assert "大赢家：Cy +3" in page
