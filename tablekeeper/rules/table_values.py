"""What each pattern is worth at one table, said by settling it there (RULES.md §0.7).

A chip or a rules page must never show the book's value at a table whose house rules change it, so the value
is not read from the catalogue's words: each pattern the table plays is settled in a plain winning hand under
the table's house rules, and the factor or points the settlement's reason lines give that pattern are its
value. What settles and what is shown therefore cannot disagree. A pattern that no plain hand can carry (one
that needs a kong or tiles to be proved) has no stated value: the caller shows none rather than a guess.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from .answers import Names, PatternValue, Record, RecordKong, RecordSeat, RecordWin
from .engine import get_variant, settle, table_rules

WINNER = 1  # not the dealer (seat 0), so that the dealer's own doubles stay out of the pattern's lines
DISCARDER = 2


def pattern_values(variant_id: str, options: Mapping[str, object] | None) -> dict[str, PatternValue]:
    """Each pattern this table plays, with its value here: `{id: {"factor", "points", "each", "words"}}`.

    >>> pattern_values("shandong", None)["pure_one_suit"]["words"]
    {'en': '+2 points ×5', 'zh': '+2分 ×5'}
    >>> pattern_values("shandong", {"value_table": "jinan"})["pure_one_suit"]["words"]
    {'en': '×4', 'zh': '×4'}
    """
    key = json.dumps(dict(options or {}), sort_keys=True, default=str)
    return dict(_pattern_values(variant_id, key))


@lru_cache(maxsize=64)
def _pattern_values(variant_id: str, options_key: str) -> tuple[tuple[str, PatternValue], ...]:
    options: dict[str, object] = json.loads(options_key)
    rules = table_rules(variant_id, options)
    info = get_variant(variant_id)
    ready_values = [value for value in info["ready_values"] if value != "none"]
    repeated = {spec["id"] for spec in info["patterns"] if spec["repeatable"]}
    special_sets = [kind for kind in info["kong_kinds"] if kind in ("dragon_set", "wind_set")]
    fact_names = {item["id"]: item["name"] for item in info["fact_items"]}
    values: list[tuple[str, PatternValue]] = []
    for pattern in rules["patterns"]:
        for record in _plain_hands(pattern, rules["pattern_methods"].get(pattern, []), ready_values, special_sets):
            answer = settle(variant_id, record, {"dealer": 0}, options)
            if answer["ok"]:
                value = _value_in(pattern, [line["params"] for line in answer["lines"]], repeatable=pattern in repeated)
                if value is not None:
                    along = _brought_along(variant_id, record, answer["lines"], options, fact_names)
                    values.append((pattern, _with_along(value, along, fact_names)))
                break
    return tuple(values)


def _factors(lines: Any) -> set[tuple[str, int]]:
    return {
        (entry["item"], entry["factor"])
        for line in lines
        if line["code"] == "win_product"
        for entry in line["params"]["factors"]
        if isinstance(entry.get("factor"), int)
    }


def _brought_along(
    variant_id: str, record: Record, lines: Any, options: dict[str, object], fact_names: Mapping[str, Names]
) -> list[tuple[str, int]]:
    """The fact items' factors the pattern brings at this table beyond the same hand without it: Harbin's self-draw
    ×2 on a treasure win with harbin_treasure_stacks_with_self_draw, where a plain self-draw pays only its value.
    A chip then says what a hand with it really pays (摸宝 ×3, self-draw ×2 more: ×6)."""
    wins = record.get("wins") or []
    plain_record: Record = {**record, "wins": [{**win, "patterns": []} for win in wins]}
    plain = settle(variant_id, plain_record, {"dealer": 0}, options)
    if not plain["ok"]:
        return []
    without = _factors(plain["lines"])
    return sorted(
        (item, factor)
        for item, factor in _factors(lines)
        if item in fact_names and factor > 1 and (item, factor) not in without
    )


def _with_along(value: PatternValue, along: list[tuple[str, int]], fact_names: Mapping[str, Names]) -> PatternValue:
    if not along or value["factor"] is None or value["points"] is not None or value["each"]:
        return value
    total = value["factor"]
    english, chinese = [], []
    for item, factor in along:
        total *= factor
        english.append(f"{fact_names[item]['en'].lower()} ×{factor} more")
        chinese.append(f"{fact_names[item]['zh']}再×{factor}")
    return {
        **value,
        "words": {
            "en": f"{value['words']['en']}, {', '.join(english)} = ×{total}",
            "zh": f"{value['words']['zh']}，{'，'.join(chinese)} = ×{total}",
        },
    }


def _plain_hands(
    pattern: str, methods: list[str], ready_values: list[str], special_sets: list[str]
) -> Iterator[Record]:
    """Plain winning hands carrying `pattern`, the simplest first; the first one the engine accepts is used."""
    method = "self_draw" if "self_draw" in methods else (methods[0] if methods else "self_draw")
    win: RecordWin = {"seat": WINNER, "method": method, "patterns": [pattern]}
    if method != "self_draw":
        win["from"] = DISCARDER
    yield {"result": "win", "wins": [win]}
    for ready in ready_values:  # a pattern only a ready player can win (Dalian's treasure)
        seats: list[RecordSeat | None] = [{}, {"ready": ready}, {}, {}]
        yield {"result": "win", "wins": [win], "seats": seats}
    yield {"result": "win", "wins": [{**win, "flowers": 8}]}  # a pattern of flowers
    yield {"result": "win", "wins": [{**win, "seat": 0}]}  # a pattern only the dealer wins (heavenly hand)
    for kind in special_sets:  # a pattern added onto the winner's 喜杠 (Dalian's dragon bonus)
        yield {"result": "win", "wins": [win], "kongs": [{"seat": WINNER, "kind": kind}]}


def _value_in(pattern: str, params: list[Any], *, repeatable: bool) -> PatternValue | None:
    """The factor and points the reason lines' params give `pattern` (every line names it alike)."""
    entries = list(_entries(pattern, params))
    factors = {entry["factor"] for entry in entries if isinstance(entry.get("factor"), int)}
    points = {entry["points"] for entry in entries if isinstance(entry.get("points"), int)}
    if len(factors) > 1 or len(points) > 1 or not (factors or points):
        return None
    factor = next(iter(factors), None)
    point = next(iter(points), None)
    # A repeatable pattern's value is one's: an entry of several states it as `each`.
    factor = next((e["each"] for e in entries if "factor" in e and "each" in e), factor)
    point = next((e["each"] for e in entries if "points" in e and "each" in e), point)
    each = repeatable or any("each" in entry for entry in entries)
    return {"factor": factor, "points": point, "each": each, "words": _words(factor, point, each=each)}


