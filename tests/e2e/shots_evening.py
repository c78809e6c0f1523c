"""Photographs for a closing note, not a test (CI collects only test_*.py files): a real Jinan evening's result
card (the picture as the phone draws it, the page at 390×844, and the text block for the group chat)
and the second phone's screen when two keepers save the same hand, and a different one; in Chinese.

    SHOTS_DIR=/work/shots .venv/bin/python -m pytest -p no:xdist -q tests/e2e/shots_evening.py

Writes evening-card.png (the picture, 1080 px wide), evening-card-page.png, evening-card.txt,
race-same-hand.png and race-different-hand.png into SHOTS_DIR (tests/e2e/artifacts/evening/ unless
said). Chinese glyphs need a CJK font on the machine (Debian: fonts-noto-cjk).
"""

from __future__ import annotations

import base64
import os
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, city_presets
from tablekeeper.rules import Record
from tests.conftest import draw, make_session, record_all, stands, win
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.phones import phone, tap, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path(os.environ.get("SHOTS_DIR") or ARTIFACTS / "evening")
PLAYERS = ["张姐", "老王", "小李", "阿强"]
# Fourteen hands as a Jinan table plays them: self-draws and discards, a kong bloom, seven pairs, a draw.
EVENING: list[Record] = [
    win(1, "discard", 0, win_extra={"flowers": 2}),
    win(2, "self_draw", win_extra={"flowers": 1}),
    win(2, "discard", 3, patterns=["seven_pairs"]),
    draw(),
    win(0, "self_draw", patterns=["pure_one_suit"], win_extra={"flowers": 3}),
    win(3, "discard", 1, win_extra={"flowers": 1}),
    win(3, "self_draw", patterns=["kong_bloom"]),
    win(1, "discard", 2, patterns=["all_triplets"], win_extra={"flowers": 2}),
    win(0, "discard", 3),
    win(2, "self_draw", patterns=["luxury_seven_pairs"]),
    win(1, "self_draw", win_extra={"flowers": 4}),
    win(0, "discard", 1, patterns=["mixed_one_suit"], win_extra={"flowers": 1}),
    win(3, "discard", 0, win_extra={"flowers": 2}),
    win(2, "discard", 0, patterns=["seven_pairs"], win_extra={"flowers": 1}),
]


def jinan_rules() -> dict[str, object]:
    preset = next(p for p in city_presets("shandong") if p["id"] == "jinan_tuyoo")
    return {key: value for key, value in preset["options"].items() if key not in ("base", "starting_points")}


def jinan_evening(owner: User) -> GameSession:
    """济南·途游 at 泉城棋牌室: ¥5 a point, the room at ¥30 an hour split four ways, four hours and
    ten minutes of play; hand 5's winner corrected after hand 9 (the later hands re-scored)."""
    rules = jinan_rules()
    now = timezone.now().replace(second=0, microsecond=0)
    fee = {
        "fee_kind": "hourly",
        "fee_amount": Decimal(30),
        "fee_collection": "each_own",
        "place": "泉城棋牌室",
        "played_from": now - timedelta(hours=4, minutes=10),
        "played_until": now,
    }
    game = make_session(
        owner,
        "shandong",
        base=1,
        player_names=PLAYERS,
        options=rules,
        city_preset="jinan_tuyoo",
        fee=fee,
        money_rate=Decimal(5),
    )
    record_all(game, EVENING[:9], owner)
    stands(services.edit_hand(game, 5, win(3, "self_draw", patterns=["pure_one_suit"]), user=owner))
    record_all(game, EVENING[9:], owner)
    return stands(services.finish_session(game, money_rate=Decimal(5)))


def test_the_result_card_of_a_jinan_evening(browser: Browser, live_server: LiveServer) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    owner = User.objects.create_user("keeper-zhang", first_name="张姐")
    game = jinan_evening(owner)
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/card/")
        wait_for(page, "() => document.getElementById('card-image')?.src.startsWith('data:image/png')")
        picture = page.locator("#card-image").get_attribute("src") or ""
        (SHOTS / "evening-card.png").write_bytes(base64.b64decode(picture.split(",", 1)[1]))
        (SHOTS / "evening-card.txt").write_text(page.locator("#card-text").input_value() + "\n")
        page.screenshot(path=str(SHOTS / "evening-card-page.png"), full_page=True)


def race(browser: Browser, base_url: str, owner: User, second_taps: tuple[str, str], shot: str) -> None:
    """Two keepers' phones on hand 5 of a Jinan evening: the first saves 小李 winning on 阿强's
    discard, the second saves what it tapped a moment later and is shown both (viewport only)."""
    game = make_session(
        owner, "shandong", base=1, player_names=PLAYERS, options=jinan_rules(), city_preset="jinan_tuyoo"
    )
    record_all(game, EVENING[:4], owner)
    form = f"{base_url}/sessions/{game.pk}/hands/new/"
    with phone(browser, base_url, owner, "zh-hans") as first, phone(browser, base_url, owner, "zh-hans") as second:
        for keeper, (winner, how) in ((first, ("2", "discard-3")), (second, second_taps)):
            keeper.goto(form)
            tap(keeper, "winner", winner)
            tap(keeper, "how", how)
            expect(keeper.locator("#preview .seat-changes")).to_be_visible()
        save(first)
        first.wait_for_url(f"**/sessions/{game.pk}/")
        save(second)
        expect(second.locator("#hand-form .conflict-choices .race-verdict")).to_be_visible()
        # What the phone shows: the chips with their winds and 庄 above, both hands in the bar below.
        second.screenshot(path=str(SHOTS / shot))


def save(page: Page) -> None:
    page.locator('#hand-form button[name="action"][value="save"]').click()


def test_the_second_phone_is_shown_both_hands_when_two_keepers_save_hand_five(
    browser: Browser, live_server: LiveServer
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    owner = User.objects.create_user("keeper-wang", first_name="老王")
    race(browser, live_server.url, owner, ("2", "discard-3"), "race-same-hand.png")
    race(browser, live_server.url, owner, ("0", "self_draw"), "race-different-hand.png")
