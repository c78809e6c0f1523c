"""The consistency layer (RULES §0.8): facts of one record that no real hand can produce together.

Every variant runs it through the base flow (`Variant.settle_record`): `record_problems` together
with the generic checks, before any tiles are read, and `findings_problems` once every win's tiles
are read. A variant declares only what its table changes, as `consistency = Consistency(...)` in its
`variant.py`: which kongs open a hand, which draw a replacement tile, which of its patterns hold no
kong or need someone's kong. Contradictions that only one variant's rules make are in that variant's
`checks.py`; contradictions the tiles show are found while reading them (`win_tiles.py`). Each has a
stable id in `errors.CONTRADICTIONS`, and its message names both facts.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from ...errors import Problem, contradiction
from ...notation import parse_hand
from ...options import Options
from ...records import KONG_KINDS, HandRecord, Kong, Win
from ...tiles import TILE_KINDS, is_258, is_honor, is_terminal, is_terminal_or_honor, suit_of, tile_face, tile_index
from ...variant import Findings, PatternSpec
from .fact_words import closed_words, kong_words, kongs_words, pattern_name, win_words

SET_FACES = {"dragon_set": ("5z", "6z", "7z"), "wind_set": ("1z", "2z", "3z", "4z")}
SETS_IN_A_HAND = 4
COPIES_OF_A_TILE = 4
FLOWERS_IN_THE_SET = 8

# Whole-hand patterns whose every tile passes a test: a kong of the winner's that fails it denies them.
_TILE_RULES: dict[str, tuple[Callable[[int], bool], str]] = {
    "pure_terminals": (is_terminal, "every tile a 1 or 9 of a suit"),
    "mixed_terminals": (is_terminal_or_honor, "every tile a 1, 9 or honour"),
    "outside_hand": (is_terminal_or_honor, "a 1, 9 or honour in every set"),
    "all_generals": (is_258, "every tile a 2, 5 or 8 of a suit"),
}
_ONE_SUIT = {"pure_one_suit": "tiles of one suit and no honours", "mixed_one_suit": "tiles of one suit"}


def claimed_kong(kong: Kong, options: Options) -> bool:
    """An exposed kong, or one added onto a claimed pung, opens its seat's hand (RULES §0.1)."""
    return kong.kind in ("exposed", "added")


