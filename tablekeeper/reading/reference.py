"""The rules reference of a variant, built from `get_variant` and settled by the engine, so the page
can never disagree with what the engine scores.

Every item the engine names (fact items, patterns, kinds of kong, penalties), the dealer's rule,
every house rule with each of its values, the city presets, and the rule book's worked examples
(the folder's examples.json), each settled live: the figure shown is `settle`'s answer. Under a
session's own options the same page says which value this table plays and shows what differs from
the book. Each pattern with a shape is drawn in tiles (`tile_pictures`): the variant folder's picture
of it, settled here like the examples, so only a hand the engine accepts and scores is shown.

Anchors are `item-<id>` for the engine's item ids (the reason lines link to them), `kong-<kind>`,
`penalty-<kind>`, `rule-<key>`, `dealer`, `presets` and `example-<id>`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tablekeeper.rules import (
    DealtHand,
    FactItemInfo,
    HouseRules,
    OptionInfo,
    PatternInfo,
    PatternValue,
    Record,
    SettleResult,
    VariantInfo,
    fact_item_values,
    get_variant,
    method_payment,
    pattern_values,
    settle,
    table_rules,
)
from tablekeeper.rules.folder_data import worked_examples
from tablekeeper.rules.rule_words import value_key

from .house_rules import RuleChange, allowed_values, differences, rule_label, subset_items, value_words
from .reasons import Reason, reasons
from .reasons.record import record_lines
from .reasons.words import chinese, local, signed
from .tile_pictures import Picture, pattern_pictures, picture_of, pictured_win


@dataclass(frozen=True)
class Entry:
    """One scoring item: its anchor, name and value in the keeper's language, and a hand that shows it."""

    anchor: str
    name: str
    value: str = ""
    meaning: str = ""
    pictures: tuple[Picture, ...] = ()
    # False for a pattern this table's house rules do not play (`table_rules`), under a session's options.
    played: bool = True


@dataclass(frozen=True)
class RuleValue:
    words: str
    default: bool
    chosen: bool


@dataclass(frozen=True)
class HouseRule:
    anchor: str
    label: str
    plain: str
    values: list[RuleValue]
    range_words: str = ""


@dataclass(frozen=True)
class Example:
    anchor: str
    case_id: str
    record: list[str]
    options: list[RuleChange]
    ok: bool
    deltas: list[int]
    figure: list[str]
    lines: list[Reason]
    pictures: tuple[Picture, ...] = ()


@dataclass(frozen=True)
class Preset:
    anchor: str
    name: str
    changes: list[RuleChange]
    book_name: str = ""  # the rule book's name for it (RULES §9.7), where it differs from `name`


@dataclass
class Reference:
    variant: str
    name: str
    fact_items: list[Entry] = field(default_factory=list)
    patterns: list[Entry] = field(default_factory=list)
    kongs: list[Entry] = field(default_factory=list)
    penalties: list[Entry] = field(default_factory=list)
    dealer: str = ""
    several_winners: str = ""
    house_rules: list[HouseRule] = field(default_factory=list)
    presets: list[Preset] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    table_changes: list[RuleChange] = field(default_factory=list)


def seat_names() -> list[str]:
    return [_("Seat %(label)s") % {"label": seat + 1} for seat in range(4)]


def build_reference(
    variant_id: str, table_options: HouseRules | None = None, not_played: frozenset[str] = frozenset()
) -> Reference:
    """The reference of `variant_id`; with `table_options`, marked with this table's values, and the facts its
    city preset never marks (`not_played`, e.g. 承包 at 济南·途游) said to be not played."""
    info = get_variant(variant_id)
    english = not chinese()
    language = "en" if english else "zh"
    chosen = dict(table_options or {})
    examples = _examples(variant_id, info, table_options)
    pictures = _pictures(variant_id, info, table_options)
    # Under a session's options, the patterns this table does not play are marked as such, not offered, and
    # those it plays state this table's value (settled under its house rules), never the book's.
    played = set(table_rules(variant_id, table_options)["patterns"]) if table_options is not None else None
    table_values = pattern_values(variant_id, table_options) if table_options is not None else None
    return Reference(
        variant=variant_id,
        name=local(info["name"]),
        fact_items=[
            _fact_entry(variant_id, item, table_options, language)
            if item["id"] not in not_played
            else Entry(f"item-{item['id']}", local(item["name"]), "", played=False)
            for item in info["fact_items"]
        ],
        patterns=[
            Entry(
                f"item-{pattern['id']}",
                local(pattern["name"]),
                _pattern_value(pattern, table_values, language),
                _words(pattern.get("meaning_words"), language) or (str(pattern.get("meaning", "")) if english else ""),
                pictures.get(pattern["id"], ()),
                played is None or pattern["id"] in played,
            )
            for pattern in info["patterns"]
        ],
        kongs=[Entry(f"kong-{kind}", local(names)) for kind, names in info["fact_names"]["kong"].items()],
        penalties=[Entry(f"penalty-{kind}", local(names)) for kind, names in info["fact_names"]["penalty"].items()],
        dealer=_dealer_words(info),
        several_winners=_several_winners(variant_id, info, table_options),
        house_rules=[_house_rule(option, chosen) for option in info["options"]],
        presets=[
            Preset(
                f"preset-{preset['id']}",
                local(preset["name"]),
                differences(info, preset["options"]),
                book_name="" if preset["book_name"] == preset["name"] else local(preset["book_name"]),
            )
            for preset in info["presets"]
        ],
        examples=examples,
        table_changes=differences(info, chosen) if table_options is not None else [],
    )


