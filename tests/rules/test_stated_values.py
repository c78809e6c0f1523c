"""What the rules reference says an item is worth at a table is what settling pays for a hand with that item.

A table's rules page, its chips and its card state each item's value from `pattern_values` and
`fact_item_values`, which read the figures off the reason lines of hands settled at that table. Reading the
lines is not paying: a line can name an item with a figure the payment does not follow (the first Tianjin
folder paid the dealer's double after the cap as a flat line, so its reference said "庄家 1 or 2 per payer"
for what was a ×2, and every earlier test agreed). Here the words the reference states are read as a player
reads them (×2, +2 points, 4 per payer, at most 32 per payer then dealer ×2) and checked against the points
that move, for every variant and every city preset:

- a factor or points: the same hand with and without the item (a pattern ticked, the winner the dealer, a
  kong, a payer closed, a counter raised, …), each payer's win payment in the one is the other's times what
  the items named on that payer's lines are stated to be worth ((base + points) × factors, so a pure factor
  is a ratio, and points add to the base);
- a flat amount: what each payer pays the item's owner beside the win, with the item and without it;
- a cap: a hand that reaches it pays exactly the cap per payer, then × each factor stated after it.

A transform whose items are not all stated with a figure is not judged (that value is not what the page
states). Every stated figure must be judged somewhere at its table, or be listed in UNJUDGED with why. The
last tests feed the checks a reference that says what the score does not pay, and see them fail.
Table-driven, no database.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.rules import (
    HouseRules,
    Record,
    RecordKong,
    RecordSeat,
    RecordWin,
    SettleResult,
    TableRules,
    VariantInfo,
    fact_item_values,
    get_variant,
    pattern_values,
    settle,
    table_rules,
    variant_ids,
)
from tablekeeper.rules.variants import search_path
from tests.fixtures.variant_folder import copy_variant_folder

WIN_CODES = frozenset({"win_product", "win_capped_share", "win_points", "win_stakes"})
CHARGE_CODES = frozenset({"flat", "kong_bonus"})  # what is paid beside the win for one item, per payer
WINNER, DISCARDER = 1, 2
TABLES = [(variant, preset["id"]) for variant in variant_ids() for preset in get_variant(variant)["presets"]]

# Stated figures no hand here can set beside the same hand without them, each with why; the worked examples
# (examples.json, tests/rules/test_examples.py) settle them.
UNJUDGED: dict[tuple[str, str], str] = {
    # A win has a method: there is no hand without one to set beside it, and a discard changes who pays.
    ("*", "self_draw"): "a win's method has no hand without it",
    ("*", "discard"): "a win's method has no hand without it",
    ("*", "rob_kong"): "a win's method has no hand without it",
    # Penalties are charged on their own lines (a false win, four same discards, revealed tiles into the pot),
    # and a drawn hand's dealer penalty: none is a win to set beside another.
    ("*", "false_win"): "a penalty, not part of a win",
    ("*", "four_same_discards"): "a penalty, not part of a win",
    ("*", "revealed_tiles"): "a payment into the pot, not part of a win",
    ("*", "dealer_draw_penalty"): "a drawn hand's penalty, not part of a win",
    # Dalian's Jia 3 unopened payers and Shenyang's three closed: all three payers closed at once, which the
    # one-seat-at-a-time hands here do not make; their single-payer item is judged.
    ("dalian", "three_unopened"): "needs all three payers closed at once",
    ("shenyang", "three_closed"): "needs all three payers closed at once",
    # Patterns no plain hand here sets beside the same hand without them: 混幺九 and 清幺九 bring the double
    # float with them, and the two reach the book's cap of 100; the dragon bonus is added onto a 喜杠 only;
    # a heavenly hand is the dealer's, whose own items change with it.
    ("dalian", "dragon_bonus"): "added onto a 喜杠 only",
    ("dalian", "mixed_terminals"): "comes with the double float, and the two reach the cap",
    ("dalian", "pure_terminals"): "comes with the double float, and the two reach the cap",
    ("shandong", "heavenly_hand"): "won by the dealer only, whose own items change with it",
}


@dataclass(frozen=True)
class Stated:
    """An item's value as the reference words it (English): its factors, points and flat amounts (several
    where it says "×2 or ×4"), and whether it is per one of several."""

    factors: frozenset[int] = frozenset()
    points: frozenset[int] = frozenset()
    flats: frozenset[int] = frozenset()
    each: bool = False

    @property
    def figured(self) -> bool:
        return bool(self.factors or self.points or self.flats)


@dataclass(frozen=True)
class Cap:
    """A cap as the reference words it: at most `limit` per payer, then × each factor stated after it."""

    limit: int
    after: dict[str, int] = field(default_factory=dict)


def read_words(english: str) -> Stated:
    """What a value's English says, as a player reads it: "+2 points ×5", "×2 each", "10 or 20 per payer"."""
    flats = re.search(r"((?:\d+ or )*\d+) per payer", english)
    return Stated(
        factors=frozenset(int(n) for n in re.findall(r"×(\d+)", english)),
        points=frozenset(int(n) for n in re.findall(r"\+(\d+) points?", english)),
        flats=frozenset(int(n) for n in re.findall(r"\d+", flats.group(1))) if flats else frozenset(),
        each=english.endswith(" each"),
    )


