"""The tile notation of RULES §0.3: `[123m][777p] 456s 11z 78p +9p`.

Melds are bracketed: `[123m]` chow, `[777p]` pung, `[7777p]` exposed or added kong,
`(7777p)` concealed kong, `[567z]` dragon set, `[1234z]` wind set. Then the concealed
tiles, then `+` and the winning tile. Spaces are ignored; digits share the suit letter
that follows them. Errors name the character (0-based position) and say why, because
the scorekeeper types this on a phone and needs to find the typo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .tiles import EAST, GREEN, NORTH, RED, SOUTH, TILE_KINDS, WEST, WHITE, faces, tile_face

MeldKind = Literal["chow", "pung", "kong", "concealed_kong", "dragon_set", "wind_set"]

_SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}
_DRAGON_SET = (WHITE, GREEN, RED)
_WIND_SET = (EAST, SOUTH, WEST, NORTH)
_CLOSERS = {"[": "]", "(": ")"}
MAX_COPIES = 4


class NotationError(ValueError):
    """Bad notation. `position` is the 0-based index of the offending character, or None
    when the problem is the hand as a whole (e.g. the tile count)."""

    def __init__(self, position: int | None, reason: str, text: str = "") -> None:
        self.position = position
        self.reason = reason
        self.character = text[position] if position is not None and 0 <= position < len(text) else None
        if position is None:
            self.message = reason
        else:
            self.message = f"character {position} ({self.character!r}): {reason}"
        super().__init__(self.message)


@dataclass(frozen=True, slots=True)
class Meld:
    """A set put aside before the win. `claimed` means it opens the hand (RULES §0.1)."""

    kind: MeldKind
    tiles: tuple[int, ...]
    claimed: bool

    @property
    def is_kong_sized(self) -> bool:
        """Four tiles: these need a replacement draw, so the hand holds one tile more."""
        return len(self.tiles) == 4


@dataclass(frozen=True, slots=True)
class WinningHand:
    melds: tuple[Meld, ...]
    concealed: tuple[int, ...]
    winning_tile: int

    def counts(self) -> list[int]:
        """34 counts of every tile in the hand: melds, concealed tiles and the winning tile."""
        counts = self.concealed_counts()
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile] += 1
        return counts

    def concealed_counts(self) -> list[int]:
        """34 counts of the concealed tiles plus the winning tile: the part that must be split."""
        counts = [0] * TILE_KINDS
        for tile in self.concealed:
            counts[tile] += 1
        counts[self.winning_tile] += 1
        return counts

    @property
    def is_opened(self) -> bool:
        return any(meld.claimed for meld in self.melds)

    def __str__(self) -> str:
        return format_hand(self)


def format_hand(hand: WinningHand) -> str:
    """The canonical notation of a parsed hand; parse_hand(format_hand(h)) == h."""
    parts = []
    for meld in hand.melds:
        opener, closer = ("(", ")") if meld.kind == "concealed_kong" else ("[", "]")
        parts.append(f"{opener}{faces(meld.tiles)}{closer}")
    parts.append(faces(hand.concealed))
    parts.append(f"+{tile_face(hand.winning_tile)}")
    return " ".join(part for part in parts if part)


@dataclass
class _Bracket:
    opener: str
    position: int
    tiles: list[int]


@dataclass
class _Scanned:
    melds: list[Meld]
    concealed: list[int]
    winning: list[int]
    plus_position: int | None
    # Where each tile was written, to point at the fifth copy of a tile.
    positions: list[tuple[int, int]]


def _tile_from_digit(digit: str, suit: str, position: int, text: str) -> int:
    rank = int(digit)
    if suit == "z" and not 1 <= rank <= 7:
        raise NotationError(position, f"'{digit}z' is not a tile: honours go from 1z to 7z", text)
    if not 1 <= rank <= 9:
        raise NotationError(position, f"'{digit}{suit}' is not a tile: suits go from 1{suit} to 9{suit}", text)
    return _SUIT_OFFSET[suit] + rank - 1


def _meld_from(bracket: _Bracket, text: str) -> Meld:
    tiles = tuple(sorted(bracket.tiles))
    if tiles == _DRAGON_SET:
        return Meld("dragon_set", tiles, claimed=False)
    if tiles == _WIND_SET:
        return Meld("wind_set", tiles, claimed=False)
    same = len(set(tiles)) == 1
    if bracket.opener == "(":
        if len(tiles) == 4 and same:
            return Meld("concealed_kong", tiles, claimed=False)
        raise NotationError(bracket.position, "parentheses hold a concealed kong: four of one tile", text)
    if len(tiles) == 3 and same:
        return Meld("pung", tiles, claimed=True)
    if len(tiles) == 4 and same:
        return Meld("kong", tiles, claimed=True)
    if len(tiles) == 3 and tiles[0] + 1 == tiles[1] and tiles[1] + 1 == tiles[2]:
        if tiles[0] >= 27:
            raise NotationError(bracket.position, "a meld must be a chow, pung or kong; honours never form chows", text)
        if tiles[0] // 9 == tiles[2] // 9:
            return Meld("chow", tiles, claimed=True)
    raise NotationError(bracket.position, "a meld must be a chow, pung or kong", text)


def _scan(text: str, *, allow_melds: bool) -> _Scanned:
    """One pass over the text. Everything that can be blamed on one character is raised here."""
    scanned = _Scanned(melds=[], concealed=[], winning=[], plus_position=None, positions=[])
    pending: list[int] = []  # positions of digits still waiting for their suit letter
    bracket: _Bracket | None = None

    def suitless_digits() -> NotationError:
        return NotationError(pending[0], "digits need a suit letter after them (m, p, s or z)", text)

    for position, char in enumerate(text):
        if char.isspace():
            continue
        if char in "0123456789":
            if scanned.plus_position is not None and len(scanned.winning) + len(pending) >= 1:
                raise NotationError(scanned.plus_position, "'+' must be followed by exactly one tile", text)
            pending.append(position)
        elif char in _SUIT_OFFSET:
            if not pending:
                raise NotationError(position, f"suit letter '{char}' has no digits before it", text)
            target = (
                bracket.tiles
                if bracket is not None
                else scanned.winning
                if scanned.plus_position is not None
                else scanned.concealed
            )
            for digit_position in pending:
                tile = _tile_from_digit(text[digit_position], char, digit_position, text)
                target.append(tile)
                scanned.positions.append((tile, digit_position))
            pending = []
        elif char in "[(" and allow_melds:
            if pending:
                raise suitless_digits()
            if bracket is not None:
                raise NotationError(
                    position, f"a bracket cannot open inside the bracket opened at {bracket.position}", text
                )
            if scanned.plus_position is not None:
                raise NotationError(scanned.plus_position, "'+' must be followed by exactly one tile", text)
            bracket = _Bracket(char, position, [])
        elif char in "])" and allow_melds:
            if pending:
                raise suitless_digits()
            if bracket is None:
                raise NotationError(position, f"'{char}' closes no bracket", text)
            expected = _CLOSERS[bracket.opener]
            if char != expected:
                raise NotationError(
                    position, f"'{bracket.opener}' opened at {bracket.position} must be closed by '{expected}'", text
                )
            scanned.melds.append(_meld_from(bracket, text))
            bracket = None
        elif char == "+" and allow_melds:
            if pending:
                raise suitless_digits()
            if bracket is not None:
                raise NotationError(position, f"'+' cannot stand inside the bracket opened at {bracket.position}", text)
            if scanned.plus_position is not None:
                raise NotationError(position, f"only one '+' is allowed; the first is at {scanned.plus_position}", text)
            scanned.plus_position = position
        elif char in "[]()+":
            raise NotationError(position, f"'{char}' is not allowed here: give plain tiles, without melds or '+'", text)
        else:
            raise NotationError(
                position, f"{char!r} is not part of the notation: use digits, m p s z, brackets, spaces and '+'", text
            )
    if pending:
        raise suitless_digits()
    if bracket is not None:
        raise NotationError(bracket.position, f"unclosed bracket opened at {bracket.position}", text)
    _check_copies(scanned.positions, text)
    return scanned


def _check_copies(positions: list[tuple[int, int]], text: str) -> None:
    seen = [0] * TILE_KINDS
    for tile, position in positions:
        seen[tile] += 1
        if seen[tile] > MAX_COPIES:
            raise NotationError(position, f"5 copies of {tile_face(tile)}: there are only 4 of each tile", text)


def parse_hand(text: str) -> WinningHand:
    """Parse a whole winning hand: melds, concealed tiles, '+' and the winning tile."""
    scanned = _scan(text, allow_melds=True)
    if scanned.plus_position is None:
        raise NotationError(None, "the winning tile is missing: end the hand with '+' and the tile, e.g. '+9p'", text)
    if len(scanned.winning) != 1:
        raise NotationError(scanned.plus_position, "'+' must be followed by exactly one tile", text)
    total = sum(len(meld.tiles) for meld in scanned.melds) + len(scanned.concealed) + 1
    kongs = sum(1 for meld in scanned.melds if meld.is_kong_sized)
    if total != 14 + kongs:
        raise NotationError(None, f"a winning hand needs 14 tiles plus one per kong; this has {total}", text)
    return WinningHand(
        melds=tuple(scanned.melds),
        concealed=tuple(sorted(scanned.concealed)),
        winning_tile=scanned.winning[0],
    )


def parse_tiles(text: str) -> list[int]:
    """Parse plain tiles (no melds, no '+'), in the order written. At most 4 copies of a tile."""
    return _scan(text, allow_melds=False).concealed
