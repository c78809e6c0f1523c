"""A database out of reach or locked past its wait answers 503 with Retry-After, never a 500: on every
page and every write, before any view runs (the session and the account are read in middleware) as
well as in a view's write, in the keeper's language, and as JSON to the phone's outbox.

"Out of reach" is made real on both databases: the connection is closed and pointed somewhere it
cannot open (PostgreSQL: a port nothing listens on; SQLite: a file in a folder that does not exist),
so the driver itself raises, as it does when the server refuses or the connect timeout runs out."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.web.errors import RETRY_AFTER_SECONDS
from tests.conftest import PASSWORD, make_session, record_all, win
from tests.web.test_offline import OUTBOX, kept_hand, outbox

pytestmark = pytest.mark.django_db(transaction=True)
ENGLISH = "The scores cannot be read or saved just now"
CHINESE = "现在无法读取或保存记分"


@contextmanager
def database_out_of_reach() -> Iterator[None]:
    """Every connection the app opens in this thread fails, as the driver fails for a database that is
    gone; the real one is back afterwards."""
    settings = connection.settings_dict
    kept = {"NAME": settings["NAME"], "PORT": settings.get("PORT")}
    connection.close()
    if connection.vendor == "postgresql":
        settings["PORT"] = "1"  # nothing listens there: the connection is refused
    else:
        settings["NAME"] = "/no-such-folder/tablekeeper.sqlite3"  # unable to open database file
    try:
        yield
    finally:
        connection.close()
        settings.update(kept)


def phone(user: Any = None, **defaults: Any) -> Client:
    client = Client(raise_request_exception=False, **defaults)
    if user is not None:
        client.force_login(user)
    return client


def said_unavailable(response: Any, words: str = ENGLISH) -> bool:
    json = response["Content-Type"] == "application/json"
    said = response.json()["message"] if json else response.content.decode()
    return bool(
        response.status_code == 503
        and response["Retry-After"] == str(RETRY_AFTER_SECONDS)
        and "no-store" in response["Cache-Control"]
        and words in said
    )


@pytest.fixture
def table(owner) -> GameSession:
    game = make_session(owner)
    record_all(game, [win(2)], owner)
    return game


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/sessions/"),
        ("get", "/sessions/{pk}/"),
        ("get", "/sessions/{pk}/hands/new/"),
        ("get", "/sessions/{pk}/hands/1/"),
        ("post", "/sessions/{pk}/hands/new/"),
        ("post", "/sessions/{pk}/hands/undo/"),
        ("post", "/sessions/{pk}/hands/1/delete/"),
        ("post", "/sessions/new/"),
        ("post", "/accounts/name/"),
    ],
)
@pytest.mark.parametrize(("language", "words"), [("en", ENGLISH), ("zh-hans", CHINESE)])
def test_every_page_and_write_of_a_signed_in_keeper_answers_503_in_the_keepers_language(
    owner, table, method, path, language, words
):
    keeper = phone(owner)
    with database_out_of_reach():
        answer = getattr(keeper, method)(path.format(pk=table.pk), headers={"Accept-Language": language})
    assert said_unavailable(answer, words), (answer.status_code, answer.content[:300])
    assert "text/html" in answer["Content-Type"] and "css/app.css" in answer.content.decode()


@pytest.mark.parametrize("language, words", [("en", ENGLISH), ("zh-hans", CHINESE)])
def test_the_outbox_hears_503_as_json_and_keeps_the_hand_for_later(owner, table, language, words):
    keeper = phone(owner)
    with database_out_of_reach():
        answer = keeper.post(outbox(table), kept_hand(2, "kept"), headers={**OUTBOX, "Accept-Language": language})
    assert said_unavailable(answer, words)
    assert answer.json()["outcome"] == "unavailable" and answer.json()["retry_after"] == RETRY_AFTER_SECONDS
    # Once the database is back, the same hand is saved once.
    again = keeper.post(outbox(table), kept_hand(2, "kept"), headers=OUTBOX)
    assert again.json() == {"outcome": "saved", "saved": 2}


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("post", "/accounts/login/", {"username": "keeper", "password": PASSWORD}),
        ("post", "/accounts/signup/", {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}),
        ("post", "/accounts/reset/", {"email": "keeper@example.org"}),
        ("get", "/b/{token}/", {}),
        ("get", "/b/{token}/hands/", {}),
    ],
)
def test_the_log_in_sign_up_and_shared_pages_answer_503_to_anyone(table, method, path, data):
    visitor = phone()
    with database_out_of_reach():
        answer = getattr(visitor, method)(path.format(token=table.share_token), data)
    assert said_unavailable(answer), (answer.status_code, answer.content[:300])


def test_a_503_leaves_the_phones_offline_key_and_its_kept_pages_alone(owner, table):
    keeper = phone(owner)
    board = keeper.get(f"/sessions/{table.pk}/")
    key = board["X-TableKeeper-Account"]
    assert key and keeper.cookies["tk_account"].value == key
    with database_out_of_reach():
        answer = keeper.get(f"/sessions/{table.pk}/")
    assert answer.status_code == 503
    # No header for the worker to act on, no cookie cleared: the kept board is still this session's.
    assert "X-TableKeeper-Account" not in answer and "tk_account" not in answer.cookies


def test_a_sqlite_database_locked_past_its_wait_answers_the_outbox_503_and_saves_nothing(owner, table):
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL waits for a row lock; SQLite gives up on its database lock after its timeout")
    keeper = phone(owner)
    options = connection.settings_dict["OPTIONS"]
    kept_timeout = options["timeout"]
    holder = sqlite3.connect(connection.settings_dict["NAME"])
    connection.close()
    options["timeout"] = 0.2
    try:
        holder.execute("BEGIN IMMEDIATE")  # another writer holds the database past this connection's wait
        answer = keeper.post(outbox(table), kept_hand(2, "while-locked"), headers=OUTBOX)
        page = keeper.post(f"/sessions/{table.pk}/hands/new/", kept_hand(2, "while-locked-form"))
    finally:
        holder.rollback()
        holder.close()
        connection.close()
        options["timeout"] = kept_timeout
    assert said_unavailable(answer) and answer.json()["outcome"] == "unavailable"
    assert said_unavailable(page)
    assert Round.objects.filter(session=table).count() == 1


def test_an_error_that_is_not_the_databases_is_still_the_500_page(owner, table, monkeypatch):
    from tablekeeper.keeping.views import sessions

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug, not the database")

    monkeypatch.setattr(sessions, "board_context", broken)
    answer = phone(owner).get(f"/sessions/{table.pk}/")
    assert answer.status_code == 500 and "Something went wrong" in answer.content.decode()
    assert "Retry-After" not in answer
