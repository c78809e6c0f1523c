"""What only Shenyang checks in a record (RULES.md §2.2, §2.3, §2.5), and who counts as open.

The generic checks (methods, pattern methods and exclusions, facts the variant lacks) run first in
`Variant.check_record`. These need Shenyang's own rules and what each win's tiles settled (a closed
winner is refused only when no tiles say otherwise), so they are the `findings_problems` hook.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem
from ...options import Options
from ...records import HandRecord, Win
from ...variant import DeclaredKong, Findings, TileFindings
from ..common.faces import DRAGON_FACES

_CLAIMED_KONGS = frozenset({"exposed", "added"})
_SPECIAL_SETS = frozenset({"dragon_set", "wind_set"})


def findings_problems(record: HandRecord, findings: Findings, options: Options) -> list[Problem]:
    """Everything in a Shenyang record that contradicts itself or §2.3, beyond the generic checks."""
    problems: list[Problem] = []
    for index, penalty in enumerate(record.penalties):
        if penalty.kind == "false_win" and record.result != "void":
            problems.append(
                Problem(
                    E.CONTRADICTORY_FACTS,
                    f"penalties.{index}.kind",
                    "A false win (诈胡) voids the hand: mark the hand's result as void.",
                )
            )
    for seat in range(4):
        claimed = [k for k in record.kongs_of(seat) if k.kind in _CLAIMED_KONGS]
        if claimed and not record.seats[seat].opened:
            problems.append(
                Problem(
                    E.CONTRADICTORY_FACTS,
                    f"seats.{seat}.opened",
                    f"P{seat} claimed a kong from a discard, so their hand is open.",
                )
            )
    for index, win in enumerate(record.wins):
        problems.extend(_win_problems(record, options, index, win, findings[index]))
    return problems


def _win_problems(record: HandRecord, options: Options, index: int, win: Win, found: TileFindings) -> list[Problem]:
    path = f"wins.{index}"
    problems: list[Problem] = []
    if not found.from_tiles and not seat_is_open(record, win.seat, options):
        problems.append(
            Problem(
                E.WIN_REQUIREMENT,
                f"seats.{win.seat}.opened",
                f"P{win.seat} cannot win with a closed hand: Shenyang needs a chow, pung or kong claimed "
                "from a discard.",
            )
        )
    kongs, patterns = found.kongs, found.patterns
    if len(kongs) > 4:
        problems.append(Problem(E.CONTRADICTORY_FACTS, "kongs", f"P{win.seat} cannot have more than four sets."))
    dragon_kongs = sum(1 for kind, tile in kongs if tile in DRAGON_FACES and kind not in _SPECIAL_SETS)
    if patterns.count("dragon_pung") + dragon_kongs > 3:
        problems.append(
            Problem(
                E.CONTRADICTORY_FACTS,
                f"{path}.patterns",
                "There are only three dragons: dragon pungs and dragon kongs add up to at most 3.",
            )
        )
    # Without tiles an unlisted kong is only unrecorded (the kongs list is optional, §0.2), and the
    # ledger says so; tiles that show no kong disprove the bloom.
    if found.from_tiles and "kong_bloom" in patterns and not draws_a_replacement(kongs):
        problems.append(
            Problem(
                E.PATTERN_CONTRADICTS_TILES,
                f"{path}.patterns.{_position(win.patterns, 'kong_bloom')}",
                f"Kong bloom (杠上开花) needs a kong, but the tiles of P{win.seat} show none.",
            )
        )
    return problems


def seat_is_open(record: HandRecord, seat: int, options: Options) -> bool:
    """Open for the win requirement and for the closed-payer double, under the house rules."""
    if record.seats[seat].opened:
        return True
    kinds = {kong.kind for kong in record.kongs_of(seat)}
    if options["angang_opens"] and "concealed" in kinds:
        return True
    return bool(options["special_sets_open"] and kinds & _SPECIAL_SETS)


def draws_a_replacement(kongs: tuple[DeclaredKong, ...]) -> bool:
    # Every kong and the first-turn wind set draw a replacement tile; the dragon set does not.
    return any(kind != "dragon_set" for kind, _ in kongs)


def _position(patterns: tuple[str, ...], pattern_id: str) -> int:
    return patterns.index(pattern_id) if pattern_id in patterns else 0
