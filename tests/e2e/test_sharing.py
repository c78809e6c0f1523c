"""Sharing the board, as a person at the table sees it on a 390×844 phone in Chinese: the share
button only where the phone can share, and the shared board saying what the keeper corrected."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Browser, expect

from tablekeeper import services
from tablekeeper.models import Correction
from tests.conftest import draw, make_session, record_all, win
from tests.e2e.phones import phone, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NO_SHARE_SHEET = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
# A phone with a share sheet that takes links: what it was handed is kept for the test to read.
A_SHARE_SHEET = """
Navigator.prototype.canShare = function (data) { return Boolean(data && data.url); };
Navigator.prototype.share = function (data) { window.sharedWith = data; return Promise.resolve(); };
"""


def test_the_share_button_shows_only_where_the_phone_can_share_and_hands_it_the_board_link(
    browser: Browser, live_server
):
    owner = User.objects.create_user("keeper")
    game = make_session(owner)
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.add_init_script(NO_SHARE_SHEET)
        page.goto(f"{live_server.url}/sessions/{game.pk}/share/")
        expect(page.get_by_role("button", name="复制链接")).to_be_visible()
        # `hidden` holds although buttons are display:inline-flex: no button that does nothing.
        expect(page.get_by_role("button", name="分享…")).to_be_hidden()
        assert page.locator("[data-share]").evaluate("(el) => getComputedStyle(el).display") == "none"

    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.add_init_script(A_SHARE_SHEET)
        page.goto(f"{live_server.url}/sessions/{game.pk}/share/")
        button = page.get_by_role("button", name="分享…")
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
        button.click()
        wait_for(page, "() => Boolean(window.sharedWith)")
        shared = page.evaluate("() => window.sharedWith")
        assert shared["url"] == f"{live_server.url}/b/{game.share_token}/"


def test_the_shared_board_says_in_chinese_which_hand_the_keeper_corrected_and_when(browser: Browser, live_server):
    # The board names the keeper by the display name chosen, never the log-in name.
    owner = User.objects.create_user("wang-login", first_name="老王")
    game = make_session(owner)
    record_all(game, [win(0), draw(), win(1), win(0), draw()], owner)
    services.edit_hand(game, 5, win(2), user=owner)
    services.delete_hand(game, 2, user=owner)
    at = timezone.localtime(Correction.objects.get(session=game, action="edit").when).strftime("%H:%M")
    viewer = User.objects.create_user("viewer")
    with phone(browser, live_server.url, viewer, "zh-hans") as page:
        page.goto(f"{live_server.url}/b/{game.share_token}/")
        changes = page.locator(".board-changes")
        expect(changes).to_contain_text(f"第 4 局 {at} 由老王更正")
        expect(changes).to_contain_text("由老王删除")
        expect(page.locator("body")).not_to_contain_text("wang-login")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_nothing_marked_hidden_shows_on_any_page_whatever_its_class_says(browser: Browser, live_server):
    owner = User.objects.create_user("keeper")
    game = make_session(owner)
    record_all(game, [win(0)], owner)
    paths = ["/sessions/", f"/sessions/{game.pk}/", f"/sessions/{game.pk}/share/", f"/sessions/{game.pk}/hands/new/"]
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.add_init_script(NO_SHARE_SHEET)
        for path in paths:
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            shown = page.evaluate(
                "() => [...document.querySelectorAll('[hidden]')]"
                ".filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.outerHTML.slice(0, 80))"
            )
            assert shown == [], path
