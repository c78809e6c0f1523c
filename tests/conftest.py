"""Shared fixtures for the web tests: an owner with a session, a co-keeper, a stranger, the owner's
signed-in phone, and what a phone posts (hand records, the hand form's taps, htmx's header)."""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Keeper
from tablekeeper.rules import Record
from tests.fixtures.variant_folder import new_variant  # noqa: F401 (a fixture: a variant folder copied in)
from tests.hypothesis_profiles import profile_from_environment

# Loaded before any test module is imported, so each `examples(n)` is scaled by this profile.
hypothesis_settings.load_profile(profile_from_environment())

# What a test asks for when it reads or writes the database (pytest-django refuses the rest any access).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def touches_the_database(item: pytest.Item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


E2E = Path(__file__).parent / "e2e"


# CI's PostgreSQL pass (`bash .ci/database`, TK_DATABASE_PASS=1): the modules whose point is what PostgreSQL does
# differently from SQLite (races under READ COMMITTED and row locks, a database that goes away, tables moved with
# data in them), each with why. The nightly pass (TK_DATABASE_PASS=all) runs every test that reaches the database,
# less those marked `one_database`, and the browser journeys marked `every_database`: constraints, sums, every
# migration, hostile values and the racing phones, which CI's ten minutes cannot hold beside the rest.
DATABASE_PASS_MODULES = {
    "tests/keeping/test_save_races.py": "two Saves racing for one hand under READ COMMITTED and row locks",
    "tests/keeping/test_concurrency.py": "double taps and simultaneous saves: locks and unique indexes",
    "tests/keeping/test_spent_tokens.py": "a token's uniqueness and its spent record, one transaction",
    "tests/keeping/test_written_statements.py": "statements written in SQL by hand: the ORM's rows and values here too",
    "tests/accounts/test_signup_races.py": "thirty sign-ups at once against one counter row",
    "tests/players/test_claim_races.py": "two claims racing for one seat",
    "tests/web/test_database_unavailable.py": "a refused connection, a lock held past the wait",
    "tests/migrations/test_layout_migration.py": "models moved between apps, tables renamed with data in them",
}
ROOT = Path(__file__).resolve().parent.parent


def runs_in_the_database_pass(item: pytest.Item, everything: bool = False) -> bool:
    """Whether a PostgreSQL pass runs a test. CI's (`everything` false): a test of `DATABASE_PASS_MODULES`. The
    nightly one: every test that can reach the database, less those marked `one_database` (the reason says why
    SQLite's answer is the answer), and of the browser journeys only those marked `every_database` (several phones
    or the offline queue writing to one session)."""
    if not touches_the_database(item) or item.get_closest_marker("one_database") is not None:
        return False
    path = Path(str(getattr(item, "path", "")))
    if everything:
        return E2E not in path.parents or item.get_closest_marker("every_database") is not None
    try:
        return path.resolve().relative_to(ROOT).as_posix() in DATABASE_PASS_MODULES
    except ValueError:
        return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A database pass runs only what can answer differently there (`runs_in_the_database_pass`)."""
    chosen = os.environ.get("TK_DATABASE_PASS")
    if chosen not in ("1", "all"):
        return
    runs = {id(item): runs_in_the_database_pass(item, everything=chosen == "all") for item in items}
    kept = [item for item in items if runs[id(item)]]
    if left_out := [item for item in items if not runs[id(item)]]:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


PLAIN_STATIC = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD = "mahjong-tiles-42!"
# The header htmx sends with every request it makes: the app answers such a request with a fragment.
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _plain_static_files(settings: Any) -> None:
    """Tests serve the static source files; hashed names would need collectstatic first."""
    settings.STORAGES = PLAIN_STATIC
    settings.WHITENOISE_USE_FINDERS = True
    # A fast hasher: the suite creates many users, and strength is not under test here.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Sign-up and reset counts live in their own table (RateCounter), counted across a test's requests:
    # the suite signs up far more often than a person could. The throttle tests set their own limits.
    settings.SIGNUPS_PER_HOUR = settings.PASSWORD_RESETS_PER_HOUR = 10_000
    # The same for imports, counted per account (whose ids the database hands out again).
    settings.IMPORTS_PER_HOUR = 10_000
    # A reset mail sent after the answer runs on another connection, which cannot see a test's
    # uncommitted rows; the tests of that (transactional) turn it back on.
    settings.PASSWORD_RESET_MAIL_IN_BACKGROUND = False


@pytest.fixture(autouse=True)
def _language_of_the_last_request_does_not_leak() -> Iterator[None]:
    """A request activates its language for the whole thread and nothing deactivates it: a test that
    ends on a Chinese page would leave the next test's service messages in Chinese."""
    yield
    translation.deactivate()


def win(
    seat: int, method: str = "self_draw", source: int | None = None, patterns: list[str] | None = None, **extra: Any
) -> Record:
    """One hand record with a single winner (`extra`: more of the record, as a test writes it)."""
    entry: dict[str, Any] = {"seat": seat, "method": method, "patterns": patterns or []}
    if source is not None:
        entry["from"] = source
    entry.update(extra.pop("win_extra", {}))
    return cast(Record, {"result": "win", "wins": [entry], **extra})


