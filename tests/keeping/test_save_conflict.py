"""Two phones saving the same hand: the phone that lost is shown what the other phone saved beside
what it entered. The same hand is not recorded again; a different one can go to the board, or be
entered as the hand that is next now, with the form drawn for that hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.rules import Record
from tests.conftest import HTMX, answered_with_the_board, race_table, signed_in, stands, taps

pytestmark = pytest.mark.django_db


@pytest.fixture
def shenyang(owner: User) -> GameSession:
    return race_table(owner)


PHONE_B_TAPS: dict[str, Any] = {"winner": "2", "how": "discard-1", "patterns": ["all_pungs"]}


def phone_a_saves_hand_1(owner: User, game: GameSession) -> None:
    """Another phone of the owner's saves hand 1 first: Ann self-draws."""
    saved = signed_in(owner).post(
        f"/sessions/{game.pk}/hands/new/", taps(1, "phone-a", winner="0", how="self_draw"), headers=HTMX
    )
    assert saved.status_code == 200


def lose_the_race(owner: User, game: GameSession, language: str = "zh-hans", **phone_b_taps: Any) -> tuple[Client, Any]:
    """Phone A saves hand 1 (Ann self-draws); phone B, opened on hand 1 too, saves its own taps
    (Cy on Bo's discard, all pungs, unless told)."""
    phone_b = signed_in(owner)
    phone_b.cookies["django_language"] = language
    phone_a_saves_hand_1(owner, game)
    url = f"/sessions/{game.pk}/hands/new/"
    lost = phone_b.post(url, taps(1, "phone-b", **(phone_b_taps or PHONE_B_TAPS), action="save"), headers=HTMX)
    return phone_b, lost


def send_kept_hand_1(owner: User, game: GameSession, **kept_taps: Any) -> Any:
    """Phone B sends hand 1 from its outbox (kept while offline), after phone A saved it."""
    return signed_in(owner).post(
        f"/sessions/{game.pk}/hands/outbox/",
        taps(1, "kept-b", **kept_taps, action="save"),
        headers={"Accept": "application/json"},
    )


def race_part(body: str, side: str) -> str:
    start = body.index(f'data-race="{side}"')
    return body[start : body.index("</section>", start)]


