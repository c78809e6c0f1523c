"""What a variant's declaration rules out in a record, before the shared contradictions and the variant's own
checks: a method, pattern, fact or count it does not have, or not at this table."""

from __future__ import annotations

from typing import Any

from . import errors as E
from .declaration import Declaration
from .errors import Problem
from .options import Options
from .records import CountBound, HandRecord, count_problems

# How a refusal names a win's method to a player.
METHOD_WORDS = {"self_draw": "self-draw", "discard": "a discard", "rob_kong": "robbing a kong"}


def declared_problems(variant: Declaration, record: HandRecord, options: Options) -> list[Problem]:
    """Every problem of the record that the declaration rules out, in the order the checks find them."""
    problems: list[Problem] = []

    def fail(code: str, field: str | None, message: str) -> None:
        problems.append(Problem(code, field, message))

    if len(record.wins) > 1 and not variant.multiple_winners_allowed(options):
        fail(E.MULTIPLE_WINNERS_NOT_ALLOWED, "wins", f"Only one player may win a hand in {variant.name_en}.")
    for index, win in enumerate(record.wins):
        path = f"wins.{index}"
        if win.method not in variant.allowed_methods(options):
            fail(E.METHOD_NOT_ALLOWED, f"{path}.method", _method_words(variant, win.method))
        if win.flowers and not variant.uses_flowers:
            fail(E.FACT_NOT_IN_VARIANT, f"{path}.flowers", f"{variant.name_en} is played without flowers.")
        _check_patterns(variant, win.patterns, win.method, options, path, fail)
    for index, seat in enumerate(record.seats):
        if seat.ready not in variant.ready_values:
            fail(
                E.FACT_NOT_IN_VARIANT,
                f"seats.{index}.ready",
                f"'{seat.ready}' is not a ready declaration in {variant.name_en}.",
            )
        if seat.side_bet and not variant.uses_side_bets:
            fail(E.FACT_NOT_IN_VARIANT, f"seats.{index}.side_bet", f"{variant.name_en} has no side bets.")
        elif seat.side_bet and variant.side_bets_need_option and not variant.max_side_bet(options):
            fail(
                E.FACT_NOT_IN_VARIANT,
                f"seats.{index}.side_bet",
                f"This {variant.name_en} table plays without side bets "
                f"(house rule {variant.max_side_bet_option} is 0).",
            )
        elif variant.max_side_bet_option and seat.side_bet > options[variant.max_side_bet_option]:
            fail(
                E.INVALID_VALUE,
                f"seats.{index}.side_bet",
                f"A side bet is at most {options[variant.max_side_bet_option]} markers.",
            )
    undeclared = (
        (
            "kongs",
            [k.kind for k in record.kongs],
            variant.kong_kinds,
            E.FACT_NOT_IN_VARIANT,
            "A {} does not exist in {}.",
        ),
        (
            "penalties",
            [p.kind for p in record.penalties],
            variant.penalty_kinds,
            E.PENALTY_NOT_ALLOWED,
            "{1} has no '{0}' penalty.",
        ),
    )
    for field, kinds, declared, code, words in undeclared:
        for index, kind in enumerate(kinds):
            if kind not in declared:
                fail(code, f"{field}.{index}.kind", words.format(kind.replace("_", " "), variant.name_en))
    if record.dice_double and not variant.uses_dice_double:
        fail(E.FACT_NOT_IN_VARIANT, "dice_double", f"{variant.name_en} has no dice double.")
    if not variant.uses_liable:
        no_liable = f"{variant.name_en} has no full-responsibility (承包) rule."
        if record.liable is not None:
            fail(E.FACT_NOT_IN_VARIANT, "liable", no_liable)
        else:
            for index, win in enumerate(record.wins):
                if win.liable is not None:
                    fail(E.FACT_NOT_IN_VARIANT, f"wins.{index}.liable", no_liable)
    if record.treasure is not None and not variant.uses_treasure:
        fail(E.FACT_NOT_IN_VARIANT, "treasure", f"{variant.name_en} has no treasure tile.")
    bounds = {
        spec.id: CountBound(int(options[spec.max_option]), spec.max_option, spec.name_en.lower())
        for spec in variant.counts
    }
    problems.extend(count_problems(record, bounds, variant.name_en))
    return problems


def _method_words(variant: Declaration, method: str) -> str:
    allowed = " or ".join(METHOD_WORDS[m] for m in sorted(variant.methods))
    return f"{variant.name_en} does not allow winning by {METHOD_WORDS[method]}; only by {allowed}."


def _check_patterns(
    variant: Declaration, patterns: tuple[str, ...], method: str, options: Options, path: str, fail: Any
) -> None:
    # In the order ticked, so that the same record lists its problems in the same order in every process
    # (a set of strings iterates in an order that changes with the interpreter's hash seed).
    seen: dict[str, None] = {}
    for i, pattern_id in enumerate(patterns):
        spec = variant.pattern(pattern_id)
        where = f"{path}.patterns.{i}"
        if spec is None:
            fail(E.UNKNOWN_PATTERN, where, f"{variant.name_en} has no pattern '{pattern_id}'.")
            continue
        unplayed = spec.unplayed_why(options)
        if unplayed is not None:
            fail(E.PATTERN_NOT_ALLOWED, where, f"{spec.name_en} ({spec.name_zh}) {unplayed}")
        if pattern_id in seen and not spec.repeatable:
            fail(E.PATTERN_REPEATED, where, f"{spec.name_en} ({spec.name_zh}) counts once per hand.")
        if method not in spec.methods:
            fail(
                E.PATTERN_METHOD_CONFLICT,
                where,
                f"{spec.name_en} ({spec.name_zh}) cannot score on a win by {METHOD_WORDS[method]}.",
            )
        elif (refused := spec.method_refused_why(method, options)) is not None:
            fail(E.PATTERN_METHOD_CONFLICT, where, f"{spec.name_en} ({spec.name_zh}) {refused}")
        for other in seen:
            other_spec = variant.pattern(other)
            assert other_spec is not None
            if other != pattern_id and (
                other in spec.refused_with(options) or pattern_id in other_spec.refused_with(options)
            ):
                fail(
                    E.PATTERNS_EXCLUSIVE,
                    where,
                    f"{spec.name_en} ({spec.name_zh}) and {other_spec.name_en} ({other_spec.name_zh}) "
                    "cannot both count.",
                )
        seen[pattern_id] = None
