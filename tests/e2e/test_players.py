"""Every player at the table, in Chromium at 390×844, in both languages: a keeper's phone and two players'
phones. Both players open the share link (what the table's code holds) and claim their seats, one signing up
on the claim's own screen; the keeper's board shows both requests by itself and the keeper accepts one and
refuses the other with one tap each. A second keeper's evening links the same player; that player's
我的战绩 lists both evenings with the points and money of each evening's settle-up, the chart and the
head-to-head; unlinking one evening takes it off the page and changes nothing else."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Player, Round, Seat, SeatClaim
from tablekeeper.keeping.services.sessions import ending_of
from tablekeeper.players.services import claims
from tests.conftest import PASSWORD, make_session, record_all, stands, win
from tests.e2e.conftest import PHONE, in_ci_only, photographs_in_css_pixels
from tests.e2e.phones import online_phone

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["老王", "小李", "张姐", "阿强"]
WORDS = {
    "en": {"waiting": "Waiting for the keeper", "you": "You: 老王, seat 1", "refused": "refused your last claim"},
    "zh-hans": {"waiting": "等记分的人同意", "you": "你：老王，第 1 座", "refused": "拒绝了你上次"},
}


@contextmanager
def signed_out_phone(browser: Browser, base_url: str, language: str) -> Iterator[Page]:
    """A phone with no account, as a player who has just scanned the code; fails on a script error."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=language
    )
    context.set_default_timeout(15_000)
    if language != "en":
        context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])
    page = photographs_in_css_pixels(context.new_page())
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert not problems, problems


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def finished(game: GameSession, owner: User, records: list[object]) -> GameSession:
    record_all(game, records, owner)  # type: ignore[arg-type]
    return stands(services.finish_session(GameSession.objects.get(pk=game.pk), money_rate=Decimal("0.50")))


def frozen(game: GameSession) -> tuple[object, ...]:
    """What unlinking an evening must not change: its hands, totals and seats' names."""
    game = GameSession.objects.get(pk=game.pk)
    rounds = list(Round.objects.filter(session=game).values_list("number", "record", "deltas"))
    names = list(Seat.objects.filter(session=game).order_by("index").values_list("player__name", flat=True))
    return (game.totals, game.status, game.money_rate, rounds, names)


