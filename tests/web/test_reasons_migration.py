"""The data migration that brings stored hands' reasons up to date (lines as data, RULES.md §0.7).

Rows are created as the previous migration left them (lines of English text only, an old house-rule
name), then the migration runs: new lines, unchanged figures, or a clear refusal that changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tablekeeper.rules import replay

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tablekeeper", "0002_session_end_money_and_pot")]
AFTER = [("tablekeeper", "0003_rescore_lines_as_reasons_data")]

# Shenyang, with the old bool name for the concealed-kong double: a concealed kong ×4, a pot that waits.
RECORDS: list[dict[str, Any]] = [
    {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 3}]},
    {
        "result": "win",
        "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": []}],
        "kongs": [{"seat": 1, "kind": "concealed"}],
    },
]
OLD_OPTIONS = {"angang_double": True, "multi_ron": False}


def migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def old_rows(apps: Any, *, tamper: bool = False, impossible: bool = False) -> tuple[Any, list[Any]]:
    """A session and its hands as the app stored them before: figures from the engine, lines as old text."""
    User = apps.get_model("auth", "User")
    Player = apps.get_model("tablekeeper", "Player")
    GameSession = apps.get_model("tablekeeper", "GameSession")
    Seat = apps.get_model("tablekeeper", "Seat")
    Round = apps.get_model("tablekeeper", "Round")
    owner = User.objects.create(username="keeper")
    session = GameSession.objects.create(
        owner=owner, variant="shenyang", options=OLD_OPTIONS, base=2, starting_points=1000, first_dealer=0, state={}
    )
    for index, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        player = Player.objects.create(owner=owner, name=name)
        Seat.objects.create(session=session, index=index, player=player, starting_points=1000)
    played = replay("shenyang", RECORDS, OLD_OPTIONS)["results"]
    records = list(RECORDS)
    if impossible:
        # Stored before RULES §0.8 refused it: P2 marked closed, yet P1 robbed P2's kong (an added kong sits on
        # a claimed pung). Its figures are those the engine gave then (a plain robbed kong for hand 2).
        records[1] = {
            "result": "win",
            "wins": [{"seat": 1, "method": "rob_kong", "from": 2, "patterns": []}],
            "seats": [{}, {}, {"opened": False}, {}],
        }
    rounds = []
    for number, (record, scored) in enumerate(zip(records, played, strict=True), start=1):
        deltas = list(scored["deltas"])
        if tamper and number == 2:
            deltas = [0, 4, -4, 0]  # a figure the engine would not give today
        rounds.append(
            Round.objects.create(
                session=session,
                number=number,
                record=record,
                deltas=deltas,
                pot_delta=scored["pot_delta"],
                lines=[
                    {"seat": 2, "text": "P2 pays 16 to P1: base 2 × ron ×2 × concealed kong ×4 = 16", "code": "win"}
                ],
                state_after=scored["state"],
                client_token=f"t{number}",
            )
        )
    return session, rounds


@pytest.fixture
def at_the_previous_migration() -> Any:
    apps = migrate(BEFORE)
    yield apps
    # Leave the database as the other tests expect it: every migration applied.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_the_migration_stores_the_new_lines_and_changes_no_figure(at_the_previous_migration: Any) -> None:
    session, rounds = old_rows(at_the_previous_migration)
    before = [(r.deltas, r.pot_delta, r.state_after) for r in rounds]

    apps = migrate(AFTER)

    migrated = list(apps.get_model("tablekeeper", "Round").objects.filter(session_id=session.pk).order_by("number"))
    assert [(r.deltas, r.pot_delta, r.state_after) for r in migrated] == before
    # base 2 × ron 2 × concealed kong ×4 (the old option still counts) × after a drawn hand 2 = 32; pot 4.
    assert before[1][0] == [0, 36, -32, 0]
    for round_ in migrated:
        assert round_.lines and all({"seat", "code", "amount", "params", "text"} == set(line) for line in round_.lines)
    payment = next(line for line in migrated[1].lines if line["code"] == "win_product")
    assert {"item": "concealed_kong", "factor": 4} in payment["params"]["factors"]
    assert [line["code"] for line in migrated[0].lines][:2] == ["pot_in", "pot_waits"]
    options = apps.get_model("tablekeeper", "GameSession").objects.get(pk=session.pk).options
    assert options == {"gang_vs_angang": "angang_double", "multi_ron": False}


def test_a_hand_the_engine_now_refuses_keeps_its_stored_lines_and_the_hands_before_it_are_migrated(
    at_the_previous_migration: Any,
) -> None:
    session, rounds = old_rows(at_the_previous_migration, impossible=True)
    before = [(r.deltas, r.pot_delta, r.state_after, r.lines) for r in rounds]

    apps = migrate(AFTER)

    migrated = list(apps.get_model("tablekeeper", "Round").objects.filter(session_id=session.pk).order_by("number"))
    assert [(r.deltas, r.pot_delta, r.state_after) for r in migrated] == [b[:3] for b in before]
    assert [line["code"] for line in migrated[0].lines][:2] == ["pot_in", "pot_waits"]
    assert migrated[1].lines == before[1][3]


def test_the_migration_refuses_a_session_whose_figures_would_change_and_migrates_nothing(
    at_the_previous_migration: Any,
) -> None:
    session, _ = old_rows(at_the_previous_migration, tamper=True)

    with pytest.raises(RuntimeError, match=rf"Session {session.pk} \(shenyang\): re-scoring hand 2 gives"):
        migrate(AFTER)

    Round = at_the_previous_migration.get_model("tablekeeper", "Round")
    assert all(round_.lines[0]["code"] == "win" for round_ in Round.objects.filter(session_id=session.pk))
    assert at_the_previous_migration.get_model("tablekeeper", "GameSession").objects.get(pk=session.pk).options == (
        OLD_OPTIONS
    )
    # Clean up so the fixture can migrate forward again.
    Round.objects.filter(session_id=session.pk).delete()
