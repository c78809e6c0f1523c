"""Static files as production serves them: minified, then hashed and compressed (whitenoise).

The sources keep their comments beside the code they explain; the bytes a phone downloads keep none. Our own
CSS and JS are minified at `collectstatic`, before the manifest hashes them, so a file's hashed name follows
the bytes actually served. The minifiers are rcssmin and rjsmin (the ones django-compressor and
django-pipeline use): each reads its language's strings, and rjsmin its regular expressions, so nothing that
only looks like a comment is cut. A file already minified (`*.min.js`, htmx) is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any

import rcssmin
import rjsmin
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import Storage
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS: dict[str, Callable[[str], str]] = {".css": rcssmin.cssmin, ".js": rjsmin.jsmin}


def minifier_for(name: str) -> Callable[[str], str] | None:
    if name.endswith(".min.js") or name.endswith(".min.css"):
        return None
    return next((minify for suffix, minify in MINIFIERS.items() if name.endswith(suffix)), None)


class MinifiedManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # untyped
    """whitenoise's hashed, compressed storage, fed our CSS and JS without comments or spare blanks."""

    # The web app manifest names its icons by their hashed names too: the ones the pages link to (the favicon, the
    # apple-touch-icon), so a phone fetches each icon once, not again under its plain name.
    patterns = (
        *CompressedManifestStaticFilesStorage.patterns,
        ("*.webmanifest", ((r"""(?P<matched>"src":\s*"(?P<url>[^"]+)")""", '"src": "%(url)s"'),)),
    )

    def url(self, name: str | None, force: bool = False) -> str:
        """A file's hashed address, worked out once per name: every page links a dozen files or more (the board a
        Save answers with, sixteen), and the hashed names stay the same for the life of the process once the
        manifest is read. DEBUG's plain names are not kept; `post_process` forgets them all."""
        if name is None or force or settings.DEBUG:
            return str(super().url(name, force))
        found = self._urls.get(name)
        if found is None:
            found = self._urls[name] = str(super().url(name, force))
        return found

    @cached_property
    def _urls(self) -> dict[str, str]:
        return {}

    def post_process(
        self, paths: dict[str, tuple[Storage, str]], *args: Any, **kwargs: Any
    ) -> Iterator[tuple[str, str, bool]]:
        # The manifest is written anew: an address worked out before would be the old one.
        self._urls.clear()
        if not kwargs.get("dry_run"):
            paths = {name: self._minified(name, source) for name, source in paths.items()}
        yield from super().post_process(paths, *args, **kwargs)

    def _minified(self, name: str, source: tuple[Storage, str]) -> tuple[Storage, str]:
        """The file the manifest hashes: the minified copy, written over the one collectstatic copied here."""
        minify = minifier_for(name)
        if minify is None:
            return source
        storage, path = source
        with storage.open(path) as original:
            text = original.read().decode("utf-8")
        if self.exists(name):
            self.delete(name)
        self._save(name, ContentFile(minify(text).encode("utf-8")))
        return self, name
