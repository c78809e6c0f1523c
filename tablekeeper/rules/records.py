"""The hand record (RULES.md §0.2): parsing and the checks every variant shares.

A record arrives as plain JSON-able data. `parse_record` turns it into frozen
dataclasses or rejects it with every problem it finds, each naming the field at
fault. What only one variant knows (its patterns, methods, facts) is checked later,
by `Variant.check_record` against the variant's declaration and by the variant's hooks.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import errors as E
from .errors import Problem, Rejected

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


@dataclass(frozen=True, slots=True)
class Win:
    seat: int
    method: str
    from_seat: int | None
    patterns: tuple[str, ...]
    flowers: int = 0
    tiles: str | None = None
    # Shandong 承包 (RULES §0.2, §4.6): the seat that pays everything THIS winner receives, or None.
    liable: int | None = None

    def count(self, pattern: str) -> int:
        return self.patterns.count(pattern)

    def has(self, pattern: str) -> bool:
        return pattern in self.patterns


@dataclass(frozen=True, slots=True)
class SeatFacts:
    ready: str = "none"
    opened: bool = True
    side_bet: int = 0


@dataclass(frozen=True, slots=True)
class Kong:
    seat: int
    kind: str
    tile: str | None = None
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: str
    seat: int | None = None
    count: int = 1
    deltas: tuple[int, int, int, int] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class HandRecord:
    result: str
    wins: tuple[Win, ...] = ()
    seats: tuple[SeatFacts, SeatFacts, SeatFacts, SeatFacts] = field(
        default_factory=lambda: (SeatFacts(), SeatFacts(), SeatFacts(), SeatFacts())
    )
    kongs: tuple[Kong, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    dice_double: bool = False
    # The older form of a win's `liable`, for a record with one winner (RULES §0.2): kept as written, and
    # also copied onto that win, so checks and scoring read `Win.liable` whichever form the record used.
    liable: int | None = None
    treasure: str | None = None
    # The tile turned up, where a variant's wild is the face after it (`Wilds.succession`): the engine turns it
    # into `treasure` before any check (`Variant.with_wild`), so both are kept and checked against each other.
    turned_up: str | None = None
    # What the keeper counted for this hand, by the variant's count id (`CountSpec`): ((id, n), ...).
    counts: tuple[tuple[str, int], ...] = ()

    def counted(self, count_id: str) -> int:
        """How many of `count_id` the keeper entered for this hand: 0 when the record leaves it out."""
        return dict(self.counts).get(count_id, 0)

    def kongs_of(self, seat: int) -> tuple[Kong, ...]:
        return tuple(k for k in self.kongs if k.seat == seat)

    def liable_field(self, index: int) -> str:
        """The field that named the liable player of `wins[index]`: the older top-level one, or the win's own."""
        return "liable" if self.liable is not None else f"wins.{index}.liable"


