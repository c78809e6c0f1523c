"""Standings of a group of regular players across evenings: figures equal to a recomputation from
the sessions' replays, one table per stake, periods, head-to-head, who may see them, bad input,
and a page whose queries do not grow with the sessions."""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.services.sessions import ending_of
from tablekeeper.keeping.services.settlement import settle_up
from tablekeeper.players.models import PlayerGroup
from tablekeeper.players.services.groups import group_from_session
from tablekeeper.players.services.standings import Period, StakeTable, group_standings
from tablekeeper.rules import Record, RecordWin, replay
from tests.conftest import draw, make_session, record_all, stands, win

ALL_TIME = Period("all")


def two_winners(first: int, second: int, source: int) -> Record:
    wins: list[RecordWin] = [
        {"seat": seat, "method": "discard", "from": source, "patterns": []} for seat in (first, second)
    ]
    return {"result": "win", "wins": wins}


def played(
    owner: User,
    records: list[Record],
    *,
    variant: str = "shandong",
    base: int = 5,
    names: list[str] | None = None,
    rate: Decimal | None = None,
) -> GameSession:
    """A finished session, played through the services."""
    game = make_session(owner, variant, base=base, player_names=names or ["Ann", "Bo", "Cy", "Di"])
    record_all(game, records)
    return stands(services.finish_session(game, money_rate=rate))


EVENINGS: list[list[Record]] = [
    [win(1, "discard", 0), win(1), draw(), two_winners(0, 2, 3)],
    [win(3, "discard", 1), win(2), win(0, "discard", 2), win(3, "discard", 0)],
    [win(0), win(0, "discard", 1), draw(), win(2, "discard", 3)],
]


Pairs = dict[tuple[str, str], int]


def recomputed(sessions: list[GameSession]) -> tuple[dict[str, dict[str, Any]], Pairs, Pairs]:
    """Each player's figures, worked out from the engine's replay of the records, not from the database."""
    figures: dict[str, dict[str, Any]] = {}
    dealt_into: dict[tuple[str, str], int] = {}
    paid: Pairs = {}
    for game in sessions:
        names = [seat.player.name for seat in game.seats.order_by("index")]
        records = [hand.record for hand in game.rounds.order_by("number")]
        replayed = replay(game.variant, records, game.engine_options(), game.starting_state())
        assert replayed["ok"]
        changes = [total + back for total, back in zip(replayed["totals"], game.pot_refund, strict=True)]
        for seat, name in enumerate(names):
            mine = figures.setdefault(
                name,
                {
                    "sessions": 0,
                    "net": 0,
                    "wins": 0,
                    "self_draws": 0,
                    "deal_ins": 0,
                    "top": 0,
                    "biggest": None,
                    "trend": [],
                },
            )
            mine["sessions"] += 1
            mine["net"] += changes[seat]
            mine["trend"].append(mine["net"])
            mine["top"] += changes[seat] == max(changes) > 0
        for record, result in zip(records, replayed["results"], strict=True):
            wins = record.get("wins", []) if record["result"] == "win" else []
            for entry in wins:
                mine = figures[names[entry["seat"]]]
                mine["wins"] += 1
                mine["self_draws"] += entry["method"] == "self_draw"
                gain = result["deltas"][entry["seat"]]
                mine["biggest"] = gain if mine["biggest"] is None else max(mine["biggest"], gain)
                if entry["method"] == "discard":
                    source = entry.get("from")
                    assert source is not None
                    pair = (names[source], names[entry["seat"]])
                    dealt_into[pair] = dealt_into.get(pair, 0) + 1
            if wins and wins[0]["method"] == "discard":
                source = wins[0].get("from")
                assert source is not None
                figures[names[source]]["deal_ins"] += 1
        for transfer in settle_up(changes, -sum(changes)):
            if transfer.payee >= 0:
                pair = (names[transfer.payer], names[transfer.payee])
                paid[pair] = paid.get(pair, 0) + transfer.amount
    return figures, dealt_into, paid


