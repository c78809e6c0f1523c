"""What each fact item (self-draw, a kong, the dealer, the cap …) is worth at one table, said by settling there.

A table's rules page must state this table's value of every item or say it is not played, never the book's
words where the table's house rules change them. The variant's own declarations (its methods, kinds of kong,
ready values, penalties, whether it plays flowers, side bets, 承包, dice or a pot) say which facts a record can
carry; each is settled in a few plain hands under the table's house rules and state counters, and every item the
reason lines name is found with the figures they give it. An item no such hand names is not played at the table.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from .answers import FactValue, Names, Record, RecordKong, RecordPenalty, RecordSeat, RecordWin, TableRules, VariantInfo
from .engine import get_variant, settle, table_rules

WINNER, DISCARDER, OTHER = 1, 2, 3
# (factor, points, a flat figure, each): one figure an item is given in one line.
Figure = tuple[int | None, int | None, int | None, bool]
CAP = "cap"
PENALTY = "penalty"  # the line code of a flat penalty one player pays each of the others
POT_IN = "pot_in"  # the line code of a penalty paid into the pot, per tile
POT, POT_LINES = "pot", ("pot_out", "pot_waits")  # the pot's lines name no item: they are the pot's


def fact_item_values(variant_id: str, options: Mapping[str, object] | None) -> dict[str, FactValue]:
    """Every fact item plain hands settled at this table name, with the figures they give it there and their
    words; an item left out is not played at this table.

    `{id: {"factor", "points", "flat", "each", "figures", "words"}}`: `factor`/`points`/`flat` are its one value
    where every hand gives it the same (`flat` a payment per payer at this table's base), else None; `figures`
    every value found (the cap's: its limit); `words` them in both languages, empty for an item named with no
    figure (承包: who pays, not how much).

    >>> fact_item_values("shandong", None)["self_draw"]["words"]
    {'en': '×2', 'zh': '×2'}
    >>> jinan = next(p["options"] for p in get_variant("shandong")["presets"] if p["id"] == "jinan_tuyoo")
    >>> fact_item_values("shandong", jinan)["self_draw"]["figures"]  # named as the method, doubled nowhere
    []
    >>> "draw_multiplier" in fact_item_values("shandong", jinan)
    False
    """
    key = json.dumps(dict(options or {}), sort_keys=True, default=str)
    return dict(_fact_item_values(variant_id, key))


@lru_cache(maxsize=64)
def _fact_item_values(variant_id: str, options_key: str) -> tuple[tuple[str, FactValue], ...]:
    options: dict[str, object] = json.loads(options_key)
    info = get_variant(variant_id)
    rules = table_rules(variant_id, options)
    found: dict[str, set[Figure]] = {}
    caps: dict[str, set[int]] = {}
    after: set[tuple[str, int]] = set()
    penalties: set[str] = set()  # items paid by one player to each of the others (诈胡, 四家同打 …)
    for hand, state in _hands(info, rules):
        answer = settle(variant_id, hand, state, options)
        if not answer["ok"]:
            continue
        for line in answer["lines"]:
            params = line["params"]
            if line["code"] in (PENALTY, POT_IN) and isinstance(params.get("item"), str):
                penalties.add(params["item"] + ("@pot" if line["code"] == POT_IN else ""))
            if line["code"] in POT_LINES:
                found.setdefault(POT, set())
            for item, figure in _named(params):
                found.setdefault(item, set())
                if figure is not None:
                    found[item].add(figure)
            cap = params.get("cap")
            if isinstance(cap, int):  # the cap in force, on every win line: its limit
                caps.setdefault(line["code"], set()).add(cap)
                # What multiplies the capped amount (a dealer's ×2 on top of 封顶): the cap does not limit it.
                after.update((entry["item"], entry["factor"]) for entry in params.get("after_cap") or [])
    items = {item["id"] for item in info["fact_items"]}
    values = {
        item: _value(figures, penalty="pot" if item + "@pot" in penalties else "each" if item in penalties else "")
        for item, figures in found.items()
        if item in items
    }
    if CAP in items and caps:
        names = {entry["id"]: entry["name"] for entry in [*info["fact_items"], *info["patterns"]]}
        values[CAP] = _cap_value(caps, [(names.get(item) or {"en": item, "zh": item}, f) for item, f in sorted(after)])
    return tuple(sorted(values.items()))


def _hands(info: VariantInfo, rules: TableRules) -> Iterator[tuple[Record, dict[str, int]]]:
    """Plain hands carrying each fact the variant declares, one at a time, won by the dealer and by another
    player by each method the table allows, and with each pattern it plays; then drawn and void hands. Each with
    the table's state at rest and with each counter raised."""
    for seat in (0, WINNER):
        for method in rules["methods"]:
            win: RecordWin = {"seat": seat, "method": method, "patterns": []}
            if method != "self_draw":
                win["from"] = DISCARDER
            for hand in _with_facts(info, rules, win):
                yield hand, {"dealer": 0}
            # With each pattern the table plays: an item may be worth another figure beside one (Harbin's self-draw
            # ×1 on a plain win at some tables, ×2 on a treasure's), and the page must say both.
            for pattern in rules["patterns"]:
                if method in rules["pattern_methods"].get(pattern, []):
                    yield {"result": "win", "wins": [{**win, "patterns": [pattern]}]}, {"dealer": 0}
            plain: Record = {"result": "win", "wins": [win]}
            for counter in ("dealer_streak", "draw_streak", "pending_doubles", "pot"):
                yield plain, {"dealer": 0, counter: 1}
    for streak in (0, 1, 2):
        yield {"result": "draw"}, {"dealer": 0, "draw_streak": streak}
    for kind in info["penalty_kinds"]:
        penalty: RecordPenalty = {"kind": kind, "seat": OTHER, "count": 1}
        plain_win: RecordWin = {"seat": WINNER, "method": rules["methods"][0], "patterns": []}
        if plain_win["method"] != "self_draw":
            plain_win["from"] = DISCARDER
        yield {"result": "void", "penalties": [penalty]}, {"dealer": 0}
        yield {"result": "win", "wins": [plain_win], "penalties": [penalty]}, {"dealer": 0}


def _with_facts(info: VariantInfo, rules: TableRules, win: RecordWin) -> Iterator[Record]:
    seat = win["seat"]
    yield {"result": "win", "wins": [win]}
    for ready in info["ready_values"][1:]:
        for who in (seat, DISCARDER):
            seats: list[RecordSeat | None] = [{}, {}, {}, {}]
            seats[who] = {"ready": ready}
            yield {"result": "win", "wins": [win], "seats": seats}
    payers = [other for other in range(4) if other != seat]
    for closed in ([payers[-1]], payers):
        seats = [{"opened": False} if other in closed else {} for other in range(4)]
        yield {"result": "win", "wins": [win], "seats": seats}
    for owner in (seat, OTHER):
        for kong in _kongs(info, owner):
            yield {"result": "win", "wins": [win], "kongs": [kong]}
    fed: RecordKong = {"seat": seat, "kind": "exposed", "tile": "5m", "from": OTHER}
    yield {"result": "win", "wins": [{**win, "patterns": ["kong_bloom"]}], "kongs": [fed]}
    if win["method"] == "rob_kong":
        robbed: RecordKong = {"seat": DISCARDER, "kind": "added", "tile": "5m", "from": OTHER}
        yield {"result": "win", "wins": [win], "kongs": [robbed]}
    if info["uses_flowers"]:
        yield {"result": "win", "wins": [{**win, "flowers": 1}]}
    if rules["max_side_bet"] > 0:
        yield {"result": "win", "wins": [win], "seats": [{"side_bet": 1} for _ in range(4)]}
    if info["uses_liable"]:
        yield {"result": "win", "wins": [{**win, "liable": OTHER}]}
    if info["uses_dice_double"]:
        yield {"result": "win", "wins": [win], "dice_double": True}


def _kongs(info: VariantInfo, owner: int) -> Iterator[RecordKong]:
    """A kong of each kind the variant has, on a plain tile and on an honour (a dragon, a wind), the claimed
    ones from the seat after the owner."""
    claimed_from = (owner + 1) % 4
    for kind in info["kong_kinds"]:
        if kind in ("dragon_set", "wind_set"):
            yield {"seat": owner, "kind": kind}
            continue
        for tile in ("5m", "7z", "1z"):
            kong: RecordKong = {"seat": owner, "kind": kind, "tile": tile}
            if kind != "concealed":
                kong["from"] = claimed_from
            yield kong


def _named(params: object) -> Iterator[tuple[str, Figure | None]]:
    """Every item a line's params name, with the figure it is given there (None for one named with no figure,
    or with 0: a side bet of nothing)."""
    if isinstance(params, dict):
        for key in ("shares_reason", "method"):
            if isinstance(params.get(key), str):
                yield params[key], None
        if isinstance(params.get("item"), str):
            yield params["item"], _figure(params)
        for inner in params.values():
            yield from _named(inner)
    elif isinstance(params, list):
        for inner in params:
            yield from _named(inner)


def _figure(entry: dict[str, Any]) -> Figure | None:
    each = "each" in entry
    if isinstance(entry.get("factor"), int):
        return entry.get("each", entry["factor"]), None, None, each
    if isinstance(entry.get("points"), int):
        return None, entry.get("each", entry["points"]), None, each
    flat = entry.get("value", entry.get("amount"))
    if isinstance(flat, int) and flat != 0 and "seat" not in entry:  # a stake's value is its seat's units
        return None, None, flat, False
    return None


def _value(figures: set[Figure], *, penalty: str = "") -> FactValue:
    ordered = sorted(figures, key=lambda f: tuple(-1 if x is None else int(x) for x in f))
    one = ordered[0] if len(ordered) == 1 else (None, None, None, False)
    # Figures of one kind (several kong bonuses, a dealer's and another's) are said as one: "每位付款者付10或20".
    kinds: dict[tuple[int, bool], list[int]] = {}
    for figure in ordered:
        index = next(k for k in range(3) if figure[k] is not None)
        kinds.setdefault((index, figure[3]), []).append(int(figure[index] or 0))
    words = [_words(index, values, each=each, penalty=penalty) for (index, each), values in kinds.items()]
    return {
        "factor": one[0],
        "points": one[1],
        "flat": one[2],
        "each": one[3],
        "figures": [value for values in kinds.values() for value in values],
        "words": {"en": " or ".join(w["en"] for w in words), "zh": "或".join(w["zh"] for w in words)},
    }


def _words(kind: int, values: list[int], *, each: bool, penalty: str = "") -> Names:
    """`values` of one kind (0 a factor, 1 points, 2 a flat payment) in both languages. A penalty is one player's:
    the one at fault pays it to each of the others ("each"), or per tile into the pot ("pot"); never "per payer",
    as if all three paid it."""
    english, chinese = " or ".join(map(str, values)), "或".join(map(str, values))
    if kind == 2 and penalty == "each":
        return {"en": f"the one at fault pays {english} to each other player", "zh": f"受罚的一家给其他每家{chinese}"}
    if kind == 2 and penalty == "pot":
        return {
            "en": f"the one at fault pays {english} a tile into the pot",
            "zh": f"受罚的一家每张{chinese}，交进池里",
        }
    if kind == 2:
        return {"en": f"{english} per payer", "zh": f"每位付款者付{chinese}"}
    if kind == 1:
        plural = "" if values == [1] else "s"
        said: Names = {"en": f"+{english} point{plural}", "zh": f"+{chinese}分"}
    else:
        said = {"en": "×" + " or ×".join(map(str, values)), "zh": "×" + "或×".join(map(str, values))}
    if each:
        return {"en": f"{said['en']} each", "zh": f"每个{said['zh']}"}
    return said


def _cap_value(caps: dict[str, set[int]], after: list[tuple[Names, int]]) -> FactValue:
    """The cap in force: a limit on the multipliers where the win's points are multiplied (Shandong), else on
    what one payer pays; then what multiplies the capped amount (`after`: each item's names and factor)."""
    limits = sorted(set().union(*caps.values()))
    on_multiplier, on_total = "win_points" in caps, "win_capped_share" in caps
    said = [f"×{limit}" if on_multiplier else str(limit) for limit in limits]
    english = "at most " + " or ".join(said) + ("" if on_multiplier else " in all" if on_total else " per payer")
    chinese = ("倍数最多" if on_multiplier else "三家合计最多付" if on_total else "每家最多付") + "或".join(said)
    if after:
        english += ", then " + " and ".join(f"{names['en'].lower()} ×{factor}" for names, factor in after)
        chinese += "，封顶后再" + "、".join(f"{names['zh']}×{factor}" for names, factor in after)
    one = limits[0] if len(limits) == 1 else None
    return {
        "factor": one if on_multiplier else None,
        "points": None,
        "flat": None if on_multiplier else one,
        "each": False,
        "figures": limits,
        "words": {"en": english, "zh": chinese},
    }
