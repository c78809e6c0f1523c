"""Payment lines (RULES.md §0.7; codes documented in tablekeeper/rules/README.md), in the keeper's language.

Each function takes a line's params and the `Words` of the session and returns the sentence;
the numbers come from the params only, never from the engine's English.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from .words import Params, Words, bracketed, chinese, signed


def _pays(p: Params, w: Words, formula: str) -> str:
    people = {"payer": w.seat(p["payer"]), "payee": w.seat(p["payee"]), "amount": p["amount"]}
    return _("%(payer)s pays %(amount)s to %(payee)s: %(formula)s") % {**people, "formula": formula}


def _base(p: Params) -> str:
    return _("base %(base)s") % {"base": p["base"]}


def _product(p: Params, w: Words) -> str:
    return " × ".join([_base(p), *(w.factor(f) for f in p["factors"])]) + f" = {p['raw']}"


def flat(p: Params, w: Words) -> str:
    """A flat amount for one item, whichever variant pays it: "Bo pays 2 to Cy: Cy's concealed kong of 5万 2"."""
    item = w.item(p["item"])
    if tile := p.get("tile"):
        item += _(" of %(tile)s") % {"tile": w.tile(tile)}
    if p.get("owner") is not None:
        item = _("%(owner)s's %(item)s") % {"owner": w.seat(p["owner"]), "item": item}
    counted = f" {p['count']} × {p['value']} = {p['amount']}" if p["count"] != 1 else f" {p['value']}"
    return _pays(p, w, item + counted)


def win_product(p: Params, w: Words) -> str:
    formula = _product(p, w)
    capped = p["raw"] if p["cap"] is None else min(p["raw"], p["cap"])
    if capped < p["raw"]:
        formula += _(", capped at %(cap)s") % {"cap": p["cap"]}
    # Factors after the cap (a dealer's ×2 on top of 封顶) multiply what the cap left, one after another.
    for factor in p.get("after_cap") or []:
        formula += _("; %(factor)s after the cap: %(value)s × %(times)s = %(share)s") % {
            "factor": w.item(factor["item"]),
            "value": capped,
            "times": factor["factor"],
            "share": capped * factor["factor"],
        }
        capped *= factor["factor"]
    return _pays(p, w, formula)


def win_capped_share(p: Params, w: Words) -> str:
    formula = _product(p, w) + _("; the winner's total %(total)s is capped at %(cap)s, so this share is %(amount)s") % {
        "total": p["total"],
        "cap": p["cap"],
        "amount": p["amount"],
    }
    return _pays(p, w, formula)


def win_points(p: Params, w: Words) -> str:
    base = _base(p)
    points = base
    if p["points"]:
        points = " + ".join([base, *(w.points(entry) for entry in p["points"])]) + f" = {p['point_total']}"
    # A ×1 (drawn hands at a table where they raise nothing, in lines stored before it was left out) says nothing.
    factors = " · ".join(w.factor(f) for f in p["factors"] if f["factor"] != 1)
    capped = ""
    if p["cap"] is not None and p["cap_scope"] == "product" and p["multiplier"] < p["product"]:
        capped = _(", capped at ×%(cap)s") % {"cap": p["cap"]}
    elif p["cap"] is not None and p["cap_scope"] == "draw_multiplier" and p["multiplier"] < p["product"]:
        capped = _(", the drawn hands capped at ×%(cap)s") % {"cap": p["cap"]}
    if not factors and not capped and p["multiplier"] == 1:
        formula = points  # "base 5 + 3 flowers = 8", or only "base 1": nothing to multiply
    elif p["points"] or capped:
        multiplied = bracketed(f"{factors or '×1'}{capped}")
        formula = f"{bracketed(points)} × {multiplied} = {p['point_total']} × {p['multiplier']} = {p['value']}"
    else:
        formula = f"{base} × {bracketed(factors)} = {p['value']}"
    for factor in p["after_cap"]:
        formula += _("; %(factor)s after the cap: %(value)s × %(times)s = %(share)s") % {
            "factor": w.item(factor["item"]),
            "value": p["value"],
            "times": factor["factor"],
            "share": p["share"],
        }
    if p["shares"] > 1:
        formula += _("; %(reason)s: %(shares)s shares × %(share)s = %(amount)s") % {
            "reason": w.item(p["shares_reason"]),
            "shares": p["shares"],
            "share": p["share"],
            # the shares' total: Shandong's 漂 is added after it (below), so `amount` is not it
            "amount": p["before_side_bets"] if p.get("stakes") else p["amount"],
        }
    if p["instead_of"] is not None:
        formula += _("; paid instead of %(seat)s (%(liable)s)") % {
            "seat": w.seat(p["instead_of"]),
            "liable": w.item("liable"),
        }
    if p.get("stakes"):  # Shandong's 漂, added after the cap (RULES §9.5.8)
        formula += _("; side bets %(stakes)s = %(added)s: %(before)s + %(added)s = %(amount)s") % {
            "stakes": _stakes(p, w),
            "added": p["side_bets"],
            "before": p["before_side_bets"],
            "amount": p["amount"],
        }
    return _pays(p, w, formula)


def _stakes(p: Params, w: Words) -> str:
    return " + ".join(w.stake(entry) for entry in p["stakes"])


def win_stakes(p: Params, w: Words) -> str:
    formula = f"{_base(p)} × {bracketed(_stakes(p, w))}"
    if p["factors"]:
        if p["combine"] == "add_units":
            specials = " + ".join(["1", *(f"{w.item(f['item'])} {f['factor']}" for f in p["factors"])])
            formula += " × " + bracketed(f"{specials} = ×{p['multiplier']}")
        elif len(p["factors"]) == 1:  # one factor is its own product: "× 杠开 ×2", not "(杠开 ×2 = ×2)"
            formula += f" × {w.factor(p['factors'][0])}"
        else:
            specials = " · ".join(w.factor(f) for f in p["factors"])
            formula += " × " + bracketed(f"{specials} = ×{p['multiplier']}")
    formula += f" = {p['amount']}"
    if p["method"] == "discard":
        formula += _("; the discarder alone pays")
    elif p["method"] == "rob_kong":
        formula += _("; the robbed player alone pays")
    return _pays(p, w, formula)


def kong_bonus(p: Params, w: Words) -> str:
    kong = w.item(p["item"])
    if tile := p.get("tile"):
        kong += _(" of %(tile)s") % {"tile": w.tile(tile)}
    if p["side_bets"]:
        formula = f"{_base(p)} × {bracketed(_stakes(p, w))} = {p['amount']}"
    else:
        formula = _("base %(base)s (side bets do not count for kongs)") % {"base": p["base"]}
    return _pays(
        p, w, _("%(owner)s's %(kong)s, %(formula)s") % {"owner": w.seat(p["payee"]), "kong": kong, "formula": formula}
    )


def penalty(p: Params, w: Words) -> str:
    formula = " × ".join([f"{w.item(p['item'])} {p['value']}", *(w.factor(f) for f in p["factors"])])
    if p["factors"]:
        formula += f" = {p['amount']}"
    if p["count"] is not None:
        formula += _(" (%(count)s drawn hands in a row)") % {"count": p["count"]}
    return _pays(p, w, formula)


def pot_in(p: Params, w: Words) -> str:
    return _("%(payer)s pays %(amount)s into the pot: %(item)s %(count)s × %(value)s") % {
        "payer": w.seat(p["payer"]),
        "amount": p["amount"],
        "item": w.item(p["item"]),
        "count": p["count"],
        "value": p["value"],
    }


def pot_parts(waiting: int, paid_in: int) -> str:
    """What a pot holds: what waited from earlier hands and what this hand paid in."""
    parts = [_("%(points)s waiting from earlier hands") % {"points": waiting}] if waiting else []
    parts += [_("%(points)s paid in this hand") % {"points": paid_in}] if paid_in else []
    return " + ".join(parts)


def pot_out(p: Params, w: Words) -> str:
    return _("%(payee)s takes %(amount)s from the pot: %(parts)s") % {
        "payee": w.seat(p["payee"]),
        "amount": p["amount"],
        "parts": pot_parts(p["waiting"], p["paid_in"]),
    }


def adjustment(p: Params, w: Words) -> str:
    text = _("%(seat)s: manual adjustment %(amount)s") % {"seat": w.seat(p["seat"]), "amount": signed(p["amount"])}
    if not p.get("note"):
        return text
    return text + ("" if chinese() else " ") + bracketed(p["note"])


def total(p: Params, w: Words) -> str:
    return _("%(seat)s total %(amount)s") % {"seat": w.seat(p["seat"]), "amount": signed(p["amount"])}
