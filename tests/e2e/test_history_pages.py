"""The paged history and the players page on a 390×844 phone, in English and in Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tablekeeper.keeping.services.exchange import import_session
from tests.conftest import make_session
from tests.e2e.accounts import signed_in
from tests.e2e.test_phone_review import assert_no_sideways_scroll, small_targets
from tests.exports import self_draw, zhengzhou_export

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def long_evening(owner, hands: int = 75):
    records = [{"result": "draw"} if number % 7 == 0 else self_draw(number % 4) for number in range(1, hands + 1)]
    return import_session(owner, zhengzhou_export(["Anneliese", "Bartholomew", "翠花", "Di"], records))


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_history_pages_back_a_long_evening_thirty_hands_at_a_time(
    page: Page, live_server, artifacts: Path, language: str
):
    owner = signed_in(page, live_server)
    game = long_evening(owner)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/")
    rows = page.locator("tr.hand-row")
    expect(rows).to_have_count(30)
    expect(rows.first.locator("th.no b")).to_have_text("75")
    expect(page.locator(".chart .end-label")).to_have_count(4)
    assert_no_sideways_scroll(page)
    assert small_targets(page) == []
    page.screenshot(path=str(artifacts / f"history-{language}.png"), full_page=True)
    older = page.locator("#older-hands a")
    older.click()
    expect(rows).to_have_count(60)
    page.locator("#older-hands a").click()
    expect(rows).to_have_count(75)
    expect(page.locator("#older-hands")).to_have_count(0)
    expect(rows.last.locator("th.no b")).to_have_text("1")
    assert_no_sideways_scroll(page)
    # A tap on a hand's number opens its reasons.
    rows.last.locator("th.no a").click()
    page.wait_for_url(f"**/sessions/{game.pk}/hands/1/")
    expect(page.locator("ul.lines li").first).to_be_visible()


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_players_page_fits_the_phone_with_net_points(page: Page, live_server, artifacts: Path, language: str):
    owner = signed_in(page, live_server)
    long_evening(owner)
    long_evening(owner, 20)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/players/")
    expect(page.locator(".stats tbody tr")).to_have_count(4)
    assert_no_sideways_scroll(page)
    assert small_targets(page) == []
    page.screenshot(path=str(artifacts / f"players-{language}.png"), full_page=True)
    expect(page.locator(".stats thead th").last).to_have_text("净胜" if language == "zh-hans" else "Net")


def test_the_history_chart_the_players_page_and_the_finished_board_fit_the_phone(
    page: Page, live_server, artifacts: Path
):
    user = signed_in(page, live_server)
    game = make_session(user, "shandong", base=5, player_names=["Anneliese", "Bartholomew", "Cy", "Di"])
    for winner, how in (("Cy", "Self-draw"), ("Anneliese", "Bartholomew"), ("Di", "Self-draw")):
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        page.locator("fieldset.winner label.chip").filter(has_text=winner).click()
        if how == "Self-draw":
            page.locator("fieldset.how label.chip").filter(has_text="Self-draw").click()
        else:
            page.locator("fieldset.how .seats4").first.locator("label.chip").filter(has_text=how).click()
        page.locator(".save-bar button[value=save]").click()
        page.wait_for_url(f"**/sessions/{game.pk}/")
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/")
    expect(page.locator(".chart polyline")).to_have_count(4)
    page.screenshot(path=str(artifacts / "history-chart.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the history is wider than the phone"
    page.goto(f"{live_server.url}/players/")
    expect(page.locator(".stats tbody tr")).to_have_count(4)
    page.screenshot(path=str(artifacts / "players.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the players page is wider than the phone"
    page.goto(f"{live_server.url}/sessions/{game.pk}/")
    page.locator("summary", has_text="Finish session").click()
    page.locator("button", has_text="Yes, finish").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    expect(page.locator(".transfers li").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the finished board is wider than the phone"