def read_cap(english: str, info: VariantInfo) -> Cap | None:
    """A per-payer cap's words, "at most 32 per payer, then dealer ×2"; None for another kind of cap."""
    said = re.fullmatch(r"at most (\d+) per payer(?:, then (.+))?", english)
    if said is None:
        return None
    names = {entry["name"]["en"].lower(): entry["id"] for entry in [*info["fact_items"], *info["patterns"]]}
    after = {}
    for part in (said.group(2) or "").split(" and ") if said.group(2) else []:
        name, _, factor = part.rpartition(" ×")
        after[names.get(name, name)] = int(factor)
    return Cap(int(said.group(1)), after)


@dataclass
class Reference:
    """What a table's rules reference states: each item's value, and the cap."""

    values: dict[str, Stated]
    cap: Cap | None = None


def reference_of(variant: str, options: HouseRules) -> Reference:
    info = get_variant(variant)
    values = {item: read_words(value["words"]["en"]) for item, value in pattern_values(variant, options).items()}
    cap = None
    for item, fact in fact_item_values(variant, options).items():
        if item == "cap":
            cap = read_cap(fact["words"]["en"], info)
        else:
            values[item] = read_words(fact["words"]["en"])
    return Reference(values, cap)


# -- what a settled hand pays -------------------------------------------------------------------------


def entries(params: Any) -> Iterator[dict[str, Any]]:
    """Every entry with an item and a figure inside a line's params (factors, points, after the cap)."""
    if isinstance(params, dict):
        if isinstance(params.get("item"), str) and ("factor" in params or "points" in params):
            yield params
        for inner in params.values():
            yield from entries(inner)
    elif isinstance(params, list):
        for inner in params:
            yield from entries(inner)


@dataclass
class Paid:
    """One settled hand, payer by payer: the win payments, the items named on them, and the charges beside."""

    win: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    # "item:factor" or "item:points" → how many times the line counts it: what each item brings to the payment.
    items: dict[tuple[int, int], dict[str, int]] = field(default_factory=lambda: defaultdict(dict))
    charges: dict[tuple[int, int, str], int] = field(default_factory=lambda: defaultdict(int))
    capped: bool = False


