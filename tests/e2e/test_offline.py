"""A table in a basement: hands recorded with the network cut are kept on the phone, survive a
reload, and reach the server once each, in order, when it comes back; a hand the server will not
take is shown for fixing, never dropped; the pages open without a network."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Route, expect

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Keeper, Round
from tablekeeper.web import offline
from tests.conftest import make_session, record_all, stands, win
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.e2e.phones import (
    NETWORK_CUTS,
    REQUESTS_FAIL,
    board_points,
    cut_network,
    failed_polls,
    kept_hands,
    offline_on_the_hand_form,
    open_board_kept_offline,
    phone,
    replayed_totals,
    restore_network,
    slow_page,
    small_tap_targets,
    tap_and_save,
    until,
    wait_for,
    wait_until_controlled,
    wait_until_kept,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "Tiles-and-Winds-9"


# Every line the board's status line (.heard) shows, from the page's first moment, in window.tkHeard: what the
# keeper read, including anything said and replaced between two looks. Playwright adds it to each new page.
RECORD_THE_STATUS_LINE = """
window.tkHeard = [];
new MutationObserver(() => {
  const line = document.querySelector(".heard");
  const said = line && !line.hidden ? line.textContent : "";
  if (said && said !== window.tkHeard[window.tkHeard.length - 1]) window.tkHeard.push(said);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


@pytest.mark.parametrize("cut", NETWORK_CUTS)
def test_a_kept_board_says_no_connection_whatever_the_browser_says_until_the_server_answers(
    browser: Browser, live_server, artifacts: Path, cut: str
):
    """The phone opens the board the worker kept: whether the browser knows it is offline or says it is online
    while every request fails (one bar of signal, a captive portal), the board says from its first moment that it
    is a copy, and keeps saying so through the polls that fail; once the server answers it is the server's board
    again, a hand another phone saved meanwhile included."""
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner)
    with phone(browser, live_server.url, owner, language="zh-hans") as page:
        board = open_board_kept_offline(page, live_server.url, game)
        page.goto("about:blank")
        page.context.add_init_script(RECORD_THE_STATUS_LINE)
        cut_network(page, cut)
        failed = failed_polls(page)

        page.goto(board)
        expect(page.locator("#board .seat")).to_have_count(4)
        assert page.evaluate("navigator.onLine") is (cut == REQUESTS_FAIL)
        # As the page opens, before any poll could have answered: the copy says what it is.
        heard = page.locator(".heard")
        assert heard.inner_text().startswith("没有网络：这是 "), heard.inner_text()
        # A poll went out and got no answer: the line still says the board is a copy.
        until(page, lambda: bool(failed))
        expect(heard).to_contain_text("没有网络：这是")
        shot = "unanswered" if cut == REQUESTS_FAIL else "offline"
        page.screenshot(path=str(artifacts / f"offline-kept-board-{shot}-zh.png"))

        # Another phone saves a hand meanwhile; then the server answers this one again.
        services.record_hand(game, {"result": "draw"}, client_token="elsewhere", expected_number=1, user=owner)
        restore_network(page, cut)
        expect(heard).to_contain_text("已更新", timeout=15_000)
        expect(page.locator("#board .hand-no")).to_have_text("第 2 局")
        said: list[str] = page.evaluate("window.tkHeard")
        updated = [index for index, line in enumerate(said) if "已更新" in line]
        assert (
            said[0].startswith("没有网络：这是 ")
            and updated
            and all(line.startswith("没有网络：这是 ") for line in said[: updated[0]])
        ), said


@pytest.mark.parametrize("cut", NETWORK_CUTS)
def test_three_hands_recorded_offline_survive_a_reload_and_are_saved_once_in_order(
    browser: Browser, live_server, artifacts: Path, cut: str
):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner, "shandong", base=5)
    with phone(browser, live_server.url, owner) as page:
        board = offline_on_the_hand_form(page, live_server.url, game, cut)
        assert page.evaluate("navigator.onLine") is (cut == REQUESTS_FAIL)

        tap_and_save(page, "Cy", "Self-draw")
        expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
        expect(page.locator("#hand-form h1")).to_have_text("Hand 2")
        expect(page.locator("#preview")).to_contain_text("the preview needs the server")
        tap_and_save(page, "Ann", "Bo")
        expect(page.locator("#outbox")).to_contain_text("2 hands not sent yet")
        tap_and_save(page, "Draw")
        expect(page.locator("#outbox")).to_contain_text("3 hands not sent yet")
        expect(page.locator("#hand-form h1")).to_have_text("Hand 4")
        page.screenshot(path=str(artifacts / "offline-form-three-kept.png"))

        page.reload()
        expect(page.locator("#hand-form h1")).to_have_text("Hand 4")
        expect(page.locator("#outbox")).to_contain_text("3 hands not sent yet")
        page.goto(board)
        expect(page.locator("#outbox")).to_contain_text("3 hands not sent yet")
        expect(page.locator("#outbox")).to_contain_text("The totals above do not include them yet.")
        expect(page.locator(".heard")).to_contain_text("No connection: the board as of")
        assert board_points(page) == [1000, 1000, 1000, 1000]
        page.screenshot(path=str(artifacts / "offline-board-three-kept.png"))
        assert Round.objects.filter(session=game).count() == 0
        tokens = [entry["token"] for entry in kept_hands(page)]
        assert len(set(tokens)) == 3, "each kept hand has its own client token"

        # Where the browser never thought it was offline, no "online" event comes: the board's poll that gets
        # through again is what sends the kept hands.
        restore_network(page, cut)
        expect(page.locator("#outbox")).to_contain_text("All hands kept on this phone were sent.", timeout=20_000)
        expect(page.locator("#board .hand-no")).to_have_text("Hand 4")
        expect(page.locator(".heard")).to_contain_text("Updated")
        rounds = list(Round.objects.filter(session=game).order_by("number"))
        assert [round_.client_token for round_ in rounds] == tokens
        assert [round_.record["result"] for round_ in rounds] == ["win", "win", "draw"]
        assert [round_.record["wins"][0]["seat"] for round_ in rounds[:2]] == [2, 0]
        assert rounds[1].record["wins"][0]["method"] == "discard" and rounds[1].record["wins"][0]["from"] == 1
        game.refresh_from_db()
        assert board_points(page) == replayed_totals(game)
        assert kept_hands(page) == []


