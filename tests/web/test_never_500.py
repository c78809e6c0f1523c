"""Input at the edges answered with a 4xx and a message, never a 500: calendar-edge dates in an
import, the preview's note, overlong log-in names, and data deleted under a request's feet."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import Http404
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.keeping.services.exchange import export_session
from tablekeeper.players.models import PlayerGroup
from tablekeeper.players.services.groups import add_member, delete_group, group_from_session, remove_member
from tablekeeper.sharing.views import summary as summary_views
from tests.conftest import HTMX, make_session, record_all, signed_in, win

pytestmark = pytest.mark.django_db
CALENDAR_EDGES = [
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
    "1899-12-31T23:00:00+00:00",
    "2100-01-01T00:00:00+00:00",
    "2026-02-30T20:00:00+08:00",
]


def exported(owner: User) -> dict[str, Any]:
    game = make_session(owner, "shenyang", base=2)
    record_all(game, [win(1), win(2)])
    return dict(export_session(game, seats_of(game)))


def phone_of(user: User) -> Client:
    phone = signed_in(user)
    phone.raise_request_exception = False
    return phone


@pytest.mark.parametrize("field", ["played_from", "played_until"])
@pytest.mark.parametrize("moment", CALENDAR_EDGES)
def test_an_import_with_a_playing_time_at_the_calendars_edge_is_refused_in_words(owner, field, moment):
    data = exported(owner)
    data.pop("played_until" if field == "played_from" else "played_from", None)
    data[field] = moment
    before = GameSession.objects.count()
    answer = phone_of(owner).post("/sessions/import/", {"text": json.dumps(data)}, headers=HTMX)
    assert answer.status_code == 422 and "playing times are out of range" in answer.content.decode()
    assert GameSession.objects.count() == before


@pytest.mark.parametrize("moment", CALENDAR_EDGES)
def test_a_duplicate_import_whose_created_is_at_the_calendars_edge_is_still_asked_about(owner, moment):
    data = exported(owner)
    data["created"] = moment
    phone = phone_of(owner)
    assert phone.post("/sessions/import/", {"text": json.dumps(data)}).status_code == 302
    again = phone.post("/sessions/import/", {"text": json.dumps(data)}, headers=HTMX)
    assert again.status_code == 409 and "Import it anyway?" in again.content.decode()


@pytest.mark.parametrize("field", ["played_from", "played_until"])
def test_the_database_refuses_a_playing_time_outside_the_sane_range(owner, game, field):
    from datetime import UTC, datetime

    with pytest.raises(IntegrityError), transaction.atomic():
        GameSession.objects.filter(pk=game.pk).update(**{field: datetime(1, 1, 2, tzinfo=UTC)})


@pytest.mark.parametrize("note", ["x" * 121, "nul\x00here", "line\nbreak"])
def test_the_live_preview_refuses_a_keep_it_anyway_note_as_save_does(owner, game, note):
    form = {"result": "win", "winner": "0", "method": "self_draw", "insist": "on", "insist_note": note}
    preview = phone_of(owner).post(f"/sessions/{game.pk}/hands/preview/", form, headers=HTMX)
    assert preview.status_code == 200 and "errors" in preview.content.decode()
    saved = phone_of(owner).post(f"/sessions/{game.pk}/hands/new/", form, headers=HTMX)
    assert saved.status_code < 500 and game.rounds.count() == 0


@pytest.mark.parametrize("name", ["u" * 151, "u" * 256, "u" * 5000, "nul\x00name", "tab\tname"])
def test_a_log_in_with_an_impossible_user_name_is_refused_or_limited_never_a_500(db, settings, name):
    settings.AXES_FAILURE_LIMIT = 2
    phone = Client(raise_request_exception=False)
    codes = [phone.post("/accounts/login/", {"username": name, "password": "wrong"}).status_code for _ in range(4)]
    assert codes[0] == 200 and set(codes) <= {200, 429}, codes


def test_a_summary_read_while_its_session_is_deleted_answers_404(owner, game, monkeypatch):
    record_all(game, [win(1), win(2)])
    real = summary_views.kept_session  # type: ignore[attr-defined]

    def deleted_meanwhile(request, session_id):
        session = real(request, session_id)
        services.delete_session(GameSession.objects.get(pk=session.pk))
        return session

    monkeypatch.setattr(summary_views, "kept_session", deleted_meanwhile)
    assert phone_of(owner).get(f"/sessions/{game.pk}/summary/").status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("change", ["add", "remove", "rename"])
def test_a_group_changed_on_one_phone_while_another_deletes_it_gets_404(owner, change):
    game = make_session(owner)
    group = group_from_session(owner, game, "Thursday")
    add_member(group, "Ed")
    stale = PlayerGroup.objects.get(pk=group.pk)
    ed = group.players.get(name="Ed")
    changes: dict[str, Callable[[], object]] = {
        "add": lambda: add_member(stale, "Flo"),
        "remove": lambda: remove_member(stale, ed.pk),
        "rename": lambda: services_rename(stale),
    }
    started, outcome = threading.Event(), list[object]()

    def other_phone() -> None:
        from django.db import connection

        started.set()
        try:
            changes[change]()
            outcome.append("changed")
        except Exception as error:  # what the other phone got
            outcome.append(error)
        finally:
            connection.close()

    with transaction.atomic():
        delete_group(PlayerGroup.objects.get(pk=group.pk))
        worker = threading.Thread(target=other_phone)
        worker.start()
        started.wait(timeout=5)
        time.sleep(0.3)  # the other phone now waits for the group's lock
    worker.join(timeout=30)
    assert len(outcome) == 1 and isinstance(outcome[0], Http404), outcome
    assert not PlayerGroup.objects.filter(pk=group.pk).exists()


def services_rename(group: PlayerGroup) -> None:
    from tablekeeper.players.services.groups import rename_group

    rename_group(group, "Friday")
    if not PlayerGroup.objects.filter(pk=group.pk, name="Friday").exists():
        raise Http404("renamed nothing")


def test_deleting_a_group_twice_answers_404_the_second_time(owner, game):
    group = group_from_session(owner, game, "Thursday")
    phone = phone_of(owner)
    assert phone.post(f"/groups/{group.pk}/delete/").status_code == 302
    assert phone.post(f"/groups/{group.pk}/delete/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_session_stored_with_a_calendar_edge_time_opens_exports_and_deletes_after_the_migration(owner):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    game = make_session(owner)
    record_all(game, [win(1)])

    def migrate(target: str) -> None:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate([("tablekeeper", target)])

    migrate("0019_keeper_requests_by_typed_name")
    with connection.cursor() as cursor:  # what an import stored before dates were checked
        table = GameSession._meta.db_table
        cursor.execute(
            f"UPDATE {table} SET played_from = %s, played_until = %s WHERE id = %s",
            ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", game.pk],
        )
    migrate("0021_session_played_times_in_range")
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("tablekeeper")[0][1]
    migrate(latest)  # the app as it is now reads every column
    phone = phone_of(owner)
    for page in ("", "summary/", "export.json", "export.csv", "manage/"):
        assert phone.get(f"/sessions/{game.pk}/{page}").status_code == 200, page
    assert phone.get("/sessions/").status_code == 200
    assert phone.post(f"/sessions/{game.pk}/delete/", {"confirm": "delete"}).status_code == 302
    assert not GameSession.objects.filter(pk=game.pk).exists()