def paid(answer: SettleResult) -> Paid:
    found = Paid()
    for line in answer["lines"]:
        params = line["params"]
        if line["code"] in WIN_CODES:
            pair = (params["payer"], params["payee"])
            found.win[pair] += params["amount"]
            for entry in entries(params):  # an item counted n times is worth its value to the n, by what it brings
                kind = "factor" if "factor" in entry else "points"
                found.items[pair][f"{entry['item']}:{kind}"] = int(entry.get("count") or 1)
            if params.get("shares_reason"):  # who pays several shares (承包, a kong's feeder): named, with no figure
                found.items[pair][f"{params['shares_reason']}:shares"] = int(params.get("shares") or 1)
            cap = params.get("cap")
            uncapped = params.get("raw", params.get("product"))
            limit = params.get("multiplier", cap) if line["code"] == "win_points" else cap
            if cap is not None and uncapped is not None and limit is not None and uncapped > limit:
                found.capped = True
            if line["code"] == "win_capped_share" and cap is not None and params["total"] > cap:
                found.capped = True
        elif line["code"] in CHARGE_CODES:
            found.charges[(params["payer"], params["payee"], params["item"])] += params["amount"]
    return found


# -- the hands set side by side ------------------------------------------------------------------------


def win(seat: int, method: str, patterns: list[str]) -> RecordWin:
    record: RecordWin = {"seat": seat, "method": method, "patterns": patterns}
    if method != "self_draw":
        record["from"] = DISCARDER
    return record


def contexts(info: VariantInfo, rules: TableRules, variant: str, options: HouseRules) -> Iterator[Record]:
    """Winning hands by each method the table allows: plain, with each played pattern, with as many patterns as
    count together (a hand that reaches a cap), each also with a ready winner where the variant has ready."""
    readies: list[list[RecordSeat | None] | None] = [None]
    readies += [[{}, {"ready": ready}, {}, {}] for ready in info["ready_values"][1:]]
    for method in rules["methods"]:
        played = [p for p in rules["patterns"] if method in rules["pattern_methods"].get(p, [])]
        for seats in readies:
            stacked: list[str] = []
            for pattern in played:  # the most patterns one hand can carry together
                trial = hand(win(WINNER, method, [*stacked, pattern]), seats)
                if settle(variant, trial, {"dealer": 0}, options)["ok"]:
                    stacked.append(pattern)
            for patterns in [[], *([p] for p in played), stacked]:
                yield hand(win(WINNER, method, patterns), seats)
                if info["uses_flowers"]:  # a pattern of flowers (花呲) needs one
                    yield hand({**win(WINNER, method, patterns), "flowers": 1}, seats)


def hand(won: RecordWin, seats: list[RecordSeat | None] | None) -> Record:
    record: Record = {"result": "win", "wins": [won]}
    if seats is not None:
        record["seats"] = seats
    return record


@dataclass
class Pair:
    """A hand, the same hand with one fact more, and how the seats map between them (the winner may move)."""

    what: str
    before: Record
    after: Record
    state_after: dict[str, int]
    winner_after: int = WINNER
    state_before: dict[str, int] = field(default_factory=lambda: {"dealer": 0})
    winner_before: int = WINNER


