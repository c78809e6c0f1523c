"""Claims racing for real: two threads, two database connections (run on PostgreSQL by `bash .ci/database`)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection

from tablekeeper.keeping.models import Seat, SeatClaim
from tablekeeper.players.services import claims
from tests.conftest import make_session

pytestmark = pytest.mark.django_db(transaction=True)


def together(*jobs: Callable[[], object]) -> list[object]:
    """Run each job in a thread of its own, released at the same moment; what each returned or raised."""
    results: list[object] = [None] * len(jobs)
    start = threading.Barrier(len(jobs))

    def run(index: int) -> None:
        try:
            start.wait()
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


def test_two_players_claiming_one_seat_at_once_get_one_claim_and_one_clear_refusal(owner):
    game = make_session(owner)
    wang, li = (User.objects.create_user(name, first_name=name) for name in ("wang", "li"))
    results = together(
        lambda: claims.claim_seat(game, 1, wang, phone="wang-phone", token=game.share_token),
        lambda: claims.claim_seat(game, 1, li, phone="li-phone", token=game.share_token),
    )
    assert sorted(type(result).__name__ for result in results) == ["ClaimRefusal", "Claimed"]
    refusal = next(result for result in results if isinstance(result, claims.ClaimRefusal))
    assert refusal.status == 409 and "the keeper answers that first" in refusal.message
    assert SeatClaim.objects.filter(session=game).count() == 1


def test_one_player_claiming_two_seats_at_once_gets_one(owner):
    game = make_session(owner)
    wang = User.objects.create_user("wang", first_name="老王")
    results = together(
        lambda: claims.claim_seat(game, 1, wang, phone="wang-phone", token=game.share_token),
        lambda: claims.claim_seat(game, 2, wang, phone="wang-phone", token=game.share_token),
    )
    assert sorted(type(result).__name__ for result in results) == ["ClaimRefusal", "Claimed"]
    assert SeatClaim.objects.filter(session=game).count() == 1


def test_a_keepers_two_phones_answering_one_claim_at_once_link_it_once(owner):
    game = make_session(owner)
    wang = User.objects.create_user("wang", first_name="老王")
    claims.claim_seat(game, 1, wang, phone="wang-phone", token=game.share_token)
    results = together(
        lambda: claims.decide_claim(game, 1, accept=True),
        lambda: claims.decide_claim(game, 1, accept=False),
    )
    assert sorted(type(result).__name__ for result in results) == ["ClaimRefusal", "Decided"]
    decided = next(result for result in results if isinstance(result, claims.Decided))
    status = SeatClaim.objects.get(session=game).status
    assert status == (SeatClaim.Status.ACCEPTED if decided.accepted else SeatClaim.Status.REFUSED)
    assert Seat.objects.get(session=game, index=1).person_id == (wang.pk if decided.accepted else None)
