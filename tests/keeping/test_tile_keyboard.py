"""The tile keyboard's keys per variant, and the preview's verdict on the tiles."""

from __future__ import annotations

import re

import pytest

from tablekeeper.keeping.forms.tiles import keyboard_rows
from tablekeeper.rules import get_variant
from tests.conftest import HTMX, make_session, taps

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.one_database(reason="the tile keyboard's keys and verdicts come from the engine"),
]
ALL_HONOURS = ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]


@pytest.mark.parametrize(
    ("variant", "honours"),
    [
        ("dalian", ALL_HONOURS),
        ("shenyang", ALL_HONOURS),
        ("harbin", ["7z"]),  # RULES.md §3.1: the suits and four Red Dragons only
        ("shandong", ALL_HONOURS),
        ("zhengzhou", ALL_HONOURS),
    ],
)
def test_the_keyboard_has_the_three_suits_and_only_the_honours_the_variant_plays_with(variant, honours):
    rows = keyboard_rows(get_variant(variant))
    assert [[key.face for key in row] for row in rows[:3]] == [
        [f"{rank}{suit}" for rank in range(1, 10)] for suit in "mps"
    ]
    assert [key.face for key in rows[3]] == honours


def test_the_keyboard_names_its_keys_for_the_script_to_draw_and_is_hidden_until_it_runs(keeper_client, owner):
    game = make_session(owner, "harbin", base=1)
    body = keeper_client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    keyboard = body[body.index('<div class="tile-keyboard"') :]
    assert keyboard.startswith('<div class="tile-keyboard" data-for="tiles-input"') and " hidden>" in keyboard[:300]
    # The keys are drawn by static/js/tiles.js once "More" opens (tests/e2e/test_hand_form_taps.py checks the
    # drawing is templatetags/tile_faces.py's): the page names them, one row per suit, then the honours played.
    rows = re.search(r'data-rows="([^"]*)"', keyboard)
    assert rows is not None
    assert rows.group(1) == "|".join(" ".join(key.face for key in row) for row in keyboard_rows(get_variant("harbin")))
    assert rows.group(1).endswith("|7z")
    assert 'data-tile="' not in body and '<svg class="tf"' not in body
    assert all(f'data-insert="{mark}"' in body for mark in "[]()+")
    assert 'data-action="back"' in body and 'data-action="clear"' in body
    # The keyboard's styles and script come when "More" opens: form.js names them.
    script = r'<script src="/static/js/form\.js" data-tiles="/static/js/tiles\.js"'
    assert re.search(script + r' data-tiles-style="/static/css/tiles\.css" defer></script>', body)
    assert "<script>" not in body  # no inline script: the content security policy forbids it


def test_tiles_that_are_a_legal_win_say_so_and_show_what_they_prove(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/preview/",
        taps(winner="1", how="discard-0", tiles="[111m][444p]777s22s55s+5s"),
        headers=HTMX,
    )
    body = response.content.decode()
    assert '<p class="tile-verdict legal">✓ The tiles are a legal win.</p>' in body
    # Each line links to its rule in the reference (tests/reading/test_rules_reference.py); here, what it says.
    assert 'class="rule-link" href="/rules/' in body
    body = re.sub(r'<a class="rule-link" href="[^"]*">(.*?)</a>', r"\1", body)
    assert '<li class="note">Bo&#x27;s tiles are a legal win (1 reading).</li>' in body
    assert '<li class="note">The tiles show All triplets for Bo.</li>' in body
    # RULES.md §4.6: (5 + all triplets 2) × 2 = 14 from the discarder, with no chip tapped.
    assert '<span>Bo</span> <b class="up">+14</b>' in body


@pytest.mark.parametrize(
    ("variant", "fields", "restriction"),
    [
        ("harbin", {"how": "self_draw", "tiles": "[123m][456p]789s11z23s+1s"}, "Harbin is played without 1z."),
        ("shandong", {"how": "discard-0", "tiles": "[123m][456p]789s11z23s+1s"}, "needs a pair (将) of 2s, 5s or 8s"),
        ("shandong", {"how": "discard-0", "tiles": "[123m]456p+1s"}, "needs 14 tiles plus one per kong; this has 7"),
    ],
)
def test_tiles_that_are_not_a_legal_win_name_the_failing_restriction(
    keeper_client, owner, variant, fields, restriction
):
    game = make_session(owner, variant, base=5)
    response = keeper_client.post(f"/sessions/{game.pk}/hands/preview/", taps(winner="1", **fields), headers=HTMX)
    body = response.content.decode()
    verdict = body[body.index('<p class="tile-verdict illegal">') :]
    assert verdict.startswith('<p class="tile-verdict illegal">✗ The tiles are not a legal win:</p>')
    assert restriction in verdict[: verdict.index("</ul>")]


def test_tiles_behind_another_problem_are_reported_unchecked(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    # Only the dealer (Ann) can have a heavenly hand; the engine stops before reading the tiles.
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/preview/",
        taps(winner="1", how="self_draw", patterns=["heavenly_hand"], tiles="[111m][444p]777s22s55s+5s"),
        headers=HTMX,
    )
    assert "The tiles were not checked" in response.content.decode()


def test_no_tiles_no_verdict(keeper_client, owner):
    game = make_session(owner, "shandong", base=5)
    response = keeper_client.post(
        f"/sessions/{game.pk}/hands/preview/", taps(winner="1", how="discard-0"), headers=HTMX
    )
    assert "tile-verdict" not in response.content.decode()
