"""The statements written once in SQL (a session's row, the board's seats and claims, what a Save reads under the
lock, the new hand and its trail entry, the session's new totals) read and write what the ORM's statements do, on
this database: the same rows, the same values of the same types, the same related objects at hand. The ORM's own
statements are the oracle here."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Exists, Model, OuterRef, Subquery, Value
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction, GameSession, Round, Seat, SeatClaim, SpentToken
from tablekeeper.keeping.models.sql_rows import SqlRows
from tablekeeper.keeping.pages.claims import seats_and_claims
from tablekeeper.keeping.services.save_start import read_save_start
from tests.conftest import draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db


def same_row(mine: Model, theirs: Model) -> None:
    """Every column alike, value and type (an aware datetime, a Decimal, JSON read into dicts and lists)."""
    assert type(mine) is type(theirs) and mine._state.db == theirs._state.db and not mine._state.adding
    for field in type(theirs)._meta.concrete_fields:
        name = field.attname
        assert getattr(mine, name) == getattr(theirs, name), name
        assert type(getattr(mine, name)) is type(getattr(theirs, name)), name


def test_a_session_read_by_its_statement_is_the_row_the_orm_reads(owner):
    game = make_session(owner)
    record_all(game, [win(1), draw()], owner)
    stands(services.finish_session(game, money_rate=Decimal("0.50")))
    mine = GameSession.by_pk(game.pk)
    assert mine is not None
    same_row(mine, GameSession.objects.get(pk=game.pk))
    assert GameSession.by_pk(game.pk + 1000) is None


def test_a_session_locked_by_its_statement_is_the_row_the_orm_locks(game):
    with transaction.atomic():
        same_row(game.locked(), GameSession.objects.select_for_update().get(pk=game.pk))


@pytest.mark.skipif(not connection.features.has_select_for_update, reason="a database without row locks")
@pytest.mark.django_db(transaction=True)  # outside the test's own transaction: in autocommit, as a stray caller is
def test_a_lock_outside_a_transaction_is_refused_as_the_orm_refuses_it(game):
    with pytest.raises(TransactionManagementError):
        GameSession.objects.select_for_update().get(pk=game.pk)
    with pytest.raises(TransactionManagementError):
        GameSession.by_pk(game.pk, lock=True)


def orm_seats_and_claims(session: GameSession) -> tuple[list[Seat], list[tuple[int, int, str]]]:
    """The board's seats and waiting claims as the ORM read them before."""
    waiting = SeatClaim.objects.filter(session=OuterRef("session"), seat=OuterRef("index"), status="open")
    seats = list(
        session.seats.select_related("player")
        .annotate(
            claim_pk=Subquery(waiting.values("pk")[:1]), claim_who=Subquery(waiting.values("user__first_name")[:1])
        )
        .order_by("index")
    )
    claims = [(seat.claim_pk, seat.index, seat.claim_who) for seat in seats]
    return list[Seat](seats), [claim for claim in claims if claim[0] is not None]


def test_the_boards_seats_and_claims_are_what_the_orm_read(owner, game):
    wang = User.objects.create_user("wang", first_name="王建国")
    li = User.objects.create_user("li", first_name="")
    SeatClaim.objects.create(session=game, seat=2, user=wang, phone="a")
    SeatClaim.objects.create(session=game, seat=0, user=li, phone="b")
    SeatClaim.objects.create(session=game, seat=1, user=owner, phone="c", status=SeatClaim.Status.REFUSED)
    other = make_session(owner)
    SeatClaim.objects.create(session=other, seat=3, user=wang, phone="d")
    Seat.objects.filter(session=game, index=3).update(person=wang)

    seats, claims = seats_and_claims(game)
    expected, expected_claims = orm_seats_and_claims(game)
    assert len(seats) == 4
    for mine, theirs in zip(seats, expected, strict=True):
        same_row(mine, theirs)
        same_row(mine.player, theirs.player)
    with CaptureQueriesContext(connection) as queries:
        # Each seat holds its player and its session, as select_related and session.seats leave them.
        assert [seat.player.name for seat in seats] == ["Ann", "Bo", "Cy", "Di"]
        assert all(seat.session is game for seat in seats)
    assert len(queries) == 0
    assert [(claim.pk, claim.seat, claim.seat_name) for claim in claims] == [
        (pk, seat, expected[seat].player.name) for pk, seat, _who in expected_claims
    ]
    assert [claim.who for claim in claims][1] == "王建国"


