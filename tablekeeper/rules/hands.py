"""Placeholder: the fast table-driven shape checks are being written (is_standard_win, waits)."""

from __future__ import annotations

from collections.abc import Iterable


def is_standard_win(tiles: str, wilds: Iterable[str] = ()) -> bool:
    raise NotImplementedError


def waits(tiles: str, wilds: Iterable[str] = ()) -> list[str]:
    raise NotImplementedError
