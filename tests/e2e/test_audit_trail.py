"""The corrections record on a 390×844 phone in Chinese: after hand 5 is deleted, the renumbered
hand 6 shows its own corrections, and the deleted hand's are a tap away from the history; a later
hand re-scored by a correction says why and by how much, and so do the share board and the summary."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablekeeper.keeping import services
from tests.conftest import draw, make_session, record_all, stands, win
from tests.e2e.phones import online_phone

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_after_a_delete_each_hand_shows_its_own_record_and_the_deleted_one_stays_findable(
    browser: Browser, live_server
):
    owner = User.objects.create_user("老王")
    game = make_session(owner, player_names=["张姐", "老王", "小李", "阿强"])
    record_all(game, [win(0), draw(), win(0), draw(), win(0), draw(), win(0)], owner)
    stands(services.edit_hand(game, 7, win(1), user=owner))
    stands(services.edit_hand(game, 5, win(3), user=owner))
    stands(services.delete_hand(game, 5, user=owner))
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/6/")
        trail = page.locator(".card.audit details")
        expect(trail).to_have_count(2)  # its own add and edit, as hand 7 then
        expect(trail.first.locator("summary")).to_contain_text("当时为第 7 局")
        expect(page.locator(".card.audit")).not_to_contain_text("删除")

        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/")
        page.get_by_role("link", name="已删除和撤销的局").click()
        page.wait_for_url("**/hands/removed/")
        removed = page.locator(".removed-hand")
        expect(removed).to_have_count(1)
        expect(removed.locator("h2")).to_have_text("第 5 局（已删除）")
        expect(removed.locator("details")).to_have_count(3)  # added, edited, deleted
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        expect(removed).to_contain_text("阿强")  # the edit's record, said in words
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_correction_is_followed_to_the_later_hand_it_re_scored_and_onto_the_share_board(
    browser: Browser, live_server, artifacts
):
    owner = User.objects.create_user("keeper-login", first_name="老王")
    game = make_session(owner, "shenyang", base=10, player_names=["老王", "小李", "阿强", "大刘"])
    record_all(game, [win(0), win(0), draw(), win(2)], owner)
    stands(services.edit_hand(game, 1, win(1), user=owner))  # the deal moves: hand 2's self-draw pays less
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/2/")
        # Why and by how much, in the entry's heading: seen without opening it.
        rescored = page.locator(".card.audit details.rescored summary")
        expect(rescored).to_contain_text("因第 1 局更正：老王 ")
        expect(rescored.locator(".points-moved")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(artifacts / "trace-rescored-hand.png"), full_page=True)

        page.goto(f"{live_server.url}/b/{game.share_token}/")
        line = page.locator(".board-changes li")
        expect(line).to_have_count(1)
        expect(line).to_contain_text("由老王更正：")
        expect(line).to_contain_text("局重新计分")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

        page.goto(f"{live_server.url}/b/{game.share_token}/summary/")
        expect(page.locator(".hand-row").first.locator(".mark")).to_have_text("已更正")
        expect(page.locator(".hand-row").nth(1).locator(".mark")).to_have_text("已重算")
