"""The start form and the board agree on who sits where, as a keeper checks it on a 390×844 phone in
Chinese: the name boxes and the dealer chips name the seats alike, and with a random first dealer
each player is on the board in the seat typed, the dealer drawn being East."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablekeeper.keeping.models import GameSession
from tests.e2e.phones import online_phone

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["张姐", "老王", "小李", "阿强"]
WINDS = "东南西北"


def test_with_a_random_dealer_the_board_seats_each_player_where_the_form_put_them(browser: Browser, live_server):
    owner = User.objects.create_user("keeper")
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/new/")
        boxes = page.locator("fieldset.players label.field")
        chips = page.locator("fieldset.dealer label.chip")
        for seat in range(4):
            # The box and the chip of one seat say the same words.
            expect(boxes.nth(seat)).to_contain_text(f"{seat + 1} 号位")
            expect(chips.nth(seat + 1)).to_have_text(f"{seat + 1} 号位")
            page.fill(f"input[name=player_{seat}]", NAMES[seat])
        chips.filter(has_text="随机").click()
        page.click("#start-form button[type=submit]")
        page.wait_for_url(re.compile(r"/sessions/\d+/$"))

        dealer = GameSession.objects.get(owner=owner).first_dealer
        for seat, name in enumerate(NAMES):
            on_board = page.locator("#board .seat").filter(has_text=name)
            expect(on_board.locator(".seat-no")).to_have_text(f"{seat + 1} 号位")
            expect(on_board.locator(".wind")).to_have_text(WINDS[(seat - dealer) % 4])
        expect(page.locator("#board .seat.is-dealer .name")).to_have_text(NAMES[dealer])
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