def test_a_kept_hand_that_conflicts_with_another_keepers_hand_is_shown_for_fixing_and_nothing_is_lost(
    browser: Browser, live_server, artifacts: Path
):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    second = User.objects.create_user("second", password=PASSWORD)
    game = make_session(owner)
    Keeper.objects.create(session=game, user=second, added_by=owner)
    with phone(browser, live_server.url, owner) as page:
        board = offline_on_the_hand_form(page, live_server.url, game)
        tap_and_save(page, "Cy", "Self-draw")
        expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
        page.goto(board)

        # Meanwhile the second keeper, who has a signal, saves hand 1 from their phone.
        stands(
            services.record_hand(game, {"result": "draw"}, client_token="second-phone", expected_number=1, user=second)
        )
        page.context.set_offline(False)
        outbox = page.locator("#outbox")
        expect(outbox).to_contain_text("conflicts with the hands on the server", timeout=20_000)
        expect(outbox).to_contain_text("Hand 1 was already saved from another device.")
        expect(outbox).to_contain_text("1 hand needs you")
        assert [entry["state"] for entry in kept_hands(page)] == ["conflict"]
        assert list(Round.objects.filter(session=game).values_list("client_token", flat=True)) == ["second-phone"]
        page.screenshot(path=str(artifacts / "offline-conflict.png"), full_page=True)
        assert small_tap_targets(page, "#outbox button, #outbox a, #outbox summary") == []

        outbox.get_by_role("button", name="Send as hand 2").click()
        expect(outbox).to_contain_text("All hands kept on this phone were sent.", timeout=20_000)
        saved = Round.objects.get(session=game, number=2)
        assert saved.record["wins"][0]["seat"] == 2 and saved.entered_by == owner
        assert Round.objects.filter(session=game).count() == 2


