"""The printable summary: who may see it, how many queries it costs, and what a finished session shows."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tablekeeper.rules import Record
from tests.conftest import draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def shandong(owner: User) -> GameSession:
    """Worked by hand from RULES.md §4.6 (base 5, dealer Ann, cap lowered to 16 as a house rule):

    1. Cy self-draws All Triplets with 2 flowers: (5 + 2 + 2) × (2 · 2) = 36 from each → −36 −36 +108 −36.
       Cy deals next.
    2. Drawn: nobody pays; one draw in a row.
    3. Di wins on Bo's discard, plain hand: 5 × 2 (one draw before) = 10 → 0 −10 0 +10.
    Totals −36 −46 +108 −26; Cy is owed 108 and the three debtors pay him, biggest first.
    """
    session = make_session(owner, "shandong", base=5, starting_points=1000, options={"cap": 16})
    record_all(
        session,
        [
            win(2, patterns=["all_triplets"], win_extra={"flowers": 2}),
            draw(),
            win(3, "discard", 1),
        ],
    )
    stands(services.finish_session(session, money_rate=Decimal("0.10")))
    session.refresh_from_db()
    return session


def summary_url(session: GameSession) -> str:
    return reverse("session_summary", args=[session.pk])


def cells(page: str, row_class: str) -> list[list[str]]:
    """Each row of that class as its cells' visible text, tags and runs of spaces removed."""
    rows = re.findall(rf'<tr class="{row_class}">(.*?)</tr>', page, flags=re.S)
    return [
        [
            " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cell)).split())
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
        ]
        for row in rows
    ]


def visible_text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_owner_reads_the_summary_of_their_session(client: Client, owner: User, shandong: GameSession):
    client.force_login(owner)
    response = client.get(summary_url(shandong))
    assert response.status_code == 200
    assert response.templates[0].name == "sessions/summary.html"


def test_the_printable_summary_spares_the_phone_htmx_while_the_board_keeps_it(
    client: Client, owner: User, shandong: GameSession
):
    client.force_login(owner)
    summary = client.get(summary_url(shandong)).content.decode()
    shared = client.get(reverse("shared_summary", args=[shandong.share_token])).content.decode()
    board = client.get(shandong.get_absolute_url()).content.decode()
    assert "django_htmx/htmx" not in summary and "django_htmx/htmx" not in shared
    assert not re.search(r" hx-(get|post)=", summary)
    assert "django_htmx/htmx" in board


