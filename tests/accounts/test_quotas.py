"""Quotas per account: a free account cannot grow the database without bound (sessions held,
imports per hour), and hears why, in its language, with a 4xx."""

from __future__ import annotations

import json

import pytest

from tablekeeper.keeping.models import GameSession, TablePreset
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.keeping.services.exchange import export_session
from tests.conftest import HTMX, make_session, record_all, win
from tests.keeping.test_sessions import start_form_data

pytestmark = pytest.mark.django_db
START = start_form_data("shenyang")


def export_text(owner) -> str:
    game = make_session(owner, "shenyang", base=2)
    record_all(game, [win(1), win(2)])
    return json.dumps(export_session(game, seats_of(game)))


def test_an_account_at_its_session_quota_cannot_start_another_and_is_told_why(keeper_client, owner, settings):
    settings.SESSIONS_PER_ACCOUNT = 2
    make_session(owner)
    assert keeper_client.post("/sessions/new/", START).status_code == 302
    refused = keeper_client.post("/sessions/new/", START, headers=HTMX)
    assert refused.status_code == 422
    assert "An account can hold at most 2 sessions" in refused.content.decode()
    assert GameSession.objects.filter(owner=owner).count() == 2


def test_the_session_quota_is_said_in_chinese_on_a_chinese_phone(keeper_client, owner, settings):
    settings.SESSIONS_PER_ACCOUNT = 1
    make_session(owner)
    refused = keeper_client.post("/sessions/new/", START, headers={**HTMX, "accept-language": "zh-hans"})
    assert refused.status_code == 422 and "一个账号最多保存 1 场牌局" in refused.content.decode()


def test_the_session_quota_holds_for_imports_and_presets_too(keeper_client, owner, settings):
    text = export_text(owner)
    preset = TablePreset.objects.create(
        owner=owner, name="Thu", variant="shenyang", base=2, starting_points=1000, player_names=["A", "B", "C", "D"]
    )
    settings.SESSIONS_PER_ACCOUNT = 1
    imported = keeper_client.post("/sessions/import/", {"text": text}, headers=HTMX)
    assert imported.status_code == 422 and "at most 1 sessions" in imported.content.decode()
    started = keeper_client.post(f"/presets/{preset.pk}/start/", follow=True)
    assert "at most 1 sessions" in started.content.decode()
    assert GameSession.objects.filter(owner=owner).count() == 1


def test_another_account_is_not_held_to_someone_elses_quota(owner, stranger, settings):
    settings.SESSIONS_PER_ACCOUNT = 1
    make_session(owner)
    make_session(stranger)
    assert GameSession.objects.count() == 2


def test_imports_past_the_hourly_cap_are_refused_with_429_and_a_message(keeper_client, owner, settings):
    settings.IMPORTS_PER_HOUR = 3
    text = export_text(owner)
    answers = [keeper_client.post("/sessions/import/", {"text": text, "anyway": "on"}).status_code for _ in range(4)]
    assert answers == [302, 302, 302, 429]
    refused = keeper_client.post("/sessions/import/", {"text": text, "anyway": "on"}, headers=HTMX)
    assert refused.status_code == 429
    assert "You have imported 3 sessions in the last hour, the most allowed" in refused.content.decode()
    assert GameSession.objects.filter(owner=owner).count() == 1 + 3, "the export's own session and three imports"


def test_a_file_that_is_no_export_does_not_use_up_the_hourly_imports(keeper_client, owner, settings):
    settings.IMPORTS_PER_HOUR = 1
    for _ in range(3):
        assert keeper_client.post("/sessions/import/", {"text": "hello"}, headers=HTMX).status_code == 422
    assert keeper_client.post("/sessions/import/", {"text": export_text(owner)}).status_code == 302
