"""An evening with a table fee, in Chromium at 390×844: chosen on the start form (only the chosen
kind's fields show, CSS alone; a fee above the stakes is asked about before anything starts), each
seat's money in ¥ on the board during play, the settle-up in each way a room collects its fee, the
session list's result, and 再来一场 with the same table; in Chinese, then English in the same phone,
where a stale form's tap gets the app's own 403 with a way back."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.services.sessions import ending_of
from tablekeeper.keeping.services.settlement import ROOM_PARTY
from tests.conftest import record_all, win
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["老王", "Lee", "小张", "阿芳"]


def yuan(fen: int) -> str:
    """¥12.50, -¥3.00: as the board writes money."""
    return f"{'-' if fen < 0 else ''}¥{abs(fen) / 100:.2f}"


def settle_up(session: GameSession, zh: bool) -> list[str]:
    """The finished board's lines under "who pays whom", worked out from the settlement: the game's
    money (the room among the payees only when the fee is netted in), then each player's own fee to
    the room, to pay or already paid in cash."""
    ending = ending_of(session)
    assert ending.money_transfers is not None and ending.fee is not None
    room = "台费/房间" if zh else "the room (table fee)"
    lines = []
    for transfer in ending.money_transfers:
        payee = room if transfer.payee == ROOM_PARTY else NAMES[transfer.payee]
        amount = f"¥{transfer.amount / 100:.2f}"
        lines.append(
            f"{NAMES[transfer.payer]}付给{payee} {amount}" if zh else f"{NAMES[transfer.payer]} pays {payee} {amount}"
        )
    for seat, fee in enumerate(ending.fee):
        if not fee or ending.fee_collection == "netted":
            continue
        amount = f"¥{fee / 100:.2f}"
        if ending.fee_collection == "paid_in_cash":
            lines.append(
                f"{NAMES[seat]}已在打牌时现金交给{room} {amount}"
                if zh
                else f"{NAMES[seat]} paid {room} {amount} in cash during play"
            )
        else:
            lines.append(f"{NAMES[seat]}付给{room} {amount}" if zh else f"{NAMES[seat]} pays {room} {amount}")
    return lines


def collect_the_fee(page: Page, base_url: str, session: GameSession, collection: str) -> None:
    """On the session's own page: choose how the room is paid, and save."""
    page.goto(f"{base_url}/sessions/{session.pk}/manage/")
    fee = page.locator("#table-fee")
    if not fee.locator("details.table-fee").evaluate("(details) => details.open"):
        fee.locator("details.table-fee > summary").click()
    fee.locator("label.chip", has=page.locator(f'input[value="{collection}"]')).click()
    fee.locator('button[type="submit"]').click()
    page.wait_for_url(f"{base_url}/sessions/{session.pk}/")


