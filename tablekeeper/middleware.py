"""Middleware of our own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseRedirectBase
from django.utils.cache import patch_cache_control
from django.utils.crypto import salted_hmac
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


# Read by the service worker (templates/offline/sw.js): which account a page belongs to, and which
# account is signed in now (a cookie the worker reads before it answers any page).
ACCOUNT_HEADER = "X-TableKeeper-Account"
ACCOUNT_COOKIE = "tk_account"


def account_marker(user: Any) -> str:
    """The name the service worker keeps an account's pages under ("" signed out): opaque, so that
    a cookie that scripts can read says nothing about the account beyond "the same as before"."""
    if user is None or not user.is_authenticated:
        return ""
    return salted_hmac("tablekeeper.offline-account", str(user.pk), algorithm="sha256").hexdigest()[:24]


class AccountHeaderMiddleware:
    """Name the signed-in account on every HTML page (empty when signed out), and keep the
    `tk_account` cookie equal to it (gone when signed out).

    The service worker keeps the pages it caches under that name. Before it answers a page from
    its cache (a slow or absent network) it reads the cookie, so it shows only the signed-in
    account's pages and drops every other account's: a phone passed to the next keeper, who logs
    in over the last one, never shows the last one's pages, however slow the network. The cookie
    is not HttpOnly because the worker and the page must read it; it grants nothing.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not hasattr(request, "user"):
            return response  # answered before authentication ran (nothing to say about the account)
        marker = account_marker(request.user)
        if response.get("Content-Type", "").startswith("text/html"):
            response[ACCOUNT_HEADER] = marker
        if request.COOKIES.get(ACCOUNT_COOKIE, "") != marker:
            if marker:
                response.set_cookie(
                    ACCOUNT_COOKIE,
                    marker,
                    max_age=settings.SESSION_COOKIE_AGE,
                    secure=settings.SESSION_COOKIE_SECURE,
                    httponly=False,
                    samesite="Lax",
                )
            else:
                response.delete_cookie(ACCOUNT_COOKIE, samesite="Lax")
        return response
