"""Review: the session list, per-player statistics across sessions, and the running-total chart."""

from __future__ import annotations

import itertools
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tablekeeper.keeping import services
from tablekeeper.keeping.pages.chart import chart_points, running_total_chart, sampled_numbers
from tablekeeper.players.services.stats import PlayerStats, SeatTally, seat_tallies, tally
from tablekeeper.rules import Record
from tests.conftest import draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_the_chart_samples_at_most_120_hands_evenly_with_the_first_and_the_last():
    assert sampled_numbers(3) == [1, 2, 3]
    numbers = sampled_numbers(1000)
    assert len(numbers) == 120 and numbers[0] == 1 and numbers[-1] == 1000
    gaps = {later - earlier for earlier, later in itertools.pairwise(numbers)}
    assert gaps <= {8, 9}


def test_the_chart_spans_from_the_lowest_to_the_highest_total_with_zero_inside():
    chart = running_total_chart([(0, [0, 0, 0, 0]), (1, [-10, 30, -10, -10]), (2, [-20, 20, 20, -20])], NAMES)
    # Hands 0..2 across x 44..314; 30 at the top (y 10), -20 at the bottom (y 178), 0 at 10 + 30/50 × 168.
    assert (chart.top, chart.bottom, chart.hands) == (30, -20, 2)
    assert chart.zero_y == 110.8
    assert chart.lines[0].points == "44.0,110.8 179.0,144.4 314.0,178.0"
    assert chart.lines[1].points == "44.0,110.8 179.0,10.0 314.0,43.6"  # Bo ends on 20
    assert [line.final for line in chart.lines] == [-20, 20, 20, -20]
    assert [tick.value for tick in chart.ticks] == [30, 0, -20]


def test_end_labels_of_lines_that_end_together_are_pushed_apart():
    chart = running_total_chart([(0, [0, 0, 0, 0]), (1, [10, 10, -10, -10])], NAMES)
    label_ys = sorted(line.label_y for line in chart.lines)
    assert all(later - earlier >= 12 for earlier, later in itertools.pairwise(label_ys))


def test_a_session_of_nothing_but_zeros_still_draws_flat_lines():
    chart = running_total_chart([(0, [0, 0, 0, 0]), (1, [0, 0, 0, 0])], NAMES)
    assert chart.lines[2].points == "44.0,10.0 314.0,10.0"


def test_the_chart_of_a_long_session_reads_only_its_sampled_hands(keeper_client, owner):
    game = make_session(owner)
    record_all(game, [win(hand % 4) for hand in range(130)])
    points = chart_points(game)
    assert len(points) == 121 and points[0] == (0, [0, 0, 0, 0]) and points[-1][0] == 130
    assert points[-1][1] == game.totals


def tallied(seat_rows, per_seat) -> dict[str, PlayerStats]:
    [section] = tally(seat_rows, per_seat)
    return {player.name: player for player in section.players}


def test_statistics_add_each_seats_counts_and_net_points_across_sessions():
    zero = [0, 0, 0, 0]
    seat_rows = [
        (10, 0, 1, "Ann", [-8, 20, -6, -6], zero, "shenyang", 2),
        (10, 1, 2, "Bo", [-8, 20, -6, -6], zero, "shenyang", 2),
        (11, 0, 2, "Bo", [15, -5, -5, -5], [1, 0, 0, 0], "shenyang", 2),
        (11, 1, 1, "Ann", [15, -5, -5, -5], [1, 0, 0, 0], "shenyang", 2),
    ]
    per_seat = {
        (10, 0): SeatTally(hands=3, wins=0, self_draws=0, deal_ins=1, biggest_hand=None),
        (10, 1): SeatTally(hands=3, wins=2, self_draws=1, deal_ins=0, biggest_hand=12),
        (11, 0): SeatTally(hands=1, wins=1, self_draws=0, deal_ins=0, biggest_hand=20),
        (11, 1): SeatTally(hands=1, wins=0, self_draws=0, deal_ins=0, biggest_hand=None),
    }
    stats = tallied(seat_rows, per_seat)
    assert list(stats) == ["Bo", "Ann"]  # most wins first
    bo = stats["Bo"]
    assert (bo.sessions_played, bo.hands, bo.wins, bo.self_draws, bo.biggest_hand, bo.net) == (2, 4, 3, 1, 20, 36)
    assert bo.self_draw_rate == pytest.approx(1 / 3)
    ann = stats["Ann"]
    assert (ann.wins, ann.deal_ins, ann.net, ann.biggest_hand, ann.self_draw_rate) == (0, 1, -13, None, None)
    assert ann.deal_in_rate == pytest.approx(1 / 4)


