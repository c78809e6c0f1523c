"""A variant added as one folder works in the whole app with no other change: the start form, a win by
each way the variant allows (a self-draw-only variant plays self-draws, a discard win only where the table
has one), the tile turned up where its wild follows one, a drawn hand with kongs, the board, the history,
the reasons in both languages, and an export imported back. The variant comes from tests/fixtures/variants/,
copied into a temporary registry; what the walk taps is read from `get_variant`, so no line here names it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.keeping.services.outcomes import OptionsRejected
from tablekeeper.rules import get_variant, replay, settle, wild_after
from tablekeeper.rules.variants import PATHS_VARIABLE
from tests.conftest import HTMX, make_session
from tests.fixtures.variant_folder import copy_variant_folder, fixture_variant_ids
from tests.keeping.test_sessions import start_form_data

pytestmark = pytest.mark.django_db
REPOSITORY = Path(__file__).resolve().parents[2]
# The web tests that loop over the registry's variants (the rules reference, house rules, reasons, the hand form).
GENERIC_WEB_TESTS = (
    "tests/reading/test_house_rules_pages.py",
    "tests/reading/test_rules_reference.py",
    "tests/reading/test_reasons_rendered.py",
    "tests/reading/test_reasons_pages.py",
    "tests/keeping/test_hand_form_facts.py",
    "tests/keeping/test_hand_form_size.py",
    "tests/keeping/test_engine_use.py",
    "tests/keeping/test_city_presets.py",
    "tests/keeping/test_tile_keyboard.py",
)


def in_language(client: Client, language: str, url: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def save(client: Client, game: GameSession, **taps: Any) -> None:
    game.refresh_from_db()
    data = {"client_token": f"walk-{game.next_number}", "expected_number": game.next_number, **taps}
    response = client.post(f"/sessions/{game.pk}/hands/new/", data)
    assert response.status_code == 302, response.content.decode()[-3000:]


def wins_to_play(methods: list[str]) -> list[dict[str, str]]:
    """One win by each way this table allows, each by another winner: a self-draw, a discard win, a robbed kong
    (a variant that plays self-draw only plays two self-draws, and no discard it does not have)."""
    hows = {"self_draw": "self_draw", "discard": "discard-0", "rob_kong": "rob_kong-0"}
    played = [{"winner": str(seat), "how": hows[method]} for seat, method in enumerate(methods, start=1)]
    if len(played) == 1:
        played.append({"winner": "2", "how": hows[methods[0]]})
    return played


def test_a_variant_added_as_one_folder_is_played_through_the_whole_app(new_variant: str, owner: User) -> None:
    client = Client()
    client.force_login(owner)
    info = get_variant(new_variant)
    start = in_language(client, "zh-hans", f"/sessions/new/?variant={new_variant}")
    assert info["name"]["zh"] in start
    base = next(option for option in info["options"] if option["key"] == "base")
    if base["type"] == "choice":  # a base of set values (1, 2 or 5) is one tap among them, not a number to type
        assert all(f'name="base" value="{value}"' in start for value in base["allowed"])

    # Every way to win the variant has is played, a house rule's too (红中麻将's allow_discard_win).
    let_in = {f"opt_{option}": "on" for option in info["method_options"].values()}
    response = client.post("/sessions/new/", start_form_data(new_variant, **let_in))
    game = GameSession.objects.get(owner=owner)
    assert response.status_code == 302 and game.variant == new_variant
    methods = game.table_rules["methods"]
    assert set(methods) == set(info["methods"]) | set(info["method_options"])

    form = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/new/")
    assert info["patterns"][0]["name"]["zh"] in form
    assert all(names["zh"] in form for names in info["fact_names"]["kong"].values())
    wilds = info["wilds"]
    if wilds is not None and wilds["face"]:  # a tile wild in every hand is framed and named on the tile keyboard
        assert f'data-wild="{wilds["face"]}" data-wild-name="{wilds["name"]["zh"]}"' in form
    # A wild that follows a tile turned up is asked as that tile, before "More", saying what it makes wild.
    turned_up: dict[str, str] = {}
    if wilds is not None and wilds["turned_up"]:
        assert form.index('name="turned_up"') < form.index('<details class="more"')
        assert f"{wilds['name']['zh']}是翻开那张的下一张" in form or "翻开的那张就是" in form
        turned_up = {"turned_up": info["tile_set"][0]}
    # Each count the keeper enters (bird hits) is offered from 0 to its maximum at this table, in its own words.
    counted = {f"counts_{count['id']}": "1" for count in info["counts"]}
    for count in info["counts"]:
        assert count["name"]["zh"] in form and count["meaning"]["zh"] in form
        maximum = game.table_rules["counts"][count["id"]]
        assert f'name="counts_{count["id"]}" value="0" min="0" max="{maximum}"' in form
    first, *others = wins_to_play(methods)
    method = first["how"].partition("-")[0]
    pattern = next(p["id"] for p in info["patterns"] if method in game.table_rules["pattern_methods"][p["id"]])
    save(client, game, **first, patterns=[pattern], **counted, **turned_up)
    for taps in others:
        save(client, game, **taps)
    faces = [face for face in info["tile_set"] if wilds is None or face != wilds["face"]]
    kongs = {"kong_seat_0": "0", "kong_kind_0": "exposed", "kong_from_0": "1", "kong_tile_0": faces[4]}
    kongs |= {"kong_seat_1": "3", "kong_kind_1": "concealed", "kong_tile_1": faces[-1]}
    save(client, game, winner="draw", **kongs)
    hands = 2 + len(others)

    game.refresh_from_db()
    records = list(Round.objects.filter(session=game).order_by("number").values_list("record", flat=True))
    assert records[0].get("counts") == ({count["id"]: 1 for count in info["counts"]} or None)
    replayed = replay(new_variant, records, game.engine_options(), game.starting_state())
    assert replayed["ok"] and game.hand_count == hands and game.totals == replayed["totals"]
    assert [record["wins"][0]["method"] for record in records[:-1]] == [
        "self_draw" if taps["how"] == "self_draw" else taps["how"].partition("-")[0] for taps in [first, *others]
    ], "every way to win the table allows was played, and none it does not"
    if turned_up:  # the record keeps the tile turned up and the wild the engine made of it
        wild = wild_after(new_variant, turned_up["turned_up"], game.engine_options())
        assert records[0]["turned_up"] == turned_up["turned_up"] and records[0]["treasure"] == wild
    drawn = Round.objects.get(session=game, number=hands)
    assert any(drawn.deltas), "the drawn hand's kongs were paid"

    board = in_language(client, "zh-hans", f"/sessions/{game.pk}/")
    assert info["name"]["zh"] in board
    assert "流局：没有人胡牌。" in board and "谁也不付分" not in board
    history = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/")
    assert history.count(f"/sessions/{game.pk}/hands/") >= hands

    kong_names = info["fact_names"]["kong"]
    zh_hand = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/{hands}/")
    en_hand = in_language(client, "en", f"/sessions/{game.pk}/hands/{hands}/")
    assert kong_names["exposed"]["zh"] in zh_hand and kong_names["concealed"]["zh"] in zh_hand
    # No raw item id in what the page says (the reason lines' links to the rules reference name it in their anchors).
    en_said = re.sub(r'href="[^"]*"', "", en_hand)
    assert kong_names["exposed"]["en"] in en_hand and "exposed_kong" not in en_said
    zh_first = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/1/")
    assert info["patterns"][0]["name"]["zh"] in zh_first and "付给" in zh_first
    assert all(f"{count['name']['zh']}：1" in zh_first for count in info["counts"])
    edit = in_language(client, "zh-hans", f"/sessions/{game.pk}/hands/1/edit/")
    assert all(f'name="counts_{count["id"]}" value="1"' in edit for count in info["counts"])

    exported = client.get(f"/sessions/{game.pk}/export.json")
    assert exported.status_code == 200
    upload = SimpleUploadedFile("export.json", exported.content, content_type="application/json")
    imported = client.post("/sessions/import/", {"file": upload})
    copy = GameSession.objects.exclude(pk=game.pk).get()
    assert imported.status_code == 302 and copy.variant == new_variant
    assert copy.totals == game.totals and copy.state == game.state
    assert Round.objects.get(session=copy, number=1).record == records[0]


def test_a_count_above_the_tables_maximum_is_refused_in_words_and_saves_nothing(new_variant: str, owner: User) -> None:
    info = get_variant(new_variant)
    if not info["counts"]:
        pytest.skip(f"{new_variant} has no count the keeper enters")
    client = Client()
    client.force_login(owner)
    game = make_session(owner, new_variant)
    count = info["counts"][0]
    too_many = game.table_rules["counts"][count["id"]] + 1
    taps = {"client_token": "walk-1", "expected_number": 1, "winner": "1", "how": "self_draw"}

    response = client.post(
        f"/sessions/{game.pk}/hands/new/", {**taps, f"counts_{count['id']}": str(too_many)}, headers=HTMX
    )

    assert response.status_code == 422 and not Round.objects.filter(session=game).exists()
    result = settle(
        new_variant,
        {
            "result": "win",
            "wins": [{"seat": 1, "method": "self_draw", "patterns": []}],
            "counts": {count["id"]: too_many},
        },
    )
    assert [error["code"] for error in result["errors"]] == ["count_above_maximum"]


def test_a_base_outside_the_variants_set_values_is_refused_on_the_start_form(new_variant: str, owner: User) -> None:
    base = next(option for option in get_variant(new_variant)["options"] if option["key"] == "base")
    if base["type"] != "choice":
        pytest.skip(f"{new_variant}'s base is any whole number")
    client = Client()
    client.force_login(owner)
    allowed = list(base["allowed"])
    outside = next(value for value in range(1, 100) if value not in allowed)

    refused = client.post("/sessions/new/", start_form_data(new_variant, base=str(outside)), headers=HTMX)
    taken = client.post("/sessions/new/", start_form_data(new_variant, base=str(allowed[-1])))

    assert refused.status_code == 422 and 'name="base"' in refused.content.decode()
    assert taken.status_code == 302 and GameSession.objects.get(owner=owner).base == allowed[-1]


def test_a_session_of_a_variant_the_registry_does_not_know_is_refused_without_a_500(owner: User) -> None:
    client = Client()
    client.force_login(owner)

    response = client.post("/sessions/new/", {**start_form_data("zhengzhou"), "variant": "nowhere"}, headers=HTMX)

    assert response.status_code == 422
    assert not GameSession.objects.exists()
    with pytest.raises(OptionsRejected) as refused:
        make_session(owner, "nowhere")
    assert refused.value.errors[0]["code"] == "unknown_variant"
    assert not GameSession.objects.exists()


# A fresh process per fixture, running nine web files over again: nightly (.ci/nightly). Every run of the
# suite still plays each fixture through the whole app in process (above) and through the generic rules
# tests (tests/rules/test_registry.py).
@pytest.mark.nightly
@pytest.mark.parametrize("variant", fixture_variant_ids())
def test_a_copied_variant_folder_passes_every_generic_web_test(variant: str, tmp_path: Path) -> None:
    """The generic web tests, run in a fresh process whose registry also reads a temporary copy of the folder,
    select and pass the new variant's cases (as tests/rules/test_registry.py does for the rules tests)."""
    env = {**os.environ, PATHS_VARIABLE: str(copy_variant_folder(variant, tmp_path))}
    env.pop("DATABASE_URL", None)  # its own SQLite test database, whatever database this run uses
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-k", variant]
    command += [str(REPOSITORY / name) for name in GENERIC_WEB_TESTS]
    done = subprocess.run(command, cwd=REPOSITORY, env=env, capture_output=True, text=True, check=False)

    assert done.returncode == 0, done.stdout[-4000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed is not None and int(passed.group(1)) >= 10, done.stdout[-2000:]
    assert " failed" not in done.stdout and " error" not in done.stdout