def test_a_kept_hand_that_another_phone_undid_is_not_sent_again_and_says_so(
    browser: Browser, live_server, artifacts: Path
):
    """The Save reached the server, its answer never came back, so the hand stayed in the outbox;
    meanwhile a second keeper undid that hand. Sending it again must not bring it back."""
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner)
    with phone(browser, live_server.url, owner) as page:
        board = offline_on_the_hand_form(page, live_server.url, game)
        tap_and_save(page, "Cy", "Self-draw")
        expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
        [entry] = kept_hands(page)
        # Kept with the form it opens in to be fixed, and sent to the outbox's own address.
        assert (entry["url"], entry["send"]) == (
            f"/sessions/{game.pk}/hands/new/",
            f"/sessions/{game.pk}/hands/outbox/",
        )
        # What the server did with the Save whose answer was lost: saved it, then another keeper undid it.
        lost = Client()
        lost.force_login(owner)
        fields = {str(name): str(value) for name, value in entry["fields"]}  # type: ignore[attr-defined]
        sent = {**fields, "client_token": str(entry["token"]), "expected_number": "1", "action": "save"}
        answer = lost.post(str(entry["send"]), sent, headers={"Accept": "application/json"}).json()
        assert answer == {"outcome": "saved", "saved": 1}
        stands(services.undo_last_hand(game, user=owner))

        page.goto(board)
        page.context.set_offline(False)
        outbox = page.locator("#outbox")
        expect(outbox).to_contain_text("not sent again: another phone undid or changed it", timeout=20_000)
        expect(outbox).to_contain_text("Hand 1 was undone on another phone after it was saved; it was not saved again.")
        expect(outbox.get_by_role("button", name="Send as hand 1")).to_have_count(0)
        page.screenshot(path=str(artifacts / "offline-spent-token.png"), full_page=True)
        assert not Round.objects.filter(session=game).exists()

        # Kept after all, on purpose: opened and saved, it is a new hand with a token of its own. On one bar of
        # signal the form is the copy the worker kept while offline, drawn before the undo the keeper was just
        # shown: that undo does not stop the hand again.
        fix = outbox.get_by_role("link", name="Open in the form")
        slowed = slow_page(page, str(fix.get_attribute("href")))
        fix.click()
        expect(page.locator("html")).to_have_attribute("data-kept-copy", re.compile(".*"))
        assert slowed, "the form really came over the slowed network"
        page.locator("#hand-form button[value=save]").click()
        page.wait_for_url(board)
        expect(page.locator("#outbox")).to_contain_text("All hands kept on this phone were sent.", timeout=20_000)
        saved = Round.objects.get(session=game)
        assert saved.number == 1 and saved.client_token != entry["token"]
        assert saved.record["wins"][0]["seat"] == 2


