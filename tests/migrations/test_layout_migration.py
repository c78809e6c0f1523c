"""A database the last landed release migrated (its last migration, LAST_LANDED) moves forward to this
layout, on SQLite and PostgreSQL, with every row kept and every session's stored figures a replay of its
hands: sessions with hands, corrections, spent tokens, keepers and their invitations, presets, groups,
accounts and their rate counters and known phones.

The models moved into packages by concern (keeping/, players/, accounts/) inside the one app, so their
tables keep their names; this test is what says so for the rows in them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.conftest import draw, make_session, record_all, stands, win

# The last migration of the last landed release (before the layout moved the models).
LAST_LANDED = ("tablekeeper", "0024_correction_knock_ons")


def migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def latest() -> list[tuple[str, str]]:
    return list(MigrationExecutor(connection).loader.graph.leaf_nodes())


def our_tables() -> list[str]:
    return sorted(
        name
        for name in connection.introspection.table_names()
        if name.startswith("tablekeeper_") or name in ("auth_user", "auth_user_groups")
    )


def rows_of(table: str) -> dict[object, dict[str, Any]]:
    """Every row of `table` by its first column (the key), each as {column: value}."""
    quoted = connection.ops.quote_name(table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {quoted}")
        columns = [column[0] for column in cursor.description]
        return {row[0]: dict(zip(columns, row, strict=True)) for row in cursor.fetchall()}


def snapshot() -> dict[str, dict[object, dict[str, Any]]]:
    return {table: rows_of(table) for table in our_tables()}


def an_evening_of_everything() -> list[int]:
    """What a keeper's account holds after a few evenings: returns the sessions' ids."""
    from tablekeeper.accounts.models import KnownDevice, RateCounter
    from tablekeeper.keeping import services
    from tablekeeper.keeping.models import Invitation, KeeperRequest, TablePreset
    from tablekeeper.players.models import PlayerGroup

    owner = User.objects.create_user("layout-keeper", first_name="老王")
    friend = User.objects.create_user("layout-friend", first_name="小李")
    game = make_session(owner, "shenyang", base=2)
    record_all(game, [win(1), draw(), win(2), win(0), draw(), win(3)], owner)
    stands(services.edit_hand(game, 2, win(0), user=owner))
    stands(services.delete_hand(game, 1, user=owner))
    game.refresh_from_db()
    stands(services.undo_last_hand(game, user=owner))
    services.add_keeper(game, friend.username, by=owner)
    Invitation.objects.create(session=game, created_by=owner, expires=timezone.now() + timedelta(days=1))
    KeeperRequest.objects.create(session=game, name="Someone", name_key="someone", invited_by=owner)
    second = make_session(owner, "zhengzhou")
    record_all(second, [win(2), win(2), draw()], owner)
    stands(services.finish_session(second))
    TablePreset.objects.create(owner=owner, name="周四", variant="dalian", base=1, starting_points=0)
    group = PlayerGroup.objects.create(owner=owner, name="老朋友")
    group.players.set(seat.player for seat in game.seats.all())
    RateCounter.objects.create(key="throttle:layout", count=3, expires=timezone.now() + timedelta(hours=1))
    KnownDevice.objects.create(user=owner, token_digest="d" * 64, password_mark="m", last_login=timezone.now())
    return [game.pk, second.pk]


@pytest.fixture
def at_the_last_landed_schema(transactional_db: None) -> Iterator[None]:
    yield
    # Back to the latest schema for the tests that follow on this database.
    migrate(latest())


@pytest.mark.usefixtures("at_the_last_landed_schema")
def test_a_database_of_the_last_landed_release_migrates_forward_with_every_row_kept_and_every_board_a_replay() -> None:
    from tablekeeper.keeping.models import GameSession
    from tablekeeper.keeping.services.audit import replay_mismatches

    migrate(latest())
    sessions = an_evening_of_everything()
    migrate([LAST_LANDED])
    before = snapshot()
    assert sum(len(rows) for rows in before.values()) > 50, {table: len(rows) for table, rows in before.items()}

    migrate(latest())
    after = snapshot()

    for table, rows in before.items():
        assert table in after, f"{table} is gone"
        assert set(after[table]) == set(rows), table
        for key, row in rows.items():
            kept = {column: value for column, value in after[table][key].items() if column in row}
            assert kept == row, (table, key)
    for session in GameSession.objects.filter(pk__in=sessions):
        assert replay_mismatches(session) == [], session.pk
