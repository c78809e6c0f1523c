"""The account pages as a newcomer and an owner meet them on a 390×844 phone in Chinese: the
log-in page an invitation leads to, its "forgot your password" link as a finger's target, sign-up
errors that look like errors, and the keeper invitation's Copy and Share buttons."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page

from tablekeeper.keeping import services
from tests.conftest import make_session
from tests.e2e.conftest import PHONE
from tests.e2e.phones import wait_for
from tests.e2e.test_phone_review import small_targets
from tests.e2e.test_site_crawl import ALLOWED_LATIN, LATIN_WORDS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="zh-CN")
    context.set_default_timeout(10_000)
    yield context
    context.close()


def open_page(context: BrowserContext) -> tuple[Page, list[str]]:
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return page, problems


def test_the_log_in_page_of_an_invited_newcomer_names_the_invitation_in_chinese(phone, live_server, artifacts):
    # Invitations name the owner by the display name chosen, never by the log-in name.
    owner = User.objects.create_user("wang-login", first_name="老王", password="Tiles-and-Winds-9")
    game = make_session(owner, "shenyang", player_names=["张姐", "小李", "阿强", "老周"])
    invitation = services.new_invitation(game, by=owner)
    page, problems = open_page(phone)
    page.goto(live_server.url + invitation.get_absolute_url())
    page.screenshot(path=str(artifacts / "login-invited-zh.png"), full_page=True)
    card = page.locator(".invited")
    invited = card.inner_text()
    assert "老王邀请你" in invited and "沈阳" in invited and "张姐 · 小李 · 阿强 · 老周" in invited
    latin = {word for word in page.evaluate(LATIN_WORDS, []) if len(word) > 1} - ALLOWED_LATIN
    assert latin == set() and small_targets(page) == [] and problems == []
    card.locator("a.button").click()
    page.wait_for_url("**/accounts/signup/**")
    page.fill("input[name=username]", "新来的")
    page.fill("input[name=password1]", "Tiles-and-Winds-9")
    page.fill("input[name=password2]", "Tiles-and-Winds-9")
    page.locator("form button[type=submit]").click()
    page.wait_for_url(f"**/join/{invitation.token}/")
    assert "老王邀请你" in page.inner_text("main")


def test_the_forgotten_password_link_is_a_fingers_target(phone, live_server):
    page, _ = open_page(phone)
    page.goto(live_server.url + "/accounts/login/")
    box = page.get_by_role("link", name="忘记密码？").bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box


def test_sign_up_errors_look_like_errors_not_like_help_text(phone, live_server, artifacts):
    page, _ = open_page(phone)
    page.goto(live_server.url + "/accounts/signup/")
    page.fill("input[name=username]", "newcomer")
    page.fill("input[name=password1]", "123")
    page.fill("input[name=password2]", "123")
    page.locator("form button[type=submit]").click()
    page.wait_for_load_state()
    error = page.locator(".errorlist").first
    assert error.is_visible()
    page.screenshot(path=str(artifacts / "signup-errors-zh.png"), full_page=True)
    look = "(element) => { const s = getComputedStyle(element); return [s.color, s.borderLeftWidth, s.fontWeight]; }"
    error_color, border, weight = error.evaluate(look)
    help_color = page.locator(".helptext").first.evaluate(look)[0]
    assert error_color != help_color and border != "0px" and int(weight) >= 600


def owner_phone(context: BrowserContext, live_server) -> tuple[Page, list[str], int]:
    owner = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    game = make_session(owner)
    services.new_invitation(game, by=owner)
    client = Client()
    client.force_login(owner)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page, problems = open_page(context)
    return page, problems, game.pk


def test_the_invitation_link_copies_and_hides_share_where_the_phone_has_no_share_sheet(phone, live_server):
    phone.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page, problems, pk = owner_phone(phone, live_server)
    page.add_init_script("delete Navigator.prototype.share;")
    page.goto(f"{live_server.url}/sessions/{pk}/keepers/")
    share = page.locator("[data-share]")
    assert share.count() == 1 and not share.is_visible()
    copy = page.locator("[data-copy]")
    box = copy.bounding_box()
    assert copy.is_visible() and box is not None and box["height"] >= 44
    copy.click()
    wait_for(page, "() => document.querySelector('[data-share-status]').textContent.length > 0")
    assert "/join/" in page.evaluate("navigator.clipboard.readText()")
    assert problems == []


def test_the_invitation_link_opens_the_share_sheet_where_there_is_one(phone, live_server):
    page, problems, pk = owner_phone(phone, live_server)
    page.add_init_script("navigator.share = (data) => { window.shared = data; return Promise.resolve(); };")
    page.goto(f"{live_server.url}/sessions/{pk}/keepers/")
    share = page.locator("[data-share]")
    assert share.is_visible()
    share.click()
    assert "/join/" in page.evaluate("window.shared.url")
    assert problems == []


def test_an_invitation_by_user_name_waits_on_the_sessions_page_in_chinese_and_is_accepted(phone, live_server):
    owner = User.objects.create_user("wang-login", first_name="老王", password="Tiles-and-Winds-9")
    game = make_session(owner, "shenyang", player_names=["张姐", "小李", "阿强", "老周"])
    invited = User.objects.create_user("小美", password="Tiles-and-Winds-9")
    services.request_keeper(game, "小美", by=owner)
    client = Client()
    client.force_login(invited)
    phone.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page, problems = open_page(phone)
    page.goto(live_server.url + "/sessions/")
    card = page.locator(".keeper-request")
    assert "老王邀请你" in card.inner_text() and page.locator(f'a[href="/sessions/{game.pk}/"]').count() == 0
    names = ["老王", "张姐", "小李", "阿强", "老周"]
    latin = {word for word in page.evaluate(LATIN_WORDS, names) if len(word) > 1} - ALLOWED_LATIN
    assert latin == set() and small_targets(page) == [] and problems == []
    card.get_by_role("button", name="接受").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    assert services.sessions_kept_by(invited).filter(pk=game.pk).exists()
