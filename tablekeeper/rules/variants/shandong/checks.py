"""What only Shandong refuses in a record (RULES.md §4.2-4.6): kongs beyond the fourth, Ming Lou wins
that are not self-drawn, a liable player (承包) the hand cannot have, heavenly and earthly hands that
contradict the record or the dealer, and All Generals read as seven pairs. The contradictions every
variant shares are `common/consistency.py`'s.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem, contradiction, requirement, unmet
from ...notation import parse_hand
from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...variant import Findings
from ..common.fact_words import closed_words, kong_words
from .catalogue import PATTERN_WORDS, SEVEN_PAIRS_LADDER


def record_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    if len(record.kongs) > 4:
        problems.append(Problem(E.INVALID_VALUE, "kongs", "A fourth kong ends the hand, so there are at most four."))
    fourth_kong_won = any(w.method == "rob_kong" or w.has("kong_bloom") for w in record.wins)
    if len(record.kongs) == 4 and record.result == "win" and not fourth_kong_won:
        problems.append(
            contradiction(
                "fourth_kong_not_won",
                "kongs",
                "The hand's kongs list four kongs, but a fourth kong ends the hand as a draw unless its replacement "
                "tile wins (kong bloom) or the kong is robbed, and this win is neither.",
                "kongs",
                "wins",
            )
        )
    if record.liable is not None and len(record.wins) > 1:
        winners = " and ".join(f"P{win.seat}" for win in record.wins)
        problems.append(
            contradiction(
                "liable_for_several_winners",
                "liable",
                f"P{record.liable} is named liable (承包) for the whole hand, but {winners} won: name the liable "
                "player on the win it covers.",
                "liable",
                "wins",
            )
        )
    for index, win in enumerate(record.wins):
        ready = record.seats[win.seat].ready
        path = f"wins.{index}"
        if ready == "ming" and win.method != "self_draw":
            problems.append(
                Problem(
                    E.METHOD_NOT_ALLOWED,
                    f"{path}.method",
                    f"P{win.seat} declared Ming Lou (明楼) and may only win by self-draw.",
                )
            )
        first_turn = win.has("heavenly_hand") or win.has("earthly_hand")
        if options["must_declare_ready"] and ready == "none" and not first_turn:
            words = f"P{win.seat} must declare Ming Lou or An Lou before winning (house rule must_declare_ready)."
            problems.append(requirement(unmet("declared_ready", words), f"seats.{win.seat}.ready"))
        for i, pattern in enumerate(win.patterns):
            if pattern in FIRST_TURN_HANDS:
                problems.extend(_first_turn_problems(record, index, win, i))
        problems.extend(_flower_problems(index, win))
        problems.extend(_honour_pung_problems(record, index, win))
    return problems


def _flower_problems(index: int, win: Win) -> list[Problem]:
    """花呲 needs a flower to replace, 花胡 all eight (RULES §9.5.4, §9.5.7)."""
    problems: list[Problem] = []
    for i, pattern in enumerate(win.patterns):
        field = f"wins.{index}.patterns.{i}"
        if pattern == "flower_bloom" and win.flowers < 1:
            problems.append(
                contradiction(
                    "flower_bloom_without_flower",
                    field,
                    f"P{win.seat}'s win is ticked a flower bloom (花呲), a win on a flower's replacement tile, but "
                    f"P{win.seat} has no flowers.",
                    field,
                    f"wins.{index}.flowers",
                )
            )
        if pattern == "all_flowers" and win.flowers != 8:
            problems.append(
                contradiction(
                    "all_flowers_without_eight",
                    field,
                    f"P{win.seat}'s win is ticked all flowers (花胡), which needs all eight flowers, but P{win.seat} "
                    f"has {win.flowers}.",
                    field,
                    f"wins.{index}.flowers",
                )
            )
    return problems


def _honour_pung_problems(record: HandRecord, index: int, win: Win) -> list[Problem]:
    """Honour pungs and the winner's kongs are sets of one hand: four at most (RULES §9.5.1)."""
    pungs = win.patterns.count("honour_pung")
    kongs = len(record.kongs_of(win.seat))
    if pungs and pungs + kongs > 4:
        where = f"wins.{index}.patterns.{len(win.patterns) - 1 - win.patterns[::-1].index('honour_pung')}"
        return [
            Problem(
                E.INVALID_VALUE,
                where,
                f"P{win.seat}'s hand holds four sets at most, but {pungs} honour pung(s) and {kongs} kong(s) are "
                "counted.",
            )
        ]
    return []


FIRST_TURN_HANDS = ("heavenly_hand", "earthly_hand")
_FIRST_TURN_NAMES = {"heavenly_hand": "a heavenly hand (天和)", "earthly_hand": "an earthly hand (地和)"}


