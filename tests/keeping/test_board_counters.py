"""The board shows a running counter only where it changes what someone pays at this table: drawn hands in a
row at a Shandong book table (the next win doubles), not at Zhengzhou's nor at Jinan's; the dealer's kept deals
where the dealer's continuation pays (Dalian's book), not at Zhengzhou's."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tablekeeper.rules import Record, get_variant
from tests.conftest import draw, make_session, record_all, signed_in, win

pytestmark = pytest.mark.django_db
CHINESE = {"Accept-Language": "zh-hans"}


def board(owner: User, variant: str, records: list[Record], **options: object) -> str:
    game = make_session(owner, variant, options=options)
    record_all(game, records, owner)
    client = signed_in(owner)
    client.cookies["django_language"] = "zh-hans"
    return client.get(f"/sessions/{game.pk}/").content.decode()


def jinan() -> dict[str, object]:
    options = next(p["options"] for p in get_variant("shandong")["presets"] if p["id"] == "jinan_tuyoo")
    return {k: v for k, v in options.items() if k not in ("base", "starting_points")}


def test_drawn_hands_in_a_row_show_where_the_next_win_doubles(owner: User) -> None:
    assert "连续流局" in board(owner, "shandong", [draw()])


@pytest.mark.parametrize("variant", ["zhengzhou", "jinan"])
def test_drawn_hands_in_a_row_are_not_shown_where_they_change_nothing(owner: User, variant: str) -> None:
    body = board(owner, "shandong", [draw()], **jinan()) if variant == "jinan" else board(owner, variant, [draw()])
    assert "连续流局" not in body


def test_the_dealers_kept_deals_show_where_they_pay(owner: User) -> None:
    assert "<sub>1</sub>" in board(owner, "dalian", [win(0)])


def test_the_dealers_kept_deals_are_not_shown_where_they_pay_nothing(owner: User) -> None:
    assert "<sub>1</sub>" not in board(owner, "zhengzhou", [win(0)])
