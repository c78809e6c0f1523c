"""Helpers for the browser tests that cut the network: phones that may log failed requests (an
offline phone does) but never a CSP violation or a script error, and ways to wait for the
service worker and the pages it keeps."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Literal

from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from tablekeeper.keeping.models import GameSession
from tablekeeper.rules import replay
from tablekeeper.web import offline
from tests.e2e.conftest import PHONE, photographs_in_css_pixels

# What a phone without a network logs on its own: failed loads, htmx naming its error events, and
# Chrome's own line when the service worker's script cannot be fetched (offline.js catches the
# rejection, Chrome logs it anyway when a test cuts the network before registration finishes).
EXPECTED_OFFLINE_NOISE = re.compile(
    r"Failed to load resource|net::ERR_|^htmx:|FetchEvent|Failed to fetch"
    r"|An unknown error occurred when fetching the script"
)

# Past the service worker's patience with a page (templates/offline/sw.js): it answers with the copy it kept.
LATER_THAN_THE_PATIENCE_S = (offline.NAVIGATION_PATIENCE_MS + 2500) / 1000


@contextmanager
def phone(
    browser: Browser,
    base_url: str,
    user: User,
    language: str = "en",
    color_scheme: str = "light",
    service_workers: Literal["allow", "block"] = "allow",
    also_expected: re.Pattern[str] | None = None,
) -> Iterator[Page]:
    """A signed-in phone at 390×844 (in a light or dark theme); fails the test on a script error
    or a CSP violation. `service_workers="block"`: a browser that runs no service worker (the in-app
    browsers chat apps open links in, a private tab). `also_expected`: console errors the test causes
    on purpose (htmx logs an error for every answer with an error status, a page gone included)."""
    context: BrowserContext = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=language,
        color_scheme="dark" if color_scheme == "dark" else "light",
        service_workers=service_workers,
    )
    context.set_default_timeout(15_000)
    client = Client()
    client.force_login(user)
    cookies = [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}]
    if language != "en":
        cookies.append({"name": "django_language", "value": language, "url": base_url})
    context.add_cookies(cookies)  # type: ignore[arg-type]
    page = photographs_in_css_pixels(context.new_page())
    problems: list[str] = []
    page.on(
        "console",
        lambda message: (
            problems.append(message.text)
            if message.type == "error"
            and not EXPECTED_OFFLINE_NOISE.search(message.text)
            and not (also_expected and also_expected.search(message.text))
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert not problems, problems


def wait_for(page: Page, function: str, arg: object = None, timeout: float = 15.0) -> None:
    """Poll `function` in the page until it is true. (Playwright's wait_for_function evaluates its
    predicate with eval, which our CSP rightly refuses; page.evaluate is not subject to it.)"""
    deadline = time.monotonic() + timeout
    while not _evaluated(page, function, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout}s: {function}")
        page.wait_for_timeout(100)


def _evaluated(page: Page, function: str, arg: object) -> object:
    """The predicate's answer; false while a navigation replaces the page it was asked of."""
    try:
        return page.evaluate(function, arg)
    except PlaywrightError as error:
        if "context was destroyed" in str(error) or "navigation" in str(error).lower():
            return False
        raise


def until(page: Page, condition: Callable[[], bool], timeout: float = 15.0) -> None:
    """Let the page run until `condition` (read on this side, from what Playwright saw) holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not so after {timeout}s")
        page.wait_for_timeout(100)


def wait_until_controlled(page: Page) -> None:
    """The worker installed and took the page over (the first visit is not controlled yet)."""
    wait_for(page, "() => navigator.serviceWorker.controller !== null")


def wait_until_kept(page: Page, *paths: str) -> None:
    """The worker keeps these pages, so they open without a network."""
    for path in paths:
        wait_for(
            page,
            """async (path) => {
                for (const name of await caches.keys()) {
                    if (!name.startsWith("tk-pages-")) continue;
                    if (await (await caches.open(name)).match(location.origin + path)) return true;
                }
                return false;
            }""",
            path,
        )


def open_board_kept_offline(page: Page, base_url: str, game: GameSession) -> str:
    """Open the board until the worker controls it and keeps it and the hand form; the board's URL."""
    board = f"{base_url}/sessions/{game.pk}/"
    page.goto(board)
    wait_until_controlled(page)
    page.reload()
    wait_until_kept(page, f"/sessions/{game.pk}/", f"/sessions/{game.pk}/hands/new/")
    return board


# The two ways a phone loses the server, which the browser tests cut the network by: the browser knows it is
# offline (navigator.onLine is false: aeroplane mode, no Wi-Fi), or it does not (navigator.onLine stays true
# while every request fails: one bar of signal, a captive portal, a dead access point). Parametrize by these.
BROWSER_OFFLINE = "the browser knows it is offline"
REQUESTS_FAIL = "the browser says online but every request fails"
NETWORK_CUTS = (BROWSER_OFFLINE, REQUESTS_FAIL)


