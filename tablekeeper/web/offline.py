"""The installable, offline side of the app: the service worker and the page it falls back to."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET

from .middleware import ACCOUNT_COOKIE, ACCOUNT_HEADER, offline_key

# The app shell: every file a page loads, or loads later (the outbox's queue, rules and sender), so that
# any kept page works whole without a network. tests/web/test_offline.py checks that the pages
# load nothing outside this list.
SHELL_FILES = (
    "css/app.css",
    "css/board.css",
    "css/start.css",
    "css/fee.css",
    "css/rules.css",
    "css/review.css",
    "js/app.js",
    "js/card.js",
    "css/form.css",
    "css/tiles.css",
    "js/form.js",
    "js/tiles.js",
    # The phrase box's words, parser and page part: loaded on the box's first use (PHRASE_SCRIPTS), kept from the start.
    "js/phrase-words.js",
    "js/phrase-retract.js",
    "js/phrase-amend.js",
    "js/phrase-lexicon.js",
    "js/phrase-hear.js",
    "js/phrase-kongs.js",
    "js/phrase-seat.js",
    "js/phrase-facts.js",
    "js/phrase-read.js",
    "js/phrase-fields.js",
    "js/phrase-wins.js",
    "js/phrase-parse.js",
    "js/phrase.js",
    "js/net.js",
    "js/live.js",
    "js/share.js",
    "js/offline.js",
    "js/outbox-rules.js",
    "js/outbox-store.js",
    "js/outbox.js",
    "js/outbox-queue.js",
    "js/outbox-send.js",
    "django_htmx/htmx-2.min.js",
    "icons/icon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-maskable-512.png",
    "manifest.webmanifest",
)
# The pages a keeper needs at the table, kept as they were last seen: the session list, each
# board, the hand form, the share board, the rules reference and the result card. Regular
# expressions over the path, read by sw.js.
KEPT_PAGES = (
    r"^/sessions/$",
    r"^/sessions/\d+/$",
    r"^/sessions/\d+/hands/new/$",
    r"^/b/[A-Za-z0-9_-]+/$",
    # The rules reference (the book's, and a table's own), readable before the first hand without a network.
    r"^/rules/[a-z0-9_-]+/$",
    r"^/sessions/\d+/rules/$",
    r"^/b/[A-Za-z0-9_-]+/rules/$",
    # The result card, kept with the board it is linked from: the picture is drawn in the page, offline.
    r"^/sessions/\d+/card/$",
    r"^/b/[A-Za-z0-9_-]+/card/$",
    # The history behind a share link, kept like the shared board it is linked from.
    r"^/b/[A-Za-z0-9_-]+/hands/$",
)
# A board kept without being opened (the session list keeps the open ones) brings its result card
# along, as an opened board does through its data-offline-keep link: the card then opens offline on
# a phone that never opened it. (A board's path, and what is kept with it, under that path.)
KEPT_WITH = ((r"^/sessions/\d+/$", "card/"), (r"^/b/[A-Za-z0-9_-]+/$", "card/"))
# Fragments a page loads later that the worker keeps with the shell, answered from it: the phrase box's scripts.
KEPT_FRAGMENTS = ("phrase_scripts",)
# How long a page may take before the worker shows the kept copy instead (one bar of signal).
NAVIGATION_PATIENCE_MS = 4000
# A page slower than this makes the worker ask the server which offline key this phone's session
# has now (offline_key_check): a kept page is shown only under a key the server has just confirmed.
# Asked only for slow pages, so a good connection sends nothing more.
KEY_CHECK_AFTER_MS = 1000
# A question that gets no answer in this long is taken as no network at all: the kept page is shown,
# as it is offline (a connection that answers nothing must not leave the keeper without the board).
KEY_CHECK_TIMEOUT_MS = 8000
SERVICE_WORKER_TEMPLATE = "offline/sw.js"


def _shell_files() -> list[str]:
    files = list(SHELL_FILES)
    if settings.DEBUG:
        # django-htmx adds its error-page helper to {% htmx_script %} while DEBUG is on.
        files.append("django_htmx/django-htmx.js")
    return files


@lru_cache(maxsize=4)
def service_worker_script(debug: bool) -> str:
    """The worker, with a version that changes whenever the worker or any shell file does.

    With hashed static names (production) the URLs alone would change; the local checkout serves
    plain names, so the files' contents go into the version too. Computed once per process.
    """
    shell = [static(path) for path in _shell_files()]
    config: dict[str, Any] = {
        "version": "",
        "shell": shell,
        "offline": reverse("offline"),
        "static": settings.STATIC_URL,
        "pages": list(KEPT_PAGES),
        "keptWith": [list(pair) for pair in KEPT_WITH],
        "fragments": [reverse(name) for name in KEPT_FRAGMENTS],
        "patience": NAVIGATION_PATIENCE_MS,
        "accountHeader": ACCOUNT_HEADER,
        "accountCookie": ACCOUNT_COOKIE,
        "keyCheck": reverse("offline_key_check"),
        "keyCheckAfter": KEY_CHECK_AFTER_MS,
        "keyCheckTimeout": KEY_CHECK_TIMEOUT_MS,
        # Posting to these changes who is signed in: every kept page is dropped first.
        "accountPaths": [reverse("login"), reverse("logout"), reverse("signup")],
    }
    digest = hashlib.sha256(render_to_string(SERVICE_WORKER_TEMPLATE, {"config": json.dumps(config)}).encode())
    for path in _shell_files():
        found = finders.find(path)
        if isinstance(found, str):
            digest.update(Path(found).read_bytes())
    config["version"] = digest.hexdigest()[:16]
    return render_to_string(SERVICE_WORKER_TEMPLATE, {"config": json.dumps(config)})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the root so that it may control every page of the app."""
    response = HttpResponse(service_worker_script(settings.DEBUG), content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker on each visit; it must never get a stale copy from a cache.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def phrase_scripts(request: HttpRequest) -> HttpResponse:
    """The phrase box's scripts, as tags that htmx runs when the box is first focused (templates/hands/form.html):
    their hashed names are written here, so the form itself carries one short URL instead of four long ones.
    The same for everyone; the worker keeps it with the shell (KEPT_FRAGMENTS), so the box works offline."""
    return TemplateResponse(request, "hands/phrase_scripts.html", {})


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """What the worker shows for a page it never kept, when the server cannot be reached."""
    response = TemplateResponse(request, "offline.html", {})
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline_key_check(request: HttpRequest) -> HttpResponse:
    """The offline key of this phone's session now, in a header and nothing else ("" once the session
    has ended: logged out, or the password changed elsewhere). The worker asks when a page is slow,
    before it shows one it kept: a few bytes get through one bar of signal long before a page does."""
    response = HttpResponse(status=204)
    response[ACCOUNT_HEADER] = offline_key(request)
    response["Cache-Control"] = "no-store"
    return response