def test_a_stranger_gets_404_as_if_the_session_did_not_exist(client: Client, stranger: User, shandong: GameSession):
    client.force_login(stranger)
    assert client.get(summary_url(shandong)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(client: Client, shandong: GameSession):
    response = client.get(summary_url(shandong))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_summary_is_read_only_and_refuses_a_post(client: Client, owner: User, shandong: GameSession):
    client.force_login(owner)
    assert client.post(summary_url(shandong)).status_code == 405


def test_a_share_link_viewer_reads_the_same_summary_without_an_account(client: Client, shandong: GameSession):
    response = client.get(reverse("shared_summary", args=[shandong.share_token]))
    assert response.status_code == 200
    page = response.content.decode()
    assert cells(page, "standing-row")[0][:2] == ["Cy", "1108"]
    # The way back leads to the shared board, never to the owner's pages.
    assert reverse("shared_board", args=[shandong.share_token]) in page
    assert shandong.get_absolute_url() not in page


def test_a_share_link_that_was_turned_off_no_longer_shows_the_summary(client: Client, shandong: GameSession):
    services.set_sharing(shandong, enabled=False)
    assert client.get(reverse("shared_summary", args=[shandong.share_token])).status_code == 404


def test_a_made_up_share_token_shows_nothing(client: Client, shandong: GameSession):
    assert client.get(reverse("shared_summary", args=["not-a-token"])).status_code == 404


@pytest.mark.parametrize("hands", [3, 40])
def test_the_summary_reads_a_fixed_number_of_queries_however_many_hands(
    client: Client, owner: User, hands: int, django_assert_max_num_queries
):
    session = make_session(owner, "shandong", base=5)
    record_all(session, [win(hand % 4, "discard", (hand + 1) % 4) for hand in range(hands)])
    client.force_login(owner)
    # Auth session and user, then the game session, its seats, the chart's sampled points and the hands.
    with django_assert_max_num_queries(6):
        response = client.get(summary_url(session))
    assert len(cells(response.content.decode(), "hand-row")) == hands


def test_a_finished_shandong_session_shows_its_settings_worked_by_hand(
    client: Client, owner: User, shandong: GameSession
):
    client.force_login(owner)
    text = visible_text(client.get(summary_url(shandong)).content.decode())
    assert "Summary · Shandong" in text
    assert "Finished after 3 hands" in text
    assert "Base 5 Players" in text  # the variant's own base: no "(default …)" after it
    assert "Ann starts on 1000 · first dealer Bo starts on 1000 Cy starts on 1000 Di starts on 1000" in text
    # Only the rule that differs: cap 16 against the default 32, and none of the untouched ones.
    assert "Multiplier cap: 16 (usually 32)" in text
    assert "draw_dealer" not in text and "Dealer after a draw" not in text


def test_a_finished_shandong_session_shows_standings_money_and_who_pays_whom(
    client: Client, owner: User, shandong: GameSession
):
    client.force_login(owner)
    page = client.get(summary_url(shandong)).content.decode()
    assert cells(page, "standing-row") == [
        # Money with ¥, never a bare 10.80 that reads as points.
        ["Cy", "1108", "+108", "¥10.8"],
        ["Di", "974", "-26", "-¥2.6"],
        ["Ann", "964", "-36", "-¥3.6"],
        ["Bo", "954", "-46", "-¥4.6"],
    ]
    transfers = re.findall(r'<li class="transfer">(.*?)</li>', page, flags=re.S)
    assert [visible_text(transfer) for transfer in transfers] == [
        "Bo pays Cy 46 = ¥4.60",
        "Ann pays Cy 36 = ¥3.60",
        "Di pays Cy 26 = ¥2.60",
    ]


def test_a_finished_shandong_session_lists_every_hand_with_each_seats_change(
    client: Client, owner: User, shandong: GameSession
):
    client.force_login(owner)
    page = client.get(summary_url(shandong)).content.decode()
    assert cells(page, "hand-row") == [
        ["1", "Won", "Cy", "Self-draw", "-36", "-36", "+108", "-36"],
        ["2", "Draw", "", "", "+0", "+0", "+0", "+0"],
        ["3", "Won", "Di", "on Bo's discard", "+0", "-10", "+0", "+10"],
    ]
    # The chart ends where the totals do.
    assert "Cy +108" in visible_text(page)
    assert page.count('class="seat-line seat-') == 4


def test_an_open_session_shows_the_standings_so_far_and_a_pot_on_the_table(client: Client, owner: User):
    session = make_session(owner, "shandong", base=5)
    record_all(session, [win(0, "discard", 2, patterns=["seven_pairs"])])
    client.force_login(owner)
    page = client.get(summary_url(session)).content.decode()
    text = visible_text(page)
    assert "Standings so far" in text
    assert "Open, 1 hand so far" in text
    # Seven Pairs on a discard: (5 + 2) × 2 = 14 from Cy.
    assert cells(page, "standing-row")[0][:3] == ["Ann", "1014", "+14"]
    assert "Cy pays Ann 14" in text


def test_several_winners_share_one_row_and_both_names(client: Client, owner: User):
    session = make_session(owner, "shandong", base=5)
    record: Record = {
        "result": "win",
        "wins": [
            {"seat": 0, "method": "discard", "from": 3, "patterns": [], "flowers": 2},
            {"seat": 1, "method": "discard", "from": 3, "patterns": ["seven_pairs"]},
        ],
    }
    record_all(session, [record])
    client.force_login(owner)
    # RULES.md SD6: Ann (5 + 2) × 1 = 7, Bo (5 + 2) × 2 = 14, Di pays 21.
    assert cells(client.get(summary_url(session)).content.decode(), "hand-row") == [
        ["1", "Won", "Ann, Bo", "on Di's discard", "+7", "+14", "+0", "-21"]
    ]


def test_hostile_names_stay_text_in_the_summary(client: Client, owner: User):
    session = make_session(owner, "shandong", player_names=["<script>x</script>", "Bo", "Cy", "Di"])
    record_all(session, [win(0)])
    client.force_login(owner)
    page = client.get(summary_url(session)).content.decode()
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_the_board_links_to_the_printable_summary(client: Client, owner: User, shandong: GameSession):
    client.force_login(owner)
    assert summary_url(shandong) in client.get(shandong.get_absolute_url()).content.decode()


def test_a_keeper_reading_in_chinese_gets_the_summary_in_chinese(client: Client, owner: User, shandong: GameSession):
    client.force_login(owner)
    page = client.get(summary_url(shandong), headers={"accept-language": "zh-hans"}).content.decode()
    text = visible_text(page)
    assert "已结束，共 3 局" in text
    assert cells(page, "hand-row")[2][:4] == ["3", "胡", "Di", "Bo点炮"]
    assert "封顶倍数：16 (常规是 32)" in text
    for english in ["Final standings", "Who pays whom", "Hands", "Result", "Self-draw", "discard", "default", "cap"]:
        assert english not in text


def test_the_shared_board_links_to_the_shared_summary(client: Client, shandong: GameSession):
    page = client.get(reverse("shared_board", args=[shandong.share_token])).content.decode()
    assert reverse("shared_summary", args=[shandong.share_token]) in page
    assert summary_url(shandong) not in page


def test_a_session_played_and_finished_on_one_day_shows_that_day_once(
    client: Client, owner: User, shandong: GameSession
):
    client.force_login(owner)
    text = visible_text(client.get(summary_url(shandong)).content.decode())
    day = re.search(r"Date (\S+ \d+, \d{4})", text)
    assert day is not None
    assert f"{day.group(1)} –" not in text


def test_a_session_finished_on_a_later_day_shows_both_days(client: Client, owner: User, shandong: GameSession):
    GameSession.objects.filter(pk=shandong.pk).update(finished=shandong.created + timedelta(days=1, hours=1))
    client.force_login(owner)
    text = visible_text(client.get(summary_url(shandong)).content.decode())
    assert re.search(r"Date \S+ \d+, \d{4} – \S+ \d+, \d{4}", text)
