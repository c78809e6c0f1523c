"""Two phones at one table, and a network that comes and goes: a second keeper's hand reaches the
owner's board by itself, the board says when it last heard from the server, and a request that
fails says so and can be retried."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Keeper, Round
from tests.conftest import make_session, stands
from tests.e2e.phones import (
    board_points,
    offline_on_the_hand_form,
    phone,
    replayed_totals,
    small_tap_targets,
    tap_and_save,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_second_keeper_records_a_hand_and_the_owners_board_shows_it(browser: Browser, live_server, artifacts: Path):
    owner = User.objects.create_user("keeper")
    second = User.objects.create_user("second", first_name="Auntie Li")
    game = make_session(owner, "shandong", base=5)
    Keeper.objects.create(session=game, user=second, added_by=owner)
    with phone(browser, live_server.url, owner) as owners, phone(browser, live_server.url, second) as seconds:
        owners.goto(f"{live_server.url}/sessions/{game.pk}/")
        expect(owners.locator(".heard")).to_contain_text("Updated")

        seconds.goto(f"{live_server.url}/sessions/")
        expect(seconds.locator(".session-list")).to_contain_text("kept with keeper")
        seconds.click(".session-list a")
        seconds.click("text=Record hand")
        tap_and_save(seconds, "Di", "Self-draw")
        seconds.wait_for_url(f"**/sessions/{game.pk}/")

        # No reload on the owner's phone: the board polls and redraws itself.
        expect(owners.locator("#board .hand-no")).to_have_text("Hand 2", timeout=15_000)
        expect(owners.locator("#last-hand .headline")).to_have_text("Hand 1 Di wins by self-draw.")
        game.refresh_from_db()
        assert board_points(owners) == replayed_totals(game)
        owners.screenshot(path=str(artifacts / "owner-board-after-second-keeper.png"))
        saved = Round.objects.get(session=game)
        assert saved.entered_by == second

        owners.goto(f"{live_server.url}/sessions/{game.pk}/hands/1/")
        # Named by the display name the second keeper chose, never the log-in name.
        expect(owners.locator(".audit")).to_contain_text("added · Auntie Li")
        expect(owners.locator("main")).not_to_contain_text("second")


def test_the_live_board_says_when_it_last_heard_and_recovers_by_itself_after_a_gap(browser: Browser, live_server):
    owner = User.objects.create_user("keeper")
    game = make_session(owner)
    with phone(browser, live_server.url, owner) as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/")
        heard = page.locator(".heard")
        expect(heard).to_contain_text("Updated")
        page.context.set_offline(True)
        expect(heard).to_contain_text("No connection: the board as of")
        # Another phone saves a hand during the gap.
        stands(services.record_hand(game, {"result": "draw"}, client_token="elsewhere", expected_number=1, user=owner))
        page.context.set_offline(False)
        expect(heard).to_contain_text("Updated", timeout=15_000)
        expect(page.locator("#board .hand-no")).to_have_text("Hand 2", timeout=15_000)


def test_a_correction_that_cannot_reach_the_server_says_so_and_can_be_retried(browser: Browser, live_server):
    owner = User.objects.create_user("keeper")
    game = make_session(owner)
    stands(
        services.record_hand(
            game,
            {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": []}]},
            client_token="first",
            expected_number=1,
            user=owner,
        )
    )
    with phone(browser, live_server.url, owner) as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/1/edit/")
        page.context.set_offline(True)
        page.locator("fieldset.winner label.chip").filter(has_text="Di").first.click()
        page.locator("#hand-form button[value=save]").click()
        status = page.locator("#net-status")
        expect(status).to_be_visible()
        expect(status).to_contain_text("No connection: nothing was sent.")
        expect(page.locator("#hand-form button[value=save]")).to_be_enabled()
        assert Round.objects.get(session=game).record["wins"][0]["seat"] == 2
        assert small_tap_targets(page, "#net-status button") == []

        page.context.set_offline(False)
        # The preview works again; that says nothing about the Save, whose message stays.
        page.locator("#hand-form").dispatch_event("change")
        expect(page.locator("#preview .seat-changes")).to_be_visible()
        expect(status).to_contain_text("No connection: nothing was sent.")
        status.get_by_role("button", name="Retry").click()
        page.wait_for_url(f"**/sessions/{game.pk}/")
        assert Round.objects.get(session=game).record["wins"][0]["seat"] == 3


def test_the_offline_screens_read_in_chinese_and_fit_the_phone(browser: Browser, live_server, artifacts: Path):
    owner = User.objects.create_user("keeper")
    User.objects.create_user("second")
    game = make_session(owner, "shandong", base=5)
    with phone(browser, live_server.url, owner, language="zh-hans") as page:
        board = offline_on_the_hand_form(page, live_server.url, game)
        tap_and_save(page, "Cy", "自摸")
        outbox = page.locator("#outbox")
        expect(outbox).to_contain_text("还有 1 局没上传")
        expect(outbox).to_contain_text("第 1 局已存在这部手机上")
        expect(page.locator("#hand-form h1")).to_have_text("第 2 局")
        expect(page.locator("#preview")).to_contain_text("预览需要连服务器")
        page.screenshot(path=str(artifacts / "offline-form-zh.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        save = page.locator("#hand-form button[value=save]").bounding_box()
        assert save is not None and save["y"] + save["height"] <= 844, "Save stays on screen"

        page.goto(board)
        expect(outbox).to_contain_text("上面的分数还不包括这几局")
        expect(page.locator(".heard")).to_contain_text("没有网络")
        outbox.locator("summary", has_text="查看").click()
        expect(outbox).to_contain_text("等待上传")
        page.screenshot(path=str(artifacts / "offline-board-zh.png"), full_page=True)
        assert small_tap_targets(page, "#outbox button, #outbox summary, .actions .button") == []
        record = page.locator(".actions .big").bounding_box()
        assert record is not None and record["y"] + record["height"] <= 844, "Record hand stays on screen offline"

        page.context.set_offline(False)
        expect(outbox).to_contain_text("手机上存的各局已全部上传", timeout=20_000)
        page.goto(f"{board}keepers/")
        page.fill("input[name=username]", "second")
        page.get_by_role("button", name="发送邀请").click()
        expect(page.locator(".messages")).to_contain_text(
            "如果有名为“second”的账号，它会在自己的牌局列表里看到你的邀请"
        )
        page.get_by_role("button", name="生成一次性邀请链接").click()
        expect(page.locator(".qr svg")).to_be_visible()
        page.screenshot(path=str(artifacts / "keepers-zh.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert small_tap_targets(page, "main button, main summary, main .button") == []


# The Chinese screens above run in CI; the same screens in English, nightly (tests/e2e/conftest.py in_ci_only).
@pytest.mark.nightly
def test_the_offline_screens_fit_the_phone_in_english(browser: Browser, live_server, artifacts: Path):
    owner = User.objects.create_user("keeper")
    game = make_session(owner, "harbin")
    with phone(browser, live_server.url, owner) as page:
        offline_on_the_hand_form(page, live_server.url, game)
        tap_and_save(page, "Bo", "Self-draw")
        expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
        page.screenshot(path=str(artifacts / "offline-form-en.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert small_tap_targets(page, "#outbox button, #outbox summary, #outbox a") == []
        page.context.set_offline(False)
        expect(page.locator("#outbox")).to_contain_text("All hands kept on this phone were sent.", timeout=20_000)
        page.goto(f"{live_server.url}/sessions/{game.pk}/keepers/")
        page.get_by_role("button", name="Make a one-time invitation link").click()
        expect(page.locator(".qr svg")).to_be_visible()
        page.screenshot(path=str(artifacts / "keepers-en.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert small_tap_targets(page, "main button, main summary, main .button") == []