def by_name(table: StakeTable) -> dict[str, dict[str, Any]]:
    return {
        row.name: {
            "sessions": row.sessions,
            "net": row.net,
            "wins": row.wins,
            "self_draws": row.self_draws,
            "deal_ins": row.deal_ins,
            "top": row.top_count,
            "biggest": row.biggest_hand,
            "trend": row.trend,
        }
        for row in table.standings
    }


def named_pairs(table: StakeTable, counts: dict[tuple[int, int], int]) -> dict[tuple[str, str], int]:
    names = {row.player_id: row.name for row in table.standings}
    return {(names[a], names[b]): count for (a, b), count in counts.items() if count}


def test_the_standings_equal_a_recomputation_from_the_sessions_replays(owner):
    sessions = [played(owner, records) for records in EVENINGS]
    group = group_from_session(owner, sessions[0], "Thursday")
    [table] = group_standings(group, ALL_TIME)
    figures, dealt_into, paid = recomputed(sessions)
    assert table.sessions == 3
    assert by_name(table) == figures
    assert named_pairs(table, table.dealt_into) == dealt_into
    assert named_pairs(table, table.paid) == paid
    # Ranks follow the net points, best first.
    nets = [row.net for row in table.standings]
    assert nets == sorted(nets, reverse=True) and table.standings[0].rank == 1


def test_equal_nets_share_a_rank(owner):
    game = played(owner, [win(0, "discard", 1), win(1, "discard", 0)], variant="shenyang", base=2)
    [table] = group_standings(group_from_session(owner, game, "Even"), ALL_TIME)
    assert [row.rank for row in table.standings] == [1, 1, 1, 1]
    assert all(row.top_count == 0 for row in table.standings)


def test_different_stakes_are_never_summed(owner):
    low = played(owner, EVENINGS[0], base=5)
    played(owner, EVENINGS[1], base=10)
    played(owner, EVENINGS[2], base=5, rate=Decimal("0.50"))
    played(owner, [win(0)], variant="zhengzhou", base=5)
    tables = group_standings(group_from_session(owner, low, "Thursday"), ALL_TIME)
    stakes = {(table.stake.variant, table.stake.base, table.stake.money_rate): table for table in tables}
    assert set(stakes) == {
        ("shandong", 5, None),
        ("shandong", 10, None),
        ("shandong", 5, Decimal("0.50")),
        ("zhengzhou", 5, None),
    }
    assert all(table.sessions == 1 for table in tables)
    priced = stakes[("shandong", 5, Decimal("0.50"))]
    assert all(row.money == Decimal(row.net) * Decimal("0.50") for row in priced.standings)
    assert all(row.money is None for row in stakes[("shandong", 5, None)].standings)


def charged(game: GameSession, kind: str, amount: str) -> GameSession:
    """The session with a table fee set, as the session's own page would set it."""
    GameSession.objects.filter(pk=game.pk).update(fee_kind=kind, fee_amount=Decimal(amount))
    return GameSession.objects.get(pk=game.pk)


def test_the_money_column_takes_each_evenings_table_fee_off_as_its_settle_up_does(owner):
    rate = Decimal("0.50")
    evenings = []
    for records, (kind, amount) in zip(EVENINGS, [("per_player", "20"), ("per_hand", "5"), ("none", "0")], strict=True):
        game = make_session(owner, "shandong", base=5, player_names=["Ann", "Bo", "Cy", "Di"])
        record_all(game, records)
        evenings.append(stands(services.finish_session(charged(game, kind, amount), money_rate=rate)))
    [table] = group_standings(group_from_session(owner, evenings[0], "Fee"), ALL_TIME)
    expected_money: dict[str, Decimal] = {}
    expected_fee: dict[str, Decimal] = {}
    for game in evenings:
        ending = ending_of(game)
        assert ending.money_nets is not None
        for seat in game.seats.select_related("player"):
            name = seat.player.name
            expected_money[name] = expected_money.get(name, Decimal(0)) + Decimal(ending.money_nets[seat.index]) / 100
            paid = ending.fee[seat.index] if ending.fee else 0
            expected_fee[name] = expected_fee.get(name, Decimal(0)) + Decimal(paid) / 100
    assert table.fee_charged
    assert {row.name: row.money for row in table.standings} == expected_money
    assert {row.name: row.fee for row in table.standings} == expected_fee
    # Everyone paid 20 the first evening; the 台板 charged 5 for each of the second's four won hands.
    assert sum(expected_fee.values()) == Decimal(80) + 4 * 5
    assert all(row.money != Decimal(row.net) * rate for row in table.standings)


