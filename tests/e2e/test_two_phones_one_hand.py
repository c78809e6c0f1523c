"""Two keepers' phones at one table (two browser contexts, 390×844). When both enter the same hand,
the phone that saves second is shown what the other saved beside what it entered, and records
nothing more; a different hand can go in as the next one on purpose. A phone whose Save reached the
server but whose answer was lost, while the other phone undid that hand, follows the server within
one poll: the right hand number and dealer, and no word of a hand waiting to be sent."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Locator, Page, Route, expect

from tablekeeper.keeping.models import GameSession, Round
from tests.conftest import race_table
from tests.e2e.phones import Held, kept_hands, offline_on_the_hand_form, phone, tap, tap_and_save

# Two phones racing for one hand, and the outbox under a weak signal: locks and transactions differ by database.
pytestmark = pytest.mark.every_database

NAMES = ["安", "博", "慈", "迪"]


def open_form(page: Page, base_url: str, game: GameSession) -> None:
    page.goto(f"{base_url}/sessions/{game.pk}/hands/new/")


def save(page: Page) -> None:
    page.locator('#hand-form button[name="action"][value="save"]').click()


def dealer_chip(page: Page, seat: int) -> Locator:
    return page.locator(f'#hand-form .seat-chip:has(input[name="winner"][value="{seat}"])')


def test_two_phones_that_enter_the_same_hand_record_it_once(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = race_table(owner, player_names=NAMES)
    with (
        phone(browser, live_server.url, owner, "zh-hans") as first,
        phone(browser, live_server.url, owner, "zh-hans") as second,
    ):
        for keeper in (first, second):
            open_form(keeper, live_server.url, game)
            tap(keeper, "winner", "2")
            tap(keeper, "how", "discard-1")
            expect(keeper.locator("#preview .seat-changes")).to_be_visible()
        save(first)
        first.wait_for_url(f"**/sessions/{game.pk}/")

        save(second)
        choices = second.locator("#hand-form .conflict-choices")
        expect(choices).to_contain_text("第 1 局已由另一台设备保存")
        expect(choices.locator(".race-verdict")).to_have_text("两边记的是同一局。")
        theirs = choices.locator('[data-race="theirs"]')
        expect(theirs).to_contain_text("另一台设备保存的")
        expect(theirs).to_contain_text("慈")
        saved = Round.objects.get(session=game, number=1)
        expect(theirs.locator(".seat-changes b")).to_have_text([f"{delta:+d}" for delta in saved.deltas])
        expect(choices.locator('[data-race="mine"] .seat-changes b')).to_have_text(
            [f"{delta:+d}" for delta in saved.deltas]
        )
        # The seat chips keep hand 1's winds and 庄.
        expect(dealer_chip(second, 0).locator("b")).to_have_text("东")
        expect(dealer_chip(second, 0).locator("i")).to_have_text("庄")
        expect(dealer_chip(second, 0).locator("i")).to_be_visible()
        expect(dealer_chip(second, 2).locator("b")).to_be_visible()
        same = choices.locator("a[data-same-hand]")
        expect(same).to_have_text("一样，不用再记")
        second.screenshot(path=str(artifacts / "race-same-hand-zh.png"))
        same.click()
        second.wait_for_url(f"**/sessions/{game.pk}/")
    assert Round.objects.filter(session=game).count() == 1


def test_a_different_hand_saved_second_is_shown_beside_the_first_and_goes_in_next_on_purpose(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = race_table(owner)
    with phone(browser, live_server.url, owner) as first, phone(browser, live_server.url, owner) as second:
        open_form(first, live_server.url, game)
        open_form(second, live_server.url, game)
        tap(first, "winner", "0")
        tap(first, "how", "self_draw")
        tap(second, "winner", "2")
        tap(second, "how", "discard-1")
        expect(second.locator("#preview .seat-changes")).to_be_visible()
        save(first)
        first.wait_for_url(f"**/sessions/{game.pk}/")

        save(second)
        choices = second.locator("#hand-form .conflict-choices")
        expect(choices.locator(".race-verdict")).to_have_text("The two phones entered different hands.")
        expect(choices.locator('[data-race="theirs"] .race-how')).to_contain_text("Ann")
        expect(choices.locator('[data-race="mine"] .race-how')).to_contain_text("Cy")
        expect(choices.locator("a[data-same-hand]")).to_have_count(0)
        expect(choices.locator("a")).to_have_text("Go to the board")
        expect(dealer_chip(second, 0).locator("i")).to_have_text("庄")
        second.screenshot(path=str(artifacts / "race-different-hand-en.png"))
        choices.locator('button[value="renumber"]').click()
        expect(second.locator("#hand-form h1")).to_have_text("Hand 2")
        expect(second.locator('#hand-form input[name="winner"][value="2"]')).to_be_checked()
        save(second)
        second.wait_for_url(f"**/sessions/{game.pk}/")
    assert [r.record["wins"][0]["seat"] for r in Round.objects.filter(session=game).order_by("number")] == [0, 2]


def test_a_phone_whose_answer_was_lost_follows_an_undo_on_the_other_phone_within_one_poll(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = race_table(owner, player_names=NAMES)
    board = f"{live_server.url}/sessions/{game.pk}/"
    with phone(browser, live_server.url, owner, "zh-hans") as second:
        open_form(second, live_server.url, game)

        # The Save reaches the server, which records hand 1; its answer is lost on the way back.
        def answer_lost(route: Route) -> None:
            if route.request.method != "POST":
                route.continue_()
                return
            route.fetch()
            route.abort()

        second.route("**/hands/new/", answer_lost)
        # The outbox's retries wait, as on a bad signal, until the other phone has undone hand 1.
        retries = Held(second, "**/hands/outbox/")
        tap(second, "winner", "2")
        tap(second, "how", "discard-1")
        expect(second.locator("#preview .seat-changes")).to_be_visible()
        save(second)
        outbox = second.locator("#outbox")
        expect(outbox).to_contain_text("第 1 局已存在这部手机上，联网后会自动上传")
        expect(second.locator("#hand-form h1")).to_have_text("第 2 局")
        [kept] = Round.objects.filter(session=game)

        with phone(browser, live_server.url, owner, "zh-hans") as first:
            first.goto(board)
            first.locator("#last-hand summary", has_text="撤销").click()
            first.locator("#last-hand button", has_text="第 1 局").click()
            expect(first.locator("#last-hand")).to_be_hidden()
        assert not Round.objects.filter(session=game).exists()
        retries.release()

        # Within a poll, without a reload: hand 1 again, dealt by 安, and no hand said to be waiting.
        expect(second.locator("#hand-form h1")).to_have_text("第 1 局", timeout=15_000)
        expect(outbox).not_to_contain_text("联网后会自动上传")
        expect(dealer_chip(second, 0).locator("i")).to_have_text("庄")
        expect(dealer_chip(second, 0).locator("b")).to_have_text("东")
        expect(second.locator("#hand-form .table-line")).to_have_text("庄家安")
        expect(second.locator("#hand-form .table-line")).to_be_visible()
        second.screenshot(path=str(artifacts / "undone-elsewhere-follows-zh.png"), full_page=True)

        # Entered again and saved, it is sent at once as hand 1, on a token of its own (the old one
        # stays spent, and its kept copy stays listed for the keeper to delete).
        second.unroute("**/hands/new/")
        tap(second, "winner", "2")
        tap(second, "how", "discard-1")
        save(second)
        second.wait_for_url(f"**/sessions/{game.pk}/")
    saved = Round.objects.get(session=game)
    assert saved.number == 1 and saved.client_token != kept.client_token


def test_a_hand_kept_offline_that_the_other_phone_saved_the_same_is_dropped_not_doubled(
    browser: Browser, live_server, owner: User
):
    game = race_table(owner, player_names=NAMES)
    with phone(browser, live_server.url, owner, "zh-hans") as second:
        offline_on_the_hand_form(second, live_server.url, game)
        tap_and_save(second, "慈", "自摸")
        expect(second.locator("#outbox")).to_contain_text("第 1 局已存在这部手机上")

        with phone(browser, live_server.url, owner, "zh-hans") as first:
            open_form(first, live_server.url, game)
            tap(first, "winner", "2")
            tap(first, "how", "self_draw")
            expect(first.locator("#preview .seat-changes")).to_be_visible()
            save(first)
            first.wait_for_url(f"**/sessions/{game.pk}/")

        second.context.set_offline(False)
        outbox = second.locator("#outbox")
        expect(outbox).to_contain_text("第 1 局另一台设备已经保存，和这部手机记的是同一局，没有再记。", timeout=20_000)
        assert kept_hands(second) == []
        # The form, drawn for hand 2 after the kept hand, is right as it is.
        expect(second.locator("#hand-form h1")).to_have_text("第 2 局")
    assert Round.objects.filter(session=game).count() == 1
