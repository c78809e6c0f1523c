"""The PostgreSQL pass (`bash .ci/database`) runs the tests that can reach the database and only those:
a test is kept when it is marked `django_db` or asks for a fixture that opens the database."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import touches_the_database


def a_test(marked: bool = False, fixtures: tuple[str, ...] = ()) -> Any:
    marker = pytest.mark.django_db.mark if marked else None
    return SimpleNamespace(
        get_closest_marker=lambda name: marker if name == "django_db" else None, fixturenames=fixtures
    )


@pytest.mark.parametrize(
    ("test", "kept"),
    [
        (a_test(marked=True), True),
        (a_test(fixtures=("settings", "db")), True),
        (a_test(fixtures=("transactional_db",)), True),
        (a_test(fixtures=("live_server", "page")), True),
        # pytest-django asks for its blocker on every test: it is no sign of a database.
        (a_test(fixtures=("settings", "django_db_blocker", "monkeypatch")), False),
        (a_test(), False),
    ],
    ids=["marked", "db", "transactional_db", "live_server", "only_the_blocker", "nothing"],
)
def test_the_database_pass_keeps_exactly_the_tests_that_can_reach_the_database(test: Any, kept: bool) -> None:
    assert touches_the_database(test) is kept
