"""Every URL against every visitor: anonymous, the owner, a co-keeper, a removed keeper, a
stranger and a share-link viewer.

A stranger must get 404 (never 403, never data) on another keeper's session, whatever the method,
and so must a keeper the owner removed; a co-keeper reads everything and changes hands, and gets
403 on the owner's own actions; a share-link viewer is anonymous and may only read the board.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import (
    Correction,
    GameSession,
    Invitation,
    Keeper,
    KeeperRequest,
    Round,
    Seat,
    SeatClaim,
    TablePreset,
)
from tablekeeper.keeping.services.presets import save_preset
from tablekeeper.players.models import PlayerGroup
from tablekeeper.players.services.groups import group_from_session
from tests.conftest import HTMX, PASSWORD, post_confirmed, record_all, signed_in, win
from tests.routes import Route, every_route, my_routes, session_routes, share_pages, share_routes

pytestmark = pytest.mark.django_db

# Every route that takes a session's id, and every route behind a share link, as the URL resolver has them
# (tests/routes.py): a route added to tablekeeper/urls.py is tried here by every visitor without editing this file.
SESSION_ROUTES = session_routes()
SHARE_ROUTES = share_routes()
# The exceptions: routes of a session that answer its keepers' GET with a redirect instead of the page, by name,
# each with why. None today: every session route answers the owner's and a co-keeper's GET with 200, or 405
# where it takes only POST (an action: "again/", "archive/", "delete/", "hands/outbox/" …), and every one of them
# answers a stranger 404 and an anonymous visitor a log-in.
NOT_A_PAGE: dict[str | None, str] = {}
# What only the owner may do: finish or reopen, the money rate, the share link, choose keepers (and what the
# service refuses a co-keeper): a co-keeper's POST there is a 403. A new route a co-keeper gets 403 on, and not
# listed here, fails test_a_co_keeper_reads_every_page_of_the_session: list it if only the owner may.
OWNER_ONLY: list[tuple[str, str]] = [
    ("post", "finish/"),
    ("post", "reopen/"),
    ("post", "money-rate/"),
    ("post", "share/settings/"),
    ("post", "keepers/add/"),
    ("post", "keepers/invitation/"),
    ("post", "keepers/{owner}/remove/"),
]
# Routes that are not about one session, but still belong to a signed-in keeper.
KEEPER_ROUTES: list[tuple[str, str]] = [
    ("get", "/sessions/"),
    ("get", "/sessions/new/"),
    ("post", "/sessions/new/"),
    ("get", "/sessions/new/options/?variant=dalian"),
    ("get", "/players/"),
    ("get", "/sessions/import/"),
    ("post", "/sessions/import/"),
    ("get", "/join/some-invitation/"),
    ("post", "/join/some-invitation/"),
    ("get", "/me/"),
    ("get", "/me/record.csv"),
    ("post", "/me/unlink/"),
    ("post", "/me/delete/"),
    ("post", "/me/evenings/1/unlink/"),
    ("get", "/me/groups/1/"),
]
# A POST body that would change something on every route that accepts it.
HOSTILE_POST: dict[str, Any] = {
    "winner": "1",
    "how": "self_draw",
    "action": "disable",
    "money_rate": "9.99",
    "client_token": "intruder",
    "expected_number": "2",
    "username": "stranger",
    "answer": "accept",
    "confirm": "all",
}


RANDOM_TOKENS = re.compile(r'"[A-Za-z0-9_-]{20,}"')


def snapshot(game: GameSession) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (
        game.version,
        game.status,
        game.share_enabled,
        game.share_token,
        game.money_rate,
        game.hand_count,
        list(Round.objects.filter(session=game).values_list("number", "record")),
        Correction.objects.filter(session=game).count(),
        sorted(Keeper.objects.filter(session=game).values_list("user_id", flat=True)),
        Invitation.objects.filter(session=game).count(),
        KeeperRequest.objects.filter(session=game).count(),
        list(Seat.objects.filter(session=game).order_by("index").values_list("person_id", flat=True)),
        sorted(SeatClaim.objects.filter(session=game).values_list("seat", "user_id", "status")),
    )


@pytest.fixture
def played(game: GameSession, owner: User) -> GameSession:
    """Two hands, an invitation by user name still pending (a route withdraws it), a player linked to seat 0 and
    another's claim of seat 1 waiting: something for every route."""
    record_all(game, [win(2, patterns=[]), win(1)], owner)
    KeeperRequest.objects.create(session=game, name="pending", name_key="pending", invited_by=owner)
    linked = User.objects.create_user("linked", first_name="老王")
    Seat.objects.filter(session=game, index=0).update(person=linked)
    SeatClaim.objects.create(
        session=game, seat=1, user=User.objects.create_user("asking", first_name="小李"), phone="p"
    )
    return game