def test_the_page_shows_the_table_fee_column_only_where_a_fee_was_charged(keeper_client, owner):
    plain = played(owner, EVENINGS[0], rate=Decimal("1"))
    group = group_from_session(owner, plain, "Fee")
    url = f"/groups/{group.pk}/?period=all"
    assert "Table fee" not in keeper_client.get(url).content.decode()
    game = make_session(owner, "shandong", base=5, player_names=["Ann", "Bo", "Cy", "Di"])
    record_all(game, EVENINGS[1])
    stands(services.finish_session(charged(game, "per_player", "20"), money_rate=Decimal("1")))
    page = keeper_client.get(url).content.decode()
    assert "Table fee" in page
    assert "¥20" in page and "20.00" not in page  # money with ¥ in the ranking


def test_only_finished_sessions_of_the_groups_players_count(owner):
    counted = played(owner, EVENINGS[0])
    played(owner, EVENINGS[1], names=["Ann", "Bo", "Cy", "Eve"])  # Eve is not in the group
    still_open = make_session(owner, "shandong", base=5)
    record_all(still_open, [win(0)])
    [table] = group_standings(group_from_session(owner, counted, "Thursday"), ALL_TIME)
    assert table.sessions == 1 and {row.sessions for row in table.standings} == {1}


def test_the_period_filters_by_the_day_each_session_started(owner):
    old, recent = played(owner, EVENINGS[0]), played(owner, EVENINGS[1])
    long_ago = timezone.now() - timedelta(days=400)
    GameSession.objects.filter(pk=old.pk).update(created=long_ago)
    group = group_from_session(owner, recent, "Thursday")
    today = timezone.localdate()
    month = Period("month", today.replace(day=1), today)
    assert [table.sessions for table in group_standings(group, month)] == [1]
    assert [table.sessions for table in group_standings(group, ALL_TIME)] == [2]
    season = Period("season", long_ago.date() - timedelta(days=1), long_ago.date() + timedelta(days=1))
    [table] = group_standings(group, season)
    assert table.sessions == 1 and by_name(table) == recomputed([old])[0]


def test_the_page_shows_this_month_by_default_and_a_season_on_request(keeper_client, owner):
    old, recent = played(owner, EVENINGS[0]), played(owner, EVENINGS[1])
    GameSession.objects.filter(pk=old.pk).update(created=timezone.now().replace(year=2024, month=3, day=15))
    group = group_from_session(owner, recent, "Thursday")
    page = keeper_client.get(f"/groups/{group.pk}/")
    assert page.status_code == 200 and page.context["tables"][0].sessions == 1
    season = keeper_client.get(f"/groups/{group.pk}/", {"period": "season", "start": "2024-03-01", "end": "2024-03-31"})
    assert season.status_code == 200 and [table.sessions for table in season.context["tables"]] == [1]
    assert '<p class="hint period-shown">2024-03-01 – 2024-03-31</p>' in season.content.decode()
    leader = season.context["tables"][0].standings[0]
    assert leader.trend == recomputed([old])[0][leader.name]["trend"]
    everything = keeper_client.get(f"/groups/{group.pk}/", {"period": "all"})
    content = everything.content.decode()
    assert everything.context["tables"][0].sessions == 2
    assert '<svg class="sparkline' in content and "Who dealt into whom" in content


def test_the_page_draws_each_players_trend_and_the_head_to_head(keeper_client, owner):
    sessions = [played(owner, records) for records in EVENINGS]
    group = group_from_session(owner, sessions[0], "Thursday")
    content = keeper_client.get(f"/groups/{group.pk}/", {"period": "all"}).content.decode()
    figures, _dealt_into, _paid = recomputed(sessions)
    for name, mine in figures.items():
        label = ", ".join(f"{value:+d}" for value in mine["trend"])
        assert f'aria-label="{label}"' in content, name
    assert content.count('class="stats head-to-head"') == 2


