"""A city's rules in one tap, as a keeper does it on a 390×844 phone in Chinese: open the start
page, tap a city preset, see its house rules set in the form, type the players and start; the board
names the preset. The preset is the first with options in the registry (郑州·常见 once the option
helpers add it), else the 推倒胡 fixture folder's own, so the test runs whatever presets exist."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablekeeper.keeping.models import GameSession
from tablekeeper.rules import PresetInfo, get_variant, variant_ids
from tablekeeper.rules.variants import search_path
from tests.e2e.phones import online_phone
from tests.fixtures.variant_folder import copy_variant_folder

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["张姐", "老王", "小李", "阿强"]


def a_city_preset() -> tuple[str, PresetInfo] | None:
    for variant in variant_ids():
        for preset in get_variant(variant)["presets"]:
            if any(value is True for value in preset["options"].values()):
                return variant, preset
    return None


@pytest.fixture
def city(tmp_path: Path) -> Iterator[tuple[str, PresetInfo]]:
    found = a_city_preset()
    if found is not None:
        yield found
        return
    with search_path(copy_variant_folder("tuidaohu", tmp_path)):
        found = a_city_preset()
        assert found is not None
        yield found


def test_a_city_preset_is_one_tap_on_the_start_page_and_the_board_names_it(
    browser: Browser, live_server, city: tuple[str, dict[str, Any]]
):
    variant, preset = city
    owner = User.objects.create_user("keeper")
    with online_phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/new/")
        page.locator("details.city-presets > summary").click()
        link = page.locator(f"a.city-preset[data-variant='{variant}'][data-preset='{preset['id']}']")
        expect(link).to_contain_text(preset["name"]["zh"])
        expect(link).to_contain_text("与常规不同")
        box = link.bounding_box()
        assert box is not None and box["height"] >= 44
        link.click()
        page.wait_for_url(re.compile(r"city="))

        expect(page.locator("select[name=variant]")).to_have_value(variant)
        page.locator("details.house-rules > summary").click()
        for key, value in preset["options"].items():
            if value is True:
                expect(page.locator(f"input[name=opt_{key}]")).to_be_checked()
        for seat, name in enumerate(NAMES):
            page.fill(f"input[name=player_{seat}]", name)
        page.click("#start-form button[type=submit]")
        page.wait_for_url(re.compile(r"/sessions/\d+/$"))

        game = GameSession.objects.get(owner=owner)
        assert (
            game.city_preset == preset["id"]
            and game.preset_shown is not None
            and (
                game.preset_shown["name"],
                game.preset_shown["changed"],
            )
            == (preset["name"], False)
        )
        expect(page.locator("p.rule-changes")).to_contain_text(preset["name"]["zh"])
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
