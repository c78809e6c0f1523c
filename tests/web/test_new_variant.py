"""A variant added as one folder works in the whole app with no other change: the start form, a
self-draw, a discard win, a drawn hand with kongs, the board, the history, the reasons in both
languages, and an export imported back. The variant comes from tests/fixtures/variants/, copied into a
temporary registry; what the walk taps is read from `get_variant`, so no line here names it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tablekeeper.models import GameSession, Round
from tablekeeper.rules import get_variant, replay
from tablekeeper.services.errors import HandRejected
from tests.conftest import HTMX, make_session

from .test_sessions import start_form_data

pytestmark = pytest.mark.django_db


def in_language(client: Client, language: str, url: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def save(client: Client, game: GameSession, **taps: Any) -> None:
    game.refresh_from_db()
    data = {"client_token": f"walk-{game.next_number}", "expected_number": game.next_number, **taps}
    response = client.post(f"/sessions/{game.pk}/hands/new/", data)
    assert response.status_code == 302, response.content.decode()[-3000:]


def test_a_variant_added_as_one_folder_is_played_through_the_whole_app(new_variant: str, owner: User) -> None:
    client = Client()
    client.force_login(owner)
    info = get_variant(new_variant)
    assert info["name"]["zh"] in in_language(client, "zh-hans", "/sessions/new/")

    response = client.post("/sessions/new/", start_form_data(new_variant))
    game = GameSession.objects.get(owner=owner)
    assert response.status_code == 302 and game.variant == new_variant

    form = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/new/")
    assert info["patterns"][0]["name"]["zh"] in form
    assert all(names["zh"] in form for names in info["fact_names"]["kong"].values())
    pattern = info["patterns"][0]["id"]
    save(client, game, winner="1", how="self_draw", patterns=[pattern])
    assert "discard" in info["methods"]
    save(client, game, winner="2", how="discard-0")
    kongs = {"kong_seat_0": "0", "kong_kind_0": "exposed", "kong_from_0": "1", "kong_tile_0": "5m"}
    kongs |= {"kong_seat_1": "3", "kong_kind_1": "concealed", "kong_tile_1": "1z"}
    save(client, game, winner="draw", **kongs)

    game.refresh_from_db()
    records = list(Round.objects.filter(session=game).order_by("number").values_list("record", flat=True))
    replayed = replay(new_variant, records, game.engine_options(), game.starting_state())
    assert replayed["ok"] and game.hand_count == 3 and game.totals == replayed["totals"]
    drawn = Round.objects.get(session=game, number=3)
    assert any(drawn.deltas), "the drawn hand's kongs were paid"

    board = in_language(client, "zh-hans", f"/sessions/{game.pk}/")
    assert info["name"]["zh"] in board
    assert "荒庄：没有人胡牌。" in board and "谁也不付分" not in board
    history = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/")
    assert history.count(f"/sessions/{game.pk}/hands/") >= 3

    kong_names = info["fact_names"]["kong"]
    zh_hand = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/3/")
    en_hand = in_language(client, "en", f"/sessions/{game.pk}/hands/3/")
    assert kong_names["exposed"]["zh"] in zh_hand and kong_names["concealed"]["zh"] in zh_hand
    # No raw item id in what the page says (the reason lines' links to the rules reference name it in their anchors).
    en_said = re.sub(r'href="[^"]*"', "", en_hand)
    assert kong_names["exposed"]["en"] in en_hand and "exposed_kong" not in en_said
    zh_first = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/1/")
    assert info["patterns"][0]["name"]["zh"] in zh_first and "付给" in zh_first

    exported = client.get(f"/sessions/{game.pk}/export.json")
    assert exported.status_code == 200
    upload = SimpleUploadedFile("export.json", exported.content, content_type="application/json")
    imported = client.post("/sessions/import/", {"file": upload})
    copy = GameSession.objects.exclude(pk=game.pk).get()
    assert imported.status_code == 302 and copy.variant == new_variant
    assert copy.totals == game.totals and copy.state == game.state


def test_a_session_of_a_variant_the_registry_does_not_know_is_refused_without_a_500(owner: User) -> None:
    client = Client()
    client.force_login(owner)

    response = client.post("/sessions/new/", {**start_form_data("zhengzhou"), "variant": "nowhere"}, headers=HTMX)

    assert response.status_code == 422
    assert not GameSession.objects.exists()
    with pytest.raises(HandRejected) as refused:
        make_session(owner, "nowhere")
    assert refused.value.errors[0]["code"] == "unknown_variant"
    assert not GameSession.objects.exists()