def _entries(pattern: str, found: object) -> Iterator[dict[str, Any]]:
    if isinstance(found, dict):
        if found.get("item") == pattern:
            yield found
        for inner in found.values():
            yield from _entries(pattern, inner)
    elif isinstance(found, list):
        for inner in found:
            yield from _entries(pattern, inner)


def _words(factor: int | None, points: int | None, *, each: bool) -> Names:
    english: list[str] = []
    chinese: list[str] = []
    if points is not None:
        english.append(f"+{points} point{'' if points == 1 else 's'}")
        chinese.append(f"+{points}分")
    if factor is not None:
        english.append(f"×{factor}")
        chinese.append(f"×{factor}")
    if each:
        return {"en": " ".join(english) + " each", "zh": "每个" + " ".join(chinese)}
    return {"en": " ".join(english), "zh": " ".join(chinese)}


def counters_that_count(variant_id: str, options: Mapping[str, object] | None) -> dict[str, bool]:
    """Whether each running counter changes what anyone pays at this table: `{"draw_streak", "dealer_streak"}`.

    Said by settling: a few plain hands (a win by the dealer, by another player on the dealer's discard, a
    drawn hand) with the counter at 0 and raised; a counter that changes no payment, and no payment of the hand
    after, means nothing here, so a board need not show it (Zhengzhou's drawn hands in a row, Jinan's).

    >>> counters_that_count("zhengzhou", None)
    {'draw_streak': False, 'dealer_streak': False}
    """
    key = json.dumps(dict(options or {}), sort_keys=True, default=str)
    return dict(_counters_that_count(variant_id, key))


