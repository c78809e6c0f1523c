"""The result card: the evening's result as a picture for the group chat, and the same as text
ready to paste: a line per player and a line per transfer (`阿强→小李 ¥22`), the table's name,
rules, money rate, fee and titles (大赢家, 自摸最多, 点炮最多, 最大一手).

The server says everything (names, figures, words in the keeper's language) as data; the browser
only draws it (static/js/card.js on a <canvas>, offline, in the phone's own fonts). The transfers,
the fee, the rules, the titles and the times are said in `card_lines`; here the card is put together.
"""

from __future__ import annotations

from datetime import datetime, time
from typing import TypedDict

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.pages.board import build_ending, seats_of
from tablekeeper.keeping.services.evening import evening_facts
from tablekeeper.keeping.services.table_fee import yuan
from tablekeeper.reading.reasons.words import chinese

from .card_lines import evening_titles, fee_words, play_times, table_and_rules, transfer_words

SEPARATOR_ZH, SEPARATOR_EN = "｜", " | "


def session_number(session: GameSession) -> int:
    """Which session of the keeper's day this is (第3场): counted among the owner's sessions started
    the same local day, up to this one."""
    day = timezone.localtime(session.created).date()
    start = timezone.make_aware(datetime.combine(day, time.min))
    return GameSession.objects.filter(
        owner_id=session.owner_id, created__gte=start, created__lte=session.created
    ).count()


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
    table, rules_line = table_and_rules(session)
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
    fee_line = fee_words(ending, zh=zh)
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
    times = play_times(session)
    transfers = transfer_words(ending, zh=zh)
    titles = evening_titles(session, facts, names)
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
