"""Corrections re-score what changed and nothing more, and always leave a replay's figures."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.keeping.services.audit import replay_mismatches
from tablekeeper.rules import Record
from tests.conftest import HTMX, draw, make_session, record_all, stands, win
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db


def shenyang_hands() -> st.SearchStrategy[dict[str, Any]]:
    """Shenyang hands that move the dealer, the streaks, pending doubles and the pot."""
    seat = st.integers(0, 3)
    self_draw = seat.map(lambda s: win(s))
    discard = st.tuples(seat, st.integers(1, 3)).map(lambda pair: win(pair[0], "discard", (pair[0] + pair[1]) % 4))
    revealed = seat.map(lambda s: draw(penalties=[{"kind": "revealed_tiles", "seat": s, "count": 1}]))
    return st.one_of(self_draw, discard, st.just(draw()), revealed, st.just(draw(dice_double=True)))


CHANGE = st.tuples(st.sampled_from(["edit", "delete"]), st.integers(1, 25), shenyang_hands())


@settings(
    max_examples=examples(20),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(records=st.lists(shenyang_hands(), min_size=1, max_size=25), changes=st.lists(CHANGE, min_size=1, max_size=4))
def test_any_edits_and_deletes_leave_every_stored_figure_equal_to_a_replay(owner, records, changes):
    game = make_session(owner, "shenyang", base=2)
    record_all(game, records)
    for action, number, record in changes:
        game.refresh_from_db()
        if number > game.hand_count:
            continue
        # Refused whole (HandRejected) or not: the stored figures are a replay's.
        if action == "edit":
            outcome: object = services.edit_hand(game, number, record, user=owner)
        else:
            outcome = services.delete_hand(game, number, user=owner)
        assert not isinstance(outcome, services.Conflict | services.NeedsConfirmation), outcome
        assert replay_mismatches(game) == []


def dealer_wins(hands: int) -> list[Record]:
    return [win(0)] * hands


def queries_to_edit_hand_one(owner: User, records: list[Record], edited: Record) -> int:
    game = make_session(owner)
    record_all(game, records)
    with CaptureQueriesContext(connection) as queries:
        stands(services.edit_hand(game, 1, edited, user=owner))
    assert replay_mismatches(game) == []
    return len(queries)


def test_a_correction_whose_table_state_settles_back_costs_the_same_in_a_long_session(owner):
    # Zhengzhou: Bo's self-draw in place of Cy's leaves the dealer where it was after hand 2.
    short = queries_to_edit_hand_one(owner, [win(2), win(0), draw()] * 10, win(1))
    long = queries_to_edit_hand_one(owner, [win(2), win(0), draw()] * 100, win(1))
    assert long == short


def test_a_correction_that_changes_every_later_state_writes_them_in_a_fixed_number_of_statements(owner):
    # The dealer keeps winning: moving hand 1's win to Bo changes every later dealer streak.
    short = queries_to_edit_hand_one(owner, dealer_wins(20), win(1))
    long = queries_to_edit_hand_one(owner, dealer_wins(300), win(1))
    # Reading the later hands takes one query per 250 of them; writing is one statement.
    assert long == short + 1


def test_a_correction_that_changes_only_points_shifts_the_later_running_totals(owner):
    game = make_session(owner)
    record_all(game, [win(2), win(0), draw(), win(1)])
    before = [round_.state_after for round_ in Round.objects.filter(session=game).order_by("number")]
    stands(services.edit_hand(game, 3, win(0, win_extra={"patterns": ["seven_pairs"]}), user=owner))
    game.refresh_from_db()
    rows = list(Round.objects.filter(session=game).order_by("number"))
    assert replay_mismatches(game) == []
    assert rows[3].totals_after == game.totals
    assert rows[0].state_after == before[0] and rows[1].state_after == before[1]


def test_the_hand_row_names_its_own_per_seat_columns_in_seat_order():
    fields = {field.name: field for field in Round._meta.get_fields()}
    assert [fields[column].null for column in Round.TOTAL_COLUMNS] == [False] * 4
    assert [fields[column].null for column in Round.GAIN_COLUMNS] == [True] * 4  # null: that seat did not win
    row = Round(total_0=1, total_1=-2, total_2=3, total_3=-2)
    assert row.totals_after == [1, -2, 3, -2]


def test_an_edit_refused_by_a_later_hand_changes_nothing(owner):
    game: GameSession = make_session(owner, "shenyang", base=2)
    record_all(game, [win(1), draw(), win(2)])
    stored = list(Round.objects.filter(session=game).order_by("number").values_list("record", "total_0", "lines"))
    refused = services.edit_hand(game, 1, {"result": "win", "wins": []}, user=owner)
    assert isinstance(refused, services.HandRejected)
    assert (
        list(Round.objects.filter(session=game).order_by("number").values_list("record", "total_0", "lines")) == stored
    )
    assert replay_mismatches(game) == []


def test_a_hand_or_a_re_scored_later_hand_past_the_points_bound_is_refused_whole(owner, monkeypatch, client):
    game = make_session(owner)
    record_all(game, [win(2), win(1)])
    monkeypatch.setattr("tablekeeper.keeping.services.rescore.MAX_POINTS", 25)
    refused = services.record_hand(game, win(3), client_token="big", expected_number=3, user=owner)
    assert isinstance(refused, services.HandRejected) and "more than 25 points" in refused.message
    rejected = services.edit_hand(game, 1, draw(), user=owner)  # hand 2's +30 is re-scored and still too big
    assert isinstance(rejected, services.HandRejected) and rejected.number == 2
    client.force_login(owner)
    taps = {"winner": "3", "how": "self_draw", "client_token": "big", "expected_number": "3"}
    response = client.post(f"/sessions/{game.pk}/hands/new/", taps, headers=HTMX)
    assert response.status_code == 422 and "more than 25 points" in response.content.decode()
    assert Round.objects.filter(session=game).count() == 2 and replay_mismatches(game) == []