def test_a_kept_hand_the_rules_refuse_opens_in_the_form_and_goes_back_in_its_place(
    browser: Browser, live_server, artifacts: Path
):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner, "shandong", base=5)
    with phone(browser, live_server.url, owner) as page:
        board = offline_on_the_hand_form(page, live_server.url, game)
        # Heavenly hand is the dealer's alone; Bo is not the dealer, which only the server checks.
        page.locator("fieldset.winner label.chip").filter(has_text="Bo").first.click()
        page.locator("fieldset.how label.chip").filter(has_text="Self-draw").click()
        page.locator("fieldset.patterns label.chip.pattern").filter(has_text="天和").click()
        page.locator("#hand-form button[value=save]").click()
        expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
        page.goto(board)
        page.context.set_offline(False)
        outbox = page.locator("#outbox")
        expect(outbox).to_contain_text("refused by the server", timeout=20_000)
        expect(outbox).to_contain_text("Only the dealer")

        outbox.get_by_role("link", name="Open in the form").click()
        expect(page.locator("#outbox")).to_contain_text("Fixing hand 1 kept on this phone")
        heavenly = page.locator("fieldset.patterns label.chip.pattern").filter(has_text="天和")
        expect(heavenly.locator("input")).to_be_checked()
        expect(page.locator('input[name="winner"][value="1"]')).to_be_checked()
        heavenly.click()
        page.locator("#hand-form button[value=save]").click()
        page.wait_for_url(board)
        expect(page.locator("#board .hand-no")).to_have_text("Hand 2", timeout=20_000)
        saved = Round.objects.get(session=game)
        assert saved.record["wins"][0]["seat"] == 1 and "heavenly_hand" not in saved.record["wins"][0]["patterns"]
        assert kept_hands(page) == []


def test_the_service_worker_installs_and_opens_the_shell_and_kept_pages_offline(
    browser: Browser, live_server, artifacts: Path
):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner)
    record_all(game, [win(2)], owner)
    with phone(browser, live_server.url, owner) as page:
        page.goto(f"{live_server.url}/sessions/")
        wait_until_controlled(page)
        page.reload()
        # The session list asks the worker to keep the boards of the open sessions too, each with
        # its result card: this phone never opened either.
        wait_until_kept(page, "/sessions/", f"/sessions/{game.pk}/", f"/sessions/{game.pk}/card/")
        page.context.set_offline(True)

        page.goto(f"{live_server.url}/sessions/")
        expect(page.locator(".session-list a")).to_have_count(1)
        topbar = page.evaluate("getComputedStyle(document.querySelector('.topbar')).backgroundColor")
        assert topbar == "rgb(15, 81, 50)", "the stylesheet came from the worker's cache"
        page.click(".session-list a")
        expect(page.locator("#board .seat")).to_have_count(4)
        expect(page.locator(".heard")).to_contain_text("No connection")
        assert page.evaluate("fetch('/static/manifest.webmanifest').then((r) => r.ok)")
        # The card so far, drawn in the page from what the worker kept.
        page.locator(f'a[href="/sessions/{game.pk}/card/"]').click()
        wait_for(page, "() => document.getElementById('card-image')?.src.startsWith('data:image/png')")
        expect(page.locator("#card-text")).to_have_value(re.compile(r"^Session 1 \| .*\n1\. Cy \+30\n", re.S))

        page.goto(f"{live_server.url}/players/")
        expect(page.locator("h1")).to_have_text("No connection")
        page.screenshot(path=str(artifacts / "offline-page.png"))
        page.click("text=My sessions")
        expect(page.locator(".session-list a")).to_have_count(1)


def test_a_deploy_installs_a_new_worker_that_drops_the_old_caches_and_keeps_the_boards_again(
    browser: Browser, live_server, monkeypatch
):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner)
    with phone(browser, live_server.url, owner) as page:
        open_board_kept_offline(page, live_server.url, game)
        before = page.evaluate("caches.keys()")
        old_version = next(name for name in before if name.startswith("tk-shell-")).removeprefix("tk-shell-")

        # A deploy: anything in the worker or its shell changes, and so does its version.
        offline.service_worker_script.cache_clear()
        monkeypatch.setattr(offline, "NAVIGATION_PATIENCE_MS", offline.NAVIGATION_PATIENCE_MS + 1)
        try:
            page.evaluate("navigator.serviceWorker.getRegistration().then((registration) => registration.update())")
            wait_for(
                page, "(old) => caches.keys().then((names) => !names.some((name) => name.includes(old)))", old_version
            )
        finally:
            offline.service_worker_script.cache_clear()
        wait_until_kept(page, f"/sessions/{game.pk}/", f"/sessions/{game.pk}/hands/new/")
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("#board .seat")).to_have_count(4)


