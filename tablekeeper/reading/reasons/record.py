"""A hand record (RULES.md §0.2) said in the keeper's language, line by line, for the hand's page
and its audit trail: who won and how, the patterns, each seat's facts, the kongs, the penalties,
the treasure. Never a raw code: kinds and values are named as the form names them
(reading/reasons/fact_names.py, from the engine's `fact_names`), items by the variant's own names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tablekeeper.rules import RecordKong, RecordPenalty, RecordSeat, RecordWin, VariantInfo

from ..corrected_hands import CorrectedHand
from . import notes
from .fact_names import kong_kind_name, penalty_name, ready_name
from .words import HONOURS_ZH, SUITS_ZH, Words, chinese, listed, signed


def _said(name: str, what: str) -> str:
    return _("%(name)s: %(what)s") % {"name": name, "what": what}


def _win(win: RecordWin, words: Words) -> str:
    said = notes.win({"winner": win.get("seat"), "from": win.get("from"), "method": win.get("method")}, words)
    patterns = list(win.get("patterns") or [])
    named = [
        words.item(pattern) + (f" ×{patterns.count(pattern)}" if patterns.count(pattern) > 1 else "")
        for pattern in dict.fromkeys(patterns)
    ]
    if named:
        said += " " + _("Patterns: %(patterns)s.") % {"patterns": listed(named)}
    if win.get("flowers"):
        said += " " + _("Flowers: %(n)s.") % {"n": win["flowers"]}
    if win.get("tiles"):
        said += " " + _("Tiles: %(tiles)s.") % {"tiles": tiles_said(str(win["tiles"]))}
    if win.get("liable") is not None:  # 承包 named on this win (RULES §0.2)
        said += " " + _("%(name)s pays all (liable)") % {"name": words.seat(win["liable"])}
    return said


_TILE_RUN = re.compile(r"([1-9]+)([mpsz])")


def tiles_said(notation: str) -> str:
    """The winning tiles as a Chinese keeper reads them: [123万] [白白白] 45678条 东东 胡4条; the
    notation of RULES.md §0.3 as it is in English (its letters are the English suits)."""
    if not chinese():
        return notation

    def run(match: re.Match[str]) -> str:
        digits, suit = match.group(1), match.group(2)
        if suit == "z":
            return "".join(HONOURS_ZH.get(f"{digit}z", digit) for digit in digits)
        return f"{digits}{SUITS_ZH[suit]}"

    said = _TILE_RUN.sub(run, notation)
    return re.sub(r"\s*\+\s*", " " + pgettext("winning tile", "won on "), said).strip()


def _seat_facts(seat: int, facts: RecordSeat, words: Words, info: VariantInfo) -> str | None:
    parts = []
    if facts.get("opened") is False:
        parts.append(_("Closed"))
    if facts.get("ready") not in (None, "none"):
        parts.append(ready_name(str(facts["ready"]), info))
    if facts.get("side_bet"):
        # In the variant's own word: Zhengzhou's 下跑, Shandong's 漂.
        parts.append(_("%(item)s %(value)s") % {"item": words.item("side_bet"), "value": facts["side_bet"]})
    return _said(words.seat(seat), listed(parts)) if parts else None


def _kong(kong: RecordKong, words: Words, info: VariantInfo) -> str:
    said = _said(words.seat(kong.get("seat")), kong_kind_name(str(kong.get("kind")), info))
    if kong.get("tile"):
        said += f" {words.tile(str(kong['tile']))}"
    if kong.get("from") is not None:
        said += _(" (from %(name)s)") % {"name": words.seat(kong["from"])}
    return said


def _penalty(penalty: RecordPenalty, words: Words, info: VariantInfo) -> str:
    if penalty.get("kind") == "adjustment":
        moves = [
            f"{words.seat(seat)} {signed(delta)}" for seat, delta in enumerate(penalty.get("deltas") or []) if delta
        ]
        said = _("Adjustment: %(moves)s") % {"moves": listed(moves)}
        return f"{said} ({penalty['note']})" if penalty.get("note") else said
    said = _said(words.seat(penalty.get("seat")), penalty_name(str(penalty.get("kind")), info))
    return f"{said} ×{penalty['count']}" if (penalty.get("count") or 1) > 1 else said


def record_lines(record: CorrectedHand, names: Sequence[str], info: VariantInfo) -> list[str]:
    """What the keeper entered for one hand, in sentences."""
    words = Words(names, info)
    if "result" not in record:
        # A re-score under the rule book's new law (migration 0017): the figures before or after, not a record.
        points = listed(f"{words.seat(seat)} {signed(int(delta))}" for seat, delta in enumerate(record["deltas"]))
        return [_("Points: %(points)s.") % {"points": points}]
    result = record.get("result")
    lines = [_win(win, words) for win in record.get("wins") or []] if result == "win" else []
    if result == "draw":
        lines.append(_("Draw"))
    elif result == "void":
        # 诈胡 only where someone was charged one; a void hand in another variant costs nobody anything.
        penalties = record.get("penalties") or []
        charged = any(penalty.get("kind") == "false_win" for penalty in penalties)
        manual = bool(penalties) and all(penalty.get("kind") == "adjustment" for penalty in penalties)
        if manual:
            lines.append(_("Saved as a manual adjustment: the rules did not accept the facts entered."))
        else:
            lines.append(_("Void (false win)") if charged else _("Void (no one pays)"))
    seats = [_seat_facts(seat, facts or {}, words, info) for seat, facts in enumerate(record.get("seats") or [])]
    lines += [line for line in seats if line]
    lines += [_("Kong: %(kong)s") % {"kong": _kong(kong, words, info)} for kong in record.get("kongs") or []]
    lines += [_("Penalty: %(penalty)s") % {"penalty": _penalty(p, words, info)} for p in record.get("penalties") or []]
    if record.get("turned_up"):  # the tile the table turned up, beside the wild it made
        lines.append(_said(_("Tile turned up"), words.tile(str(record["turned_up"]))))
    if record.get("treasure"):
        wilds = info["wilds"]
        name = (wilds["name"]["zh" if chinese() else "en"] if wilds else "") or _("Treasure tile")
        lines.append(_said(name, words.tile(str(record["treasure"]))))
    count_names = {count["id"]: count["name"] for count in info["counts"]}
    for count_id, value in (record.get("counts") or {}).items():
        named = count_names.get(count_id)
        lines.append(_said(named["zh" if chinese() else "en"] if named else count_id, str(value)))
    if record.get("dice_double"):
        lines.append(_("Dealer rolled a double"))
    if record.get("liable") is not None:
        lines.append(_("%(name)s pays all (liable)") % {"name": words.seat(record["liable"])})
    return lines
