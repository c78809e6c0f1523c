"""A page the server says is gone is gone offline too: a phone that kept a shared board and its history
(anyone at the table, signed in or not) loses both once the owner turns the link off and the phone
hears the 404, so with no network it shows "No connection", not the hands the link no longer shows."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablekeeper.keeping import services
from tests.conftest import make_session, record_all, win
from tests.e2e.phones import phone, wait_for, wait_until_controlled, wait_until_kept

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
# Names no page of the app has in its own words.
PLAYERS = ["Annabel", "Bertrand", "Cosima", "Dorothea"]
KEPT = """async (path) => {
    for (const name of await caches.keys()) {
        if (name.startsWith("tk-pages-") && await (await caches.open(name)).match(location.origin + path)) return true;
    }
    return false;
}"""


def test_a_shared_board_turned_off_online_is_no_longer_shown_offline_nor_its_history(browser: Browser, live_server):
    owner = User.objects.create_user("owner-of-the-board")
    game = make_session(owner, player_names=PLAYERS)
    record_all(game, [win(1), win(2)], owner)
    board, history = f"/b/{game.share_token}/", f"/b/{game.share_token}/hands/"
    viewer = User.objects.create_user("someone-at-the-table")
    # The board still open when the link goes off polls it once more and htmx logs the 404 it hears.
    gone = re.compile(rf"Response Status Error Code 404 from /b/{game.share_token}/")
    with phone(browser, live_server.url, viewer, also_expected=gone) as page:
        page.context.clear_cookies()  # whoever holds the link, signed in or not
        page.goto(live_server.url + board)
        wait_until_controlled(page)
        page.reload()
        page.goto(live_server.url + history)
        wait_until_kept(page, board, history)
        # Kept, as they should be while the link works: offline, the board opens with its hands.
        page.context.set_offline(True)
        page.goto(live_server.url + board)
        expect(page.locator("body")).to_contain_text(PLAYERS[0])
        page.context.set_offline(False)

        services.set_sharing(game, enabled=False)
        page.goto(live_server.url + board)
        expect(page.locator("h1")).to_have_text("Page not found")
        wait_for(page, f"async () => !(await ({KEPT})({board!r})) && !(await ({KEPT})({history!r}))")

        page.context.set_offline(True)
        for path in (board, history):
            page.goto(live_server.url + path)
            expect(page.locator("h1")).to_have_text("No connection")
            for name in PLAYERS:
                assert name not in page.content(), f"{path} still shows the hands offline"