def test_the_page_is_in_chinese_for_a_chinese_keeper(keeper_client, owner):
    group = group_from_session(owner, played(owner, EVENINGS[0]), "周四")
    keeper_client.cookies["django_language"] = "zh-hans"
    content = keeper_client.get(f"/groups/{group.pk}/", {"period": "all"}).content.decode()
    assert "谁点炮给谁" in content and "大赢家" in content and "山东" in content and "名次" in content


def test_another_accounts_group_is_not_found(client, owner, stranger):
    group = group_from_session(owner, played(owner, EVENINGS[0]), "Thursday")
    client.force_login(stranger)
    member = group.players.first()
    assert member is not None
    assert client.get(f"/groups/{group.pk}/").status_code == 404
    assert client.get(f"/groups/{group.pk}/edit/").status_code == 404
    assert client.post(f"/groups/{group.pk}/rename/", {"name": "Mine"}).status_code == 404
    assert client.post(f"/groups/{group.pk}/players/", {"name": "Eve"}).status_code == 404
    assert client.post(f"/groups/{group.pk}/players/{member.pk}/remove/").status_code == 404
    assert client.post(f"/groups/{group.pk}/delete/").status_code == 404
    assert PlayerGroup.objects.filter(pk=group.pk, name="Thursday").exists() and group.players.count() == 4
    # A group cannot be made from another account's session either.
    other = played(owner, EVENINGS[1])
    made = client.post("/groups/", {"name": "Stolen", "source": f"session-{other.pk}"})
    assert made.status_code == 422 and not PlayerGroup.objects.filter(owner=stranger).exists()


def test_signed_out_visitors_are_sent_to_log_in(client, owner):
    group = group_from_session(owner, played(owner, EVENINGS[0]), "Thursday")
    assert client.get(f"/groups/{group.pk}/").status_code == 302


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"period": "season", "start": "2024-02-30", "end": "2024-03-01"}, "Enter a valid date."),
        ({"period": "season", "start": "99999999999999999999-01-01", "end": "2024-03-01"}, "Enter a valid date."),
        ({"period": "season", "start": "2024-03-01", "end": "2024-02-01"}, "last day comes before its first"),
        ({"period": "season", "start": "1900-01-01", "end": "2024-02-01"}, "Choose days between"),
        ({"period": "season", "start": "2024-03-01"}, "needs both its first and its last day"),
        ({"period": "decade"}, "Select a valid choice"),
        ({"period": "season", "start": "2024-03-01\ud800", "end": "2024-03-02"}, "Enter a valid date."),
    ],
)
def test_bad_periods_are_refused_with_a_message(keeper_client, owner, query, message):
    group = group_from_session(owner, played(owner, EVENINGS[0]), "Thursday")
    # Sent as the raw bytes a phone might send: a lone surrogate cannot even be UTF-8.
    raw = "&".join(f"{key}={_quoted(value)}" for key, value in query.items())
    response = keeper_client.get(f"/groups/{group.pk}/?{raw}")
    assert response.status_code == 400
    assert message in response.content.decode()


def _quoted(value: str) -> str:
    return "".join(f"%{byte:02X}" for byte in value.encode("utf-8", "surrogatepass"))


