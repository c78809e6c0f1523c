"""What only Dalian refuses in a record (RULES.md §1.2-1.5): the win requirements the record's facts
can show without tiles, treasure patterns without a ready winner, repeats beyond the tiles there are,
and kongs that cannot be. The contradictions every variant shares are `common/consistency.py`'s.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, contradiction, requirement, unmet
from ...ledger import seat_name
from ...notation import parse_hand
from ...options import Options
from ...records import HandRecord, Kong, Win
from ...tiles import tile_face
from ..common.consistency import kong_faces
from ..common.faces import DRAGON_FACES
from ..common.fact_words import kong_words, kongs_words, win_words
from .catalogue import PATTERNS, TREASURE_PATTERNS
from .scoring import joyous_kong

_NAMES = {spec.id: f"{spec.name_en.lower()} ({spec.name_zh})" for spec in PATTERNS}


def record_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems = _kong_problems(record, options)
    if options["kong_payments"] == "club":
        problems.extend(_robbed_kong_listed(record))
    for index, win in enumerate(record.wins):
        problems.extend(_win_problems(record, win, f"wins.{index}", options))
    if record.treasure is not None and all(seat.ready != "ready" for seat in record.seats):
        problems.append(
            contradiction(
                "treasure_without_ready",
                "treasure",
                f"The hand records the treasure {record.treasure}, but nobody declared ready (报听): the treasure "
                "is revealed only once someone does.",
                "treasure",
                "seats",
            )
        )
    return problems


def _robbed_kong_listed(record: HandRecord) -> list[Problem]:
    """With kong payments (RULES §9.2.9) a listed kong is paid, and a robbed kong never completed: the robbed
    seat's added kong of the winning tile cannot be listed. Only tiles say which tile was robbed."""
    problems: list[Problem] = []
    for index, win in enumerate(record.wins):
        if win.method != "rob_kong" or win.tiles is None:
            continue
        face = tile_face(parse_hand(win.tiles).winning_tile)
        for k, kong in enumerate(record.kongs):
            if kong.seat == win.from_seat and kong.kind == "added" and kong.tile == face:
                problems.append(
                    contradiction(
                        "robbed_kong_listed",
                        f"kongs.{k}",
                        f"{win_words(win)} of {face}, but the hand's kongs list {kong_words(kong)}: a robbed kong "
                        "was never completed, so it is not listed and pays no kong payment (杠分).",
                        f"wins.{index}.method",
                        f"kongs.{k}",
                    )
                )
    return problems


def kong_opens_hand(kong: Kong, options: Options) -> bool:
    """A claimed kong opens the hand, except 喜杠 played as an exposed dragon kong, which the seed says does not."""
    return kong.kind in ("exposed", "added") and not joyous_kong(kong.kind, kong.tile, options)


def _kong_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    limit = 4 if options["allow_shou_ba_yi"] else 3
    winners = {win.seat for win in record.wins}
    for index, kong in enumerate(record.kongs):
        path = f"kongs.{index}"
        if kong.kind == "dragon_set" and options["xi_gang_mode"] == "dragon_kong":
            problems.append(
                Problem(
                    E.FACT_NOT_IN_VARIANT,
                    f"{path}.kind",
                    "This table plays 喜杠 as an exposed kong of one dragon (xi_gang_mode), not a 中发白 set.",
                )
            )
        if kong.kind == "added" and kong.tile in DRAGON_FACES:
            problems.append(
                contradiction(
                    "added_kong_on_dragon",
                    f"{path}.kind",
                    f"The hand's kongs list {kong_words(kong)}, but a discarded dragon can never be punged, so no "
                    "kong can be added onto a dragon pung.",
                    f"{path}.kind",
                    f"{path}.tile",
                )
            )
    for seat in range(4):
        kongs = record.kongs_of(seat)
        count = len(kongs)
        opening = any(kong_opens_hand(k, options) for k in kongs)
        if seat in winners and not opening and count == limit:
            # R4 needs a claimed set besides these kongs, and it would be one set aside too many (R5).
            words = (
                f"{seat_name(seat)} set aside {count} kongs that do not open the hand; with the claimed set "
                f"a win needs (R4), that is more than {limit} sets set aside (R5)."
            )
            problems.append(requirement(unmet("set_aside_limit", words, limit=str(limit)), "kongs"))
        # More than four kongs no hand holds at all: the shared layer refuses that (more_kongs_than_sets).
        if limit < count <= 4:
            words = f"{seat_name(seat)} set aside {count} kongs; at most {limit} sets may be set aside (R5)."
            if seat in winners:
                problems.append(requirement(unmet("set_aside_limit", words, limit=str(limit)), "kongs"))
            else:
                problems.append(contradiction("more_kongs_than_sets", "kongs", words))
    return problems


