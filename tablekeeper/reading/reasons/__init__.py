"""The engine's reasons in the keeper's language (RULES.md §0.7).

The engine gives every line a stable `code` and `params` (seats as numbers, items as ids); this
package turns them into sentences through Django's message catalogue, with the players' names
and the variant's own names for its items. It never reads the engine's English `text`.
Engine *errors* (a hand refused) are not reasons: `refusals` says them from their codes, with the
engine's English, names put in for P0-P3 (`error_with_names`), as detail.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from django.urls import reverse
from django.utils.translation import gettext as _

from tablekeeper.rules import ReasonLine, VariantInfo

from . import notes, payments
from .refusals import error_with_names
from .words import Params, Words, signed

Renderer = Callable[[Params, Words], str]

RENDERERS: dict[str, Renderer] = {
    "flat": payments.flat,
    "win_product": payments.win_product,
    "win_capped_share": payments.win_capped_share,
    "win_points": payments.win_points,
    "win_stakes": payments.win_stakes,
    "kong_bonus": payments.kong_bonus,
    "penalty": payments.penalty,
    "pot_in": payments.pot_in,
    "pot_out": payments.pot_out,
    "adjustment": payments.adjustment,
    "total": payments.total,
    "win": notes.win,
    "tiles_legal": notes.tiles_legal,
    "tiles_prove": notes.tiles_prove,
    "draw": notes.draw,
    "void": notes.void,
    "dealer": notes.dealer,
    "pot_waits": notes.pot_waits,
    "pending_doubles": notes.pending_doubles,
    "note": notes.note,
}


@dataclass(frozen=True)
class Reason:
    """One rendered line, and what kind of line it is (a payment, a seat's total, or a note)."""

    text: str
    kind: str
    # Where the rules reference explains this line (`reading/reference.py`'s anchors), or "" for none; a
    # link, not part of what the line says, so two lines that say the same are equal.
    href: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text


def reasons(lines: Iterable[ReasonLine], names: Sequence[str], variant_info: VariantInfo) -> list[Reason]:
    """Every line, said in the active language with the players' names, each linked to the item of
    the variant's rules reference it is about (so the board, the hand page and the preview all link)."""
    lines = list(lines)
    words = _hand_words(lines, names, variant_info)
    said = [(line, reason) for line in lines if (reason := render(line, words)) is not None]
    variant = variant_info.get("id")
    if not isinstance(variant, str) or not variant:
        return [reason for _line, reason in said]
    page = reverse("variant_rules", args=[variant])
    patterns = frozenset(pattern["id"] for pattern in variant_info["patterns"])
    known = patterns | {item["id"] for item in variant_info["fact_items"]}
    return [
        replace(reason, href=f"{page}#{anchor}") if (anchor := reference_anchor(line, patterns, known)) else reason
        for line, reason in said
    ]


# Lines about no single item: the part of the reference that explains them.
SECTION_ANCHORS = {
    # A win paid at the base alone names no item (推倒胡's plain discard win): how a hand is won says it.
    "win_product": "how-won",
    "dealer": "dealer",
    "draw": "how-won",
    "void": "kongs",
    "pot_waits": "how-won",
    "pending_doubles": "how-won",
    "tiles_legal": "patterns",
}


def reference_anchor(line: ReasonLine, patterns: frozenset[str], known: frozenset[str]) -> str:
    """The anchor of the rules reference (`tablekeeper/reading/reference.py`) a line is about: the item it
    names (its own `item`; else, of its factors, points or stakes, the first that is a pattern, which
    is what makes this hand's payment what it is, or the first of them), the winner's method, or a
    section; "" for a line the reference has nothing on (a total, an adjustment). An item the variant
    does not name (`known`: its patterns and fact items) links to the section on how a hand is won."""
    code, params = line.get("code"), line.get("params")
    if not isinstance(params, Mapping):
        return ""
    item = _line_item(code, params, patterns)
    if item is not None:
        return f"item-{item}" if item in known else "how-won"
    return SECTION_ANCHORS.get(str(code), "")


def _line_item(code: str, params: Params, patterns: frozenset[str]) -> str | None:
    if isinstance(params.get("item"), str):
        return str(params["item"])
    named = [
        str(entry["item"])
        for key in ("factors", "points", "stakes", "items")
        if isinstance(params.get(key), list)
        for entry in params[key]
        if isinstance(entry, Mapping) and entry.get("item")
    ]
    if named:
        return next((item for item in named if item in patterns), named[0])
    if code == "win" and isinstance(params.get("method"), str):
        return str(params["method"])
    return None


def _hand_words(lines: list[ReasonLine], names: Sequence[str], variant_info: VariantInfo) -> Words:
    words = Words(names, variant_info)
    words.paid = any(isinstance(line.get("amount"), int) and line.get("amount") for line in lines)
    return words


# The lines that say how a hand ended (who won how, a draw, a void hand), in the engine's order.
HEADLINE_CODES = frozenset({"win", "draw", "void"})
# Said after them: penalties paid into the pot (露牌), which the seat changes alone do not explain.
HEADLINE_ALSO_CODES = frozenset({"pot_in"})


def headline(lines: Iterable[ReasonLine], names: Sequence[str], variant_info: VariantInfo) -> str:
    """One line saying how a hand ended, for the board's last-hand strip: the engine's win, draw or
    void notes (several winners make several sentences), else its first line that says anything."""
    lines = list(lines)
    words = _hand_words(lines, names, variant_info)
    rendered = [(line.get("code") in HEADLINE_CODES, render(line, words)) for line in lines]
    said = [reason.text for ends, reason in rendered if ends and reason is not None]
    if not said:
        return next((reason.text for _ends, reason in rendered if reason is not None), "")
    # What a seat paid into the pot (Shenyang's 露牌) is part of what happened, not only of the payments.
    paid_in = [render(line, words) for line in lines if line.get("code") in HEADLINE_ALSO_CODES]
    return " · ".join([" ".join(said), *(reason.text for reason in paid_in if reason is not None)])


def render(line: ReasonLine, words: Words) -> Reason | None:
    code = line.get("code")
    params = line.get("params")
    kind = "note" if line.get("amount") is None else ("total" if code == "total" else "payment")
    renderer = RENDERERS.get(code) if isinstance(code, str) else None
    if renderer is not None and isinstance(params, Mapping):
        try:
            return Reason(renderer(params, words), kind)
        except (KeyError, TypeError, IndexError, ValueError):
            pass  # a line this version does not know how to read: say only what moved, below
    # Data from an older or newer engine: what moved is still shown; a note without words is left out.
    amount, seat = line.get("amount"), line.get("seat")
    if isinstance(amount, int) and amount:
        return Reason(_("%(seat)s %(amount)s") % {"seat": words.seat(seat), "amount": signed(amount)}, kind)
    return None


__all__ = ["RENDERERS", "Reason", "error_with_names", "reasons", "render"]
