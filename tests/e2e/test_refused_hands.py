"""A hand the rules refuse, as the keeper meets it on a phone: why, in their language, beside the fact
at fault and in the bar; nothing saved; fixed with one tap; and no script or CSP error on the way
(htmx re-renders the form after a refused Save)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablekeeper.keeping.models import Round
from tests.conftest import make_session
from tests.e2e.phones import online_phone

HEAVENLY = '#hand-form label.chip:has(input[name="patterns"][value="heavenly_hand"])'
WORDS = {
    "zh-hans": {"why": "「勾了天和」与「胡牌者不是庄家」不能同时成立", "not_saved": "未保存"},
    "en": {"why": "Only the dealer (Ann) can win a heavenly hand", "not_saved": "Not saved"},
}


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_refused_hand_says_why_beside_the_pattern_saves_nothing_and_one_tap_fixes_it(
    browser: Browser, live_server, owner: User, artifacts: Path, language: str
):
    game = make_session(owner, "shandong", base=5)
    words = WORDS[language]
    with online_phone(browser, live_server.url, owner, language) as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        page.locator('#hand-form label.chip:has(input[name="winner"][value="2"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="self_draw"])').click()
        page.locator(HEAVENLY).click()
        # Cy is not the dealer: the bar says so before Save.
        expect(page.locator("#preview .errors")).to_contain_text(words["why"] if language == "en" else "Cy")
        # A screenshot leaves style="" on the text inputs (Playwright hides the caret), as extensions and
        # autofill do on real phones: htmx must not copy style attributes over in the swap (CSP).
        page.screenshot(path=str(artifacts / f"refused-hand-preview-{language}.png"))
        page.locator("#hand-form button[value=save]").click()

        beside = page.locator("#hand-form fieldset.patterns + .error, #hand-form fieldset.patterns .error").first
        expect(page.locator("#hand-form")).to_contain_text(words["why"])
        expect(page.locator("#preview")).to_contain_text(words["not_saved"])
        expect(beside).to_be_visible()
        if language == "zh-hans":
            # A Chinese page says it all in Chinese: no engine English, not even behind a 详情 tap.
            expect(page.locator('#hand-form [lang="en"]')).to_have_count(0)
            expect(page.locator("#hand-form")).not_to_contain_text("Only the dealer")
        page.screenshot(path=str(artifacts / f"refused-hand-{language}.png"), full_page=True)
        assert Round.objects.filter(session=game).count() == 0

        page.locator(HEAVENLY).click()
        expect(page.locator("#preview .seat-changes")).to_be_visible()
        page.locator("#hand-form button[value=save]").click()
        page.wait_for_url(f"**/sessions/{game.pk}/")
    assert [round_.record["wins"][0]["seat"] for round_ in Round.objects.filter(session=game)] == [2]


def test_a_refused_hand_the_table_insists_on_is_kept_as_a_manual_adjustment_in_two_taps(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = make_session(owner, "shandong", base=5, player_names=["安", "博", "慈", "迪"])
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        page.locator('#hand-form label.chip:has(input[name="winner"][value="2"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="self_draw"])').click()
        page.locator(HEAVENLY).click()
        expect(page.locator("#preview .errors")).to_contain_text("慈")
        page.locator("#hand-form button[value=save]").click()
        insist = page.locator("#preview details.insist")
        expect(insist.locator("summary")).to_have_text("仍要记下：按手工调整…")
        insist.locator("summary").click()  # tap 1
        insist.locator('input[name="insist_note"]').fill("牌桌认定慈天和")
        page.screenshot(path=str(artifacts / "refused-hand-insist-zh.png"))
        insist.locator('button[value="insist"]').click()  # tap 2
        page.wait_for_url(f"**/sessions/{game.pk}/")
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/")
        expect(page.locator("main")).to_contain_text("手工调整")
    saved = Round.objects.get(session=game)
    assert saved.record["result"] == "void" and saved.record["penalties"][0]["note"] == "牌桌认定慈天和"
