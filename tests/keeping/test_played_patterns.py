"""The patterns a table plays (`table_rules`): the hand form offers chips only for them, so a chip is never
offered only to be refused (a hand that already names another keeps it when edited), and the table's rules
reference marks the others as not played at this table."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping.models import GameSession
from tests.conftest import HTMX, make_session, record_all, signed_in, win

pytestmark = pytest.mark.django_db
LUXURY = 'value="luxury_seven_pairs"'


@pytest.fixture
def keeper(client: Client, owner: User) -> Client:
    client.force_login(owner)
    client.cookies["django_language"] = "zh-hans"
    return client


def new_hand(client: Client, game: GameSession) -> str:
    response = client.get(f"/sessions/{game.pk}/hands/new/", headers=HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_zhengzhou_without_luxury_seven_pairs_offers_no_luxury_chip(keeper: Client, owner: User) -> None:
    body = new_hand(keeper, make_session(owner, "zhengzhou", options={"luxury_seven_pairs": "off"}))
    assert LUXURY not in body and "豪华七小对" not in body
    assert 'value="seven_pairs"' in body


@pytest.mark.parametrize("value", ["x2", "x4"])
def test_zhengzhou_with_luxury_seven_pairs_offers_its_chip(keeper: Client, owner: User, value: str) -> None:
    body = new_hand(keeper, make_session(owner, "zhengzhou", options={"luxury_seven_pairs": value}))
    assert LUXURY in body and "豪华七小对" in body


def test_dalian_offers_no_chip_for_an_item_the_table_does_not_score(keeper: Client, owner: User) -> None:
    plain = new_hand(keeper, make_session(owner, "dalian", base=1))
    assert 'value="edge_wait"' in plain and 'value="double_float"' in plain
    unscored = make_session(owner, "dalian", base=1, options={"unscored_items": ["edge_wait"]})
    body = new_hand(keeper, unscored)
    assert 'value="edge_wait"' not in body and 'value="terminal_wait"' in body


def test_dalian_without_float_hands_offers_no_float_chip(keeper: Client, owner: User) -> None:
    body = new_hand(keeper, make_session(owner, "dalian", base=1, options={"allow_float_hand": False}))
    for float_hand in ("double_float", "single_float", "mixed_terminals", "pure_terminals"):
        assert f'value="{float_hand}"' not in body, float_hand
    assert 'value="edge_wait"' in body


def test_a_luxury_tick_sent_anyway_is_refused_in_words_and_saves_nothing(keeper: Client, owner: User) -> None:
    game = make_session(owner, "zhengzhou", options={"luxury_seven_pairs": "off"})
    taps = {"client_token": "t1", "expected_number": 1, "winner": "1", "how": "self_draw"}
    taps["patterns"] = "luxury_seven_pairs"
    saved = keeper.post(f"/sessions/{game.pk}/hands/new/", taps, headers=HTMX)
    assert saved.status_code == 422
    game.refresh_from_db()
    assert game.hand_count == 0


def test_editing_a_hand_that_names_a_pattern_no_longer_played_keeps_its_chip(keeper: Client, owner: User) -> None:
    game = make_session(owner, "zhengzhou", options={"luxury_seven_pairs": "x2"})
    record_all(game, [win(1, "self_draw", patterns=["luxury_seven_pairs"])])
    # The table's rules changed after the hand was kept (as an older session's options may).
    GameSession.objects.filter(pk=game.pk).update(options={**game.options, "luxury_seven_pairs": "off"})
    body = keeper.get(f"/sessions/{game.pk}/hands/1/edit/", headers=HTMX).content.decode()
    assert LUXURY in body
    assert new_hand(keeper, game).count(LUXURY) == 0


@pytest.mark.parametrize(("language", "words"), [("en", "(not played at this table)"), ("zh-hans", "本桌不计")])
def test_the_tables_rules_reference_marks_a_pattern_it_does_not_play(owner: User, language: str, words: str) -> None:
    game = make_session(owner, "zhengzhou", options={"luxury_seven_pairs": "off"})
    client = signed_in(owner)
    client.cookies["django_language"] = language
    body = client.get(f"/sessions/{game.pk}/rules/").content.decode()
    luxury = body.split('id="item-luxury_seven_pairs"', 1)[1].split("</div>", 1)[0]
    assert words in luxury
    assert words not in body.split('id="item-seven_pairs"', 1)[1].split("</div>", 1)[0]
    # The book's reference, and a table that plays it, offer it as usual (the table's fact items it does not
    # play, such as the dealer's extra stake, are marked in their own section).
    played = make_session(owner, "zhengzhou", options={"luxury_seven_pairs": "x2"})
    assert words not in patterns_section(client.get(f"/sessions/{played.pk}/rules/").content.decode())
    assert words not in client.get("/rules/zhengzhou/").content.decode()


def patterns_section(body: str) -> str:
    return body.split('id="patterns"', 1)[1].split("</section>", 1)[0]


def test_a_chip_a_house_rule_forbids_on_a_method_is_disabled_on_it(keeper: Client, owner: User) -> None:
    # Zhengzhou robbing a kong with wilds at face value: seven pairs cannot pair the robbed tile (§9.6).
    strict = make_session(owner, "zhengzhou", options={"allow_rob_kong": True})
    assert 'value="seven_pairs" data-methods="discard self_draw">' in new_hand(keeper, strict)
    taps = {"client_token": "t1", "expected_number": 1, "winner": "1", "how": "rob_kong-2"}
    # The form drawn again with a robbed kong tapped (its preview) disables the chip there.
    drawn = keeper.post(f"/sessions/{strict.pk}/hands/new/", {**taps, "action": "preview"}, headers=HTMX)
    assert 'value="seven_pairs" data-methods="discard self_draw" disabled>' in drawn.content.decode()
    wilds = make_session(
        owner, "zhengzhou", options={"allow_rob_kong": True, "seven_pairs_wild_mode": "wilds_complete_pairs"}
    )
    assert 'value="seven_pairs">' in new_hand(keeper, wilds)