def test_an_evening_with_a_fee_is_started_played_for_money_settled_each_way_and_played_again(
    browser: Browser, live_server
):
    owner = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    client = Client()
    client.force_login(owner)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
            {"name": "django_language", "value": "zh-hans", "url": live_server.url},
        ]
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{live_server.url}/sessions/new/?variant=shenyang")
    for seat, name in enumerate(NAMES):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    page.locator('input[name="base"]').fill("2")
    page.locator('input[name="money_rate"]').fill("0.5")
    page.locator("details.table-fee > summary").click()
    assert not page.locator(".fee-amount").is_visible()  # no fee: nothing to fill in
    page.locator("label.chip", has=page.locator('input[value="per_hand"]')).click()
    assert page.locator(".fee-amount").is_visible() and page.locator(".fee-self-draw").is_visible()
    assert not page.locator(".fee-percent").is_visible()
    page.locator('input[name="fee_amount"]').fill("5")
    # A 台板 is often handed over in cash, hand by hand.
    page.locator("label.chip", has=page.locator('input[value="paid_in_cash"]')).click()
    page.locator('#start-form button[type="submit"]').click()
    question = page.locator(".fee-confirm")
    question.wait_for()
    assert "确定吗" in page.locator("details.table-fee").inner_text()
    assert not GameSession.objects.exists()
    question.click()
    page.locator('#start-form button[type="submit"]').click()
    page.wait_for_url(f"{live_server.url}/sessions/*/")
    session = GameSession.objects.get()
    assert (session.fee_kind, session.fee_amount) == ("per_hand", Decimal(5))
    assert (session.fee_collection, session.money_rate) == ("paid_in_cash", Decimal("0.5"))

    # The evening began two hours ago (a fee form's times must end after they start).
    GameSession.objects.filter(pk=session.pk).update(played_from=session.created - timedelta(hours=2))

    # During play, each seat's money at ¥0.5 a point, beside its points.
    record_all(session, [win(0), win(1, "discard", 0), win(0), win(2)], owner)
    page.reload()
    for seat in range(4):
        money = page.locator(f'#board .seat[data-seat="{seat}"] .money')
        expect(money).to_have_text(yuan(session.totals[seat] * 50))

    page.locator("summary", has_text="结束本场").click()
    page.locator("button", has_text="确定结束：不再记局").click()
    page.wait_for_url(f"{live_server.url}/sessions/{session.pk}/")
    session.refresh_from_db()
    transfers = page.locator("ul.transfers li")
    expect(transfers).to_have_text(settle_up(session, zh=True))
    # Each way a room collects: each pays their own, then netted into the transfers.
    for collection in ("each_own", "netted"):
        collect_the_fee(page, live_server.url, session, collection)
        session.refresh_from_db()
        assert session.fee_collection == collection
        expect(transfers).to_have_text(settle_up(session, zh=True))

    # The session list says who won, and the summary a one-day evening's single date.
    page.goto(f"{live_server.url}/sessions/")
    best = max(range(4), key=lambda seat: session.totals[seat])
    expect(page.locator(".session-list li.finished .result")).to_have_text(
        f"大赢家：{NAMES[best]} +{session.totals[best]}"
    )
    page.goto(f"{live_server.url}/sessions/{session.pk}/summary/")
    expect(page.locator(".summary-facts dd").first.locator("time")).to_have_count(1)

    # 再来一场: one tap, the same table; the board already counts money.
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    dealer = NAMES[session.state["dealer"]]
    page.locator("form.again button", has_text=f"再来一场（{dealer}坐庄）").click()
    page.wait_for_url(lambda url: url.rstrip("/").split("/")[-1] not in ("", str(session.pk)))
    again = GameSession.objects.exclude(pk=session.pk).get()
    assert [seat.player.name for seat in again.seats.order_by("index")] == NAMES
    same = ("variant", "base", "options", "money_rate", "fee_kind", "fee_amount", "fee_collection")
    assert [getattr(again, field) for field in same] == [getattr(session, field) for field in same]
    assert again.first_dealer == session.state["dealer"]
    expect(page.locator("#board .seat .money")).to_have_text(["¥0.00"] * 4)

    # The same phone in English: the board's money, and the finished evening's settle-up.
    page.locator("form.lang button").click()
    expect(page.locator(".actions .big")).to_have_text("Record hand")
    expect(page.locator("#board .seat .money")).to_have_text(["¥0.00"] * 4)
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    expect(transfers).to_have_text(settle_up(session, zh=False))

    # A tap on a form gone stale (its CSRF token no longer this phone's): the app's own 403 in the
    # app's layout, nothing started, and a way back.
    stale = page.locator("form.again input[name=csrfmiddlewaretoken]")
    stale.evaluate("(field) => { field.value = 'S'.repeat(64); }")
    page.locator("form.again button").first.click()
    expect(page.locator("h1")).to_have_text("This page has expired")
    assert GameSession.objects.count() == 2
    page.get_by_role("link", name="My sessions").click()
    expect(page.locator(".session-list li")).to_have_count(2)
    context.close()
    assert not problems, problems
