"""City presets in one tap (RULES §9.7, issue 18 item 2): the start page lists each variant's presets
from `get_variant`, a tap fills the house rules (a plain GET link, so without JavaScript too), the
session remembers the preset, and the board says "<preset> (changed)" once the rules differ from it.

The presets that exist change as the option helpers add them, so these tests read them from the
registry, and the 推倒胡 fixture folder (tests/fixtures/variants/) brings a city preset of its own."""

from __future__ import annotations

import html
from html.parser import HTMLParser
from typing import Any, Literal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping.models import GameSession
from tablekeeper.reading.house_rules import preset_changes
from tablekeeper.rules import get_variant, variant_ids
from tests.conftest import signed_in
from tests.keeping.test_sessions import start_form_data

pytestmark = pytest.mark.django_db


def start_page(client: Client, query: str = "", language: str = "en") -> str:
    client.cookies["django_language"] = language
    response = client.get(f"/sessions/new/{query}")
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def city_preset(variant: str) -> dict[str, Any]:
    """The variant's first preset that sets a house rule; presets.json is optional, so a folder may have none."""
    city = next((preset for preset in get_variant(variant)["presets"] if preset["options"]), None)
    if city is None:
        pytest.skip(f"{variant} has no city preset (its folder's presets.json is optional)")
    return dict(city)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_start_page_offers_every_variants_presets_by_name_with_what_they_change(owner: User, language: str):
    body = start_page(signed_in(owner), language=language)
    short: Literal["zh", "en"] = "zh" if language == "zh-hans" else "en"

    for variant in variant_ids():
        info = get_variant(variant)
        for preset in info["presets"]:
            assert f"?variant={variant}&city={preset['id']}" in body
            assert preset["name"][short] in body
            for change in preset_changes(info, preset["options"]):
                assert change.said in body


def test_a_city_preset_from_a_folder_fills_the_house_rules_and_is_remembered(new_variant: str, owner: User):
    city = city_preset(new_variant)
    client = signed_in(owner)

    listed = start_page(client, language="zh-hans")
    assert city["name"]["zh"] in listed and "与常规不同：" in listed

    filled = start_page(client, f"?variant={new_variant}&city={city['id']}")
    assert f'name="city_preset" value="{city["id"]}"' in filled
    for key, value in city["options"].items():
        if value is True:
            assert f'<input type="checkbox" name="opt_{key}" checked>' in filled

    data = start_form_data(new_variant, city_preset=city["id"])
    data.update(checked_options(city["options"]))
    assert client.post("/sessions/new/", data).status_code == 302
    game = GameSession.objects.get(owner=owner)
    assert game.city_preset == city["id"]
    assert {k: v for k, v in (game.preset_shown or {}).items() if k in ("name", "changed")} == {
        "name": city["name"],
        "changed": False,
    }
    board = html.unescape(client.get(f"/sessions/{game.pk}/").content.decode())
    assert city["name"]["en"] in board and "(changed)" not in board


def test_a_preset_adjusted_before_the_start_says_changed_on_the_board(new_variant: str, owner: User):
    city = city_preset(new_variant)
    client = signed_in(owner)
    # The keeper taps the preset, then unticks its rules again: the table plays the book, "changed".
    client.post("/sessions/new/", start_form_data(new_variant, city_preset=city["id"]))
    game = GameSession.objects.get(owner=owner)

    assert {k: v for k, v in (game.preset_shown or {}).items() if k in ("name", "changed")} == {
        "name": city["name"],
        "changed": True,
    }
    board = html.unescape(client.get(f"/sessions/{game.pk}/").content.decode())
    assert f"{city['name']['en']} (changed)" in board


def test_the_rule_book_preset_of_every_variant_starts_a_session_that_plays_the_book(owner: User):
    client = signed_in(owner)
    for variant in variant_ids():
        assert client.post("/sessions/new/", start_form_data(variant, city_preset="rule_book")).status_code == 302
        game = GameSession.objects.filter(owner=owner).latest("pk")
        assert game.city_preset == "rule_book" and game.preset_shown is not None
        assert (game.preset_shown["name"], game.preset_shown["changed"]) == (
            get_variant(variant)["presets"][0]["name"],
            False,
        )


@pytest.mark.parametrize("query", ["?variant=dalian&city=nope", "?variant=nope&city=rule_book", "?city=rule_book"])
def test_an_unknown_preset_or_variant_gives_the_plain_start_form(owner: User, query: str):
    body = start_page(signed_in(owner), query)
    assert 'name="city_preset" value=""' in body


def test_a_preset_id_the_variant_does_not_have_is_not_kept(owner: User):
    client = signed_in(owner)
    assert client.post("/sessions/new/", start_form_data("harbin", city_preset="no_such")).status_code == 302
    assert GameSession.objects.get(owner=owner).city_preset == ""


def checked_options(options: dict[str, Any]) -> dict[str, Any]:
    """The start form's fields for a preset's options, as a browser posts them."""
    data: dict[str, Any] = {}
    for key, value in options.items():
        if isinstance(value, bool):
            if value:
                data[f"opt_{key}"] = "on"
        elif isinstance(value, list):
            data[f"opt_{key}"] = [str(item) for item in value]
        elif value is not None:
            data[f"opt_{key}"] = str(value)
    return data


def test_this_tables_rules_name_the_preset_and_say_changed(new_variant: str, owner: User):
    city = city_preset(new_variant)
    client = signed_in(owner)
    client.post("/sessions/new/", start_form_data(new_variant, city_preset=city["id"]))
    game = GameSession.objects.get(owner=owner)
    client.cookies["django_language"] = "zh-hans"

    body = html.unescape(client.get(f"/sessions/{game.pk}/rules/").content.decode())
    shared = html.unescape(Client().get(f"/b/{game.share_token}/rules/").content.decode())

    assert f"{city['name']['zh']}（已改动）" in body
    assert f"{city['name']['en']} (changed)" in shared


class _FilledForm(HTMLParser):
    """The start form's fields as a browser would send them: inputs' values, ticked boxes, chosen options."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, list[str]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        name = given.get("name")
        if tag == "input" and name:
            kind = given.get("type") or "text"
            if kind not in ("checkbox", "radio") or "checked" in given:
                self.fields.setdefault(name, []).append(given.get("value") or ("on" if kind == "checkbox" else ""))
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select and "selected" in given:
            self.fields.setdefault(self._select, []).append(given.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


@pytest.mark.parametrize(
    ("variant", "preset_id"),
    [(variant, preset["id"]) for variant in variant_ids() for preset in get_variant(variant)["presets"]],
)
def test_every_preset_tapped_and_started_as_the_page_fills_it_is_remembered_unchanged(
    owner: User, variant: str, preset_id: str
):
    client = signed_in(owner)
    page = start_page(client, f"?variant={variant}&city={preset_id}")
    form = _FilledForm()
    form.feed(page[page.index('<form id="start-form"') :])
    data: dict[str, Any] = dict(form.fields)
    data.update({f"player_{seat}": [name] for seat, name in enumerate(["Ann", "Bo", "Cy", "Di"])})
    assert client.post("/sessions/new/", data).status_code == 302
    game = GameSession.objects.get(owner=owner)
    assert game.city_preset == preset_id and game.preset_shown is not None
    assert game.preset_shown["changed"] is False
