"""One item a payment is multiplied by (or, in Shandong, adds points), as every variant explains its payments.

Each names its item id (a pattern of §0.4 or one of the variant's fact items), so a line's
params say which item it was; the label is the English the ledger's text shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...ledger import WIN_PRODUCT, Ledger


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


def pay_product(
    ledger: Ledger,
    payer: int,
    payee: int,
    base: int,
    factors: Sequence[Factor],
    *,
    cap: int | None = None,
    after_cap: Sequence[Factor] = (),
) -> int:
    """`payer` pays `payee` base × `factors`, at most `cap`, then × each of `after_cap` (a `win_product` line);
    returns the amount.

    A factor after the cap multiplies what the cap left: "the dealer pays double the capped amount" is
    `after_cap=[Factor("dealer", 2, "dealer")]`. Without a cap there is nothing to be after, so those factors
    multiply with the others and the line is a plain product.
    """
    if cap is None:
        factors, after_cap = [*factors, *after_cap], ()
    raw = product(factors, base)
    capped = raw if cap is None else min(raw, cap)
    amount = product(after_cap, capped)
    params: dict[str, Any] = {"base": base, "factors": factor_params(factors), "raw": raw, "cap": cap}
    words = " × ".join([f"base {base}", *(factor.words() for factor in factors)]) + f" = {raw}"
    if cap is not None and raw > cap:
        words += f", capped at {cap}"
    if after_cap:
        params["after_cap"] = factor_params(after_cap)
        running = capped
        for factor in after_cap:
            words += f"; {factor.label} after the cap: {running} × {factor.times} = {running * factor.times}"
            running *= factor.times
    ledger.pay(WIN_PRODUCT, payer, payee, amount, params, words)
    return amount
