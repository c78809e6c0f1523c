"""The result card in Chromium at 390×844, in both languages: the picture is drawn in the browser
with the network off, its pixels are not blank, dark and light, and the text beside it says
what the settlement says."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import formats, timezone, translation
from playwright.sync_api import Browser, expect

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.services.sessions import ending_of
from tablekeeper.keeping.services.table_fee import yuan
from tests.conftest import make_session, record_all, stands, win
from tests.e2e.conftest import PHONE
from tests.e2e.phones import wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["老王", "Lee", "小张", "阿芳"]

# The picture read back through a canvas of its own: its size, how many of its sampled pixels differ
# from the background (read beside the top bar), how many colours, and the background itself.
READ_PIXELS = """
async () => {
  const image = document.getElementById('card-image');
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const at = (x, y) => Array.from(data.slice((y * canvas.width + x) * 4, (y * canvas.width + x) * 4 + 3));
  const background = at(4, 40);
  let differ = 0, sampled = 0;
  const colours = new Set();
  for (let i = 0; i < data.length; i += 4 * 13) {
    sampled += 1;
    colours.add(data[i] + ',' + data[i + 1] + ',' + data[i + 2]);
    const distance = [0, 1, 2].reduce((sum, c) => sum + Math.abs(data[i + c] - background[c]), 0);
    if (distance > 60) differ += 1;
  }
  return {width: canvas.width, height: canvas.height, inked: differ / sampled, colours: colours.size, background};
}
"""


def expected_text(session: GameSession, language: str) -> list[str]:
    """The text block's lines up to the fee, worked out here from the settlement: players by points
    with their money after the fee, then one line per transfer (the room included)."""
    ending = ending_of(session)
    zh = language == "zh-hans"
    with translation.override(language):
        date = formats.date_format(timezone.localtime(session.created), "DATE_FORMAT")
    start, end = timezone.localtime(session.created), timezone.localtime(session.finished)
    times = f"{start:%H:%M}–{end:%H:%M}"
    assert ending.money_nets is not None and ending.fee is not None and ending.money_transfers is not None
    order = sorted(range(4), key=lambda seat: (-ending.changes[seat], seat))
    players = []
    for seat in order:
        rank = 1 + sum(1 for other in range(4) if ending.changes[other] > ending.changes[seat])
        money, fee = yuan(Decimal(ending.money_nets[seat]) / 100), yuan(Decimal(ending.fee[seat]) / 100)
        said = f"{rank}. {NAMES[seat]} {ending.changes[seat]:+d}"
        if not ending.fee[seat]:
            players.append(f"{said} {money}")
        else:
            players.append(f"{said}，扣台费{fee}后{money}" if zh else f"{said}, {money} after a {fee} table fee")
    room = "台费/房间" if zh else "the room (table fee)"
    arrow = "→" if zh else " → "
    transfers = [
        f"{NAMES[t.payer]}{arrow}{room if t.payee < 0 else NAMES[t.payee]} {yuan(Decimal(t.amount) / 100)}"
        for t in ending.money_transfers
    ]
    total = yuan(Decimal(ending.room) / 100)
    if zh:
        head = [f"第1场｜{date} {times}｜老地方", "沈阳麻将｜底分2｜每分¥0.5", "规则：沈阳麻将，没有改动。"]
        return [*head, *players, "谁付给谁：", *transfers, f"台费 {total}（已算进上面的转账）"]
    head = [f"Session 1 | {date} {times} | 老地方", "Shenyang | Base 2 | ¥0.5 a point", "The usual rules of Shenyang."]
    return [*head, *players, "Who pays whom:", *transfers, f"Table fee {total} (in the transfers above)"]


def test_the_result_card_is_drawn_offline_in_both_languages_and_says_the_settlement(
    browser: Browser, live_server, artifacts: Path
):
    owner = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    session = make_session(
        owner,
        "shenyang",
        base=2,
        player_names=NAMES,
        fee={"fee_kind": "big_winner", "fee_amount": Decimal("30"), "place": "老地方"},
    )
    record_all(session, [win(0), win(1, "discard", 0), win(2), win(0)], owner)
    stands(services.finish_session(session, money_rate=Decimal("0.50")))
    session.refresh_from_db()
    client = Client()
    client.force_login(owner)
    problems: list[str] = []
    for language in ("en", "zh-hans"):
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
        context.add_cookies(
            [
                {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
                {"name": "django_language", "value": language, "url": live_server.url},
            ]
        )
        page = context.new_page()
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        # One tap on the finished board.
        page.goto(f"{live_server.url}/sessions/{session.pk}/")
        page.locator(f'a[href="/sessions/{session.pk}/card/"]').click()
        page.wait_for_url(f"**/sessions/{session.pk}/card/")
        wait_for(page, "() => document.getElementById('card-image')?.src.startsWith('data:image/png')")
        context.set_offline(True)
        light: dict[str, Any] = page.evaluate(READ_PIXELS)
        page.locator("label.chip", has=page.locator('input[value="dark"]')).click()
        wait_for(page, "() => document.getElementById('card-image').dataset.theme === 'dark'")
        dark: dict[str, Any] = page.evaluate(READ_PIXELS)
        for picture in (light, dark):
            assert picture["width"] == 1080 and picture["height"] > 1000
            assert picture["inked"] > 0.02 and picture["colours"] > 20, picture
        assert sum(light["background"]) > 600 and sum(dark["background"]) < 150
        assert page.locator("#card-image").bounding_box()["width"] <= PHONE["width"]  # type: ignore[index]
        text = page.locator("#card-text").input_value()
        expected = expected_text(session, language)
        assert text.split("\n")[: len(expected)] == expected
        assert ("最大一局" if language == "zh-hans" else "Biggest hand") in text.split("\n")[len(expected)]
        page.locator("#card-copy").click()
        # The clipboard answers asynchronously: wait for the "copied" word rather than read it at once.
        expect(page.locator("#card-copied")).not_to_be_empty()
        assert page.evaluate("navigator.clipboard.readText()") == text
        page.screenshot(path=str(artifacts / f"result-card-{language}.png"), full_page=True)
        context.close()
    assert not problems, problems


def test_the_live_board_makes_a_card_so_far(browser: Browser, live_server):
    owner = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    session = make_session(owner, player_names=NAMES)
    record_all(session, [win(1)], owner)
    client = Client()
    client.force_login(owner)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme="dark")
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    page.get_by_role("link", name="Result card so far").click()
    wait_for(page, "() => document.getElementById('card-image')?.src.startsWith('data:image/png')")
    assert page.locator('input[name="card_theme"][value="dark"]').is_checked()
    assert page.locator("#card-text").input_value().startswith("Session 1 | ")
    context.close()