def route(game: GameSession, path: str) -> str:
    return f"/sessions/{game.pk}/{path.format(owner=game.owner_id)}"


def url(game: GameSession, of: Route) -> str:
    """The route's address on `game`: its hand 1, its owner as the keeper removed, its pending invitation."""
    pending = KeeperRequest.objects.filter(session=game).values_list("pk", flat=True).first() or 1
    values = {"session_id": game.pk, "number": 1, "user_id": game.owner_id, "request_id": pending, "seat": 1}
    return of.url({**values, "token": game.share_token})


def route_id(of: Route) -> str:
    return of.name or of.pattern


def call(client: Client, method: str, url: str, **headers: str) -> Any:
    if method == "post":
        return client.post(url, HOSTILE_POST, headers=headers)
    return client.get(url, headers=headers)


def test_a_stranger_or_a_removed_keeper_gets_404_on_every_route_and_changes_nothing(stranger, removed_keeper, played):
    """Every route of a session, GET and POST, with and without htmx, for both visitors: a 404 where the route
    takes the method (a 405 where it does not: that says nothing of the session); the failure lists every case
    that leaked."""
    failures = []
    for visitor in (stranger, removed_keeper):
        for htmx in (False, True):
            for of in SESSION_ROUTES:
                answers = []
                for method in ("get", "post"):
                    before = snapshot(played)
                    response = call(signed_in(visitor), method, url(played, of), **(HTMX if htmx else {}))
                    answers.append(response.status_code)
                    # Random tokens on the page (CSRF, CSP nonce) may hold the letters "Ann" by chance: set them aside.
                    body = RANDOM_TOKENS.sub('""', response.content.decode())
                    case = f"{visitor.username} {method.upper()} {of.pattern}{' (htmx)' if htmx else ''}"
                    if response.status_code not in (404, 405):
                        failures.append(f"{case}: {response.status_code}, not 404")
                    if "Ann" in body or played.share_token in body:
                        failures.append(f"{case}: the answer shows the session")
                    if snapshot(played) != before:
                        failures.append(f"{case}: the session changed")
                if 404 not in answers:
                    failures.append(f"{visitor.username} {of.pattern}: no method reached the guard ({answers})")
    assert failures == [], "\n".join(failures)


# A keeper's own things beside sessions, by the id a route takes: a stranger gets 404 on every route to another's.
OWNED_IDS = ("group_id", "preset_id")
OWNED_ROUTES = [of for of in every_route() if any(name in of.parameters for name in OWNED_IDS)]


def test_a_stranger_gets_404_on_every_route_to_another_keepers_group_or_preset_and_changes_nothing(
    stranger, owner, played
):
    group = group_from_session(owner, played, "Thursday")
    preset = save_preset(owner, played, "Thursday table")
    member = group.players.first()
    assert member is not None
    values = {"group_id": group.pk, "preset_id": preset.pk, "player_id": member.pk}

    def kept() -> tuple[object, ...]:
        groups = sorted(PlayerGroup.objects.values_list("name", flat=True))
        return groups, group.players.count(), sorted(TablePreset.objects.values_list("name", flat=True))

    failures = []
    for of in OWNED_ROUTES:
        answers = []
        for method in ("get", "post"):
            before = kept()
            response = call(signed_in(stranger), method, of.url(values))
            answers.append(response.status_code)
            if response.status_code not in (404, 405):
                failures.append(f"{method.upper()} {of.pattern}: {response.status_code}, not 404")
            if "Thursday" in response.content.decode() or kept() != before:
                failures.append(f"{method.upper()} {of.pattern}: shows or changes another keeper's things")
        if 404 not in answers:
            failures.append(f"{of.pattern}: no method reached the guard ({answers})")
    assert len(OWNED_ROUTES) >= 9 and failures == [], "\n".join(failures)


