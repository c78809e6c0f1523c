"""Small helpers for views that answer both full-page and htmx requests."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date
from django_htmx.middleware import HtmxDetails

# A polled board revalidates on every poll (the 304 is cheap); "private" because the page
# carries the viewer's CSRF token, which a shared proxy must not hand to the next viewer.
LIVE_CACHE_CONTROL = "private, no-cache"
# Set on a response anyone with its link may read (`shared_page`).
_SHARED_PAGE = "tablekeeper_shared_page"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def current_user(request: HttpRequest) -> User:
    """The signed-in keeper; only called behind `login_required`."""
    user = request.user
    assert isinstance(user, User), "view must be behind login_required"
    return user


def page_or_partial(
    request: HtmxHttpRequest,
    template: str,
    partial: str,
    context: dict[str, Any],
    *,
    status: int = 200,
) -> HttpResponse:
    """The whole page for a browser, only `template#partial` for htmx (the fragment it swaps)."""
    name = f"{template}#{partial}" if request.htmx else template
    response = TemplateResponse(request, name, context, status=status)
    # The same URL answers with two different bodies, so caches must key on the header.
    patch_vary_headers(response, ["HX-Request"])
    return response


def client_ip(request: HttpRequest) -> str:
    """The client's address: the one our proxy saw (the last X-Forwarded-For entry, which it
    appended) when DJANGO_BEHIND_PROXY says there is one and the request came from one of
    DJANGO_PROXY_ADDRESSES, else the connection's."""
    remote = str(request.META.get("REMOTE_ADDR", ""))
    if settings.BEHIND_PROXY and _is_proxy(remote):
        forwarded = [part.strip() for part in request.headers.get("X-Forwarded-For", "").split(",") if part.strip()]
        if forwarded:
            return forwarded[-1]
    return remote


def _is_proxy(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(network, strict=False) for network in settings.PROXY_ADDRESSES)


def shared_page[R: HttpResponse](response: R) -> R:
    """Mark a page anyone with its link may read (the share board and what hangs off it, the book's
    rules): it keeps the caching it says for a signed-in viewer too, where every other response to a
    signed-in keeper says `no-store` (web/middleware.py, PrivateCacheMiddleware)."""
    setattr(response, _SHARED_PAGE, True)
    return response


def is_shared_page(response: HttpResponse) -> bool:
    return bool(getattr(response, _SHARED_PAGE, False))


def revalidated(
    request: HttpRequest,
    *,
    etag: str,
    last_modified: int,
    vary: list[str],
    render: Callable[[], HttpResponse],
    shared: bool = False,
) -> HttpResponse:
    """A 304 when the client already holds this version, else `render()`; both revalidate next time.
    `shared`: a page anyone with its link may read (`shared_page`), which a browser keeps and
    revalidates; a keeper's own (a board's poll) is not kept at all, as every keeper's page."""
    response = get_conditional_response(request, etag=etag, last_modified=last_modified)
    if response is None:
        response = render()
    response["ETag"] = etag
    response["Last-Modified"] = http_date(last_modified)
    response["Cache-Control"] = LIVE_CACHE_CONTROL
    patch_vary_headers(response, vary)
    return shared_page(response) if shared else response