def with_one_fact_more(info: VariantInfo, rules: TableRules, before: Record) -> Iterator[Pair]:
    first = (before.get("wins") or [])[0]
    seats: list[RecordSeat] = [RecordSeat(**(seat or {})) for seat in (before.get("seats") or [{}, {}, {}, {}])]
    repeatable = {spec["id"] for spec in info["patterns"] if spec["repeatable"]}
    for pattern in rules["patterns"]:
        if pattern not in first["patterns"] or pattern in repeatable:
            after: Record = {**before, "wins": [{**first, "patterns": [*first["patterns"], pattern]}]}
            yield Pair(f"pattern {pattern}", before, after, {"dealer": 0})
    # The dealer wins the same hand (the seats' facts follow the winner).
    moved: list[RecordSeat | None] = [seats[1], seats[0], *seats[2:]]
    as_dealer: Record = {**before, "wins": [{**first, "seat": 0}], "seats": moved}
    yield Pair("the dealer wins", before, as_dealer, {"dealer": 0}, winner_after=0)
    # Another seat deals the same hand: what the dealer pays, P0 no longer pays.
    yield Pair("P3 deals", before, before, {"dealer": 3})
    for kind in info["kong_kinds"]:
        for owner in (WINNER, 3):
            for tile in ("5m", "7z") if kind not in ("dragon_set", "wind_set") else (None,):
                kong: RecordKong = {"seat": owner, "kind": kind}
                if tile is not None:
                    kong["tile"] = tile
                if kind in ("exposed", "added"):
                    kong["from"] = (owner + 1) % 4
                yield Pair(f"{kind} kong of P{owner}", before, {**before, "kongs": [kong]}, {"dealer": 0})
    for seat in (0, DISCARDER, 3):
        closed: list[RecordSeat | None] = [RecordSeat(**facts) for facts in seats]
        closed[seat] = {**seats[seat], "opened": False}
        yield Pair(f"P{seat} closed", before, {**before, "seats": closed}, {"dealer": 0})
    for ready in info["ready_values"][1:]:
        for seat in (WINNER, DISCARDER):
            if not seats[seat].get("ready"):
                marked: list[RecordSeat | None] = [RecordSeat(**facts) for facts in seats]
                marked[seat] = {**seats[seat], "ready": ready}
                yield Pair(f"P{seat} {ready}", before, {**before, "seats": marked}, {"dealer": 0})
    if info["uses_flowers"]:
        yield Pair("a flower", before, {**before, "wins": [{**first, "flowers": 1}]}, {"dealer": 0})
    if info["uses_dice_double"]:
        yield Pair("a dice double", before, {**before, "dice_double": True}, {"dealer": 0})
    for counter in ("dealer_streak", "draw_streak", "pending_doubles"):  # won by another, and by the dealer
        yield Pair(f"{counter} 1", before, before, {"dealer": 0, counter: 1})
        raised = {"dealer": 0, counter: 1}
        yield Pair(f"{counter} 1, the dealer winning", as_dealer, as_dealer, raised, 0, {"dealer": 0}, 0)


# -- the checks ------------------------------------------------------------------------------------------


@dataclass
class Judged:
    problems: list[str] = field(default_factory=list)
    items: set[str] = field(default_factory=set)


def worth(reference: Reference, items: dict[str, int], base: int, *, before_cap: bool = False) -> set[Any]:
    """What a payment with these items is stated to be, over what the same payment without them would be:
    (base + points) × factors, each item counted as often as the line names it, every choice of a value stated
    as "×2 or ×4". With `before_cap`, without the factors stated after the cap."""
    totals: set[tuple[int, int]] = {(base, 1)}
    for named, count in items.items():
        item, _, kind = named.partition(":")
        if before_cap and reference.cap is not None and item in reference.cap.after:
            continue
        stated = reference.values[item]
        # What the line says the item brings (a factor, points) is worth what the reference states for it.
        factors = (stated.factors if kind == "factor" else frozenset()) or frozenset({1})
        points = (stated.points if kind == "points" else frozenset()) or frozenset({0})
        totals = {(b + p * count, f * factor**count) for b, f in totals for p in points for factor in factors}
    return totals


def judge(variant: str, options: HouseRules) -> Judged:
    info, rules = get_variant(variant), table_rules(variant, options)
    reference = reference_of(variant, options)
    base = rules["options"]["base"]
    assert isinstance(base, int)
    judged = Judged()
    settled: dict[str, Paid | None] = {}

    def paid_for(record: Record, state: dict[str, int]) -> Paid | None:
        """What a hand pays at this table, settled once however many pairs it is part of (None: refused)."""
        key = json.dumps([record, state], sort_keys=True)
        if key not in settled:
            answer = settle(variant, record, state, options)
            settled[key] = paid(answer) if answer["ok"] else None
        return settled[key]

    for before in contexts(info, rules, variant, options):
        for pair in with_one_fact_more(info, rules, before):
            was, now = paid_for(pair.before, pair.state_before), paid_for(pair.after, pair.state_after)
            if was is not None and now is not None:
                judge_cap(reference, was, base, f"{variant} {before}", judged)
                judge_cap(reference, now, base, f"{variant} {pair.what} on {before}", judged)
                judge_pair(reference, pair, was, now, base, judged)
    return judged


