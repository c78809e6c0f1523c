"""The hand form says each thing once, in the keeper's language, and offers only what scores:
the tile turned up and the 宝牌 chip named apart (and what it makes wild, by the table's order), 门清
and 听牌 only where the variant has them, a 补杠's own question, the dice double under its own
heading, no English tooltips on Chinese pages, tiles as a Chinese keeper says them, the tiles
checked as they are typed, and the queue line's words for who won."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from tablekeeper.keeping.models import GameSession
from tests.conftest import HTMX, make_session, record_all, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper_client(keeper_client: Client) -> Client:
    """The owner's phone, in Chinese."""
    keeper_client.cookies["django_language"] = "zh-hans"
    return keeper_client


def new_hand(client: Client, game: GameSession) -> str:
    return client.get(f"/sessions/{game.pk}/hands/new/").content.decode()


def between(body: str, start: str, end: str) -> str:
    part = body[body.index(start) :]
    return part[: part.index(end)]


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# What follows a turned-up tile: the next number of its suit, and the honours in the table's own cycles.
SUITS_NEXT = "同花色的下一张（9 之后是 1）"
DALIAN_ORDER = f"{SUITS_NEXT}；东 → 南 → 西 → 北 → 东；发 → 中 → 白 → 发"


@pytest.mark.parametrize(
    ("mode", "pick"),
    [
        ("successor", f"宝是翻开那张的下一张：{DALIAN_ORDER}。"),
        ("indicator", "这桌翻开的那张就是宝。"),
        ("both", f"宝是翻开那张的下一张：{DALIAN_ORDER}。 翻开的那张也算宝。"),
    ],
)
def test_the_dalian_tile_turned_up_and_the_hidden_treasure_chip_are_named_apart(keeper_client, owner, mode, pick):
    game = make_session(owner, "dalian", base=1, options={"treasure_mode": mode})
    body = new_hand(keeper_client, game)
    start = body.rindex('<div class="field-line">', 0, body.index('id="f-turned_up"'))
    field = text_of(between(body[start:], '<div class="field-line">', "</div>"))
    assert "翻开的牌" in field and "宝牌" not in field
    assert pick in text_of(between(body[start:], "</div>", "</fieldset>"))
    chip = text_of(between(body, 'value="hidden_treasure"', "</label>"))
    assert "宝牌" in chip and "手里原有的宝" in chip


@pytest.mark.parametrize(
    ("variant", "options", "hint"),
    [
        ("zhengzhou", {}, f"混是翻开那张的下一张：{SUITS_NEXT}；东 → 南 → 西 → 北 → 中 → 发 → 白 → 东。"),
        ("zhengzhou", {"honor_cycle": "winds4_dragons3"}, f"混是翻开那张的下一张：{DALIAN_ORDER}。"),
        ("harbin", {}, f"宝是翻开那张的下一张：{SUITS_NEXT}；中 → 中。"),
        ("harbin", {"treasure_mode": "indicator"}, "这桌翻开的那张就是宝。"),
    ],
)
def test_every_per_hand_wild_is_offered_as_the_tile_turned_up_outside_more_with_what_it_makes_wild(
    keeper_client, owner, variant, options, hint
):
    body = new_hand(keeper_client, make_session(owner, variant, base=1, options=options))
    more = body.index('<details class="more"')
    assert body.index('id="f-turned_up"') < more, "the tile turned up is asked before 更多"
    assert hint in text_of(body[:more])
    assert 'id="f-treasure"' not in body and "点宝本身" not in body


def test_shenyang_has_closed_chips_under_its_own_word_and_no_ready_heading(keeper_client, owner):
    body = new_hand(keeper_client, make_session(owner, "shenyang", base=1))
    legend = text_of(between(body, '<fieldset class="seat-facts"><legend>', "</legend>"))
    assert legend.strip() == "闭门"
    assert "门清与听牌" not in body and "听牌" not in text_of(between(body, '<details class="more"', "</summary>"))
    assert 'name="closed_0"' in body and 'name="ready_0"' not in body


