"""The refusal catalogue: a sentence for every error code of the engine and both facts of every
contradiction, in English and Simplified Chinese, naming the player the engine's `field` points at."""

from __future__ import annotations

import re
from types import ModuleType

import pytest
from django.utils.translation import override

from tablekeeper.reading.reasons.refusal_words import CONTRADICTION_FACTS, HEADLINES
from tablekeeper.reading.reasons.refusals import Refusal, refusal
from tablekeeper.rules import ProblemEntry, Record, RecordKong, settle
from tablekeeper.rules import errors as engine_errors
from tests.conftest import win

NAMES = ["Ann", "Bo", "Cy", "Di"]
LATIN = re.compile(r"[A-Za-z]")
# A record with two winners, kongs, a penalty and a liable player, for fields that point into it.
RECORD: Record = {
    "result": "win",
    "wins": [{"seat": 1, "method": "self_draw", "patterns": []}, {"seat": 3, "method": "self_draw", "patterns": []}],
    "kongs": [{"seat": 0, "kind": "exposed"}, {"seat": 2, "kind": "added"}],
    "penalties": [{"kind": "false_win", "seat": 3}],
    "liable": 0,
}
FIELDS = [None, "result", "wins.0", "wins.1.tiles", "wins.0.patterns.2", "wins.1.from", "seats.2.opened", "seats.1"]
FIELDS += ["seats.3.ready", "seats.0.side_bet", "kongs.1.kind", "kongs", "penalties.0.kind", "liable", "treasure"]


def engine_codes(module: ModuleType = engine_errors) -> set[str]:
    """Every error code the engine declares: its module's upper-case string constants."""
    return {value for name, value in vars(module).items() if name.isupper() and isinstance(value, str)}


def codes_without_a_sentence(module: ModuleType = engine_errors) -> set[str]:
    return engine_codes(module) - set(HEADLINES)


def said_in_chinese(error: ProblemEntry, record: Record | None = RECORD) -> Refusal:
    with override("zh-hans"):
        return refusal(error, NAMES, record)


def without_names(text: str) -> str:
    for name in NAMES:
        text = text.replace(name, "")
    return text


def test_every_error_code_of_the_engine_has_a_sentence_and_no_sentence_is_for_a_code_it_lost():
    assert len(engine_codes()) >= 33
    assert codes_without_a_sentence() == set()
    assert set(HEADLINES) == engine_codes()


def test_a_code_added_to_the_engine_without_a_sentence_is_caught(monkeypatch):
    monkeypatch.setattr(engine_errors, "BRAND_NEW_PROBLEM", "brand_new_problem", raising=False)
    assert codes_without_a_sentence() == {"brand_new_problem"}


def test_every_contradiction_of_the_engine_has_its_two_facts():
    assert set(CONTRADICTION_FACTS) == set(engine_errors.CONTRADICTIONS)
    assert all(len(facts) == 2 for facts in CONTRADICTION_FACTS.values())


def test_every_sentence_and_fact_has_a_chinese_translation():
    english = [*HEADLINES.values(), *(fact for facts in CONTRADICTION_FACTS.values() for fact in facts)]
    with override("zh-hans"):
        untranslated = [str(words) for words in english if LATIN.search(str(words))]
    assert untranslated == []
    with override("en"):
        assert all(LATIN.search(str(words)) for words in english)


@pytest.mark.parametrize("code", sorted(engine_codes()))
@pytest.mark.parametrize("field", FIELDS)
def test_each_code_said_in_chinese_has_no_latin_words_but_the_players_names(code, field):
    said = said_in_chinese({"code": code, "field": field, "message": "P2 cannot do that with 5m."})
    assert not LATIN.search(without_names(said.text)), said.text
    assert said.detail == "" and 'lang="en"' not in said.html()  # no English behind 详情 either


@pytest.mark.parametrize("contradiction", sorted(engine_errors.CONTRADICTIONS))
def test_each_contradiction_said_in_chinese_names_both_facts_without_latin_words(contradiction):
    facts = ["wins.0.patterns.0", "kongs.0"]
    error: ProblemEntry = {
        "code": "contradictory_facts",
        "field": facts[0],
        "message": "P1.",
        "contradiction": contradiction,
    }
    error["facts"] = facts
    said = said_in_chinese(error)
    one, other = CONTRADICTION_FACTS[contradiction]
    with override("zh-hans"):
        assert str(one) in said.text and str(other) in said.text
    assert said.text.startswith("Bo的番型：") and not LATIN.search(without_names(said.text))