def judge_pair(reference: Reference, pair: Pair, was: Paid, now: Paid, base: int, judged: Judged) -> None:
    """Each payer's win payment with the fact and without it, as the items on its lines are stated to be worth;
    and each charge beside the win (a kong's), as its item is stated to be worth per payer."""
    for payer in range(4):
        if payer in (pair.winner_before, pair.winner_after) or was.capped or now.capped:
            continue
        then, later = (payer, pair.winner_before), (payer, pair.winner_after)
        if then not in was.win or later not in now.win:
            continue
        items_then, items_now = was.items[then], now.items[later]
        changed_entries = {
            named for named in {*items_then, *items_now} if items_then.get(named) != items_now.get(named)
        }
        changed = {named.partition(":")[0] for named in changed_entries}
        if not changed or not all(reference.values.get(item, Stated()).figured for item in changed):
            continue
        flat = [item for item in changed if not reference.values[item].factors and not reference.values[item].points]
        if flat:  # an item said to be a flat amount per payer adds it to what the payer pays
            added = now.win[later] - was.win[then]
            if len(changed) == 1 and added in reference.values[flat[0]].flats:
                judged.items |= changed
            elif len(changed) == 1:
                judged.problems.append(
                    f"{pair.what}: P{payer} pays {was.win[then]}, then {now.win[later]}, where the reference states "
                    f"{flat[0]} {sorted(reference.values[flat[0]].flats)} per payer"
                )
            continue
        stated_then, stated_now = worth(reference, items_then, base), worth(reference, items_now, base)
        fits = any(
            now.win[later] * b0 * f0 == was.win[then] * b1 * f1 for b0, f0 in stated_then for b1, f1 in stated_now
        )
        if fits:
            judged.items |= changed
        else:
            judged.problems.append(
                f"{pair.what}: P{payer} pays {was.win[then]}, then {now.win[later]}, where the reference states "
                + ", ".join(
                    f"{item} {sorted(reference.values[item].factors | reference.values[item].points)}"
                    for item in sorted(changed)
                )
            )
    for (payer, owner, item), amount in now.charges.items():
        stated = reference.values.get(item)
        if stated is None or not stated.flats or was.capped or now.capped:
            continue
        added = amount - was.charges.get((payer, owner, item), 0)
        if added == 0:
            continue
        if added in stated.flats:
            judged.items.add(item)
        else:
            judged.problems.append(
                f"{pair.what}: P{payer} pays P{owner} {added} for {item}, the reference states {sorted(stated.flats)}"
            )


def judge_cap(reference: Reference, hand_paid: Paid, base: int, what: str, judged: Judged) -> None:
    """A hand that reaches a per-payer cap: each payer pays the cap, times each factor stated after it."""
    cap = reference.cap
    if cap is None or not hand_paid.capped:
        return
    for pair, amount in hand_paid.win.items():
        items = hand_paid.items[pair]
        named = {entry.partition(":")[0] for entry in items}
        if not all(reference.values.get(item, Stated()).figured for item in named):
            continue
        after = 1
        for item, factor in cap.after.items():
            after *= factor if item in named else 1
        reached = all(b * f >= cap.limit for b, f in worth(reference, items, base, before_cap=True))
        if reached and amount != cap.limit * after:
            judged.problems.append(
                f"{what}: P{pair[0]} pays {amount}, the reference states at most {cap.limit} then {cap.after}"
            )
        elif reached:
            judged.items |= {"cap", *(item for item in cap.after if item in named)}


