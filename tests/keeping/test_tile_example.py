"""The tile field's example follows the table (issue 23): a win the engine accepts there by every method the
table allows, so no chow at a table that claims none (Zhengzhou) and no tile it does not have (Harbin's
winds), written in the notation and drawn as faces (static/js/tiles.js draws `data-faces-text`)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping.models import SESSION_SETTING_OPTIONS
from tablekeeper.rules import RecordWin, get_variant, settle, table_rules, tile_example, variant_ids
from tests.conftest import HTMX, make_session

pytestmark = pytest.mark.django_db
TABLES = [(variant, preset["id"]) for variant in variant_ids() for preset in get_variant(variant)["presets"]]
CLAIMED_CHOW = re.compile(r"\[(\d)(\d)(\d)[mps]\]")


def preset_options(variant: str, preset_id: str) -> dict[str, Any]:
    return next(dict(p["options"]) for p in get_variant(variant)["presets"] if p["id"] == preset_id)


def a_chow(tiles: str) -> bool:
    return any(int(b) == int(a) + 1 and int(c) == int(b) + 1 for a, b, c in CLAIMED_CHOW.findall(tiles))


@pytest.mark.parametrize(("variant", "preset"), TABLES)
def test_the_tile_example_is_a_win_the_engine_accepts_at_this_table_by_every_method(variant: str, preset: str) -> None:
    options = preset_options(variant, preset)
    example = tile_example(variant, options)
    assert example
    for method in table_rules(variant, options)["methods"]:
        win: RecordWin = {"seat": 1, "method": method, "patterns": [], "tiles": example}
        if method != "self_draw":
            win["from"] = 2
        answer = settle(variant, {"result": "win", "wins": [win]}, None, options)
        assert answer["ok"], (method, answer["errors"])


def test_zhengzhous_example_claims_no_chow_and_harbins_has_no_wind() -> None:
    assert not a_chow(tile_example("zhengzhou", preset_options("zhengzhou", "common")))
    assert a_chow("[123m][777p] 456s 11z 78p +9p")  # the book's example does: refused at Zhengzhou
    assert "z" not in tile_example("harbin", None).replace("7z", "")


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_hand_form_shows_this_tables_example_in_notation_and_as_faces(
    client: Client, owner: User, language: str
) -> None:
    options = preset_options("zhengzhou", "common")
    house_rules = {key: value for key, value in options.items() if key not in SESSION_SETTING_OPTIONS}
    game = make_session(owner, "zhengzhou", base=options.get("base", 1), options=house_rules)
    client.force_login(owner)
    client.cookies["django_language"] = language
    body = html.unescape(client.get(f"/sessions/{game.pk}/hands/new/", headers=HTMX).content.decode())
    example = tile_example("zhengzhou", game.engine_options())
    label = f"胡牌牌面（如{example}）" if language == "zh-hans" else f"Winning tiles (e.g. {example})"
    assert label in body
    assert f'data-faces-text="{example}"' in body
    assert "[123m]" not in body
