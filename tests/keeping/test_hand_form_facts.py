"""The hand form's facts by tapping (issue 7): chips named in the variant's words, side bets carried
from the previous hand, the only method chosen, kongs and penalties as chips, bad input on every
new field refused, and an edit that tells the truth about that hand and asks before it re-scores
later hands."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction, GameSession, Round
from tablekeeper.templatetags.tile_faces import face_svg
from tests.conftest import (
    CONFIRMATION,
    HTMX,
    answered_with_the_board,
    draw,
    make_session,
    post_taps,
    record_all,
    stands,
    taps,
    win,
)

pytestmark = pytest.mark.django_db
HUGE = "9" * 4300


def new_hand(client: Client, game: GameSession, language: str = "en") -> str:
    client.cookies["django_language"] = language
    return client.get(f"/sessions/{game.pk}/hands/new/").content.decode()


def asked_digest(body: str) -> str:
    """The digest of the later-hands list the page asks the keeper to agree to."""
    found = CONFIRMATION.search(body)
    assert found is not None, "the page does not ask"
    return found.group(1)


def stored(game: GameSession) -> tuple[int, int, int]:
    game.refresh_from_db()
    return Round.objects.filter(session=game).count(), Correction.objects.filter(session=game).count(), game.version


@pytest.mark.parametrize(
    ("variant", "words", "codes"),
    [
        ("shandong", ["明楼", "暗楼", "没听", "明杠", "补杠", "暗杠"], ["ming", "an", "exposed"]),
        ("dalian", ["报听", "喜杠", "旋风杠", "宝牌"], ["ready", "dragon_set", "wind_set"]),
        ("shenyang", ["露牌", "诈胡", "四家同打", "中发白杠"], ["revealed_tiles", "false_win", "four_same_discards"]),
        ("zhengzhou", ["下跑", "混", "沿用上一局"], ["side_bet"]),
    ],
)
def test_it_names_every_chip_in_the_variants_own_words_in_chinese_never_a_raw_code(
    keeper_client, owner, variant, words, codes
):
    game = make_session(owner, variant, base=2)
    body = new_hand(keeper_client, game, "zh-hans")
    for word in words:
        assert word in body, word
    shown = re.sub(r"<[^>]+>", " ", body)
    for code in codes:
        assert not re.search(rf"(?<![\w-]){code}(?![\w-])", shown), f"raw code {code} shown"
    # No label says the same thing twice in Chinese ("流局 流局", "自摸 自摸", "牌 牌").
    words = shown.split()
    doubled = [word for word, following in pairwise(words) if word == following]
    assert not [word for word in doubled if not word.isascii()], doubled


def test_english_keeps_the_tables_chinese_words_beside_the_english_ones(keeper_client, owner):
    game = make_session(owner, "shenyang", base=2)
    body = new_hand(keeper_client, game)
    assert "Draw" in body and '<span lang="zh">流局</span>' in body
    assert "Revealed tile" in body and "Four same discards" in body


def test_zhengzhou_without_discard_wins_has_self_draw_chosen_already(keeper_client, owner):
    game = make_session(owner, "zhengzhou")
    assert re.search(r'name="how" value="self_draw" checked', new_hand(keeper_client, game))
    allowing = make_session(owner, "zhengzhou", options={"allow_discard_win": True})
    body = new_hand(keeper_client, allowing)
    assert 'value="discard-1"' in body and not re.search(r'value="self_draw" checked', body)


def test_zhengzhou_offers_robbing_a_kong_only_with_its_house_rule_and_records_it(keeper_client, owner):
    # The form reads the method from get_variant's method_options (RULES §9.6.6), as it does discard wins.
    plain = make_session(owner, "zhengzhou")
    assert 'value="rob_kong-1"' not in new_hand(keeper_client, plain)
    allowing = make_session(owner, "zhengzhou", options={"allow_rob_kong": True})
    body = new_hand(keeper_client, allowing)
    assert 'value="rob_kong-1"' in body and re.search(r'value="self_draw"', body)
    response = post_taps(keeper_client, allowing, winner="2", how="rob_kong-1")
    assert response.status_code == 200
    allowing.refresh_from_db()
    assert allowing.totals == [0, -10, 10, 0]


def test_zhengzhou_side_bets_are_on_the_main_form_and_carried_from_the_previous_hand(keeper_client, owner):
    game = make_session(owner, "zhengzhou")
    body = new_hand(keeper_client, game)
    more = body.index('<details class="more"')
    assert body.index('name="side_bet_0"') < more, "side bets sit on the main form, not under More"
    assert 'name="side_bet_2" value="0"' in body
    record_all(game, [win(1, seats=[{"side_bet": 2}, {}, {"side_bet": 1}, {}])], owner)
    body = new_hand(keeper_client, game)
    assert 'name="side_bet_0" value="2"' in body and 'name="side_bet_2" value="1"' in body
    assert 'name="side_bet_1" value="0"' in body
    # A bet changed on the form is what the next hand records, and then carries on.
    response = post_taps(
        keeper_client, game, winner="3", how="self_draw", side_bet_0="2", side_bet_1="3", side_bet_2="0", side_bet_3="0"
    )
    assert answered_with_the_board(response, game)
    assert Round.objects.get(session=game, number=2).record["seats"] == [{"side_bet": 2}, {"side_bet": 3}, {}, {}]
    game.refresh_from_db()
    body = new_hand(keeper_client, game)
    assert 'name="side_bet_1" value="3"' in body and 'name="side_bet_2" value="0"' in body


def test_after_a_draw_the_side_bets_of_that_draw_carry_on(keeper_client, owner):
    game = make_session(owner, "zhengzhou")
    record_all(game, [draw(seats=[{}, {"side_bet": 1}, {}, {}])], owner)
    assert 'name="side_bet_1" value="1"' in new_hand(keeper_client, game)


def test_a_kong_records_whose_discard_only_for_a_claimed_kind(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    fields = {"kong_seat_0": "2", "kong_from_0": "3", "kong_tile_0": "7s"}
    response = post_taps(keeper_client, game, winner="2", how="self_draw", kong_kind_0="concealed", **fields)
    assert response.status_code == 200, response.content.decode()[-800:]
    assert Round.objects.get(session=game, number=1).record["kongs"] == [{"seat": 2, "kind": "concealed", "tile": "7s"}]
    game.refresh_from_db()
    response = post_taps(keeper_client, game, winner="2", how="self_draw", kong_kind_0="exposed", **fields)
    assert response.status_code == 200
    assert Round.objects.get(session=game, number=2).record["kongs"] == [
        {"seat": 2, "kind": "exposed", "tile": "7s", "from": 3}
    ]


def test_a_penalty_tapped_as_chips_is_recorded_with_its_count(keeper_client, owner):
    game = make_session(owner, "shenyang", base=2)
    response = post_taps(
        keeper_client, game, winner="draw", penalty_kind_0="revealed_tiles", penalty_seat_0="2", penalty_count_0="2"
    )
    assert response.status_code == 200
    assert Round.objects.get(session=game).record == {
        "result": "draw",
        "penalties": [{"kind": "revealed_tiles", "seat": 2, "count": 2}],
    }


def test_a_ready_chip_and_a_closed_chip_are_recorded(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    response = post_taps(keeper_client, game, winner="1", how="discard-3", ready_1="an", closed_1="on", ready_2="none")
    assert response.status_code == 200, response.content.decode()[-800:]
    assert Round.objects.get(session=game).record["seats"] == [{}, {"opened": False, "ready": "an"}, {}, {}]


@pytest.mark.parametrize(
    ("variant", "fields", "message"),
    [
        ("zhengzhou", {"side_bet_0": "-1"}, "greater than or equal to 0"),
        ("zhengzhou", {"side_bet_0": "101"}, "less than or equal to 100"),
        ("zhengzhou", {"side_bet_0": "two"}, "Enter a whole number"),
        ("zhengzhou", {"side_bet_0": HUGE}, "less than or equal to 100"),
        ("shandong", {"ready_1": "maybe"}, "Select a valid choice"),
        ("shandong", {"kong_seat_0": "1", "kong_kind_0": "bogus"}, "Select a valid choice"),
        ("shandong", {"kong_seat_0": "1", "kong_kind_0": "exposed", "kong_from_0": "7"}, "Select a valid choice"),
        ("shandong", {"kong_seat_0": "1", "kong_kind_0": "concealed", "kong_tile_0": "zz"}, "not a tile"),
        ("shandong", {"kong_seat_0": "1", "kong_kind_0": "concealed", "kong_tile_0": "5m5m"}, "at most 2"),
        ("shandong", {"kong_seat_0": "1", "kong_kind_0": "exposed"}, "whose discard"),
        ("shenyang", {"penalty_kind_0": "cheating", "penalty_seat_0": "1"}, "Select a valid choice"),
        ("shenyang", {"penalty_kind_0": "revealed_tiles", "penalty_seat_0": "1", "penalty_count_0": "0"}, "greater"),
        ("shenyang", {"penalty_kind_0": "revealed_tiles", "penalty_seat_0": "1", "penalty_count_0": "51"}, "less"),
        ("dalian", {"turned_up": "9x"}, "not a tile"),
        ("dalian", {"turned_up": "\x00"}, "Null characters"),
        ("harbin", {"turned_up": "1z"}, "not a tile Harbin turns up"),
    ],
)
def test_it_refuses_bad_input_on_every_new_field_with_422_and_saves_nothing(
    keeper_client, owner, variant, fields, message
):
    game = make_session(owner, variant, base=2)
    before = stored(game)
    winner = {"winner": "1", "how": "self_draw"}
    response = post_taps(keeper_client, game, **winner, **fields)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert stored(game) == before


def test_a_confirmation_digest_too_long_is_refused_and_saves_nothing(keeper_client, owner):
    game = make_session(owner, "dalian", base=1)
    record_all(game, [win(1), win(1)], owner)
    before = stored(game)
    edit = {**taps(game.next_number, winner="0", how="self_draw"), "expected_number": 1, "confirm_changes": "f" * 65}
    response = keeper_client.post(f"/sessions/{game.pk}/hands/1/edit/", edit, headers=HTMX)
    assert response.status_code == 422 and "at most 64" in response.content.decode()
    assert stored(game) == before


def test_the_edit_form_opens_with_that_hands_dealer_streak_and_scoring(keeper_client, owner):
    game = make_session(owner, "dalian", base=1)
    # Ann deals hand 1 and Bo wins, so Bo deals hand 2; he wins it and deals hand 3 too (streak 1).
    record_all(game, [win(1), win(1), win(2)], owner)
    body = keeper_client.get(f"/sessions/{game.pk}/hands/3/edit/").content.decode()
    line = re.search(r'<p class="table-line"[^>]*>(.*?)</p>', body, flags=re.S)
    assert line is not None and "As hand 3 was dealt:" in line.group(1)
    assert "dealer Bo" in line.group(1) and "streak 1" in line.group(1)
    # Hand 3 scored as it stands: the preview is filled, not empty.
    assert '<ol class="seat-changes">' in body
    deltas = Round.objects.get(session=game, number=3).deltas
    assert all(f"{delta:+d}</b>" in body for delta in deltas)


def test_an_edit_that_rescores_later_hands_lists_them_and_saves_nothing_until_confirmed(keeper_client, owner):
    game = make_session(owner, "dalian", base=1)
    record_all(game, [win(1), win(1), win(2)], owner)
    url = f"/sessions/{game.pk}/hands/1/edit/"
    seen = Round.objects.get(session=game, number=1).fingerprint
    edit = {"winner": "0", "how": "self_draw", "client_token": "t1", "expected_number": "1", "based_on": seen}
    before = stored(game)
    asked = keeper_client.post(url, edit, headers=HTMX)
    body = asked.content.decode()
    assert asked.status_code == 200 and "HX-Push-Url" not in asked
    assert "This changes 1 later hand:" in body and "Hand 2" in body and "dealer Bo → Ann" in body
    assert "Yes, save and re-score" in body
    assert stored(game) == before, "nothing is written before the keeper agrees"
    saved = keeper_client.post(url, {**edit, "confirm_changes": asked_digest(body)}, headers=HTMX)
    assert answered_with_the_board(saved, game)
    assert Round.objects.get(session=game, number=1).record == win(0)


def test_a_confirmation_made_stale_by_another_phone_is_refused_and_asks_again(keeper_client, owner):
    game = make_session(owner, "dalian", base=1)
    record_all(game, [win(1), win(1), win(2)], owner)
    url = f"/sessions/{game.pk}/hands/1/edit/"
    edit = {"winner": "0", "how": "self_draw", "client_token": "t1", "expected_number": "1"}
    digest = asked_digest(keeper_client.post(url, edit).content.decode())
    # Meanwhile another phone changes hand 2, so the later changes are no longer those listed.
    stands(services.edit_hand(game, 2, win(3), user=owner))
    before = stored(game)
    again = keeper_client.post(url, {**edit, "confirm_changes": digest}, headers=HTMX)
    body = again.content.decode()
    assert again.status_code == 200 and "What this changes in later hands is different now" in body
    assert stored(game) == before


def test_an_edit_that_changes_no_later_hand_is_saved_at_once(keeper_client, owner):
    game = make_session(owner, "zhengzhou")
    record_all(game, [win(1), win(2)], owner)
    edit = {"winner": "3", "how": "self_draw", "client_token": "t2", "expected_number": "1"}
    response = keeper_client.post(f"/sessions/{game.pk}/hands/2/edit/", edit, headers=HTMX)
    assert answered_with_the_board(response, game)
    assert Round.objects.get(session=game, number=2).record == win(3)


def test_deleting_a_hand_that_moves_the_deal_lists_the_later_hands_first(keeper_client, owner):
    game = make_session(owner, "dalian", base=1)
    record_all(game, [win(1), win(2), win(2)], owner)
    url = f"/sessions/{game.pk}/hands/1/delete/"
    seen = Round.objects.get(session=game, number=1).fingerprint
    before = stored(game)
    asked = keeper_client.post(url, {"based_on": seen})
    body = asked.content.decode()
    assert asked.status_code == 200 and 'id="confirm-delete"' in body
    assert "Hand 2" in body and "dealer" in body and "Yes, delete hand 1" in body
    assert stored(game) == before
    done = keeper_client.post(url, {"based_on": seen, "confirm_changes": asked_digest(body)})
    assert done.status_code == 302
    assert [r.record for r in Round.objects.filter(session=game).order_by("number")] == [win(2), win(2)]


def test_deleting_a_hand_that_changes_no_later_hand_still_asks_once_then_deletes(keeper_client, owner):
    game = make_session(owner, "zhengzhou")
    record_all(game, [win(1), win(2)], owner)
    page = keeper_client.get(f"/sessions/{game.pk}/hands/2/").content.decode()
    assert 'name="ask" value="1"' in page and 'id="confirm-delete"' not in page
    url = f"/sessions/{game.pk}/hands/2/delete/"
    seen = Round.objects.get(session=game, number=2).fingerprint
    asked = keeper_client.post(url, {"based_on": seen, "ask": "1"})
    body = asked.content.decode()
    assert asked.status_code == 200 and 'id="confirm-delete"' in body and "No later hand changes" in body
    assert Round.objects.filter(session=game).count() == 2
    done = keeper_client.post(url, {"based_on": seen, "confirm_changes": asked_digest(body)})
    assert done.status_code == 302 and [r.record for r in Round.objects.filter(session=game)] == [win(1)]


def test_deleting_a_hand_that_moves_the_deal_takes_two_taps_with_the_list_between(keeper_client, owner):
    game = make_session(owner, "dalian", base=1)
    record_all(game, [win(1), win(2), win(2)], owner)
    url = f"/sessions/{game.pk}/hands/1/delete/"
    seen = Round.objects.get(session=game, number=1).fingerprint
    asked = keeper_client.post(url, {"based_on": seen, "ask": "1"})
    body = asked.content.decode()
    assert "Hand 2" in body and "Yes, delete hand 1 and re-score the later hands" in body
    done = keeper_client.post(url, {"based_on": seen, "confirm_changes": asked_digest(body)})
    assert done.status_code == 302 and Round.objects.filter(session=game).count() == 2


def test_every_tile_face_is_drawn_and_an_unknown_face_is_escaped():
    faces = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + [f"{rank}z" for rank in range(1, 8)]
    drawn = [str(face_svg(face)) for face in faces]
    assert len(set(drawn)) == len(faces) and all(svg.startswith('<svg class="tf"') for svg in drawn)
    assert ">万</text>" in drawn[4] and "<circle" in drawn[13] and "<path" in drawn[22]
    assert '<rect class="w"' in drawn[faces.index("5z")] and ">中</text>" in drawn[faces.index("7z")]
    assert "&lt;b&gt;" in str(face_svg("<b>"))


@pytest.mark.parametrize(
    ("variant", "record", "said"),
    [
        (
            "shandong",
            win(1, "discard", 3, ["seven_pairs"], seats=[{}, {"ready": "an", "opened": False}, {}, {}]),
            ["Di点炮，Bo胡牌。", "番型：七小对。", "Bo：门清、暗楼"],
        ),
        (
            "shandong",
            win(2, kongs=[{"seat": 2, "kind": "exposed", "from": 3, "tile": "7s"}]),
            ["杠：Cy：明杠 7条（Di的牌）"],
        ),
        ("shenyang", draw(penalties=[{"kind": "revealed_tiles", "seat": 2, "count": 2}]), ["罚分：Cy：露牌 ×2"]),
        ("zhengzhou", win(0, seats=[{"side_bet": 2}, {}, {}, {}]), ["Ann：下跑 2"]),
        ("dalian", win(2, seats=[{}, {}, {"ready": "ready"}, {}], treasure="9p"), ["宝牌：9筒", "Cy：报听"]),
        (
            "zhengzhou",
            win(2, turned_up="4z", treasure="7z"),
            ["翻开的牌：北", "混：中"],
        ),
    ],
)
def test_the_hand_page_says_what_was_entered_in_words_never_the_raw_record(keeper_client, owner, variant, record, said):
    game = make_session(owner, variant, base=2)
    record_all(game, [record], owner)
    keeper_client.cookies["django_language"] = "zh-hans"
    body = keeper_client.get(f"/sessions/{game.pk}/hands/1/").content.decode()
    entered = body[body.index("<ul", body.index("<details><summary>")) :]
    entered = re.sub(r"\s+", " ", entered[: entered.index("</ul>")])
    for words in said:
        assert words in entered, (words, entered)
    assert "{" not in entered and "'result'" not in body and "&#x27;result&#x27;" not in body


def test_shandong_asks_for_side_bets_only_when_the_table_plays_them_and_calls_them_piao(keeper_client, owner):
    plain = make_session(owner, "shandong")
    assert 'name="side_bet_0"' not in new_hand(keeper_client, plain)

    game = make_session(owner, "shandong", options={"max_side_bet": 5})
    body = new_hand(keeper_client, game, "zh-hans")
    assert 'name="side_bet_0"' in body and "漂" in body
    assert re.search(r'name="side_bet_0"[^>]*max="5"|max="5"[^>]*name="side_bet_0"', body), "the stepper stops at 5"
    response = post_taps(
        keeper_client, game, winner="2", how="discard-3", side_bet_0="0", side_bet_1="0", side_bet_2="2", side_bet_3="1"
    )
    assert answered_with_the_board(response, game)
    hand = Round.objects.get(session=game, number=1)
    assert hand.record["seats"] == [{}, {}, {"side_bet": 2}, {"side_bet": 1}]
    assert hand.deltas == [0, 0, 13, -13]  # RULES §9.5.8: base 10, + the winner's 2 + the discarder's 1


def test_the_hand_page_names_a_shandong_side_bet_piao(keeper_client, owner):
    game = make_session(owner, "shandong", base=2, options={"max_side_bet": 5})
    record_all(game, [win(2, seats=[{}, {}, {"side_bet": 3}, {}])], owner)
    keeper_client.cookies["django_language"] = "zh-hans"
    body = keeper_client.get(f"/sessions/{game.pk}/hands/1/").content.decode()
    entered = body[body.index("<ul", body.index("<details><summary>")) :]
    assert "Cy：漂 3" in re.sub(r"\s+", " ", entered[: entered.index("</ul>")])


@pytest.mark.parametrize(
    ("options", "turned_up", "wild"),
    [({}, "4z", "7z"), ({"honor_cycle": "winds4_dragons3"}, "4z", "1z"), ({}, "9p", "1p")],
)
def test_a_tile_turned_up_is_saved_beside_the_wild_it_makes_at_this_table(
    keeper_client, owner, options, turned_up, wild
):
    game = make_session(owner, "zhengzhou", options=options)

    response = post_taps(keeper_client, game, winner="1", how="self_draw", turned_up=turned_up)

    assert response.status_code == 200, response.content.decode()[-800:]
    record = Round.objects.get(session=game).record
    assert (record["turned_up"], record["treasure"]) == (turned_up, wild)


def test_editing_a_hand_that_names_only_its_wild_shows_the_tile_turned_up_before_it(keeper_client, owner):
    game = make_session(owner, "zhengzhou")
    record_all(game, [win(1, treasure="7z")], owner)

    body = keeper_client.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode()

    assert 'name="turned_up" value="4z"' in body


def test_a_wild_the_tile_turned_up_does_not_make_is_refused_at_that_field(keeper_client, owner):
    game = make_session(owner, "dalian", base=1)
    before = stored(game)

    # Nobody is ready, so a Dalian treasure cannot be: the refusal of the treasure is said at the tile turned up.
    response = post_taps(keeper_client, game, winner="1", how="self_draw", turned_up="3s")

    body = response.content.decode()
    assert response.status_code == 422 and stored(game) == before
    field = body[body.index('<fieldset class="taps turned-up"') :]
    assert "ready" in field[: field.index("</fieldset>")]
