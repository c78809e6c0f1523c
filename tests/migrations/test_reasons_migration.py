"""Migration 0003, frozen: it renames the old house-rule aliases, and stops, changing nothing, on a database
that still holds hands whose reasons are text (re-scoring them needs the engine of 0003's day).

Rows are created as the previous migration left them (lines of English text only, an old house-rule name).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# Nightly: migration 0003 is frozen (it imports no live code, which test_migrations.py checks for every
# migration) and ran long ago on every database; migrating back and forth across it costs CI half a minute.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.nightly]

BEFORE = [("tablekeeper", "0002_session_end_money_and_pot")]
AFTER = [("tablekeeper", "0003_rescore_lines_as_reasons_data")]
OLD_OPTIONS = {"angang_double": True, "multi_ron": False}
TEXT_LINE = {"seat": 2, "text": "P2 pays 16 to P1: base 2 × ron ×2 × concealed kong ×4 = 16", "code": "win"}


def migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def old_session(apps: Any, *, variant: str = "shenyang", options: dict[str, Any] | None = None) -> Any:
    User = apps.get_model("auth", "User")
    owner, _ = User.objects.get_or_create(username="keeper")
    session = apps.get_model("tablekeeper", "GameSession").objects.create(
        owner=owner, variant=variant, options=options or OLD_OPTIONS, base=2, starting_points=1000, first_dealer=0
    )
    for index, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        player = apps.get_model("tablekeeper", "Player").objects.create(owner=owner, name=f"{name}{session.pk}")
        apps.get_model("tablekeeper", "Seat").objects.create(
            session=session, index=index, player=player, starting_points=1000
        )
    return session


def old_hand(apps: Any, session: Any, number: int, lines: list[dict[str, Any]]) -> Any:
    return apps.get_model("tablekeeper", "Round").objects.create(
        session=session,
        number=number,
        record={"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 2, "patterns": []}]},
        deltas=[0, 16, -16, 0],
        lines=lines,
        state_after={},
        client_token=f"t{session.pk}-{number}",
    )


@pytest.fixture
def at_the_previous_migration() -> Any:
    apps = migrate(BEFORE)
    yield apps
    # Leave the database as the other tests expect it: every migration applied.
    for model in ("Round", "Seat", "GameSession", "Player"):
        apps.get_model("tablekeeper", model).objects.all().delete()
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_a_session_without_hands_has_its_old_house_rule_name_written_as_the_option_it_stands_for(
    at_the_previous_migration: Any,
) -> None:
    shenyang = old_session(at_the_previous_migration)
    dalian = old_session(at_the_previous_migration, variant="dalian", options={"angang_double": True})

    apps = migrate(AFTER)

    GameSession = apps.get_model("tablekeeper", "GameSession")
    assert GameSession.objects.get(pk=shenyang.pk).options == {"gang_vs_angang": "angang_double", "multi_ron": False}
    # An alias is a variant's own: Dalian never read this name, so it stays as stored.
    assert GameSession.objects.get(pk=dalian.pk).options == {"angang_double": True}


def test_hands_with_reasons_as_text_stop_the_migration_naming_the_commit_that_replays_them(
    at_the_previous_migration: Any,
) -> None:
    session = old_session(at_the_previous_migration)
    empty = old_session(at_the_previous_migration)
    old_hand(at_the_previous_migration, session, 1, [TEXT_LINE])
    old_hand(at_the_previous_migration, empty, 1, [])  # a hand with no lines has nothing to bring up to date

    with pytest.raises(RuntimeError) as stopped:
        migrate(AFTER)

    message = str(stopped.value)
    assert f"Sessions [{session.pk}] hold hands whose reasons are stored as text" in message
    assert "git checkout 91f810c && python manage.py migrate tablekeeper 0003" in message
    Round = at_the_previous_migration.get_model("tablekeeper", "Round")
    assert Round.objects.get(session_id=session.pk).lines == [TEXT_LINE]
    GameSession = at_the_previous_migration.get_model("tablekeeper", "GameSession")
    assert GameSession.objects.get(pk=session.pk).options == OLD_OPTIONS


def test_hands_whose_lines_are_data_already_let_the_migration_pass(at_the_previous_migration: Any) -> None:
    session = old_session(at_the_previous_migration)
    line = {"seat": 2, "code": "win_product", "amount": 16, "params": {"factors": []}, "text": "P2 pays 16"}
    old_hand(at_the_previous_migration, session, 1, [line])

    apps = migrate(AFTER)

    assert apps.get_model("tablekeeper", "Round").objects.get(session_id=session.pk).lines == [line]
