"""A scorekeeper's evening, in the browser: what the board shows is what the engine computes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, Request, expect

from tablekeeper.keeping.models import GameSession
from tablekeeper.rules import VARIANT_IDS, get_variant, replay
from tests.conftest import make_session
from tests.e2e.accounts import signed_in
from tests.e2e.conftest import ARTIFACTS, in_ci_only
from tests.e2e.phones import wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def board_points(page: Page) -> list[int]:
    points = {}
    for seat in page.locator("#board .seat").all():
        index = int(seat.get_attribute("data-seat") or "-1")
        points[index] = int(seat.locator(".points").get_attribute("data-points") or "0")
    return [points[index] for index in range(4)]


def engine_points(game: GameSession) -> list[int]:
    """The seat totals a fresh replay of the stored records gives."""
    records = [round_.record for round_ in game.rounds.order_by("number")]
    result = replay(game.variant, records, game.engine_options(), game.starting_state())
    assert result["ok"], result
    return [game.starting_points + total for total in result["totals"]]


def assert_fits_the_phone(page: Page, last_selector: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    box = page.locator(last_selector).first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, f"{last_selector} is below the fold: {box}"


def start_session(page: Page, base_url: str, variant: str, names: list[str]) -> GameSession:
    page.goto(f"{base_url}/sessions/new/")
    page.select_option("select[name=variant]", variant)
    # Wait for htmx to swap in the variant's defaults before filling the form.
    expect(page.locator("#variant-options input[name=base]")).to_have_value(str(get_variant(variant)["default_base"]))
    for index, name in enumerate(names):
        page.fill(f"input[name=player_{index}]", name)
    page.screenshot(path=str(ARTIFACTS / f"start-form-{variant}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the start form is wider than the phone"
    page.click("#start-form button[type=submit]")
    page.wait_for_url(re.compile(r"/sessions/\d+/$"))
    return GameSession.objects.latest("created")


def tap_hand(page: Page, winner: str, how: str | None = None) -> None:
    """Tap the winner (a name or 'Draw'), then how (a discarder's name or 'Self-draw'), then Save."""
    winners = page.locator("fieldset.winner label.chip")
    winners.filter(has_text=winner).first.click()
    if how == "Self-draw":
        page.locator("fieldset.how label.chip").filter(has_text="Self-draw").click()
    elif how is not None:
        page.locator("fieldset.how .seats4").first.locator("label.chip").filter(has_text=how).click()
    expect(page.locator("#preview .seat-changes")).to_be_visible()
    page.locator(".save-bar button[value=save]").click()


def test_a_newcomer_keeps_score_for_an_evening_and_fixes_mistakes(page: Page, live_server, artifacts: Path):
    base = live_server.url
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", "newcomer")
    page.fill("input[name=password1]", "Tiles-and-Winds-9")
    page.fill("input[name=password2]", "Tiles-and-Winds-9")
    page.click("button[type=submit]")
    page.wait_for_url("**/sessions/new/")

    game = start_session(page, base, "shandong", ["Ann", "Bo", "Cy", "Di"])
    expect(page.locator("#board .seat")).to_have_count(4)
    assert board_points(page) == [1000, 1000, 1000, 1000]
    page.screenshot(path=str(artifacts / "board-empty.png"))

    page.click("text=Record hand")
    page.wait_for_url("**/hands/new/")
    page.locator("fieldset.winner label.chip").filter(has_text="Cy").click()
    page.locator("fieldset.how label.chip").filter(has_text="Self-draw").click()
    expect(page.locator("#preview .seat-changes")).to_be_visible()
    page.screenshot(path=str(artifacts / "hand-form.png"))
    page.locator(".save-bar button[value=save]").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    assert board_points(page) == engine_points(game)

    page.click("text=Record hand")
    tap_hand(page, "Ann", "Bo")  # a discard win: Ann on Bo's discard
    page.wait_for_url(f"**/sessions/{game.pk}/")
    page.click("text=Record hand")
    tap_hand(page, "Draw")
    page.wait_for_url(f"**/sessions/{game.pk}/")
    game.refresh_from_db()
    assert game.hand_count == 3
    assert board_points(page) == engine_points(game)
    assert_fits_the_phone(page, ".actions .big")
    page.screenshot(path=str(artifacts / "board-three-hands.png"))

    page.locator("#last-hand summary", has_text="Undo").click()
    page.locator("button", has_text="Yes, undo hand 3").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    expect(page.locator(".messages")).to_contain_text("Hand 3 undone.")
    game.refresh_from_db()
    assert game.hand_count == 2
    assert board_points(page) == engine_points(game)

    page.goto(f"{base}/sessions/{game.pk}/hands/1/edit/")
    page.locator("fieldset.winner label.chip").filter(has_text="Di").click()
    page.locator("fieldset.how label.chip").filter(has_text="Self-draw").click()
    page.locator(".save-bar button[value=save]").click()
    # Di winning hand 1 makes Di the dealer of hand 2: the later hands it changes are listed first.
    expect(page.locator(".later-changes")).to_contain_text("Hand 2")
    page.locator(".save-bar button[value=save]").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    game.refresh_from_db()
    assert game.rounds.get(number=1).record["wins"][0]["seat"] == 3
    assert board_points(page) == engine_points(game)

    page.goto(f"{base}/b/{game.share_token}/")
    assert board_points(page) == engine_points(game)
    page.screenshot(path=str(artifacts / "shared-board.png"))


@pytest.mark.parametrize("variant", in_ci_only(VARIANT_IDS, ci=["dalian", "zhengzhou"]))
def test_a_hand_recorded_in_each_variant_shows_the_engines_points(page: Page, live_server, variant, artifacts):
    user = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    game = start_session(page, live_server.url, variant, ["East", "South", "West", "North"])
    page.click("text=Record hand")
    page.locator("details.more > summary").click()
    page.screenshot(path=str(artifacts / f"hand-form-more-{variant}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the hand form is wider than the phone"
    page.locator("details.more > summary").click()
    tap_hand(page, "South", "Self-draw")
    page.wait_for_url(f"**/sessions/{game.pk}/")
    game.refresh_from_db()
    assert game.hand_count == 1
    assert board_points(page) == engine_points(game)
    assert board_points(page) != [game.starting_points] * 4
    page.screenshot(path=str(artifacts / f"board-{variant}.png"))


def test_the_board_in_dark_mode_is_readable(browser, live_server, artifacts: Path):
    user = User.objects.create_user("night-owl", password="Tiles-and-Winds-9")
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    start_session(page, live_server.url, "harbin", ["Ann", "Bo", "Cy", "Di"])
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 20, 18)"
    page.screenshot(path=str(artifacts / "board-dark.png"))
    context.close()


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
    expect(page.locator(".transfers")).to_contain_text("Ann pays Cy 10 = ¥5.00")
    expect(page.locator(".standings li").first).to_contain_text("Cy")
    expect(page.locator("text=Record hand")).to_have_count(0)
    page.screenshot(path=str(artifacts / "finished.png"), full_page=True)
    page.locator("summary", has_text="Reopen session").click()
    page.locator("button", has_text="Yes, reopen").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    expect(page.locator("a", has_text="Record hand")).to_be_visible()
    assert GameSession.objects.get(pk=game.pk).is_open


def wanted(request: Request) -> bool:
    """A page or a request of the page's own: not its static files."""
    return request.resource_type in ("document", "xhr", "fetch")


def test_a_save_shows_the_board_in_one_round_trip_as_a_load_of_the_board_would(page: Page, live_server, artifacts):
    user = signed_in(page, live_server)
    game = make_session(user, "zhengzhou", base=10)
    board = f"{live_server.url}/sessions/{game.pk}/"
    page.goto(f"{board}hands/new/")
    page.evaluate("window.sameDocument = true")  # gone if the phone loaded a page
    page.locator("fieldset.winner label.chip").filter(has_text="Cy").click()
    page.locator("fieldset.how label.chip").filter(has_text="Self-draw").click()
    expect(page.locator("#preview .seat-changes")).to_be_visible()
    sent: list[str] = []
    page.on("request", lambda request: sent.append(f"{request.method} {request.url}") if wanted(request) else None)
    page.locator(".save-bar button[value=save]").click()
    page.wait_for_url(board)
    expect(page.locator("#last-hand")).to_contain_text("Hand 1")
    # One request: the Save, answered with the board; no page was loaded after it.
    assert sent == [f"POST {board}hands/new/"], sent
    assert page.evaluate("window.sameDocument") is True
    # The board as a load of it shows it: its title, its styles (not the form's), its live status line.
    assert page.title() == "Zhengzhou · TableKeeper"
    # (The board's stylesheet arrives after the swap, on an empty cache: its layout is awaited, not assumed.)
    wait_for(page, "() => getComputedStyle(document.querySelector('#board .table')).display === 'grid'")
    assert page.evaluate("document.querySelectorAll('link[href*=\"form.css\"], #hand-form').length") == 0
    expect(page.locator(".heard")).to_contain_text("Updated")
    assert board_points(page) == engine_points(game) == [990, 990, 1030, 990]
    page.screenshot(path=str(artifacts / "board-after-save.png"))
    # The live board polls the board's address, and Undo on the board the answer drew works.
    assert page.locator("#live-board").get_attribute("hx-get") == f"/sessions/{game.pk}/"
    page.locator("#last-hand summary", has_text="Undo").click()
    page.locator("button", has_text="Yes, undo hand 1").click()
    expect(page.locator(".messages")).to_contain_text("Hand 1 undone.")
    assert GameSession.objects.get(pk=game.pk).hand_count == 0
    # Back, from the board a Save drew, opens the form anew: for the next hand, not the taps saved.
    page.goto(f"{board}hands/new/")
    tap_hand(page, "Bo", "Self-draw")
    page.wait_for_url(board)
    page.go_back()
    page.wait_for_url(f"{board}hands/new/")
    expect(page.locator("#hand-form input[name=expected_number]")).to_have_value("2")
    expect(page.locator("#hand-form input[name=winner]:checked")).to_have_count(0)


def test_an_edit_shows_the_board_with_what_changed_and_the_boards_outbox(page: Page, live_server):
    user = signed_in(page, live_server)
    game = make_session(user, "zhengzhou", base=10)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    tap_hand(page, "Cy", "Self-draw")
    page.wait_for_url(f"**/sessions/{game.pk}/")
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/1/edit/")
    assert not page.evaluate("Boolean(window.TKOutboxWatch)"), "the edit form loads no outbox"
    page.locator("fieldset.winner label.chip").filter(has_text="Di").click()
    page.locator("fieldset.how label.chip").filter(has_text="Self-draw").click()
    page.locator(".save-bar button[value=save]").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    expect(page.locator(".messages")).to_contain_text("Hand 1 changed; later hands re-scored.")
    assert page.title() == "Zhengzhou · TableKeeper"
    # The board keeps the hands kept on this phone in view: its outbox came with the answer.
    assert page.evaluate("Boolean(window.TKOutboxWatch)")
    assert board_points(page) == engine_points(game) == [990, 990, 990, 1030]
