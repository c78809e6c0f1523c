"""The app's URLs and one that fails, for the browser test of the 500 page (tests point ROOT_URLCONF here)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from tablekeeper.urls import urlpatterns as app_urlpatterns


def failing_page(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a page that fails, for the 500 page's test")


urlpatterns = [*app_urlpatterns, path("failing-page/", failing_page)]