def orm_save_start(session: GameSession, token: str, expected: int, seen_at: datetime | None) -> tuple[Any, ...]:
    """What a Save read under the lock, as the ORM's statement read it before."""
    this_session = OuterRef("pk")
    freed = (
        Exists(
            SpentToken.objects.filter(
                session=this_session, number__gte=expected, ending__in=("undone", "deleted"), when__gt=seen_at
            ).exclude(token=token)
        )
        if seen_at is not None
        else Value(False)
    )
    row = (
        GameSession.objects.filter(pk=session.pk)
        .annotate(
            saved=Subquery(Round.objects.filter(session=this_session, client_token=token).values("pk")[:1]),
            spent=Exists(SpentToken.objects.filter(session=this_session, token=token)),
            passes=Subquery(
                Round.objects.filter(session=this_session, number=OuterRef("hand_count")).values("deal_passes")[:1]
            ),
            freed=freed,
        )
        .values_list("saved", "spent", "passes", "freed")
        .get()
    )
    return row[0], bool(row[1]), row[2] or 0, bool(row[3])


def test_what_a_save_reads_under_the_lock_is_what_the_orm_read(owner, game):
    before_any = datetime.now(UTC) - timedelta(minutes=1)
    # Seat 1 wins and deals: the deal passes, so the last hand's passes are not 0.
    record_all(game, [win(1), win(2), draw(), win(3)], owner)
    saved = Round.objects.get(session=game, number=2)
    stands(services.undo_last_hand(game, user=owner))
    undone = SpentToken.objects.get(session=game)
    game.refresh_from_db()
    cases = [
        ("fresh", game.next_number, None),
        (saved.client_token, 2, None),  # a retried tap of a hand that stands
        (undone.token, 4, None),  # a retried tap of an undone hand
        ("kept", 4, before_any),  # a kept hand whose number was freed since the phone looked
        ("kept", 4, datetime.now(UTC) + timedelta(minutes=1)),  # ... looked after the undo
        ("kept", 5, before_any),  # ... a later number than the one freed
        (undone.token, 4, before_any),  # the freed hand was this token's own
    ]
    for token, expected, seen_at in cases:
        with transaction.atomic():
            start = read_save_start(game, token, expected, seen_at)
        mine = (start.saved_with_token, start.token_spent, start.passes, start.freed_since_seen)
        assert mine == orm_save_start(game, token, expected, seen_at), (token, expected, seen_at)
    assert orm_save_start(game, "fresh", 4, None)[2] > 0


def test_a_hand_and_its_trail_entry_inserted_by_their_statements_are_the_rows_the_orm_inserts(owner, game):
    record_all(game, [win(1)], owner)
    saved = Round.objects.get(session=game, number=1)
    written: list[tuple[Round, Correction]] = []

    def orm_insert(row: Model) -> None:
        row.save()

    def my_insert(row: Model) -> None:
        SqlRows(type(row)).insert(row)

    for insert in (orm_insert, my_insert):
        hand = Round.objects.get(pk=saved.pk)
        # The same hand again as a new row (another number and token: both are unique in a session).
        hand.pk, hand.key, hand.number, hand.client_token = None, uuid.uuid4(), 2 + len(written), f"copy{len(written)}"
        hand._state.adding = True
        insert(hand)
        entry = Correction(
            session=game, hand_key=hand.key, number=hand.number, action="add", after=hand.record, who=owner
        )
        insert(entry)
        assert hand.pk is not None and entry.pk is not None and not hand._state.adding and not entry._state.adding
        written.append((Round.objects.get(pk=hand.pk), Correction.objects.get(pk=entry.pk)))
    (orm_hand, orm_entry), (my_hand, my_entry) = written
    apart = {"id", "key", "hand_key", "number", "client_token", "created", "updated", "when"}
    for mine, theirs in ((my_hand, orm_hand), (my_entry, orm_entry)):
        for field in type(theirs)._meta.concrete_fields:
            if field.name not in apart:
                assert getattr(mine, field.attname) == getattr(theirs, field.attname), field.name
    assert (my_hand.key, my_entry.hand_key, my_hand.client_token) == (hand.key, hand.key, "copy1")
    # auto_now_add and auto_now: set when the row was written, as save() sets them.
    assert orm_hand.created <= my_hand.created <= my_hand.updated and orm_entry.when <= my_entry.when


def test_a_session_updated_by_its_statement_is_the_row_the_orm_writes(owner):
    mine, theirs = make_session(owner), make_session(owner)
    for game in (mine, theirs):
        game.totals, game.state, game.hand_count = [5, -5, 0, 0], {"dealer": 2, "pot": 3}, 7
    theirs.version += 1
    theirs.save(update_fields=["totals", "state", "hand_count", "version", "updated_at"])
    mine.save_bumping_version("totals", "state", "hand_count")
    read_mine, read_theirs = GameSession.objects.get(pk=mine.pk), GameSession.objects.get(pk=theirs.pk)
    for name in ("totals", "state", "hand_count", "version"):
        assert getattr(read_mine, name) == getattr(read_theirs, name) == getattr(mine, name), name
    assert read_mine.updated_at == mine.updated_at > read_mine.created
    GameSession.objects.filter(pk=mine.pk).delete()
    with pytest.raises(GameSession.NotUpdated):
        mine.save_bumping_version("totals")
