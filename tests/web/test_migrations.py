"""The data steps of migration 0004 on rows written before it: name keys and per-hand columns."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("tablekeeper", "0003_rescore_lines_as_reasons_data")]
AFTER = [("tablekeeper", "0004_player_name_key_and_hand_columns")]


def migrate(targets: list[tuple[str, str]]) -> StateApps:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_migration_0004_keys_players_merges_folded_twins_and_fills_the_hand_columns():
    old = migrate(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="legacy")
    Player = old.get_model("tablekeeper", "Player")
    # Distinct under LOWER(), the same player under casefold: the older one stays.
    strasse = Player.objects.create(owner_id=user.pk, name="Straße")
    twin = Player.objects.create(owner_id=user.pk, name="STRASSE")
    others = [Player.objects.create(owner_id=user.pk, name=name) for name in ("Bo", "Cy", "Di")]
    session = old.get_model("tablekeeper", "GameSession").objects.create(
        owner_id=user.pk, variant="zhengzhou", base=10, starting_points=1000, first_dealer=0, totals=[20, 20, -20, -20]
    )
    Seat = old.get_model("tablekeeper", "Seat")
    for index, player in enumerate([twin, *others]):
        Seat.objects.create(session=session, index=index, player=player, starting_points=1000)
    Round = old.get_model("tablekeeper", "Round")
    hands = [
        ({"result": "win", "wins": [{"seat": 0, "method": "self_draw", "patterns": []}]}, [30, -10, -10, -10]),
        ({"result": "draw"}, [0, 0, 0, 0]),
        ({"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 3, "patterns": []}]}, [-10, 30, -10, -10]),
    ]
    for number, (record, deltas) in enumerate(hands, start=1):
        Round.objects.create(
            session=session, number=number, record=record, deltas=deltas, state_after={}, client_token=f"t{number}"
        )

    new = migrate(AFTER)
    players = new.get_model("tablekeeper", "Player").objects.filter(owner_id=user.pk)
    assert sorted(players.values_list("name", "name_key")) == [
        ("Bo", "bo"), ("Cy", "cy"), ("Di", "di"), ("Straße", "strasse")
    ]  # fmt: skip
    assert new.get_model("tablekeeper", "Seat").objects.get(session_id=session.pk, index=0).player_id == strasse.pk
    rows = list(new.get_model("tablekeeper", "Round").objects.filter(session_id=session.pk).order_by("number"))
    assert [(r.total_0, r.total_1, r.total_2, r.total_3) for r in rows] == [
        (30, -10, -10, -10), (30, -10, -10, -10), (20, 20, -20, -20)
    ]  # fmt: skip
    assert [(r.result, r.method, r.discarder) for r in rows] == [
        ("win", "self_draw", None), ("draw", "", None), ("win", "discard", 3)
    ]  # fmt: skip
    assert [(r.gain_0, r.gain_1) for r in rows] == [(30, None), (None, None), (None, 30)]
    # Back to the latest schema for the tests that follow on this database.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_migration_0006_counts_the_deal_passes_of_hands_stored_before_it():
    old = migrate([("tablekeeper", "0005_keepers_and_invitations")])
    user = old.get_model("auth", "User").objects.create(username="older")
    session = old.get_model("tablekeeper", "GameSession").objects.create(
        owner_id=user.pk, variant="dalian", base=1, starting_points=1000, first_dealer=2
    )
    Round = old.get_model("tablekeeper", "Round")
    for number, dealer in enumerate([2, 3, 3, 0, 1], start=1):  # kept by P2, then passed four times with one kept
        Round.objects.create(
            session=session, number=number, record={}, deltas=[0, 0, 0, 0], state_after={"dealer": dealer},
            client_token=f"t{number}",
        )  # fmt: skip
    new = migrate([("tablekeeper", "0006_round_deal_passes")])
    rows = new.get_model("tablekeeper", "Round").objects.filter(session_id=session.pk).order_by("number")
    assert list(rows.values_list("deal_passes", flat=True)) == [0, 1, 1, 2, 3]
    # Back to the latest schema for the tests that follow on this database.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
