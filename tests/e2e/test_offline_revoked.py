"""The shared phone after a revoke: a keeper leaves the club phone signed in, goes home and changes
the password. The next person to open the app on that phone, on one bar of signal, must not see the
board the phone kept for the ended session, though the phone heard nothing from the server since the
change and still holds the old cookie. The keeper who changed nothing still gets the kept board on the
same slow network, and offline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.test import Client
from playwright.sync_api import Browser, expect

from tablekeeper.web import offline
from tablekeeper.web.middleware import offline_key
from tests.conftest import make_session
from tests.e2e.phones import open_board_kept_offline, phone, slow_page, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "Tiles-and-Winds-9"
NEW_PASSWORD = "Fresh-Tiles-2468"
# The page's answer comes this much later than the worker waits before it considers a kept copy.
# Later still than the worker waits for the server's answer about its key, however busy the server.
LATER_THAN_THE_KEY_CHECK_S = (offline.KEY_CHECK_AFTER_MS + offline.KEY_CHECK_TIMEOUT_MS + 2000) / 1000
# Names no page of the app has in its own words.
PLAYERS = ["Annabel", "Bertrand", "Cosima", "Dorothea"]
NOTHING_KEPT = "() => caches.keys().then((names) => !names.some((name) => name.startsWith('tk-pages-')))"


@pytest.fixture
def key_answers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the server answered each time the worker asked for its key (views.offline.offline_key_check)."""
    answers: list[str] = []

    def answered(request: HttpRequest) -> str:
        answers.append(offline_key(request))
        return answers[-1]

    monkeypatch.setattr(offline, "offline_key", answered)
    return answers


def change_password_elsewhere(user: User) -> None:
    """The keeper, at home, on another device: the real password-change form."""
    home = Client()
    assert home.post("/accounts/login/", {"username": user.username, "password": PASSWORD}).status_code == 302
    changed = home.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert changed.status_code == 302


def test_after_a_password_change_elsewhere_a_slow_network_never_shows_the_board_the_phone_kept(
    browser: Browser, live_server, artifacts: Path, key_answers: list[str]
):
    keeper = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(keeper, player_names=PLAYERS)
    with phone(browser, live_server.url, keeper) as club_phone:
        board = open_board_kept_offline(club_phone, live_server.url, game)
        held = {cookie["name"]: cookie["value"] for cookie in club_phone.context.cookies(live_server.url)}
        assert held.get("tk_account"), "the phone holds the session's key"
        # The keeper leaves the phone; it hears nothing more from the server (no board polling).
        club_phone.goto("about:blank")

        change_password_elsewhere(keeper)

        # The next person opens the board on one bar of signal. The phone still holds the old cookie
        # and the board it kept; the worker asks the server before showing it, and the server says
        # the key is gone: the phone waits for the server's own answer, the log-in page.
        slowed, asked_before = slow_page(club_phone, board), len(key_answers)
        shown: list[str] = []
        club_phone.on("framenavigated", lambda frame: shown.append(frame.url) if frame.parent_frame is None else None)
        answer = club_phone.goto(board, timeout=30_000)
        assert slowed, "the board really came over the slowed network"
        # No page was ever shown at the board's address: the first page shown is the log-in page.
        assert board not in shown and answer is not None and "/accounts/login/" in answer.url
        assert key_answers[asked_before:] == [""], "the worker asked, and the server said the key is gone"
        expect(club_phone).to_have_url(re.compile(r"/accounts/login/"))
        club_phone.screenshot(path=str(artifacts / "offline-revoked-slow-network.png"))
        expect(club_phone.locator("#board")).to_have_count(0)
        for name in PLAYERS:
            assert name not in club_phone.content(), "the board kept for the ended session was shown"
        # Nothing of the ended session is kept any more: offline, the board is not there either.
        wait_for(club_phone, NOTHING_KEPT)
        club_phone.context.set_offline(True)
        club_phone.goto(board)
        expect(club_phone.locator("h1")).to_have_text("No connection")
        assert PLAYERS[0] not in club_phone.content()


def test_the_same_keeper_still_gets_the_kept_board_on_a_slow_network_and_offline(
    browser: Browser, live_server, artifacts: Path, key_answers: list[str]
):
    keeper = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(keeper, player_names=PLAYERS)
    with phone(browser, live_server.url, keeper) as own_phone:
        board = open_board_kept_offline(own_phone, live_server.url, game)
        own_phone.goto("about:blank")

        # The server confirms the key (nothing changed), so the kept board is shown once the
        # patience runs out, before the network's answer (a stand-in page, never shown) arrives.
        late = "<p id='late'>The network's late answer</p>"
        slowed = slow_page(own_phone, board, network_answer=late, delay=LATER_THAN_THE_KEY_CHECK_S)
        asked_before = len(key_answers)
        own_phone.goto(board, timeout=30_000)
        assert slowed, "the board really came over the slowed network"
        expect(own_phone.locator("#board .seat")).to_have_count(4)
        key = {cookie["name"]: cookie["value"] for cookie in own_phone.context.cookies(live_server.url)}["tk_account"]
        assert key_answers[asked_before:] == [key], "shown as the server confirmed the key, not for want of an answer"
        expect(own_phone.locator("#board")).to_contain_text(PLAYERS[0])
        expect(own_phone.locator("#late")).to_have_count(0)
        own_phone.screenshot(path=str(artifacts / "offline-kept-board-slow-network.png"))

        own_phone.context.unroute(re.compile(re.escape(board) + "$"))
        own_phone.context.set_offline(True)
        own_phone.goto("about:blank")
        own_phone.goto(board)
        expect(own_phone.locator("#board .seat")).to_have_count(4)
        expect(own_phone.locator(".heard")).to_contain_text("No connection")
