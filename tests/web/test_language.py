"""Chinese first: the browser's language picks 简体中文 for any Chinese locale, and the switch sticks."""

from __future__ import annotations

import re

import pytest

from tests.conftest import signed_in

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.one_database(reason="the language choice is a cookie and a header, not a query"),
]


@pytest.mark.parametrize("accept", ["zh-CN,zh;q=0.9", "zh", "zh-TW", "zh-Hant-HK", "zh-SG,en;q=0.5", "zh-Hans"])
def test_any_chinese_browser_gets_simplified_chinese(owner, accept):
    body = signed_in(owner).get("/sessions/", headers={"Accept-Language": accept}).content.decode()
    assert '<html lang="zh-hans"' in body and "开始一场" in body


@pytest.mark.parametrize("accept", ["en-GB,en;q=0.9", "fr-FR", ""])
def test_other_browsers_get_english(owner, accept):
    body = signed_in(owner).get("/sessions/", headers={"Accept-Language": accept}).content.decode()
    assert '<html lang="en"' in body and "Start a session" in body


def test_the_language_switch_sticks_over_the_browsers_language(owner):
    phone = signed_in(owner)
    phone.post("/i18n/setlang/", {"language": "en", "next": "/sessions/"})
    body = phone.get("/sessions/", headers={"Accept-Language": "zh-CN"}).content.decode()
    assert '<html lang="en"' in body
    phone.post("/i18n/setlang/", {"language": "zh-hans", "next": "/sessions/"})
    assert "开始一场" in phone.get("/sessions/", headers={"Accept-Language": "en"}).content.decode()


def test_a_sentence_that_starts_with_the_dealer_starts_with_a_capital_in_english(owner, game):
    phone = signed_in(owner)
    body = phone.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    line = re.search(r'<p class="table-line"[^>]*>(.*?)</p>', body, flags=re.S)
    assert line is not None and line.group(1).startswith("Dealer Ann")
    chinese = phone.get(f"/sessions/{game.pk}/hands/new/", headers={"Accept-Language": "zh-CN"}).content.decode()
    assert "庄家Ann" in chinese


def test_the_folded_house_rules_say_how_many_more_there_are_in_plain_words(owner):
    phone = signed_in(owner)
    options = {"HX-Request": "true"}
    english = phone.get("/sessions/new/options/?variant=shenyang", headers=options).content.decode()
    assert re.search(r"\d+ more rules, rarely changed", english) and "rules tables" not in english
    chinese = phone.get(
        "/sessions/new/options/?variant=shenyang", headers={**options, "Accept-Language": "zh-CN"}
    ).content.decode()
    assert re.search(r"另有 \d+ 条不常改的规则", chinese)
