"""The board says what just happened: the last hand's strip (how it ended, each seat's change, Undo
beside it) and, where the deal goes round the table, the prevailing wind."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.keeping.services.audit import replay_mismatches
from tests.conftest import draw, make_session, record_all, signed_in, stands, win

pytestmark = pytest.mark.django_db
POLL = {"HX-Request": "true"}
CHINESE = {"Accept-Language": "zh-CN,zh;q=0.9"}


def strip_of(body: str) -> str:
    found = re.search(r'<section id="last-hand".*?</section>', body, re.S)
    assert found, "the board has a last-hand strip"
    return found.group(0)


def test_the_strip_says_how_the_last_hand_ended_and_what_each_seat_won_or_paid_in_it(owner, game):
    record_all(game, [win(2), win(1)], owner)
    body = signed_in(owner).get(f"/sessions/{game.pk}/").content.decode()
    strip = strip_of(body)
    assert "<b>Hand 2</b> Bo wins by self-draw." in strip
    changes = re.findall(r"<li><span>(\w+)</span><b class=\"(\w*)\">([+−\-\d]+)</b></li>", strip)
    last = Round.objects.get(session=game, number=2)
    assert [(name, int(amount)) for name, _cls, amount in changes] == list(
        zip(["Ann", "Bo", "Cy", "Di"], last.deltas, strict=True)
    )
    # The seat boxes show that hand's change too, not the session's net.
    seat_changes = re.findall(r'<span class="change[^"]*" title="Last hand">([+\-\d]+)</span>', body)
    on_screen = (2, 3, 1, 0)  # top, left, right, bottom
    assert [int(amount) for amount in seat_changes] == [last.deltas[i] for i in on_screen]


def test_undo_sits_beside_the_strip_and_says_which_hand_went(owner, game):
    record_all(game, [win(2), draw()], owner)
    phone = signed_in(owner)
    strip = strip_of(phone.get(f"/sessions/{game.pk}/").content.decode())
    assert "Yes, undo hand 2" in strip and 'name="based_on"' in strip
    fingerprint = Round.objects.get(session=game, number=2).fingerprint
    after = phone.post(f"/sessions/{game.pk}/hands/undo/", {"based_on": fingerprint}, follow=True).content.decode()
    assert "Hand 2 undone." in after
    assert "<b>Hand 1</b> Cy wins by self-draw." in strip_of(after)


def test_the_strip_speaks_chinese_to_a_chinese_phone(owner, game):
    record_all(game, [win(2)], owner)
    body = signed_in(owner).get(f"/sessions/{game.pk}/", headers=CHINESE).content.decode()
    strip = strip_of(body)
    assert "第 1 局" in strip and "Cy自摸" in strip and "撤销" in strip
    assert "wins" not in strip and "Undo" not in strip


def test_a_board_without_hands_has_an_empty_hidden_strip(owner, game):
    body = signed_in(owner).get(f"/sessions/{game.pk}/").content.decode()
    assert re.search(r'<section id="last-hand"[^>]* hidden>\s*</section>', body)


def test_the_shared_board_shows_the_strip_without_undo(client, owner, game):
    record_all(game, [win(2)], owner)
    body = client.get(f"/b/{game.share_token}/").content.decode()
    assert "Cy wins by self-draw." in body and "undo" not in body.lower()
    assert '<section class="last-payments">' in body


def test_the_board_reads_the_same_queries_with_its_strip_at_any_length(owner, game):
    phone = signed_in(owner)
    record_all(game, [win(2)], owner)
    with CaptureQueriesContext(connection) as short:
        phone.get(f"/sessions/{game.pk}/", headers=POLL)
    record_all(game, [win(1), draw(), win(3), win(0)] * 5, owner)
    with CaptureQueriesContext(connection) as long:
        phone.get(f"/sessions/{game.pk}/", headers=POLL)
    assert len(long) == len(short)


def dalian(owner: User) -> GameSession:
    return make_session(owner, variant="dalian", base=1)


def test_the_wind_round_advances_when_the_deal_has_gone_round_all_four_seats(owner):
    game = dalian(owner)
    phone = signed_in(owner)
    assert "East round" in phone.get(f"/sessions/{game.pk}/").content.decode()
    # In Dalian the deal passes to the next seat whenever someone other than the dealer wins.
    record_all(game, [win(1), win(1), win(3)], owner)  # P1 wins, the dealer P1 keeps it, P3 wins
    assert "East round" in phone.get(f"/sessions/{game.pk}/").content.decode()
    record_all(game, [win(0), win(1)], owner)  # the deal reaches P3, then comes back to P0
    body = phone.get(f"/sessions/{game.pk}/").content.decode()
    assert "South round" in body and "Hand 6" in body
    assert "南风圈" in phone.get(f"/sessions/{game.pk}/", headers=CHINESE).content.decode()


def test_corrections_recount_the_wind_round(owner):
    game = dalian(owner)
    record_all(game, [win(1), win(2), win(3), win(0), draw()], owner)
    phone = signed_in(owner)
    assert "South round" in phone.get(f"/sessions/{game.pk}/").content.decode()
    stands(services.edit_hand(game, 4, win(3), user=owner))  # the dealer P3 wins hand 4 and keeps the deal
    game.refresh_from_db()
    assert replay_mismatches(game) == []
    assert "East round" in phone.get(f"/sessions/{game.pk}/").content.decode()
    stands(services.edit_hand(game, 4, win(0), user=owner))
    game.refresh_from_db()
    assert "South round" in phone.get(f"/sessions/{game.pk}/").content.decode()
    stands(services.delete_hand(game, 4, user=owner))
    game.refresh_from_db()
    assert replay_mismatches(game) == []
    assert list(Round.objects.filter(session=game).values_list("deal_passes", flat=True)) == [1, 2, 3, 3]
    assert "East round" in phone.get(f"/sessions/{game.pk}/").content.decode()
    stands(services.undo_last_hand(game, user=owner))
    record_all(game, [win(0)], owner)
    assert "South round" in phone.get(f"/sessions/{game.pk}/").content.decode()


def test_a_variant_where_the_winner_deals_shows_the_hand_count_only(owner, game):
    record_all(game, [win(1), win(2), win(3), win(0), win(1)], owner)
    body = signed_in(owner).get(f"/sessions/{game.pk}/").content.decode()
    assert "Hand 6" in body and " round</span>" not in body


def test_the_strip_names_the_revealed_tiles_paid_into_the_pot_in_the_keepers_language(owner):
    game = make_session(owner, "shenyang")
    revealed = [{"kind": "revealed_tiles", "seat": 2, "count": 2}]
    record_all(game, [win(1, penalties=revealed), draw(penalties=revealed)], owner)
    phone = signed_in(owner)
    chinese = strip_of(phone.get(f"/sessions/{game.pk}/", headers=CHINESE).content.decode())
    assert "流局" in chinese and "Cy往奖池里付" in chinese and "露牌 2 张" in chinese
    english = strip_of(phone.get(f"/sessions/{game.pk}/").content.decode())
    assert "Cy pays" in english and "into the pot: Revealed tile 2" in english
    stands(services.undo_last_hand(game, user=owner))
    first = strip_of(phone.get(f"/sessions/{game.pk}/", headers=CHINESE).content.decode())
    assert "Bo自摸胡牌。" in first and "露牌 2 张" in first