@pytest.mark.parametrize("language", in_ci_only(["en", "zh-hans"], ci=["zh-hans"]))
def test_two_players_claim_one_is_accepted_and_keeps_two_keepers_evenings(
    browser: Browser, live_server, artifacts: Path, language: str
):
    words = WORDS[language]
    keeper = User.objects.create_user("keeper-a", password=PASSWORD, first_name="阿强")
    wang = User.objects.create_user("wang-login", password=PASSWORD, first_name="老王")
    game = make_session(keeper, "shenyang", base=2, player_names=NAMES, money_rate=Decimal("0.50"))
    board = f"{live_server.url}/b/{game.share_token}/"
    with (
        online_phone(browser, live_server.url, keeper, language) as keepers,
        online_phone(browser, live_server.url, wang, language) as wangs,
        signed_out_phone(browser, live_server.url, language) as lis,
    ):
        keepers.goto(f"{live_server.url}/sessions/{game.pk}/")
        keepers.locator(f'a[href="/sessions/{game.pk}/players/"]').click()
        expect(keepers.locator(".big-qr svg")).to_be_visible()
        expect(keepers.locator(".share-url-text")).to_have_value(f"{live_server.url}/b/{game.share_token}/")
        qr = keepers.locator(".big-qr svg").bounding_box()
        assert qr is not None and qr["width"] >= 300, "large enough to scan across a table"
        keepers.screenshot(path=str(artifacts / f"players-table-code-{language}.png"))
        keepers.goto(f"{live_server.url}/sessions/{game.pk}/")

        # 老王 has an account: one tap on the share board.
        wangs.goto(board)
        wangs.locator(f'form[action="/b/{game.share_token}/claim/0/"] button').click()
        expect(wangs.locator(".viewer")).to_contain_text(words["waiting"])

        # 小李 has none: the claim's own screen signs up, the seat's name offered.
        lis.goto(board)
        lis.locator(f'a[href="/b/{game.share_token}/claim/1/"]').click()
        expect(lis.locator("#id_display_name")).to_have_value("小李")
        lis.fill("#id_username", "li-phone")
        lis.fill("#id_password1", PASSWORD)
        lis.fill("#id_password2", PASSWORD)
        fits(lis)
        lis.screenshot(path=str(artifacts / f"players-claim-sign-up-{language}.png"))
        lis.locator(".claim-page button.primary").click()
        lis.wait_for_url(board)
        expect(lis.locator(".viewer")).to_contain_text(words["waiting"])

        # The keeper's board shows both requests by itself (it polls), by display name only.
        claims_box = keepers.locator("#claims")
        expect(claims_box.locator("form.claim")).to_have_count(2, timeout=15_000)
        expect(claims_box).not_to_contain_text("wang-login")
        fits(keepers)
        keepers.screenshot(path=str(artifacts / f"players-keeper-claims-{language}.png"))
        claims_box.locator('form.claim:has(input[name="claim"]) button[value="accept"]').first.click()
        keepers.wait_for_url(f"**/sessions/{game.pk}/")
        keepers.locator('#claims form.claim button[value="refuse"]').click()
        keepers.wait_for_url(f"**/sessions/{game.pk}/")
        expect(keepers.locator("#claims")).to_have_count(0)
        li = User.objects.get(username="li-phone")
        assert list(Seat.objects.filter(session=game).order_by("index").values_list("person_id", flat=True)) == [
            wang.pk,
            None,
            None,
            None,
        ]
        assert SeatClaim.objects.get(user=li).status == SeatClaim.Status.REFUSED

        # Each player's board says what the keeper decided, by itself.
        expect(wangs.locator(".viewer")).to_contain_text(words["you"], timeout=15_000)
        expect(wangs.locator('#board .seat.is-mine[data-seat="0"]')).to_have_count(1)
        expect(lis.locator(".viewer")).to_contain_text(words["refused"], timeout=15_000)
        fits(wangs)
        wangs.screenshot(path=str(artifacts / f"players-my-seat-{language}.png"))

        # The evening is played and settled; a second keeper's evening links 老王 again.
        one = finished(game, keeper, [win(0), win(2, "discard", 0), win(0, "discard", 3)])
        other_keeper = User.objects.create_user("keeper-b", first_name="张姐")
        two = make_session(other_keeper, "shenyang", base=2, player_names=["大刘", "老王", "小李", "阿强"])
        wangs.goto(f"{live_server.url}/b/{two.share_token}/")
        wangs.locator(f'form[action="/b/{two.share_token}/claim/1/"] button').click()
        expect(wangs.locator(".viewer")).to_contain_text(words["waiting"])
        assert isinstance(claims.decide_claim(two, 1, accept=True), claims.Decided)
        two = finished(two, other_keeper, [win(1), win(3, "discard", 1), win(1)])

        wangs.goto(f"{live_server.url}/me/")
        evenings = wangs.locator("li.evening")
        expect(evenings).to_have_count(2)
        for game_shown, seat in ((one, 0), (two, 1)):
            ending = ending_of(game_shown)
            assert ending.money_nets is not None
            row = wangs.locator(f'li.evening[data-session="{game_shown.pk}"]')
            expect(row.locator(".points")).to_have_attribute("data-points", str(1000 + ending.changes[seat]))
            money = (Decimal(ending.money_nets[seat]) / 100).quantize(Decimal("0.01"))
            expect(row.locator(".money")).to_have_attribute("data-money", str(money))
        expect(wangs.locator(".record-chart svg polyline")).to_have_count(1)
        expect(wangs.locator(".head-to-head-mine tr.opponent")).not_to_have_count(0)
        expect(wangs.locator(".head-to-head-mine")).to_contain_text("阿强")
        expect(wangs.locator("body")).not_to_contain_text("keeper-a")
        fits(wangs)
        wangs.screenshot(path=str(artifacts / f"players-my-record-{language}.png"), full_page=True)

        # Unlinking the first evening takes it off the page, and nothing else changes.
        before = (frozen(one), frozen(two))
        row = wangs.locator(f'li.evening[data-session="{one.pk}"]')
        row.locator("details.confirm summary").click()
        row.locator("button.danger").click()
        wangs.wait_for_url("**/me/")
        expect(wangs.locator("li.evening")).to_have_count(1)
        expect(wangs.locator(f'li.evening[data-session="{two.pk}"]')).to_have_count(1)
        assert (frozen(one), frozen(two)) == before
        assert Seat.objects.get(session=two, index=1).person == wang
        assert Player.objects.get(owner=keeper, name="老王").person == wang
