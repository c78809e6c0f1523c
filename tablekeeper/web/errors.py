"""What the app answers when a request fails on the server's side (urls.py: handler500).

A database that cannot be reached (refused, dropped, past the connect timeout) or is locked past its
wait raises OperationalError (or InterfaceError for a connection lost under a request) wherever it is
first touched: in a view's write, or before any view runs, in the session and authentication
middleware that read the signed-in account. Django turns whatever a middleware or a view raises into
the 500 handler's answer, so the handler is where every such failure ends, on every page and write:
there it is a 503 with Retry-After, nothing the keeper did wrong and nothing lost that a retry cannot
bring back, in the keeper's language, and JSON for a phone's outbox, which sends the hand again.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import defaults

# How long a phone waits before it asks again: a lock or a restarting database is over in seconds.
RETRY_AFTER_SECONDS = 5
# Set on a request answered 503 (`database_unavailable`): our middleware touches the database no more.
_UNAVAILABLE = "tablekeeper_database_unavailable"


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 handler: a 503 when the database failed the request, else Django's 500 page."""
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return database_unavailable(request)
    return defaults.server_error(request)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """503, Retry-After: the database is locked or out of reach. Said without the database (no
    session, no account, no context processors): in the language the request asks for, as JSON to
    a phone that asks for JSON (the outbox), else as a page."""
    setattr(request, _UNAVAILABLE, True)
    with translation.override(translation.get_language_from_request(request)):
        message = _("The scores cannot be read or saved just now; try again in a moment.")
        if request.get_preferred_type(["text/html", "application/json"]) == "application/json":
            response: HttpResponse = JsonResponse(
                {"outcome": "unavailable", "message": message, "retry_after": RETRY_AFTER_SECONDS}, status=503
            )
        else:
            response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def answered_unavailable(request: HttpRequest) -> bool:
    """Whether this request was answered 503 for the database: a middleware that would read the
    account (another try at the database, another wait for it) leaves the answer as it is."""
    return bool(getattr(request, _UNAVAILABLE, False))
