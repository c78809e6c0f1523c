"""A hand saved with no network is kept on the phone, whatever answers for the page: the hand form brings what
keeping a hand needs, so a browser that runs no service worker (the in-app browsers chat apps open links in, a
private tab) keeps it from a form it loaded online, and a phone whose worker kept the form keeps it from a form it
never opened online. Each hand reaches the server once when the network is back, whether or not the browser knew it
was offline. A Save the phone cannot keep says why, and leaves the hand in the form."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, Request, expect

from tablekeeper.models import Round
from tests.conftest import make_session
from tests.e2e.phones import (
    NETWORK_CUTS,
    REQUESTS_FAIL,
    cut_network,
    kept_hands,
    phone,
    restore_network,
    tap_and_save,
    wait_until_kept,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "Tiles-and-Winds-9"
SENT = "All hands kept on this phone were sent."
STORAGE_REFUSED = """
IDBObjectStore.prototype.add = IDBObjectStore.prototype.put = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""


def fetched_scripts(page: Page) -> list[str]:
    """The scripts the page asks for from now on (none of which could come, with the network cut)."""
    asked: list[str] = []

    def seen(request: Request) -> None:
        if request.resource_type == "script" or request.url.endswith(".js"):
            asked.append(request.url)

    page.on("request", seen)
    return asked


def cached_pages(page: Page) -> dict[str, list[str]]:
    """Every cache of this origin and the paths in it, as the page reads them."""
    pages: dict[str, list[str]] = page.evaluate(
        """async () => {
            const held = {};
            for (const name of await caches.keys()) {
                held[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
            }
            return held;
        }"""
    )
    return pages


@pytest.mark.parametrize("cut", NETWORK_CUTS)
def test_without_a_service_worker_a_hand_saved_with_no_network_is_kept_and_saved_once_when_it_is_back(
    browser: Browser, live_server, artifacts: Path, cut: str
):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner, "shandong", base=5)
    with phone(browser, live_server.url, owner, service_workers="block") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        expect(page.locator("#hand-form h1")).to_have_text("Hand 1")
        assert page.evaluate("navigator.serviceWorker.controller") is None

        cut_network(page, cut)
        asked = fetched_scripts(page)
        tap_and_save(page, "Cy", "Self-draw")
        outbox = page.locator("#outbox")
        expect(outbox).to_contain_text("Hand 1 is kept on this phone and will be sent when the connection is back.")
        expect(outbox).to_contain_text("1 hand not sent yet")
        expect(page.locator("#hand-form h1")).to_have_text("Hand 2")
        expect(page.locator("#preview")).to_contain_text("the preview needs the server")
        page.screenshot(path=str(artifacts / "kept-without-a-worker.png"))
        [entry] = kept_hands(page)
        assert entry["number"] == 1 and not Round.objects.filter(session=game).exists()
        # What keeping the hand needs came with the page; only the sender (outbox-send.js) is asked for, and waits.
        assert [url for url in asked if "/outbox" in url and "/outbox-send." not in url] == [], asked

        restore_network(page, cut)
        expect(outbox).to_contain_text(SENT, timeout=20_000)
        saved = Round.objects.get(session=game)
        assert saved.number == 1 and saved.client_token == entry["token"]
        assert saved.record["wins"][0]["seat"] == 2 and saved.record["wins"][0]["method"] == "self_draw"
        assert kept_hands(page) == []
        # The next hand goes straight to the server again, as hand 2.
        tap_and_save(page, "Ann", "Bo")
        page.wait_for_url(f"**/sessions/{game.pk}/")
        assert list(Round.objects.filter(session=game).values_list("number", flat=True)) == [1, 2]


@pytest.mark.parametrize("cut", NETWORK_CUTS)
def test_a_phone_that_saw_only_the_board_opens_the_hand_form_offline_and_its_hand_is_saved_once(
    browser: Browser, live_server, artifacts: Path, cut: str
):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner, "shandong", base=5)
    form = f"/sessions/{game.pk}/hands/new/"
    with phone(browser, live_server.url, owner, language="zh-hans") as page:
        # The board, once, online: the worker installs and keeps the hand form the board links to.
        page.goto(f"{live_server.url}/sessions/{game.pk}/")
        wait_until_kept(page, form)

        cut_network(page, cut)
        page.goto(live_server.url + form)
        assert page.locator("#hand-form").count() == 1, f"not the kept form; the worker holds {cached_pages(page)}"
        expect(page.locator("#hand-form h1")).to_have_text("第 1 局")
        assert page.evaluate("document.documentElement.hasAttribute('data-kept-copy')")
        assert page.evaluate("navigator.onLine") is (cut == REQUESTS_FAIL)
        tap_and_save(page, "Cy", "自摸")
        outbox = page.locator("#outbox")
        expect(outbox).to_contain_text("第 1 局已存在这部手机上")
        expect(outbox).to_contain_text("还有 1 局没上传")
        expect(page.locator("#hand-form h1")).to_have_text("第 2 局")
        page.screenshot(path=str(artifacts / "kept-from-a-form-never-opened-online-zh.png"))
        [entry] = kept_hands(page)
        assert not Round.objects.filter(session=game).exists()

        restore_network(page, cut)
        expect(outbox).to_contain_text("手机上存的各局已全部上传", timeout=20_000)
        saved = Round.objects.get(session=game)
        assert saved.number == 1 and saved.client_token == entry["token"]
        assert kept_hands(page) == []


@pytest.mark.parametrize("why", ["storage refused", "scripts missing"])
def test_a_save_the_phone_cannot_keep_says_why_and_the_hand_stays_in_the_form(
    browser: Browser, live_server, artifacts: Path, why: str
):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    game = make_session(owner, "shandong", base=5)
    with phone(browser, live_server.url, owner, language="zh-hans", service_workers="block") as page:
        if why == "scripts missing":
            # The page came without the outbox's queue (its download failed): nothing can be fetched once offline.
            page.route("**/js/outbox-queue.js", lambda route: route.abort())
        else:
            # The browser refuses every write to this site's storage, as it does when it is full (or switched off).
            page.context.add_init_script(STORAGE_REFUSED)
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        expect(page.locator("#hand-form h1")).to_have_text("第 1 局")

        page.context.set_offline(True)
        tap_and_save(page, "Cy", "自摸")
        if why == "storage refused":
            said = "这部手机存不下这一局（存储被关闭或已满），什么都没有保存。"
            expect(page.locator("#outbox")).to_contain_text(said)
        else:
            said = "没有网络，这个页面也没能把这一局存在手机上：什么都没有保存。这一局还在表单里，等有网络后再点保存。"
            expect(page.locator("#preview")).to_contain_text(said)
        page.screenshot(path=str(artifacts / f"cannot-keep-{why.replace(' ', '-')}-zh.png"))
        # Nothing kept, nothing cleared: the taps wait for a Save with the network back.
        expect(page.locator("#hand-form h1")).to_have_text("第 1 局")
        expect(page.locator('#hand-form input[name="winner"][value="2"]')).to_be_checked()
        expect(page.locator('#hand-form input[name="how"][value="self_draw"]')).to_be_checked()
        assert page.evaluate("TKOutboxStore.all()") == []

        page.context.set_offline(False)
        page.locator("#hand-form button[value=save]").click()
        page.wait_for_url(f"**/sessions/{game.pk}/")
        saved = Round.objects.get(session=game)
        assert saved.record["wins"][0]["seat"] == 2