def test_every_session_and_share_route_of_the_resolver_is_tried(played):
    """The lists above are the resolver's: every route of tablekeeper/urls.py with a session id or behind a share
    link, 32 and 5 of them today; a route added is tried without editing this file."""
    patterns = {of.pattern for of in SESSION_ROUTES}
    assert len(SESSION_ROUTES) >= 32 and "sessions/<id:session_id>/hands/outbox/" in patterns
    assert {of.name for of in SHARE_ROUTES} >= {"shared_board", "shared_summary", "shared_card", "shared_history"}
    assert all(url(played, of).startswith(f"/sessions/{played.pk}/") for of in SESSION_ROUTES)


def test_an_anonymous_visitor_is_sent_to_log_in_on_every_session_route_and_changes_nothing(played):
    failures = []
    for of in SESSION_ROUTES:
        answers = []
        for method in ("get", "post"):
            before = snapshot(played)
            response = call(Client(), method, url(played, of))
            answers.append(response.status_code)
            case = f"{method.upper()} {of.pattern}"
            sent = response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")
            if not sent and response.status_code != 405:
                failures.append(f"{case}: {response.status_code} {response.get('Location')}, not sent to log in")
            if snapshot(played) != before:
                failures.append(f"{case}: the session changed")
        if 302 not in answers:
            failures.append(f"{of.pattern}: no method asked to log in ({answers})")
    assert failures == [], "\n".join(failures)


