"""Two phones racing for the same hand, for real: two threads, two database connections."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction
from django.http import Http404

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round, TablePreset
from tablekeeper.keeping.services import recording
from tablekeeper.keeping.services.presets import save_preset
from tablekeeper.rules import settle as engine_settle
from tests.conftest import make_session, stands, win

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_devices_saving_hand_one_at_the_same_moment_get_one_success_and_one_conflict(owner):
    game = make_session(owner)
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def phone(seat: int) -> None:
        try:
            start.wait()
            outcome = services.record_hand(game, win(seat), client_token=f"phone-{seat}", expected_number=1, user=owner)
            outcomes.append(outcome.message if isinstance(outcome, services.Conflict) else "saved")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(seat,)) for seat in (2, 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(outcomes) == 2
    assert outcomes.count("saved") == 1
    assert any("Hand 1 was already saved from another device" in outcome for outcome in outcomes)
    assert Round.objects.filter(session=game).count() == 1


def _run_together(*jobs: Callable[[], object]) -> list[object]:
    """Run each job in a thread of its own (its own database connection); what each returned or raised."""
    results: list[object] = [None] * len(jobs)

    def run(index: int) -> None:
        try:
            results[index] = jobs[index]()
        except Exception as error:  # the test looks at what each phone got
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_a_double_tapped_save_as_a_preset_answers_both_taps_like_the_first(owner, monkeypatch):
    game = make_session(owner)
    real_save = TablePreset.save
    both_looked = threading.Barrier(2, timeout=5)

    def save_after_both_looked(self: TablePreset, *args: Any, **kwargs: Any) -> None:
        # Without a lock, both taps would find no preset of that name before either saves one.
        # (A broken barrier: the taps took turns, the second looked after the first had saved.)
        with contextlib.suppress(threading.BrokenBarrierError):
            both_looked.wait()
        real_save(self, *args, **kwargs)

    monkeypatch.setattr(TablePreset, "save", save_after_both_looked)
    results = _run_together(*[lambda: save_preset(owner, game, "Thursday")] * 2)
    assert all(isinstance(result, TablePreset) for result in results), results
    assert list(TablePreset.objects.filter(owner=owner).values_list("name", flat=True)) == ["Thursday"]


def test_deleting_a_session_while_a_hand_is_being_saved_waits_and_deletes_it_all(owner, monkeypatch):
    game = make_session(owner)
    settling, deleting = threading.Event(), threading.Event()
    real_settle = engine_settle

    def slow_settle(*args: Any, **kwargs: Any) -> Any:
        settling.set()
        deleting.wait(timeout=5)
        time.sleep(0.3)  # the delete has started and must wait for this save's lock
        return real_settle(*args, **kwargs)

    monkeypatch.setattr(recording, "settle", slow_settle)

    def save() -> object:
        return stands(services.record_hand(game, win(2), client_token="saving", expected_number=1, user=owner))

    def delete() -> object:
        settling.wait(timeout=5)
        deleting.set()
        services.delete_session(game)
        return "deleted"

    saved, deleted = _run_together(save, delete)
    assert isinstance(saved, services.Saved) and deleted == "deleted", (saved, deleted)
    assert not GameSession.objects.filter(pk=game.pk).exists()
    assert not Round.objects.filter(session_id=game.pk).exists()


def test_a_hand_saved_while_its_session_is_being_deleted_finds_it_gone_a_404_not_a_500(owner):
    game = make_session(owner)
    started = threading.Event()

    def save() -> object:
        started.set()
        return stands(services.record_hand(game, win(2), client_token="late", expected_number=1, user=owner))

    with transaction.atomic():
        services.delete_session(game)
        thread_results: list[object] = []
        worker = threading.Thread(target=lambda: thread_results.extend(_run_together(save)))
        worker.start()
        started.wait(timeout=5)
        time.sleep(0.3)  # the save now waits for the delete's lock
    worker.join(timeout=30)
    assert len(thread_results) == 1 and isinstance(thread_results[0], Http404), thread_results
    assert not Round.objects.filter(session_id=game.pk).exists()
