"""Pages that read a fixed amount however long the session or however many sessions."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.services.exchange import import_session
from tests.conftest import HTMX, make_session
from tests.exports import self_draw, zhengzhou_export

pytestmark = pytest.mark.django_db
HAND_NUMBERS = re.compile(r'<th class="no" scope="row"><a [^>]*><b>(\d+)</b>')


def imported(owner: User, hands: int) -> GameSession:
    return import_session(owner, zhengzhou_export(["Ann", "Bo", "Cy", "Di"], [self_draw(n % 4) for n in range(hands)]))


def test_the_history_shows_thirty_hands_newest_first_and_links_the_older_page(keeper_client, owner):
    game = imported(owner, 65)
    first = keeper_client.get(f"/sessions/{game.pk}/hands/").content.decode()
    assert HAND_NUMBERS.findall(first) == [str(n) for n in range(65, 35, -1)]
    assert 'href="?before=35"' in first and "<svg" in first
    # htmx asks for the next rows only, which replace the "older" button and bring their own.
    older = keeper_client.get(f"/sessions/{game.pk}/hands/?before=35", headers=HTMX).content.decode()
    assert "<html" not in older and "<svg" not in older
    assert HAND_NUMBERS.findall(older) == [str(n) for n in range(35, 5, -1)]
    last = keeper_client.get(f"/sessions/{game.pk}/hands/?before=5").content.decode()
    assert HAND_NUMBERS.findall(last) == ["5", "4", "3", "2", "1"] and 'href="?before=' not in last


@pytest.mark.parametrize("path", ["", "?before=20"])
def test_the_history_reads_the_same_queries_at_40_and_400_hands(keeper_client, owner, path):
    counts = []
    for hands in (40, 400):
        game = imported(owner, hands)
        with CaptureQueriesContext(connection) as queries:
            assert keeper_client.get(f"/sessions/{game.pk}/hands/{path}").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_session_list_pages_by_twenty_five_newest_first(keeper_client, owner):
    games = [make_session(owner) for _ in range(30)]
    first = keeper_client.get("/sessions/").content.decode()
    assert first.count('<li class="open">') == 25 and f'href="/sessions/{games[-1].pk}/"' in first
    assert 'href="?page=2"' in first
    second = keeper_client.get("/sessions/?status=open&page=2").content.decode()
    assert second.count('<li class="open">') == 5 and f'href="/sessions/{games[0].pk}/"' in second
    assert 'href="?status=open&amp;page=1"' in second and "page=3" not in second


def test_the_session_list_and_players_page_read_the_same_queries_at_5_and_50_sessions(keeper_client, owner):
    counts: dict[str, list[int]] = {"/sessions/": [], "/players/": []}
    for total in (5, 50):
        while owner.game_sessions.count() < total:
            imported(owner, 3)
        for path, seen in counts.items():
            with CaptureQueriesContext(connection) as queries:
                keeper_client.get(path)
            seen.append(len(queries))
    assert {path: seen[0] == seen[1] for path, seen in counts.items()} == {"/sessions/": True, "/players/": True}
