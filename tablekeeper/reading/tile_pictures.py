"""Tile pictures for the rules reference: a winning hand drawn as its groups, said in words too.

A pattern's picture comes from its variant folder's `pattern_tiles.json` (one real winning hand per
pattern that has a shape; a folder without the file has no pictures), else from a worked example
whose win holds the pattern. The tiles are read with the engine's own notation parser (RULES.md
§0.3), so a picture shows the melds set aside, the concealed tiles and the winning tile set apart,
and marks the treasure or wild (the record's `treasure`, else the variant's fixed wild: `wilds.face`) for
the eye and for screen readers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import cast

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tablekeeper.rules import DealtHand, Record, RecordWin, VariantInfo
from tablekeeper.rules.notation import NotationError, parse_hand
from tablekeeper.rules.tiles import tile_face
from tablekeeper.rules.variants import folder_of

from .reasons.words import listed, local

PICTURES_FILE = "pattern_tiles.json"


@dataclass(frozen=True)
class Tile:
    face: str
    wild: bool = False


@dataclass(frozen=True)
class TileGroup:
    kind: str  # a meld's kind (chow, pung, kong, concealed_kong, dragon_set, wind_set), "hand" or "winning"
    caption: str
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Picture:
    """One win's tiles: the groups in the order a player lays them out, the winning tile last."""

    groups: tuple[TileGroup, ...]
    words: str  # the whole hand said for a screen reader
    how: str  # how the winning tile came: self-drawn or on a discard
    wild_name: str = ""  # the variant's word for the marked tile (宝牌, 混) when one is marked

    @property
    def melds(self) -> tuple[TileGroup, ...]:
        return tuple(group for group in self.groups if group.kind not in ("hand", "winning"))

    @property
    def closing(self) -> tuple[TileGroup, ...]:
        """The concealed tiles and the winning tile, kept on one row where the screen allows."""
        return tuple(group for group in self.groups if group.kind in ("hand", "winning"))


def tile_words(face: str) -> str:
    """A tile said aloud: 5万, 东 in Chinese; 5 Characters, East in English."""
    rank, suit = face[:1], face[1:]
    if suit == "z":
        honours = {
            "1": pgettext("tile", "East"),
            "2": pgettext("tile", "South"),
            "3": pgettext("tile", "West"),
            "4": pgettext("tile", "North"),
            "5": pgettext("tile", "White"),
            "6": pgettext("tile", "Green"),
            "7": pgettext("tile", "Red"),
        }
        return honours.get(rank, face)
    suits = {
        "m": pgettext("tile", "%(rank)s Characters"),
        "p": pgettext("tile", "%(rank)s Dots"),
        "s": pgettext("tile", "%(rank)s Bamboo"),
    }
    return suits[suit] % {"rank": rank} if suit in suits else face


def picture_of(tiles: str, method: str, treasure: str | None, info: VariantInfo) -> Picture | None:
    """The picture of a win's tiles in the §0.3 notation; None for notation the engine cannot read."""
    try:
        hand = parse_hand(tiles)
    except NotationError:
        return None
    wilds = info["wilds"]
    # A fixed wild (红中麻将's 红中) is wild in every hand, so no record names it.
    treasure = treasure or (wilds.get("face") if wilds else None)
    wild_name = local(wilds["name"]) if wilds and treasure else ""
    kong_names = info["fact_names"]["kong"]
    captions = {
        "chow": pgettext("meld", "Chow"),
        "pung": pgettext("meld", "Pung"),
        "kong": local(kong_names.get("exposed")) or pgettext("meld", "Kong"),
        "concealed_kong": local(kong_names.get("concealed")) or pgettext("meld", "Concealed kong"),
        "dragon_set": local(kong_names.get("dragon_set")) or pgettext("meld", "Dragon set"),
        "wind_set": local(kong_names.get("wind_set")) or pgettext("meld", "Wind set"),
    }

    def shown(index: int, *, may_be_wild: bool) -> Tile:
        face = tile_face(index)
        return Tile(face, wild=may_be_wild and face == treasure)

    # A wild never sits in a set aside (RULES §5.3, and a treasure is wild only in the hand), so only
    # the concealed tiles and the winning tile are marked.
    groups = [
        TileGroup(meld.kind, captions[meld.kind], tuple(shown(t, may_be_wild=False) for t in meld.tiles))
        for meld in hand.melds
    ]
    groups.append(TileGroup("hand", _("In hand"), tuple(shown(t, may_be_wild=True) for t in hand.concealed)))
    groups.append(TileGroup("winning", pgettext("winning tile", "Win"), (shown(hand.winning_tile, may_be_wild=True),)))
    how = _("Self-drawn") if method == "self_draw" else _("Won on a discard")
    marked = any(tile.wild for group in groups for tile in group.tiles)
    return Picture(tuple(groups), _said(groups, wild_name, how), how, wild_name if marked else "")


def _said(groups: list[TileGroup], wild_name: str, how: str) -> str:
    def tile_said(tile: Tile) -> str:
        words = tile_words(tile.face)
        return _("%(tile)s (%(wild)s)") % {"tile": words, "wild": wild_name} if tile.wild else words

    parts = [
        _("%(group)s: %(tiles)s") % {"group": group.caption, "tiles": listed(tile_said(t) for t in group.tiles)}
        for group in groups
        if group.tiles
    ]
    return pgettext("list of groups", "; ").join([*parts, how])


def pattern_pictures(variant_id: str) -> dict[str, DealtHand]:
    """The folder's pictures, pattern id → a hand record (and its state and options); none without the file."""
    path = folder_of(variant_id) / PICTURES_FILE
    if not path.is_file():
        return {}
    pictures = json.loads(path.read_text(encoding="utf-8")).get("pictures") or {}
    found = {str(pattern): case for pattern, case in pictures.items() if isinstance(case, dict)}
    return cast(dict[str, DealtHand], found)  # as the folder's file writes them


def pictured_win(hand: Record) -> RecordWin | None:
    """The one win of a record whose tiles are written, if any."""
    return next((win for win in hand.get("wins") or [] if isinstance(win.get("tiles"), str)), None)
