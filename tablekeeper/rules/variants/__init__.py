"""The variants, one folder each (`variants/<id>/`, the same modules and hooks in every one).

A variant is registered by its folder's presence: every package under this folder (and under any
extra search path, below) that is not `common` and exposes `VARIANT` is one, listed in the order
its declaration gives (`Variant.order`; the five of the rule book in its order, RULES.md §1-§5).
Copying a folder here is the whole change that adds a variant.

Extra search paths (a folder holding variant folders) come from the environment variable
`TABLEKEEPER_VARIANT_PATHS` (separated like PATH) or from `add_search_path`; a test uses them to
load a variant that lives outside the package, such as tests/fixtures/variants/.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..variant import Variant

SHARED_FOLDERS = frozenset({"common"})
PATHS_VARIABLE = "TABLEKEEPER_VARIANT_PATHS"


def _folders() -> list[tuple[str, Path]]:
    """(name, path) of every variant folder on the search path, the package's own first."""
    found: dict[str, Path] = {}
    for root in [Path(entry) for entry in __path__]:
        if not root.is_dir():
            continue
        for folder in sorted(root.iterdir()):
            name = folder.name
            if name in SHARED_FOLDERS or name.startswith(("_", ".")) or name in found:
                continue
            if (folder / "__init__.py").is_file():
                found[name] = folder
    return list(found.items())


def _discover() -> dict[str, Variant]:
    variants: list[Variant] = []
    for name, folder in _folders():
        package = importlib.import_module(f"{__name__}.{name}")
        variant = getattr(package, "VARIANT", None)
        if not isinstance(variant, Variant):
            raise ImportError(f"{folder} holds no VARIANT: a variant folder's __init__.py exposes one")
        if variant.id != name:
            raise ImportError(f"{folder} declares the variant {variant.id!r}: a folder is named after its variant")
        variants.append(variant)
    variants.sort(key=lambda variant: (variant.order, variant.id))
    return {variant.id: variant for variant in variants}


def _extend_path(paths: list[str]) -> None:
    for entry in paths:
        resolved = str(Path(entry).resolve())
        if entry and resolved not in __path__:
            __path__.append(resolved)


_extend_path([entry for entry in os.environ.get(PATHS_VARIABLE, "").split(os.pathsep) if entry])

REGISTRY: dict[str, Variant] = _discover()
# The variants at import time; `variant_ids()` also sees those an extra search path added later.
VARIANT_IDS: tuple[str, ...] = tuple(REGISTRY)


def variant_ids() -> tuple[str, ...]:
    """Every registered variant's id, in order."""
    return tuple(REGISTRY)


def folder_of(variant_id: str) -> Path:
    """The folder a registered variant lives in (its data files sit beside its code)."""
    return Path(importlib.import_module(f"{__name__}.{variant_id}").__path__[0])


def rediscover() -> None:
    """Read the search path again (after `add_search_path`): the registry is updated in place."""
    fresh = _discover()
    REGISTRY.clear()
    REGISTRY.update(fresh)
    for listener in _LISTENERS:
        listener()


_LISTENERS: list[Callable[[], None]] = []


def on_change(listener: Callable[[], None]) -> None:
    """Call `listener` whenever the registry changes (the engine drops its cached descriptions)."""
    _LISTENERS.append(listener)


@contextmanager
def search_path(folder: Path) -> Iterator[None]:
    """Register the variant folders inside `folder` for the duration of the block (tests)."""
    resolved = str(folder.resolve())
    added = resolved not in __path__
    if added:
        __path__.append(resolved)
    importlib.invalidate_caches()
    try:
        # Inside the try: a folder the registry refuses leaves the search path as it was.
        rediscover()
        yield
    finally:
        if added:
            __path__.remove(resolved)
            for name in [module for module in sys.modules if module.startswith(f"{__name__}.")]:
                module_file = getattr(sys.modules[name], "__file__", None) or ""
                if module_file.startswith(resolved):
                    del sys.modules[name]
        rediscover()
