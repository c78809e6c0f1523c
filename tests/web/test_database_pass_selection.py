"""The PostgreSQL passes run what can answer differently there and only that. CI's (`bash .ci/database`): the
modules whose point is what PostgreSQL does differently (`DATABASE_PASS_MODULES`, each with why). The nightly
one: every test that can reach the database (marked `django_db` or asking for a fixture that opens it), unless
it is marked `one_database`; of the browser journeys, only those marked `every_database`."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import DATABASE_PASS_MODULES, E2E, ROOT, runs_in_the_database_pass, touches_the_database

WEB_TEST = Path(__file__)
RACE_TEST = ROOT / "tests/keeping/test_save_races.py"
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
    ("test", "nightly", "ci"),
    [
        (a_test(marked=True), True, False),
        (a_test(marked=True, path=RACE_TEST), True, True),
        (a_test(marked=True, marks=("one_database",)), False, False),
        (a_test(marked=True, marks=("one_database",), path=RACE_TEST), False, False),
        (a_test(), False, False),
        (a_test(path=RACE_TEST), False, False),
        (a_test(fixtures=("live_server", "page"), path=BROWSER_TEST), False, False),
        (a_test(fixtures=("live_server", "page"), marks=("every_database",), path=BROWSER_TEST), True, False),
    ],
    ids=[
        "writes",
        "writes_in_a_race_module",
        "one_database",
        "one_database_in_a_race_module",
        "no_database",
        "no_database_in_a_race_module",
        "browser_journey",
        "racing_browser_journey",
    ],
)
def test_the_database_passes_keep_what_can_answer_differently_on_another_database(
    test: Any, nightly: bool, ci: bool
) -> None:
    assert runs_in_the_database_pass(test, everything=True) is nightly
    assert runs_in_the_database_pass(test) is ci


def test_every_test_left_out_of_the_database_pass_by_its_mark_says_why() -> None:
    tests = Path(__file__).parents[1]
    for path in tests.rglob("test_*.py"):
        if path == Path(__file__):
            continue
        text = path.read_text(encoding="utf-8")
        if "pytest.mark.one_database" in text:
            assert re.search(r"one_database\(\s*reason=", text), path


def test_every_module_of_cis_database_pass_exists_and_says_why() -> None:
    for test_file, why in DATABASE_PASS_MODULES.items():
        text = (ROOT / test_file).read_text(encoding="utf-8")
        assert not test_file.startswith(("tests/rules/", "tests/e2e/")), test_file
        assert why.strip(), test_file
        assert "one_database" not in text, f"{test_file} is marked to leave the database pass"


def test_ci_runs_the_chosen_database_pass_and_the_nightly_run_every_test_that_reaches_the_database() -> None:
    ci = (ROOT / ".ci" / "database").read_text(encoding="utf-8")
    nightly = (ROOT / ".ci" / "nightly").read_text(encoding="utf-8")
    assert "TK_DATABASE_PASS=${TK_DATABASE_PASS:-1}" in ci and "tests --ignore=tests/rules" in ci
    assert "TK_DATABASE_PASS=all" in nightly
