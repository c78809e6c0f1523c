"""The PostgreSQL pass (`bash .ci/database`) runs the tests that can reach the database and only those:
a test is kept when it is marked `django_db` or asks for a fixture that opens the database."""

from __future__ import annotations

import re
from pathlib import Path
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


# The tests whose point is what PostgreSQL does differently (READ COMMITTED, locks, unique indexes, a
# refused connection): they must run in the database pass, not only beside SQLite.
POSTGRESQL_TESTS = [
    "tests/keeping/test_save_races.py",
    "tests/keeping/test_concurrency.py",
    "tests/accounts/test_signup_races.py",
    "tests/accounts/test_prune_expired.py",
    "tests/web/test_database_unavailable.py",
    "tests/migrations/test_migrations.py",
]


def test_the_database_pass_runs_every_test_of_what_postgresql_does_differently() -> None:
    script = (Path(__file__).resolve().parents[2] / ".ci" / "database").read_text(encoding="utf-8")
    arguments = re.findall(r"(?<![\w/-])(--ignore=)?(tests/[\w/.]+)", script)
    included = [path for ignore, path in arguments if not ignore]
    ignored = {path for ignore, path in arguments if ignore}
    for test_file in POSTGRESQL_TESTS:
        assert (Path(__file__).resolve().parents[2] / test_file).exists(), test_file
        assert test_file not in ignored, f"{test_file} is left out of the database pass"
        assert any(test_file == path or test_file.startswith(path.rstrip("/") + "/") for path in included), test_file
