"""collectstatic as production runs it (tablekeeper/web/static_storage.py): our CSS and JS keep their comments in the
source and lose them, with the spare blanks, in the bytes served; the hashed names follow the minified bytes; the
minified scripts still parse and still pass their own tests."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from tablekeeper.web.static_storage import minifier_for

pytestmark = pytest.mark.one_database(reason="collectstatic and the static files touch no database")

SOURCE = Path(__file__).parents[2] / "static"
NODE = shutil.which("node") or ""
PRODUCTION_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "tablekeeper.web.static_storage.MinifiedManifestStaticFilesStorage"},
}
OURS = sorted(path.relative_to(SOURCE).as_posix() for path in SOURCE.rglob("*") if path.suffix in (".css", ".js"))


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("collected")
    with override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION_STORAGES):
        call_command("collectstatic", interactive=False, verbosity=0)
    yield root


def served(root: Path, name: str) -> Path:
    """The hashed file the manifest names for a source file: the one pages link to."""
    manifest = json.loads((root / "staticfiles.json").read_text(encoding="utf-8"))
    return root / str(manifest["paths"][name])


@pytest.mark.parametrize("name", OURS)
def test_every_comment_of_our_css_and_js_stays_in_the_source_and_out_of_the_bytes_served(
    collected: Path, name: str
) -> None:
    source = (SOURCE / name).read_text(encoding="utf-8")
    sent = served(collected, name).read_text(encoding="utf-8")
    comments = (
        re.findall(r"/\*.*?\*/", source, re.S) if name.endswith(".css") else re.findall(r"^\s*//.*$", source, re.M)
    )
    assert comments, f"{name} explains itself nowhere"
    assert all(comment.strip() not in sent for comment in comments)
    assert len(sent) < len(source)


@pytest.mark.parametrize("name", ["css/form.css", "js/form.js", "js/app.js"])
def test_a_hashed_name_is_the_hash_of_the_minified_bytes_so_a_new_minifier_means_new_urls(
    collected: Path, name: str
) -> None:
    path = served(collected, name)
    digest = re.search(r"\.([0-9a-f]{12})\.\w+$", path.name)
    assert digest is not None
    assert hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()[:12] == digest.group(1)


def test_a_file_already_minified_is_served_as_it_came(collected: Path) -> None:
    htmx = next(path for path in collected.rglob("htmx-2.min.js"))
    assert served(collected, "django_htmx/htmx-2.min.js").read_bytes() == htmx.read_bytes()
    assert minifier_for("django_htmx/htmx-2.min.js") is None
    assert minifier_for("icons/icon.svg") is None


def test_what_only_looks_like_a_comment_is_kept() -> None:
    css, js = minifier_for("a.css"), minifier_for("a.js")
    assert css is not None and js is not None
    assert css('.a::before { content: "/* kept */"; }  /* cut */') == '.a::before{content:"/* kept */"}'
    assert js('var a = "// kept", b = /\\/\\*/; // cut\n') == 'var a="// kept",b=/\\/\\*/;'
    # calc() needs the blanks around + and −; a minifier that drops them breaks the save bar's padding.
    assert "calc(0.4rem + env(safe-area-inset-bottom))" in css(
        ".b { padding: calc(0.4rem + env(safe-area-inset-bottom)); }"
    )


@pytest.mark.skipif(not NODE, reason="node is not installed (bash .ci/test installs it)")
def test_every_minified_script_parses(collected: Path) -> None:
    for name in (n for n in OURS if n.endswith(".js")):
        result = subprocess.run([NODE, "--check", str(served(collected, name))], capture_output=True, text=True)
        assert result.returncode == 0, f"{name}: {result.stderr}"


@pytest.mark.skipif(not NODE, reason="node is not installed (bash .ci/test installs it)")
def test_the_minified_outbox_rules_pass_their_own_tests(collected: Path, tmp_path: Path) -> None:
    """tests/js/outbox-rules.test.js run against the bytes served instead of the source."""
    tests = Path(__file__).parents[1] / "js" / "outbox-rules.test.js"
    (tmp_path / "tests" / "js").mkdir(parents=True)
    (tmp_path / "static" / "js").mkdir(parents=True)
    shutil.copy(tests, tmp_path / "tests" / "js" / tests.name)
    shutil.copy(served(collected, "js/outbox-rules.js"), tmp_path / "static" / "js" / "outbox-rules.js")
    result = subprocess.run([NODE, "--test", "tests/js/"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"# pass [1-9]", result.stdout)


def test_the_manifest_names_each_icon_by_the_hashed_name_the_pages_link_to(collected: Path) -> None:
    """A phone fetches each icon once: the favicon and the apple-touch-icon the pages link to are the manifest's own."""
    manifest = json.loads(served(collected, "manifest.webmanifest").read_text(encoding="utf-8"))
    named = {icon["src"] for icon in manifest["icons"]}
    linked = ("icon.svg", "icon-192.png")
    hashed = {served(collected, f"icons/{name}").relative_to(collected).as_posix() for name in linked}
    assert hashed <= named, named
    assert all(re.search(r"\.[0-9a-f]{12}\.(png|svg)$", src) for src in named), named
    assert all((collected / src).is_file() for src in named)
