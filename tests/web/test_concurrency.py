"""Two phones racing for the same hand, for real: two threads, two database connections."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tablekeeper import services
from tablekeeper.models import Round
from tests.conftest import make_session, win

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_devices_saving_hand_one_at_the_same_moment_get_one_success_and_one_conflict(owner):
    game = make_session(owner)
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def phone(seat: int) -> None:
        try:
            start.wait()
            services.record_hand(game, win(seat), client_token=f"phone-{seat}", expected_number=1, user=owner)
            outcomes.append("saved")
        except services.Conflict as conflict:
            outcomes.append(conflict.message)
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
