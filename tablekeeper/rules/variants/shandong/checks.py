"""What only Shandong refuses in a record (RULES.md §4.2-4.6): kongs beyond the fourth, Ming Lou wins
that are not self-drawn, a liable player for several winners, heavenly and earthly hands that
contradict the record or the dealer, and All Generals read as seven pairs.
"""

from __future__ import annotations

from ... import errors as E
from ...errors import Problem
from ...options import Options
from ...records import HandRecord
from ...state import TableState
from .catalogue import SEVEN_PAIRS_LADDER


def record_problems(record: HandRecord, options: Options) -> list[Problem]:
    problems: list[Problem] = []
    if len(record.kongs) > 4:
        problems.append(Problem(E.INVALID_VALUE, "kongs", "A fourth kong ends the hand, so there are at most four."))
    fourth_kong_won = any(w.method == "rob_kong" or w.has("kong_bloom") for w in record.wins)
    if len(record.kongs) == 4 and record.result == "win" and not fourth_kong_won:
        problems.append(
            Problem(
                E.CONTRADICTORY_FACTS,
                "kongs",
                "A fourth kong ends the hand as a draw unless its replacement tile wins (kong bloom) "
                "or the kong is robbed.",
            )
        )
    if record.liable is not None and len(record.wins) > 1:
        problems.append(
            Problem(E.CONTRADICTORY_FACTS, "liable", "A liable player (承包) can only be named for a single winner.")
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
            problems.append(
                Problem(
                    E.WIN_REQUIREMENT,
                    f"seats.{win.seat}.ready",
                    f"P{win.seat} must declare Ming Lou or An Lou before winning (house rule must_declare_ready).",
                )
            )
        for i, pattern in enumerate(win.patterns):
            if pattern in ("heavenly_hand", "earthly_hand") and ready != "none":
                problems.append(
                    Problem(
                        E.CONTRADICTORY_FACTS,
                        f"{path}.patterns.{i}",
                        "A heavenly or earthly hand wins before any ready declaration.",
                    )
                )
            if pattern in ("heavenly_hand", "earthly_hand") and record.kongs_of(win.seat):
                problems.append(
                    Problem(
                        E.CONTRADICTORY_FACTS,
                        f"{path}.patterns.{i}",
                        f"A heavenly or earthly hand wins before any kong, but P{win.seat} declared one.",
                    )
                )
        if win.has("all_generals") and not options["all_generals_free_form"]:
            for i, pattern in enumerate(win.patterns):
                if pattern in SEVEN_PAIRS_LADDER:
                    problems.append(
                        Problem(
                            E.PATTERNS_EXCLUSIVE,
                            f"{path}.patterns.{i}",
                            "All Generals must be four sets and a pair unless the house rule "
                            "all_generals_free_form is on, so it cannot be seven pairs.",
                        )
                    )
    return problems


def state_problems(record: HandRecord, state: TableState, options: Options) -> list[Problem]:
    """Heavenly and earthly hands name who deals: only the dealer wins the first, never the second."""
    problems: list[Problem] = []
    for index, win in enumerate(record.wins):
        for i, pattern in enumerate(win.patterns):
            if pattern == "heavenly_hand" and win.seat != state.dealer:
                problems.append(
                    Problem(
                        E.CONTRADICTORY_FACTS,
                        f"wins.{index}.patterns.{i}",
                        f"Only the dealer (P{state.dealer}) can win a heavenly hand (天和).",
                    )
                )
            if pattern == "earthly_hand" and win.seat == state.dealer:
                problems.append(
                    Problem(
                        E.CONTRADICTORY_FACTS,
                        f"wins.{index}.patterns.{i}",
                        "The dealer cannot win an earthly hand (地和); theirs would be a heavenly hand.",
                    )
                )
    return problems
