"""What happened in one simulated hand, as the simulator saw it (the keeper turns it into a hand record)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .table import Meld, Seat
from .wins import Finding


@dataclass
class WinEvent:
    seat: int
    method: str  # "self_draw" | "discard" | "rob_kong" (§0.2)
    frm: int | None
    tile: int  # the winning tile's face (the treasure face for a treasure rush at the reveal)
    concealed: list[int]  # the concealed tiles before the win
    melds: list[Meld]
    finding: Finding
    notes: set[str] = field(default_factory=set)  # what happened around the win: "kong", "last", "reveal" …
    flowers: int = 0


@dataclass
class Story:
    variant: str
    options: dict[str, Any]
    dealer: int
    result: str  # "win" | "draw"
    wins: list[WinEvent]
    kongs: list[dict[str, Any]]
    seats: list[Seat]
    treasure: int | None  # the treasure's face once revealed (Dalian, Harbin), the wild's face (Zhengzhou)
    side_bets: list[int]
    dice_double: bool = False
    robbed_from: int | None = None