@lru_cache(maxsize=64)
def _counters_that_count(variant_id: str, options_key: str) -> tuple[tuple[str, bool], ...]:
    options: dict[str, object] = json.loads(options_key)
    plain: list[Record] = [
        {"result": "win", "wins": [{"seat": 0, "method": "self_draw", "patterns": []}]},
        {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": []}]},
        {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 0, "patterns": []}]},
        {"result": "draw"},
    ]
    methods = table_rules(variant_id, options)["methods"]
    hands = [hand for hand in plain if all(win["method"] in methods for win in hand.get("wins") or [])]

    def paid(counter: str, count: int) -> list[object]:
        answers: list[object] = []
        for hand in hands:
            answer = settle(variant_id, hand, {"dealer": 0, counter: count}, options)
            if answer["ok"]:  # the hand after: a counter may only change what the next win pays
                after = settle(variant_id, plain[1], answer["state"], options)
                answers.append((answer["deltas"], answer["pot_delta"], after["deltas"] if after["ok"] else None))
        return answers

    return tuple(
        (counter, any(paid(counter, count) != paid(counter, 0) for count in (1, 2, 3, 5)))
        for counter in ("draw_streak", "dealer_streak")
    )


# Winning hands the tile field's label may show as its example (RULES.md §0.3), the first a table accepts: a
# claimed chow and pung with an honour pair (the book's own example); with a 2-5-8 pair (Shandong, Harbin with
# no winds); a claimed pung only, the chow concealed (Zhengzhou claims no chow).
TILE_EXAMPLES = (
    "[123m][777p] 456s 11z 78p +9p",
    "[123m][777p] 456s 55m 78p +9p",
    "[777p] 123m 456s 11z 78p +9p",
    "[777p] 123m 456s 55m 78p +9p",
)


def tile_example(variant_id: str, options: Mapping[str, object] | None) -> str:
    """A winning hand in the notation (RULES §0.3) for a tile field's example at this table: the first of
    TILE_EXAMPLES this table accepts as a plain win by every method it allows, so it never shows a meld or a
    tile the table has not; "" if none fits.

    >>> tile_example("zhengzhou", None)  # no claimed chow at Zhengzhou
    '[777p] 123m 456s 11z 78p +9p'
    """
    return _tile_example(variant_id, json.dumps(dict(options or {}), sort_keys=True, default=str))


@lru_cache(maxsize=64)
def _tile_example(variant_id: str, options_key: str) -> str:
    options: dict[str, object] = json.loads(options_key)
    methods = table_rules(variant_id, options)["methods"]
    for tiles in TILE_EXAMPLES:
        if all(
            settle(variant_id, {"result": "win", "wins": [_win(method, tiles)]}, None, options)["ok"]
            for method in methods
        ):
            return tiles
    return ""


def _win(method: str, tiles: str) -> RecordWin:
    win: RecordWin = {"seat": 1, "method": method, "patterns": [], "tiles": tiles}
    if method != "self_draw":
        win["from"] = 2
    return win


def kongs_that_pay(variant_id: str, options: Mapping[str, object] | None) -> list[str]:
    """The kinds of kong (exposed, added, concealed) that change what a won hand pays at this table, said by
    settling a plain self-draw with the winner's kong of each kind and without: where none does (Dalian by the
    book, Harbin), which kong a player declared changes no figure.

    >>> kongs_that_pay("harbin", None), kongs_that_pay("shenyang", None)
    ([], ['exposed', 'added', 'concealed'])
    """
    return list(_kongs_that_pay(variant_id, json.dumps(dict(options or {}), sort_keys=True, default=str)))