@pytest.mark.parametrize(("method", "url"), KEEPER_ROUTES)
def test_an_anonymous_visitor_is_sent_to_log_in_on_every_keeper_route(client, method, url):
    response = call(client, method, url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")


def test_an_anonymous_visitor_is_sent_to_log_in_on_every_route_of_a_players_own_pages(owner, played):
    """The resolver's `me/…` routes (tests/routes.py my_routes), whatever the method: a log-in (or a 405 where the
    route does not take the method), never the page; a route added there is tried without editing this file."""
    group = group_from_session(owner, played, "Thursday")
    values = {"group_id": group.pk, "seat_id": Seat.objects.filter(session=played).values_list("pk", flat=True)[0]}
    failures = []
    for of in my_routes():
        answers = []
        for method in ("get", "post"):
            before = snapshot(played)
            response = call(Client(), method, of.url(values))
            answers.append(response.status_code)
            sent = response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")
            if not sent and response.status_code != 405:
                failures.append(f"{method.upper()} {of.pattern}: {response.status_code}, not sent to log in")
            if snapshot(played) != before:
                failures.append(f"{method.upper()} {of.pattern}: the session changed")
        if 302 not in answers:
            failures.append(f"{of.pattern}: no method asked to log in ({answers})")
    names = {of.name for of in my_routes()}
    assert names >= {"my_record", "my_record_csv", "my_group", "my_unlink_all", "my_account_delete"}
    assert failures == [], "\n".join(failures)


def test_a_share_link_viewer_can_post_nowhere_even_after_reading_the_board(played):
    failures = []
    for of in SESSION_ROUTES:
        before = snapshot(played)
        client = Client()
        assert client.get(f"/b/{played.share_token}/").status_code == 200
        response = call(client, "post", url(played, of))
        case = f"POST {of.pattern}"
        sent = response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        if not sent and response.status_code != 405:
            failures.append(f"{case}: {response.status_code} {response.get('Location')}, not sent to log in")
        if snapshot(played) != before:
            failures.append(f"{case}: the session changed")
    assert failures == [], "\n".join(failures)


# Every page behind a share link that only reads, as the resolver lists them (the one share action, a player's
# claim of a seat, takes a POST: tests/routes.py SHARE_ACTIONS), and every route behind a link, its seat filled in.
SHARED_PAGES = [of.pattern.removeprefix("b/<slug:token>/") for of in share_pages()]
EVERY_SHARED_PATH = [of.pattern.removeprefix("b/<slug:token>/").replace("<id:seat>", "2") for of in SHARE_ROUTES]


@pytest.mark.parametrize("page", SHARED_PAGES)
@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_the_shared_board_refuses_every_method_but_reading(client, played, method, page):
    before = snapshot(played)
    response = getattr(client, method)(f"/b/{played.share_token}/{page}", HOSTILE_POST)
    assert response.status_code == 405
    assert snapshot(played) == before


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("page", EVERY_SHARED_PATH)
def test_a_link_turned_off_replaced_or_never_made_answers_the_apps_404_on_every_shared_page(client, played, page, htmx):
    old = played.share_token
    links = {"unknown": "not-a-real-token-at-all", "off": old}
    played = services.set_sharing(played, enabled=False)
    answers = {what: client.get(f"/b/{token}/{page}", headers=HTMX if htmx else {}) for what, token in links.items()}
    played = services.set_sharing(played, enabled=True, new_link=True)
    answers["replaced"] = client.get(f"/b/{old}/{page}", headers=HTMX if htmx else {})
    for what, response in answers.items():
        body = response.content.decode()
        assert response.status_code == 404, what
        assert "Page not found" in body and "Ann" not in body, what
    assert client.get(f"/b/{played.share_token}/{page}").status_code == 200


def test_the_shared_board_shows_no_control_and_no_owner_account(client, played, owner):
    body = client.get(f"/b/{played.share_token}/").content.decode()
    for control in ("/hands/new/", "/hands/undo/", "/finish/", "/share/settings/", "/edit/", "/delete/", "export"):
        assert control not in body
    assert owner.username not in body


@pytest.mark.parametrize("of", SESSION_ROUTES, ids=route_id)
def test_the_owner_reads_every_page_of_their_session(client, owner, played, of):
    client.force_login(owner)
    before = snapshot(played)
    status = client.get(url(played, of)).status_code
    if of.name in NOT_A_PAGE:
        assert status == 302, NOT_A_PAGE[of.name]
    else:
        assert status in (200, 405), f"GET {of.pattern}: {status}"
    assert snapshot(played) == before, "a GET changed the session"


@pytest.mark.parametrize(
    "path",
    ["finish/", "reopen/", "money-rate/", "hands/preview/", "hands/undo/", "hands/1/delete/", "share/settings/"],
)
def test_the_post_only_routes_refuse_a_get_from_the_owner(client, owner, played, path):
    before = snapshot(played)
    client.force_login(owner)
    assert client.get(f"/sessions/{played.pk}/{path}").status_code == 405
    assert snapshot(played) == before


@pytest.mark.parametrize("path", ["", "export.json", "export.csv", "hands/", "share/", "summary/"])
def test_read_only_pages_refuse_a_post_from_the_owner(client, owner, played, path):
    before = snapshot(played)
    client.force_login(owner)
    assert client.post(f"/sessions/{played.pk}/{path}", HOSTILE_POST).status_code == 405
    assert snapshot(played) == before


def test_a_session_that_does_not_exist_answers_404_like_someone_elses(client, owner, played):
    client.force_login(owner)
    assert client.get(f"/sessions/{played.pk + 1000}/").status_code == 404
    assert client.get(f"/sessions/{played.pk}/hands/99/").status_code == 404


def test_a_login_next_pointing_off_site_lands_on_our_own_page(client, owner):
    response = client.post(
        "/accounts/login/?next=https://evil.example/steal",
        {"username": owner.username, "password": PASSWORD, "next": "https://evil.example/steal"},
    )
    assert response.status_code == 302 and not response["Location"].startswith("http")
    assert "evil.example" not in response["Location"]


def test_switching_language_never_redirects_off_site(client):
    response = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "https://evil.example/"})
    assert response.status_code == 302 and "evil.example" not in response["Location"]


