"""The result card's page: the evening's result as data for the picture and as the line groups post."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, city_presets
from tablekeeper.keeping.services.table_fee import yuan
from tests.conftest import make_session, record_all, signed_in, stands, win

pytestmark = pytest.mark.django_db


def card_of(body: str) -> dict[str, Any]:
    found = re.search(r'<script id="card-data" type="application/json">(.*?)</script>', body, re.S)
    assert found, "the card's data is on the page as JSON"
    card: dict[str, Any] = json.loads(found.group(1))
    return card


@pytest.fixture
def evening(owner) -> GameSession:
    session = make_session(
        owner,
        "shenyang",
        base=2,
        player_names=["老王", "老李", "小张", "阿芳"],
        fee={"fee_kind": "per_player", "fee_amount": Decimal(5), "place": "老地方"},
    )
    record_all(session, [win(0), win(1, "discard", 0)])
    stands(services.finish_session(session, money_rate=Decimal("1.00")))
    session.refresh_from_db()
    return session


def test_the_card_says_the_settlement_as_text_ready_for_the_group_chat_in_chinese(owner, evening):
    # Shenyang, base 2: 老王 self-draws as dealer (+12, the biggest hand), then 老李 wins on 老王's
    # discard: +4 +4 −4 −4. At ¥1 a point less a ¥5 fee each: −¥1 −¥1 −¥9 −¥9, all owed to the room.
    phone = signed_in(owner)
    body = phone.get(f"/sessions/{evening.pk}/card/", headers={"Accept-Language": "zh-hans"}).content.decode()
    card = card_of(body)
    start = timezone.localtime(evening.created)
    end = timezone.localtime(evening.finished)
    assert evening.totals == [4, 4, -4, -4]
    assert card["text"].split("\n") == [
        f"第1场｜{start.year}年{start.month}月{start.day}日 {start:%H:%M}–{end:%H:%M}｜老地方",
        "沈阳麻将｜底分2｜每分¥1",
        "规则：沈阳麻将，没有改动。",
        "1. 老王 +4，扣台费¥5后-¥1",
        "1. 老李 +4，扣台费¥5后-¥1",
        "3. 小张 -4，扣台费¥5后-¥9",
        "3. 阿芳 -4，扣台费¥5后-¥9",
        "谁付给谁：",
        "小张→台费/房间 ¥9",
        "阿芳→台费/房间 ¥9",
        "老王→台费/房间 ¥1",
        "老李→台费/房间 ¥1",
        "台费 ¥20（已算进上面的转账）",
        "大赢家：老王、老李 +4｜自摸最多：老王 1次｜点炮最多：老王 1次｜最大一局：第 1 局，老王 +12",
    ]
    assert card["rate"] == "每分¥1" and card["times"] == f"{start:%H:%M}–{end:%H:%M}"
    assert "<script>" not in body and 'src="/static/js/card.js"' in body


def test_each_player_paying_the_room_apart_leaves_the_room_out_of_the_players_transfers(owner, evening):
    GameSession.objects.filter(pk=evening.pk).update(fee_collection="each_own")
    card = card_of(signed_in(owner).get(f"/sessions/{evening.pk}/card/").content.decode())
    # The players settle the game's ¥4 each way; each hands the room their own ¥5.
    assert card["transfers"] == [
        "小张 → 老王 ¥4",
        "阿芳 → 老李 ¥4",
        "老王 → the room (table fee) ¥5",
        "老李 → the room (table fee) ¥5",
        "小张 → the room (table fee) ¥5",
        "阿芳 → the room (table fee) ¥5",
    ]
    assert "Table fee ¥20 (each pays the room their own)" in card["text"]


def test_a_fee_paid_in_cash_is_said_as_paid(owner, evening):
    GameSession.objects.filter(pk=evening.pk).update(fee_collection="paid_in_cash")
    card = card_of(signed_in(owner).get(f"/sessions/{evening.pk}/card/").content.decode())
    assert "老王 paid the room (table fee) ¥5 in cash" in card["transfers"]
    assert not any(line.startswith("老王 → the room") for line in card["transfers"])


def test_the_card_names_the_city_preset_and_what_the_table_changed_from_it(owner):
    jinan = next(preset for preset in city_presets("shandong") if preset["id"] == "jinan_tuyoo")
    rules = {key: value for key, value in jinan["options"].items() if key not in ("base", "starting_points")}
    session = make_session(owner, "shandong", base=1, options={**rules, "cap": 16}, city_preset="jinan_tuyoo")
    record_all(session, [win(1)])
    card = card_of(
        signed_in(owner).get(f"/sessions/{session.pk}/card/", headers={"Accept-Language": "zh-hans"}).content.decode()
    )
    assert card["variant"] == "济南·途游"
    assert card["rules"] == "济南·途游，改了1条：封顶倍数：16"


def test_the_card_marks_corrected_hands_and_carries_the_share_boards_qr_code(owner, evening):
    stands(services.reopen_session(evening))
    evening.refresh_from_db()
    stands(services.edit_hand(evening, 1, win(0, patterns=[]), user=owner))
    card = card_of(signed_in(owner).get(f"/sessions/{evening.pk}/card/").content.decode())
    assert card["corrected"] == "Corrected: hand 1"
    assert card["text"].endswith("Corrected: hand 1")
    assert card["qr"] and all(set(row) <= {"0", "1"} and len(row) == len(card["qr"]) for row in card["qr"])
    services.set_sharing(evening, enabled=False)
    assert card_of(signed_in(owner).get(f"/sessions/{evening.pk}/card/").content.decode())["qr"] == []


def test_an_open_session_makes_a_card_so_far(owner, game):
    record_all(game, [win(0)])
    phone = signed_in(owner)
    body = phone.get(f"/sessions/{game.pk}/card/").content.decode()
    card = card_of(body)
    assert card["open"] is True and "So far" in card["status"]
    assert card["text"].startswith("Session 1 | ") and "Zhengzhou | Base 10" in card["text"]
    board = phone.get(f"/sessions/{game.pk}/").content.decode()
    assert f'href="/sessions/{game.pk}/card/"' in board and "Result card so far" in board


def test_someone_elses_card_is_not_found(evening, stranger):
    assert signed_in(stranger).get(f"/sessions/{evening.pk}/card/").status_code == 404


@pytest.mark.parametrize(("amount", "said"), [("35", "¥35"), ("35.50", "¥35.5"), ("12.35", "¥12.35"), ("-8.00", "-¥8")])
def test_money_on_the_card_drops_the_zeros_groups_never_write(amount, said):
    assert yuan(Decimal(amount)) == said


def test_the_share_link_makes_the_same_card_for_anyone_until_it_is_turned_off(client, evening):
    board = client.get(f"/b/{evening.share_token}/").content.decode()
    assert f'href="/b/{evening.share_token}/card/"' in board
    shared = card_of(client.get(f"/b/{evening.share_token}/card/").content.decode())
    assert shared["text"].startswith("Session 1 | ") and "\nTable fee ¥20 (in the transfers above)\n" in shared["text"]
    services.set_sharing(evening, enabled=False)
    assert client.get(f"/b/{evening.share_token}/card/").status_code == 404


def test_a_tie_for_the_biggest_hand_is_named_as_a_tie(owner):
    # Shenyang, base 2: three plain self-draws by the three who do not deal, each +8; nobody wins more.
    session = make_session(owner, "shenyang", base=2, player_names=["老王", "老李", "小张", "阿芳"])
    record_all(session, [win(1), win(2), win(3)])
    services.finish_session(session)
    text = card_of(
        signed_in(owner).get(f"/sessions/{session.pk}/card/", headers={"Accept-Language": "zh-hans"}).content.decode()
    )["text"]

    assert "最大一局（并列）：第 1 局老李、第 2 局小张、第 3 局阿芳，各 +" in text
    assert "最大一局：" not in text