def _unanswered(route: Route) -> None:
    route.abort("internetdisconnected")


def cut_network(page: Page, how: str = BROWSER_OFFLINE) -> None:
    """No request reaches the server any more, from the pages or from the service worker (a context's routes
    see the worker's requests too); with REQUESTS_FAIL the browser is not told, and navigator.onLine stays true."""
    if how == BROWSER_OFFLINE:
        page.context.set_offline(True)
    else:
        page.context.route("**/*", _unanswered)


def restore_network(page: Page, how: str = BROWSER_OFFLINE) -> None:
    """The server answers again; with REQUESTS_FAIL no "online" event says so."""
    if how == BROWSER_OFFLINE:
        page.context.set_offline(False)
    else:
        page.context.unroute("**/*", _unanswered)


def offline_on_the_hand_form(page: Page, base_url: str, game: GameSession, how: str = BROWSER_OFFLINE) -> str:
    """The board and the hand form kept by the worker, the hand form open, the network cut (`how`); the
    board's URL."""
    board = open_board_kept_offline(page, base_url, game)
    page.locator(".actions .big").click()  # "Record hand", in whichever language
    page.wait_for_url("**/hands/new/")
    cut_network(page, how)
    return board


def failed_polls(page: Page) -> list[str]:
    """The board's polls (htmx requests) that got no answer from now on, as the page saw them fail."""
    failed: list[str] = []
    page.on(
        "requestfailed",
        lambda request: failed.append(request.url) if request.headers.get("hx-request") == "true" else None,
    )
    return failed


def tap_and_save(page: Page, winner: str, how: str | None = None) -> None:
    """Tap the winner, then how (a discarder's name or self-draw), then Save; no preview awaited."""
    page.locator("fieldset.winner label.chip").filter(has_text=winner).first.click()
    if how in ("Self-draw", "自摸"):
        page.locator('fieldset.how label.chip:has(input[value="self_draw"])').click()
    elif how is not None:
        page.locator("fieldset.how .seats4").first.locator("label.chip").filter(has_text=how).click()
    page.locator("#hand-form button[value=save]").click()


def replayed_totals(game: GameSession) -> list[int]:
    records = [round_.record for round_ in game.rounds.order_by("number")]
    result = replay(game.variant, records, game.engine_options(), game.starting_state())
    assert result["ok"], result
    return [game.starting_points + total for total in result["totals"]]


def board_points(page: Page) -> list[int]:
    expect(page.locator("#board .seat")).to_have_count(4)
    points = {}
    for seat in page.locator("#board .seat").all():
        index = int(seat.get_attribute("data-seat") or "-1")
        points[index] = int(seat.locator(".points").get_attribute("data-points") or "0")
    return [points[index] for index in range(4)]


def kept_hands(page: Page) -> list[dict[str, object]]:
    """What the outbox holds in IndexedDB, read the way the page reads it."""
    entries: list[dict[str, object]] = page.evaluate("TKOutboxStore.all()")
    return entries


def small_tap_targets(page: Page, selector: str) -> list[str]:
    """Controls under `selector` smaller than 44×44 CSS pixels (visible ones only)."""
    small: list[str] = page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector)).filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44);
        }).map((element) => element.outerHTML.slice(0, 80))""",
        selector,
    )
    return small


class Held:
    """Requests to a URL wait until the test lets them through (a slow network, as slow as needed);
    once let through, later ones pass at once."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.routes: list[Route] = []
        self.holding = True
        page.route(pattern, self.keep)

    def keep(self, route: Route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        while self.routes:
            self.routes.pop(0).continue_()


def tap(page: Page, name: str, value: str) -> None:
    page.locator(f'#hand-form label.chip:has(input[name="{name}"][value="{value}"])').first.click()


def slow_page(
    page: Page, path: str, network_answer: str | None = None, delay: float = LATER_THAN_THE_PATIENCE_S
) -> list[str]:
    """The next time the page at `path` is opened it comes back only after the worker's patience has
    run out: the server's own answer, or `network_answer` in its place (so that a test can tell which
    one the phone shows). Its polls, the pages the worker fetches to keep afterwards and every
    other request (the worker's question about its key among them) go through at once, as a few bytes
    do on one bar of signal. The URLs slowed."""
    slowed: list[str] = []

    def one_bar(route: Route) -> None:
        if slowed or route.request.headers.get("hx-request") == "true":
            route.continue_()
            return
        slowed.append(route.request.url)
        time.sleep(delay)
        if network_answer is None:
            route.continue_()
        else:
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=network_answer)

    page.context.route(re.compile(re.escape(path) + "$"), one_bar)
    return slowed


# `phone` for a journey that stays online: no service worker (as the in-app browsers chat apps open links in).
# Keeping the shell and every page passed costs a fifth of a journey's time in Chromium; the offline journeys take
# `phone`, whose worker runs.
online_phone = partial(phone, service_workers="block")
