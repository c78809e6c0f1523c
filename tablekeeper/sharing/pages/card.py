"""The result card: the evening's result as a picture for the group chat, and the same as text
ready to paste: a line per player and a line per transfer (`阿强→小李 ¥22`), the table's name,
rules, money rate, fee and titles (大赢家, 自摸最多, 点炮最多, 最大一手).

The server says everything (names, figures, words in the keeper's language) as data; the browser
only draws it (static/js/card.js on a <canvas>, offline, in the phone's own fonts).
"""

from __future__ import annotations

from datetime import datetime, time
from typing import TypedDict

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tablekeeper.keeping.models import GameSession, city_presets
from tablekeeper.keeping.pages.board import EndingView, TransferView, build_ending, seats_of
from tablekeeper.keeping.services.evening import EveningFacts, big_winner_title, evening_facts, leaders
from tablekeeper.keeping.services.table_fee import EACH_OWN, NETTED, PAID_IN_CASH, yuan
from tablekeeper.reading.house_rules import differences
from tablekeeper.reading.reasons.words import chinese, local

SEPARATOR_ZH, SEPARATOR_EN = "｜", " | "
# How the room was paid, as a few words after the fee (the form's choices explain more).
FEE_COLLECTION_SHORT = {
    NETTED: gettext_lazy("in the transfers above"),
    EACH_OWN: gettext_lazy("each pays the room their own"),
    PAID_IN_CASH: gettext_lazy("paid in cash during play"),
}


def session_number(session: GameSession) -> int:
    """Which session of the keeper's day this is (第3场): counted among the owner's sessions started
    the same local day, up to this one."""
    day = timezone.localtime(session.created).date()
    start = timezone.make_aware(datetime.combine(day, time.min))
    return GameSession.objects.filter(
        owner_id=session.owner_id, created__gte=start, created__lte=session.created
    ).count()


def transfer_words(ending: EndingView, *, zh: bool) -> list[str]:
    """One line per transfer, as a group chat reads it: 阿强 → 小李 ¥22 (points without a money rate)."""
    lines = []
    for transfer in ending.transfers:
        if transfer.in_cash:
            lines.append(_("%(payer)s paid %(payee)s %(amount)s in cash") % _transfer_names(transfer))
            continue
        if transfer.money is not None:
            amount = yuan(transfer.money)
        else:
            amount = ngettext("%(n)s point", "%(n)s points", transfer.amount or 0) % {"n": transfer.amount}
        arrow = "→" if zh else " → "
        lines.append(f"{transfer.payer}{arrow}{transfer.payee} {amount}")
    return lines


def _transfer_names(transfer: TransferView) -> dict[str, str]:
    return {"payer": transfer.payer, "payee": transfer.payee, "amount": yuan(transfer.money)}


def _rules_line(session: GameSession) -> tuple[str, str]:
    """The table's name (its city preset's, else the variant's) and its rules in one short line:
    what it changed from that preset or from the book."""
    preset = session.preset_shown
    shown = next((p for p in city_presets(session.variant) if p["id"] == session.city_preset), None)
    name = local(preset["name"]) if preset else local(session.variant_info["name"])
    baseline = dict(shown["options"]) if shown else None
    changes = differences(session.variant_info, session.options, baseline)
    if not changes:
        return name, _("The usual rules of %(name)s.") % {"name": name}
    said = ("；" if chinese() else "; ").join(rule.said for rule in changes)
    return name, ngettext(
        "%(name)s, %(n)s rule changed: %(rules)s", "%(name)s, %(n)s rules changed: %(rules)s", len(changes)
    ) % {"name": name, "n": len(changes), "rules": said}


def _titles(session: GameSession, facts: EveningFacts, names: list[str]) -> list[str]:
    """The evening's titles, each with its count: 大赢家, 自摸最多, 点炮最多, 最大一手."""
    joiner = "、" if chinese() else ", "
    big_winner = big_winner_title(session, names)
    titles = [big_winner] if big_winner else []
    for counts, words in (
        (facts.self_draws, _("Most self-draws: %(names)s, %(n)s")),
        (facts.deal_ins, _("Dealt in most: %(names)s, %(n)s")),
    ):
        seats = leaders(counts)
        if seats:
            titles.append(words % {"names": joiner.join(names[seat] for seat in seats), "n": counts[seats[0]]})
    if len(facts.biggest) == 1:
        ((number, seat, gain),) = facts.biggest
        titles.append(
            _("Biggest hand: hand %(number)s, %(name)s +%(points)s")
            % {"number": number, "name": names[seat], "points": gain}
        )
    elif facts.biggest:
        # Several hands tie for the biggest: each is named, and the title says it is a tie.
        hands = joiner.join(
            _("hand %(number)s %(name)s") % {"number": number, "name": names[seat]}
            for number, seat, _gain in facts.biggest
        )
        titles.append(
            _("Biggest hand, a tie: %(hands)s, +%(points)s each") % {"hands": hands, "points": facts.biggest[0][2]}
        )
    return titles


