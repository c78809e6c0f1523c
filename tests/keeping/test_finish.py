"""Finishing a session: the Shenyang pot at the end, money, who pays whom, read-only, reopening."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tests.conftest import HTMX, draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db


def revealed(*seats_and_counts: tuple[int, int]) -> list[dict[str, int | str]]:
    return [{"kind": "revealed_tiles", "seat": seat, "count": count} for seat, count in seats_and_counts]


def shenyang_with_a_waiting_pot(owner: User, pot_rule: str) -> GameSession:
    """Three hands worked from RULES.md §2.4-§2.5 (base 2, dealer Ann, revealed tile 4 into the pot).

    1. Drawn; Cy reveals 1 tile (4), Di 2 tiles (8): pot 12.      totals [0, 0, -4, -8]
    2. Bo self-draws after a drawn hand (×2): Ann the dealer pays 2×2×2 = 8, Cy and Di 4 each;
       Bo also takes the pot of 12.                                 hand   [-8, 28, -4, -4]
    3. Drawn; Ann reveals 1 (4), Bo 2 (8): a new pot of 12 waits.   hand   [-4, -8, 0, 0]
    Totals [-12, 20, -8, -12] and 12 in the pot, paid by Ann 4 and Bo 8.
    """
    game = make_session(owner, "shenyang", base=2, options={"pot_at_session_end": pot_rule})
    record_all(
        game,
        [
            draw(penalties=revealed((2, 1), (3, 2))),
            win(1),
            draw(penalties=revealed((0, 1), (1, 2))),
        ],
    )
    assert game.totals == [-12, 20, -8, -12] and game.pot == 12
    return game


def test_finishing_refunds_the_waiting_pot_to_those_who_paid_it_in(owner):
    game = stands(services.finish_session(shenyang_with_a_waiting_pot(owner, "refund_pro_rata")))
    assert game.pot_refund == [4, 8, 0, 0]


def test_a_pot_that_stays_is_not_refunded(owner):
    game = stands(services.finish_session(shenyang_with_a_waiting_pot(owner, "stays")))
    assert game.pot_refund == [0, 0, 0, 0]


def test_the_finished_board_shows_standings_with_the_refund_money_and_transfers(keeper_client, owner):
    game = shenyang_with_a_waiting_pot(owner, "refund_pro_rata")
    keeper_client.post(f"/sessions/{game.pk}/finish/", {"money_rate": "0.1"})
    body = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    # Standings: Bo 20 + 8 back = +28, Cy -8, Ann -12 + 4 = -8, Di -12 (starting points 1000).
    bo = '<span class="name">Bo</span> <b>1028</b> <small>(+28, 8 back from the pot)</small> '
    bo += '<span class="money">¥2.8</span>'  # money, with ¥
    assert bo in body
    names = ['<span class="name">Bo</span>', '<span class="name">Ann</span>', '<span class="name">Cy</span>']
    assert body.index(names[0]) < body.index(names[1]) < body.index(names[2])
    assert 'Di pays Bo 12 <span class="money">= ¥1.20</span>' in body
    assert "Ann pays Bo 8" in body and "Cy pays Bo 8" in body
    assert "Unclaimed pot" not in body


def test_a_pot_that_stays_is_shown_unclaimed_and_owed_to_the_table(keeper_client, owner):
    game = shenyang_with_a_waiting_pot(owner, "stays")
    keeper_client.post(f"/sessions/{game.pk}/finish/", {"money_rate": ""})
    body = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    assert "Unclaimed pot: 12 (left out of the standings)" in body
    assert "Ann pays Bo 12" in body and "Di pays the unclaimed pot 12" in body and "Cy pays Bo 8" in body
    assert 'class="money"' not in body


def test_a_negative_money_rate_is_refused_and_the_session_stays_open(keeper_client, game):
    response = keeper_client.post(f"/sessions/{game.pk}/finish/", {"money_rate": "-1"}, follow=True)
    game.refresh_from_db()
    assert game.is_open and "greater than or equal to 0" in response.content.decode()


def test_the_money_rate_can_be_changed_after_finishing(keeper_client, game):
    record_all(game, [win(2)])  # Zhengzhou self-draw, base 10: Cy +30
    keeper_client.post(f"/sessions/{game.pk}/finish/", {})
    keeper_client.post(f"/sessions/{game.pk}/money-rate/", {"money_rate": "0.5"})
    game.refresh_from_db()
    assert game.money_rate == Decimal("0.50")
    assert '<span class="money">¥15</span>' in keeper_client.get(f"/sessions/{game.pk}/").content.decode()


def test_a_finished_session_offers_no_record_undo_or_edit(keeper_client, game):
    record_all(game, [win(2)])
    stands(services.finish_session(game))
    board = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    assert "/hands/new/" not in board and "/hands/undo/" not in board and "/reopen/" in board
    assert keeper_client.get(f"/sessions/{game.pk}/hands/new/").status_code == 302
    edit = keeper_client.get(f"/sessions/{game.pk}/hands/1/edit/")
    assert edit.status_code == 302 and edit.headers["Location"] == f"/sessions/{game.pk}/hands/1/"
    assert "/edit/" not in keeper_client.get(f"/sessions/{game.pk}/hands/1/").content.decode()
    posted = keeper_client.post(
        f"/sessions/{game.pk}/hands/1/edit/",
        {"winner": "1", "how": "self_draw", "client_token": "t1", "expected_number": 1},
        headers=HTMX,
    )
    assert posted.status_code == 409
    assert Round.objects.get(session=game).record["wins"][0]["seat"] == 2


def test_the_owner_can_reopen_a_finished_session_and_record_again(keeper_client, owner):
    game = shenyang_with_a_waiting_pot(owner, "refund_pro_rata")
    stands(services.finish_session(game))
    keeper_client.post(f"/sessions/{game.pk}/reopen/")
    game.refresh_from_db()
    # Reopened, the pot waits for a winner again instead of being refunded.
    assert game.is_open and game.finished is None and game.pot_refund == [0, 0, 0, 0]
    record_all(game, [win(3)])
    assert game.hand_count == 4


def test_reopening_an_open_session_is_a_conflict(game):
    refused = services.reopen_session(game)
    assert isinstance(refused, services.Conflict) and "already open" in refused.message


@pytest.mark.parametrize("url", ["reopen/", "money-rate/"])
def test_a_stranger_cannot_reopen_or_price_someone_elses_session(client, stranger, game, url):
    stands(services.finish_session(game))
    client.force_login(stranger)
    assert client.post(f"/sessions/{game.pk}/{url}", {"money_rate": "1"}).status_code == 404
    game.refresh_from_db()
    assert not game.is_open and game.money_rate is None


def test_the_shared_board_of_a_finished_session_shows_who_pays_whom(client, owner, game):
    record_all(game, [win(2)])  # Zhengzhou self-draw, base 10: each of the others pays Cy 10
    stands(services.finish_session(game, money_rate=Decimal("0.1")))
    game.refresh_from_db()
    body = client.get(f"/b/{game.share_token}/").content.decode()
    assert "Final standings" in body and 'Ann pays Cy 10 <span class="money">= ¥1.00</span>' in body
    assert "/reopen/" not in body


def test_a_finished_board_shows_one_set_of_totals_after_the_refund_and_nothing_live(keeper_client, owner):
    game = shenyang_with_a_waiting_pot(owner, "refund_pro_rata")
    before = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    assert 'class="seat ' in before and "Dealer" in before and "Pot: 12" in before
    keeper_client.post(f"/sessions/{game.pk}/finish/", {"money_rate": ""})
    body = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    # The seat boxes (points before the refund), the dealer strip and the pot are gone: only the standings.
    assert 'class="seat ' not in body and 'data-points="' not in body
    assert "Dealer" not in body and "Pot: 12" not in body and "Record hand" not in body
    assert body.count("1028") == 1
