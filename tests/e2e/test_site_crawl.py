"""Every page, as a keeper sees it on a 390×844 phone, in both languages and both themes, with
every collapsible open (and, on the hand form, a preview showing): no untranslated Latin word in
Chinese besides names and CSV/JSON/QR/PDF, no page that scrolls sideways, no control a finger cannot
hit. Each page is photographed into tests/e2e/artifacts/ (crawl-<page>-<language>-<theme>.png),
and what it found is written to artifacts/crawl-<part>.json, page by page. The layout is measured in
the light theme (a theme changes colours only); the dark theme's photographs, which nothing measures,
are taken by a nightly test (`bash .ci/nightly`).

The hand form, a hand's page and its edit belong to the form's engineer (issue 7, part A); they are
crawled by their own test, so what fails there is reported apart from the rest of the site.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import resolve
from playwright.sync_api import Browser, Page

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Keeper
from tablekeeper.keeping.services.presets import save_preset
from tablekeeper.players.services.claims import claim_seat
from tablekeeper.players.services.groups import group_from_session
from tests.conftest import draw, make_session, record_all, stands, win
from tests.e2e.conftest import PHONE
from tests.e2e.test_phone_review import small_targets
from tests.routes import every_route

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Names up to 20 characters: Latin ones with and without spaces, and Chinese ones.
NAMES = ["Maximilian Wolfgangs", "Bartholomew-Jonathan", "欧阳春花欧阳春花欧阳春花欧阳春花欧阳春", "Di"]
# Latin that belongs on a Chinese page: file formats, the QR code, the app's name, the switch to English.
# "Rust" and "Go" are in two presets' names in the rule book (沈阳·Rust服, 哈尔滨·Go服), which the rules page gives
# beside the app's names so that a keeper can find them there.
ALLOWED_LATIN = {"CSV", "JSON", "QR", "PDF", "TableKeeper", "EN", "Rust", "Go"}
LANGUAGES = ("en", "zh-hans")
THEMES: tuple[Literal["light"], Literal["dark"]] = ("light", "dark")

OPEN_EVERYTHING = "() => document.querySelectorAll('details').forEach((details) => { details.open = true; })"


class Table:
    """The sessions the crawl visits: an open Dalian game with long names, a finished Shenyang one
    with its pot refunded, a Zhengzhou game, a saved preset, a co-keeper and a shared board."""

    def __init__(self) -> None:
        self.owner = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
        helper = User.objects.create_user("helper", password="Tiles-and-Winds-9")
        self.dalian = make_session(
            self.owner, "dalian", base=1, player_names=NAMES, options={"dealer_pays_double": True}
        )
        record_all(self.dalian, [win(1), draw(), win(2, "discard", 0), win(3)], self.owner)
        Keeper.objects.create(session=self.dalian, user=helper, added_by=self.owner)
        # A correction and a deleted hand: the shared board says so, the removed hands' page lists it.
        stands(services.edit_hand(self.dalian, 4, draw(), user=helper))
        record_all(self.dalian, [draw()], self.owner)
        stands(services.delete_hand(self.dalian, 5, user=self.owner))
        self.shenyang = make_session(
            self.owner,
            "shenyang",
            base=2,
            player_names=["Ann", "Bo", "Cy", "Dee"],
            fee={"fee_kind": "per_player", "fee_amount": Decimal(20), "place": "老地方"},
        )
        record_all(self.shenyang, [draw(penalties=[{"kind": "revealed_tiles", "seat": 2, "count": 1}]), win(1)])
        record_all(self.shenyang, [draw(penalties=[{"kind": "revealed_tiles", "seat": 0, "count": 1}])])
        stands(services.finish_session(self.shenyang))
        self.zhengzhou = make_session(self.owner, player_names=["Ann", "Bo", "Cy", "Dee"])
        record_all(self.zhengzhou, [win(2)], self.owner)
        archived = make_session(self.owner, "harbin", base=1, player_names=["Ann", "Bo", "Cy", "Dee"])
        services.set_archived(archived, archived=True)
        save_preset(self.owner, self.dalian, "Thursday table")
        # Standings: a group of the finished Shenyang table, and one of long names with money.
        self.group = group_from_session(self.owner, self.shenyang, "周四牌友")
        long_names = make_session(self.owner, "dalian", base=1, player_names=NAMES)
        record_all(long_names, [win(1), win(2, "discard", 0), win(1), win(3, "discard", 1)], self.owner)
        stands(services.finish_session(long_names, money_rate=Decimal("0.50")))
        self.long_group = group_from_session(self.owner, long_names, "长名字的牌友")
        # Every player: the keeper plays at the finished tables (我的战绩 has evenings, two stakes), and a
        # player's claim waits on the board and the table's code page.
        for game in (self.shenyang, long_names):
            claim_seat(game, 0, self.owner, phone="keeper-phone", token=game.share_token)
        asking = User.objects.create_user("asking", first_name="王建国")
        claim_seat(self.dalian, 2, asking, phone="asking-phone", token=self.dalian.share_token)
        self.names = [*NAMES, "Ann", "Bo", "Cy", "Dee", "keeper", "helper", "Thursday table", "asking"]

    def pages(self) -> dict[str, str]:
        d, s, z = self.dalian.pk, self.shenyang.pk, self.zhengzhou.pk
        token = self.dalian.share_token
        return {
            "sessions": "/sessions/",
            "sessions-archived": "/sessions/?status=archived",
            "start": "/sessions/new/",
            "start-shandong": "/sessions/new/?variant=shandong",
            "start-from-preset": f"/sessions/new/?preset={self.owner.presets.get().pk}",
            "presets": "/presets/",
            "board": f"/sessions/{d}/",
            "board-zhengzhou": f"/sessions/{z}/",
            "board-finished": f"/sessions/{s}/",
            "manage": f"/sessions/{d}/manage/",
            "manage-finished": f"/sessions/{s}/manage/",
            "card-finished": f"/sessions/{s}/card/",
            "card-so-far": f"/sessions/{d}/card/",
            "card-shared": f"/b/{token}/card/",
            "history": f"/sessions/{d}/hands/",
            "removed-hands": f"/sessions/{d}/hands/removed/",
            "share": f"/sessions/{d}/share/",
            "keepers": f"/sessions/{d}/keepers/",
            "summary": f"/sessions/{s}/summary/",
            "players": "/players/",
            "groups": "/groups/",
            "group": f"/groups/{self.group.pk}/?period=all",
            "group-this-month": f"/groups/{self.group.pk}/",
            "group-long-names": f"/groups/{self.long_group.pk}/?period=all",
            "group-bad-season": f"/groups/{self.group.pk}/?period=season&start=2024-03-01&end=2024-02-01",
            "group-edit": f"/groups/{self.group.pk}/edit/",
            "import": "/sessions/import/",
            "password": "/accounts/password/",
            "shared-board": f"/b/{token}/",
            "shared-summary": f"/b/{token}/summary/",
            "shared-history": f"/b/{token}/hands/",
            "start-city-preset": "/sessions/new/?variant=zhengzhou&city=rule_book",
            "rules-dalian": "/rules/dalian/",
            "rules-shenyang": "/rules/shenyang/",
            "rules-harbin": "/rules/harbin/",
            "rules-shandong": "/rules/shandong/",
            "rules-zhengzhou": "/rules/zhengzhou/",
            "table-rules": f"/sessions/{d}/rules/",
            "shared-table-rules": f"/b/{token}/rules/",
            "table-code": f"/sessions/{d}/players/",
            "my-record": "/me/",
            # The keeper claimed a seat of the long names' table: a member of that group, read as a player reads it.
            "my-group": f"/me/groups/{self.long_group.pk}/?period=all",
            "claim": f"/b/{token}/claim/1/",
            "shared-board-finished": f"/b/{self.shenyang.share_token}/",
        }

    def form_pages(self) -> dict[str, str]:
        d, z = self.dalian.pk, self.zhengzhou.pk
        return {
            "hand-form": f"/sessions/{d}/hands/new/",
            "hand-form-zhengzhou": f"/sessions/{z}/hands/new/",
            "hand": f"/sessions/{d}/hands/3/",
            "hand-edit": f"/sessions/{d}/hands/3/edit/",
        }


LATIN_WORDS = """
(names) => {
  let text = document.body.innerText;
  for (const field of document.querySelectorAll('input[placeholder]')) text += '\\n' + field.placeholder;
  for (const name of names) text = text.split(name).join(' ');
  return text.match(/[A-Za-z][A-Za-z'’-]*/g) || [];
}
"""


# Links set inline among nothing but other links (a row of "Players · Import · Password") are a row
# of controls, not words in a sentence: each must be a finger's size too.
INLINE_LINKS_IN_A_ROW = """
() => [...document.querySelectorAll('main a[href]')].filter((link) => {
  if (getComputedStyle(link).display !== 'inline') return false;
  const row = link.parentElement;
  let words = row.innerText;
  for (const other of row.querySelectorAll('a')) words = words.split(other.innerText).join('');
  return !/[\\p{L}\\p{N}]/u.test(words.replace(/[·:：]/g, ''));
}).map((link) => ({what: link.innerText.trim().slice(0, 40), height: Math.round(link.getBoundingClientRect().height)}))
  .filter((link) => link.height < 44)
"""


def show_a_preview(page: Page) -> None:
    """On the hand form: tap the first winner and the first way of winning, so the preview shows."""
    winner = page.locator("fieldset.winner label.chip")
    if winner.count():
        winner.first.click()
        how = page.locator("fieldset.how label.chip")
        if how.count():
            how.first.click()
        page.wait_for_timeout(600)


def crawl(
    browser: Browser,
    base_url: str,
    table: Table,
    pages: dict[str, str],
    artifacts: Path,
    themes: tuple[Literal["light", "dark"], ...] = ("light",),
) -> dict[str, Any]:
    client = Client()
    client.force_login(table.owner)
    found: dict[str, Any] = {}
    for language in LANGUAGES:
        for theme in themes:
            context = browser.new_context(
                viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, color_scheme=theme, **NO_WORKER
            )
            context.add_cookies(
                [
                    {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url},
                    {"name": "django_language", "value": language, "url": base_url},
                ]
            )
            page = context.new_page()
            for slug, path in pages.items():
                answer = page.goto(base_url + path)
                # A 4xx can be the page under test (a season that ends before it starts); a 5xx never.
                problems: dict[str, Any] = (
                    {} if answer and answer.status < 500 else {"status": answer and answer.status}
                )
                show_a_preview(page)
                page.evaluate(OPEN_EVERYTHING)
                page.screenshot(path=str(artifacts / f"crawl-{slug}-{language}-{theme}.png"), full_page=True)
                if theme != "light":
                    found |= {f"{slug} ({language}, {theme})": problems} if problems else {}
                    continue  # the layout is the theme's colours only: measured once per language
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > PHONE["width"]:
                    problems["scrolls sideways"] = width
                if small := small_targets(page) + page.evaluate(INLINE_LINKS_IN_A_ROW):
                    problems["small targets"] = small
                if language == "zh-hans":
                    latin = sorted({word for word in page.evaluate(LATIN_WORDS, table.names) if len(word) > 1})
                    if untranslated := [word for word in latin if word not in ALLOWED_LATIN]:
                        problems["Latin words in Chinese"] = untranslated
                if problems:
                    found[f"{slug} ({language})"] = problems
            context.close()
    return found


@pytest.fixture
def table() -> Iterator[Table]:
    yield Table()


def report(artifacts: Path, part: str, found: dict[str, Any]) -> None:
    (artifacts / f"crawl-{part}.json").write_text(json.dumps(found, ensure_ascii=False, indent=2))


def test_every_page_reads_in_chinese_fits_the_phone_and_has_big_enough_controls(
    browser: Browser, live_server, table: Table, artifacts: Path
):
    found = crawl(browser, live_server.url, table, table.pages(), artifacts)
    report(artifacts, "site", found)
    assert found == {}


def test_the_hand_form_pages_pass_the_same_crawl(browser: Browser, live_server, table: Table, artifacts: Path):
    found = crawl(browser, live_server.url, table, table.form_pages(), artifacts)
    report(artifacts, "hand-form", found)
    assert found == {}


@pytest.mark.nightly
def test_every_page_and_hand_form_is_photographed_in_the_dark_theme(
    browser: Browser, live_server, table: Table, artifacts: Path
):
    """Photographs for a person to look at (the light crawl measures the same layouts); every page answers."""
    found = crawl(browser, live_server.url, table, table.pages() | table.form_pages(), artifacts, themes=("dark",))
    assert found == {}


# The crawl measures pages as drawn: no service worker keeps the shell and every page it passes (the offline
# journeys test the worker), which would cost the crawl a fifth more of Chromium's time.
NO_WORKER: dict[str, Any] = {"service_workers": "block"}

# The pages crawled signed out.
SIGNED_OUT = {"login": "/accounts/login/", "signup": "/accounts/signup/", "reset": "/accounts/reset/"}

# Every route of tablekeeper/urls.py is crawled (Table.pages, Table.form_pages, SIGNED_OUT) or named here with why
# not, so a page added to the app is crawled or said to be left out (test_every_route_is_crawled_or_said_why_not).
NOT_CRAWLED: dict[str, str] = {
    # Actions: they take only POST, and answer with a redirect or the page they change (crawled there).
    **dict.fromkeys(
        (
            "logout",
            "session_finish",
            "session_reopen",
            "session_archive",
            "session_delete",
            "session_again",
            "session_fee",
            "session_money_rate",
            "preset_save",
            "preset_start",
            "preset_rename",
            "preset_delete",
            "group_rename",
            "group_add_member",
            "group_remove_member",
            "group_delete",
            "hand_preview",
            "hand_undo",
            "hand_delete",
            "hand_outbox",
            "share_settings",
            "keeper_add",
            "keeper_invitation",
            "keeper_remove",
            "keeper_request_answer",
            "keeper_request_withdraw",
            "set_language",
            "claim_decide",
            "seat_unlink",
            "my_evening_unlink",
            "my_unlink_all",
            "my_account_delete",
        ),
        "POST only: an action, its answer is a page crawled elsewhere",
    ),
    # No page of its own to read: a redirect, a download, JSON, a script, a fragment.
    "home": "a redirect to the sessions list",
    "session_export_json": "a download",
    "session_export_csv": "a download",
    "my_record_csv": "a download",
    "next_hand": "JSON for the hand form's script",
    "offline_key_check": "JSON for the offline script",
    "service_worker": "the service worker's script",
    "phrase_scripts": "the phrase box's scripts",
    "session_new_options": "the start form's house rules as an htmx fragment, crawled in the start pages",
    # Pages the crawl does not visit yet: a gap, each answered in a test of its own, without the crawl's checks
    # of Latin words, width and tap targets.
    "display_name": "the account's public name: tests/accounts/test_public_names.py",
    "password_change_done": "one sentence after a password change: tests/web/test_deployment.py",
    "password_reset_done": "one sentence after a reset request: tests/accounts/test_accounts.py",
    "password_reset_confirm": "reached by a mailed link: tests/web/test_deployment.py",
    "password_reset_complete": "one sentence after a reset: tests/web/test_deployment.py",
    "join_session": "reached by an invitation link: tests/e2e/test_account_pages.py, test_invitation_life_cycle.py",
    "offline": "the service worker's page for a lost connection: tests/web/test_offline.py",
}


def test_every_route_is_crawled_or_said_why_not(table: Table) -> None:
    """A page added to tablekeeper/urls.py fails here until it is crawled (add it to Table.pages) or named in
    NOT_CRAWLED with why: the crawl's page list is the resolver's, less what is said."""
    crawled = [*table.pages().values(), *table.form_pages().values(), *SIGNED_OUT.values()]
    names = {resolve(urlsplit(path).path).url_name for path in crawled}
    every = {route.name for route in every_route()}

    assert every - names - set(NOT_CRAWLED) == set(), "crawl these, or say in NOT_CRAWLED why not"
    assert names & set(NOT_CRAWLED) == set(), "crawled now: take these off NOT_CRAWLED"
    assert set(NOT_CRAWLED) <= every, "no such route any more: take these off NOT_CRAWLED"


def test_signed_out_pages_read_in_chinese_and_fit_the_phone(browser: Browser, live_server, artifacts: Path):
    found: dict[str, Any] = {}
    game = make_session(User.objects.create_user("keeper"), player_names=["老王", "小李", "张姐", "阿强"])
    for theme in THEMES:
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=theme, locale="zh-CN"
        )
        page = context.new_page()
        # The claim's sign-up and the board a player opens before signing in are signed-out pages too.
        behind_the_link = {
            "claim-sign-up": f"/b/{game.share_token}/claim/1/",
            "shared-board-signed-out": f"/b/{game.share_token}/",
        }
        for slug, path in {**SIGNED_OUT, **behind_the_link}.items():
            page.goto(live_server.url + path)
            page.screenshot(path=str(artifacts / f"crawl-{slug}-zh-hans-{theme}.png"), full_page=True)
            latin = {word for word in page.evaluate(LATIN_WORDS, []) if len(word) > 1} - ALLOWED_LATIN
            width = page.evaluate("document.documentElement.scrollWidth")
            problems = {"Latin": sorted(latin)} if latin else {}
            if width > PHONE["width"]:
                problems["scrolls sideways"] = width
            if small := small_targets(page):
                problems["small targets"] = small
            if problems:
                found[slug] = problems
        context.close()
    assert found == {}


def test_the_board_shows_the_last_hands_changes_after_save(
    browser: Browser, live_server, table: Table, artifacts: Path
):
    client = Client()
    client.force_login(table.owner)
    for language, says in (("en", "Hand 2"), ("zh-hans", "第 2 局")):
        game: GameSession = make_session(table.owner, "zhengzhou", player_names=["Ann", "Bo", "Cy", "Dee"])
        record_all(game, [win(1)], table.owner)
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, **NO_WORKER)
        context.add_cookies(
            [
                {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
                {"name": "django_language", "value": language, "url": live_server.url},
            ]
        )
        # The board's stylesheet is held back until the row has been looked at: a phone on a slow line (or
        # with an empty cache) shows the saved board before the board's own styles arrive.
        held = HeldRoutes()
        context.route(re.compile(r"/static/css/board[.\w]*\.css$"), held.keep)
        page = context.new_page()
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        page.locator("fieldset.winner label.chip").filter(has_text="Cy").click()
        how = page.locator('fieldset.how label.chip:has(input[value="self_draw"])')
        if how.is_visible():
            how.click()
        page.locator('#hand-form button[name="action"][value="save"]').click()
        page.wait_for_url(re.compile(rf"/sessions/{game.pk}/$"))
        strip = page.locator("#last-hand")
        assert says in strip.inner_text()
        changes = strip.locator(".seat-changes li b").all_inner_texts()
        game.refresh_from_db()
        last = game.rounds.get(number=2)
        assert [int(text.replace("−", "-")) for text in changes] == last.deltas
        # One row of four, as the bar of the hand form shows them, not a list running down the screen.
        tops = {
            round(box["y"]) for box in (item.bounding_box() for item in strip.locator(".seat-changes li").all()) if box
        }
        assert len(tops) == 1, tops
        assert held.routes, "the Save's answer did not ask for the board's stylesheet"
        held.release()
        page.wait_for_function("() => [...document.styleSheets].some((sheet) => /board/.test(sheet.href || ''))")
        seat = page.locator('.seat[data-seat="2"] .change')
        assert int(seat.inner_text().replace("−", "-")) == last.deltas[2]
        page.screenshot(path=str(artifacts / f"board-after-save-{language}.png"), full_page=True)
        context.close()


def measured(page: Page, language: str, names: list[str]) -> dict[str, Any]:
    """The crawl's checks on the page as it stands: sideways scrolling, small controls, Latin in Chinese."""
    problems: dict[str, Any] = {}
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        problems["scrolls sideways"] = width
    if small := small_targets(page) + page.evaluate(INLINE_LINKS_IN_A_ROW):
        problems["small targets"] = small
    if language == "zh-hans":
        latin = sorted({word for word in page.evaluate(LATIN_WORDS, names) if len(word) > 1})
        if untranslated := [word for word in latin if word not in ALLOWED_LATIN]:
            problems["Latin words in Chinese"] = untranslated
    return problems


class HeldRoutes:
    """Requests held back until the test lets them through: a network as slow as needed."""

    def __init__(self) -> None:
        self.routes: list[Any] = []

    def keep(self, route: Any) -> None:
        self.routes.append(route)

    def release(self) -> None:
        while self.routes:
            self.routes.pop(0).continue_()


def photographed(page: Page, slug: str, language: str, table: Table, artifacts: Path) -> dict[str, Any]:
    page.screenshot(path=str(artifacts / f"crawl-{slug}-{language}-light.png"), full_page=True)
    return {f"{slug} ({language})": problems} if (problems := measured(page, language, table.names)) else {}


def test_the_hand_forms_moments_pass_the_same_crawl(browser: Browser, live_server, table: Table, artifacts: Path):
    """The hand form in the states a keeper meets at a table: a Save in flight on a slow network, a
    refused tile hand, a false win being charged, and the phone that lost a race to save a hand."""
    client = Client()
    client.force_login(table.owner)
    found: dict[str, Any] = {}
    for language in LANGUAGES:
        game = make_session(table.owner, "shenyang", base=1, player_names=NAMES)
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, **NO_WORKER
        )
        context.add_cookies(
            [
                {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
                {"name": "django_language", "value": language, "url": live_server.url},
            ]
        )
        page = context.new_page()
        form = f"{live_server.url}/sessions/{game.pk}/hands/new/"

        page.goto(form)
        page.locator('#hand-form label.chip:has(input[name="winner"][value="1"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="self_draw"])').click()
        page.locator("#hand-form details.more > summary").click()
        page.locator("#tiles-input").press_sequentially("123m456p789s222s1m+1m", delay=10)
        page.locator("#preview .tile-verdict.illegal").wait_for()
        found |= photographed(page, "hand-form-refused-tiles", language, table, artifacts)

        page.goto(form)
        page.locator('#hand-form label.chip:has(input[name="winner"][value="void"])').click()
        page.locator('#hand-form label.chip:has(input[name="false_win_seat"][value="2"])').click()
        page.locator("#preview .seat-changes").wait_for()
        found |= photographed(page, "hand-form-false-win", language, table, artifacts)

        page.goto(form)
        page.locator('#hand-form label.chip:has(input[name="winner"][value="1"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="self_draw"])').click()
        page.locator("#preview .seat-changes").wait_for()
        held = HeldRoutes()
        page.route("**/hands/new/", held.keep)
        page.locator('#hand-form button[name="action"][value="save"]').click()
        page.locator("#hand-form .is-busy .busy-label").wait_for()
        found |= photographed(page, "hand-form-slow-save", language, table, artifacts)
        # Meanwhile another phone saved this hand: the held Save arrives second and conflicts.
        stands(
            services.record_hand(game, {"result": "draw"}, client_token="other", expected_number=1, user=table.owner)
        )
        held.release()
        page.locator("#hand-form .conflict-choices").wait_for()
        found |= photographed(page, "hand-form-conflict", language, table, artifacts)
        context.close()
    report(artifacts, "hand-form-moments", found)
    assert found == {}