def _first_turn_problems(record: HandRecord, index: int, win: Win, i: int) -> list[Problem]:
    """A heavenly hand wins before anyone else acts; an earthly one before any call or ready declaration."""
    field = f"wins.{index}.patterns.{i}"
    pattern = win.patterns[i]
    name = _FIRST_TURN_NAMES[pattern]
    problems: list[Problem] = []
    readies = [seat for seat, facts in enumerate(record.seats) if facts.ready != "none"]
    # Before an earthly hand the seats ahead of the winner may already have declared on their first discard.
    if pattern == "earthly_hand":
        readies = [seat for seat in readies if seat == win.seat]
    for seat in readies:
        declared = "Ming Lou (明楼)" if record.seats[seat].ready == "ming" else "An Lou (暗楼)"
        problems.append(
            contradiction(
                "first_turn_hand_after_ready",
                field,
                f"P{win.seat}'s win is ticked {name}, which comes before any ready declaration, but P{seat} "
                f"declared {declared}.",
                field,
                f"seats.{seat}.ready",
            )
        )
    for k, kong in enumerate(record.kongs):
        # The winner's own kongs are the shared layer's (kong_on_kongless_hand).
        before = kong.kind in ("exposed", "added") or pattern == "heavenly_hand"
        if kong.seat != win.seat and before:
            problems.append(
                contradiction(
                    "first_turn_hand_after_kong",
                    field,
                    f"P{win.seat}'s win is ticked {name}, which comes before "
                    f"{'anyone else plays' if pattern == 'heavenly_hand' else 'any call'}, but the hand's kongs "
                    f"list {kong_words(kong)}.",
                    field,
                    f"kongs.{k}",
                )
            )
    return problems


def findings_problems(record: HandRecord, findings: Findings, options: Options) -> list[Problem]:
    """承包 (RULES §4.6) needs three melds fed by the liable player, or a kong bloom on a kong they fed.

    Each win answers for its own liable player (RULES §0.2), so with several winners on one discard
    each one that names a liable player is checked on its own facts.
    """
    problems: list[Problem] = []
    for index, (win, found) in enumerate(zip(record.wins, findings, strict=True)):
        if win.liable is not None:
            problems.extend(_liable_problems(record, index, win, found.patterns))
    return problems


def _liable_problems(record: HandRecord, index: int, win: Win, patterns: tuple[str, ...]) -> list[Problem]:
    field = record.liable_field(index)
    liable = f"P{win.liable} is named liable (承包) for P{win.seat}'s win"
    if not record.seats[win.seat].opened:
        return [
            contradiction(
                "liable_winner_closed",
                field,
                f"{liable}, but {closed_words(win.seat)}: nobody fed P{win.seat} a meld.",
                field,
                f"seats.{win.seat}.opened",
            )
        ]
    meldless = next((p for p in patterns if p in (*SEVEN_PAIRS_LADDER, *FIRST_TURN_HANDS, "thirteen_unrelated")), None)
    if meldless is not None:
        where = (
            f"wins.{index}.patterns.{win.patterns.index(meldless)}"
            if meldless in win.patterns
            else f"wins.{index}.tiles"
        )
        return [
            contradiction(
                "liable_without_fed_melds",
                field,
                f"{liable}, but the hand is {PATTERN_WORDS[meldless]}, which holds no meld anyone fed.",
                field,
                where,
            )
        ]
    if win.tiles is None:
        return []
    melds = parse_hand(win.tiles).melds
    claimed = [meld for meld in melds if meld.claimed]
    fed_kong_bloom = win.has("kong_bloom") and any(meld.kind == "kong" for meld in claimed)
    if len(claimed) >= 3 or fed_kong_bloom:
        return []
    return [
        contradiction(
            "liable_without_fed_melds",
            field,
            f"{liable}, but P{win.seat}'s tiles show {len(claimed)} claimed meld(s) and no kong bloom on a claimed "
            "kong: 承包 needs three melds fed by one player, or a kong bloom on a kong they fed.",
            field,
            f"wins.{index}.tiles",
        )
    ]


def state_problems(record: HandRecord, state: TableState, options: Options) -> list[Problem]:
    """Heavenly and earthly hands name who deals: only the dealer wins the first, never the second."""
    problems: list[Problem] = []
    for index, win in enumerate(record.wins):
        for i, pattern in enumerate(win.patterns):
            field = f"wins.{index}.patterns.{i}"
            if pattern == "heavenly_hand" and win.seat != state.dealer:
                problems.append(
                    contradiction(
                        "heavenly_hand_not_dealer",
                        field,
                        f"Only the dealer (P{state.dealer}) can win a heavenly hand (天和), but P{win.seat}'s win, "
                        "not the dealer's, is ticked one.",
                        field,
                        f"wins.{index}.seat",
                    )
                )
            if pattern == "earthly_hand" and win.seat == state.dealer:
                problems.append(
                    contradiction(
                        "earthly_hand_by_dealer",
                        field,
                        f"P{win.seat}'s win is ticked an earthly hand (地和), but P{win.seat} deals this hand: the "
                        "dealer's first-turn win is a heavenly hand.",
                        field,
                        f"wins.{index}.seat",
                    )
                )
    return problems
