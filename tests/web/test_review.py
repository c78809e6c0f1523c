"""Review: the session list, per-player statistics across sessions, and the running-total chart."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tablekeeper import services
from tablekeeper.services.stats import tally
from tablekeeper.views.chart import running_total_chart, running_totals
from tests.conftest import draw, make_session, record_all, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper_client(client: Client, owner: User) -> Client:
    client.force_login(owner)
    return client


def test_running_totals_start_at_zero_and_add_each_hand():
    assert running_totals([[-10, 30, -10, -10], [0, 0, 0, 0], [5, -5, 0, 0]]) == [
        [0, 0, 0, 0],
        [-10, 30, -10, -10],
        [-10, 30, -10, -10],
        [-5, 25, -10, -10],
    ]


def test_the_chart_spans_from_the_lowest_to_the_highest_total_with_zero_inside():
    chart = running_total_chart([[-10, 30, -10, -10], [-10, -10, 30, -10]], ["Ann", "Bo", "Cy", "Di"])
    # 3 points across 8..352 (step 172); 30 at the top (y 8), -20 at the bottom (y 172), 0 at 8 + 30/50 × 164.
    assert (chart.top, chart.bottom, chart.hands) == (30, -20, 2)
    assert chart.zero_y == 106.4
    assert chart.lines[0].points == "8.0,106.4 180.0,139.2 352.0,172.0"
    assert chart.lines[1].points == "8.0,106.4 180.0,8.0 352.0,40.8"  # Bo ends on 20: 8 + 10/50 × 164
    assert [line.final for line in chart.lines] == [-20, 20, 20, -20]


def test_a_session_of_nothing_but_zeros_still_draws_flat_lines():
    chart = running_total_chart([[0, 0, 0, 0]], ["Ann", "Bo", "Cy", "Di"])
    assert chart.lines[2].points == "8.0,8.0 352.0,8.0"


def seats(session_id: int, players: list[tuple[int, str]]) -> list[tuple[int, int, int, str]]:
    return [(session_id, index, player_id, name) for index, (player_id, name) in enumerate(players)]


def test_statistics_count_wins_self_draws_deal_ins_and_the_biggest_hand_across_sessions():
    ann, bo, cy, di, eve = (1, "Ann"), (2, "Bo"), (3, "Cy"), (4, "Di"), (5, "Eve")
    table = seats(10, [ann, bo, cy, di]) + seats(11, [bo, ann, eve, di])
    rounds = [
        (10, win(1, "discard", 0), [-8, 8, 0, 0]),  # Bo wins on Ann's discard
        (10, win(1), [-4, 12, -4, -4]),  # Bo self-draws
        (10, draw(), [0, 0, 0, 0]),
        # Several winners on Di's discard: one deal-in for Di, a win each for Ann and Cy.
        (
            10,
            {"result": "win", "wins": [win(0, "discard", 3)["wins"][0], win(2, "discard", 3)["wins"][0]]},
            [5, 0, 5, -10],
        ),
        (11, win(0, "rob_kong", 2), [20, 0, -20, 0]),  # Bo (seat 0 here) robs Eve's kong
    ]
    stats = {player.name: player for player in tally(table, rounds)}
    assert [name for name in stats] == ["Bo", "Ann", "Cy", "Di", "Eve"]  # most wins first, then by name
    bo_stats = stats["Bo"]
    assert (bo_stats.sessions_played, bo_stats.hands, bo_stats.wins, bo_stats.self_draws) == (2, 5, 3, 1)
    assert bo_stats.self_draw_rate == pytest.approx(1 / 3) and bo_stats.biggest_hand == 20
    assert (stats["Ann"].wins, stats["Ann"].deal_ins) == (1, 1) and stats["Ann"].deal_in_rate == pytest.approx(1 / 5)
    assert (stats["Di"].deal_ins, stats["Di"].hands) == (1, 5)
    assert (stats["Eve"].hands, stats["Eve"].deal_ins, stats["Eve"].wins) == (1, 1, 0)
    assert stats["Eve"].self_draw_rate is None and stats["Eve"].biggest_hand is None


def test_the_players_page_reads_in_a_fixed_number_of_queries(keeper_client, owner):
    for _ in range(3):
        game = make_session(owner, "zhengzhou")
        record_all(game, [win(2), win(1), draw()])
    with CaptureQueriesContext(connection) as queries:
        response = keeper_client.get("/players/")
    few = len(queries)
    game = make_session(owner, "zhengzhou", player_names=["Ann", "Bo", "Cy", "Fay"])
    record_all(game, [win(3)] * 5)
    with CaptureQueriesContext(connection) as queries:
        keeper_client.get("/players/")
    assert len(queries) == few
    body = response.content.decode()
    # Zhengzhou self-draws (RULES.md §5): Cy and Bo each won 1 of 3 hands in each of 3 sessions.
    assert (
        "<td>Bo</td>\n      <td>3</td>\n      <td>3/9</td>\n      <td>100%</td>\n      <td>0%</td>\n      <td>+30</td>"
        in body
    )


def test_the_players_page_shows_only_the_keepers_own_players(client, owner, stranger, game):
    client.force_login(stranger)
    assert "Ann" not in client.get("/players/").content.decode()


def test_the_history_page_draws_each_players_running_total(keeper_client, game):
    record_all(game, [win(2), win(1)])
    body = keeper_client.get(f"/sessions/{game.pk}/hands/").content.decode()
    assert body.count('<polyline class="seat-line seat-') == 4
    assert "<title>Cy +20</title>" in body and "<title>Ann -20</title>" in body
    assert "<script" not in body.split("<main>")[1]


def test_the_session_list_shows_open_and_finished_newest_first_and_filters(keeper_client, owner):
    first = make_session(owner, "harbin", base=1)
    second = make_session(owner, "dalian", base=1)
    services.finish_session(first)
    body = keeper_client.get("/sessions/").content.decode()
    assert body.index(f'href="/sessions/{second.pk}/"') < body.index(f'href="/sessions/{first.pk}/"')
    finished = keeper_client.get("/sessions/?status=finished").content.decode()
    assert f'href="/sessions/{first.pk}/"' in finished and f'href="/sessions/{second.pk}/"' not in finished
    opened = keeper_client.get("/sessions/?status=open").content.decode()
    assert f'href="/sessions/{second.pk}/"' in opened and f'href="/sessions/{first.pk}/"' not in opened