def kong_faces(kong: Kong) -> tuple[str, ...]:
    """The faces a kong holds, each copy once: four of its tile, or one of each face of a special set."""
    if kong.kind in SET_FACES:
        return SET_FACES[kong.kind]
    return (kong.tile,) * COPIES_OF_A_TILE if kong.tile else ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Consistency:
    """What a variant's table makes possible, for the contradictions every variant shares."""

    # Which kongs open their seat's hand (Dalian's 喜杠 as a dragon kong does not).
    opens_hand: Callable[[Kong, Options], bool] = claimed_kong
    # Kongs after which their declarer draws a replacement tile (Shenyang's 中发白 set draws none).
    replacement_kinds: frozenset[str] = frozenset(KONG_KINDS)
    # Patterns of a hand that holds no kong and no claimed meld (seven pairs, a heavenly hand).
    kongless_patterns: frozenset[str] = frozenset()
    # Patterns that need a kong of the winner's (kong bloom) or of the discarder's (kong discard).
    winner_kong_patterns: frozenset[str] = frozenset({"kong_bloom"})
    discarder_kong_patterns: frozenset[str] = frozenset()

    def record_problems(self, record: HandRecord, options: Options, patterns: Collection[PatternSpec]) -> list[Problem]:
        """Every contradiction among the record's own facts (tiles aside)."""
        problems = [
            *self._closed_seat_problems(record, options),
            *_kong_count_problems(record),
            *_special_set_problems(record),
            *_kong_copy_problems(record),
            *_liable_problems(record),
            *_flower_problems(record),
        ]
        for index, win in enumerate(record.wins):
            problems.extend(self._kong_item_problems(record, index, win, patterns))
            problems.extend(self._kongless_problems(record, index, win, patterns))
            problems.extend(_pattern_kong_tile_problems(record, index, win, patterns))
        return problems

    def findings_problems(self, record: HandRecord, findings: Findings, options: Options) -> list[Problem]:
        """Every contradiction between the winners' tiles and the rest of the record."""
        return [*_tile_copy_problems(record, findings), *_robbed_kong_kind_problems(record)]

    def _closed_seat_problems(self, record: HandRecord, options: Options) -> Iterator[Problem]:
        for index, kong in enumerate(record.kongs):
            if self.opens_hand(kong, options) and not record.seats[kong.seat].opened:
                field = f"seats.{kong.seat}.opened"
                yield contradiction(
                    "closed_with_claimed_kong",
                    field,
                    f"{closed_words(kong.seat)}, but the hand's kongs list {kong_words(kong)}, which opens the hand.",
                    field,
                    f"kongs.{index}",
                )
        robbed: set[int] = set()
        for index, win in enumerate(record.wins):
            victim = win.from_seat
            if win.method != "rob_kong" or victim is None or record.seats[victim].opened or victim in robbed:
                continue
            robbed.add(victim)
            field = f"seats.{victim}.opened"
            yield contradiction(
                "closed_kong_robbed",
                field,
                f"{closed_words(victim)}, but {win_words(win)}: only a kong added onto a pung claimed from a "
                f"discard can be robbed, so P{victim} had opened.",
                field,
                f"wins.{index}.method",
            )

    def _kong_item_problems(
        self, record: HandRecord, index: int, win: Win, patterns: Collection[PatternSpec]
    ) -> Iterator[Problem]:
        """Kong bloom (or kong discard) when the record lists kongs, none of them the one it needs.

        A record that lists no kongs at all is not refused: kongs are optional facts where they pay nothing.
        """
        if not record.kongs:
            return
        for i, pattern_id in enumerate(win.patterns):
            if pattern_id in self.winner_kong_patterns:
                owner, whose = win.seat, "the winner"
            elif pattern_id in self.discarder_kong_patterns and win.from_seat is not None:
                owner, whose = win.from_seat, "the discarder"
            else:
                continue
            owned = record.kongs_of(owner)
            if any(kong.kind in self.replacement_kinds for kong in owned):
                continue
            kind = "kong_item_without_kong" if owner == win.seat else "item_without_discarder_kong"
            drawn = [kong for kong in owned if kong.kind not in self.replacement_kinds]
            if drawn:
                listed = f"P{owner}'s only kongs, {kongs_words(drawn)}, draw no replacement tile"
            else:
                listed = f"the hand's kongs list none of P{owner}'s ({kongs_words(record.kongs)})"
            field = f"wins.{index}.patterns.{i}"
            yield contradiction(
                kind,
                field,
                f"P{win.seat}'s win is ticked {pattern_name(patterns, pattern_id)}, which needs a kong of "
                f"{whose} P{owner}, but {listed}.",
                field,
                "kongs",
            )

    def _kongless_problems(
        self, record: HandRecord, index: int, win: Win, patterns: Collection[PatternSpec]
    ) -> Iterator[Problem]:
        """Seven pairs (or a heavenly hand) holds no kong: not one of the winner's, nor a kong bloom."""
        excluded = {spec.id: spec.excludes for spec in patterns}
        for i, pattern_id in enumerate(win.patterns):
            if pattern_id not in self.kongless_patterns:
                continue
            field = f"wins.{index}.patterns.{i}"
            name = pattern_name(patterns, pattern_id)
            own = [(k, kong) for k, kong in enumerate(record.kongs) if kong.seat == win.seat]
            if own:
                k, kong = own[0]
                yield contradiction(
                    "kong_on_kongless_hand",
                    field,
                    f"P{win.seat}'s hand is ticked {name}, which holds no kong, but the hand's kongs list "
                    f"{kong_words(kong)}.",
                    field,
                    f"kongs.{k}",
                )
            for j, item in enumerate(win.patterns):
                # A pair the catalogue already excludes is reported as patterns_exclusive, once.
                if item in self.winner_kong_patterns and item not in excluded.get(pattern_id, frozenset()):
                    yield contradiction(
                        "kong_item_on_kongless_hand",
                        f"wins.{index}.patterns.{j}",
                        f"P{win.seat}'s hand is ticked {name}, which declares no kong, and "
                        f"{pattern_name(patterns, item)}, which needs one.",
                        field,
                        f"wins.{index}.patterns.{j}",
                    )


