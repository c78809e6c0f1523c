"""Middleware of our own."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseRedirectBase
from django.utils.cache import patch_cache_control
from django.utils.crypto import salted_hmac
from django_htmx.http import HttpResponseClientRedirect

from .errors import answered_unavailable
from .http import is_shared_page


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
    """`Cache-Control: private, no-store` on every response to a logged-in keeper.

    Their pages show their sessions and carry their CSRF token: a shared cache (a proxy, a CDN)
    must never keep one and hand it to the next visitor (private), and a shared phone's own disk
    cache must not keep a board after its keeper logged out (no-store). The service worker keeps
    what it keeps by its own rules (templates/offline/sw.js), not by these headers. The pages anyone
    with a share link may read (`http.shared_page`) keep their `private, no-cache` and ETag: a
    phone at the table revalidates them with a 304.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if answered_unavailable(request):
            return response  # said no-store already; the account is not read without a database
        if request.user.is_authenticated:
            if is_shared_page(response):
                patch_cache_control(response, private=True)
            else:
                patch_cache_control(response, private=True, no_store=True)
        return response


# Read by the service worker (templates/offline/sw.js): the offline key a page was served under,
# and the signed-in session's key now (a cookie the worker reads before it answers any page).
ACCOUNT_HEADER = "X-TableKeeper-Account"
ACCOUNT_COOKIE = "tk_account"
_OFFLINE_KEY_SALT = "tablekeeper.offline-key"


def offline_key(request: HttpRequest) -> str:
    """The name the service worker keeps the signed-in session's pages under ("" signed out).

    Issued per log-in and revocable: derived from the server's session key (random, new at every
    log-in, gone at log-out) and the account's session hash (which a password change or reset
    rotates, ending every other session of the account), so it needs nothing stored of its own. The
    worker shows a kept page on a slow network only once the server has confirmed this key
    (views.offline.offline_key_check), so a phone whose session ended elsewhere never shows the
    pages it kept under it. One-way and different at every log-in: the cookie that carries it says
    nothing about the account, and nothing about the session key it came from.
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    if request.session.session_key is None:
        request.session.save()  # a log-in over another account's session: its new key, now
    mixed = f"{request.session.session_key}:{user.get_session_auth_hash()}"
    return salted_hmac(_OFFLINE_KEY_SALT, mixed, algorithm="sha256").hexdigest()[:32]


class AccountHeaderMiddleware:
    """Name the signed-in session's offline key on every HTML page (empty when signed out), and
    keep the `tk_account` cookie equal to it (gone when signed out or the session has ended).

    The service worker keeps the pages it caches under that key. Before it answers a page from its
    cache (a slow or absent network) it reads the cookie, so it shows only the current session's
    pages and drops every other key's: a phone passed to the next keeper, who logs in over the
    last one, never shows the last one's pages, however slow the network. The cookie is not
    HttpOnly because the worker and the page must read it; it grants nothing.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not hasattr(request, "user") or answered_unavailable(request):
            # Answered before authentication ran, or without the database (a 503): nothing is said
            # about the account, so the phone keeps its cookie and the pages kept under it.
            return response
        key = offline_key(request)
        if response.get("Content-Type", "").startswith("text/html"):
            response[ACCOUNT_HEADER] = key
        if request.COOKIES.get(ACCOUNT_COOKIE, "") != key:
            if key:
                response.set_cookie(
                    ACCOUNT_COOKIE,
                    key,
                    max_age=settings.SESSION_COOKIE_AGE,
                    secure=settings.SESSION_COOKIE_SECURE,
                    httponly=False,
                    samesite="Lax",
                )
            else:
                response.delete_cookie(ACCOUNT_COOKIE, samesite="Lax")
        return response
