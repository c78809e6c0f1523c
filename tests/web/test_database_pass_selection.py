"""The PostgreSQL pass (`bash .ci/database`) runs what can answer differently there and only that: a test
that can reach the database (marked `django_db` or asking for a fixture that opens it), unless it is marked
`one_database`; of the browser journeys, only those marked `every_database`."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import E2E, runs_in_the_database_pass, touches_the_database

WEB_TEST = Path(__file__)
BROWSER_TEST = E2E / "test_two_phones_one_hand.py"


def a_test(
    marked: bool = False, fixtures: tuple[str, ...] = (), marks: tuple[str, ...] = (), path: Path = WEB_TEST
) -> Any:
    names = {*marks, *(("django_db",) if marked else ())}
    return SimpleNamespace(
        get_closest_marker=lambda name: getattr(pytest.mark, name).mark if name in names else None,
        fixturenames=fixtures,
        path=path,
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
def test_a_test_touches_the_database_when_it_is_marked_or_asks_for_it(test: Any, kept: bool) -> None:
    assert touches_the_database(test) is kept


@pytest.mark.parametrize(
    ("test", "kept"),
    [
        (a_test(marked=True), True),
        (a_test(marked=True, marks=("one_database",)), False),
        (a_test(), False),
        (a_test(fixtures=("live_server", "page"), path=BROWSER_TEST), False),
        (a_test(fixtures=("live_server", "page"), marks=("every_database",), path=BROWSER_TEST), True),
    ],
    ids=["writes", "one_database", "no_database", "browser_journey", "racing_browser_journey"],
)
def test_the_database_pass_keeps_what_can_answer_differently_on_another_database(test: Any, kept: bool) -> None:
    assert runs_in_the_database_pass(test) is kept


def test_every_test_left_out_of_the_database_pass_by_its_mark_says_why() -> None:
    tests = Path(__file__).parents[1]
    for path in tests.rglob("test_*.py"):
        if path == Path(__file__):
            continue
        text = path.read_text(encoding="utf-8")
        if "pytest.mark.one_database" in text:
            assert re.search(r"one_database\(\s*reason=", text), path


# The tests whose point is what PostgreSQL does differently (READ COMMITTED, locks, unique indexes, a
# refused connection): they must run in the database pass, not only beside SQLite.
POSTGRESQL_TESTS = [
    "tests/keeping/test_save_races.py",
    "tests/keeping/test_concurrency.py",
    "tests/accounts/test_signup_races.py",
    "tests/accounts/test_prune_expired.py",
    "tests/web/test_database_unavailable.py",
    "tests/migrations/test_migrations.py",
    "tests/migrations/test_layout_migration.py",
]


def test_the_database_pass_runs_every_test_of_what_postgresql_does_differently() -> None:
    root = Path(__file__).resolve().parents[2]
    script = (root / ".ci" / "database").read_text(encoding="utf-8")
    assert "tests --ignore=tests/rules" in script  # every test but the engine's, chosen by their marks
    for test_file in POSTGRESQL_TESTS:
        text = (root / test_file).read_text(encoding="utf-8")
        assert not test_file.startswith(("tests/rules/", "tests/e2e/")), test_file
        assert "one_database" not in text, f"{test_file} is marked to leave the database pass"
        assert "django_db" in text or "transactional_db" in text or "db)" in text, test_file
