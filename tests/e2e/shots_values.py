"""A Chinese walkthrough of issue 23 at two city tables, for a person to look at: NOT a test, and not part of CI.

Its name does not match `test_*.py`, so `pytest` (and `.ci/run`) never collects it; run it on its own, which
collects it because it is named, with Chromium at phone size:

    DATABASE_URL=postgres://… .venv/bin/python -m pytest -p no:xdist -q tests/e2e/shots_values.py

At a Jinan table (山东 · 济南·途游) and a Zhengzhou table (郑州 · 郑州·常见), in Chinese, it saves screenshots of
the city preset applied on the start form, the pattern chips, the tile field's example, a refusal, a reason line
of a saved hand, and the table's rules page (its items and its worked examples) to SHOTS (/work/shots/values/,
or $SHOTS), and prints their paths. It asserts only what it needs to find its way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from tablekeeper.keeping.models import SESSION_SETTING_OPTIONS, GameSession
from tablekeeper.keeping.services.recording import record_hand
from tablekeeper.rules import Record, get_variant
from tests.conftest import make_session, stands
from tests.e2e.phones import phone

SHOTS = Path(os.environ.get("SHOTS", "/work/shots/values"))
# (variant, preset, a refusal tapped on the form, a hand saved for its reason lines)
TABLES: dict[str, tuple[str, str, dict[str, Any], Record]] = {
    "jinan": (
        "shandong",
        "jinan_tuyoo",
        # 碰碰胡 and 七小对 cannot both count: the refusal names both.
        {"patterns": ["all_triplets", "seven_pairs"]},
        # A robbed kong, the robbed player paying three shares (包三家), and a concealed kong's points.
        {
            "result": "win",
            "wins": [{"seat": 2, "method": "rob_kong", "from": 1, "patterns": ["pure_one_suit"]}],
            "kongs": [
                {"seat": 1, "kind": "added", "tile": "5m", "from": 3},
                {"seat": 2, "kind": "concealed", "tile": "9p"},
            ],
        },
    ),
    "zhengzhou": (
        "zhengzhou",
        "common",
        # The book's old example, a claimed chow: Zhengzhou claims none.
        {"tiles": "[123m][777p] 456s 11z 78p +9p"},
        {
            "result": "win",
            "wins": [{"seat": 2, "method": "self_draw", "patterns": ["seven_pairs"]}],
            "kongs": [{"seat": 1, "kind": "exposed", "tile": "5m", "from": 3}],
        },
    ),
}


def table_session(owner: User, variant: str, preset_id: str) -> GameSession:
    options = dict(next(p["options"] for p in get_variant(variant)["presets"] if p["id"] == preset_id))
    house_rules = {key: value for key, value in options.items() if key not in SESSION_SETTING_OPTIONS}
    base = options.get("base", get_variant(variant)["default_base"])
    names = ["阿强", "小梅", "老王", "大刘"]
    return make_session(owner, variant, base=base, options=house_rules, city_preset=preset_id, player_names=names)


def shot(page: Page, name: str, selector: str | None = None, *, full_page: bool = False) -> Path:
    path = SHOTS / f"{name}.png"
    if selector is None:
        page.screenshot(path=str(path), full_page=full_page)
    else:
        page.locator(selector).first.screenshot(path=str(path))
    print(path)  # the walkthrough lists what it saved
    return path


@pytest.mark.parametrize("city", list(TABLES))
def test_walkthrough(browser: Browser, live_server: Any, owner: User, city: str) -> None:
    variant, preset_id, refusal, saved = TABLES[city]
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = table_session(owner, variant, preset_id)
    url = live_server.url
    with phone(browser, url, owner, "zh-hans") as page:
        page.goto(f"{url}/sessions/new/?variant={variant}&city={preset_id}#players")
        expect(page.locator(".applied-preset")).to_be_visible()
        shot(page, f"{city}-01-preset-applied")
        shot(page, f"{city}-01b-presets-offered", "section:has(.city-presets)")

        page.goto(f"{url}/sessions/{game.pk}/hands/new/")
        shot(page, f"{city}-02-chips", "#hand-form fieldset.patterns")
        page.locator("#hand-form details.more > summary").click()
        example = page.locator(".tile-example .tf").first
        expect(example).to_be_visible()
        example.scroll_into_view_if_needed()
        shot(page, f"{city}-03-tile-example")

        page.locator('#hand-form label.chip:has(input[name="winner"][value="2"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="self_draw"])').click()
        for pattern in refusal.get("patterns", []):
            page.locator(f'#hand-form label.chip:has(input[name="patterns"][value="{pattern}"])').click()
        if "tiles" in refusal:
            page.locator("#tiles-input").fill(refusal["tiles"])
            page.locator("#tiles-input").dispatch_event("change")
        page.locator("#hand-form button[value=save]").click()
        expect(page.locator("#hand-form .error").first).to_be_visible()
        page.locator("#hand-form .error").first.scroll_into_view_if_needed()
        shot(page, f"{city}-04-refusal")

        stands(record_hand(game, saved, client_token=f"walkthrough-{city}", expected_number=1, user=owner))
        page.goto(f"{url}/sessions/{game.pk}/hands/1/")
        shot(page, f"{city}-05-reason-lines", full_page=True)

        page.goto(f"{url}/sessions/{game.pk}/rules/")
        shot(page, f"{city}-06-rules-items", "#how-won")
        shot(page, f"{city}-07-rules-patterns", "#patterns")
        # The examples' heading says whose rules settle them; the first one's reasons opened.
        page.locator("#examples .example details > summary").first.click()
        page.locator("#examples").scroll_into_view_if_needed()
        page.evaluate("document.getElementById('examples').scrollIntoView()")
        shot(page, f"{city}-08-rules-examples")
        shot(page, f"{city}-09-rules-page", full_page=True)
