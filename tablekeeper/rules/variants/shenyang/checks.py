"""What only Shenyang checks in a record (RULES.md §2.2, §2.3, §2.5), and who counts as open.

The generic checks (methods, pattern methods and exclusions, facts the variant lacks) run first in
`Variant.check_record`. These need Shenyang's own rules and what each win's tiles settled (a closed
winner is refused only when no tiles say otherwise), so they are the `findings_problems` hook.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, contradiction, requirement, unmet
from ...options import Options
from ...records import HandRecord, Win
from ...variant import DeclaredKong, Findings, TileFindings
from ..common.faces import DRAGON_FACES

_SPECIAL_SETS = frozenset({"dragon_set", "wind_set"})


def findings_problems(record: HandRecord, findings: Findings, options: Options) -> list[Problem]:
    """Everything in a Shenyang record that contradicts itself or §2.3, beyond the generic checks."""
    problems: list[Problem] = []
    for index, penalty in enumerate(record.penalties):
        if penalty.kind == "false_win" and record.result != "void":
            field = f"penalties.{index}.kind"
            problems.append(
                contradiction(
                    "false_win_not_void",
                    field,
                    f"P{penalty.seat} is charged a false win (诈胡), which voids the hand, but the hand is marked "
                    f"{record.result}: mark it void.",
                    field,
                    "result",
                )
            )
    for index, win in enumerate(record.wins):
        problems.extend(_win_problems(record, options, index, win, findings[index]))
    return problems


def _win_problems(record: HandRecord, options: Options, index: int, win: Win, found: TileFindings) -> list[Problem]:
    path = f"wins.{index}"
    problems: list[Problem] = []
    # Seven pairs and pure one suit (§9.3.3, §9.3.8) win closed.
    closed_wins = not {"seven_pairs", "pure_one_suit"}.isdisjoint(found.patterns)
    if not found.from_tiles and not closed_wins and not seat_is_open(record, win.seat, options):
        words = (
            f"P{win.seat} cannot win with a closed hand: Shenyang needs a chow, pung or kong claimed from a discard."
        )
        problems.append(requirement(unmet("opened", words), f"seats.{win.seat}.opened"))
    kongs, patterns = found.kongs, found.patterns
    # Each dragon face kong'd by anyone leaves no three of it for a pung: pungs and kongs share three faces.
    kong_faces = {kong.tile for kong in record.kongs if kong.tile in DRAGON_FACES and kong.kind not in _SPECIAL_SETS}
    kong_faces |= {tile for kind, tile in kongs if tile in DRAGON_FACES and kind not in _SPECIAL_SETS}
    pungs = patterns.count("dragon_pung")
    if pungs + len(kong_faces) > 3:
        field = f"{path}.patterns"
        problems.append(
            contradiction(
                "more_dragon_triplets_than_dragons",
                field,
                f"P{win.seat}'s win counts {pungs} dragon pung(s), but the hand's kongs hold "
                f"{len(kong_faces)} dragon kong(s) ({', '.join(sorted(kong_faces))}): there are only three dragons, "
                "and a dragon kong leaves no three of its face for a pung.",
                field,
                "kongs",
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
    if not found.from_tiles:
        problems.extend(_four_in_hand_problems(record, index, win))
    return problems


def _four_in_hand_problems(record: HandRecord, index: int, win: Win) -> list[Problem]:
    """Four in hand ticked without tiles (§9.3.4): room for it beside the kongs, and a chow or a first-turn set
    to hold the fourth copy beside a pung."""
    count = win.patterns.count("four_in_hand")
    if not count:
        return []
    places = [i for i, p in enumerate(win.patterns) if p == "four_in_hand"]
    kongs = [kong for kong in record.kongs_of(win.seat) if kong.kind in ("exposed", "added", "concealed")]
    room = (14 - 3 * len(kongs)) // 4
    if count > 3:
        return [Problem(E.PATTERN_REPEATED, f"wins.{index}.patterns.{places[3]}", _TOO_MANY_FOURS)]
    problems: list[Problem] = []
    if count > room:
        field = f"wins.{index}.patterns.{places[room]}"
        problems.append(
            contradiction(
                "four_in_hand_beyond_kongs",
                field,
                f"P{win.seat}'s win counts four in hand (四归一) {count} times, but with {len(kongs)} kong(s) set "
                f"aside the hand keeps {14 - 3 * len(kongs)} other tiles: room for {room} four of a kind at most.",
                field,
                "kongs",
            )
        )
    special_set = any(kong.kind in _SPECIAL_SETS for kong in record.kongs_of(win.seat))
    if "all_pungs" in win.patterns and not special_set:
        field = f"wins.{index}.patterns.{places[0]}"
        problems.append(
            contradiction(
                "four_in_hand_without_chow",
                field,
                f"P{win.seat}'s win counts four in hand (四归一) on an all-pungs hand, but with no chow the fourth "
                "copy needs a first-turn set (中发白 or 东南西北) of the winner's, and the hand's kongs list none.",
                field,
                f"wins.{index}.patterns.{win.patterns.index('all_pungs')}",
            )
        )
    return problems


_TOO_MANY_FOURS = "A hand of 14 tiles holds at most three tiles four times."


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
