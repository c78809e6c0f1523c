"""Playwright (sync API, our own `sync_playwright()`) driving Debian's Chromium at phone size."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, sync_playwright

# pytest-django's live server runs in a thread while Playwright's sync API holds an event loop
# in this one; Django would otherwise refuse ORM calls from the test body.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).parent / "artifacts"
# Photographs are artifacts for a person to look at; no test reads one back. A run nobody looks at
# (CI, a clean clone thrown away afterwards) skips taking them: a full-page shot costs a page's
# layout and paint again, a third of the browser tests' time. `bash .ci/nightly` takes them all.
PHOTOGRAPHS = os.environ.get("TK_PHOTOGRAPHS", "1") != "0"


def in_ci_only(values: Iterable[str], ci: Iterable[str]) -> list[Any]:
    """A journey's cases, CI running those in `ci` and the nightly run every one: the same journey in another
    language, theme or table costs CI minutes (a browser test is mostly Chromium's) and finds what the one
    run in CI finds, except words and sizes, which the site crawl checks in both languages."""
    chosen = set(ci)
    return [value if value in chosen else pytest.param(value, marks=pytest.mark.nightly) for value in values]


def photographs_in_css_pixels(page: Page) -> Page:
    """`page.screenshot` at one pixel per CSS pixel unless a test asks otherwise. The page still
    renders (and every test measures) at the phone's 2× pixels; only the photograph, an artifact for
    a person to look at, is taken at 1×: a full-page one at 2× costs seconds a shot and most tests take
    a few."""
    take = page.screenshot

    def screenshot(**options: Any) -> bytes:
        return take(**{"scale": "css", **options})

    page.screenshot = screenshot  # type: ignore[method-assign]
    return page


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session", autouse=True)
def photographs_only_when_wanted() -> Iterator[None]:
    if PHOTOGRAPHS:
        yield
        return
    patch = pytest.MonkeyPatch()
    patch.setattr(Page, "screenshot", lambda self, **options: b"")
    patch.setattr(Locator, "screenshot", lambda self, **options: b"")
    yield
    patch.undo()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (bash .ci/test installs it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A phone for the journeys that stay online: it runs no service worker (as the in-app browsers chat apps
    open links in), which would keep the shell and pages for every test at a fifth of its cost. The offline
    journeys take `phones.phone`, whose worker runs."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, service_workers="block"
    )
    context.set_default_timeout(10_000)
    opened = photographs_in_css_pixels(context.new_page())
    problems: list[str] = []
    # A CSP violation or a script error shows up as a console error: fail the test on any.
    opened.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    opened.on("pageerror", lambda error: problems.append(str(error)))
    yield opened
    context.close()
    assert not problems, problems


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