def test_a_group_is_made_from_a_session_or_a_preset_and_edited(keeper_client, owner):
    game = played(owner, EVENINGS[0])
    made = keeper_client.post("/groups/", {"name": "  Thursday   friends ", "source": f"session-{game.pk}"})
    group = PlayerGroup.objects.get(owner=owner)
    assert made.status_code == 302 and made["Location"] == f"/groups/{group.pk}/"
    assert group.name == "Thursday friends"
    assert sorted(group.players.values_list("name", flat=True)) == ["Ann", "Bo", "Cy", "Di"]

    from tablekeeper.keeping.services.presets import save_preset

    preset = save_preset(owner, make_session(owner, player_names=["Eve", "Fay", "Gus", "Hal"]), "Friday")
    assert keeper_client.post("/groups/", {"name": "Friday", "source": f"preset-{preset.pk}"}).status_code == 302
    friday = PlayerGroup.objects.get(owner=owner, name="Friday")
    assert sorted(friday.players.values_list("name", flat=True)) == ["Eve", "Fay", "Gus", "Hal"]

    assert keeper_client.post(f"/groups/{group.pk}/rename/", {"name": "周四"}).status_code == 302
    assert keeper_client.post(f"/groups/{group.pk}/players/", {"name": "Eve"}).status_code == 302
    group.refresh_from_db()
    assert group.name == "周四" and group.players.count() == 5
    ann = group.players.get(name="Ann")
    assert keeper_client.post(f"/groups/{group.pk}/players/{ann.pk}/remove/").status_code == 302
    assert sorted(group.players.values_list("name", flat=True)) == ["Bo", "Cy", "Di", "Eve"]
    assert keeper_client.post(f"/groups/{group.pk}/delete/").status_code == 302
    assert not PlayerGroup.objects.filter(pk=group.pk).exists()
    assert GameSession.objects.filter(pk=game.pk).exists()


@pytest.mark.parametrize(
    ("url", "data", "message"),
    [
        ("rename", {"name": "   "}, "Give the group a name"),
        ("rename", {"name": "x" * 41}, "at most 40 characters"),
        ("rename", {"name": "Tab\there"}, "Control characters"),
        ("rename", {"name": "Friday"}, "already have a group called Friday"),
        ("players", {"name": "Ann"}, "Ann is already in this group"),
        ("players", {"name": "y" * 41}, "at most 40 characters"),
        ("players", {"name": "Nul\x00"}, "Control characters"),
        ("players/{ann}/remove", {}, "at least 4 players"),
        ("players/999999999/remove", {}, "not in this group"),
    ],
)
def test_bad_edits_are_refused_with_a_message_and_change_nothing(keeper_client, owner, url, data, message):
    group = group_from_session(owner, played(owner, EVENINGS[0]), "Thursday")
    group_from_session(owner, played(owner, EVENINGS[1]), "Friday")
    ann = group.players.get(name="Ann")
    response = keeper_client.post(f"/groups/{group.pk}/{url.format(ann=ann.pk)}/", data)
    assert response.status_code == 422
    assert message in response.content.decode()
    group.refresh_from_db()
    assert group.name == "Thursday" and group.players.count() == 4


def test_a_name_with_a_lone_surrogate_is_refused(owner):
    from tablekeeper.players.services.groups import GroupRefused, add_member, clean_group_name

    group = group_from_session(owner, played(owner, EVENINGS[0]), "Thursday")
    with pytest.raises(GroupRefused):
        clean_group_name("Thu\ud800")
    with pytest.raises(GroupRefused):
        add_member(group, "Eve\udfff")
    assert group.players.count() == 4


@pytest.mark.parametrize(
    "data",
    [
        {"name": "New", "source": "session-99999999999999999999"},
        {"name": "New", "source": "preset-"},
        {"name": "New", "source": "nothing"},
        {"name": "", "source": "session-{game}"},
    ],
)
def test_a_group_made_from_nothing_is_refused(keeper_client, owner, data):
    game = played(owner, EVENINGS[0])
    response = keeper_client.post("/groups/", {key: value.format(game=game.pk) for key, value in data.items()})
    assert response.status_code == 422 and 'role="alert"' in response.content.decode()
    assert not PlayerGroup.objects.exists()


def test_an_account_keeps_a_bounded_number_of_groups(keeper_client, owner, settings):
    from tablekeeper.players.models import MAX_GROUPS

    game = played(owner, EVENINGS[0])
    for number in range(MAX_GROUPS):
        group_from_session(owner, game, f"Group {number}")
    response = keeper_client.post("/groups/", {"name": "One more", "source": f"session-{game.pk}"})
    assert response.status_code == 422 and "at most 20 groups" in response.content.decode()
    assert PlayerGroup.objects.filter(owner=owner).count() == MAX_GROUPS


