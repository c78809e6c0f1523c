"""The history behind the share link: every hand with its reasons, for whoever holds the link, with
no sign-in, no keeper's control and no keeper's data; cached, revalidated and revoked as the shared
board is."""

from __future__ import annotations

import re
from html import escape

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.reading.reasons import reasons
from tests.conftest import HTMX, draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<tr class="hand-row" id="hand-(\d+)">')


def history(client: Client, game: GameSession, query: str = "", **headers: str):
    return client.get(f"/b/{game.share_token}/hands/{query}", headers=headers)


def hand_numbers(body: str) -> list[int]:
    return [int(number) for number in ROW.findall(body)]


def said(game: GameSession, number: int, language: str = "en") -> list[str]:
    """The reasons of hand `number` as the engine gave them, in `language`, with the players' names."""
    names = [seat.player.name for seat in game.seats.order_by("index")]
    hand = Round.objects.get(session=game, number=number)
    with translation.override(language):
        return [reason.text for reason in reasons(hand.lines, names, game.variant_info)]


def main(body: str) -> str:
    """What the page says, without its head's configuration and scripts' words."""
    return body.split("<main>")[1].split("</main>")[0]


def test_anyone_with_the_link_reads_every_hand_with_its_reasons_and_points_without_logging_in(client, owner):
    game = make_session(owner, "shenyang", base=2)
    record_all(game, [win(2), draw(), win(1, "discard", 0)], owner)
    response = history(client, game)
    body = response.content.decode()
    assert response.status_code == 200
    assert hand_numbers(body) == [3, 2, 1]
    for number in (1, 2, 3):
        hand = Round.objects.get(session=game, number=number)
        row = body.split(f'id="hand-{number}"')[1].split('class="hand-row"')[0]
        assert timezone.localtime(hand.created).strftime("%H:%M") in row
        for delta, total in zip(hand.deltas, hand.totals_after, strict=True):
            assert f"<b>{delta:+d}</b><small>{game.starting_points + total}</small>" in row
        lines = said(game, number)
        assert lines and all(escape(line) in row for line in lines)


def test_the_reasons_link_to_this_tables_rules_behind_the_same_link(client, game, owner):
    record_all(game, [win(2)], owner)
    body = history(client, game).content.decode()
    links = re.findall(r'class="rule-link" href="([^"]+)"', body)
    assert links and all(link.startswith(f"/b/{game.share_token}/rules/#") for link in links)


def test_the_history_reads_in_chinese_for_a_chinese_viewer(client, game, owner):
    record_all(game, [win(2)], owner)
    client.cookies["django_language"] = "zh-hans"
    body = history(client, game).content.decode()
    assert "历史" in body and "实时，只读" in body
    assert all(escape(line) in body for line in said(game, 1, "zh-hans"))
    assert "Hand" not in main(body) and "History" not in main(body)


def test_it_shows_no_keepers_control_and_no_keepers_data(client, owner):
    keeper = User.objects.create_user("wang-login", first_name="老王")
    game = make_session(keeper)
    record_all(game, [win(2), win(0)], keeper)
    body = history(client, game).content.decode()
    for control in ("/hands/new/", "/hands/undo/", "/edit/", "/delete/", "/finish/", "/share/settings/", "export"):
        assert control not in body
    assert f"/sessions/{game.pk}/" not in body, "no link into the keeper's own pages"
    assert "wang-login" not in body and "老王" not in body, "who entered a hand is the keepers' business"
    assert "data-logout" not in body


def test_corrected_and_re_scored_hands_are_marked_and_removed_ones_listed(client, owner):
    game = make_session(owner, "shenyang", base=10, player_names=["老王", "小李", "阿强", "大刘"])
    record_all(game, [win(0), win(0), draw(), win(2), win(3)], owner)
    stands(services.edit_hand(game, 1, win(1), user=owner))  # the deal moves: hand 2's self-draw pays less
    stands(services.delete_hand(game, 5, user=owner))
    stands(services.undo_last_hand(game, user=owner))
    body = history(client, game).content.decode()
    assert hand_numbers(body) == [3, 2, 1]

    def marks(number: int) -> list[str]:
        why = body.split(f'id="hand-{number}"')[1].split('class="hand-row"')[0]
        return re.findall(r'class="mark (\w+)"', why)

    assert marks(1) == ["corrected"] and marks(2) == ["rescored"] and marks(3) == []
    removed = body.split('class="removed-hands"')[1]
    assert "Hand 5 deleted at" in removed and "Hand 4 undone at" in removed


def test_a_long_evening_comes_thirty_hands_a_page_and_htmx_gets_only_the_older_rows(client, game, owner):
    record_all(game, [win(seat % 4) for seat in range(35)], owner)
    first = history(client, game).content.decode()
    assert hand_numbers(first) == list(range(35, 5, -1))
    assert 'hx-get="?before=5"' in first
    older = history(client, game, "?before=5", **HTMX)
    body = older.content.decode()
    assert older.status_code == 200 and "<html" not in body and "<thead" not in body
    assert hand_numbers(body) == [5, 4, 3, 2, 1] and "?before=" not in body
    plain = history(client, game, "?before=5").content.decode()
    assert "<html" in plain and hand_numbers(plain) == [5, 4, 3, 2, 1]


def test_a_page_costs_the_same_queries_at_thirty_hands_as_at_sixty(client, game, owner):
    record_all(game, [win(seat % 4) for seat in range(30)], owner)
    with CaptureQueriesContext(connection) as thirty:
        history(client, game)
    record_all(game, [win(seat % 4) for seat in range(30)], owner)
    with CaptureQueriesContext(connection) as sixty:
        history(client, game)
    assert len(thirty) == len(sixty)


@pytest.mark.parametrize("query", ["?before=abc", "?before=-1", "?before=", "?before=99999999999999999999999"])
def test_a_page_that_cannot_be_gets_404_not_500(client, game, query):
    assert history(client, game, query).status_code == 404


def test_an_unchanged_history_answers_304_with_one_query_and_is_for_no_shared_cache(client, game, owner):
    record_all(game, [win(2)], owner)
    first = history(client, game)
    with CaptureQueriesContext(connection) as queries:
        again = history(client, game, **{"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b"" and len(queries) == 1
    for response in (first, again):
        assert response["Cache-Control"] == "private, no-cache"
        assert {"HX-Request", "Accept-Language", "Cookie"} <= {v.strip() for v in response["Vary"].split(",")}


def test_a_new_hand_a_language_or_another_page_is_a_new_version(client, game, owner):
    record_all(game, [win(2)], owner)
    first = history(client, game)
    assert history(client, game, "?before=1", **{"If-None-Match": first["ETag"]}).status_code == 200
    assert history(client, game, **{**HTMX, "If-None-Match": first["ETag"]}).status_code == 200
    client.cookies["django_language"] = "zh-hans"
    assert history(client, game, **{"If-None-Match": first["ETag"]}).status_code == 200
    client.cookies["django_language"] = "en"
    record_all(game, [win(1)], owner)
    again = history(client, game, **{"If-None-Match": first["ETag"]})
    assert again.status_code == 200 and hand_numbers(again.content.decode()) == [2, 1]


def test_the_shared_board_links_to_the_history(client, game):
    body = client.get(f"/b/{game.share_token}/").content.decode()
    assert f'href="/b/{game.share_token}/hands/"' in body