@lru_cache(maxsize=64)
def _kongs_that_pay(variant_id: str, options_key: str) -> tuple[str, ...]:
    options: dict[str, object] = json.loads(options_key)
    kinds = [kind for kind in ("exposed", "added", "concealed") if kind in get_variant(variant_id)["kong_kinds"]]
    win: RecordWin = {"seat": WINNER, "method": "self_draw", "patterns": []}
    plain = settle(variant_id, {"result": "win", "wins": [win]}, {"dealer": 0}, options)
    paying: list[str] = []
    for kind in kinds:
        kong: RecordKong = {"seat": WINNER, "kind": kind}
        if kind != "concealed":
            kong["from"] = DISCARDER
        answer = settle(variant_id, {"result": "win", "wins": [win], "kongs": [kong]}, {"dealer": 0}, options)
        if answer["ok"] and plain["ok"] and answer["deltas"] != plain["deltas"]:
            paying.append(kind)
    return tuple(paying)


def patterns_needing_ready(variant_id: str, options: Mapping[str, object] | None) -> list[str]:
    """The patterns this table plays that only a winner who declared ready may have: refused on a plain hand of a
    winner not ready, accepted once ready (Dalian's treasures; its 夹胡 under edge_wait_mode=single_wait_ready).

    >>> patterns_needing_ready("dalian", None)
    ['treasure_rush', 'finding_treasure', 'hidden_treasure']
    """
    return list(_patterns_needing_ready(variant_id, json.dumps(dict(options or {}), sort_keys=True, default=str)))


@lru_cache(maxsize=64)
def _patterns_needing_ready(variant_id: str, options_key: str) -> tuple[str, ...]:
    options: dict[str, object] = json.loads(options_key)
    rules = table_rules(variant_id, options)
    ready_values = [value for value in get_variant(variant_id)["ready_values"] if value != "none"]
    if not ready_values:
        return ()
    needing: list[str] = []
    for pattern in rules["patterns"]:
        methods = rules["pattern_methods"].get(pattern, [])
        method = "self_draw" if "self_draw" in methods else (methods[0] if methods else "self_draw")
        win: RecordWin = {"seat": WINNER, "method": method, "patterns": [pattern]}
        if method != "self_draw":
            win["from"] = DISCARDER
        bare = settle(variant_id, {"result": "win", "wins": [win]}, {"dealer": 0}, options)
        seats: list[RecordSeat | None] = [{}, {"ready": ready_values[0]}, {}, {}]
        ready = settle(variant_id, {"result": "win", "wins": [win], "seats": seats}, {"dealer": 0}, options)
        if not bare["ok"] and ready["ok"]:
            needing.append(pattern)
    return tuple(needing)


def method_payment(variant_id: str, options: Mapping[str, object] | None, method: str) -> tuple[str, int] | None:
    """Who pays a plain win by `method` at this table and how much each: ("alone", n) where the discarder (or the
    robbed player) pays alone, ("each", n) where the three others each pay n, None where the method is not played
    there or the payers differ in amount. Said by settling, so a rules page can say it for a method whose lines
    name another item (哈尔滨·网络版 charges a robbed kong to the robbed player as a discard).

    >>> go = next(p["options"] for p in get_variant("harbin")["presets"] if p["id"] == "go_server")
    >>> method_payment("harbin", go, "rob_kong"), method_payment("harbin", None, "rob_kong")
    (('alone', 1), ('each', 2))
    """
    if method not in table_rules(variant_id, options)["methods"]:
        return None
    win: RecordWin = {"seat": WINNER, "method": method, "patterns": []}
    if method != "self_draw":
        win["from"] = DISCARDER
    answer = settle(variant_id, {"result": "win", "wins": [win]}, {"dealer": 0}, options)
    if not answer["ok"]:
        return None
    payers = [(seat, -delta) for seat, delta in enumerate(answer["deltas"]) if delta < 0]
    if len(payers) == 1 and payers[0][0] == DISCARDER:
        return "alone", payers[0][1]
    if len(payers) == 3 and len({amount for _seat, amount in payers}) == 1:
        return "each", payers[0][1]
    return None