class _Reader:
    """Collects every problem in one pass so the scorekeeper sees them all at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, code: str, path: str, message: str) -> None:
        self.problems.append(Problem(code, path, message))

    def unknown_keys(self, raw: Mapping[str, Any], allowed: set[str], path: str) -> None:
        for key in raw:
            if key not in allowed:
                where = f"{path}.{key}" if path else str(key)
                self.fail(E.UNKNOWN_FIELD, where, f"Unknown field '{key}'.")

    def seat(self, value: Any, path: str, *, required: bool = True) -> int | None:
        if value is None:
            if required:
                self.fail(E.MISSING_FIELD, path, "A seat is required here.")
            return None
        if not _is_int(value):
            self.fail(E.INVALID_TYPE, path, "A seat must be a whole number from 0 to 3.")
            return None
        if not 0 <= value <= 3:
            self.fail(E.SEAT_OUT_OF_RANGE, path, f"Seat {value} does not exist; seats are 0 to 3.")
            return None
        return int(value)

    def count(self, value: Any, path: str, *, default: int, minimum: int = 0, maximum: int) -> int:
        if value is None:
            return default
        if not _is_int(value) or not minimum <= value <= maximum:
            self.fail(E.INVALID_VALUE, path, f"Must be a whole number from {minimum} to {maximum}.")
            return default
        return int(value)

    def choice(self, value: Any, options: Sequence[str], path: str, *, default: str | None) -> str | None:
        if value is None:
            if default is None:
                self.fail(E.MISSING_FIELD, path, f"Required: one of {', '.join(options)}.")
            return default
        if value not in options:
            self.fail(E.INVALID_VALUE, path, f"'{value}' is not one of {', '.join(options)}.")
            return default
        return str(value)

    def boolean(self, value: Any, path: str, *, default: bool) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            self.fail(E.INVALID_TYPE, path, "Must be true or false.")
            return default
        return value

    def listing(self, value: Any, path: str, *, most: int) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list | tuple):
            self.fail(E.INVALID_TYPE, path, "Must be a list.")
            return []
        if len(value) > most:
            self.fail(E.INVALID_VALUE, path, f"At most {most} entries.")
            return []
        return list(value)

    def mapping(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.fail(E.INVALID_TYPE, path, "Must be an object.")
            return None
        return value


def parse_record(raw: Any) -> HandRecord:
    """Parse a hand record, or raise `Rejected` listing every problem found."""
    r = _Reader()
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
    if treasure is not None and not _is_tile_face(treasure):
        r.fail(E.INVALID_VALUE, "treasure", f"'{treasure}' is not a tile such as 4s or 7z.")
        treasure = None
    turned_up = raw.get("turned_up")
    if turned_up is not None and not _is_tile_face(turned_up):
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


def _counts(r: _Reader, raw: Any) -> tuple[tuple[str, int], ...]:
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


@dataclass(frozen=True, slots=True)
class CountBound:
    """What a table allows of one count: its maximum, the house rule that sets it, and its English name."""

    maximum: int
    option: str
    words: str


def count_problems(record: HandRecord, bounds: Mapping[str, CountBound], variant_name: str) -> list[Problem]:
    """A count the variant does not have, one above the table's maximum, or one entered for a hand nobody won."""
    problems: list[Problem] = []
    for count_id, value in record.counts:
        path = f"counts.{count_id}"
        bound = bounds.get(count_id)
        if bound is None:
            problems.append(Problem(E.FACT_NOT_IN_VARIANT, path, f"{variant_name} has no count '{count_id}'."))
        elif value > bound.maximum:
            words = f"{bound.words.capitalize()} are at most {bound.maximum} at this table (house rule {bound.option})."
            problems.append(Problem(E.COUNT_ABOVE_MAXIMUM, path, words))
        elif value and record.result != "win":
            problems.append(Problem(E.INVALID_VALUE, path, f"Only a won hand has {bound.words}."))
    return problems


def _entries[Entry](
    r: _Reader,
    raw: Any,
    field: str,
    fields: set[str],
    read: Callable[[_Reader, Mapping[str, Any], str], Entry | None],
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


def _win(r: _Reader, item: Mapping[str, Any], path: str) -> Win | None:
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


def _seats(r: _Reader, raw: Any) -> tuple[SeatFacts, SeatFacts, SeatFacts, SeatFacts]:
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


def _kong(r: _Reader, item: Mapping[str, Any], path: str) -> Kong | None:
    seat = r.seat(item.get("seat"), f"{path}.seat")
    kind = r.choice(item.get("kind"), KONG_KINDS, f"{path}.kind", default=None)
    tile = item.get("tile")
    if tile is not None and not _is_tile_face(tile):
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


def _penalty(r: _Reader, item: Mapping[str, Any], path: str) -> Penalty | None:
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


def _adjustment_deltas(r: _Reader, raw: Any, path: str) -> tuple[int, int, int, int] | None:
    if not isinstance(raw, list | tuple) or len(raw) != 4 or not all(_is_int(v) for v in raw):
        r.fail(E.INVALID_VALUE, path, "An adjustment needs four whole numbers, one per seat.")
        return None
    if any(abs(value) > MAX_ADJUSTMENT for value in raw):
        r.fail(E.INVALID_VALUE, path, f"An adjustment moves at most {MAX_ADJUSTMENT:,} points per seat.")
        return None
    if sum(raw) != 0:
        r.fail(E.ADJUSTMENT_NOT_ZERO_SUM, path, f"An adjustment must add up to 0; these add up to {sum(raw)}.")
        return None
    return (int(raw[0]), int(raw[1]), int(raw[2]), int(raw[3]))


def _liable_on_the_win(r: _Reader, wins: tuple[Win, ...], liable: int | None) -> tuple[Win, ...]:
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


def _check_winners_agree(r: _Reader, wins: tuple[Win, ...]) -> None:
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


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_tile_face(value: object) -> bool:
    if not isinstance(value, str) or len(value) != 2 or value[1] not in "mpsz" or not value[0].isdigit():
        return False
    number = int(value[0])
    return 1 <= number <= (7 if value[1] == "z" else 9)