def draw(**extra: Any) -> Record:
    return cast(Record, {"result": "draw", **extra})


@pytest.fixture
def owner(db) -> User:
    return User.objects.create_user("keeper", password=PASSWORD)


@pytest.fixture
def stranger(db) -> User:
    return User.objects.create_user("stranger", password=PASSWORD)


def signed_in(user: User) -> Client:
    """A phone of its own, signed in as `user`."""
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def keeper_client(client: Client, owner: User) -> Client:
    """The owner's phone, signed in."""
    client.force_login(owner)
    return client


def taps(expected_number: int = 1, token: str | None = None, **fields: Any) -> dict[str, Any]:
    """What the hand form posts: the facts tapped, the number of the hand it records (the first
    unless said) and a token of its own (one per hand number unless given)."""
    return {"client_token": token or f"tap-{expected_number}", "expected_number": expected_number, **fields}


def post_taps(client: Client, game: GameSession, **fields: Any) -> Any:
    """Post the hand form as htmx does, for the hand next on `game` as last read: the taps (`fields`,
    a `token` if not the hand number's own), saved unless an `action` says otherwise."""
    return client.post(f"/sessions/{game.pk}/hands/new/", taps(game.next_number, **fields), headers=HTMX)


def post_preview(client: Client, game: GameSession, **fields: Any) -> Any:
    """Ask for the hand form's live preview of these taps, as htmx does (nothing is saved)."""
    return client.post(f"/sessions/{game.pk}/hands/preview/", taps(game.next_number, **fields), headers=HTMX)


@pytest.fixture
def co_keeper(game: GameSession, owner: User) -> User:
    """A second account the owner made a keeper of `game`."""
    user = User.objects.create_user("second", password=PASSWORD)
    Keeper.objects.create(session=game, user=user, added_by=owner)
    return user


@pytest.fixture
def removed_keeper(game: GameSession, owner: User) -> User:
    """An account that kept score on `game` until the owner removed it."""
    user = User.objects.create_user("former", password=PASSWORD)
    Keeper.objects.create(session=game, user=user, added_by=owner)
    services.remove_keeper(game, user.pk)
    return user


def make_session(owner: User, variant: str = "zhengzhou", **kwargs: Any) -> GameSession:
    defaults: dict[str, Any] = {
        "variant": variant,
        "player_names": ["Ann", "Bo", "Cy", "Di"],
        "first_dealer": 0,
        "starting_points": 1000,
        "base": 10,
        "options": {},
    }
    defaults.update(kwargs)
    return services.start_session(owner, **defaults)


def race_table(owner: User, **kwargs: Any) -> GameSession:
    """The table two phones race at: Shenyang at base 1, where a hand is won on a discard as well as by
    self-draw, so the two phones can enter different hands (`kwargs`: more of the session, as make_session)."""
    return make_session(owner, "shenyang", base=1, **kwargs)


@pytest.fixture
def game(owner: User) -> GameSession:
    """A Zhengzhou session (base 10, dealer P0) with Ann, Bo, Cy and Di."""
    return make_session(owner)


def stands[T](outcome: T | services.Refusal) -> T:
    """A service's outcome the test expects to stand (a saved hand, an edit, a finished session): a
    refusal fails the test, naming it, instead of passing unnoticed."""
    if isinstance(outcome, services.Conflict | services.HandRejected | services.NeedsConfirmation):
        raise AssertionError(f"the service refused: {outcome!r}")
    return outcome


def record_all(game: GameSession, records: list[Record], user: User | None = None) -> None:
    for record in records:
        game.refresh_from_db()
        stands(
            services.record_hand(
                # A token of its own for every hand, as a phone makes: an undone hand's token stays spent.
                game,
                record,
                client_token=f"t{game.next_number}-{uuid.uuid4().hex[:8]}",
                expected_number=game.next_number,
                user=user,
            )
        )
    game.refresh_from_db()


CONFIRMATION = re.compile(r'name="confirm_changes" value="([0-9a-f]+)"')


def answered_with_the_board(response: Any, game: GameSession) -> bool:
    """An htmx Save that stands answers with the board itself, under the board's address (one round trip)."""
    board = game.get_absolute_url()
    return bool(
        response.status_code == 200
        and response.get("HX-Push-Url") == board
        and "HX-Redirect" not in response
        and 'id="board"' in response.content.decode()
    )


def post_confirmed(client: Client, url: str, data: dict[str, Any], **kwargs: Any) -> Any:
    """POST a correction and, when the app lists the later hands it changes and asks, say yes."""
    response = client.post(url, data, **kwargs)
    asked = CONFIRMATION.search(response.content.decode()) if response.status_code == 200 else None
    if asked is None:
        return response
    return client.post(url, {**data, "confirm_changes": asked.group(1)}, **kwargs)