def test_the_standings_page_reads_the_same_number_of_queries_at_3_and_12_sessions(keeper_client, owner):
    sessions = [played(owner, EVENINGS[number % 3]) for number in range(3)]
    group = group_from_session(owner, sessions[0], "Thursday")
    with CaptureQueriesContext(connection) as few:
        assert keeper_client.get(f"/groups/{group.pk}/", {"period": "all"}).status_code == 200
    for number in range(9):
        played(owner, EVENINGS[number % 3], base=5 + number % 2, rate=Decimal("0.10") if number % 3 else None)
    with CaptureQueriesContext(connection) as many:
        response = keeper_client.get(f"/groups/{group.pk}/", {"period": "all"})
    assert sum(table.sessions for table in response.context["tables"]) == 12
    assert len(many) == len(few), [query["sql"] for query in many.captured_queries]


def test_the_session_list_and_players_page_link_to_the_groups(keeper_client):
    assert 'href="/groups/"' in keeper_client.get("/sessions/").content.decode()
    assert 'href="/groups/"' in keeper_client.get("/players/").content.decode()


def test_a_long_trend_is_drawn_from_at_most_24_evenly_sampled_points():
    from tablekeeper.templatetags.sparkline import sampled, sparkline

    running = list(range(-50, 150))
    points = sampled(running)
    assert len(points) == 24 and points[0] == -50 and points[-1] == 149
    assert points == sorted(points)
    drawn = str(sparkline(running))
    polyline = re.search(r'<polyline points="([^"]+)"', drawn)
    assert polyline is not None and len(polyline.group(1).split()) == 24
    assert re.search(r'aria-label="-50, [^"]*, \+149"', drawn)
    assert 'class="sparkline up"' in drawn
    assert sampled([3, -1]) == [3, -1]


def test_the_sessions_own_page_makes_a_group_of_its_players(keeper_client, owner):
    game = played(owner, EVENINGS[0])
    page = keeper_client.get(f"/sessions/{game.pk}/manage/").content.decode()
    assert f'name="source" value="session-{game.pk}"' in page and 'action="/groups/"' in page
    made = keeper_client.post("/groups/", {"name": "Thursday", "source": f"session-{game.pk}"})
    group = PlayerGroup.objects.get(owner=owner, name="Thursday")
    assert made["Location"] == f"/groups/{group.pk}/"
    assert [table.sessions for table in keeper_client.get(made["Location"], {"period": "all"}).context["tables"]] == [1]


def test_a_refused_group_from_a_preset_leaves_no_new_players(owner):
    from tablekeeper.keeping.models import Player
    from tablekeeper.keeping.services.presets import save_preset
    from tablekeeper.players.services.groups import GroupRefused, group_from_preset

    preset = save_preset(owner, make_session(owner, player_names=["Eve", "Fay", "Gus", "Hal"]), "Friday")
    preset.player_names = ["Ivy", "Jo", "Kai", "Lu"]
    preset.save()
    players = Player.objects.count()
    with pytest.raises(GroupRefused):
        group_from_preset(owner, preset, "   ")
    assert Player.objects.count() == players and not PlayerGroup.objects.exists()


def test_the_edit_page_suggests_the_keepers_other_players(keeper_client, owner):
    group = group_from_session(owner, played(owner, EVENINGS[0]), "Thursday")
    make_session(owner, player_names=["Ann", "Bo", "Cy", "Eve"])
    page = keeper_client.get(f"/groups/{group.pk}/edit/").content.decode()
    suggested = page[page.index('<datalist id="known-players">') : page.index("</datalist>")]
    assert '<option value="Eve">' in suggested and "Ann" not in suggested


def test_a_group_without_players_has_no_standings(owner):
    group = group_from_session(owner, played(owner, EVENINGS[0]), "Thursday")
    group.players.clear()
    assert group_standings(group, ALL_TIME) == []


def test_a_robbed_kong_is_no_deal_in_in_the_standings_nor_in_who_dealt_into_whom(owner):
    # Di deals in once and has her kong robbed once: 点炮 once, as the evening's card counts it.
    game = played(owner, [win(1, "discard", 3), win(0, "rob_kong", 3)])
    [table] = group_standings(group_from_session(owner, game, "Kongs"), ALL_TIME)

    assert by_name(table)["Di"]["deal_ins"] == 1
    assert named_pairs(table, table.dealt_into) == {("Di", "Bo"): 1}
