"""`settle` and `replay`: the engine's public entry points (RULES.md §0.6).

Bad input never raises: it comes back as `ok: False` with problems, zero deltas and
the state unchanged. An exception from here is an engine bug.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, cast

from . import errors as E
from .answers import (
    HouseRules,
    OptionsCheck,
    ProblemEntry,
    Record,
    ReplayResult,
    SettleFacts,
    SettleResult,
    State,
    TableRules,
    VariantInfo,
)
from .errors import Problem, Rejected
from .folder_data import load_presets
from .frozen import frozen
from .hooks import Outcome
from .ledger import Ledger
from .options import resolve_options
from .records import HandRecord, parse_record
from .state import TableState, parse_state
from .tiles import tile_index
from .variant import Variant
from .variants import REGISTRY, VARIANT_IDS, on_change, variant_ids


def get_variant(variant_id: str) -> VariantInfo:
    """Describe a variant for the app: names, defaults, options and pattern catalogue.

    The description is built once per variant and shared, read-only (`frozen.py`: a list and a dict to
    every reader; `copy.deepcopy` it to change it).

    >>> get_variant("harbin")["name"]
    {'en': 'Harbin', 'zh': '哈尔滨麻将'}
    """
    return _description(variant_id)


@cache
def _description(variant_id: str) -> VariantInfo:
    variant = REGISTRY.get(variant_id)
    if variant is None:
        raise KeyError(f"unknown variant {variant_id!r}; expected one of {', '.join(variant_ids())}")
    # Presets are checked against the options, hence read here rather than in `Variant.describe`.
    described: VariantInfo = {**variant.describe(), "presets": load_presets(variant, check_options)}
    return cast(VariantInfo, frozen(described))


on_change(_description.cache_clear)


def table_rules(variant_id: str, options: Mapping[str, object] | None) -> TableRules:
    """The rules one table plays by: its house rules resolved, and what they allow.

    `{"ok", "errors", "options", "methods", "several_winners", "max_side_bet", "patterns", "pattern_methods",
    "excluded_pairs", "counts", "wild_succession"}`:
    every option with
    its value (the table's choice, an older name read as the option it became, else the default), the win
    methods the table allows (the variant's and any a house rule lets in), whether several players may
    win one hand, the ids of the patterns this table plays, in the catalogue's order (a pattern left
    out is refused when ticked, so a form offers exactly these), and each pattern's methods at this table
    (`pattern_methods`), and each count the keeper enters with its maximum here (`counts`: id -> the value
    of the house rule that bounds it), and the order a per-hand wild follows (`wild_succession`: its cycles of
    faces, or None). Options `settle` would refuse give `ok: False` with its errors and the defaults.

    >>> table_rules("zhengzhou", {"allow_discard_win": True})["methods"]
    ['self_draw', 'discard']
    >>> table_rules("shenyang", {"angang_double": True})["options"]["gang_vs_angang"]
    'angang_double'
    >>> "luxury_seven_pairs" in table_rules("zhengzhou", {"luxury_seven_pairs": "off"})["patterns"]
    False
    """
    variant = REGISTRY.get(variant_id)
    if variant is None:
        raise KeyError(f"unknown variant {variant_id!r}; expected one of {', '.join(variant_ids())}")
    errors: list[ProblemEntry] = []
    try:
        resolved = resolve_options(variant.options, options, variant.option_aliases)
    except Rejected as rejected:
        errors = [p.as_dict() for p in rejected.problems]
        resolved = resolve_options(variant.options, None)
    return {
        "ok": not errors,
        "errors": errors,
        "options": _as_json(resolved),
        # The variant's own methods first, then those a house rule lets in (the form's chips in that order).
        "methods": [*sorted(variant.methods), *sorted(variant.allowed_methods(resolved) - variant.methods)],
        "several_winners": variant.multiple_winners_allowed(resolved),
        # The largest side bet a seat may put down at this table: 0 plays without side bets.
        "max_side_bet": variant.max_side_bet(resolved),
        "patterns": list(variant.played_patterns(resolved)),
        # Each pattern's methods at this table: a house rule may take one away (Zhengzhou's seven pairs on a
        # robbed kong); a tick on another method is refused, so a form disables the chip there.
        "pattern_methods": {spec.id: sorted(spec.methods_under(resolved)) for spec in variant.patterns},
        # The pairs of played patterns that cannot count together in a plain hand (the catalogue's exclusions
        # under this table's house rules): a tick of both is refused as `patterns_exclusive`.
        "excluded_pairs": variant.excluded_pairs(resolved),
        # Each count the keeper enters (the record's `counts`) and its largest value at this table.
        "counts": variant.count_maxima(resolved),
        # The order a per-hand wild follows at this table (the wild is the face after the tile turned up).
        "wild_succession": None
        if variant.wilds is None or variant.wilds.succession is None
        else variant.wilds.succession.describe(resolved),
    }


def wild_after(variant_id: str, turned_up: str, options: Mapping[str, object] | None) -> str | None:
    """The wild's face when `turned_up` is the tile turned up at this table: the face after it in the order the
    variant's wild follows (`Wilds.succession`, a house rule may pick it); None where its wild follows no
    turned-up tile, for a tile that is none of its order, or for options `settle` would refuse.

    >>> wild_after("zhengzhou", "4z", None)  # the rule book's one honour cycle: 北 → 中
    '7z'
    >>> wild_after("zhengzhou", "4z", {"honor_cycle": "winds4_dragons3"})
    '1z'
    >>> wild_after("shandong", "4z", None) is None
    True
    """
    variant = REGISTRY.get(variant_id)
    if variant is None:
        return None
    try:
        resolved = resolve_options(variant.options, options, variant.option_aliases)
        tile_index(turned_up)
    except (Rejected, ValueError):
        return None
    return variant.wild_after(turned_up, resolved)


def check_options(variant_id: str, options: Mapping[str, object] | None) -> OptionsCheck:
    """Check a house-rule set on its own: {"ok", "errors"}, the errors as `settle` reports them.

    >>> check_options("shenyang", {"multi_ron": True})
    {'ok': True, 'errors': []}
    >>> check_options("harbin", {"cap": 5})["errors"][0]["code"]
    'unknown_option'
    """
    try:
        variant = _variant(variant_id)
        resolve_options(variant.options, options, variant.option_aliases)
    except Rejected as rejected:
        return {"ok": False, "errors": [p.as_dict() for p in rejected.problems]}
    return {"ok": True, "errors": []}


def settle(
    variant_id: str,
    hand: Record | Mapping[str, object],
    state: Mapping[str, object] | None = None,
    options: Mapping[str, object] | None = None,
) -> SettleResult:
    """Score one hand record from `state`; return deltas, pot change, reasons and the next state."""
    raw_state = dict(state) if isinstance(state, Mapping) else state
    try:
        variant = _variant(variant_id)
        resolved = resolve_options(variant.options, options, variant.option_aliases)
        current = parse_state(raw_state)
        record = parse_record(hand)
        outcome = variant.settle_record(record, current, resolved)
        _apply_adjustments(outcome.ledger, record)
    except Rejected as rejected:
        return _not_ok(rejected.problems, raw_state)
    ledger = outcome.ledger
    if sum(ledger.deltas) + ledger.pot_delta != 0:
        raise AssertionError(f"{variant_id} scored a hand that is not zero-sum: {ledger.deltas} {ledger.pot_delta}")
    ledger.summarize()
    next_state = replace(outcome.state, hand=current.hand + 1, previous=record.result)
    return {
        "ok": True,
        "errors": [],
        "deltas": list(ledger.deltas),
        "pot_delta": ledger.pot_delta,
        "lines": [line.as_dict() for line in ledger.lines],
        "state": next_state.as_dict(),
        "facts": _facts(record, ledger),
    }


# The methods by which a winner took a tile that another seat let go (the deal-in of statistics).
DEAL_IN_METHODS = frozenset({"discard", "rob_kong"})


def _facts(record: HandRecord, ledger: Ledger) -> SettleFacts:
    """What the engine settled about the hand, as the app stores it: how it ended, who won how and from
    whom (each winner's gain), the first winner's method and the seat that dealt in, the kongs, and
    whether anything was paid. The app reads these instead of re-reading the raw record."""
    first = record.wins[0] if record.wins else None
    return {
        "result": record.result,
        "winners": [
            {"seat": win.seat, "method": win.method, "from": win.from_seat, "gain": ledger.deltas[win.seat]}
            for win in record.wins
        ],
        "method": first.method if first else None,
        "discarder": first.from_seat if first and first.method in DEAL_IN_METHODS else None,
        "kongs": [
            {"seat": kong.seat, "kind": kong.kind, "tile": kong.tile, "from": kong.from_seat} for kong in record.kongs
        ],
        "paid": any(line.amount for line in ledger.lines if line.code != "total"),
    }


def replay(
    variant_id: str,
    hands: Sequence[Record | Mapping[str, object]],
    options: Mapping[str, object] | None = None,
    state: Mapping[str, object] | None = None,
) -> ReplayResult:
    """Thread `settle` through `hands` in order; stop at the first record that is not ok."""
    results: list[SettleResult] = []
    totals = [0, 0, 0, 0]
    current: Mapping[str, object] | None = dict(state) if isinstance(state, Mapping) else state
    first_error: int | None = None
    for index, hand in enumerate(hands):
        result = settle(variant_id, hand, current, options)
        results.append(result)
        if not result["ok"]:
            first_error = index
            break
        totals = [t + d for t, d in zip(totals, result["deltas"], strict=True)]
        current = result["state"]
    try:
        final = parse_state(current).as_dict()
    except Rejected:
        # A starting state the engine refused comes back as given (every hand was refused for it).
        final = cast(State, dict(current or {}))
    return {
        "ok": first_error is None,
        "results": results,
        "totals": totals,
        "pot": final.get("pot", 0),
        "state": final,
        "first_error": first_error,
    }


def _as_json(options: Mapping[str, Any]) -> HouseRules:
    """Resolved options as JSON holds them: a subset's tuple as a list."""
    return {key: list(value) if isinstance(value, tuple) else value for key, value in options.items()}


def _variant(variant_id: str) -> Variant:
    variant = REGISTRY.get(variant_id) if isinstance(variant_id, str) else None
    if variant is None:
        raise Rejected(
            Problem(
                E.UNKNOWN_VARIANT,
                "variant",
                f"Unknown variant '{variant_id}'; one of {', '.join(variant_ids())}.",
            )
        )
    return variant


def _apply_adjustments(ledger: Ledger, record: HandRecord) -> None:
    for penalty in record.penalties:
        if penalty.kind == "adjustment" and penalty.deltas is not None:
            ledger.adjust(penalty.deltas, penalty.note)


def _not_ok(problems: list[Problem], state: Mapping[str, object] | None) -> SettleResult:
    try:
        unchanged = parse_state(state).as_dict()
    except Rejected:
        # A state the engine refused comes back as given: "unchanged" (RULES §0.6), not repaired.
        unchanged = cast(State, dict(state)) if isinstance(state, Mapping) else TableState().as_dict()
    return {
        "ok": False,
        "errors": [p.as_dict() for p in problems],
        "deltas": [0, 0, 0, 0],
        "pot_delta": 0,
        "lines": [],
        "state": unchanged,
        "facts": None,
    }


__all__ = ["VARIANT_IDS", "Outcome", "check_options", "get_variant", "replay", "settle", "table_rules", "variant_ids"]
