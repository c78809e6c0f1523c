"""A Save that waits for another phone's correction reads the table as the correction left it.

Phone A corrects, undoes or deletes a hand and holds the session's lock; phone B's Save of the next
hand arrives meanwhile and waits for it. Every read that decides what B writes must happen after the
lock is granted: on PostgreSQL (READ COMMITTED) a statement that waited for a row lock returns the
newest row but its sub-lookups still see the data from before A's commit. The schedule is made
exact, not left to chance: A goes on only once B is seen waiting for the lock (PostgreSQL says so
in pg_stat_activity; SQLite takes its lock before B reads anything, so there B is given a moment).
Each race is run several times, each against every stored figure replayed from the records.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connection

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round, SpentToken
from tablekeeper.keeping.services import corrections
from tablekeeper.keeping.services.audit import replay_mismatches
from tablekeeper.keeping.services.table_before import running_before, table_before
from tests.conftest import make_session, record_all, signed_in, stands, win
from tests.web.test_offline import OUTBOX, kept_hand, outbox

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 4
# How long the test waits for a phone that should be waiting for the lock (never asserted as a time).
PATIENCE_S = 15.0


def backend_pid() -> int | None:
    """This thread's database session, as pg_stat_activity names it (None on SQLite)."""
    if connection.vendor != "postgresql":
        return None
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def wait_until_waiting_for_a_lock(pid: int | None) -> None:
    """Return once the database session `pid` waits for a lock (its statement has begun)."""
    if pid is None:  # SQLite: the Save waits to begin its transaction, before it reads anything
        time.sleep(0.3)
        return
    deadline = time.monotonic() + PATIENCE_S
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
            row = cursor.fetchone()
        if row is not None and row[0] == "Lock":
            return
        time.sleep(0.01)
    raise AssertionError("the Save never waited for the session's lock")


class Race:
    """`first` (a correction, an undo or a delete, on a thread of its own) takes the session's lock
    and holds it until `second` (the next Save, on another) is waiting for it; then both finish."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.holding = threading.Event()
        self.go_on = threading.Event()
        self.first_thread: int | None = None
        real_before = running_before

        def held(session: GameSession, number: int) -> Any:
            # Every correction reads the table before its hand once it holds the lock; the Save never does.
            if threading.get_ident() == self.first_thread and not self.holding.is_set():
                self.holding.set()
                self.go_on.wait(PATIENCE_S)
            return real_before(session, number)

        monkeypatch.setattr(corrections, "running_before", held)

    def run(self, first: Callable[[], object], second: Callable[[], object]) -> tuple[object, object]:
        results: dict[str, object] = {}
        pids: list[int | None] = []
        second_connected = threading.Event()

        def run_first() -> None:
            self.first_thread = threading.get_ident()
            try:
                results["first"] = first()
            except Exception as error:  # the test looks at what each phone got
                results["first"] = error
            finally:
                connection.close()

        def run_second() -> None:
            try:
                pids.append(backend_pid())
                second_connected.set()
                results["second"] = second()
            except Exception as error:
                results["second"] = error
            finally:
                second_connected.set()
                connection.close()

        self.holding.clear()
        self.go_on.clear()
        phone_a = threading.Thread(target=run_first)
        phone_a.start()
        assert self.holding.wait(PATIENCE_S), "the correction never took the lock"
        phone_b = threading.Thread(target=run_second)
        phone_b.start()
        try:
            assert second_connected.wait(PATIENCE_S)
            wait_until_waiting_for_a_lock(pids[0] if pids else None)
        finally:
            self.go_on.set()
            phone_a.join(PATIENCE_S * 2)
            phone_b.join(PATIENCE_S * 2)
        return results.get("first"), results.get("second")


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> Iterator[Race]:
    yield Race(monkeypatch)


def dealer_before(game: GameSession, number: int) -> int:
    return int(table_before(game, number)[0]["dealer"])


def test_a_save_that_waited_for_a_correction_of_the_last_hand_numbers_the_deals_as_a_replay_does(owner, race):
    """Each round corrects the last hand so that the deal passes where it stayed (or stays where it
    passed) while the next hand's Save waits: the next hand's deal count must follow the correction."""
    game = make_session(owner)
    record_all(game, [win(0)], owner)
    for round_ in range(ROUNDS):
        last = game.hand_count
        dealer = dealer_before(game, last)
        winner = Round.objects.get(session=game, number=last).record["wins"][0]["seat"]
        flipped = (dealer + 1) % 4 if winner == dealer else dealer

        def correct(last: int = last, flipped: int = flipped) -> object:
            return stands(services.edit_hand(game, last, win(flipped), user=owner))

        def save_next(last: int = last, round_: int = round_) -> object:
            return stands(
                services.record_hand(
                    game, win(round_ % 4), client_token=f"next-{round_}", expected_number=last + 1, user=owner
                )
            )

        corrected, saved = race.run(correct, save_next)
        assert isinstance(corrected, Round) and isinstance(saved, services.Saved), (corrected, saved)
        assert replay_mismatches(game) == [], f"round {round_}"


@pytest.mark.parametrize("ending", ["undo", "delete"])
def test_a_retried_save_racing_an_undo_or_a_delete_of_its_hand_answers_spent_never_a_500(owner, race, ending):
    game = make_session(owner)
    phone = signed_in(owner)
    phone.raise_request_exception = False
    for round_ in range(ROUNDS):
        token, number = f"lost-{round_}", game.hand_count + 1
        # The Save reached the server and its hand stands; its answer was lost, so the phone sends it again
        # while another phone undoes that hand (the last one) or deletes it (with a hand after it).
        assert phone.post(outbox(game), kept_hand(number, token), headers=OUTBOX).json()["outcome"] == "saved"
        if ending == "delete":
            record_all(game, [win(1)], owner)

        def end_it(number: int = number) -> object:
            if ending == "undo":
                return stands(services.undo_last_hand(game, user=owner))
            return stands(services.delete_hand(game, number, user=owner))

        def send_again(number: int = number, token: str = token) -> object:
            return phone.post(outbox(game), kept_hand(number, token), headers=OUTBOX)

        ended, answer = race.run(end_it, send_again)
        assert not isinstance(ended, Exception), ended
        assert getattr(answer, "status_code", None) == 409, getattr(answer, "content", answer)
        assert answer.json()["outcome"] == "spent"
        assert not Round.objects.filter(session=game, client_token=token).exists()
        assert SpentToken.objects.filter(session=game, token=token).exists()
        assert replay_mismatches(game) == []
        game.refresh_from_db()