def _play_times(session: GameSession) -> str:
    start = timezone.localtime(session.play_started)
    end = session.played_until or session.finished
    if end is None:
        return formats.time_format(start, "H:i")
    return f"{formats.time_format(start, 'H:i')}–{formats.time_format(timezone.localtime(end), 'H:i')}"


def _qr_rows(url: str | None) -> list[str]:
    """The live share board's QR code as rows of 0 and 1, for the picture to draw (no image sent)."""
    if not url:
        return []
    import segno

    return ["".join("1" if cell else "0" for cell in row) for row in segno.make(url, error="m").matrix]


class CardPlayer(TypedDict):
    """One row of the standings as the picture draws it."""

    rank: int
    name: str
    points: int
    change: str  # signed: +62, -8, +0
    money: str | None  # after the fee, with ¥; None without a money rate
    fee: str | None  # this player's table fee, with ¥; None when they pay none


def card_data(session: GameSession, *, share_url: str | None = None) -> dict[str, object]:
    """Everything the picture and the text say, in the keeper's language."""
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    ending = build_ending(session, seats)
    facts = evening_facts(session)
    zh = chinese()
    number = session_number(session)
    date = formats.date_format(timezone.localtime(session.created), "DATE_FORMAT")
    table, rules_line = _rules_line(session)
    base = _("Base %(n)s") % {"n": session.base}
    rate = _("%(money)s a point") % {"money": yuan(session.money_rate)} if session.money_rate is not None else ""
    players: list[CardPlayer] = [
        {
            "rank": row.rank,
            "name": row.name,
            "points": row.points,
            "change": f"{row.change:+d}",
            "money": None if row.money is None else yuan(row.money),
            "fee": yuan(row.fee) if row.fee else None,
        }
        for row in ending.standings
    ]
    fee_line = ""
    if ending.room:
        fee_line = _("Table fee %(amount)s") % {"amount": yuan(ending.room)}
        how = str(FEE_COLLECTION_SHORT.get(ending.fee_collection, ""))
        fee_line += f"（{how}）" if zh else f" ({how})"
    corrected = (
        _("Corrected: hand %(numbers)s") % {"numbers": ("、" if zh else ", ").join(map(str, facts.corrected))}
        if facts.corrected
        else ""
    )
    title = _("Session %(n)s") % {"n": number}
    hands = session.hand_count
    status = (
        ngettext("Final, after %(n)s hand", "Final, after %(n)s hands", hands) % {"n": hands}
        if not session.is_open
        else ngettext("So far, after %(n)s hand", "So far, after %(n)s hands", hands) % {"n": hands}
    )
    times = _play_times(session)
    transfers = transfer_words(ending, zh=zh)
    titles = _titles(session, facts, names)
    separator = SEPARATOR_ZH if zh else SEPARATOR_EN
    text_lines = [
        separator.join(part for part in (title, f"{date} {times}", session.place) if part),
        separator.join(part for part in (table, base, rate) if part),
        rules_line,
        *(_player_said(player, zh=zh) for player in players),
        _("Who pays whom") + ("：" if zh else ":"),
        *(transfers or [_("Nobody owes anything.")]),
        fee_line,
        separator.join(titles),
        corrected,
    ]
    return {
        "title": title,
        "status": status,
        "date": date,
        "times": times,
        "place": session.place,
        "variant": table,
        "base": base,
        "rate": rate,
        "rules": rules_line,
        "players": players,
        "transfers": transfers,
        "fee": fee_line,
        "titles": titles,
        "corrected": corrected,
        "qr": _qr_rows(share_url),
        "text": "\n".join(line for line in text_lines if line),
        "words": {
            "rank": _("Rank"),
            "player": _("Player"),
            "points": _("Points"),
            "change": _("Change"),
            "money": _("After the fee") if ending.room else _("Money"),
            "pays": _("Who pays whom"),
            "nobody": _("Nobody owes anything."),
            "scan": _("Scan for the live board"),
            "copied": _("Copied. Paste it in the group chat."),
            "copy_failed": _("Could not copy; select the text and copy it by hand."),
            "alt": _("Result card: %(title)s, %(variant)s") % {"title": title, "variant": table},
        },
        "open": session.is_open,
    }


def _player_said(player: CardPlayer, *, zh: bool) -> str:
    """小李 +62 ¥62，扣台费后 ¥22: the points, the money and, with a fee, what is left after it."""
    said = f"{player['rank']}. {player['name']} {player['change']}"
    if player["money"] is None:
        return said
    if player["fee"] is None:
        return f"{said} {player['money']}"
    after = _("%(money)s after a %(fee)s table fee") % {"money": player["money"], "fee": player["fee"]}
    return f"{said}，{after}" if zh else f"{said}, {after}"
