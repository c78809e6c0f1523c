"""One guard for every page behind a share link (tablekeeper/sharing/pages/guard.py), applying what
docs/sharing.md states to each the same way: an ETag, a 304 while nothing changed (one query), a new page once the
session changed or in another language, `Cache-Control: private, no-cache`, and Vary on what changes the body.
The pages are the resolver's (`b/<token>/…`, tests/routes.py), so a new share page is held to this unedited."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping.models import GameSession
from tests.conftest import HTMX, make_session, record_all, win
from tests.routes import SHARE_ACTIONS, Route, share_pages, share_routes

pytestmark = pytest.mark.django_db
SHARE_ROUTES = share_pages()
SHARING = Path(__file__).resolve().parents[2] / "tablekeeper/sharing"


@pytest.fixture
def played(game: GameSession, owner: User) -> GameSession:
    record_all(game, [win(2, patterns=[]), win(1)], owner)
    game.refresh_from_db()
    return game


def address(game: GameSession, of: Route) -> str:
    return of.url({"token": game.share_token})


@pytest.mark.parametrize("of", SHARE_ROUTES, ids=lambda of: of.name)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_every_share_page_is_revalidated_and_answers_304_while_nothing_changed(
    client: Client, played: GameSession, of: Route, htmx: bool, django_assert_max_num_queries
) -> None:
    headers = HTMX if htmx else {}
    first = client.get(address(played, of), headers=headers)
    assert first.status_code == 200
    assert first["Cache-Control"] == "private, no-cache"
    assert {"HX-Request", "Accept-Language", "Cookie"} <= {part.strip() for part in first["Vary"].split(",")}
    etag = first["ETag"]

    with django_assert_max_num_queries(1):  # the session behind the link, and nothing more
        again = client.get(address(played, of), headers={**headers, "If-None-Match": etag})

    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    assert again["Cache-Control"] == "private, no-cache"


@pytest.mark.parametrize("of", SHARE_ROUTES, ids=lambda of: of.name)
def test_every_share_page_is_new_once_a_hand_is_saved_or_in_another_language(
    client: Client, played: GameSession, owner: User, of: Route
) -> None:
    etag = client.get(address(played, of))["ETag"]

    client.cookies["django_language"] = "zh-hans"
    in_chinese = client.get(address(played, of), headers={"If-None-Match": etag})
    client.cookies["django_language"] = "en"
    record_all(played, [win(3)], owner)
    after_a_hand = client.get(address(played, of), headers={"If-None-Match": etag})

    assert in_chinese.status_code == 200 and in_chinese["ETag"] != etag
    assert after_a_hand.status_code == 200 and after_a_hand["ETag"] != etag


def test_a_fragment_and_its_page_are_told_apart(client: Client, played: GameSession) -> None:
    for of in SHARE_ROUTES:
        page = client.get(address(played, of))["ETag"]
        fragment = client.get(address(played, of), headers=HTMX)
        assert fragment.status_code == 200 and fragment["ETag"] != page, of.name
        assert client.get(address(played, of), headers={"If-None-Match": page, **HTMX}).status_code == 200


def test_the_boards_live_tag_is_the_one_its_next_poll_answers_with(client: Client, played: GameSession) -> None:
    page = client.get(f"/b/{played.share_token}/").content.decode()
    poll = client.get(f"/b/{played.share_token}/", headers=HTMX)

    assert 'data-etag="{}"'.format(poll["ETag"].replace('"', "&quot;")) in page


def test_every_share_page_is_a_view_of_the_one_guard_and_none_reads_a_link_itself() -> None:
    """A share view takes the session the guard found: none filters sessions by a token of its own."""
    pages = [getattr(of.view, "share_page", None) for of in SHARE_ROUTES]
    assert None not in pages and len(set(pages)) == len(pages) >= 5, pages
    actions = {of.name for of in share_routes()} - {of.name for of in SHARE_ROUTES}
    assert actions == set(SHARE_ACTIONS), "a route behind a link that is no guard page is listed with why"
    readers = []
    for path in (SHARING / "views").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg in ("share_token", "share_enabled"):
                readers.append(f"{path.name}:{node.lineno}")
    assert readers == [], "read a share link through tablekeeper/sharing/pages/guard.py"


def test_an_open_sessions_hourly_fee_so_far_is_never_held_past_its_minute(
    client: Client, owner: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_session(owner, fee={"fee_kind": "hourly", "fee_amount": Decimal(60), "place": "茶楼"})
    summary = f"/b/{game.share_token}/summary/"
    monkeypatch.setattr("tablekeeper.sharing.pages.guard.time.time", lambda: 600_000.0)
    etag = client.get(summary)["ETag"]

    within = client.get(summary, headers={"If-None-Match": etag})
    monkeypatch.setattr("tablekeeper.sharing.pages.guard.time.time", lambda: 600_060.0)
    a_minute_on = client.get(summary, headers={"If-None-Match": etag})

    assert within.status_code == 304 and a_minute_on.status_code == 200