def seat_chips(body: str) -> list[str]:
    """Each seat chip of the winner row, as text: its wind, name and 庄 when it deals."""
    chips = re.findall(r'<label class="chip seat-chip">.*?</label>', body, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", chip).split()) for chip in chips]


def test_the_losing_phone_sees_the_other_phones_hand_beside_its_own_and_the_next_hand_number(owner, shenyang):
    _phone, lost = lose_the_race(owner, shenyang)
    body = lost.content.decode()
    assert lost.status_code == 409
    choices = body[body.index('class="conflict-choices"') :]
    assert "第 1 局已由另一台设备保存" in choices
    assert "两边记的不是同一局" in choices
    theirs, mine = race_part(body, "theirs"), race_part(body, "mine")
    assert "另一台设备保存的" in theirs and "Ann" in theirs and "自摸" in theirs
    assert "这部手机记的" in mine and "Cy" in mine and "点炮" in mine
    saved = Round.objects.get(session=shenyang, number=1)
    assert re.findall(r"<b[^>]*>([+-]\d+)</b>", theirs) == [f"{delta:+d}" for delta in saved.deltas]
    cy_on_bos_discard: Record = {
        "result": "win",
        "wins": [{"seat": 2, "method": "discard", "from": 1, "patterns": ["all_pungs"]}],
    }
    entered = services.preview_hand(shenyang, cy_on_bos_discard, 1)
    assert re.findall(r"<b[^>]*>([+-]\d+)</b>", mine) == [f"{delta:+d}" for delta in entered["deltas"]]
    assert entered["deltas"] != saved.deltas and "differs" in mine
    assert f'href="/sessions/{shenyang.pk}/"' in choices and "去看牌桌" in choices and "一样，不用再记" not in choices
    assert 'name="action" value="renumber"' in choices and "改记为第 2 局" in choices
    # Looking first is the main button; recording a second hand is done on purpose, not by reflex.
    assert f'<a class="button primary" href="/sessions/{shenyang.pk}/">去看牌桌</a>' in choices
    assert '<button type="submit" name="action" value="renumber"' in choices
    # The Save that can only be refused again is not offered; the seat chips keep the winds and
    # 庄 of hand 1 as it was dealt, the hand both versions are about.
    assert 'value="save"' not in body
    assert "board-unknown" not in body
    assert seat_chips(body) == ["东 Ann 庄", "南 Bo", "西 Cy", "北 Di"]


def test_the_same_hand_saved_first_by_the_other_phone_needs_nothing_more(owner, shenyang):
    phone, lost = lose_the_race(owner, shenyang, "en", winner="0", how="self_draw")
    body = lost.content.decode()
    assert lost.status_code == 409
    choices = body[body.index('class="conflict-choices"') :]
    assert "Both phones entered the same hand." in choices
    same = re.search(r'<a class="button primary" href="([^"]+)" data-same-hand>([^<]+)</a>', choices)
    assert same is not None and same.groups() == (f"/sessions/{shenyang.pk}/", "The same: nothing to record")
    # It comes first; entering it as hand 2 all the same stays possible, on purpose.
    assert choices.index("data-same-hand") < choices.index('value="renumber"')
    assert "Enter it as hand 2" in choices
    assert race_part(body, "theirs").count("+") == race_part(body, "mine").count("+") > 0
    assert "differs" not in race_part(body, "mine")
    assert seat_chips(body) == ["东 Ann 庄", "南 Bo", "西 Cy", "北 Di"]
    assert Round.objects.filter(session=shenyang).count() == 1
    assert phone.get(same.group(1)).status_code == 200
    assert Round.objects.filter(session=shenyang).count() == 1


def test_taps_that_settle_alike_are_the_same_hand_in_chinese_too(owner, shenyang):
    _phone, lost = lose_the_race(owner, shenyang, winner="0", how="self_draw")
    body = lost.content.decode()
    assert "两边记的是同一局" in body and "一样，不用再记" in body
    assert "去看牌桌" not in body


def test_a_kept_hand_the_other_phone_saved_the_same_is_dropped_as_already_saved(owner, shenyang):
    phone_a_saves_hand_1(owner, shenyang)
    sent = send_kept_hand_1(owner, shenyang, winner="0", how="self_draw")
    assert sent.status_code == 200
    assert sent.json() == {"outcome": "already_saved", "saved": 1, "same_hand": True}
    assert Round.objects.filter(session=shenyang).count() == 1


def test_a_kept_hand_that_differs_from_the_one_saved_first_is_a_conflict(owner, shenyang):
    phone_a_saves_hand_1(owner, shenyang)
    sent = send_kept_hand_1(owner, shenyang, winner="1", how="self_draw")
    assert sent.status_code == 409
    assert sent.json()["outcome"] == "conflict" and sent.json()["next"] == 2
    assert Round.objects.filter(session=shenyang).count() == 1


def test_entering_it_as_the_next_hand_keeps_every_tap_and_draws_that_hand(owner, shenyang):
    phone, _lost = lose_the_race(owner, shenyang)
    again = phone.post(
        f"/sessions/{shenyang.pk}/hands/new/",
        taps(1, "phone-b", winner="2", how="discard-1", patterns=["all_pungs"], action="renumber"),
        headers=HTMX,
    )
    body = again.content.decode()
    assert again.status_code == 200
    assert "第 2 局" in body and "第 1 局" not in body
    assert 'name="expected_number" value="2"' in body
    assert 'name="client_token" value="phone-b"' not in body  # a token of its own for the new number
    assert 'name="winner" value="2" checked' in body
    assert 'value="discard-1" data-seat="1" checked' in body
    assert re.search(r'value="all_pungs"[^>]*checked', body)
    assert "conflict-choices" not in body and 'value="save"' in body and "board-unknown" not in body
    # The bar already shows this hand scored against the table as it is now; nothing saved yet.
    assert 'class="seat-changes"' in body
    assert Round.objects.filter(session=shenyang).count() == 1
    token = re.search(r'name="client_token" value="([0-9a-f]+)"', body)
    assert token is not None
    saved = phone.post(
        f"/sessions/{shenyang.pk}/hands/new/",
        taps(2, token.group(1), winner="2", how="discard-1", patterns=["all_pungs"], action="save"),
        headers=HTMX,
    )
    assert answered_with_the_board(saved, shenyang)
    assert Round.objects.get(session=shenyang, number=2).record["wins"][0]["seat"] == 2


def test_a_finished_session_offers_no_next_hand(owner, shenyang):
    stands(services.finish_session(shenyang))
    phone = signed_in(owner)
    response = phone.post(
        f"/sessions/{shenyang.pk}/hands/new/", taps(1, "x", winner="0", how="self_draw"), headers=HTMX
    )
    assert response.status_code == 409 and "renumber" not in response.content.decode()
