"""The phrase box's lazily loaded words (static/js/phrase-words.js) and the fragment that loads them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from tablekeeper.reading.reasons.phrase_sounds import common_characters, sound_table
from tablekeeper.reading.reasons.phrase_words import WORDS_FILE, question_texts, words_script

pytestmark = pytest.mark.one_database(reason="the phrase box's words are a static file")

ROOT = Path(__file__).resolve().parents[2]


def test_the_words_file_is_what_manage_py_phrase_words_writes_now() -> None:
    # Changed a question, its translation or the parser's words? Run `manage.py phrase_words`.
    assert (ROOT / WORDS_FILE).read_text(encoding="utf-8") == words_script()


def test_every_question_is_translated_into_chinese() -> None:
    words = json.loads(re.search(r"this, (\{.*\})\);", words_script(), re.S).group(1))  # type: ignore[union-attr]
    for code in question_texts():
        assert words["texts"]["zh"][code] != words["texts"]["en"][code], code
        assert re.search(r"[\u4e00-\u9fff]", words["texts"]["zh"][code]), code


@pytest.mark.parametrize(
    ("heard", "meant"), [("汪", "王"), ("字", "自"), ("模", "摸"), ("朋", "碰"), ("钢", "杠"), ("队", "对")]
)
def test_dictations_near_homophones_share_a_sound(heard: str, meant: str) -> None:
    table = sound_table()
    assert any(heard in chars and meant in chars for chars in table.values())


def test_the_sound_table_holds_the_3755_common_characters() -> None:
    assert len(common_characters()) == 3755
    known = set("".join(sound_table().values()))
    assert set(common_characters()) <= known


def test_the_phrase_scripts_fragment_names_the_scripts_in_order(client: Client) -> None:
    body = client.get("/phrase/scripts/", headers={"HX-Request": "true"}).content.decode()
    assert re.findall(r'<script src="/static/js/(phrase[a-z-]*)\.js"></script>', body) == [
        "phrase-words",
        "phrase-retract",
        "phrase-amend",
        "phrase-lexicon",
        "phrase-hear",
        "phrase-kongs",
        "phrase-seat",
        "phrase-facts",
        "phrase-read",
        "phrase-fields",
        "phrase-wins",
        "phrase-parse",
        "phrase",
    ]
