"""Error pages speak the keeper's language, in the app's own layout, with a way back."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tablekeeper.keeping.models import GameSession

from ..conftest import signed_in

CHINESE = {"Accept-Language": "zh-hans"}


def test_a_stranger_opening_another_accounts_session_reads_a_chinese_404_with_a_way_back(stranger, game: GameSession):
    response = signed_in(stranger).get(game.get_absolute_url(), headers=CHINESE)

    page = response.content.decode()
    assert response.status_code == 404
    assert "找不到这一页" in page
    assert "css/app.css" in page
    assert reverse("session_list") in page
    assert "Not Found" not in page


def test_a_deleted_sessions_old_link_reads_a_404_in_english_when_the_keeper_reads_english(owner, game: GameSession):
    url = game.get_absolute_url()
    game.delete()

    response = signed_in(owner).get(url, HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_a_visitor_who_is_not_logged_in_is_offered_the_log_in_page_from_a_404(db):
    response = Client().get("/no-such-page/", headers=CHINESE)

    assert response.status_code == 404
    assert reverse("login") in response.content.decode()


def test_a_form_sent_without_its_csrf_token_reads_a_chinese_403_that_says_nothing_changed(owner, game: GameSession):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)

    response = client.post(reverse("hand_undo", args=[game.pk]), headers=CHINESE)

    page = response.content.decode()
    assert response.status_code == 403
    assert "这个页面已过期" in page
    assert "什么都没有改" in page
    assert "CSRF" not in page


@pytest.mark.parametrize("language, words", [("zh-hans", "出了点问题"), ("en", "Something went wrong")])
def test_the_500_page_renders_without_a_request_in_the_keepers_language(language: str, words: str):
    # django.views.defaults.server_error renders it with no request and no context processors.
    with translation.override(language):
        page = render_to_string("500.html")

    assert words in page
    assert "css/app.css" in page
