"""A refused tile hand names the win requirement it fails (RULES.md §1-§5) in the keeper's language,
with its specifics: a sentence for every requirement id of the engine, tested like the refusal
catalogue; and a pattern the table's house rules do not score is not offered, or is named."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.translation import override

from tablekeeper.reading.reasons.refusals import refusal
from tablekeeper.reading.reasons.requirement_words import REQUIREMENT_WORDS
from tablekeeper.rules import Record, settle
from tablekeeper.rules import errors as engine_errors
from tests.conftest import HTMX, make_session

NAMES = ["Ann", "Bo", "Cy", "Di"]
LATIN = re.compile(r"[A-Za-z]")
RULES = Path(engine_errors.__file__).parent


def requirements_without_words() -> set[str]:
    return set(engine_errors.REQUIREMENTS) - set(REQUIREMENT_WORDS)


def said(variant: str, record: Record, language: str = "zh-hans", options: dict[str, Any] | None = None):
    result = settle(variant, record, None, options)
    assert not result["ok"]
    with override(language):
        return [refusal(error, NAMES, record) for error in result["errors"]], result["errors"]


def test_every_win_requirement_of_the_engine_has_words_and_none_is_for_a_requirement_it_lost():
    assert len(engine_errors.REQUIREMENTS) >= 15
    assert requirements_without_words() == set()
    assert set(REQUIREMENT_WORDS) == set(engine_errors.REQUIREMENTS)


def test_a_requirement_added_to_the_engine_without_words_is_caught(monkeypatch):
    monkeypatch.setitem(engine_errors.REQUIREMENTS, "brand_new_requirement", "something new")
    assert requirements_without_words() == {"brand_new_requirement"}


def test_every_win_requirement_the_engine_refuses_with_says_which_one_it_is():
    """No check builds a bare win_requirement problem: each goes through `requirement(unmet(...))`,
    whose id must be listed; and every id the sources use is listed."""
    sources = {path: path.read_text(encoding="utf-8") for path in RULES.rglob("*.py") if path.name != "errors.py"}
    bare = [str(path) for path, text in sources.items() if "E.WIN_REQUIREMENT" in text or "WIN_REQUIREMENT," in text]
    assert bare == []
    used = {name for text in sources.values() for name in re.findall(r'unmet\(\s*"([a-z_0-9]+)"', text)}
    assert used - {"three_suits", "two_suits"} <= set(engine_errors.REQUIREMENTS)
    assert set(engine_errors.REQUIREMENTS) <= used | {"three_suits", "two_suits"}


def test_every_requirement_has_chinese_words_without_latin_and_english_words():
    params = {"missing": "s", "present": "p", "tile": "7z", "pair": "3m 4p", "kind": "dragon_set", "limit": "3"}
    from tablekeeper.reading.reasons.requirement_words import requirement_sentence

    for requirement in engine_errors.REQUIREMENTS:
        with override("zh-hans"):
            chinese = requirement_sentence(requirement, params)
        with override("en"):
            english = requirement_sentence(requirement, params)
        assert chinese and not LATIN.search(chinese), (requirement, chinese)
        assert english and LATIN.search(english), requirement


def test_a_dalian_hand_missing_bamboo_says_so_in_chinese():
    record: Record = {
        "result": "win",
        "wins": [{"seat": 1, "method": "self_draw", "tiles": "[123m][999p]45678m11z+9m"}],
    }
    found, errors = said("dalian", record)
    assert errors[0]["requirement"] == "three_suits" and errors[0]["params"] == {"missing": "s"}
    assert found[0].text == "Bo胡的牌：万、筒、条三门要齐（缺条）。"
    assert found[0].detail == ""


@pytest.mark.parametrize(
    ("variant", "tiles", "options", "requirement", "words"),
    [
        ("dalian", "[123m][456p]789s222s1z+1z", None, None, None),  # a legal hand: control
        ("dalian", "[123m][456p][789s]234s9m+9m", None, "triplet", "要有一副刻子"),
        ("harbin", "[123m]456m789m[222m]5m+5m", None, "two_suits", "至少要有两门花色（现在只有万）"),
        ("shenyang", "123m456p789s222s1m+1m", None, "opened", "要开门"),
        ("shandong", "[123m][456p][789s][222s]3m+3m", None, "pair_258", "将必须是二、五、八（这里的将是3万）"),
        ("zhengzhou", "[123m]456m789m222p5s+5s", None, "no_chow_claim", "这桌不许吃牌"),
    ],
)
def test_each_variant_names_the_failed_requirement_in_chinese(variant, tiles, options, requirement, words):
    record: Record = {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "tiles": tiles}]}
    if requirement is None:
        assert settle(variant, record, None, options)["ok"]
        return
    found, errors = said(variant, record, options=options)
    assert requirement in [error.get("requirement") for error in errors], errors
    texts = [refused.text for refused in found]
    assert any(words in text for text in texts), texts
    assert not any(LATIN.search(text.replace("Bo", "")) for text in texts), texts


@pytest.mark.django_db
def test_a_pattern_the_house_rules_do_not_score_is_not_offered(client: Client, owner: User):
    client.force_login(owner)
    client.cookies["django_language"] = "zh-hans"
    strict = make_session(owner, "dalian", base=1, options={"allow_shou_ba_yi": False})
    allowing = make_session(owner, "dalian", base=1, options={"allow_shou_ba_yi": True})
    assert 'value="single_remaining"' not in client.get(f"/sessions/{strict.pk}/hands/new/").content.decode()
    assert 'value="single_remaining"' in client.get(f"/sessions/{allowing.pk}/hands/new/").content.decode()


@pytest.mark.django_db
def test_a_record_that_still_names_an_excluded_pattern_is_refused_naming_it(client: Client, owner: User):
    client.force_login(owner)
    client.cookies["django_language"] = "zh-hans"
    strict = make_session(owner, "dalian", base=1, options={"allow_shou_ba_yi": False})
    taps = {"client_token": "t1", "expected_number": 1, "winner": "1", "how": "self_draw"}
    taps.update({"patterns": ["single_remaining"], "ready_1": "ready"})
    response = client.post(f"/sessions/{strict.pk}/hands/preview/", taps, headers=HTMX)
    assert "Bo的「手把一」" in response.content.decode()
    saved = client.post(f"/sessions/{strict.pk}/hands/new/", taps, headers=HTMX)
    assert saved.status_code == 422 and "Bo的「手把一」" in saved.content.decode()
