"""Signing a keeper in for a browser test without going through the sign-in page."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page


def signed_in(page: Page, live_server) -> User:
    user = User.objects.create_user("keeper", password="Tiles-and-Winds-9")
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return user
