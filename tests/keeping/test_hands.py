"""Recording a hand through the form: preview, save, errors in place, double taps, two phones."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tablekeeper.keeping.models import Correction, GameSession, Round
from tablekeeper.rules import Record
from tests.conftest import (
    HTMX,
    answered_with_the_board,
    draw,
    make_session,
    post_confirmed,
    post_preview,
    post_taps,
    record_all,
    taps,
    win,
)

pytestmark = pytest.mark.django_db


def test_the_hand_form_offers_only_the_variants_methods_and_patterns(keeper_client, game):
    body = keeper_client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    # Zhengzhou wins by self-draw only (RULES.md §5.4) and has three patterns (§0.4).
    assert 'value="self_draw"' in body and 'value="discard-' not in body and 'value="rob_kong-' not in body
    assert 'value="four_wilds"' in body and 'value="seven_pairs"' in body and 'value="kong_bloom"' in body
    assert "四混" in body and 'name="side_bet_0"' in body
    assert 'name="client_token"' in body and 'name="expected_number" value="1"' in body


def test_a_form_in_a_variant_with_discard_wins_offers_each_discarder(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    body = keeper_client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    assert all(f'value="discard-{seat}"' in body for seat in range(4))
    assert 'name="flowers"' in body and 'name="ready_0" value="ming"' in body
    assert "Open ready" in body and "Closed ready" in body and ">ming<" not in body


def test_the_live_preview_shows_each_seats_change_and_the_reasons(keeper_client, game):
    response = post_preview(keeper_client, game, winner="2", how="self_draw")
    body = response.content.decode()
    assert response.status_code == 200 and body.lstrip().startswith('<div id="preview"')
    assert '<span>Cy</span> <b class="up">+30</b>' in body and body.count('class="down">-10<') == 3
    # The reasons are rendered from the engine's codes and params, with the players' names.
    # Each line links to its rule in the reference (tests/reading/test_rules_reference.py); here, what it says.
    assert 'class="rule-link" href="/rules/' in body
    body = re.sub(r'<a class="rule-link" href="[^"]*">(.*?)</a>', r"\1", body)
    assert '<li class="note">Cy wins by self-draw.</li>' in body
    assert (
        '<li class="payment">Ann pays 10 to Cy: base 10 × (Stake 1 + Cy&#x27;s Side bet 0 + Ann&#x27;s Side bet 0) = 10'
        in body
    )
    assert '<li class="total">Cy total +30</li>' in body
    assert not Round.objects.exists()


def test_the_preview_names_the_engines_objection(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    response = post_preview(keeper_client, game, winner="2", how="self_draw", patterns=["heavenly_hand"])
    assert "Only the dealer" in response.content.decode()


def test_a_plain_self_draw_saves_with_three_taps_and_answers_htmx_with_the_board(keeper_client, game):
    response = post_taps(keeper_client, game, winner="2", how="self_draw")
    assert answered_with_the_board(response, game)
    game.refresh_from_db()
    assert game.totals == [-10, -10, 30, -10] and game.hand_count == 1


def test_without_javascript_a_save_redirects_to_the_board(keeper_client, game):
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(winner="draw"))
    assert response.status_code == 302 and response["Location"] == f"/sessions/{game.pk}/"
    assert Round.objects.get().record == draw()


def test_without_javascript_the_preview_button_renders_the_page_with_the_preview(keeper_client, game):
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/new/", taps(winner="2", how="self_draw", action="preview")
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" in body and '<b class="up">+30</b>' in body
    assert 'value="2" checked' in body
    assert not Round.objects.exists()


def test_the_forms_taps_become_the_hand_record(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    post_taps(
        keeper_client,
        game,
        winner="1",
        how="discard-3",
        flowers="2",
        closed_1="on",
        ready_3="ming",
        kong_seat_0="1",
        kong_kind_0="concealed",
        adjust_0="5",
        adjust_2="-5",
        adjust_note="tea money",
    )
    assert Round.objects.get().record == {
        "result": "win",
        "wins": [{"seat": 1, "method": "discard", "from": 3, "patterns": [], "flowers": 2}],
        "seats": [{}, {"opened": False}, {}, {"ready": "ming"}],
        "kongs": [{"seat": 1, "kind": "concealed"}],
        "penalties": [{"kind": "adjustment", "deltas": [5, 0, -5, 0], "note": "tea money"}],
    }


def test_a_repeatable_pattern_is_sent_as_many_times_as_counted(keeper_client, owner):
    game = make_session(owner, "shenyang", base=2)
    post_taps(keeper_client, game, winner="0", how="self_draw", patterns=["dragon_pung"], count_dragon_pung="2")
    assert Round.objects.get().record["wins"][0]["patterns"] == ["dragon_pung", "dragon_pung"]


def test_an_engine_error_is_shown_next_to_its_field_with_422_and_nothing_saved(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    response = post_taps(keeper_client, game, winner="2", how="self_draw", patterns=["heavenly_hand"])
    body = response.content.decode()
    assert response.status_code == 422
    assert body.lstrip().startswith('<form id="hand-form"') and "<html" not in body
    patterns_part = body[body.index('class="taps patterns') : body.index('class="more"')]
    assert "Only the dealer (Ann) can win a heavenly hand" in patterns_part
    assert not Round.objects.exists()


def test_a_missing_method_is_a_form_error(keeper_client, game):
    response = post_taps(keeper_client, game, winner="2")
    assert response.status_code == 422 and "Tap how the hand was won" in response.content.decode()


def test_a_double_tapped_save_records_one_hand(keeper_client, game):
    for _ in range(2):
        response = post_taps(keeper_client, game, winner="2", how="self_draw")
        assert response.status_code == 200
    assert Round.objects.filter(session=game).count() == 1


def test_two_phones_saving_the_same_hand_get_one_success_and_one_conflict(client, owner, game):
    other_phone = Client()
    client.force_login(owner)
    other_phone.force_login(owner)
    first = post_taps(client, game, winner="2", how="self_draw", token="phone-a")
    second = post_taps(other_phone, game, winner="3", how="self_draw", token="phone-b")
    assert first.status_code == 200
    assert second.status_code == 409
    assert "Hand 1 was already saved from another device" in second.content.decode()
    assert Round.objects.get().record == win(2)


def test_undo_removes_the_last_hand(keeper_client, game, owner):
    record_all(game, [win(2), draw()], owner)
    response = keeper_client.post(f"/sessions/{game.pk}/hands/undo/", follow=True)
    assert "Hand 2 undone." in response.content.decode()
    assert list(Round.objects.values_list("number", flat=True)) == [1]


def test_editing_a_hand_prefills_the_form_and_rescores_the_later_hands(keeper_client, game, owner):
    record_all(game, [win(2), win(1)], owner)
    form = keeper_client.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode()
    assert 'name="winner" value="2" checked' in form and 'value="self_draw" checked' in form
    url = f"/sessions/{game.pk}/hands/1/edit/"
    response = post_confirmed(keeper_client, url, taps(winner="3", how="self_draw", side_bet_3="1"), headers=HTMX)
    assert answered_with_the_board(response, game)
    game.refresh_from_db()
    # Hand 1: P3 with one side bet: each pays 10 × (1 + 1) = 20. Hand 2: P1 self-draws, 10 each.
    assert game.totals == [-20 - 10, -20 + 30, -20 - 10, 60 - 10]


def test_an_edit_that_breaks_a_later_hand_says_which_and_changes_nothing(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    record_all(game, [win(1), win(1, patterns=["heavenly_hand"])], owner)
    response = keeper_client.post(f"/sessions/{game.pk}/hands/1/edit/", taps(winner="2", how="self_draw"), headers=HTMX)
    assert response.status_code == 422
    assert "would make hand 2 invalid" in response.content.decode()
    assert Round.objects.get(number=1).record == win(1)


def test_the_hand_page_shows_the_audit_trail(keeper_client, game, owner):
    record_all(game, [win(2)], owner)
    keeper_client.post(f"/sessions/{game.pk}/hands/1/edit/", taps(winner="3", how="self_draw"))
    body = keeper_client.get(f"/sessions/{game.pk}/hands/1/").content.decode()
    assert "edited · keeper" in body and "added · keeper" in body
    assert Correction.objects.filter(session=game).count() == 2


def test_deleting_a_hand_renumbers_the_later_ones(keeper_client, game, owner):
    record_all(game, [win(2), draw(), win(1)], owner)
    post_confirmed(keeper_client, f"/sessions/{game.pk}/hands/1/delete/", {})
    assert [r.record for r in Round.objects.order_by("number")] == [draw(), win(1)]
    game.refresh_from_db()
    assert game.totals == [-10, 30, -10, -10]


def test_the_history_lists_every_hand_newest_first_with_changes_and_running_points(keeper_client, game, owner):
    record_all(game, [win(2), draw()], owner)
    body = keeper_client.get(f"/sessions/{game.pk}/hands/").content.decode()
    rows = re.findall(r'<tr class="hand-row">(.*?)</tr>', body, flags=re.S)
    assert len(rows) == 2
    # Hand 2 (a draw) first; Cy's +30 in hand 1 leaves her on 1030.
    assert f'href="/sessions/{game.pk}/hands/2/"' in rows[0]
    assert '<td class="up"><b>+30</b><small>1030</small></td>' in rows[1]
    # The reasons live on each hand's own page, a tap away.
    assert "<details>" not in body


def test_a_finished_session_refuses_a_posted_hand_with_409(keeper_client, owner):
    game: GameSession = make_session(owner)
    game.status = "finished"
    game.save(update_fields=["status"])
    response = post_taps(keeper_client, game, winner="2", how="self_draw")
    assert response.status_code == 409
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["Discard", "Draw", "Self-draw"]),
        ("zh-hans", ["点炮", "流局", "自摸"]),
    ],
)
def test_the_history_says_how_each_hand_ended_in_the_keepers_language(keeper_client, owner, language, expected):
    game = make_session(owner, "shandong", base=5)
    two_winners: Record = {
        "result": "win",
        "wins": [
            {"seat": 1, "method": "discard", "from": 0, "patterns": []},
            {"seat": 3, "method": "discard", "from": 0, "patterns": []},
        ],
    }
    record_all(game, [win(2), draw(), two_winners], owner)
    keeper_client.cookies["django_language"] = language
    body = keeper_client.get(f"/sessions/{game.pk}/hands/").content.decode()
    # Newest first; the record's codes ("win", "draw") are not words a keeper should read.
    assert re.findall(r'<th class="no" scope="row"><a [^>]*><b>\d+</b><small>([^<]*)</small>', body) == expected
    assert ">win<" not in body


def test_a_preview_builds_the_hand_record_once(keeper_client, game, monkeypatch):
    from tablekeeper.keeping.forms.hand import HandForm

    built = []
    original = HandForm._build_record

    def counting(form: HandForm) -> Record:
        built.append(1)
        return original(form)

    monkeypatch.setattr(HandForm, "_build_record", counting)
    response = post_taps(
        keeper_client, game, winner="2", how="self_draw", tiles="123m456p789s11z23s+4s", action="preview"
    )

    assert response.status_code == 200
    assert built == [1]