@pytest.mark.parametrize("of", SESSION_ROUTES, ids=route_id)
def test_a_co_keeper_reads_every_page_of_the_session(client, co_keeper, played, of):
    client.force_login(co_keeper)
    status = client.get(url(played, of)).status_code
    owners = {route(played, path) for method, path in OWNER_ONLY}
    if of.name in NOT_A_PAGE:
        assert status == 302, NOT_A_PAGE[of.name]
    elif url(played, of) not in owners:
        assert status in (200, 405), f"GET {of.pattern}: {status} (list it in OWNER_ONLY if only the owner may)"


@pytest.mark.parametrize(("method", "path"), OWNER_ONLY)
def test_a_co_keeper_gets_403_on_the_owners_own_actions_and_changes_nothing(client, co_keeper, played, method, path):
    before = snapshot(played)
    client.force_login(co_keeper)
    assert call(client, method, route(played, path)).status_code == 403
    assert snapshot(played) == before


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("hands/new/", {"winner": "1", "how": "self_draw", "client_token": "co", "expected_number": "3"}),
        ("hands/undo/", {}),
        ("hands/1/edit/", {"winner": "3", "how": "self_draw", "client_token": "x", "expected_number": "1"}),
        ("hands/1/delete/", {}),
    ],
)
def test_a_co_keeper_changes_hands_like_the_owner(client, co_keeper, played, path, data):
    before = snapshot(played)
    client.force_login(co_keeper)
    response = post_confirmed(client, route(played, path), data, headers=HTMX)
    # A Save or an edit answers with the board itself; an undo or a delete sends the phone to it.
    board = f"/sessions/{played.pk}/"
    assert response.status_code == 200 and board in (response.get("HX-Push-Url"), response.get("HX-Redirect"))
    assert snapshot(played)[0] == before[0] + 1, "the session's version moved: the change was made"


def test_a_co_keeper_sees_none_of_the_owners_switches(client, co_keeper, played):
    client.force_login(co_keeper)
    board = client.get(route(played, "")).content.decode()
    share = client.get(route(played, "share/")).content.decode()
    keepers = client.get(route(played, "keepers/")).content.decode()
    for control in ("/finish/", "/reopen/", "/money-rate/"):
        assert control not in board
    assert "/share/settings/" not in share and played.share_token in share
    assert "/keepers/add/" not in keepers and "/keepers/invitation/" not in keepers
    assert "Record hand" in board and "/hands/undo/" in board


def test_a_claim_of_a_seat_is_a_share_link_route_gone_with_the_link_whatever_the_method(played):
    old = played.share_token
    played = services.set_sharing(played, enabled=True, new_link=True)
    phone = signed_in(User.objects.create_user("claimant", first_name="C"))
    for method in ("get", "post"):
        before = snapshot(played)
        assert getattr(phone, method)(f"/b/{old}/claim/2/", {"display_name": "C"}).status_code == 404
        assert snapshot(played) == before
    for method in ("put", "patch", "delete"):
        assert getattr(phone, method)(f"/b/{played.share_token}/claim/2/").status_code == 405


def test_no_page_of_a_players_lists_or_finds_other_accounts(client, played):
    """There is no route that takes a name and answers whether it is an account: the players' routes take
    a share token, a session the keeper keeps, or the signed-in account's own seats."""
    from django.urls import get_resolver

    patterns = get_resolver().url_patterns
    routes = {
        str(pattern.pattern)
        for pattern in patterns
        if getattr(getattr(pattern, "callback", None), "__module__", "").startswith("tablekeeper.players.views")
    }
    assert {"me/", "b/<slug:token>/claim/<id:seat>/", "sessions/<id:session_id>/claims/<id:seat>/"} <= routes
    converters = {found for route in routes for found in re.findall(r"<[^>]+>", route)}
    assert all(c.startswith("<id:") or c == "<slug:token>" for c in converters), converters
    assert not any("search" in route or "accounts" in route for route in routes), routes
