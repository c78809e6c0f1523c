"""Migration 0017 re-scores the sessions whose figures the rule book's new law changes (RULES §9.9: D-21 Dalian
夹胡, Z-13 Zhengzhou 庄家加底) and lists every change, on the standard output and in the hand's corrections.

The sessions are built by the app's services, then left as the engine before the new law had stored them, then
the migration runs again from the one before it.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from tablekeeper import services
from tablekeeper.models import Correction, GameSession, Round
from tablekeeper.rules import Record
from tablekeeper.services.audit import replay_mismatches

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tablekeeper", "0016_data_spent_tokens_and_import_fingerprint")]
AFTER = [("tablekeeper", "0017_law18_rescore_new_law")]
NAMES = ["Ann", "Bo", "Cy", "Di"]

# RULES §9.2.1's example: the 13 tiles wait on 2m and 3m, so 2m is no edge win under D-21.
TWO_KIND_WAIT: Record = {
    "result": "win",
    "wins": [{"seat": 1, "method": "self_draw", "patterns": [], "tiles": "[789p][555s]1113m678s+2m"}],
}
PLAIN_DISCARD_WIN: Record = {"result": "win", "wins": [{"seat": 3, "method": "discard", "from": 0, "patterns": []}]}
# RULES §9.6.4's example: P1 self-draws, P2 holds a concealed kong, P0 deals.
DEALER_PAYS_A_KONG: Record = {
    "result": "win",
    "wins": [{"seat": 1, "method": "self_draw", "patterns": []}],
    "kongs": [{"seat": 2, "kind": "concealed", "tile": "6m"}],
}


def migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def migrate_to_the_latest() -> None:
    """After the migration under test, the later ones too (schema only), so that the current models,
    which may have columns added since, read the database the tests look at."""
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.fixture
def keeper() -> Any:
    user = User.objects.create_user("keeper", password="mahjong-tiles-42!")
    yield user
    # Leave the database as the other tests expect it: every migration applied.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def played(user: User, variant: str, options: dict[str, Any], records: list[Record], base: int) -> GameSession:
    session = services.start_session(
        user, variant=variant, player_names=NAMES, first_dealer=0, starting_points=1000, base=base, options=options
    )
    for number, record in enumerate(records, start=1):
        services.record_hand(session, record, client_token=f"t{number}", expected_number=number, user=user)
    session.refresh_from_db()
    return session


def figures(session: GameSession) -> list[list[int]]:
    return [list(r.deltas) for r in Round.objects.filter(session=session).order_by("number")]


def test_a_dalian_session_scored_before_d21_is_rescored_and_each_change_is_listed(
    keeper: User, capsys: pytest.CaptureFixture[str]
) -> None:
    # Stored under the reading before D-21 (then the only one): 2m, the middle of 123m, was an edge win.
    session = played(keeper, "dalian", {"edge_wait_mode": "middle_of_chow"}, [TWO_KIND_WAIT, PLAIN_DISCARD_WIN], 1)
    assert figures(session) == [[-4, 12, -4, -4], [-4, 0, 0, 4]]
    GameSession.objects.filter(pk=session.pk).update(options={})
    migrate(BEFORE)
    capsys.readouterr()

    migrate(AFTER)
    migrate_to_the_latest()

    out = capsys.readouterr().out
    session.refresh_from_db()
    # Self-draw 2 from each; the later hand's payments stay, its running totals follow.
    assert figures(session) == [[-2, 6, -2, -2], [-4, 0, 0, 4]]
    assert session.totals == [-6, 6, -2, 2]
    assert replay_mismatches(session) == []
    assert f"Session {session.pk} (dalian, D-21): hand 1 re-scored: deltas [-4, 12, -4, -4] -> [-2, 6, -2, -2]" in out
    assert f"Session {session.pk} (dalian, D-21): totals [-8, 12, -4, 0] -> [-6, 6, -2, 2]." in out
    assert "hand 2" not in out
    entry = Correction.objects.get(session=session, action="rescore")
    assert (entry.number, entry.who) == (1, None)
    assert entry.before == {"law": "D-21", "deltas": [-4, 12, -4, -4], "pot_delta": 0}
    assert entry.after == {"law": "D-21", "deltas": [-2, 6, -2, -2], "pot_delta": 0}
    # The hand's page lists it among the corrections, with the figures before and after, in both languages.
    client = Client()
    client.force_login(keeper)
    url = reverse("hand_detail", args=[session.pk, 1])
    english = client.get(url, headers={"Accept-Language": "en"}).content.decode()
    assert "re-scored under the rule book&#x27;s new law" in english
    assert "Points: Ann −4, Bo +12, Cy −4, Di −4." in english
    assert "Points: Ann −2, Bo +6, Cy −2, Di −2." in english
    chinese = client.get(url, headers={"Accept-Language": "zh-hans"}).content.decode()
    assert "按新规则重新计分" in chinese
    assert "得分：Ann −2" in chinese


def test_a_zhengzhou_session_scored_before_z13_is_rescored_with_the_dealers_stake_on_kongs(
    keeper: User, capsys: pytest.CaptureFixture[str]
) -> None:
    session = played(keeper, "zhengzhou", {"dealer_add_base": True}, [DEALER_PAYS_A_KONG], 10)
    # What the engine stored before Z-13 (RULES §9.6.4): the kong paid a plain 10 from the dealer.
    Round.objects.filter(session=session, number=1).update(
        deltas=[-30, 30, 20, -20], total_0=-30, total_1=30, total_2=20, total_3=-20, gain_1=30
    )
    GameSession.objects.filter(pk=session.pk).update(totals=[-30, 30, 20, -20])
    migrate(BEFORE)
    capsys.readouterr()

    migrate(AFTER)
    migrate_to_the_latest()

    out = capsys.readouterr().out
    session.refresh_from_db()
    assert figures(session) == [[-40, 30, 30, -20]]
    assert session.totals == [-40, 30, 30, -20]
    assert replay_mismatches(session) == []
    assert f"Session {session.pk} (zhengzhou, Z-13): hand 1 re-scored: " in out
    assert "deltas [-30, 30, 20, -20] -> [-40, 30, 30, -20]" in out
    entry = Correction.objects.get(session=session, action="rescore")
    assert entry.after is not None and "result" not in entry.after and entry.after["deltas"] == [-40, 30, 30, -20]


def test_sessions_the_new_law_does_not_change_are_left_alone_and_unlisted(
    keeper: User, capsys: pytest.CaptureFixture[str]
) -> None:
    dalian = played(keeper, "dalian", {}, [PLAIN_DISCARD_WIN], 1)
    zhengzhou = played(keeper, "zhengzhou", {}, [DEALER_PAYS_A_KONG], 10)
    versions = {s.pk: s.version for s in (dalian, zhengzhou)}
    migrate(BEFORE)
    capsys.readouterr()

    migrate(AFTER)
    migrate_to_the_latest()

    assert capsys.readouterr().out == ""
    assert not Correction.objects.filter(action="rescore").exists()
    for session in (dalian, zhengzhou):
        session.refresh_from_db()
        assert session.version == versions[session.pk]
        assert replay_mismatches(session) == []


def test_a_session_with_a_hand_the_new_law_refuses_is_left_as_stored_and_named(
    keeper: User, capsys: pytest.CaptureFixture[str]
) -> None:
    # The keeper ticked the edge win on the two-tile wait: fine before D-21, refused by the tiles now.
    ticked: Record = {
        "result": "win",
        "wins": [{"seat": 1, "method": "self_draw", "patterns": ["edge_wait"], "tiles": "[789p][555s]1113m678s+2m"}],
    }
    session = played(keeper, "dalian", {"edge_wait_mode": "middle_of_chow"}, [PLAIN_DISCARD_WIN, ticked], 1)
    GameSession.objects.filter(pk=session.pk).update(options={})
    stored = figures(session)
    migrate(BEFORE)
    capsys.readouterr()

    migrate(AFTER)
    migrate_to_the_latest()

    out = capsys.readouterr().out
    session.refresh_from_db()
    assert figures(session) == stored
    assert f"Session {session.pk} (dalian, D-21): hand 2 is refused under the new law" in out
    assert "left as stored" in out
    assert not Correction.objects.filter(session=session, action="rescore").exists()
