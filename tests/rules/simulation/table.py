"""What the simulator knows about each seat during a hand: concealed tiles, melds, ready, flowers."""

from __future__ import annotations

from dataclasses import dataclass, field

from .shapes import Group

CLAIMED = ("chow", "pung", "exposed", "added")  # melds that open a hand (§0.1): claimed from a discard
KONGS = ("exposed", "added", "concealed")


@dataclass
class Meld:
    """A set-aside set: `kind` is chow, pung, a kong kind of §0.2 (exposed, added, concealed) or a special set
    (dragon_set 中发白, wind_set 东南西北); `fed_by` is the seat whose discard it was claimed from."""

    kind: str
    tiles: tuple[int, ...]
    fed_by: int | None = None

    def group(self) -> Group:
        """The meld as a set of a reading (a kong counts as a pung of its face; a special set as itself)."""
        if self.kind == "chow":
            return Group("chow", self.tiles)
        if self.kind in ("dragon_set", "wind_set"):
            return Group(self.kind, self.tiles)
        return Group("pung", self.tiles[:3])


@dataclass
class Seat:
    index: int
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[Meld] = field(default_factory=list)
    ready: str = "none"  # "none" | "ready" | "ming" | "an" (§0.2)
    flowers: int = 0
    turns: int = 0  # own draws so far this hand (first-turn sets, earthly hand)
    kong_just_made: bool = False  # the next discard follows this seat's own kong (流泪, 杠上炮)
    must_ready: bool = False  # a chow-ready (吃听) claim: the seat declares ready with its discard
    hidden_treasure: bool = False  # held a treasure-face tile when it learnt the treasure (Dalian 宝牌, §1.5-5)
    bloom: str = ""  # the last kong's kind and feeder, for a kong bloom's liable player (§4.6)

    @property
    def opened(self) -> bool:
        return any(meld.kind in CLAIMED for meld in self.melds)

    def concealed(self) -> list[int]:
        return [tile for tile in range(34) for _ in range(self.counts[tile])]

    def take(self, tile: int, n: int = 1) -> None:
        assert self.counts[tile] >= n, (tile, self.counts)
        self.counts[tile] -= n

    def feeders(self) -> list[int]:
        return [meld.fed_by for meld in self.melds if meld.fed_by is not None]
