"""The app's routes as the URL resolver has them, so that tests that must cover every route read them from there:
a route added to tablekeeper/urls.py is covered by those tests without editing them (tests/web/test_authorization.py,
tests/sharing/test_share_guard.py, the site crawl's check of its page list): a session's routes, the share link's,
and the signed-in account's own pages (`me/…`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

# "<id:session_id>" → ("id", "session_id")
PART = re.compile(r"<(?:(\w+):)?(\w+)>")


@dataclass(frozen=True)
class Route:
    """One route: its pattern as tablekeeper/urls.py writes it, its name and its view."""

    pattern: str
    name: str | None
    view: Any

    @property
    def parameters(self) -> tuple[str, ...]:
        return tuple(match.group(2) for match in PART.finditer(self.pattern))

    def url(self, values: Mapping[str, object]) -> str:
        """The route's path with each parameter filled in from `values`."""
        return "/" + PART.sub(lambda match: str(values[match.group(2)]), self.pattern)


def every_route() -> list[Route]:
    """Every route of the app, in the order tablekeeper/urls.py lists them (Django's admin left out: it is
    Django's own, behind staff accounts)."""
    return [route for route in _walk(get_resolver().url_patterns, "") if not route.pattern.startswith("admin/")]


def _walk(patterns: Iterable[URLPattern | URLResolver], prefix: str) -> Iterator[Route]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, prefix + str(entry.pattern))
        else:
            yield Route(prefix + str(entry.pattern), entry.name, entry.callback)


def session_routes() -> list[Route]:
    """Every route that takes a session's id: a keeper's page or action on one session."""
    return [route for route in every_route() if "session_id" in route.parameters]


def share_routes() -> list[Route]:
    """Every route behind a share link (`b/<token>/…`): what whoever holds the link may open."""
    return [route for route in every_route() if route.pattern.startswith("b/<slug:token>/")]


def my_routes() -> list[Route]:
    """Every route of the signed-in account's own pages (`me/…`): 我的战绩, its CSV, the groups the player is in
    (`my_group`, a group's standings read-only), unlinking and deleting the account. Each is the account's own:
    a visitor is sent to log in, and an id that is not the account's answers 404."""
    return [route for route in every_route() if route.pattern.startswith("me/")]


# The routes behind a share link that are not pages to read but a form that acts, by name, each with why: they
# are not revalidated by the share guard (a form with a CSRF token is never answered 304) and they take a POST.
SHARE_ACTIONS: dict[str, str] = {
    "claim_seat": "a player's 我是 老王 from the board: one screen, its sign-up and its POST (tests/players/)",
}


def share_pages() -> list[Route]:
    """Every page behind a share link that only reads: the share guard's (tablekeeper/sharing/pages/guard.py)."""
    return [route for route in share_routes() if route.name not in SHARE_ACTIONS]
