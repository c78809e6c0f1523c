"""What a Shandong table enters nearly every hand sits up front: the winner's flowers beside the winner's
patterns (as each further winner's beside theirs), outside "More"; a counted pattern (风刻) by − and + taps;
a further winner's 承包 picker only with that winner."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.conftest import HTMX, make_session

pytestmark = pytest.mark.django_db


def hand_form(client: Client, owner: User, **options: object) -> str:
    game = make_session(owner, "shandong", base=1, options=options)
    client.force_login(owner)
    client.cookies["django_language"] = "zh-hans"
    return client.get(f"/sessions/{game.pk}/hands/new/", headers=HTMX).content.decode()


def test_the_winners_flowers_sit_beside_the_patterns_outside_more(client: Client, owner: User) -> None:
    body = hand_form(client, owner)
    flowers = body.index('name="flowers"')
    assert body.index('class="taps patterns') < flowers < body.index('<details class="more"')
    # each further winner's flowers follow that winner's own patterns, the same way
    assert re.search(r'name="extra_patterns_1".*?name="extra_flowers_1"', body, flags=re.S)


def test_a_counted_pattern_is_counted_by_tapping(client: Client, owner: User) -> None:
    body = hand_form(client, owner, honour_set_points=True)
    chip = re.search(r'value="honour_pung".*?</label>', body, flags=re.S)
    assert chip is not None
    assert (
        'class="stepper"' in chip.group(0)
        and 'data-step="1"' in chip.group(0)
        and 'name="count_honour_pung"' in chip.group(0)
    )


def test_a_further_winners_liable_picker_goes_with_that_winner(client: Client, owner: User) -> None:
    body = hand_form(client, owner)
    assert re.search(r'<div class="extra-liable" data-extra="1">.*?name="extra_liable_1"', body, flags=re.S)
