"""A refused hand is explained in the keeper's language wherever the app shows it: a Chinese
sentence from the engine's code first, its English a tap away; the English page keeps the engine's
own words."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User

from tablekeeper.keeping.models import GameSession, Round
from tests.conftest import HTMX, make_session, record_all, signed_in, win
from tests.exports import self_draw, zhengzhou_export

pytestmark = pytest.mark.django_db
CHINESE = {"Accept-Language": "zh-CN,zh;q=0.9"}
ENGLISH = {"Accept-Language": "en"}
NAMES = ["Ann", "Bo", "Cy", "Di"]
# A hand the Shandong rules refuse: Cy (not the dealer, Ann) ticked a heavenly hand.
HEAVENLY_BY_CY = {"client_token": "tok-1", "expected_number": 1, "winner": "2", "how": "self_draw"}
SAID = "Cy的番型：「勾了天和」与「胡牌者不是庄家」不能同时成立。"


@pytest.fixture
def shandong(owner: User) -> GameSession:
    return make_session(owner, "shandong", base=5)


def test_a_refused_hand_posted_in_chinese_says_why_in_chinese_next_to_its_field_and_saves_nothing(owner, shandong):
    response = signed_in(owner).post(
        f"/sessions/{shandong.pk}/hands/new/", {**HEAVENLY_BY_CY, "patterns": ["heavenly_hand"]}, headers=CHINESE | HTMX
    )
    body = response.content.decode()
    assert response.status_code == 422 and body.lstrip().startswith('<form id="hand-form"')
    patterns_part = body[body.index('class="taps patterns') : body.index('class="more"')]
    assert SAID in patterns_part
    assert "refusal-detail" not in patterns_part and "Only the dealer" not in body  # no English on a Chinese page
    assert not Round.objects.exists()


def test_the_live_preview_in_chinese_says_why_in_chinese(owner, shandong):
    response = signed_in(owner).post(
        f"/sessions/{shandong.pk}/hands/preview/",
        {**HEAVENLY_BY_CY, "patterns": ["heavenly_hand"]},
        headers=CHINESE | HTMX,
    )
    body = response.content.decode()
    assert response.status_code == 200 and body.lstrip().startswith('<div id="preview"')
    assert SAID in body and "Only the dealer" not in body
    assert not Round.objects.exists()


def test_the_english_page_still_shows_the_engines_words_once_and_no_chinese_sentence(owner, shandong):
    response = signed_in(owner).post(
        f"/sessions/{shandong.pk}/hands/new/", {**HEAVENLY_BY_CY, "patterns": ["heavenly_hand"]}, headers=ENGLISH | HTMX
    )
    body = response.content.decode()
    assert response.status_code == 422 and body.count("Only the dealer (Ann) can win a heavenly hand") == 1
    assert "refusal-detail" not in body and "不能同时成立" not in body and "cannot both be true" not in body


def test_a_hand_kept_offline_and_refused_comes_back_to_the_outbox_in_chinese(owner, shandong):
    response = signed_in(owner).post(
        f"/sessions/{shandong.pk}/hands/outbox/",
        {**HEAVENLY_BY_CY, "patterns": ["heavenly_hand"]},
        headers=CHINESE | {"Accept": "application/json"},
    )
    (problem,) = response.json()["errors"]
    assert response.status_code == 422 and problem == "Cy的番型：「勾了天和」与「胡牌者不是庄家」不能同时成立。"


def test_an_edit_that_breaks_a_later_hand_says_why_in_chinese(owner, shandong):
    record_all(shandong, [win(1), win(1, patterns=["heavenly_hand"])], owner)
    taps = {"client_token": "tok-e", "expected_number": 1, "winner": "2", "how": "self_draw"}
    response = signed_in(owner).post(f"/sessions/{shandong.pk}/hands/1/edit/", taps, headers=CHINESE | HTMX)
    body = response.content.decode()
    assert response.status_code == 422 and SAID.replace("Cy", "Bo") in body
    assert "Only the dealer" not in body
    assert Round.objects.get(number=1).record == win(1)


def test_deleting_a_hand_that_would_break_a_later_one_says_why_in_chinese(owner, shandong):
    record_all(shandong, [win(1), win(1, patterns=["heavenly_hand"])], owner)
    phone = signed_in(owner)
    hand = Round.objects.get(number=1)
    phone.post(f"/sessions/{shandong.pk}/hands/1/delete/", {"based_on": hand.fingerprint}, headers=CHINESE)
    body = phone.get(f"/sessions/{shandong.pk}/hands/1/", headers=CHINESE).content.decode()
    assert SAID.replace("Cy", "Bo") in body and "Only the dealer" not in body
    assert Round.objects.count() == 2


def test_an_import_of_a_hand_the_rules_refuse_says_why_in_chinese(owner):
    data = zhengzhou_export(NAMES, [self_draw(1), {"result": "win"}])
    response = signed_in(owner).post("/sessions/import/", {"text": json.dumps(data)}, headers=CHINESE | HTMX)
    body = response.content.decode()
    assert response.status_code == 422
    assert "胡牌的一局要有胡牌者：请点选谁胡了。" in body and "refusal-detail" not in body
    assert not GameSession.objects.exists()


def test_a_chinese_page_shows_no_engine_english_at_all(owner, shandong):
    response = signed_in(owner).post(
        f"/sessions/{shandong.pk}/hands/new/", {**HEAVENLY_BY_CY, "patterns": ["heavenly_hand"]}, headers=CHINESE | HTMX
    )
    body = response.content.decode()
    assert "Only the dealer" not in body and "refusal-detail" not in body
