"""In the browser: the tile keyboard, several winners on one discard, finishing and settling up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, expect

from tablekeeper.models import GameSession
from tests.conftest import make_session
from tests.e2e.test_scorekeeping import board_points, engine_points

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def signed_in(page: Page, live_server) -> User:
    user = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return user


def type_tiles(page: Page, keys: str) -> None:
    """Tap keys: a tile as '5s', a mark as '[' ']' '(' ')' '+', backspace as '<'."""
    for token in re.findall(r"\d[mpsz]|[\[\]()+<]", keys):
        if token == "<":
            page.locator('.tile-keyboard button[data-action="back"]').click()
        elif len(token) == 2:
            page.locator(f'.tile-keyboard button[data-tile="{token}"]').click()
        else:
            page.locator(f'.tile-keyboard button[data-insert="{token}"]').click()


def test_the_tile_keyboard_writes_the_notation_and_the_engine_judges_it(page: Page, live_server, artifacts: Path):
    user = signed_in(page, live_server)
    game = make_session(user, "shandong", base=5)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    page.locator("fieldset.winner label.chip").filter(has_text="Bo").click()
    page.locator("fieldset.how .seats4").first.locator("label.chip").filter(has_text="Ann").click()
    page.locator("details.more > summary").click()
    expect(page.locator(".tile-keyboard")).to_be_visible()
    type_tiles(page, "[1m1m1m][4p4p4p]7s7s7s2s2s5s9s<5s+5s")
    expect(page.locator("#tiles-input")).to_have_value("[111m][444p]7772255s+5s")
    expect(page.locator("#preview .tile-verdict.legal")).to_contain_text("The tiles are a legal win.")
    expect(page.locator("#preview .lines")).to_contain_text("The tiles show All triplets for Bo.")
    # RULES.md §4.6: (5 + all triplets 2) × 2 = 14 from Ann, proved by the tiles with no chip tapped.
    expect(page.locator("#preview .seat-changes")).to_contain_text("+14")
    page.screenshot(path=str(artifacts / "tile-keyboard.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the keyboard is wider than the phone"

    page.locator('.tile-keyboard button[data-action="clear"]').click()
    type_tiles(page, "[1m2m3m][4p5p6p]7s8s9s1z1z2s3s+1s")
    expect(page.locator("#tiles-input")).to_have_value("[123m][456p]789s11z23s+1s")
    expect(page.locator("#preview .tile-verdict.illegal")).to_contain_text("The tiles are not a legal win")
    expect(page.locator("#preview .errors")).to_contain_text("2s, 5s or 8s")


def test_two_players_win_on_one_discard_from_the_form(page: Page, live_server, artifacts: Path):
    user = signed_in(page, live_server)
    game = make_session(user, "shandong", base=5)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    page.locator("fieldset.winner label.chip").filter(has_text="Bo").click()
    page.locator("fieldset.how .seats4").first.locator("label.chip").filter(has_text="Ann").click()
    page.locator("details.more-winners > summary").click()
    second = page.locator('fieldset.extra-winner[data-extra="1"]')
    # Neither the first winner nor the discarder can be tapped as a second winner.
    expect(second.locator('input[name="extra_winner_1"][value="0"]')).to_be_disabled()
    expect(second.locator('input[name="extra_winner_1"][value="1"]')).to_be_disabled()
    second.locator("label.chip").filter(has_text="Cy").click()
    expect(page.locator("#preview .seat-changes")).to_contain_text("-10")
    page.screenshot(path=str(artifacts / "hand-form-two-winners.png"), full_page=True)
    page.locator(".save-bar button[value=save]").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    game.refresh_from_db()
    assert [win["seat"] for win in game.rounds.get().record["wins"]] == [1, 2]
    assert board_points(page) == engine_points(game) == [990, 1005, 1005, 1000]


def test_finishing_shows_who_pays_whom_in_money_and_the_owner_can_reopen(page: Page, live_server, artifacts: Path):
    user = signed_in(page, live_server)
    game = make_session(user, "zhengzhou", base=10)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    page.locator("fieldset.winner label.chip").filter(has_text="Cy").click()
    page.locator("fieldset.how label.chip").filter(has_text="Self-draw").click()
    page.locator(".save-bar button[value=save]").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    page.locator("summary", has_text="Finish session").click()
    page.fill("input[name=money_rate]", "0.5")
    page.locator("button", has_text="Yes, finish").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    # RULES.md §5: a self-draw at base 10 costs each other player 10; at 0.5 a point, 5.00 each.
    expect(page.locator(".transfers li")).to_have_count(3)
    expect(page.locator(".transfers")).to_contain_text("Ann pays Cy 10 = 5.00")
    expect(page.locator(".standings li").first).to_contain_text("Cy")
    expect(page.locator("text=Record hand")).to_have_count(0)
    page.screenshot(path=str(artifacts / "finished.png"), full_page=True)
    page.locator("summary", has_text="Reopen session").click()
    page.locator("button", has_text="Yes, reopen").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    expect(page.locator("a", has_text="Record hand")).to_be_visible()
    assert GameSession.objects.get(pk=game.pk).is_open


def test_the_review_pages_fit_the_phone(page: Page, live_server, artifacts: Path):
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
