"""Every page that shows reasons shows them in the keeper's language, with the players' names.

A Shenyang session (base 2, dealer Ann): a drawn hand where Di reveals a tile into the pot, then Cy
wins on Di's discard with a single wait and takes the pot.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping.models import GameSession
from tests.conftest import HTMX, draw, make_session, record_all, taps, win

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.one_database(reason="pages render stored reason lines; storing JSON is covered by the write tests"),
]
CHINESE = {"Accept-Language": "zh-hans"}
ENGLISH = {"Accept-Language": "en"}
# Di pays 4 into the pot; then base 2 × ron 2 × single wait 2 × after a drawn hand 2 = 16, and the pot's 4.
PAYMENT_ZH = "赵哥付给李姐 16 分：底分 2 × 点炮 ×2 × 单张 ×2 × 流局加倍（连续流局 1 局） ×2 = 16"
PAYMENT_EN = "Di pays 16 to Cy: base 2 × Ron ×2 × Single wait ×2 × After a drawn hand (1 drawn hand) ×2 = 16"
POT_ZH = "李姐拿走奖池 4 分：之前留下 4"


@pytest.fixture
def shenyang(owner: User) -> GameSession:
    game = make_session(owner, "shenyang", base=2, player_names=["老王", "小张", "李姐", "赵哥"])
    record_all(
        game,
        [
            draw(penalties=[{"kind": "revealed_tiles", "seat": 3}]),
            win(2, "discard", 3, ["single_wait"]),
        ],
    )
    return game


def reasons_in(body: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", item) for item in re.findall(r'<li class="(?:payment|note|total)">(.*?)</li>', body)]


def assert_no_engine_english(body: str) -> None:
    assert " pays " not in body and not re.search(r"\bP[0-3]\b", body)


def test_the_hand_page_shows_the_reasons_in_chinese(keeper_client: Client, shenyang: GameSession) -> None:
    body = keeper_client.get(f"/sessions/{shenyang.pk}/hands/2/", headers=CHINESE).content.decode()

    shown = reasons_in(body)
    assert shown[0] == "赵哥点炮，李姐胡牌。"
    assert PAYMENT_ZH in shown and POT_ZH in shown and "李姐本局合计 +20" in shown
    assert_no_engine_english(body)


def test_the_history_keeps_to_one_row_per_hand_and_leaves_the_reasons_to_the_hands_page(
    keeper_client: Client, shenyang: GameSession
) -> None:
    body = keeper_client.get(f"/sessions/{shenyang.pk}/hands/", headers=CHINESE).content.decode()

    assert reasons_in(body) == []
    assert f'href="/sessions/{shenyang.pk}/hands/2/"' in body
    assert_no_engine_english(body)


def test_the_board_shows_the_last_hand_in_chinese(keeper_client: Client, shenyang: GameSession) -> None:
    body = keeper_client.get(f"/sessions/{shenyang.pk}/", headers=CHINESE).content.decode()
    strip = body[body.index('<section id="last-hand"') :]
    strip = strip[: strip.index("</section>")]
    assert "<b>第 2 局</b> 赵哥点炮，李姐胡牌。" in strip and "wins" not in strip
    # Every payment is one tap away, on the hand's own page.
    assert f'href="/sessions/{shenyang.pk}/hands/2/"' in strip
    hand = keeper_client.get(f"/sessions/{shenyang.pk}/hands/2/", headers=CHINESE).content.decode()
    assert PAYMENT_ZH in reasons_in(hand)


def test_the_summary_and_the_shared_summary_speak_the_viewers_language(
    keeper_client: Client, client: Client, shenyang: GameSession
) -> None:
    # The summary's hand table is compact (issue 9): how each hand ended, in words, and no engine English.
    for body in (
        keeper_client.get(f"/sessions/{shenyang.pk}/summary/", headers=CHINESE).content.decode(),
        client.get(f"/b/{shenyang.share_token}/summary/", headers=CHINESE).content.decode(),
    ):
        assert "流局" in body and "赵哥" in body
        assert_no_engine_english(body)
    english = client.get(f"/b/{shenyang.share_token}/summary/", headers=ENGLISH).content.decode()
    assert "Draw" in english and "流局" not in english.replace('lang="zh"', "")


def test_the_language_cookie_chooses_chinese_too(keeper_client: Client, shenyang: GameSession) -> None:
    keeper_client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})

    body = keeper_client.get(f"/sessions/{shenyang.pk}/hands/2/").content.decode()

    assert PAYMENT_ZH in reasons_in(body)


def test_the_live_preview_shows_the_reasons_in_chinese(keeper_client: Client, shenyang: GameSession) -> None:
    response = keeper_client.post(
        f"/sessions/{shenyang.pk}/hands/preview/", taps(3, winner="1", how="self_draw"), headers={**HTMX, **CHINESE}
    )
    body = response.content.decode()

    assert response.status_code == 200 and body.lstrip().startswith('<div id="preview"')
    shown = reasons_in(body)
    # Cy's win passed the deal to the seat after Ann (RULES.md §2.6): Bo deals now, and self-draws.
    assert shown[0] == "小张自摸胡牌。"
    assert "老王付给小张 4 分：底分 2 × 自摸 ×1 × 庄家 ×2 = 4" in shown
    assert_no_engine_english(body)


def test_the_live_preview_says_a_refusal_in_chinese_with_names_and_no_english(
    keeper_client: Client, shenyang: GameSession
) -> None:
    # Shenyang needs an opened winner: the refusal names the player, in Chinese only (no English detail).
    response = keeper_client.post(
        f"/sessions/{shenyang.pk}/hands/preview/",
        taps(3, winner="1", how="self_draw", closed_1="on"),
        headers={**HTMX, **CHINESE},
    )
    body = response.content.decode()

    assert "小张" in body and "cannot win" not in body and "P1" not in body


def test_the_shared_board_shows_the_last_hands_payments_in_the_viewers_language(
    client: Client, shenyang: GameSession
) -> None:
    body = client.get(f"/b/{shenyang.share_token}/", headers={**HTMX, **CHINESE}).content.decode()

    assert body.lstrip().startswith('<div id="live-board"')
    assert "<h2>上一局</h2>" in body and "<b>第 2 局</b>" in body
    assert reasons_in(body) == [PAYMENT_ZH, POT_ZH]


def test_a_zhengzhou_table_that_allows_discard_wins_can_tap_one(keeper_client: Client, owner: User) -> None:
    # The form learns the method from get_variant's method_options, not by trying a discard win.
    plain = make_session(owner, "zhengzhou")
    allowing = make_session(owner, "zhengzhou", options={"allow_discard_win": True})

    assert 'value="discard-0"' not in keeper_client.get(f"/sessions/{plain.pk}/hands/new/").content.decode()
    assert 'value="discard-0"' in keeper_client.get(f"/sessions/{allowing.pk}/hands/new/").content.decode()
    response = keeper_client.post(
        f"/sessions/{allowing.pk}/hands/new/",
        {"client_token": "z-1", "expected_number": 1, "winner": "1", "how": "discard-0"},
        headers=HTMX,
    )
    assert response.status_code == 200
    allowing.refresh_from_db()
    assert allowing.totals == [-10, 10, 0, 0]
