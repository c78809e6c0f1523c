"""What only Harbin refuses in a record (RULES.md §3.1-3.4): tiles Harbin plays without, a closed
winner the record cannot excuse with tiles, and more sets set aside than a hand may hold.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, requirement, unmet
from ...options import Options
from ...records import HandRecord
from ...tiles import HARBIN_TILES, tile_index
from .catalogue import MAX_SET_ASIDE


def record_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    if record.treasure is not None and tile_index(record.treasure) not in HARBIN_TILES:
        problems.append(
            Problem(E.TILES_NOT_IN_SET, "treasure", f"Harbin is played without {record.treasure}: no treasure.")
        )
    for index, kong in enumerate(record.kongs):
        if kong.tile is not None and tile_index(kong.tile) not in HARBIN_TILES:
            problems.append(
                Problem(E.TILES_NOT_IN_SET, f"kongs.{index}.tile", f"Harbin is played without {kong.tile}.")
            )
    for win in record.wins:
        if not win.tiles and not record.seats[win.seat].opened:
            words = (
                f"P{win.seat} cannot win with a closed hand: Harbin needs a chow, pung or kong claimed from a discard."
            )
            problems.append(requirement(unmet("opened", words), f"seats.{win.seat}.opened"))
        if len(record.kongs_of(win.seat)) > MAX_SET_ASIDE:
            words = f"P{win.seat} may set aside at most three sets (four tiles must stay in hand)."
            problems.append(requirement(unmet("set_aside_limit", words, limit=str(MAX_SET_ASIDE)), "kongs"))
    return problems
