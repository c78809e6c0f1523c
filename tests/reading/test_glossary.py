"""One word for one thing in the Chinese the keeper reads (issue 23, "Words").

A hand is 局 (never 把 or 手 counting hands), a win is 胡 (和 only inside the engine's own pattern
names such as 天和), a drawn hand is 流局 (荒庄 only in the house rule 荒庄不荒杠), a table that departs
from the variant's usual rules "与常规不同"; punctuation
inside Chinese is full-width, and a name sits against the Chinese around it with no space (a space
stays only where it parts a name from a number: "老王 +62").

Three sources are read: every Chinese message of the catalogue, every Chinese word the engine gives
about a variant (`get_variant`: options, items, presets, notes), and every kind of reason line
rendered in Chinese with Chinese names. Each offending entry is named with the rule it breaks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polib
import pytest
from django.utils import translation

from tablekeeper.reading.reasons import RENDERERS
from tablekeeper.reading.reasons.words import Words
from tablekeeper.rules import get_variant, variant_ids
from tests.reading.test_reasons_rendered import LINES

pytestmark = pytest.mark.one_database(reason="it reads the Chinese catalogue, not the database")

CATALOGUE = Path(__file__).resolve().parents[2] / "tablekeeper/locale/zh_Hans/LC_MESSAGES/django.po"
HAN = r"\u4e00-\u9fff"
# Placeholders and markup are not words: `%(n)s`, `%(change)+d`, `{n}` and tags go before matching.
NOT_WORDS = re.compile(r"%\(\w+\)[-+#0 ]*\d*[sd]|\{\w*\}|<[^>]*>")
# What a placeholder standing for a person or a Chinese word is called in the catalogue.
WORD_PLACEHOLDERS = (
    "dealer|previous|name|names|seat|payer|payee|winner|from|owner|who|liable|variant|item|kong|pattern|kind"
)

# Each rule: what it keeps out, and the pattern that finds it.
TERMS: dict[str, re.Pattern[str]] = {
    "a hand is 局, not 把": re.compile(
        r"(?:下一?|本|这一?|那一?|上一?|每|一|几|两|三|第[一二三四五六七八九十\d]+|\d+|%\(\w+\)s)\s*把(?![手别台承被])|把数"
    ),
    "a hand is 局, not 手": re.compile(r"(?:第\s*(?:\d+|%\(\w+\)s)\s*|%\(\w+\)s\s*|一|这)手(?![牌里中机上动工把])"),
    "a win is 胡, not 和": re.compile(r"和牌|和了"),
    "a change from the usual rules is 与常规不同": re.compile(r"规则书不同|不同于规则书|与常规不一样"),
    # The wall running out with nobody winning (RULES §1.8 "流局 / 荒庄") is one thing: 流局, as the hand form's
    # chip says. 荒庄 stays only in the name of Zhengzhou's house rule 荒庄不荒杠 (RULES §9.6.5's label).
    "a drawn hand is 流局, not 荒庄 or 黄庄": re.compile(r"荒庄(?!不荒杠)|黄庄"),
}
HALF_WIDTH = re.compile(rf"[{HAN}]\s?[:;(),!?]|[:;(),!?]\s?[{HAN}]")
# A person's or a Chinese word's placeholder, as Python (`%(who)s`) or the offline script (`{who}`) writes it.
WORD_PLACEHOLDER = rf"(?:%\((?:{WORD_PLACEHOLDERS})\)s|\{{(?:{WORD_PLACEHOLDERS})\}})"
SPACED_PLACEHOLDER = re.compile(rf"[{HAN}] {WORD_PLACEHOLDER}|{WORD_PLACEHOLDER} [{HAN}]")

# "第 %(seat)s 位" counts: the placeholder is a number there, which keeps its spaces.
ORDINAL = re.compile(r"第 %\(\w+\)s \w")


def broken_rules(text: str) -> list[str]:
    """Which rules of the glossary a Chinese text breaks."""
    broken = [rule for rule, pattern in TERMS.items() if pattern.search(text)]
    if HALF_WIDTH.search(NOT_WORDS.sub("", text)):
        broken.append("full-width punctuation inside Chinese")
    if SPACED_PLACEHOLDER.search(ORDINAL.sub("", text)):
        broken.append("no space between a name and the Chinese around it")
    return broken


def catalogue_messages() -> Iterator[tuple[str, str]]:
    """(where, text) for every Chinese message of the catalogue, named by its line and English."""
    for entry in polib.pofile(str(CATALOGUE)):
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            yield f"django.po:{entry.linenum} {entry.msgid[:60]!r}", text


def engine_words(data: Any, where: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every Chinese text of a `get_variant` answer (the values under a "zh" key)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "zh" and isinstance(value, str):
                yield where, value
            else:
                yield from engine_words(value, f"{where}.{key}")
    elif isinstance(data, list | tuple):
        for index, value in enumerate(data):
            yield from engine_words(value, f"{where}[{index}]")


def offences(texts: Iterator[tuple[str, str]]) -> list[str]:
    return [f"{where}: {text!r} breaks {rule}" for where, text in texts for rule in broken_rules(text)]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("下一把由老王坐庄。", "a hand is 局, not 把"),
        ("已连庄 %(streak)s 把。", "a hand is 局, not 把"),
        ("有人胡牌，流局把数重新计算。", "a hand is 局, not 把"),
        ("荒庄：谁也不付分。", "a drawn hand is 流局, not 荒庄 or 黄庄"),
        ("（连续黄庄 2 局）", "a drawn hand is 流局, not 荒庄 or 黄庄"),
        ("最大一手：第3局", "a hand is 局, not 手"),
        ("这手牌是合法的和牌。", "a win is 胡, not 和"),
        ("与规则书不同：", "a change from the usual rules is 与常规不同"),
        ("下载: CSV", "full-width punctuation inside Chinese"),
        ("(底分 1 + 杠开 2 = 3) × 2", "full-width punctuation inside Chinese"),
        ("%(dealer)s 坐庄", "no space between a name and the Chinese around it"),
        ("下一局由 %(dealer)s坐庄", "no space between a name and the Chinese around it"),
        ("{who} 胡，{from} 点炮", "no space between a name and the Chinese around it"),
    ],
)
def test_each_rule_catches_the_second_term_it_keeps_out(text: str, rule: str) -> None:
    assert rule in broken_rules(text)


@pytest.mark.parametrize(
    "text",
    [
        "下一局由%(dealer)s坐庄（%(previous)s的下家）。",
        "各人自己把台费交给房间",
        "这手牌不满足这个玩法的胡牌条件。",
        "勾了天和或地和",
        "与常规不同：",
        "荒庄不荒杠",
        "流局，%(dealer)s连庄。",
        "%(payer)s付给%(payee)s %(amount)s 分：%(formula)s",
        "大赢家：%(names)s %(change)+d",
        "每人的台费四舍五入到角（0.1 元）",
        "不许手把一（手里只剩一张）",
        "文件中的第 %(seat)s 位玩家：%(why)s",
    ],
)
def test_the_chosen_words_pass(text: str) -> None:
    assert broken_rules(text) == []


def test_every_chinese_message_of_the_catalogue_keeps_one_word_for_one_thing() -> None:
    assert offences(catalogue_messages()) == []


def test_every_chinese_word_the_engine_gives_about_a_variant_keeps_one_word_for_one_thing() -> None:
    texts = (found for variant in variant_ids() for found in engine_words(get_variant(variant), variant))
    assert offences(texts) == []


CHINESE_NAMES = ["阿强", "老王", "小李", "大刘"]
NAME_SPACED = re.compile(rf"[{HAN}] (?:{'|'.join(CHINESE_NAMES)})|(?:{'|'.join(CHINESE_NAMES)}) [{HAN}]")


def test_every_kind_of_reason_line_reads_with_the_same_words_and_no_space_by_a_name() -> None:
    found = []
    with translation.override("zh-hans"):
        for key, (variant, line) in LINES:
            text = RENDERERS[line["code"]](line["params"], Words(CHINESE_NAMES, get_variant(variant)))
            broken = broken_rules(text)
            if NAME_SPACED.search(text):
                broken.append("no space between a name and the Chinese around it")
            found += [f"{key}: {text!r} breaks {rule}" for rule in broken]
    assert found == []
