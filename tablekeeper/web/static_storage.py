"""Static files as production serves them: minified, then hashed and compressed (whitenoise).

The sources keep their comments beside the code they explain; the bytes a phone downloads keep none. Our own
CSS and JS are minified at `collectstatic`, before the manifest hashes them, so a file's hashed name follows
the bytes actually served. The minifiers are rcssmin and rjsmin (the ones django-compressor and
django-pipeline use): each reads its language's strings, and rjsmin its regular expressions, so nothing that
only looks like a comment is cut. A file already minified (`*.min.js`, htmx) is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import rcssmin
import rjsmin
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

    def post_process(
        self, paths: dict[str, tuple[Storage, str]], *args: Any, **kwargs: Any
    ) -> Iterator[tuple[str, str, bool]]:
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