def _kong_count_problems(record: HandRecord) -> Iterator[Problem]:
    for seat in range(4):
        count = len(record.kongs_of(seat))
        if count > SETS_IN_A_HAND:
            yield contradiction(
                "more_kongs_than_sets",
                "kongs",
                f"The hand's kongs list {count} kongs for P{seat}, but a hand holds at most four sets.",
            )


def _special_set_problems(record: HandRecord) -> Iterator[Problem]:
    for index, kong in enumerate(record.kongs):
        faces = SET_FACES.get(kong.kind)
        if faces is not None and kong.tile is not None and kong.tile not in faces:
            field = f"kongs.{index}.tile"
            yield contradiction(
                "special_set_tile",
                field,
                f"{kong_words(kong)} is one each of {' '.join(faces)}, so it holds no {kong.tile}.",
                f"kongs.{index}.kind",
                field,
            )


def _kong_copy_problems(record: HandRecord) -> Iterator[Problem]:
    """More copies of a tile across the kongs than the set has (four of each)."""
    used = [0] * TILE_KINDS
    holders: dict[int, list[int]] = {}
    for index, kong in enumerate(record.kongs):
        for face in kong_faces(kong):
            tile = tile_index(face)
            used[tile] += 1
            holders.setdefault(tile, [])
            if index not in holders[tile]:
                holders[tile].append(index)
            if used[tile] == COPIES_OF_A_TILE + 1:
                listed = kongs_words(record.kongs[i] for i in holders[tile])
                yield contradiction(
                    "more_copies_than_exist",
                    f"kongs.{index}",
                    f"There are only four {face}, but the hand's kongs hold more: {listed}.",
                    *(f"kongs.{i}" for i in holders[tile]),
                )


def _liable_problems(record: HandRecord) -> Iterator[Problem]:
    """A liable player (承包) answers for one win (RULES §0.2): the discarder, a third player or another winner,
    never the winner whose win it is."""
    if record.liable is not None and record.result != "win":
        yield contradiction(
            "liable_without_win",
            "liable",
            f"P{record.liable} is named liable (承包) for a hand nobody won ({record.result}).",
            "liable",
            "result",
        )
    for index, win in enumerate(record.wins):
        # The older top-level form with several winners covers every one of them (and is refused for that too).
        several = record.liable is not None and len(record.wins) > 1
        liable = record.liable if several else win.liable
        if win.seat == liable:
            field = record.liable_field(index)
            yield contradiction(
                "liable_is_winner",
                field,
                f"P{win.seat} won the hand, so cannot be liable (承包) for their own win.",
                field,
                f"wins.{index}.seat",
            )


def _flower_problems(record: HandRecord) -> Iterator[Problem]:
    total = sum(win.flowers for win in record.wins)
    if len(record.wins) > 1 and total > FLOWERS_IN_THE_SET:
        held = ", ".join(f"P{win.seat} {win.flowers}" for win in record.wins if win.flowers)
        fields = [f"wins.{i}.flowers" for i, win in enumerate(record.wins) if win.flowers]
        yield contradiction(
            "flowers_beyond_set",
            fields[-1],
            f"The winners' flowers add up to {total} ({held}), but the set has only eight flowers.",
            *fields,
        )


def _pattern_kong_tile_problems(
    record: HandRecord, index: int, win: Win, patterns: Collection[PatternSpec]
) -> Iterator[Problem]:
    """A whole-hand pattern (one suit, terminals, all generals) that a kong of the winner's breaks."""
    own = [(k, kong) for k, kong in enumerate(record.kongs) if kong.seat == win.seat and kong_faces(kong)]
    for i, pattern_id in enumerate(win.patterns):
        field = f"wins.{index}.patterns.{i}"
        name = pattern_name(patterns, pattern_id)
        broken: tuple[int, Kong] | None = None
        if pattern_id in _TILE_RULES:
            test, needs = _TILE_RULES[pattern_id]
            broken = next(
                ((k, kong) for k, kong in own if not all(test(tile_index(face)) for face in kong_faces(kong))), None
            )
        elif pattern_id in _ONE_SUIT:
            needs = _ONE_SUIT[pattern_id]
            broken = _breaks_one_suit(own, honours_allowed=pattern_id == "mixed_one_suit")
        if broken is not None:
            k, kong = broken
            yield contradiction(
                "pattern_denied_by_kong",
                field,
                f"P{win.seat}'s hand is ticked {name}, which needs {needs}, but the hand's kongs list "
                f"{kong_words(kong)}.",
                field,
                f"kongs.{k}",
            )


