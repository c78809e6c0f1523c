"""Three real evenings (issue 35), in Chromium: what a keeper says is saved as said (a closed player, a plain
self-draw where the table has no 杠上开花, in two taps), a hand kept offline whose number another phone took and
freed meanwhile is shown before it is sent, and the start form's fee summary follows the kind tapped."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.rules import get_variant, settle
from tests.conftest import make_session
from tests.e2e.phones import kept_hands, offline_on_the_hand_form, phone, tap_and_save, wait_for
from tests.e2e.test_phrase_box import say

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "Tiles-and-Winds-9"
# Tap counter: the taps a person makes on the page from now on (Playwright's clicks are trusted, as a finger's).
COUNT_TAPS = """() => {
    window.tapsSeen = 0;
    document.addEventListener("pointerdown", (event) => { if (event.isTrusted) window.tapsSeen += 1; }, true);
}"""


def table(owner: User, variant: str, preset: str, names: list[str]) -> GameSession:
    options = next(dict(p["options"]) for p in get_variant(variant)["presets"] if p["id"] == preset)
    base = int(str(options.pop("base", get_variant(variant)["default_base"])))
    options.pop("starting_points", None)
    return make_session(owner, variant, base=base, player_names=names, options=options, city_preset=preset)


def test_a_closed_player_said_at_shenyang_is_saved_closed(browser: Browser, live_server: Any) -> None:
    owner = User.objects.create_user("shenyang-keeper", password=PASSWORD)
    # 沈阳·网络版 plays seven pairs; 老王 (seat 0) deals, 阿强 sits third.
    game = table(owner, "shenyang", "rust_server", ["老王", "小李", "阿强", "张姐"])
    with phone(browser, live_server.url, owner, language="zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        say(page, "阿强自摸七对 老王没开门")
        wait_for(page, "() => document.querySelector('#preview .seat-changes') !== null")
        assert page.locator('#hand-form input[name="closed_0"]').is_checked()
        page.locator('#hand-form button[value="save"]').click()
        wait_for(page, "() => document.getElementById('hand-form') === null")
    saved = Round.objects.get(session=game)
    assert saved.record["wins"] == [{"seat": 2, "method": "self_draw", "patterns": ["seven_pairs"]}]
    closed = saved.record["seats"][0]
    assert closed is not None and closed["opened"] is False
    # 老王 pays the closed double: more than the same hand with him open.
    opened = {**saved.record, "seats": [{}, {}, {}, {}]}
    assert saved.deltas[0] < settle("shenyang", opened, game.starting_state(), game.engine_options())["deltas"][0]


def test_a_kong_bloom_said_where_the_table_has_none_saves_a_plain_self_draw_in_two_taps(
    browser: Browser, live_server: Any
) -> None:
    owner = User.objects.create_user("harbin-keeper", password=PASSWORD)
    # Harbin has no 杠上开花: a kong replacement draw is a plain self-draw there (RULES §3.6).
    game = table(owner, "harbin", "go_server", ["老孙", "李哥", "周姐", "小马"])
    with phone(browser, live_server.url, owner, language="zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        page.evaluate(COUNT_TAPS)
        say(page, "李哥杠上开花")  # a tap on the box, then the words (the keyboard's microphone)
        asks = page.locator(".phrase-asks")
        expect(asks).to_contain_text("听到“杠上开花”：这桌按普通自摸算。")
        save = page.locator('#hand-form button[value="save"]')
        assert save.is_enabled(), "Save is never locked while a valid record stands"
        assert page.locator('#hand-form input[name="winner"][value="1"]').is_checked()
        assert page.locator('#hand-form input[name="how"][value="self_draw"]').is_checked()
        wait_for(page, "() => document.querySelector('#preview .seat-changes') !== null")
        save.click()
        wait_for(page, "() => document.getElementById('hand-form') === null")
        assert page.evaluate("() => window.tapsSeen") == 2
    saved = Round.objects.get(session=game)
    assert saved.record["wins"] == [{"seat": 1, "method": "self_draw", "patterns": []}]
    assert saved.deltas == [-1, 3, -1, -1]  # 哈尔滨·网络版's plain self-draw is worth 1


def test_an_item_the_table_does_not_score_is_asked_about_with_its_answers_and_never_locks_save(
    browser: Browser, live_server: Any
) -> None:
    owner = User.objects.create_user("shenyang-keeper", password=PASSWORD)
    # 沈阳·网络版 does not score 杠上炮 (RULES §9.3.10).
    game = table(owner, "shenyang", "rust_server", ["老刘", "王姐", "大陈", "小赵"])
    with phone(browser, live_server.url, owner, language="zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        say(page, "大陈胡了小赵点的杠上炮")
        asks = page.locator(".phrase-asks")
        expect(asks).to_contain_text("这桌不算杠上炮：还有别的番吗？")
        save = page.locator('#hand-form button[value="save"]')
        assert save.is_enabled()
        page.evaluate(COUNT_TAPS)
        asks.get_by_role("button", name="没有别的了").click()
        expect(asks).to_be_hidden()
        wait_for(page, "() => document.querySelector('#preview .seat-changes') !== null")
        save.click()
        wait_for(page, "() => document.getElementById('hand-form') === null")
        assert page.evaluate("() => window.tapsSeen") == 2
    saved = Round.objects.get(session=game)
    assert saved.record["wins"] == [{"seat": 2, "method": "discard", "from": 3, "patterns": []}]


def test_a_hand_kept_offline_whose_number_was_taken_and_freed_meanwhile_is_shown_before_it_is_sent(
    browser: Browser, live_server: Any
) -> None:
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner)
    with phone(browser, live_server.url, owner) as page:
        board = offline_on_the_hand_form(page, live_server.url, game)
        tap_and_save(page, "Cy", "Self-draw")
        expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
        page.goto(board)

        # Meanwhile another phone saves hand 1 and undoes it: the number is free again.
        services.record_hand(game, {"result": "draw"}, client_token="other-phone", expected_number=1, user=owner)
        services.undo_last_hand(game, user=owner)

        page.context.set_offline(False)
        outbox = page.locator("#outbox")
        expect(outbox).to_contain_text(
            "not sent: hand 1 was saved and taken back on another phone meanwhile", timeout=20_000
        )
        expect(outbox).to_contain_text("1 hand needs you")
        assert [entry["state"] for entry in kept_hands(page)] == ["conflict"]
        assert not Round.objects.filter(session=game).exists(), "never sent silently"

        # The keeper looked: the hand is wanted, and it is sent as hand 1 on purpose, once.
        outbox.get_by_role("button", name="Send it as hand 1 all the same").click()
        expect(outbox).to_contain_text("All hands kept on this phone were sent.", timeout=20_000)
        saved = Round.objects.get(session=game)
        assert saved.number == 1 and saved.record["wins"][0]["seat"] == 2


def test_the_start_forms_fee_summary_follows_the_kind_tapped(browser: Browser, live_server: Any) -> None:
    owner = User.objects.create_user("fee-keeper", password=PASSWORD)
    with phone(browser, live_server.url, owner, language="zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/new/")
        summary = page.locator("details.table-fee > summary small")
        assert summary.inner_text().strip() == "不收台费"  # what shows, not the kinds kept hidden beside it
        page.locator("details.table-fee > summary").click()
        page.locator('details.table-fee label.chip:has(input[name="fee_kind"][value="hourly"])').click()
        hourly = page.locator('details.table-fee input[name="fee_kind"][value="hourly"]').evaluate(
            "(input) => input.closest('label').textContent.trim()"
        )
        wait_for(
            page,
            "(text) => document.querySelector('details.table-fee > summary small').innerText.trim() === text",
            hourly,
        )
        assert "不收台费" not in summary.inner_text()
