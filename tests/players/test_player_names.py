"""One rule for "the same player" on SQLite and PostgreSQL: NFKC case-folding, in Python."""

from __future__ import annotations

import json
import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection

from tablekeeper.accounts.validators import player_name_key
from tablekeeper.keeping import services
from tablekeeper.keeping.models import Player
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.keeping.services.exchange import export_session, import_session
from tests.conftest import HTMX, make_session

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("ilker", "İlker", False),  # dotted capital I folds to i + combining dot: a different name
        ("Kai", "\u212aai", True),  # the Kelvin sign folds to k
        ("\u2126mega", "ωmega", True),  # the Ohm sign folds to ω
        ("Ann", "ＡＮＮ", True),  # full-width letters, as a Chinese keyboard types them
        ("Straße", "STRASSE", True),
        ("Ann  Lee", " ann lee ", True),
        # Characters that print as nothing: a look-alike is the same player.
        ("Ann", "A\u200bnn", True),  # a zero-width space
        ("Ann", "\u2066Ann\u2069", True),  # direction isolates
        ("Ann", "An\u00adn\ufeff", True),  # a soft hyphen and a byte order mark
        ("Ann Lee", "Ann\u200c \u200dLee", True),  # zero-width (non-)joiners beside a space
        ("小李", "小\u2060李", True),  # a word joiner
        ("Ann", "Anne", False),
    ],
)
def test_names_that_fold_together_are_one_player_on_every_database(owner, first, second, same):
    one = services.find_or_create_player(owner, first)
    other = services.find_or_create_player(owner, second)
    assert (one.pk == other.pk) is same
    assert Player.objects.filter(owner=owner).count() == (1 if same else 2)


def test_a_name_after_its_dotted_twin_starts_a_session_instead_of_a_500(client, owner):
    make_session(owner, player_names=["ilker", "Bo", "Cy", "Di"])
    make_session(owner, player_names=["İlker", "Bo", "Cy", "Di"])
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Bo", "Cy", "Di", "ilker", "İlker"]


def test_the_start_form_and_an_import_refuse_two_seats_that_fold_to_one_name(client, owner):
    client.force_login(owner)
    data = {"variant": "harbin", "first_dealer": "0", "starting_points": "100", "base": "1"}
    names = {"player_0": "Kai", "player_1": "\u212aai", "player_2": "Cy", "player_3": "Di"}
    response = client.post("/sessions/new/", {**data, **names}, headers=HTMX)
    assert response.status_code == 422 and "already seated" in response.content.decode()


@pytest.mark.parametrize("look_alike", ["A\u200bnn", "\u202aAnn\u202c", "ANN\u034f"])
def test_the_start_form_refuses_a_table_of_ann_and_her_invisible_look_alike(client, owner, look_alike):
    client.force_login(owner)
    data = {"variant": "harbin", "first_dealer": "0", "starting_points": "100", "base": "1"}
    names = {"player_0": "Ann", "player_1": look_alike, "player_2": "Cy", "player_3": "Di"}
    response = client.post("/sessions/new/", {**data, **names}, headers=HTMX)
    assert response.status_code == 422 and "already seated" in response.content.decode()


def test_a_seat_whose_name_is_only_invisible_characters_is_refused_as_empty(client, owner):
    client.force_login(owner)
    data = {"variant": "harbin", "first_dealer": "0", "starting_points": "100", "base": "1"}
    names = {"player_0": "Ann", "player_1": "\u200b\u2060", "player_2": "Cy", "player_3": "Di"}
    response = client.post("/sessions/new/", {**data, **names}, headers=HTMX)
    assert response.status_code == 422 and "Every seat needs a player&#x27;s name." in response.content.decode()


def test_ann_and_her_invisible_look_alike_on_two_evenings_are_one_player(owner):
    first = make_session(owner, player_names=["Ann", "Bo", "Cy", "Di"])
    second = make_session(owner, player_names=["A\u200bnn", "Bo", "Cy", "Di"])
    assert seats_of(first)[0].player_id == seats_of(second)[0].player_id
    assert Player.objects.filter(owner=owner).count() == 4


def test_an_import_links_its_players_to_the_keepers_own_by_the_same_rule(client, owner):
    existing = make_session(owner, player_names=["ＡＮＮ", "Bo", "Cy", "Di"])
    exported = export_session(existing, seats_of(existing))
    exported["players"] = ["ann", "BO", "Cy", "Eve"]
    copy = import_session(owner, json.loads(json.dumps(exported)))
    assert [seat.player.name for seat in seats_of(copy)] == ["ＡＮＮ", "Bo", "Cy", "Eve"]
    assert Player.objects.filter(owner=owner).count() == 5


def test_every_player_has_the_key_its_name_folds_to(owner):
    player = services.find_or_create_player(owner, "  Straße\u3000Lee ")
    assert player.name == "Straße Lee" and player.name_key == player_name_key("strasse lee") == "strasse lee"


@pytest.mark.django_db(transaction=True)
def test_two_phones_starting_sessions_with_the_same_new_names_at_once_share_the_players():
    owner = User.objects.create_user("racer")
    names = ["Nova", "Orla", "Pim", "Quin"]
    barrier = threading.Barrier(2)
    failures: list[BaseException] = []

    def start() -> None:
        try:
            barrier.wait(timeout=10)
            make_session(owner, player_names=names)
        except BaseException as failure:  # reported below, in the test's own thread
            failures.append(failure)
        finally:
            connection.close()

    phones = [threading.Thread(target=start) for _ in range(2)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(timeout=30)
    assert failures == []
    assert Player.objects.filter(owner=owner).count() == 4
    assert {tuple(seat.player.name for seat in seats_of(game)) for game in owner.game_sessions.all()} == {tuple(names)}
