"""The hand form on a phone at a real table, in Chinese at 390×844: on weak signal Save says
保存中… and the preview shows its own spinner; a false win asks who and shows the penalty before
Save; the phone that lost a race to save the same hand is offered the board or the next number."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Round
from tests.conftest import make_session, stands
from tests.e2e.phones import Held, phone, tap

# Two phones racing for one hand, and the outbox under a weak signal: locks and transactions differ by database.
pytestmark = pytest.mark.every_database


def test_on_a_slow_network_save_says_saving_and_the_preview_shows_its_own_spinner(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = make_session(owner, "shenyang", base=1)
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        previews = Held(page, "**/hands/preview/")
        tap(page, "winner", "1")
        tap(page, "how", "self_draw")
        busy = page.locator("#hand-form .preview-busy")
        expect(busy).to_be_visible()
        expect(busy).to_contain_text("正在计算")
        page.screenshot(path=str(artifacts / "slow-preview-zh.png"))
        page.wait_for_timeout(100)
        previews.release()
        expect(page.locator("#preview .seat-changes")).to_be_visible()
        expect(busy).to_be_hidden()

        saves = Held(page, "**/hands/new/")
        save = page.locator('#hand-form button[name="action"][value="save"]')
        # Not at once (a quick Save would flash), but within a moment of 300 ms.
        busy_at_once = page.evaluate(
            """() => {
                const button = document.querySelector('#hand-form button[name="action"][value="save"]');
                button.click();
                return button.classList.contains("is-busy") || button.innerText.includes("保存中");
            }"""
        )
        assert busy_at_once is False
        page.wait_for_timeout(450)
        expect(save).to_have_text("保存中…", use_inner_text=True)
        expect(save.locator(".spinner")).to_be_visible()
        page.screenshot(path=str(artifacts / "slow-save-zh.png"))
        saves.release()
        page.wait_for_url(f"**/sessions/{game.pk}/")
    assert Round.objects.filter(session=game).count() == 1


def test_a_false_win_asks_who_and_the_bar_shows_the_penalty_before_save(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = make_session(owner, "shenyang", base=1, player_names=["安", "博", "慈", "迪"])
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        who = page.locator("#hand-form fieldset.false-win")
        expect(who).to_be_hidden()
        tap(page, "winner", "void")
        expect(who).to_be_visible()
        expect(who).to_contain_text("谁诈胡")
        expect(page.locator("#preview")).to_contain_text("请点选谁诈胡")
        tap(page, "false_win_seat", "2")
        changes = page.locator("#preview .seat-changes b")
        expect(changes).to_have_text(["+8", "+8", "-24", "+8"])
        page.screenshot(path=str(artifacts / "false-win-zh.png"))
        page.locator('#hand-form button[name="action"][value="save"]').click()
        page.wait_for_url(f"**/sessions/{game.pk}/")
    assert Round.objects.get(session=game).deltas == [8, 8, -24, 8]


def test_the_phone_that_lost_the_race_goes_on_as_the_next_hand_with_its_taps(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = make_session(owner, "shenyang", base=1, player_names=["安", "博", "慈", "迪"])
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        tap(page, "winner", "2")
        tap(page, "how", "discard-1")
        expect(page.locator("#preview .seat-changes")).to_be_visible()
        # Meanwhile the other phone saved hand 1.
        stands(services.record_hand(game, {"result": "draw"}, client_token="other", expected_number=1, user=owner))
        page.locator('#hand-form button[name="action"][value="save"]').click()
        choices = page.locator("#hand-form .conflict-choices")
        expect(choices).to_be_visible()
        expect(choices).to_contain_text("第 1 局已由另一台设备保存")
        expect(choices.locator("a")).to_have_text("去看牌桌")
        page.screenshot(path=str(artifacts / "save-conflict-zh.png"))
        choices.locator('button[value="renumber"]').click()
        expect(page.locator("#hand-form h1")).to_have_text("第 2 局")
        expect(page.locator('#hand-form input[name="winner"][value="2"]')).to_be_checked()
        expect(page.locator('#hand-form input[name="how"][value="discard-1"]')).to_be_checked()
        expect(page.locator("#preview .seat-changes")).to_be_visible()
        page.locator('#hand-form button[name="action"][value="save"]').click()
        page.wait_for_url(f"**/sessions/{game.pk}/")
    assert [r.record["result"] for r in Round.objects.filter(session=game).order_by("number")] == ["draw", "win"]
