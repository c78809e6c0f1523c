"""Parsing a hand record: plain JSON-able data in, frozen dataclasses out, or every problem found; and the values
and bounds of what a record may say."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from .. import errors as E
from ..errors import Problem, Rejected
from .facts import HandRecord, Kong, Penalty, SeatFacts, Win
from .reader import Reader, is_int, is_tile_face

METHODS = ("self_draw", "discard", "rob_kong")
READY_VALUES = ("none", "ready", "ming", "an")
KONG_KINDS = ("exposed", "added", "concealed", "dragon_set", "wind_set")
PENALTY_KINDS = ("false_win", "four_same_discards", "revealed_tiles", "adjustment")

# Bounds on what a record may say: far above any real table, low enough that no number the engine
# derives from them outgrows a 64-bit column or Python's int-to-text limit, and that a record
# crafted to be huge costs no more to refuse than a real one.
MAX_SIDE_BET = 100
MAX_PENALTY_COUNT = 50
MAX_ADJUSTMENT = 10_000_000
MAX_NOTE_LENGTH = 200
MAX_TILES_LENGTH = 200
MAX_PATTERNS = 64
MAX_KONGS = 16
MAX_PENALTIES = 16
MAX_WINS = 4
# A count the keeper enters (`counts`) is bounded by its house rule at the table; this only keeps a
# crafted record small.
MAX_COUNT = 64
MAX_COUNTS = 8

_RECORD_FIELDS = {
    "result",
    "wins",
    "seats",
    "kongs",
    "penalties",
    "dice_double",
    "liable",
    "treasure",
    "turned_up",
    "counts",
}
_WIN_FIELDS = {"seat", "method", "from", "patterns", "flowers", "tiles", "liable"}
_SEAT_FIELDS = {"ready", "opened", "side_bet"}
_KONG_FIELDS = {"seat", "kind", "tile", "from"}
_PENALTY_FIELDS = {"kind", "seat", "count", "deltas", "note"}


def parse_record(raw: Any) -> HandRecord:
    """Parse a hand record, or raise `Rejected` listing every problem found."""
    r = Reader()
    if not isinstance(raw, Mapping):
        raise Rejected(Problem(E.INVALID_TYPE, None, "A hand record must be an object."))
    r.unknown_keys(raw, _RECORD_FIELDS, "")
    result = r.choice(raw.get("result"), ("win", "draw", "void"), "result", default=None)

    wins = _entries(r, raw.get("wins"), "wins", _WIN_FIELDS, _win, most=MAX_WINS)
    seats = _seats(r, raw.get("seats"))
    kongs = _entries(r, raw.get("kongs"), "kongs", _KONG_FIELDS, _kong, most=MAX_KONGS)
    penalties = _entries(r, raw.get("penalties"), "penalties", _PENALTY_FIELDS, _penalty, most=MAX_PENALTIES)
    dice_double = r.boolean(raw.get("dice_double"), "dice_double", default=False)
    liable = r.seat(raw.get("liable"), "liable", required=False)
    treasure = raw.get("treasure")
    if treasure is not None and not is_tile_face(treasure):
        r.fail(E.INVALID_VALUE, "treasure", f"'{treasure}' is not a tile such as 4s or 7z.")
        treasure = None
    turned_up = raw.get("turned_up")
    if turned_up is not None and not is_tile_face(turned_up):
        r.fail(E.INVALID_VALUE, "turned_up", f"'{turned_up}' is not a tile such as 4s or 7z.")
        turned_up = None
    counts = _counts(r, raw.get("counts"))

    if result == "win" and not wins and "wins" not in {p.field for p in r.problems}:
        r.fail(E.NO_WINNER, "wins", "A won hand needs its winner.")
    if result in ("draw", "void") and raw.get("wins"):
        r.fail(E.WINS_WITHOUT_WIN, "wins", f"A {result} hand has no winners; remove them or mark the hand won.")
    _check_winners_agree(r, wins)
    wins = _liable_on_the_win(r, wins, liable)

    if r.problems:
        raise Rejected(r.problems)
    assert result is not None
    return HandRecord(
        result=result,
        wins=wins,
        seats=seats,
        kongs=kongs,
        penalties=penalties,
        dice_double=dice_double,
        liable=liable,
        treasure=treasure,
        turned_up=turned_up,
        counts=counts,
    )


def _counts(r: Reader, raw: Any) -> tuple[tuple[str, int], ...]:
    """`counts`: an object of count ids and whole numbers from 0, in the order written."""
    if raw is None:
        return ()
    entries = r.mapping(raw, "counts")
    if entries is None:
        return ()
    if len(entries) > MAX_COUNTS:
        r.fail(E.INVALID_VALUE, "counts", f"At most {MAX_COUNTS} counts.")
        return ()
    counts: list[tuple[str, int]] = []
    for key, value in entries.items():
        if value is None:
            r.fail(E.INVALID_TYPE, f"counts.{key}", "A count is a whole number.")
        else:
            counts.append((str(key), r.count(value, f"counts.{key}", default=0, maximum=MAX_COUNT)))
    return tuple(counts)


def _entries[Entry](
    r: Reader,
    raw: Any,
    field: str,
    fields: set[str],
    read: Callable[[Reader, Mapping[str, Any], str], Entry | None],
    *,
    most: int,
) -> tuple[Entry, ...]:
    """The list at `field`, each item read by `read`; an item with any problem is left out (and reported)."""
    entries: list[Entry] = []
    for index, raw_item in enumerate(r.listing(raw, field, most=most)):
        path = f"{field}.{index}"
        item = r.mapping(raw_item, path)
        if item is None:
            continue
        before = len(r.problems)
        r.unknown_keys(item, fields, path)
        entry = read(r, item, path)
        if entry is not None and len(r.problems) == before:
            entries.append(entry)
    return tuple(entries)


def _win(r: Reader, item: Mapping[str, Any], path: str) -> Win | None:
    seat = r.seat(item.get("seat"), f"{path}.seat")
    method = r.choice(item.get("method"), METHODS, f"{path}.method", default=None)
    from_seat = r.seat(item.get("from"), f"{path}.from", required=False)
    if method == "self_draw" and item.get("from") is not None:
        r.fail(E.FROM_NOT_ALLOWED, f"{path}.from", "A self-draw has no discarder; remove 'from'.")
    if method in ("discard", "rob_kong") and item.get("from") is None:
        who = "discarder" if method == "discard" else "player whose kong was robbed"
        r.fail(E.MISSING_FROM, f"{path}.from", f"Say who the {who} was.")
    if seat is not None and from_seat is not None and seat == from_seat:
        r.fail(E.SELF_FROM, f"{path}.from", "A player cannot win on their own discard or kong.")
    patterns: list[str] = []
    for i, pattern in enumerate(r.listing(item.get("patterns"), f"{path}.patterns", most=MAX_PATTERNS)):
        if not isinstance(pattern, str):
            r.fail(E.INVALID_TYPE, f"{path}.patterns.{i}", "A pattern is a pattern id such as 'edge_wait'.")
        else:
            patterns.append(pattern)
    flowers = r.count(item.get("flowers"), f"{path}.flowers", default=0, maximum=8)
    tiles = item.get("tiles")
    if tiles is not None and not isinstance(tiles, str):
        r.fail(E.INVALID_TYPE, f"{path}.tiles", "Tiles are written as text, e.g. [123m]456p+7p.")
        tiles = None
    elif tiles is not None and len(tiles) > MAX_TILES_LENGTH:
        r.fail(E.INVALID_VALUE, f"{path}.tiles", f"A winning hand is at most {MAX_TILES_LENGTH} characters.")
        tiles = None
    liable = r.seat(item.get("liable"), f"{path}.liable", required=False)
    if seat is None or method is None:
        return None
    return Win(seat, method, from_seat, tuple(patterns), flowers, tiles or None, liable)


def _seats(r: Reader, raw: Any) -> tuple[SeatFacts, SeatFacts, SeatFacts, SeatFacts]:
    items = r.listing(raw, "seats", most=4)
    if len(items) > 4:
        r.fail(E.INVALID_VALUE, "seats", "There are only four seats.")
        items = items[:4]
    facts: list[SeatFacts] = []
    for index in range(4):
        raw_seat = items[index] if index < len(items) else None
        if raw_seat is None:
            facts.append(SeatFacts())
            continue
        path = f"seats.{index}"
        item = r.mapping(raw_seat, path)
        if item is None:
            facts.append(SeatFacts())
            continue
        r.unknown_keys(item, _SEAT_FIELDS, path)
        ready = r.choice(item.get("ready"), READY_VALUES, f"{path}.ready", default="none") or "none"
        opened = r.boolean(item.get("opened"), f"{path}.opened", default=True)
        side_bet = r.count(item.get("side_bet"), f"{path}.side_bet", default=0, maximum=MAX_SIDE_BET)
        facts.append(SeatFacts(ready, opened, side_bet))
    return facts[0], facts[1], facts[2], facts[3]


def _kong(r: Reader, item: Mapping[str, Any], path: str) -> Kong | None:
    seat = r.seat(item.get("seat"), f"{path}.seat")
    kind = r.choice(item.get("kind"), KONG_KINDS, f"{path}.kind", default=None)
    tile = item.get("tile")
    if tile is not None and not is_tile_face(tile):
        r.fail(E.INVALID_VALUE, f"{path}.tile", f"'{tile}' is not a tile such as 5m or 7z.")
    from_seat = r.seat(item.get("from"), f"{path}.from", required=False)
    if kind in ("exposed", "added") and item.get("from") is None:
        r.fail(E.MISSING_FROM, f"{path}.from", "Say whose discard this kong (or its pung) was claimed from.")
    if kind in ("concealed", "dragon_set", "wind_set") and item.get("from") is not None:
        r.fail(E.FROM_NOT_ALLOWED, f"{path}.from", f"A {kind.replace('_', ' ')} is not claimed from anyone.")
    if seat is not None and from_seat is not None and seat == from_seat:
        r.fail(E.SELF_FROM, f"{path}.from", "A kong cannot be claimed from its own declarer.")
    if seat is None or kind is None:
        return None
    return Kong(seat, kind, tile, from_seat)


def _penalty(r: Reader, item: Mapping[str, Any], path: str) -> Penalty | None:
    kind = r.choice(item.get("kind"), PENALTY_KINDS, f"{path}.kind", default=None)
    note = item.get("note", "")
    if not isinstance(note, str):
        r.fail(E.INVALID_TYPE, f"{path}.note", "A note is text.")
        note = ""
    elif len(note) > MAX_NOTE_LENGTH:
        r.fail(E.INVALID_VALUE, f"{path}.note", f"A note is at most {MAX_NOTE_LENGTH} characters.")
    elif any(unicodedata.category(char) == "Cc" for char in note):
        r.fail(E.INVALID_VALUE, f"{path}.note", "A note cannot hold control characters (tabs, line breaks, NUL).")
    if kind == "adjustment":
        deltas = _adjustment_deltas(r, item.get("deltas"), f"{path}.deltas")
        if item.get("seat") is not None:
            r.fail(E.UNKNOWN_FIELD, f"{path}.seat", "An adjustment names its four deltas, not a seat.")
        if deltas is None:
            return None
        return Penalty(kind, None, 1, deltas, note)
    if item.get("deltas") is not None:
        r.fail(E.UNKNOWN_FIELD, f"{path}.deltas", "Only an adjustment takes deltas.")
    seat = r.seat(item.get("seat"), f"{path}.seat")
    count = r.count(item.get("count"), f"{path}.count", default=1, minimum=1, maximum=MAX_PENALTY_COUNT)
    if kind != "revealed_tiles" and item.get("count") is not None and count != 1:
        r.fail(E.INVALID_VALUE, f"{path}.count", "Only a revealed-tiles penalty takes a count.")
    if seat is None or kind is None:
        return None
    return Penalty(kind, seat, count, None, note)


def _adjustment_deltas(r: Reader, raw: Any, path: str) -> tuple[int, int, int, int] | None:
    if not isinstance(raw, list | tuple) or len(raw) != 4 or not all(is_int(v) for v in raw):
        r.fail(E.INVALID_VALUE, path, "An adjustment needs four whole numbers, one per seat.")
        return None
    if any(abs(value) > MAX_ADJUSTMENT for value in raw):
        r.fail(E.INVALID_VALUE, path, f"An adjustment moves at most {MAX_ADJUSTMENT:,} points per seat.")
        return None
    if sum(raw) != 0:
        r.fail(E.ADJUSTMENT_NOT_ZERO_SUM, path, f"An adjustment must add up to 0; these add up to {sum(raw)}.")
        return None
    return (int(raw[0]), int(raw[1]), int(raw[2]), int(raw[3]))


def _liable_on_the_win(r: Reader, wins: tuple[Win, ...], liable: int | None) -> tuple[Win, ...]:
    """The older top-level `liable` of a one-winner record, copied onto its win (RULES §0.2).

    A record that names a liable player both ways is refused: the two could disagree. With several
    winners the top-level form cannot say whose win it covers; the variant refuses that
    (`liable_for_several_winners`), so it is left on the record as written.
    """
    if liable is None:
        return wins
    if any(win.liable is not None for win in wins):
        r.fail(
            E.INVALID_VALUE,
            "liable",
            "Name the liable player (承包) on the win it covers (wins.N.liable), not also for the whole hand.",
        )
        return wins
    if len(wins) == 1:
        return (replace(wins[0], liable=liable),)
    return wins


def _check_winners_agree(r: Reader, wins: tuple[Win, ...]) -> None:
    seen: set[int] = set()
    for index, win in enumerate(wins):
        if win.seat in seen:
            r.fail(E.DUPLICATE_WINNER, f"wins.{index}.seat", f"P{win.seat} is listed as a winner twice.")
        seen.add(win.seat)
    if len(wins) < 2:
        return
    first = wins[0]
    for index, win in enumerate(wins[1:], start=1):
        if win.method == "self_draw" or first.method == "self_draw":
            r.fail(E.WINNERS_DISAGREE, f"wins.{index}.method", "Only one player can win by self-draw.")
        elif win.method != first.method or win.from_seat != first.from_seat:
            r.fail(
                E.WINNERS_DISAGREE,
                f"wins.{index}.from",
                "Several winners must all win on the same discard (or the same robbed kong).",
            )
