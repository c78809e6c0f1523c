"""One item a payment is multiplied by (or, in Shandong, adds points), as every variant explains its payments.

Each names its item id (a pattern of §0.4 or one of the variant's fact items), so a line's
params say which item it was; the label is the English the ledger's text shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Factor:
    """One multiplier of a payment, with the words a player reads in the ledger.

    `count` says how many times (or hands) the item counted, `each` what one of them is worth
    when `times` is their product, and `tile` the face the item is about.
    """

    label: str
    times: int
    item: str
    count: int | None = None
    each: int | None = None
    tile: str | None = None

    def words(self) -> str:
        return f"{self.label} ×{self.times}"

    def param(self) -> dict[str, Any]:
        return _param(self.item, "factor", self.times, self.count, self.each, self.tile)


@dataclass(frozen=True, slots=True)
class Addition:
    """Points a Shandong win adds to its base, with the words a player reads."""

    label: str
    points: int
    item: str
    count: int | None = None
    each: int | None = None

    def words(self) -> str:
        return f"{self.label} {self.points}"

    def param(self) -> dict[str, Any]:
        return _param(self.item, "points", self.points, self.count, self.each, None)


def factor_params(items: Iterable[Factor | Addition]) -> list[dict[str, Any]]:
    return [item.param() for item in items]


def product(factors: Iterable[Factor], start: int = 1) -> int:
    result = start
    for factor in factors:
        result *= factor.times
    return result


def _param(item: str, key: str, value: int, count: int | None, each: int | None, tile: str | None) -> dict[str, Any]:
    param: dict[str, Any] = {"item": item, key: value}
    if count is not None:
        param["count"] = count
    if each is not None:
        param["each"] = each
    if tile is not None:
        param["tile"] = tile
    return param
