"""Sharing the board, as a person at the table sees it on a 390×844 phone in Chinese: the share
button only where the phone can share, and the shared board and its history saying what the keeper
corrected, in both languages, until the link is turned off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Browser, expect

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction
from tests.conftest import draw, make_session, record_all, stands, win
from tests.e2e.phones import online_phone, wait_for

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
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.add_init_script(NO_SHARE_SHEET)
        page.goto(f"{live_server.url}/sessions/{game.pk}/share/")
        expect(page.get_by_role("button", name="复制链接")).to_be_visible()
        # `hidden` holds although buttons are display:inline-flex: no button that does nothing.
        expect(page.get_by_role("button", name="分享…")).to_be_hidden()
        assert page.locator("[data-share]").evaluate("(el) => getComputedStyle(el).display") == "none"

    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
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


def test_the_shared_board_and_its_history_say_what_the_keeper_corrected_until_the_link_is_turned_off(
    browser: Browser, live_server, artifacts: Path, settings: Any
):
    # The board names the keeper by the display name chosen, never the log-in name.
    owner = User.objects.create_user("wang-login", first_name="老王")
    game = make_session(owner)
    record_all(game, [win(0), draw(), win(1), win(0), draw()], owner)
    stands(services.edit_hand(game, 5, win(2), user=owner))
    stands(services.delete_hand(game, 2, user=owner))
    edit, delete = (Correction.objects.get(session=game, action=action).when for action in ("edit", "delete"))
    at, deleted_at = (timezone.localtime(when).strftime("%H:%M") for when in (edit, delete))
    board = f"{live_server.url}/b/{game.share_token}/"
    viewer = User.objects.create_user("viewer")
    with online_phone(browser, live_server.url, viewer, "zh-hans") as page:
        # Whoever holds the link, signed in or not.
        page.context.clear_cookies()
        page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
        page.goto(board)
        changes = page.locator(".board-changes")
        expect(changes).to_contain_text(f"第 4 局 {at} 由老王更正")
        expect(changes).to_contain_text("由老王删除")
        expect(page.locator("body")).not_to_contain_text("wang-login")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

        # The board's history: every hand, newest first, its reasons, the corrected one marked.
        page.get_by_role("link", name="历史").click()
        page.wait_for_url(f"{board}hands/")
        rows = page.locator("tr.hand-row")
        expect(rows.locator("th.no b")).to_have_text(["4", "3", "2", "1"])
        hand_4 = page.locator("tr.hand-why").first
        expect(hand_4.locator(".mark")).to_have_text("已更正")
        expect(hand_4.locator(".headline")).to_contain_text("Cy自摸")
        expect(hand_4.locator("ul.lines li").first).to_be_visible()
        expect(page.locator(".removed-hands")).to_contain_text(f"第 2 局 {deleted_at} 被删除")
        expect(page.locator("main")).not_to_contain_text("老王")  # who entered or fixed a hand: not here
        expect(page.locator("main form, main a[href*='/sessions/']")).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(artifacts / "shared-history-zh.png"), full_page=True)

        # The same page in English, switched on the page.
        page.locator("form.lang button").click()
        expect(page.locator("h1")).to_have_text("History")
        expect(page.locator("tr.hand-why").first.locator(".mark")).to_have_text("corrected")
        expect(page.locator(".removed-hands")).to_contain_text(f"Hand 2 deleted at {deleted_at}")

        # Turned off: the app's own 404, in the viewer's language, with a way back; no hand shown.
        services.set_sharing(game, enabled=False)
        page.reload()
        expect(page.locator("h1")).to_have_text("Page not found")
        expect(page.locator("main")).not_to_contain_text("Cy")
        page.locator("form.lang button").click()
        expect(page.locator("h1")).to_have_text("找不到这一页")
        assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).backgroundColor") == "rgb(15, 81, 50)"
        page.get_by_role("link", name="登录").click()
        page.wait_for_url("**/accounts/login/**")

        # A page the server fails on: the app's own 500, in the viewer's language, with a way back.
        settings.ROOT_URLCONF = "tests.e2e.failing_urls"
        page.goto(f"{live_server.url}/failing-page/")
        expect(page.locator("h1")).to_have_text("出了点问题")
        expect(page.get_by_role("link", name="我的场次")).to_be_visible()
        assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).backgroundColor") == "rgb(15, 81, 50)"
        page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
        page.reload()
        expect(page.locator("h1")).to_have_text("Something went wrong")
        page.get_by_role("link", name="My sessions").click()
        page.wait_for_url("**/accounts/login/**")


def test_nothing_marked_hidden_shows_on_any_page_whatever_its_class_says(browser: Browser, live_server):
    owner = User.objects.create_user("keeper")
    game = make_session(owner)
    record_all(game, [win(0)], owner)
    paths = ["/sessions/", f"/sessions/{game.pk}/", f"/sessions/{game.pk}/share/", f"/sessions/{game.pk}/hands/new/"]
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.add_init_script(NO_SHARE_SHEET)
        for path in paths:
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            shown = page.evaluate(
                "() => [...document.querySelectorAll('[hidden]')]"
                ".filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.outerHTML.slice(0, 80))"
            )
            assert shown == [], path