def test_logging_out_forgets_the_kept_pages(browser: Browser, live_server):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner)
    with phone(browser, live_server.url, owner) as page:
        open_board_kept_offline(page, live_server.url, game)
        page.click("text=Log out")
        page.wait_for_url("**/accounts/login/")
        wait_for(page, "() => caches.keys().then((names) => !names.some((name) => name.startsWith('tk-pages-')))")
        page.context.set_offline(True)
        page.goto(f"{live_server.url}/sessions/{game.pk}/")
        expect(page.locator("h1")).to_have_text("No connection")
        assert "Ann" not in page.content()


def test_chrome_finds_nothing_missing_to_install_the_app_from_the_board(browser: Browser, live_server, tmp_path):
    """What "Add to Home Screen" needs (manifest, icons, worker, secure origin), as Chrome itself
    checks it. A profile on disk: Chrome never offers to install from an incognito window."""
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner)
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE, is_mobile=True, has_touch=True
    )
    try:
        client = Client()
        client.force_login(owner)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
        page = context.new_page()
        page.goto(f"{live_server.url}/sessions/{game.pk}/")
        wait_until_controlled(page)
        page.reload()
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/static/manifest.webmanifest")
    finally:
        context.close()


def test_a_keeper_who_logs_in_over_another_on_a_slow_network_never_sees_the_others_pages(
    browser: Browser, live_server, artifacts: Path
):
    """A shared phone on one bar of signal: keeper A never logged out, keeper B logs in on the same
    browser, and the network answers B's session list only after the worker's patience has run
    out. The worker knows B is signed in before it answers, so B waits for B's own list."""
    first = User.objects.create_user("keeper", password=PASSWORD)
    User.objects.create_user("next-keeper", password=PASSWORD)
    make_session(first, player_names=["Ann", "Bo", "Cy", "Di"])
    with phone(browser, live_server.url, first) as page:
        page.goto(f"{live_server.url}/sessions/")
        wait_until_controlled(page)
        page.reload()
        wait_until_kept(page, "/sessions/")
        expect(page.locator(".session-list a")).to_have_count(1)

        # From now on the session list comes back slower than the worker waits for it.
        slowed: list[str] = []

        def slow_network(route: Route) -> None:
            slowed.append(route.request.url)
            time.sleep((offline.NAVIGATION_PATIENCE_MS + 2500) / 1000)
            route.continue_()

        page.context.route(re.compile(r".*/sessions/$"), slow_network)
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill('input[name="username"]', "next-keeper")
        page.fill('input[name="password"]', PASSWORD)
        page.locator('form[action="/accounts/login/"] button[type="submit"]').click()
        page.wait_for_url("**/sessions/", timeout=30_000)
        expect(page.locator(".session-list")).to_be_visible()
        page.screenshot(path=str(artifacts / "offline-next-keeper-slow-network.png"))
        assert slowed, "the session list really came over the slowed network"
        assert "Ann" not in page.content(), "the previous keeper's session list was shown"
        expect(page.locator(".session-list .empty")).to_have_text("No sessions yet.")
        # Nothing of the previous keeper's is kept any more, and offline the list is not theirs either.
        wait_for(
            page,
            """async () => {
                for (const name of await caches.keys()) {
                    if (!name.startsWith("tk-pages-")) continue;
                    const cache = await caches.open(name);
                    for (const request of await cache.keys()) {
                        if ((await (await cache.match(request)).text()).includes("Ann")) return false;
                    }
                }
                return true;
            }""",
        )
        page.context.unroute(re.compile(r".*/sessions/$"))
        page.context.set_offline(True)
        page.goto(f"{live_server.url}/sessions/")
        assert "Ann" not in page.content()
