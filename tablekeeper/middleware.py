"""Middleware of our own."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseRedirectBase
from django.utils.cache import patch_cache_control
from django_htmx.http import HttpResponseClientRedirect


class HtmxClientRedirectMiddleware:
    """Turn a redirect answering an htmx request into a full-page client redirect.

    htmx would otherwise follow the redirect inside the XHR and paste a whole page (a login form
    after the session cookie expired, say) into a small fragment of the board.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.headers.get("HX-Request") == "true"
            and isinstance(response, HttpResponseRedirectBase)
            and not isinstance(response, HttpResponseClientRedirect)
        ):
            return HttpResponseClientRedirect(response["Location"])
        return response


class PrivateCacheMiddleware:
    """`Cache-Control: private` on every response to a logged-in keeper.

    Their pages show their sessions and carry their CSRF token; a shared cache (a proxy, a CDN)
    must never keep one and hand it to the next visitor. Directives a view set (no-cache) stay.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.user.is_authenticated:
            patch_cache_control(response, private=True)
        return response


# Read by the service worker (templates/offline/sw.js): which account a page belongs to.
ACCOUNT_HEADER = "X-TableKeeper-Account"


class AccountHeaderMiddleware:
    """Name the signed-in account on every HTML page (empty when signed out).

    The service worker keeps the pages it caches under that name and drops them as soon as a page
    arrives for anyone else, so a phone passed to the next keeper never shows the last one's pages.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            user = getattr(request, "user", None)
            response[ACCOUNT_HEADER] = str(user.pk) if user is not None and user.is_authenticated else ""
        return response
