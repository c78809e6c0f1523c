"""The result card's page: the evening's result as data for the picture and as the line groups post."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import pytest

from tablekeeper import services
from tablekeeper.models import GameSession
from tablekeeper.services.sessions import ending_of
from tablekeeper.views.card import yuan
from tests.conftest import make_session, record_all, signed_in, win

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
    services.finish_session(session, money_rate=Decimal("1.00"))
    session.refresh_from_db()
    return session


def test_the_card_says_the_result_in_the_groups_form_in_chinese(owner, evening):
    phone = signed_in(owner)
    phone.cookies["django_language"] = "zh-hans"
    body = phone.get(f"/sessions/{evening.pk}/card/", headers={"Accept-Language": "zh-hans"}).content.decode()
    card = card_of(body)
    ending = ending_of(evening)
    parts = card["text"].split("｜")
    assert parts[0] == "第1场" and "老地方" in parts and "沈阳麻将" in parts and "底分2" in parts
    assert parts[-1] == "台费 ¥20"
    by_rank = sorted(range(4), key=lambda seat: -ending.changes[seat])
    assert ending.money_nets is not None
    names = ["老王", "老李", "小张", "阿芳"]
    for part, seat in zip(parts[5:9], by_rank, strict=True):
        assert part == f"{names[seat]} {ending.changes[seat]:+d}（{yuan(Decimal(ending.money_nets[seat]) / 100)}）"
    assert any("房间" in line for line in card["transfers"])
    assert card["biggest"].startswith("最大一手")
    assert "<script>" not in body and 'src="/static/js/card.js"' in body


def test_an_open_session_makes_a_card_so_far(owner, game):
    record_all(game, [win(0)])
    phone = signed_in(owner)
    body = phone.get(f"/sessions/{game.pk}/card/").content.decode()
    card = card_of(body)
    assert card["open"] is True and "So far" in card["status"]
    assert card["text"].startswith("Session 1 | ") and " | Base 10 | " in card["text"]
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
    assert shared["text"].startswith("Session 1 | ") and shared["text"].endswith(" | Table fee ¥20")
    services.set_sharing(evening, enabled=False)
    assert client.get(f"/b/{evening.share_token}/card/").status_code == 404