def _win_problems(record: HandRecord, win: Win, path: str, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    facts = record.seats[win.seat]
    # With tiles, the tiles say whether the hand was opened (and a closed mark they contradict is refused there).
    if not facts.opened and win.tiles is None:
        words = "An unopened hand cannot win (R4): the winner needs a claimed chow, pung or exposed kong."
        problems.append(requirement(unmet("opened", words), f"seats.{win.seat}.opened"))
    ready = facts.ready == "ready"
    if options["must_declare_ready"] and not ready:
        words = "This table requires a declared ready to win."
        problems.append(requirement(unmet("declared_ready", words), f"seats.{win.seat}.ready"))
    for index, pattern_id in enumerate(win.patterns):
        if pattern_id in TREASURE_PATTERNS and not ready:
            problems.append(
                Problem(
                    E.PATTERN_NOT_ALLOWED,
                    f"{path}.patterns.{index}",
                    f"P{win.seat}'s win is ticked {_NAMES[pattern_id]}, but P{win.seat} did not declare ready "
                    "(报听): only a ready player sees the treasure.",
                    # What is missing, named: the app says "要先报听" rather than "not scored".
                    requirement="declared_ready",
                    params=(("pattern", pattern_id),),
                )
            )
    problems.extend(_repeat_problems(record, win, path, options))
    problems.extend(_four_in_hand_shape_problems(record, win, path, options))
    problems.extend(_edge_wait_problems(win, path, ready, options))
    return problems


def _edge_wait_problems(win: Win, path: str, ready: bool, options: Options) -> list[Problem]:
    """Edge win (夹胡) under edge_wait_mode=single_wait_ready: only after a ready declaration. (Its exclusions,
    the chowless shapes in the other modes, are the catalogue's `excludes_when`.)"""
    if not win.has("edge_wait") or options["edge_wait_mode"] != "single_wait_ready" or ready:
        return []
    return [
        Problem(
            E.PATTERN_NOT_ALLOWED,
            f"{path}.patterns.{win.patterns.index('edge_wait')}",
            f"P{win.seat}'s win is ticked {_NAMES['edge_wait']}, but this table counts it only after a ready "
            f"declaration (edge_wait_mode), and P{win.seat} did not declare ready (报听).",
            requirement="declared_ready",
            params=(("pattern", "edge_wait"),),
        )
    ]


_TITLES = {spec.id: f"{spec.name_en} ({spec.name_zh})" for spec in PATTERNS}


def _exclusive(win: Win, path: str, one: int, other: int, why: str = "") -> Problem:
    """Two ticks that cannot both count, said at the later one and worded as the declared exclusions are."""
    later, earlier = max(one, other), min(one, other)
    words = f"{_TITLES[win.patterns[later]]} and {_TITLES[win.patterns[earlier]]} cannot both count."
    return Problem(E.PATTERNS_EXCLUSIVE, f"{path}.patterns.{later}", words + (f" {why}" if why else ""))


# Four in hand with a shape of no chow: four copies outside a kong then need a pung and a fifth copy, unless a
# special set (喜杠, 旋风杠) holds the fourth, one copy of an honour beside its pung (RULES §0.8). Declared in the
# catalogue (`excludes_unless_record`), so table_rules lists the pair and this check lifts it.
_NO_CHOW_SHAPES = next(spec.excludes_unless_record for spec in PATTERNS if spec.id == "four_in_hand")


def _four_in_hand_shape_problems(record: HandRecord, win: Win, path: str, options: Options) -> list[Problem]:
    """Four in hand with a float or 混幺九: only where the winner's 喜杠 or 旋风杠 holds the fourth honour.

    With tiles, the tiles decide (they prove each shape or refuse it); without them the record's kongs do.
    """
    if win.tiles is not None or not win.has("four_in_hand"):
        return []
    special_set = any(
        kong.kind == "wind_set" or (kong.kind == "dragon_set" and joyous_kong(kong.kind, kong.tile, options))
        for kong in record.kongs_of(win.seat)
    )
    if special_set:
        return []
    four = win.patterns.index("four_in_hand")
    why = (
        "With no chow the fourth copy needs a joyous kong (喜杠) or cyclone kong (旋风杠) of the winner's to hold "
        "it, and the hand's kongs list none."
    )
    return [
        _exclusive(win, path, index, four, why)
        for index, pattern_id in enumerate(win.patterns)
        if pattern_id in _NO_CHOW_SHAPES
    ]


def _repeat_problems(record: HandRecord, win: Win, path: str, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    treasure_faces = 8 if options["treasure_mode"] == "both" else 4
    hidden_limit = 1 if options["hidden_treasure_per"] == "hand" else treasure_faces
    joyous = [kong for kong in record.kongs_of(win.seat) if joyous_kong(kong.kind, kong.tile, options)]
    dragons_in_kongs = sum(1 for kong in record.kongs for face in kong_faces(kong) if face in DRAGON_FACES)
    limits = {
        "hidden_treasure": (hidden_limit, "Hidden treasure counts once per hand (hidden_treasure_per)."),
        "four_in_hand": (3, "A hand of 14 tiles holds at most three tiles four times."),
        "dragon_bonus": (
            12 - dragons_in_kongs,
            f"Only {12 - dragons_in_kongs} dragon tiles are left to add onto the joyous kongs: the hand's kongs "
            f"hold {dragons_in_kongs} of the twelve.",
        ),
    }
    for pattern_id, (limit, message) in limits.items():
        if win.count(pattern_id) > limit:
            where = [i for i, p in enumerate(win.patterns) if p == pattern_id][limit]
            problems.append(Problem(E.PATTERN_REPEATED, f"{path}.patterns.{where}", message))
    problems.extend(_four_in_hand_problems(record, win, path))
    if win.has("dragon_bonus") and not joyous:
        where = win.patterns.index("dragon_bonus")
        problems.append(
            Problem(
                E.PATTERN_NOT_ALLOWED,
                f"{path}.patterns.{where}",
                f"P{win.seat}'s win is ticked the dragon tile bonus, but the hand's kongs list no joyous kong "
                f"(喜杠) of P{win.seat}'s to add the dragons onto.",
            )
        )
    return problems


def _four_in_hand_problems(record: HandRecord, win: Win, path: str) -> list[Problem]:
    """Four in hand needs four copies outside the kongs: a hand with n kongs has 14 - 3n such tiles."""
    kongs = [kong for kong in record.kongs_of(win.seat) if kong.kind in ("exposed", "added", "concealed")]
    room = (14 - 3 * len(kongs)) // 4
    count = win.count("four_in_hand")
    if not room < count <= 3:
        return []
    where = [i for i, p in enumerate(win.patterns) if p == "four_in_hand"][room]
    field = f"{path}.patterns.{where}"
    return [
        contradiction(
            "four_in_hand_beyond_kongs",
            field,
            f"P{win.seat}'s win counts four in hand (四归一) {count} times, but with {len(kongs)} kong(s) set aside "
            f"({kongs_words(kongs)}) the hand keeps {14 - 3 * len(kongs)} other tiles: room for {room} four of a "
            "kind at most.",
            field,
            "kongs",
        )
    ]
