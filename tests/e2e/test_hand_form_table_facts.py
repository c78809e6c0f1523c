"""On the phone: the kong's "claimed from" picker never offers the kong's owner, and a Shandong winner's
flowers are counted by tapping + beside the patterns, with "More" left closed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tests.conftest import make_session
from tests.e2e.phones import online_phone

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_kong_feeder_picker_hides_the_kongs_owner(browser: Browser, live_server, owner: User) -> None:
    game = make_session(owner, "shandong", base=1)
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        page.locator("#hand-form details.more > summary").click()
        page.locator('#hand-form label.chip:has(input[name="kong_seat_0"][value="2"])').click()
        page.locator('#hand-form label.chip:has(input[name="kong_kind_0"][value="exposed"])').click()
        feeders = '#hand-form .kong-row[data-row="0"] .kong-from label.chip:has(input[value="{}"])'
        expect(page.locator(feeders.format(2))).to_be_hidden()
        expect(page.locator(feeders.format(1))).to_be_visible()
        page.locator('#hand-form label.chip:has(input[name="kong_seat_0"][value="1"])').click()
        expect(page.locator(feeders.format(1))).to_be_hidden()
        expect(page.locator(feeders.format(2))).to_be_visible()


def test_a_shandong_winners_flowers_are_tapped_up_front(browser: Browser, live_server, owner: User) -> None:
    game = make_session(owner, "shandong", base=1)
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        page.locator('#hand-form label.chip:has(input[name="winner"][value="1"])').click()
        flowers = page.locator('#hand-form .winner-flowers input[name="flowers"]')
        expect(flowers).to_be_visible()
        page.locator('#hand-form .winner-flowers .step[data-step="1"]').click()
        page.locator('#hand-form .winner-flowers .step[data-step="1"]').click()
        expect(flowers).to_have_value("2")
        expect(page.locator("#hand-form details.more")).not_to_have_attribute("open", "")


def test_a_counted_pattern_is_counted_by_tapping_without_unticking_it(
    browser: Browser, live_server, owner: User
) -> None:
    game = make_session(owner, "shandong", base=1, options={"honour_set_points": True})
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        chip = page.locator('#hand-form fieldset.patterns label.chip.pattern:has(input[value="honour_pung"])')
        page.locator('#hand-form label.chip:has(input[name="winner"][value="1"])').click()
        chip.evaluate("label => label.scrollIntoView({block: 'center'})")  # clear of the save bar
        chip.click(position={"x": 12, "y": 12})
        expect(chip.locator('input[type="checkbox"]')).to_be_checked()
        chip.locator('.step[data-step="1"]').click()
        expect(chip.locator('input[name="count_honour_pung"]')).to_have_value("2")
        expect(chip.locator('input[type="checkbox"]')).to_be_checked()