def _pattern_value(pattern: PatternInfo, table_values: Mapping[str, PatternValue] | None, language: str) -> str:
    """The book's value on the variant's page; on a table's page, this table's value or none."""
    if table_values is None:
        return _words(pattern.get("value_words"), language) or (pattern.get("value", "") if language == "en" else "")
    value = table_values.get(pattern["id"])
    return _words(value["words"], language) if value else ""


def _fact_entry(variant_id: str, item: FactItemInfo, table_options: HouseRules | None, language: str) -> Entry:
    """A fact item as the book has it; on a table's page, as settling plain hands at this table gives it
    (`fact_item_values`): not played where no hand there names it, or names it without the figure the book's
    hands give it (Jinan's self-draw, doubled nowhere); else this table's figures, or for an item named with no
    figure (承包: who pays, not how much) the book's words."""
    anchor, name, book_words = f"item-{item['id']}", local(item["name"]), _fact_value(item, language)
    if table_options is None:
        return Entry(anchor, name, book_words)
    here = fact_item_values(variant_id, table_options).get(item["id"])
    book = fact_item_values(variant_id, None).get(item["id"])
    if here is None or (not here["figures"] and book is not None and book["figures"]):
        # A way of winning this table allows is played, whatever its lines call the payment (哈尔滨·网络版 charges
        # a robbed kong to the robbed player as a discard): say who pays what, never "not played".
        paid = _method_paid(variant_id, item["id"], table_options)
        return Entry(anchor, name, paid) if paid else Entry(anchor, name, "", played=False)
    if not here["figures"]:
        return Entry(anchor, name, book_words)
    return Entry(anchor, name, _words(here["words"], language))


def _method_paid(variant_id: str, method: str, table_options: HouseRules) -> str:
    """Who pays a plain win on a discard or a robbed kong at this table and how much, where the table plays it;
    else "" (a self-draw that no line doubles stays "not played": Jinan doubles it nowhere)."""
    paid = method_payment(variant_id, table_options, method) if method in ("discard", "rob_kong") else None
    if paid is None:
        return ""
    who, amount = paid
    if who == "alone":
        sentence = _("the robbed player pays %(n)s") if method == "rob_kong" else _("the discarder pays %(n)s")
        return sentence % {"n": amount}
    return _("each of the three others pays %(n)s") % {"n": amount}


def _fact_value(item: FactItemInfo, language: str) -> str:
    # Fact items' values are the engine's English sentence; a Chinese page shows them only in words of its own.
    return _words(item.get("value_words"), language) or (str(item.get("value", "")) if language == "en" else "")


def _words(words: object, language: str) -> str:
    """The engine's words in `language` only: a Chinese page never falls back to the English ones."""
    return str(words.get(language) or "") if isinstance(words, Mapping) else ""


def _several_winners(variant_id: str, info: VariantInfo, options: HouseRules | None) -> str:
    if table_rules(variant_id, options)["several_winners"]:
        return _("Several players may win on one discard.")
    if info["max_winners"] > 1:
        return _("Several players may win on one discard only when the house rule allows it.")
    return ""


def _dealer_words(info: VariantInfo) -> str:
    if info["dealer_rotation"] == "next_seat":
        return _("The dealer keeps the deal on winning; otherwise the deal passes to the next seat.")
    return _("The winner deals the next hand.")