def test_zhengzhou_offers_no_closed_chips_where_a_closed_hand_does_not_score(keeper_client, owner):
    body = new_hand(keeper_client, make_session(owner, "zhengzhou"))
    assert 'name="closed_0"' not in body and "seat-facts" not in body
    summary = text_of(between(body, '<details class="more"', "</summary>"))
    assert "门清" not in summary and "听牌" not in summary and "杠" in summary


def test_dalian_keeps_both_closed_and_ready(keeper_client, owner):
    body = new_hand(keeper_client, make_session(owner, "dalian", base=1))
    assert "门清与听牌" in body and 'name="closed_0"' in body and 'name="ready_0"' in body


def test_an_edited_hand_with_a_closed_seat_still_shows_that_chip(keeper_client, owner):
    game = make_session(owner, "zhengzhou")
    record_all(game, [win(1, seats=[{}, {"opened": False}, {}, {}])], owner)
    body = keeper_client.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode()
    assert 'name="closed_1" checked' in body


def test_pattern_chips_carry_no_english_tooltip_on_chinese_pages(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    patterns = between(new_hand(keeper_client, game), '<fieldset class="taps patterns', "</fieldset>")
    assert "title=" not in patterns
    keeper_client.cookies["django_language"] = "en"
    assert 'title="' in between(new_hand(keeper_client, game), '<fieldset class="taps patterns', "</fieldset>")


def test_an_added_kong_asks_for_its_pung_and_its_refusal_does_not_speak_of_a_discard_win(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    assert "补杠前碰的是谁打的牌" in new_hand(keeper_client, game)
    taps: dict[str, Any] = {"client_token": "k1", "expected_number": 1, "winner": "1", "how": "self_draw"}
    taps.update({"kong_seat_0": "2", "kong_kind_0": "added", "kong_tile_0": "5m"})
    body = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps, headers=HTMX).content.decode()
    kongs = between(body, '<fieldset class="kongs"', "</fieldset>")
    assert "请点选这个杠的牌是谁打出的（补杠就点原来碰的是谁的牌）" in kongs
    assert "点的炮" not in kongs


def test_the_dice_double_has_its_own_heading_not_under_penalties(keeper_client, owner):
    body = new_hand(keeper_client, make_session(owner, "shenyang", base=1))
    penalties = between(body, '<fieldset class="penalties">', "</fieldset>")
    assert 'name="dice_double"' not in penalties
    dice = between(body, '<fieldset class="dice">', "</fieldset>")
    assert "<legend>骰子</legend>" in dice and 'name="dice_double"' in dice


def test_the_tiles_are_checked_as_they_are_typed(keeper_client, owner):
    body = new_hand(keeper_client, make_session(owner, "shenyang", base=1))
    assert re.search(r'hx-trigger="change delay:150ms, input delay:\d+ms target:#tiles-input"', body)
    assert 'class="tiles-faces" data-faces-of="tiles-input"' in body


def test_what_was_entered_says_the_tiles_as_a_chinese_keeper_does(keeper_client, owner):
    game = make_session(owner, "shenyang", base=1)
    record_all(game, [win(1, win_extra={"tiles": "[123m][999p]456s78s1z1z+9s"})], owner)
    body = keeper_client.get(f"/sessions/{game.pk}/hands/1/").content.decode()
    assert "[123万][999筒]456条78条东东 胡9条" in body
    assert "[123m]" not in body


def test_the_queue_line_has_words_for_who_won(keeper_client, owner):
    body = new_hand(keeper_client, make_session(owner, "shenyang", base=1))
    said = json.loads(between(body, '<script id="tk-text" type="application/json">', "</script>").split(">", 1)[1])
    assert said["outbox.onDiscard"] == "{who}胡，{from}点炮" and said["outbox.selfDraw"] == "{who}自摸"
    assert '<span class="seat-name">Ann</span>' in body
