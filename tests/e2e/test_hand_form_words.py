"""What a Chinese keeper sees on the hand form at 390×844: a pattern's count only once its chip is
on, the winning tiles drawn as faces and checked while typing (no tap elsewhere needed), a
refused tile hand naming the requirement it fails, the dice double under its own heading; and,
offline, the queue line saying who won and "all sent" said calmly."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tests.conftest import make_session
from tests.e2e.phones import offline_on_the_hand_form, phone, small_tap_targets

pytestmark = [pytest.mark.e2e]


def test_counts_tiles_and_the_dice_double_read_as_a_chinese_keeper_expects(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = make_session(owner, "shenyang", base=1, player_names=["安", "博", "慈", "迪"])
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        dragons = page.locator('#hand-form label.chip.pattern:has(input[value="dragon_pung"])')
        expect(dragons.locator(".stepper")).to_be_hidden()
        dragons.locator("> span:not(.stepper)").click(force=True)  # the chip's checkbox covers it, as a finger finds it
        expect(dragons.locator(".stepper")).to_be_visible()
        expect(dragons.locator(".stepper input")).to_have_value("1")

        page.locator('#hand-form label.chip:has(input[name="winner"][value="1"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="self_draw"])').click()
        dragons.locator("> span:not(.stepper)").click(force=True)  # the chip's checkbox covers it, as a finger finds it
        page.locator("#hand-form details.more > summary").click()
        expect(page.locator("#hand-form fieldset.dice legend")).to_have_text("骰子")

        # Typed, never leaving the field: the faces and the verdict follow the typing.
        field = page.locator("#tiles-input")
        field.click()
        field.press_sequentially("123m456p789s222s1m+1m", delay=20)
        expect(page.locator(".tiles-faces svg")).to_have_count(14)
        expect(page.locator(".tiles-faces .group.winning svg")).to_have_count(1)
        verdict = page.locator("#preview .tile-verdict")
        expect(verdict).to_contain_text("这手牌不是合法的胡牌", timeout=5_000)
        expect(page.locator("#preview .errors")).to_contain_text("博胡的牌：要开门")
        assert page.evaluate("document.activeElement.id") == "tiles-input"
        page.screenshot(path=str(artifacts / "tiles-typed-refused-zh.png"))

        field.fill("")
        field.press_sequentially("[123m]456p789s222s1m+1m", delay=20)
        expect(page.locator(".tiles-faces .group.claimed svg")).to_have_count(3)
        expect(verdict).to_contain_text("这手牌是合法的胡牌", timeout=5_000)
        assert small_tap_targets(page, "#hand-form .chip, #hand-form button:not([hidden])") == []


@pytest.mark.django_db(transaction=True)
def test_offline_the_queue_line_says_who_won_and_all_sent_is_said_calmly(
    browser: Browser, live_server, artifacts: Path
):
    owner = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    game = make_session(owner, "shenyang", base=1, player_names=["安", "博", "慈", "迪"])
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        offline_on_the_hand_form(page, live_server.url, game)
        page.locator('#hand-form label.chip:has(input[name="winner"][value="2"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="discard-1"])').click()
        page.locator("#hand-form button[value=save]").click()
        outbox = page.locator("#outbox")
        expect(outbox).to_contain_text("还有 1 局没上传")
        # Shenyang passes the deal on when another seat wins: 博 deals hand 2, and the chips say so.
        expect(page.locator("#hand-form h1")).to_have_text("第 2 局")
        chips = page.locator("#hand-form fieldset.winner .seat-chip")
        expect(chips.nth(1)).to_have_text("东 博 庄", use_inner_text=True)
        expect(chips.nth(0)).to_have_text("北 安", use_inner_text=True)
        expect(chips.nth(2)).to_have_text("南 慈", use_inner_text=True)
        page.screenshot(path=str(artifacts / "offline-winds-kept-zh.png"))
        page.locator("#outbox details.outbox-details > summary").click()
        expect(outbox.locator(".outbox-entry .what")).to_contain_text("慈胡，博点炮")
        # A draw kept too: 博 keeps the deal for hand 3; past what the page was told, no winds.
        page.locator('#hand-form label.chip:has(input[name="winner"][value="draw"])').click()
        page.locator("#hand-form button[value=save]").click()
        expect(page.locator("#hand-form h1")).to_have_text("第 3 局")
        expect(chips.nth(1)).to_have_text("东 博 庄", use_inner_text=True)
        page.locator('#hand-form label.chip:has(input[name="winner"][value="0"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="self_draw"])').click()
        page.locator("#hand-form button[value=save]").click()
        expect(page.locator("#hand-form h1")).to_have_text("第 4 局")
        expect(chips.nth(1)).to_have_text("博", use_inner_text=True)
        page.screenshot(path=str(artifacts / "offline-queue-line-zh.png"))

        page.context.set_offline(False)
        expect(outbox).to_contain_text("已全部上传", timeout=20_000)
        expect(outbox).to_have_class("outbox calm")
        accent = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()")
        border = page.evaluate("getComputedStyle(document.getElementById('outbox')).borderTopColor")
        assert accent == "#b3261e" and border != "rgb(179, 38, 30)"