def _house_rule(option: OptionInfo, chosen: HouseRules) -> HouseRule:
    key, kind, default = option["key"], option["type"], option["default"]
    current = chosen.get(key, default)
    plain = local(option.get("plain")) or (str(option.get("meaning", "")) if not chinese() else "")
    values: list[RuleValue] = []
    range_words = ""
    if kind == "bool":
        values = [RuleValue(value_words(option, value), value == default, value == current) for value in (True, False)]
    elif kind == "choice":
        values = [RuleValue(value_words(option, v), v == default, v == current) for v in allowed_values(option)]
    elif kind == "subset":
        values = [
            RuleValue(value_words(option, v), v in subset_items(default), v in subset_items(current))
            for v in allowed_values(option)
        ]
    else:
        bounds = option["allowed"] if isinstance(option["allowed"], dict) else None
        range_words = _("From %(least)s to %(most)s; usually %(usual)s.") % {
            "least": bounds["min"] if bounds else None,
            "most": bounds["max"] if bounds else None,
            "usual": value_words(option, default),
        }
        if current != default:
            values = [RuleValue(value_words(option, current), False, True)]
        if kind == "optional_int" and value_key(None) in (option.get("value_labels") or {}):
            values.append(RuleValue(value_words(option, None), default is None, current is None))
    return HouseRule(f"rule-{key}", rule_label(option), plain, values, range_words)


def _examples(variant_id: str, info: VariantInfo, table_options: HouseRules | None) -> list[Example]:
    """The variant folder's worked examples, each settled: under the house rules it names on the variant's
    page, under this table's house rules and base (and nothing else) on a table's page, so every figure there is
    what this table pays for the hand."""
    names = seat_names()
    shown = []
    for case in worked_examples(variant_id):
        options = (case.get("options") or {}) if table_options is None else table_options
        result = settle(variant_id, case["hand"], case.get("state"), options)
        deltas = list(result["deltas"])
        shown.append(
            Example(
                anchor=f"example-{case['id']}",
                case_id=str(case["id"]),
                record=record_lines(case["hand"], names, info),
                options=differences(info, options) if table_options is None else [],
                ok=bool(result["ok"]),
                deltas=deltas,
                figure=[
                    f"{names[seat]} {signed(delta)}" if delta else f"{names[seat]} 0"
                    for seat, delta in enumerate(deltas)
                ],
                lines=reasons(result["lines"], names, info) if result["ok"] else [],
                pictures=_example_pictures(case["hand"], info),
            )
        )
    return shown


def _example_pictures(hand: Record, info: VariantInfo) -> tuple[Picture, ...]:
    """The tiles of each win of a worked example that writes them."""
    pictures = []
    for win in hand.get("wins") or []:
        tiles = win.get("tiles")
        if isinstance(tiles, str):
            picture = picture_of(tiles, str(win.get("method")), hand.get("treasure"), info)
            if picture is not None:
                pictures.append(picture)
    return tuple(pictures)


def _pictures(
    variant_id: str, info: VariantInfo, table_options: HouseRules | None = None
) -> dict[str, tuple[Picture, ...]]:
    """A hand that shows each pattern: the variant folder's picture of it (pattern_tiles.json), else the
    tiles of a worked example whose win holds it, ticked or proven by the engine (its `tiles_prove` line).

    Each is settled here, and only a hand the engine accepts is drawn; on a table's page it is settled under
    the table's house rules, and a hand this table scores as another pattern (哈尔滨·网络版's single-wait 摸宝
    is 宝中宝) is not drawn as this one.
    """
    cases: list[tuple[str | None, DealtHand]] = list(pattern_pictures(variant_id).items())
    cases += [(None, case) for case in worked_examples(variant_id)]
    found: dict[str, tuple[Picture, ...]] = {}
    for pictured_pattern, case in cases:
        hand = case.get("hand")
        win = pictured_win(hand) if hand else None
        if hand is None or win is None:
            continue
        answer = settle(variant_id, hand, case.get("state"), case.get("options"))
        here = answer if table_options is None else settle(variant_id, hand, case.get("state"), table_options)
        if not answer["ok"] or not here["ok"]:
            continue
        picture = picture_of(str(win["tiles"]), str(win.get("method")), hand.get("treasure"), info)
        if picture is None:
            continue
        proven = [
            str(entry.get("item"))
            for line in answer["lines"]
            if line.get("code") == "tiles_prove" and line["params"].get("seat") == win.get("seat")
            for entry in line["params"].get("items") or []
        ]
        made = [*(win.get("patterns") or []), *proven]
        for pattern in [pictured_pattern] if pictured_pattern else made:
            if pattern not in made or (_paid_for(answer, pattern) and not _paid_for(here, pattern)):
                continue
            found.setdefault(str(pattern), (picture,))
    return found


def _paid_for(answer: SettleResult, item: str) -> bool:
    """Whether a payment line of `answer` names `item` among its factors or points."""
    return any(
        entry["item"] == item
        for line in answer["lines"]
        for entry in [*line["params"].get("factors", []), *line["params"].get("points", [])]
    )
