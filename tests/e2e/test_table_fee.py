"""The table fee on the start form in Chromium at 390×844: only the chosen kind's fields show (CSS
alone), and a fee above the stakes is asked about before anything starts."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser

from tablekeeper.models import GameSession
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["老王", "Lee", "小张", "阿芳"]


def test_a_fee_is_chosen_on_the_start_form_and_one_above_the_stakes_is_asked_about(browser: Browser, live_server):
    owner = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    client = Client()
    client.force_login(owner)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
            {"name": "django_language", "value": "zh-hans", "url": live_server.url},
        ]
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{live_server.url}/sessions/new/?variant=shenyang")
    for seat, name in enumerate(NAMES):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    page.locator('input[name="base"]').fill("2")
    page.locator("details.table-fee > summary").click()
    assert not page.locator(".fee-amount").is_visible()  # no fee: nothing to fill in
    page.locator("label.chip", has=page.locator('input[value="per_hand"]')).click()
    assert page.locator(".fee-amount").is_visible() and page.locator(".fee-self-draw").is_visible()
    assert not page.locator(".fee-percent").is_visible()
    page.locator('input[name="fee_amount"]').fill("5")
    page.locator('#start-form button[type="submit"]').click()
    question = page.locator(".fee-confirm")
    question.wait_for()
    assert "确定吗" in page.locator("details.table-fee").inner_text()
    assert not GameSession.objects.exists()
    question.click()
    page.locator('#start-form button[type="submit"]').click()
    page.wait_for_url(f"{live_server.url}/sessions/*/")
    session = GameSession.objects.get()
    assert (session.fee_kind, session.fee_amount) == ("per_hand", Decimal(5))
    context.close()
    assert not problems, problems
