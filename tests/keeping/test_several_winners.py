"""Several winners on one discard (一炮多响) and several robbers of one kong, through the hand form."""

from __future__ import annotations

import pytest

from tablekeeper.keeping.forms import HandForm
from tablekeeper.keeping.models import Round
from tablekeeper.rules import Record
from tests.conftest import HTMX, answered_with_the_board, make_session, taps

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("variant", "options", "offered"),
    [
        ("shandong", {}, True),
        ("shenyang", {"multi_ron": True}, True),
        ("shenyang", {}, False),
        ("dalian", {}, False),
        ("harbin", {}, False),
        ("zhengzhou", {}, False),
    ],
)
def test_a_second_winner_is_offered_only_where_the_rules_allow_it(keeper_client, owner, variant, options, offered):
    game = make_session(owner, variant, base=5 if variant == "shandong" else 2, options=options)
    body = keeper_client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    assert ('name="extra_winner_1"' in body) is offered
    assert ("一炮多响" in body) is offered


def test_two_winners_on_one_shandong_discard_are_each_paid_by_the_discarder(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    # RULES.md §4.6: a discard win costs the discarder (5 + flowers) × 1; Bo has 2 flowers.
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/new/",
        taps(winner="1", how="discard-0", flowers="2", extra_winner_1="2"),
        headers=HTMX,
    )
    assert answered_with_the_board(response, game)
    saved = Round.objects.get(session=game)
    assert [win["seat"] for win in saved.record["wins"]] == [1, 2]
    assert all(win["from"] == 0 and win["method"] == "discard" for win in saved.record["wins"])
    assert saved.deltas == [-12, 7, 5, 0]
    # §4.7: after several winners on one discard the discarder deals next.
    assert saved.state_after["dealer"] == 0


def test_each_extra_winner_keeps_their_own_patterns_and_flowers(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    keeper_client.post(
        f"/sessions/{game.pk}/hands/new/",
        taps(
            winner="1",
            how="discard-0",
            extra_winner_1="2",
            extra_patterns_1=["all_triplets"],
            extra_winner_2="3",
            extra_flowers_2="1",
        ),
        headers=HTMX,
    )
    saved = Round.objects.get(session=game)
    wins = saved.record["wins"]
    assert wins[1] == {"seat": 2, "method": "discard", "from": 0, "patterns": ["all_triplets"]}
    assert wins[2] == {"seat": 3, "method": "discard", "from": 0, "patterns": [], "flowers": 1}
    # Bo: 5 × 1; Cy all triplets: (5 + 2) × 2 = 14; Di one flower: (5 + 1) × 1 = 6.
    assert saved.deltas == [-25, 5, 14, 6]


def test_two_robbers_of_one_shandong_kong_are_each_paid_by_the_declarer(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    keeper_client.post(
        f"/sessions/{game.pk}/hands/new/",
        taps(winner="2", how="rob_kong-3", extra_winner_1="1"),
        headers=HTMX,
    )
    saved = Round.objects.get(session=game)
    assert saved.deltas == [0, 5, 5, -10]
    # §4.7: several robbers deal next from the first robber after the declarer in turn order (P0, then Bo).
    assert saved.state_after["dealer"] == 1


def test_shenyang_with_multi_ron_scores_each_winner_as_a_ron_on_the_dealers_discard(keeper_client, owner):
    game = make_session(owner, "shenyang", base=2, options={"multi_ron": True})
    keeper_client.post(
        f"/sessions/{game.pk}/hands/new/", taps(winner="1", how="discard-0", extra_winner_1="3"), headers=HTMX
    )
    # RULES.md §2.4: 2 × ron 2 × dealer 2 = 8 from the dealer to each winner.
    assert Round.objects.get(session=game).deltas == [-8 * 2, 8, 0, 8]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"winner": "1", "how": "self_draw", "extra_winner_1": "2"}, "share one discard"),
        ({"winner": "1", "how": "discard-0", "extra_winner_1": "0"}, "discarder cannot also win"),
        ({"winner": "1", "how": "discard-0", "extra_winner_1": "1"}, "tapped once"),
        ({"winner": "1", "how": "discard-0", "extra_winner_1": "2", "extra_winner_2": "2"}, "tapped once"),
    ],
)
def test_an_extra_winner_that_cannot_be_is_refused_in_place(keeper_client, owner, fields, message):
    game = make_session(owner, "shandong", base=5)
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(**fields), headers=HTMX)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Round.objects.exists()


def test_an_extra_winner_is_refused_where_one_winner_is_the_rule(keeper_client, owner):
    game = make_session(owner, "shenyang", base=2)
    form = HandForm(game, taps(winner="1", how="discard-0", extra_winner_1="2"))
    # The field does not exist without multi_ron, so the second winner is simply not in the record.
    assert form.is_valid()
    assert len(form.to_record()["wins"]) == 1


def test_the_preview_shows_both_winners_before_saving(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/preview/", taps(winner="1", how="discard-0", extra_winner_1="2"), headers=HTMX
    )
    body = response.content.decode()
    assert '<span>Bo</span> <b class="up">+5</b>' in body and '<span>Cy</span> <b class="up">+5</b>' in body
    assert '<span>Ann</span> <b class="down">-10</b>' in body


def test_editing_a_hand_with_two_winners_shows_the_second_one_tapped(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    keeper_client.post(
        f"/sessions/{game.pk}/hands/new/",
        taps(winner="1", how="discard-0", extra_winner_1="2", extra_patterns_1=["all_triplets"]),
    )
    body = keeper_client.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode()
    assert 'name="extra_winner_1" value="2" data-seat="2" checked' in body
    # A pattern that scores on every method names none (only a limited one names its methods for app.js).
    assert 'name="extra_patterns_1" value="all_triplets" checked' in body
    # A further winner won on the shared discard: a self-draw's pattern (杠上开花) is never offered to them.
    assert 'name="extra_patterns_1" value="kong_bloom"' not in body
    assert 'name="patterns" value="kong_bloom" data-methods="self_draw"' in body


def test_the_form_round_trips_a_record_with_three_winners(owner):
    game = make_session(owner, "shandong", base=5)
    record: Record = {
        "result": "win",
        "wins": [
            {"seat": 1, "method": "discard", "from": 0, "patterns": []},
            {"seat": 2, "method": "discard", "from": 0, "patterns": ["seven_pairs"], "flowers": 2},
            {"seat": 3, "method": "discard", "from": 0, "patterns": []},
        ],
    }
    initial = HandForm.initial_from_record(record)
    data = {key: value for key, value in initial.items() if value not in (None, "", False, [])}
    form = HandForm(game, {**data, "client_token": "x", "expected_number": 1})
    assert form.is_valid(), form.errors
    assert form.to_record() == record