def test_the_database_counts_wins_self_draws_deal_ins_and_the_biggest_hand(owner):
    game = make_session(owner, "shandong", base=5)
    two_winners: Record = {
        "result": "win",
        "wins": [
            {"seat": 0, "method": "discard", "from": 3, "patterns": []},
            {"seat": 2, "method": "discard", "from": 3, "patterns": []},
        ],
    }
    record_all(game, [win(1, "discard", 0), win(1), draw(), two_winners])
    counted = seat_tallies(owner)
    bo = counted[(game.pk, 1)]
    assert (bo.hands, bo.wins, bo.self_draws, bo.deal_ins) == (4, 2, 1, 0)
    assert bo.biggest_hand == max(r.deltas[1] for r in game.rounds.all())
    # One deal-in for Di however many won on her tile; one for Ann.
    assert counted[(game.pk, 3)].deal_ins == 1 and counted[(game.pk, 0)].deal_ins == 1
    assert counted[(game.pk, 0)].wins == 1 and counted[(game.pk, 2)].wins == 1


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
    # Zhengzhou self-draws (RULES.md §5): Cy and Bo each won 1 of 3 hands in each of 3 sessions;
    # Bo nets +30 - 10 = +20 a session.
    assert (
        "<td>Bo</td>\n      <td>3</td>\n      <td>3/9</td>\n      <td>100%</td>\n      <td>0%</td>\n"
        '      <td>+30</td>\n      <td class="up">+60</td>' in body
    )


def test_the_players_page_keeps_each_variant_and_base_apart(keeper_client, owner):
    record_all(make_session(owner, "zhengzhou", base=10), [win(2), win(1), draw()])
    record_all(make_session(owner, "zhengzhou", base=5), [win(2)])
    record_all(make_session(owner, "shenyang", base=10), [win(0, "discard", 1)])
    sections = keeper_client.get("/players/").context["sections"]
    found = {(section.variant, section.base): section for section in sections}
    assert set(found) == {("zhengzhou", 10), ("zhengzhou", 5), ("shenyang", 10)}
    assert sections[0].variant == "zhengzhou"  # the most hands first
    cy = {player.name: player for player in found[("zhengzhou", 5)].players}["Cy"]
    assert (cy.sessions_played, cy.hands, cy.wins) == (1, 1, 1)
    ann = {player.name: player for player in found[("shenyang", 10)].players}["Ann"]
    assert (ann.sessions_played, ann.wins, ann.deal_ins) == (1, 1, 0)
    assert {player.name: player for player in found[("zhengzhou", 10)].players}["Cy"].wins == 1


def test_the_players_page_shows_only_the_keepers_own_players(client, owner, stranger, game):
    client.force_login(stranger)
    assert not re.search(r"\bAnn\b", client.get("/players/").content.decode())


def test_the_history_page_draws_each_players_running_total(keeper_client, game):
    record_all(game, [win(2), win(1)])
    body = keeper_client.get(f"/sessions/{game.pk}/hands/").content.decode()
    assert body.count('<polyline class="seat-line seat-') == 4
    assert "<title>Cy +20</title>" in body and "<title>Ann -20</title>" in body
    # Axes, a legend and each line's final total at its end.
    assert body.count('class="tick"') >= 4 and body.count('class="legend seat-') == 4
    assert '<text class="end-label seat-2"' in body
    assert "<script" not in body.split("<main>")[1]


def test_the_session_list_shows_open_and_finished_newest_first_and_filters(keeper_client, owner):
    first = make_session(owner, "harbin", base=1)
    second = make_session(owner, "dalian", base=1)
    stands(services.finish_session(first))
    body = keeper_client.get("/sessions/").content.decode()
    assert body.index(f'href="/sessions/{second.pk}/"') < body.index(f'href="/sessions/{first.pk}/"')
    finished = keeper_client.get("/sessions/?status=finished").content.decode()
    assert f'href="/sessions/{first.pk}/"' in finished and f'href="/sessions/{second.pk}/"' not in finished
    opened = keeper_client.get("/sessions/?status=open").content.decode()
    assert f'href="/sessions/{second.pk}/"' in opened and f'href="/sessions/{first.pk}/"' not in opened


def test_the_history_says_what_the_keeper_chose_for_a_void_hand(keeper_client, owner):
    shenyang = make_session(owner, "shenyang", base=1)
    record_all(
        shenyang,
        [draw(result="void", penalties=[{"kind": "false_win", "seat": 2}]), draw(result="void")],
    )
    body = keeper_client.get(f"/sessions/{shenyang.pk}/hands/", headers={"Accept-Language": "zh-hans"}).content.decode()
    assert "诈胡（Cy）" in body
    assert ">作废<" in body
    assert "诈胡作废" not in body


def test_a_robbed_kong_is_no_deal_in_on_the_players_page_as_on_the_evenings_card(owner):
    from tablekeeper.keeping.services.evening import evening_facts

    game = make_session(owner, "shandong", base=5)
    # Di deals in twice and has her kong robbed once: 点炮 twice, on every page.
    record_all(game, [win(1, "discard", 3), win(0, "rob_kong", 3), win(2, "discard", 3)])

    assert seat_tallies(owner)[(game.pk, 3)].deal_ins == 2
    assert evening_facts(game).deal_ins[3] == 2
