"""A Save that stands answers with the board itself, in one round trip on one bar of signal: the
whole board page, under the board's address (HX-Push-Url), to take the form page's place
(HX-Retarget body), showing what a GET of the board shows. Without JavaScript it still redirects."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablekeeper.keeping.models import GameSession, Round
from tests.conftest import HTMX, answered_with_the_board, draw, make_session, post_confirmed, record_all, win
from tests.conftest import taps as shared_taps

pytestmark = pytest.mark.django_db
# What a Save costs, the board it answers with included (DESIGN.md: a bounded number of queries,
# the same at hand 1000 as at hand 1). tests/benchmarks/bench_web.py times it. The checks that decide
# the write (the token, the deal's passes) are a statement of their own after the session's lock, not
# sub-lookups of the locking statement, which PostgreSQL answers from before the write it waited for.
SAVE_QUERIES = 11


def taps(number: int, token: str, **fields: Any) -> dict[str, Any]:
    """A plain self-draw by seat 2 unless the fields say otherwise."""
    return shared_taps(number, token, **{"winner": "2", "how": "self_draw", **fields})


def as_seen(body: str) -> str:
    """The page as a person sees it: without the tokens and the time that differ at every rendering,
    and without what a Save's answer brings for the form page's head (the styles swapped in out of
    band, the scripts htmx runs), which a person does not see."""
    body = re.sub(
        r'<link id="page-styles"[^>]* hx-swap-oob="true">\s*<script src="[^"]+" data-after-save defer></script>\s*',
        "",
        body,
    )
    body = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", body)
    body = re.sub(r'"x-csrftoken": "[^"]+"', "", body)
    body = re.sub(r'nonce="[^"]+"', "", body)
    body = re.sub(r'data-rendered-at="[^"]+"', "", body)
    return re.sub(r"\s+", " ", body)


def test_an_htmx_save_answers_with_the_board_page_under_the_boards_address(keeper_client, game):
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(1, "t1"), headers=HTMX)
    body = response.content.decode()
    assert answered_with_the_board(response, game)
    assert response["HX-Retarget"] == "body" and response["HX-Reswap"].split()[0] == "innerHTML"
    # The whole page, with the board's title (htmx sets it); the form page's head stays, so what it
    # lacks comes in the body: the board's styles in place of the form's, and the live board's script.
    assert body.lstrip().lower().startswith("<!doctype html>")
    assert "<title>Zhengzhou · TableKeeper</title>" in body
    main = body[body.index("<main>") :]
    assert re.search(r'<link id="page-styles" rel="stylesheet" href="/static/css/board\.css" hx-swap-oob="true">', main)
    # Marked as drawn by the server just now, whatever the page around it (a kept copy of the form, say).
    assert '<script src="/static/js/live.js" data-after-save defer></script>' in main
    assert "outbox.js" not in main, "the form for a new hand loaded the outbox already"
    # Hand 2 is next; Cy won hand 1 by self-draw: the strip says so, with each seat's change and Undo.
    assert '<span class="hand-no">Hand 2</span>' in body
    strip = body[body.index('id="last-hand"') :]
    assert "<b>Hand 1</b>" in strip and '<b class="up">+30</b>' in strip
    fingerprint = Round.objects.get(session=game, number=1).fingerprint
    assert f'name="based_on" value="{fingerprint}"' in strip and "Yes, undo hand 1" in strip
    # The live board polls the board's address, not the form's the answer came from.
    assert f'id="live-board" hx-get="/sessions/{game.pk}/"' in body
    assert f'name="next" value="/sessions/{game.pk}/"' in body


def test_the_board_a_save_answers_with_is_the_page_a_get_of_the_board_shows(keeper_client, owner, game):
    record_all(game, [win(1), draw()], owner)
    saved = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(3, "t3", side_bet_2="1"), headers=HTMX)
    loaded = keeper_client.get(f"/sessions/{game.pk}/")
    assert loaded.status_code == 200
    assert as_seen(saved.content.decode()) == as_seen(loaded.content.decode())


def test_a_retried_save_answers_with_the_board_and_records_the_hand_once(keeper_client, owner, game):
    first = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(1, "twice"), headers=HTMX)
    record_all(game, [draw()], owner)  # another phone saved hand 2 meanwhile
    again = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(1, "twice"), headers=HTMX)
    assert answered_with_the_board(first, game) and answered_with_the_board(again, game)
    # The board as it is now: hand 2 is the last one, not the hand this Save made.
    assert '<span class="hand-no">Hand 3</span>' in again.content.decode()
    assert Round.objects.filter(session=game).count() == 2
    assert Round.objects.get(session=game, client_token="twice").number == 1


def test_an_edit_answers_with_the_board_and_says_what_it_changed(keeper_client, owner, game):
    record_all(game, [win(2), win(1)], owner)
    url = f"/sessions/{game.pk}/hands/1/edit/"
    response = post_confirmed(keeper_client, url, taps(1, "edit", winner="3"), headers=HTMX)
    body = response.content.decode()
    assert answered_with_the_board(response, game)
    assert '<li class="msg-success">Hand 1 changed; later hands re-scored.</li>' in body
    # The edit form loads no outbox; the board does, so its scripts come with the answer.
    main = body[body.index("<main>") :]
    assert "/static/js/outbox-store.js" in main and 'data-queue="/static/js/outbox-queue.js"' in main
    # The strip shows the last hand (hand 2), re-scored after the change to hand 1.
    assert "<b>Hand 2</b>" in body[body.index('id="last-hand"') :]
    # The message is said once: the next look at the board does not repeat it.
    assert "Hand 1 changed" not in keeper_client.get(f"/sessions/{game.pk}/").content.decode()


def test_a_manual_adjustment_kept_anyway_answers_with_the_board(keeper_client, owner):
    shandong = make_session(owner, "shandong", base=5)
    refused = taps(1, "insisted", patterns=["heavenly_hand"], action="insist", insist_note="the table agreed")
    response = keeper_client.post(f"/sessions/{shandong.pk}/hands/new/", refused, headers=HTMX)
    assert answered_with_the_board(response, shandong)
    assert Round.objects.get(session=shandong).record["result"] == "void"


@pytest.mark.parametrize("hands", [0, 30])
def test_an_htmx_save_and_its_board_cost_a_bounded_number_of_queries(
    keeper_client, owner, game: GameSession, hands: int, django_assert_max_num_queries: Any
):
    record_all(game, [win(seat % 4) for seat in range(hands)], owner)
    with django_assert_max_num_queries(SAVE_QUERIES):
        response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(hands + 1, "q"), headers=HTMX)
    assert answered_with_the_board(response, game)


def test_without_javascript_a_save_still_redirects_to_the_board(keeper_client, game):
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(1, "plain"))
    assert response.status_code == 302 and response["Location"] == f"/sessions/{game.pk}/"
    assert "HX-Push-Url" not in response
    board = keeper_client.get(response["Location"]).content.decode()
    assert "<b>Hand 1</b>" in board[board.index('id="last-hand"') :]


def test_without_javascript_an_edit_still_redirects_and_the_board_says_what_changed(keeper_client, owner, game):
    record_all(game, [win(2)], owner)
    response = keeper_client.post(f"/sessions/{game.pk}/hands/1/edit/", taps(1, "plain-edit", winner="3"))
    assert response.status_code == 302 and response["Location"] == f"/sessions/{game.pk}/"
    assert "Hand 1 changed" in keeper_client.get(response["Location"]).content.decode()


def test_a_refused_save_still_answers_with_the_form_in_place(keeper_client, game):
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", taps(1, "no-how", how=""), headers=HTMX)
    assert response.status_code == 422 and "HX-Push-Url" not in response and "HX-Retarget" not in response
    assert response.content.decode().lstrip().startswith('<form id="hand-form"')