@pytest.mark.parametrize(
    ("field", "start"),
    [
        ("wins.0.tiles", "Bo胡的牌："),
        ("wins.1.patterns.0", "Di的番型："),
        ("kongs.1", "Cy的杠："),
        ("kongs.0.tile", "Ann的杠："),
        ("seats.2.opened", "Cy的门清："),
        ("penalties.0.kind", "Di的罚分："),
        ("liable", "承包的Ann："),
    ],
)
def test_the_field_names_the_player_the_problem_is_about(field, start):
    assert said_in_chinese({"code": "invalid_value", "field": field, "message": ""}).text.startswith(start)


def test_without_the_record_a_winner_is_not_guessed_but_a_seat_still_is():
    assert said_in_chinese({"code": "tiles_not_a_win", "field": "wins.0.tiles", "message": ""}, None).text == (
        "这些牌不成胡。"
    )
    assert said_in_chinese({"code": "win_requirement", "field": "seats.3.opened", "message": ""}, None).text.startswith(
        "Di的门清："
    )


def test_a_code_from_a_newer_engine_is_still_refused_in_chinese_with_its_english():
    said = said_in_chinese({"code": "something_new", "field": None, "message": "P3 did something new."})
    assert said.text == "规则不接受这一局的记录。" and said.detail == "Di did something new."


def test_in_english_a_refusal_is_the_engines_message_with_names_and_nothing_more():
    with override("en"):
        problem: ProblemEntry = {"code": "tiles_not_a_win", "field": "wins.0.tiles", "message": "P1's tiles."}
        said = refusal(problem, NAMES, RECORD)
    assert said == Refusal("Bo's tiles.") and "details" not in said.html()


def test_the_detail_is_escaped_marked_english_and_a_tap_away():
    with override("zh-hans"):
        html = Refusal("甲", "<b>P0</b>").html()
    detail = (
        '<details class="refusal-detail"><summary>详情</summary><span lang="en">&lt;b&gt;P0&lt;/b&gt;</span></details>'
    )
    assert html == f"甲 {detail}"


def test_a_real_engine_contradiction_reads_as_a_keeper_would_say_it():
    kong: RecordKong = {"seat": 2, "kind": "exposed", "tile": "5m", "from": 1}
    record: Record = {**win(1), "seats": [{}, {}, {"opened": False}, {}], "kongs": [kong]}
    (error,) = settle("zhengzhou", record, {"dealer": 0}, {})["errors"]
    said = said_in_chinese(error, record)
    assert said.text == "Cy的门清：「标了门清」与「有明杠或补杠」不能同时成立。"
    assert said.detail == ""


def test_a_shenyang_refusal_calls_a_closed_hand_闭门_as_its_chips_do_and_zhengzhou_门清():
    from tablekeeper.reading.reasons.refusals import pattern_names
    from tablekeeper.rules import get_variant

    kong: RecordKong = {"seat": 2, "kind": "exposed", "tile": "5m", "from": 1}
    record: Record = {**win(1), "seats": [{}, {}, {"opened": False}, {}], "kongs": [kong]}
    for variant, word in (("shenyang", "闭门"), ("zhengzhou", "门清")):
        (error,) = settle(variant, record, {"dealer": 0}, {})["errors"]
        with override("zh-hans"):
            said = refusal(error, ["Ann", "Bo", "Cy", "Di"], record, pattern_names(get_variant(variant)))
        assert said.text == f"Cy的{word}：「标了{word}」与「有明杠或补杠」不能同时成立。", variant


def test_a_treasure_or_夹胡_without_报听_names_what_is_missing_rather_than_not_scored():
    from tablekeeper.reading.reasons.refusals import pattern_names
    from tablekeeper.rules import get_variant

    club = next(p["options"] for p in get_variant("dalian")["presets"] if p["id"] == "club_java")
    for options, pattern in ((club, "edge_wait"), ({}, "finding_treasure")):
        record: Record = {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": [pattern]}]}
        (error,) = settle("dalian", record, {"dealer": 0}, options)["errors"]
        with override("zh-hans"):
            said = refusal(error, ["Ann", "Bo", "Cy", "Di"], record, pattern_names(get_variant("dalian")))
        assert "要先报听" in said.text and "不计分" not in said.text, said.text
        assert said.text.startswith("Cy的「"), said.text
