"""Note lines (no points move): who won how, the tiles, draws, the dealer, the pot, and fixed remarks."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .payments import pot_parts
from .words import Params, Words, listed


def win(p: Params, w: Words) -> str:
    who = {"winner": w.seat(p["winner"]), "from": w.seat(p["from"])}
    if p["method"] == "discard":
        return _("%(winner)s wins on %(from)s's discard.") % who
    if p["method"] == "rob_kong":
        return _("%(winner)s wins by robbing %(from)s's kong.") % who
    return _("%(winner)s wins by self-draw.") % who


def tiles_legal(p: Params, w: Words) -> str:
    seat = w.seat(p["seat"])
    readings = p["readings"]
    if readings is None:
        return _("%(seat)s's tiles are a legal win.") % {"seat": seat}
    return ngettext(
        "%(seat)s's tiles are a legal win (%(readings)s reading).",
        "%(seat)s's tiles are a legal win (%(readings)s readings; the best one is scored).",
        readings,
    ) % {"seat": seat, "readings": readings}


def tiles_prove(p: Params, w: Words) -> str:
    items = listed(
        w.item(entry["item"]) + (f" ×{entry['count']}" if entry["count"] > 1 else "") for entry in p["items"]
    )
    return _("The tiles show %(items)s for %(seat)s.") % {"items": items, "seat": w.seat(p["seat"])}


def draw(p: Params, w: Words) -> str:
    if p["next_multiplier"] in (None, 1):  # a table whose drawn hands raise nothing (lines stored before said ×1)
        # `paid`: something was paid in the drawn hand (kongs, a penalty); lines stored before it was
        # written say it through the other lines of the hand.
        if p.get("paid", w.paid):
            return _("Drawn hand: nobody won.")
        return _("Drawn hand: nobody pays.")
    return ngettext(
        "Drawn hand: the next win counts ×%(multiplier)s.",
        "Drawn hand, %(draws)s in a row: the next win counts ×%(multiplier)s.",
        p["draws"],
    ) % {"draws": p["draws"], "multiplier": p["next_multiplier"]}


def void(p: Params, w: Words) -> str:
    return _("Hand void: %(dealer)s deals again; it does not count as a drawn hand.") % {"dealer": w.seat(p["dealer"])}


DEALER_SENTENCES = {
    "dealer_won": gettext_lazy("%(dealer)s won and keeps the deal."),
    "drawn_hand": gettext_lazy("%(dealer)s keeps the deal after the drawn hand."),
    "next_seat": gettext_lazy("Next dealer: %(dealer)s, the seat after %(previous)s."),
    "winner": gettext_lazy("Next dealer: %(dealer)s, the winner."),
    "discarder": gettext_lazy("Next dealer: %(dealer)s, who discarded the tile several players won on."),
    "first_robber": gettext_lazy("Next dealer: %(dealer)s, the first to rob the kong after its owner."),
    "kong_declarer": gettext_lazy("Next dealer: %(dealer)s, whose kong was robbed."),
}


def dealer(p: Params, w: Words) -> str:
    text = str(DEALER_SENTENCES[p["reason"]]) % {"dealer": w.seat(p["dealer"]), "previous": w.seat(p["previous"])}
    if p["kept"] and p["streak"]:
        text += _(" Streak: %(streak)s.") % {"streak": p["streak"]}
    return text


def pot_waits(p: Params, w: Words) -> str:
    return _("The pot of %(pot)s waits for the next winner: %(parts)s.") % {
        "pot": p["pot"],
        "parts": pot_parts(p["waiting"], p["paid_in"]),
    }


def pending_doubles(p: Params, w: Words) -> str:
    return _("Doubles owed this hand: %(owed)s; %(used)s used, %(carried)s carried to the next hand.") % {
        "owed": p["owed"],
        "used": p["used"],
        "carried": p["carried_out"],
    }


NOTE_SENTENCES = {
    "winner_counts_as_ready": gettext_lazy("%(seat)s counts as ready: every Harbin winner has declared ready."),
    "clamp_not_on_bao_zhong_bao": gettext_lazy("%(seat)s's clamp does not double treasure within treasure."),
    "single_wait_treasure": gettext_lazy(
        "%(seat)s's clamp is a single wait: at this table a treasure drawn on a single wait is treasure within "
        "treasure."
    ),
    "self_draw_stacks": gettext_lazy(
        "%(seat)s's self-drawn treasure win also counts the self-draw ×2 at this table; a plain self-draw counts it "
        "once."
    ),
    "bloom_kong_unlisted": gettext_lazy(
        "%(seat)s's kong for the kong bloom is not in the hand's kongs, so the kong itself is not doubled; add it."
    ),
    "discarder_kong_unlisted": gettext_lazy("%(seat)s's kong before the discard is not in the hand's kongs."),
    "kongs_void_on_draw": gettext_lazy("Kongs pay nothing in a drawn hand."),
    "kongs_only_winner": gettext_lazy("Only the winner's kongs are paid (house rule)."),
    "draw_count_reset": gettext_lazy("A hand was won: the count of drawn hands starts again."),
}


def note(p: Params, w: Words) -> str:
    return str(NOTE_SENTENCES[p["note"]]) % {"seat": w.seat(p["seat"])}
