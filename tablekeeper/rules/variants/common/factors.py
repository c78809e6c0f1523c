"""One item a payment is multiplied by, as every variant explains its payments."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Factor:
    """One multiplier of a payment, with the words a player reads in the ledger."""

    label: str
    times: int

    def words(self) -> str:
        return f"{self.label} ×{self.times}"
