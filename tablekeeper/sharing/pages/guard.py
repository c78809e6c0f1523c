"""The one guard of every page behind a share link (`/b/<token>/…`), and the caching docs/sharing.md states.

Whoever holds the link reads, nothing more: only GET; the session behind a link that is on, else the app's 404
as if it never existed (a link turned off or replaced included); and every answer revalidated, never kept by a
shared cache: an ETag of the session's version, the page, htmx or not, its query and the language, a 304 while
the viewer holds that version (one query, before any template), `Cache-Control: private, no-cache` (the page
carries the viewer's CSRF token, for the language switch) and Vary on what changes the body. A new share page
is a view of `(request, session)` decorated with `behind_link`: it cannot leave any of this out.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from functools import wraps

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.pages.access import shared_session
from tablekeeper.keeping.pages.board import board_etag
from tablekeeper.keeping.pages.claims import viewer_tag
from tablekeeper.keeping.services.table_fee import HOURLY
from tablekeeper.web.http import HtmxHttpRequest, revalidated

# What a share page's body changes with besides the session: htmx's fragment, the language, the viewer's cookies.
SHARED_VARY = ["HX-Request", "Accept-Language", "Cookie"]

SharedView = Callable[[HtmxHttpRequest, GameSession], HttpResponse]
GuardedView = Callable[[HtmxHttpRequest, str], HttpResponse]


def behind_link(page: str) -> Callable[[SharedView], GuardedView]:
    """Guard the view of the share page `page` ("board", "hands", …): it is called with the session behind the
    link, only for a GET, and only when the viewer does not already hold this version of the page."""

    def guard(view: SharedView) -> GuardedView:
        @wraps(view)
        def guarded(request: HtmxHttpRequest, token: str) -> HttpResponse:
            session = shared_session(token)
            return revalidated(
                request,
                etag=page_etag(
                    session,
                    page,
                    fragment=bool(request.htmx),
                    query=request.META.get("QUERY_STRING", ""),
                    viewer=viewer_tag(request),
                ),
                last_modified=int(session.updated_at.timestamp()),
                vary=SHARED_VARY,
                render=lambda: view(request, session),
                # Anyone with the link reads it: it keeps `private, no-cache` and its ETag, not a keeper's no-store.
                shared=True,
            )

        readable = require_GET(guarded)
        readable.__dict__["share_page"] = page  # which page of the link it is (tests/sharing/test_share_guard.py)
        return readable

    return guard


def page_etag(session: GameSession, page: str, *, fragment: bool, query: str = "", viewer: str = "") -> str:
    """The tag of one rendering of a share page: the session's version and the language (`board_etag`), the
    page, a fragment or the whole page, its query (a page of the history), while an open session's fee runs by
    the hour the minute (its fee so far changes with the clock), and whose page it is (a linked
    player's). A live fragment's page carries the tag its
    next poll will get (`data-etag`), so an unchanged board is not swapped."""
    kind = f"{page}-{'f' if fragment else 'p'}"
    if query:
        kind += "-" + hashlib.sha256(query.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    if session.is_open and session.fee_kind == HOURLY:
        kind += f"-m{int(time.time() // 60)}"
    if viewer:  # a signed-in player's page marks their own seat and hands: theirs alone (`viewer_tag`)
        kind += f"-{viewer}"
    return board_etag(session, kind)