def _breaks_one_suit(kongs: list[tuple[int, Kong]], *, honours_allowed: bool) -> tuple[int, Kong] | None:
    """The first kong that is an honour where none may be, or of a second suit."""
    suit: str | None = None
    for k, kong in kongs:
        for face in kong_faces(kong):
            tile = tile_index(face)
            if is_honor(tile):
                if not honours_allowed:
                    return k, kong
                continue
            if suit is not None and suit_of(tile) != suit:
                return k, kong
            suit = suit_of(tile)
    return None


# The win whose winning tile may be a stand-in rather than a tile: Dalian's treasure rush (冲宝), won when
# the treasure is revealed (RULES §1.5-4). No other variant has a pattern of that id.
TREASURE_RUSH = "treasure_rush"


class _Copies(NamedTuple):
    """Where copies of one tile are: each place's field and words, with how many it holds."""

    field: str
    words: str
    copies: int


def _tile_copy_problems(record: HandRecord, findings: Findings) -> Iterator[Problem]:
    """More physical copies of a tile in the winners' tiles and everyone else's kongs than the set has.

    The winners of one discard share its tile; a robbed kong's fourth tile is in the robber's hand.
    A treasure rush (冲宝) may be won at the treasure's reveal, without drawing: its winning tile is
    then the treasure standing in, not a physical copy (RULES §0.8), so it is never counted.
    """
    with_tiles = [(index, win) for index, win in enumerate(record.wins) if win.tiles is not None]
    if not with_tiles:
        return
    places: dict[int, list[_Copies]] = {}
    shared: int | None = None
    for index, win in with_tiles:
        assert win.tiles is not None
        hand = parse_hand(win.tiles)
        counts = hand.counts()
        if shared is not None and hand.winning_tile == shared:
            counts[shared] -= 1
        if TREASURE_RUSH in findings[index].patterns:
            counts[hand.winning_tile] -= 1
        if win.method != "self_draw":
            shared = hand.winning_tile
        for tile, count in enumerate(counts):
            if count:
                places.setdefault(tile, []).append(_Copies(f"wins.{index}.tiles", f"P{win.seat}'s tiles", count))
    in_tiles = {win.seat for _, win in with_tiles}
    for k, kong in enumerate(record.kongs):
        if kong.seat in in_tiles:
            continue
        for face in dict.fromkeys(kong_faces(kong)):
            tile = tile_index(face)
            count = kong_faces(kong).count(face)
            if shared == tile and _robbed_from(record, kong):
                count -= 1  # its fourth copy was robbed, and is counted in the robber's tiles
            places.setdefault(tile, []).append(_Copies(f"kongs.{k}", kong_words(kong), count))
    for tile, found in places.items():
        total = sum(place.copies for place in found)
        if total > COPIES_OF_A_TILE:
            listed = ", ".join(f"{place.words} {place.copies}" for place in found)
            yield contradiction(
                "more_copies_than_exist",
                found[0].field,
                f"There are only four {tile_face(tile)}, but the hand shows {total}: {listed}.",
                *dict.fromkeys(place.field for place in found),
            )


def _robbed_from(record: HandRecord, kong: Kong) -> bool:
    return kong.kind == "added" and any(w.method == "rob_kong" and w.from_seat == kong.seat for w in record.wins)


def _robbed_kong_kind_problems(record: HandRecord) -> Iterator[Problem]:
    """Only a kong added onto a claimed pung can be robbed, never an exposed or a concealed one."""
    for index, win in enumerate(record.wins):
        if win.method != "rob_kong" or win.tiles is None:
            continue
        face = tile_face(parse_hand(win.tiles).winning_tile)
        for k, kong in enumerate(record.kongs):
            if kong.seat == win.from_seat and kong.tile == face and kong.kind in ("exposed", "concealed"):
                field = f"kongs.{k}.kind"
                yield contradiction(
                    "robbed_kong_not_added",
                    field,
                    f"{win_words(win)} of {face}, but the hand's kongs list {kong_words(kong)}: only a kong "
                    "added onto a pung can be robbed.",
                    f"wins.{index}.method",
                    field,
                )
