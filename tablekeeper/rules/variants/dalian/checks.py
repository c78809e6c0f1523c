"""What only Dalian refuses in a record (RULES.md §1.2-1.5): the win requirements the record's facts
can show without tiles, treasure patterns without a ready winner, repeats beyond the tiles there are,
and kongs that cannot be.
"""

from __future__ import annotations

from collections import Counter

from ... import errors as E
from ...errors import Problem
from ...ledger import seat_name
from ...options import Options
from ...records import HandRecord, Win
from ..common.faces import DRAGON_FACES, WIND_FACES
from .catalogue import TREASURE_PATTERNS
from .scoring import joyous_kong

_SET_FACES = {"dragon_set": sorted(DRAGON_FACES), "wind_set": sorted(WIND_FACES)}


def record_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems = _kong_problems(record, options)
    for index, win in enumerate(record.wins):
        problems.extend(_win_problems(record, win, f"wins.{index}", options))
    if record.treasure is not None and all(seat.ready != "ready" for seat in record.seats):
        problems.append(
            Problem(E.CONTRADICTORY_FACTS, "treasure", "A treasure is revealed only once someone declares ready.")
        )
    return problems


def _kong_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    used: Counter[str] = Counter()
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
        faces = _SET_FACES.get(kong.kind)
        if faces is not None and kong.tile is not None and kong.tile not in faces:
            problems.append(
                Problem(E.CONTRADICTORY_FACTS, f"{path}.tile", f"A {kong.kind.replace('_', ' ')} has no {kong.tile}.")
            )
        if kong.kind == "added" and kong.tile in DRAGON_FACES:
            problems.append(
                Problem(
                    E.CONTRADICTORY_FACTS,
                    f"{path}.kind",
                    "A dragon can never be punged from a discard, so no kong can be added onto a dragon pung.",
                )
            )
        opens = kong.kind in ("exposed", "added") and not joyous_kong(kong.kind, kong.tile, options)
        if opens and not record.seats[kong.seat].opened:
            problems.append(
                Problem(
                    E.CONTRADICTORY_FACTS,
                    f"seats.{kong.seat}.opened",
                    f"{seat_name(kong.seat)} claimed a kong, so their hand is opened.",
                )
            )
        for face in faces or ([kong.tile] * 4 if kong.tile else []):
            used[face] += 1
            if used[face] == 5:
                problems.append(Problem(E.CONTRADICTORY_FACTS, path, f"There are only four {face} tiles."))
    for seat in range(4):
        kongs = record.kongs_of(seat)
        count = len(kongs)
        opening = any(k.kind in ("exposed", "added") and not joyous_kong(k.kind, k.tile, options) for k in kongs)
        if seat in winners and not opening and count == limit:
            # R4 needs a claimed set besides these kongs, and it would be one set aside too many (R5).
            problems.append(
                Problem(
                    E.WIN_REQUIREMENT,
                    "kongs",
                    f"{seat_name(seat)} set aside {count} kongs that do not open the hand; with the claimed set "
                    f"a win needs (R4), that is more than {limit} sets set aside (R5).",
                )
            )
        if count > limit:
            code = E.WIN_REQUIREMENT if seat in winners else E.CONTRADICTORY_FACTS
            problems.append(
                Problem(
                    code,
                    "kongs",
                    f"{seat_name(seat)} set aside {count} kongs; at most {limit} sets may be set aside (R5).",
                )
            )
    return problems


def _win_problems(record: HandRecord, win: Win, path: str, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    facts = record.seats[win.seat]
    if not facts.opened:
        problems.append(
            Problem(
                E.WIN_REQUIREMENT,
                f"seats.{win.seat}.opened",
                "An unopened hand cannot win (R4): the winner needs a claimed chow, pung or exposed kong.",
            )
        )
    if win.method == "rob_kong" and win.from_seat is not None and not record.seats[win.from_seat].opened:
        problems.append(
            Problem(
                E.CONTRADICTORY_FACTS,
                f"seats.{win.from_seat}.opened",
                f"Only a kong added onto a claimed pung can be robbed, so {seat_name(win.from_seat)} is opened.",
            )
        )
    ready = facts.ready == "ready"
    if options["must_declare_ready"] and not ready:
        problems.append(
            Problem(E.WIN_REQUIREMENT, f"seats.{win.seat}.ready", "This table requires a declared ready to win.")
        )
    for index, pattern_id in enumerate(win.patterns):
        if pattern_id in TREASURE_PATTERNS and not ready:
            problems.append(
                Problem(
                    E.PATTERN_NOT_ALLOWED,
                    f"{path}.patterns.{index}",
                    "Treasure patterns need a winner who declared ready (only ready players know the treasure).",
                )
            )
    problems.extend(_repeat_problems(record, win, path, options))
    return problems


def _repeat_problems(record: HandRecord, win: Win, path: str, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    treasure_faces = 8 if options["treasure_mode"] == "both" else 4
    hidden_limit = 1 if options["hidden_treasure_per"] == "hand" else treasure_faces
    joyous = [kong for kong in record.kongs_of(win.seat) if joyous_kong(kong.kind, kong.tile, options)]
    dragons_in_joyous = len(joyous) * (3 if options["xi_gang_mode"] == "zfb_set" else 4)
    limits = {
        "hidden_treasure": (hidden_limit, "Hidden treasure counts once per hand (hidden_treasure_per)."),
        "four_in_hand": (3, "A hand of 14 tiles holds at most three tiles four times."),
        "dragon_bonus": (
            12 - dragons_in_joyous,
            f"Only {12 - dragons_in_joyous} dragon tiles are left to add onto the joyous kongs.",
        ),
    }
    for pattern_id, (limit, message) in limits.items():
        if win.count(pattern_id) > limit:
            where = [i for i, p in enumerate(win.patterns) if p == pattern_id][limit]
            problems.append(Problem(E.PATTERN_REPEATED, f"{path}.patterns.{where}", message))
    if win.has("dragon_bonus") and not joyous:
        where = win.patterns.index("dragon_bonus")
        problems.append(
            Problem(
                E.PATTERN_NOT_ALLOWED,
                f"{path}.patterns.{where}",
                "The dragon tile bonus needs a joyous kong (喜杠) declared by the winner.",
            )
        )
    return problems
