"""The services: every change keeps the stored figures equal to a fresh replay of the records."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction, GameSession, Player, Round
from tablekeeper.keeping.models.sql_rows import SqlRows
from tablekeeper.keeping.services.audit import replay_mismatches
from tests.conftest import draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db


def assert_matches_replay(game: GameSession) -> None:
    """The invariant: stored deltas, states, totals and per-hand facts are exactly what the engine replays."""
    assert replay_mismatches(game) == []
    game.refresh_from_db()
    if not game.hand_count:
        assert game.state == game.starting_state() or game.state.get("hand", 1) == 1


ZHENGZHOU_HANDS = [
    win(2),
    draw(),
    win(1, seats=[{"side_bet": 1}, {}, {"side_bet": 2}, {"side_bet": 3}]),
    win(3),
]


def test_starting_a_session_seats_four_players_and_reuses_names_whatever_their_case(owner):
    first = make_session(owner)
    second = make_session(owner, player_names=["ann", "BO", "Eve", "Fay"])
    assert [seat.player.name for seat in first.seats.order_by("index")] == ["Ann", "Bo", "Cy", "Di"]
    assert second.seats.get(index=0).player == first.seats.get(index=0).player
    assert Player.objects.filter(owner=owner).count() == 6


def test_a_random_first_dealer_is_one_of_the_four_seats(owner):
    game = make_session(owner, first_dealer=None)
    assert game.first_dealer in range(4)
    assert game.state["dealer"] == game.first_dealer


def test_a_house_rule_the_variant_does_not_allow_is_refused(owner):
    with pytest.raises(services.OptionsRejected):
        make_session(owner, options={"max_pao": "lots"})
    assert not GameSession.objects.exists()


def test_a_sessions_house_rule_reads_as_the_engine_resolves_it_older_names_and_defaults_included(owner):
    shenyang = make_session(owner, "shenyang", options={"angang_double": True})
    zhengzhou = make_session(owner, "zhengzhou", options={"allow_discard_win": True})

    assert shenyang.option("gang_vs_angang") == "angang_double"
    assert shenyang.option("multi_ron") is False
    assert shenyang.option("no_such_rule") is None
    assert zhengzhou.table_rules["methods"] == ["self_draw", "discard"]
    assert shenyang.table_rules["several_winners"] is False


def test_zhengzhou_self_draws_are_paid_by_everyone_with_side_bets_worked_by_hand(game, owner):
    record_all(game, ZHENGZHOU_HANDS[:3], owner)
    # RULES.md §5.10: Z1 (P2 self-draws, 10 each), then a draw (0), then Z2 (pao 1/0/2/3, P1 self-draws).
    assert [r.deltas for r in game.rounds.order_by("number")] == [
        [-10, -10, 30, -10],
        [0, 0, 0, 0],
        [-20, 90, -30, -40],
    ]
    assert game.totals == [-30, 80, 0, -50]
    assert game.state["dealer"] == 1  # the winner deals next (§5.7)
    assert_matches_replay(game)


def test_recording_a_hand_writes_an_audit_row_and_bumps_the_version(game, owner):
    version = game.version
    record_all(game, [win(2)], owner)
    assert game.version == version + 1
    correction = Correction.objects.get(session=game)
    assert (correction.action, correction.number, correction.after, correction.who) == ("add", 1, win(2), owner)


def test_the_same_client_token_twice_records_one_hand(game, owner):
    first = stands(services.record_hand(game, win(2), client_token="tap", expected_number=1, user=owner))
    again = stands(services.record_hand(game, win(2), client_token="tap", expected_number=1, user=owner))
    assert first.hand.pk == again.hand.pk and (first.again, again.again) == (False, True)
    assert Round.objects.filter(session=game).count() == 1
    assert_matches_replay(game)


def test_a_stale_hand_number_is_a_conflict_naming_the_hand(game, owner):
    stands(services.record_hand(game, win(2), client_token="phone-a", expected_number=1, user=owner))
    taken = services.record_hand(game, win(3), client_token="phone-b", expected_number=1, user=owner)
    assert isinstance(taken, services.NumberTaken)
    assert "Hand 1 was already saved from another device" in taken.message
    assert Round.objects.filter(session=game).count() == 1


def test_a_hand_number_from_the_future_is_a_conflict_too(game, owner):
    ahead = services.record_hand(game, win(2), client_token="t", expected_number=3, user=owner)
    assert isinstance(ahead, services.Conflict) and "hand 1 is next" in ahead.message


def test_a_hand_the_engine_rejects_is_not_saved_and_says_why(game, owner):
    rejected = services.record_hand(game, win(2, "discard", 1), client_token="t", expected_number=1, user=owner)
    assert isinstance(rejected, services.HandRejected)
    assert any(str(error["field"]).startswith("wins.0") for error in rejected.errors)
    game.refresh_from_db()
    assert (game.hand_count, game.totals, Round.objects.count()) == (0, [0, 0, 0, 0], 0)


def test_no_hand_can_be_recorded_after_the_session_is_finished(game, owner):
    stands(services.finish_session(game))
    refused = services.record_hand(game, win(2), client_token="t", expected_number=1, user=owner)
    assert isinstance(refused, services.SessionFinished) and "finished" in refused.message


def test_undo_removes_the_last_hand_and_restores_the_state_before_it(game, owner):
    record_all(game, ZHENGZHOU_HANDS[:2], owner)
    undone = stands(services.undo_last_hand(game, user=owner))
    assert undone is not None and undone.number == 2
    assert_matches_replay(game)
    assert game.hand_count == 1
    stands(services.undo_last_hand(game, user=owner))
    assert_matches_replay(game)
    assert game.totals == [0, 0, 0, 0]
    assert game.state["dealer"] == 0
    assert stands(services.undo_last_hand(game, user=owner)) is None
    assert list(Correction.objects.filter(action="undo").values_list("number", flat=True)) == [1, 2]


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_editing_any_hand_rescores_the_later_ones(game, owner, number):
    record_all(game, ZHENGZHOU_HANDS, owner)
    stands(services.edit_hand(game, number, win(0, seats=[{"side_bet": 2}, {}, {}, {}]), user=owner))
    assert_matches_replay(game)
    assert game.rounds.get(number=number).record["wins"][0]["seat"] == 0
    correction = Correction.objects.get(action="edit")
    assert (correction.before, correction.number) == (ZHENGZHOU_HANDS[number - 1], number)


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_deleting_any_hand_renumbers_and_rescores_the_later_ones(game, owner, number):
    record_all(game, ZHENGZHOU_HANDS, owner)
    stands(services.delete_hand(game, number, user=owner))
    assert_matches_replay(game)
    remaining = [ZHENGZHOU_HANDS[i] for i in range(4) if i != number - 1]
    assert [r.record for r in game.rounds.order_by("number")] == remaining
    assert Correction.objects.get(action="delete").before == ZHENGZHOU_HANDS[number - 1]


def test_a_hand_can_be_recorded_after_a_delete_with_the_next_number(game, owner):
    record_all(game, ZHENGZHOU_HANDS, owner)
    stands(services.delete_hand(game, 2, user=owner))
    game.refresh_from_db()
    stands(services.record_hand(game, win(1), client_token="after-delete", expected_number=4, user=owner))
    assert_matches_replay(game)


def shandong_game(owner) -> GameSession:
    """P1 wins hand 1 and so deals hand 2, where P1 wins a heavenly hand (only a dealer can)."""
    game = make_session(owner, "shandong", base=5)
    hands = [win(1), win(1, patterns=["heavenly_hand"])]
    record_all(game, hands, owner)
    return game


def test_an_edit_that_makes_a_later_hand_invalid_changes_nothing(owner):
    game = shandong_game(owner)
    before = [(r.record, r.deltas, r.state_after) for r in game.rounds.order_by("number")]
    rejected = services.edit_hand(game, 1, win(2), user=owner)
    assert isinstance(rejected, services.HandRejected) and rejected.number == 2
    assert "dealer" in rejected.message
    assert [(r.record, r.deltas, r.state_after) for r in game.rounds.order_by("number")] == before
    assert not Correction.objects.filter(action="edit").exists()
    assert_matches_replay(game)


def test_a_delete_that_makes_a_later_hand_invalid_changes_nothing(owner):
    game = shandong_game(owner)
    rejected = services.delete_hand(game, 1, user=owner)
    assert isinstance(rejected, services.HandRejected) and rejected.number == 2
    assert game.rounds.count() == 2
    assert_matches_replay(game)


def test_a_failure_half_way_through_a_save_leaves_nothing_written(game, owner, monkeypatch):
    real_insert = SqlRows.insert

    def broken_audit(rows, row):
        # The Save's last write, its entry in the trail, fails after the hand and the totals were written.
        if isinstance(row, Correction):
            raise IntegrityError("disk full, say")
        real_insert(rows, row)

    monkeypatch.setattr(SqlRows, "insert", broken_audit)
    with pytest.raises(IntegrityError):
        services.record_hand(game, win(2), client_token="t", expected_number=1, user=owner)
    game.refresh_from_db()
    assert (game.hand_count, game.totals, game.version, Round.objects.count()) == (0, [0, 0, 0, 0], 1, 0)


def test_a_failure_half_way_through_a_delete_leaves_every_hand_as_it_was(game, owner, monkeypatch):
    record_all(game, ZHENGZHOU_HANDS, owner)

    def broken_write(*args, **kwargs):
        raise IntegrityError("connection lost, say")

    monkeypatch.setattr("tablekeeper.keeping.services.rescore.write_changed_rows", broken_write)
    with pytest.raises(IntegrityError):
        services.delete_hand(game, 1, user=owner)
    assert [r.record for r in game.rounds.order_by("number")] == ZHENGZHOU_HANDS
    assert_matches_replay(game)


def test_finishing_twice_is_a_conflict(game):
    stands(services.finish_session(game))
    assert isinstance(services.finish_session(game), services.Conflict)


def test_a_new_share_link_replaces_the_old_token(game):
    old = game.share_token
    updated = services.set_sharing(game, enabled=True, new_link=True)
    assert updated.share_token != old and len(updated.share_token) >= 24
    assert services.set_sharing(game, enabled=False).share_enabled is False


def test_preview_scores_without_saving(game, owner):
    result = services.preview_hand(game, win(2))
    assert result["ok"] and result["deltas"] == [-10, -10, 30, -10]
    assert Round.objects.count() == 0
