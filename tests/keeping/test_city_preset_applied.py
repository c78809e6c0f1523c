"""A city preset tapped on the start page says it was applied, with what it changed, beside the names the
page lands at (its link ends in #players); the plain start page says nothing of the kind."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import User
from django.utils.translation import override

from tablekeeper.reading.house_rules import preset_changes
from tablekeeper.rules import get_variant
from tests.conftest import make_session, record_all, signed_in, win

pytestmark = pytest.mark.django_db


def start_page(owner: User, query: str = "") -> str:
    client = signed_in(owner)
    client.cookies["django_language"] = "zh-hans"
    return html.unescape(client.get(f"/sessions/new/{query}").content.decode())


def test_a_city_preset_applied_says_so_with_what_it_changed_where_the_names_are(owner: User) -> None:
    info = get_variant("shandong")
    jinan = next(p for p in info["presets"] if p["id"] == "jinan_tuyoo")
    body = start_page(owner, "?variant=shandong&city=jinan_tuyoo")
    applied = re.search(
        r'<fieldset class="players" id="players">.*?<p class="applied-preset"[^>]*>(.*?)</p>', body, re.S
    )
    assert applied is not None
    assert f"已套用{jinan['name']['zh']}" in applied.group(1)
    with override("zh-hans"):
        with_zh = [str(change.said) for change in preset_changes(info, jinan["options"])]
    assert with_zh and all(said in applied.group(1) for said in with_zh)
    assert 'href="?variant=shandong&city=jinan_tuyoo#players"' in body


def test_the_plain_start_page_says_no_preset_was_applied(owner: User) -> None:
    assert "applied-preset" not in start_page(owner)


def city_preset_variants(body: str) -> set[str]:
    return set(re.findall(r'class="button wide city-preset"[^>]*data-variant="(\w+)"', body))


def test_once_a_city_preset_is_applied_only_that_variants_presets_are_offered(owner: User) -> None:
    # Issue 23: after 济南·途游 the list still showed the other variants' cities above the names.
    applied = start_page(owner, "?variant=shandong&city=jinan_tuyoo")
    assert city_preset_variants(applied) == {"shandong"}
    assert 'href="/sessions/new/"' in applied  # the way back to every variant's cities
    assert len(city_preset_variants(start_page(owner))) > 1


@pytest.mark.parametrize(
    ("preset", "named"), [("jinan_tuyoo", "济南·途游"), ("rule_book", "山东麻将"), ("", "山东麻将")]
)
def test_every_page_of_a_session_names_its_rules_as_the_table_knows_them(owner: User, preset: str, named: str) -> None:
    options = next(p["options"] for p in get_variant("shandong")["presets"] if p["id"] == (preset or "rule_book"))
    game = make_session(owner, "shandong", base=1, options=dict(options), city_preset=preset)
    client = signed_in(owner)
    client.cookies["django_language"] = "zh-hans"
    record_all(game, [win(1)], owner)
    pages = ["", "hands/new/", "hands/", "hands/1/", "hands/removed/", "manage/", "keepers/", "share/"]
    for page in [*(f"/sessions/{game.pk}/{page}" for page in pages), f"/b/{game.share_token}/hands/"]:
        shown = re.search(r'<span class="variant">(.*?)</span>', client.get(page).content.decode())
        assert shown and shown.group(1) == named, page
    assert f"<h1>{named}</h1>" in client.get(f"/sessions/{game.pk}/summary/").content.decode()