def unjudged(variant: str, reference: Reference, judged: Judged) -> list[str]:
    figured = {item for item, stated in reference.values.items() if stated.figured}
    excused = {item for (where, item) in UNJUDGED if where in (variant, "*")}
    return sorted(figured - judged.items - excused)


@pytest.mark.parametrize(("variant", "preset"), TABLES)
def test_every_value_a_tables_reference_states_is_what_settling_pays(variant: str, preset: str) -> None:
    options = next(dict(p["options"]) for p in get_variant(variant)["presets"] if p["id"] == preset)

    judged = judge(variant, options)

    assert judged.problems == []
    assert unjudged(variant, reference_of(variant, options), judged) == [], "no hand here pays these"


# -- the checks fail on a reference that says what the score does not pay ---------------------------------


def test_a_factor_the_score_does_not_pay_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    real = reference_of

    def saying_triple(variant: str, options: HouseRules) -> Reference:
        told = real(variant, options)
        told.values["dealer"] = Stated(factors=frozenset({3}))  # the dealer pays double, not triple
        return told

    monkeypatch.setattr(f"{__name__}.reference_of", saying_triple)

    problems = judge("dalian", {}).problems

    assert problems and all("dealer" in problem for problem in problems)


def test_a_factor_after_the_cap_stated_as_a_flat_amount_is_found(tmp_path: Path) -> None:
    """The first Tianjin folder's mistake: its dealer's ×2 after the cap said as "1 or 2 per payer"."""
    with search_path(copy_variant_folder("tianjin", tmp_path)):
        told = reference_of("tianjin", {"cap": 4})
        assert told.values["dealer"].factors == {2} and told.cap == Cap(4, {"dealer": 2})
        told.values["dealer"] = read_words("1 or 2 per payer")
        monkeypatched = Judged()
        info, rules = get_variant("tianjin"), table_rules("tianjin", {"cap": 4})
        for before in contexts(info, rules, "tianjin", {"cap": 4}):
            was = paid(settle("tianjin", before, {"dealer": 0}, {"cap": 4}))
            judge_cap(told, was, 1, "capped", monkeypatched)
            for pair in with_one_fact_more(info, rules, before):
                answer = settle("tianjin", pair.after, pair.state_after, {"cap": 4})
                judge_pair(told, pair, was, paid(answer), 1, monkeypatched)

    assert any("dealer [1, 2] per payer" in problem for problem in monkeypatched.problems), "it doubles"


def test_a_cap_that_leaves_out_the_factor_after_it_is_found(tmp_path: Path) -> None:
    with search_path(copy_variant_folder("tianjin", tmp_path)):
        told = reference_of("tianjin", {"cap": 4})
        told.cap = Cap(4)  # "at most 4 per payer": but the dealer pays 8
        found = Judged()
        info, rules = get_variant("tianjin"), table_rules("tianjin", {"cap": 4})
        for before in contexts(info, rules, "tianjin", {"cap": 4}):
            judge_cap(told, paid(settle("tianjin", before, {"dealer": 0}, {"cap": 4})), 1, "capped", found)
            dealer_wins = {**before, "wins": [{**(before.get("wins") or [])[0], "seat": 0}]}
            judge_cap(told, paid(settle("tianjin", dealer_wins, {"dealer": 0}, {"cap": 4})), 1, "dealer", found)

    assert any("pays 8" in problem for problem in found.problems)


def test_a_kong_stated_at_another_amount_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    real = reference_of

    def saying_three(variant: str, options: HouseRules) -> Reference:
        told = real(variant, options)
        told.values["exposed_kong"] = Stated(flats=frozenset({3}))
        return told

    monkeypatch.setattr(f"{__name__}.reference_of", saying_three)
    club = next(dict(p["options"]) for p in get_variant("dalian")["presets"] if p["id"] == "club_java")

    problems = judge("dalian", club).problems

    assert problems and all("exposed_kong" in problem for problem in problems)
