"""The hand form's first load stays within DESIGN.md's budget (under 40 KB), for every variant in both languages,
with a session's full state on it (a dealer's streak, a draw behind it, 20-character names).

Measured as tests/benchmarks/bench_web.py measures every page (its own `first_load_bytes`): the page as served,
gzip-compressed by GZipMiddleware, plus every same-origin CSS, JS, icon and manifest it references, as whitenoise
serves them after collectstatic (minified, pre-compressed, hashed names).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tablekeeper.rules import Record, get_variant, variant_ids
from tests.benchmarks.bench_web import FIRST_LOAD_BUDGET_BYTES, LONG_NAMES, first_load_bytes
from tests.conftest import stands

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.one_database(reason="it weighs the rendered hand form; the bytes do not depend on the database"),
]
LANGUAGES = ("zh-hans", "en")
# What settings.py picks with DEBUG off: minified, hashed and compressed (tablekeeper/web/static_storage.py).
COMPRESSED_STATIC = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "tablekeeper.web.static_storage.MinifiedManifestStaticFilesStorage"},
}


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The static files as production serves them: collected once, hashed and compressed."""
    root = tmp_path_factory.mktemp("static")
    from django.test import override_settings

    with override_settings(STATIC_ROOT=root, STORAGES=COMPRESSED_STATIC):
        call_command("collectstatic", interactive=False, verbosity=0)
    yield root


@pytest.fixture
def production_static(settings: Any, collected: Path) -> None:
    settings.STATIC_ROOT = collected
    settings.STORAGES = COMPRESSED_STATIC
    settings.WHITENOISE_USE_FINDERS = False
    settings.WHITENOISE_AUTOREFRESH = False


def played_session(owner: User, variant: str) -> GameSession:
    """A session some hands in: a draw, then two wins by the dealer (a streak), with the longest names."""
    game = services.start_session(
        owner, variant=variant, player_names=LONG_NAMES, first_dealer=1, starting_points=1000, base=5, options={}
    )
    dealer_wins: Record = {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": []}]}
    hands: list[Record] = [{"result": "draw"}, dealer_wins, dealer_wins]
    for number, record in enumerate(hands, start=1):
        stands(services.record_hand(game, record, client_token=f"full-{number}", expected_number=number, user=owner))
    game.refresh_from_db()
    assert game.hand_count == 3 and game.state["dealer"] == 1
    return game


@pytest.mark.usefixtures("production_static")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", variant_ids())
def test_the_hand_form_of_every_variant_loads_within_the_budget(owner: User, variant: str, language: str) -> None:
    game = played_session(owner, variant)
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = language
    response = client.get(f"/sessions/{game.pk}/hands/new/", headers={"accept-encoding": "gzip, br"})
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    size = first_load_bytes(client, response)
    assert size < FIRST_LOAD_BUDGET_BYTES, f"{variant} ({language}): first load {size} bytes"


def test_the_tile_keyboards_drawings_are_not_sent_with_the_form(owner: User) -> None:
    client = Client()
    client.force_login(owner)
    game = services.start_session(
        owner, variant="shandong", player_names=LONG_NAMES, first_dealer=0, starting_points=1000, base=5, options={}
    )
    body = client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    # static/js/tiles.js draws the keys from the page's data-rows once "More" opens.
    assert "<svg" not in body
    assert 'data-rows="1m 2m 3m 4m 5m 6m 7m 8m 9m|' in body


def test_the_scripts_words_are_sent_as_characters_not_escapes(owner: User) -> None:
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = "zh-hans"
    body = client.get("/sessions/").content.decode()
    block = re.search(r'<script id="tk-text" type="application/json">(.*?)</script>', body, re.S)
    assert block is not None
    assert "\\u" not in block.group(1).replace("\\u003C", "").replace("\\u003E", "").replace("\\u0026", "")
    assert json.loads(block.group(1))["net.retry"] == "重试"


def test_a_pattern_that_scores_on_every_method_names_none_for_the_script(owner: User) -> None:
    client = Client()
    client.force_login(owner)
    game = services.start_session(
        owner, variant="shandong", player_names=LONG_NAMES, first_dealer=0, starting_points=1000, base=5, options={}
    )
    body = client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    for pattern in get_variant("shandong")["patterns"]:
        chip = re.search(rf'name="patterns" value="{pattern["id"]}"([^>]*)>', body)
        if chip is None:
            continue
        limited = set(pattern["methods"]) != {"self_draw", "discard", "rob_kong"}
        assert ("data-methods=" in chip.group(1)) is limited, pattern["id"]
