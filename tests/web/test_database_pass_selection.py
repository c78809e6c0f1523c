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
