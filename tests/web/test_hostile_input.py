"""Every hostile input the probe found answers 4xx with a message and saves nothing, on SQLite and
PostgreSQL alike (the suite runs on both; nothing here depends on which)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping.models import Correction, GameSession, Player, Round
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.keeping.services.exchange import SessionExport, export_session
from tests.conftest import HTMX, make_session, record_all, taps, win

pytestmark = pytest.mark.django_db
HUGE = "9" * 4300  # Python refuses to turn a longer string into an int, and to print a larger int
GOOGOL_4000 = "1" + "0" * 4000


def stored(game: GameSession) -> tuple[int, int, int]:
    return Round.objects.filter(session=game).count(), Correction.objects.filter(session=game).count(), game.version


def hostile_taps(game: GameSession, **fields: Any) -> dict[str, Any]:
    """The next hand, a draw unless `fields` say otherwise."""
    return {**taps(game.next_number, "hostile", winner="draw"), **fields}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"adjust_0": HUGE, "adjust_1": "-" + HUGE}, "less than or equal to 10000000"),
        ({"adjust_0": "9" * 5000, "adjust_1": "0"}, "Enter a whole number"),
        ({"adjust_0": "10000001", "adjust_1": "-10000001"}, "less than or equal to 10000000"),
        ({"adjust_0": "5", "adjust_1": "-5", "adjust_note": "tea\x00money"}, "Null characters are not allowed"),
        ({"adjust_0": "5", "adjust_1": "-5", "adjust_note": "tea\x07money"}, "Control characters"),
        ({"penalty_kind_0": "revealed_tiles", "penalty_seat_0": "1", "penalty_count_0": GOOGOL_4000}, "less than"),
        ({"penalty_kind_0": "revealed_tiles", "penalty_seat_0": "1", "penalty_count_0": "1000000000"}, "less than"),
        ({"expected_number": "1" + "0" * 30}, "less than or equal to"),
        ({"tiles": "123m\x00"}, "Null characters are not allowed"),
    ],
)
def test_it_refuses_an_out_of_bounds_hand_with_422_and_saves_nothing(keeper_client, owner, fields, message):
    game = make_session(owner, "shenyang", base=2)
    before = stored(game)
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", hostile_taps(game, **fields), headers=HTMX)
    assert response.status_code == 422
    assert message in response.content.decode()
    game.refresh_from_db()
    assert stored(game) == before


def test_an_adjustment_at_the_bound_saves_and_every_page_still_answers(keeper_client, owner):
    game = make_session(owner, "shenyang", base=2)
    fields = {"adjust_0": "10000000", "adjust_1": "-10000000", "adjust_note": "settled a debt"}
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", hostile_taps(game, **fields), headers=HTMX)
    assert response.status_code == 200 and Round.objects.filter(session=game).count() == 1
    for path in ("", "hands/", "hands/1/", "summary/", "export.csv", "export.json"):
        assert keeper_client.get(f"/sessions/{game.pk}/{path}").status_code == 200, path
    assert Client().get(f"/b/{game.share_token}/").status_code == 200


def exported(owner: User) -> SessionExport:
    game = make_session(owner, "shenyang", base=2)
    record_all(game, [win(1), win(2)])
    return export_session(game, seats_of(game))


def revealed(count: Any) -> dict[str, Any]:
    return {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 1, "count": count}]}


@pytest.mark.parametrize(
    ("raw_change", "message"),
    [
        (lambda text: text.replace('"base": 2', f'"base": {HUGE}'), "more than 15 digits"),
        (
            lambda text: text.replace(
                '"hands": [',
                '"hands": [' + json.dumps(revealed(0)).replace("0}", GOOGOL_4000 + "}") + ", ",
            ),
            "more than 15 digits",
        ),
        (lambda text: text.replace('"totals": [', f'"totals": [{HUGE}, '), "more than 15 digits"),
        (lambda text: text.replace('"base": 2', '"base": NaN'), "NaN"),
        (lambda text: text.replace('"options": {}', '"options": ' + "[" * 50 + "]" * 50), "nests deeper"),
    ],
)
def test_it_refuses_an_import_with_numbers_no_export_has(keeper_client, owner, raw_change, message):
    text = raw_change(json.dumps(exported(owner)))
    response = keeper_client.post("/sessions/import/", {"text": text}, headers=HTMX)
    assert response.status_code == 422 and message in response.content.decode()
    assert GameSession.objects.count() == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data["hands"].insert(0, revealed(10**9)), "from 1 to 50"),
        (lambda data: data["hands"].insert(0, revealed(10**14)), "from 1 to 50"),
        (
            lambda data: data["hands"].insert(
                0, {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [10**12, -(10**12), 0, 0]}]}
            ),
            "at most 10,000,000 points",
        ),
        (
            lambda data: data["hands"].insert(
                0, {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [1, -1, 0, 0], "note": "a\x00b"}]}
            ),
            "control characters",
        ),
        (lambda data: data["players"].__setitem__(0, "Ann\x00"), "Control characters"),
        (lambda data: data["players"].__setitem__(0, "A" * 41), "at most 40 characters"),
        (lambda data: data["players"].__setitem__(2, "ANN"), "already seated"),
        (lambda data: data["players"].__setitem__(2, "   "), "needs a player"),
        (lambda data: data.update(options={"reveal_penalty": 10**9}), "at most 1000000"),
    ],
)
def test_it_refuses_an_import_the_start_form_or_the_engine_would_refuse(keeper_client, owner, change, message):
    data = exported(owner)
    change(data)
    response = keeper_client.post("/sessions/import/", {"text": json.dumps(data)}, headers=HTMX)
    assert response.status_code == 422 and message in response.content.decode()
    assert GameSession.objects.count() == 1 and Player.objects.count() == 4


@pytest.mark.parametrize(
    ("fields", "field_message"),
    [
        ({"player_0": "Ann\x00"}, "Null characters are not allowed"),
        ({"player_0": "Ann\x1b[31m"}, "Control characters"),
        ({"base": "1" + "0" * 30}, "less than or equal to 100000"),
        ({"starting_points": HUGE}, "less than or equal to 10000000"),
        ({"opt_reveal_penalty": "1000000000"}, "less than or equal to 1000000"),
    ],
)
def test_it_refuses_a_start_form_with_hostile_names_or_numbers(keeper_client, fields, field_message):
    data = {
        "variant": "shenyang",
        "player_0": "Ann",
        "player_1": "Bo",
        "player_2": "Cy",
        "player_3": "Di",
        "first_dealer": "0",
        "starting_points": "1000",
        "base": "2",
        **fields,
    }
    response = keeper_client.post("/sessions/new/", data, headers=HTMX)
    assert response.status_code == 422 and field_message in response.content.decode()
    assert not GameSession.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("editing", ["²", "١", "-1", "1" + "0" * 30, "abc", "99"])
def test_a_preview_in_place_of_a_hand_that_cannot_exist_answers_400(keeper_client, game, editing):
    record_all(game, [win(1)])
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/preview/",
        hostile_taps(game, editing=editing, winner="2", how="self_draw"),
        headers=HTMX,
    )
    assert response.status_code == 400 and b"There is no hand" in response.content


@pytest.mark.parametrize(
    "path",
    [
        "/sessions/99999999999999999999999999/",
        "/sessions/{pk}/hands/99999999999999999999999999/",
        "/sessions/{pk}/hands/99999999999999999999999999/edit/",
        "/sessions/{pk}/hands/?before=²",
        "/sessions/{pk}/hands/?before=99999999999999999999",
        "/sessions/?page=0",
        "/sessions/?page=x",
        "/b/abc%00def/",
        "/b/" + "x" * 200 + "/summary/",
    ],
)
def test_an_impossible_id_or_page_in_a_url_answers_404_not_500(keeper_client, game, path):
    assert keeper_client.get(path.format(pk=game.pk)).status_code == 404


def test_a_money_rate_with_thirty_digits_is_refused_with_a_message(keeper_client, game):
    response = keeper_client.post(f"/sessions/{game.pk}/finish/", {"money_rate": "1" + "0" * 30}, follow=True)
    assert "Ensure that there are no more than" in response.content.decode()
    game.refresh_from_db()
    assert game.is_open and game.money_rate is None


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("get", "/accounts/login/?next=%00", None),
        ("post", "/accounts/login/?next=%00", {"username": "a\x00", "password": "b"}),
        ("post", "/i18n/setlang/", {"language": "zh-hans\x00", "next": "/\x00"}),
        ("get", "/sessions/new/?variant=%00", None),
        ("get", "/sessions/new/options/?variant=" + "x" * 5000, None),
        ("get", "/sessions/?status=%00&page=99999", None),
        ("post", "/accounts/reset/", {"email": "a\x00@b.c"}),
        ("post", "/accounts/signup/", {"username": "a\x00", "password1": "x", "password2": "x"}),
    ],
)
def test_nul_characters_and_odd_parameters_anywhere_else_get_an_answer_not_a_500(
    keeper_client, game, method, path, data
):
    users = User.objects.count()
    send = getattr(keeper_client, method)
    response = send(path, data) if data is not None else send(path)
    assert response.status_code < 500
    # (Asking PostgreSQL for a name with a NUL in it would itself be refused.)
    assert User.objects.count() == users


LONE = "\\ud800"  # as JSON writes half of a UTF-16 pair; json.loads makes it a lone surrogate


def with_lone_surrogate(where: str) -> str:
    """An export of a Shenyang session with a lone surrogate in one place a probe put it."""
    data: dict[str, Any] = json.loads(json.dumps(exported_for_surrogates))
    mark = "MARK"
    if where == "name":
        data["players"][0] = "Ann" + mark
    elif where == "option key":
        data["options"]["multi_ron" + mark] = True
    elif where == "option value":
        data["options"]["multi_ron"] = "yes" + mark
    elif where == "pattern":
        data["hands"][0]["wins"][0]["patterns"] = ["all_pungs" + mark]
    elif where == "treasure":
        data["hands"][0]["treasure"] = "5m" + mark
    elif where == "tile turned up":
        data["hands"][0]["turned_up"] = "5m" + mark
    elif where == "result":
        data["hands"][0]["result"] = "win" + mark
    elif where == "note":
        data["hands"].append(
            {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [1, -1, 0, 0], "note": "tea" + mark}]}
        )
    elif where == "key of a hand":
        data["hands"][0]["why" + mark] = 1
    return json.dumps(data).replace(mark, LONE)


exported_for_surrogates: dict[str, Any] = {}


@pytest.mark.parametrize(
    "where",
    ["name", "option key", "option value", "pattern", "treasure", "tile turned up", "result", "note", "key of a hand"],
)
def test_a_lone_surrogate_anywhere_in_an_import_is_refused_with_a_message_and_saves_nothing(
    keeper_client, owner, where
):
    exported_for_surrogates.update(exported(owner))
    response = keeper_client.post("/sessions/import/", {"text": with_lone_surrogate(where)}, headers=HTMX)
    assert response.status_code == 422
    assert "broken character (an unpaired surrogate)" in response.content.decode()
    assert GameSession.objects.count() == 1 and Player.objects.count() == 4


def test_a_lone_surrogate_as_raw_bytes_in_an_uploaded_file_is_refused_too(keeper_client, owner):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = exported(owner)
    data["players"][0] = "AnnMARK"
    raw = json.dumps(data, ensure_ascii=False).encode().replace(b"MARK", b"\xed\xa0\x80")
    upload = SimpleUploadedFile("export.json", raw, content_type="application/json")
    response = keeper_client.post("/sessions/import/", {"file": upload}, headers=HTMX)
    assert response.status_code in (422,) and "broken character" in response.content.decode()
    assert GameSession.objects.count() == 1


def test_the_validators_refuse_a_lone_surrogate_wherever_they_refuse_control_characters():
    from django.core.exceptions import ValidationError

    from tablekeeper.accounts.validators import character_problem, player_name_problems, refuse_control_characters

    with pytest.raises(ValidationError, match="broken character"):
        refuse_control_characters("123m\ud800")
    assert character_problem("tea\udfff") is not None and character_problem("茶水 🀄") is None
    assert player_name_problems(["Ann\ud800", "Bo", "Cy", "Di"]) == [
        (0, "This text has a broken character (an unpaired surrogate); type it again.")
    ]


def test_a_name_whose_spelled_out_form_is_too_long_is_refused_before_anything_is_saved(keeper_client):
    # Nine "ﷺ" are 9 characters typed but 162 once NFKC spells each out: past the name key's column.
    data = {
        "variant": "shenyang",
        "player_0": "ﷺ" * 9,
        "player_1": "Bo",
        "player_2": "Cy",
        "player_3": "Di",
        "first_dealer": "0",
        "starting_points": "1000",
        "base": "2",
    }
    response = keeper_client.post("/sessions/new/", data, headers=HTMX)
    assert response.status_code == 422
    assert "too long once its characters are spelled out" in response.content.decode()
    assert not GameSession.objects.exists() and not Player.objects.exists()
