"""The result card: the evening's result as a picture for the group chat, and the same as one line
of text in the form groups post (`第3场｜沈阳｜底分2｜老王 +35（¥35）｜…｜台费 ¥200`).

The server says everything (names, figures, words in the keeper's language) as data; the browser
only draws it (static/js/card.js on a <canvas>, offline, in the phone's own fonts).
"""

from __future__ import annotations

from datetime import datetime, time
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import Max
from django.http import Http404, HttpResponse
from django.template.response import TemplateResponse
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from ..house_rules import differences
from ..http import HtmxHttpRequest
from ..models import GameSession, Round
from ..reasons.words import chinese
from ..services.table_fee import fen_text
from ..templatetags.local_words import local
from .access import kept_session
from .board import EndingView, build_ending, seats_of

SEPARATOR_ZH, SEPARATOR_EN = "｜", " | "


def yuan(amount: Any) -> str:
    """¥ and the amount without trailing zeros: ¥35, ¥35.5, ¥12.35, -¥8."""
    text = fen_text(round(amount * 100)) if amount is not None else ""
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return f"-¥{text[1:]}" if text.startswith("-") else f"¥{text}"


def session_number(session: GameSession) -> int:
    """Which session of the keeper's day this is (第3场): counted among the owner's sessions started
    the same local day, up to this one."""
    day = timezone.localtime(session.created).date()
    start = timezone.make_aware(datetime.combine(day, time.min))
    return GameSession.objects.filter(
        owner_id=session.owner_id, created__gte=start, created__lte=session.created
    ).count()


def biggest_hand(session: GameSession, names: list[str]) -> tuple[int, str, int] | None:
    """The evening's biggest win: (hand number, winner, points), from the stored gain columns."""
    columns = Round.GAIN_COLUMNS
    best = Round.objects.filter(session=session).aggregate(**{column: Max(column) for column in columns})
    gains = [(value, seat) for seat, value in enumerate(best[column] for column in columns) if value is not None]
    if not gains:
        return None
    gain, seat = max(gains, key=lambda pair: (pair[0], -pair[1]))
    number = (
        Round.objects.filter(session=session, **{Round.GAIN_COLUMNS[seat]: gain})
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    return (number or 0, names[seat], int(gain))


def transfer_words(ending: EndingView) -> list[str]:
    lines = []
    for transfer in ending.transfers:
        amount = yuan(transfer.money) if transfer.amount is None else str(transfer.amount)
        if transfer.amount is not None and transfer.money is not None:
            amount = f"{transfer.amount} ({yuan(transfer.money)})"
        lines.append(f"{transfer.payer} → {transfer.payee} {amount}")
    return lines


def card_data(session: GameSession) -> dict[str, Any]:
    """Everything the picture and the text say, in the keeper's language."""
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    ending = build_ending(session, seats)
    zh = chinese()
    number = session_number(session)
    date = formats.date_format(timezone.localtime(session.created), "DATE_FORMAT")
    variant = local(session.variant_info["name"])
    base = _("Base %(n)s") % {"n": session.base}
    rules = differences(session.variant_info, session.options)
    rules_line = (
        _("House rules changed from the usual:") + " " + "; ".join(rule.said for rule in rules)
        if rules
        else _("House rules: the usual ones.")
    )
    players = [
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
    biggest = biggest_hand(session, names)
    biggest_line = (
        _("Biggest hand: hand %(number)s, %(name)s +%(points)s")
        % {"number": biggest[0], "name": biggest[1], "points": biggest[2]}
        if biggest
        else ""
    )
    fee_line = _("Table fee %(amount)s") % {"amount": yuan(ending.room)} if ending.room else ""
    title = _("Session %(n)s") % {"n": number}
    hands = session.hand_count
    status = (
        ngettext("Final, after %(n)s hand", "Final, after %(n)s hands", hands) % {"n": hands}
        if not session.is_open
        else ngettext("So far, after %(n)s hand", "So far, after %(n)s hands", hands) % {"n": hands}
    )
    # The group-chat line: players by rank, each with the money when there is a rate.
    said_players = []
    for player in players:
        said = f"{player['name']} {player['change']}"
        if player["money"] is not None:
            said += f"（{player['money']}）" if zh else f" ({player['money']})"
        said_players.append(said)
    parts = [title, date, session.place, variant, base, *said_players, fee_line]
    text = (SEPARATOR_ZH if zh else SEPARATOR_EN).join(part for part in parts if part)
    return {
        "title": title,
        "status": status,
        "date": date,
        "place": session.place,
        "variant": variant,
        "base": base,
        "rules": rules_line,
        "players": players,
        "transfers": transfer_words(ending),
        "fee": fee_line,
        "biggest": biggest_line,
        "text": text,
        "words": {
            "rank": _("Rank"),
            "player": _("Player"),
            "points": _("Points"),
            "change": _("Change"),
            "money": _("After the fee") if ending.room else _("Money"),
            "pays": _("Who pays whom"),
            "nobody": _("Nobody owes anything."),
            "copied": _("Copied. Paste it in the group chat."),
            "copy_failed": _("Could not copy; select the text and copy it by hand."),
            "alt": _("Result card: %(title)s, %(variant)s") % {"title": title, "variant": variant},
        },
        "open": session.is_open,
    }


@login_required
@require_GET
def session_card(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    session = kept_session(request, session_id)
    return TemplateResponse(request, "sessions/card.html", {"session": session, "card": card_data(session)})


@require_GET
def shared_card(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The same card for whoever holds the share link: anyone at the table can post it."""
    session = GameSession.objects.filter(share_token=token, share_enabled=True).first()
    if session is None:
        raise Http404("This link does not exist or was turned off.")
    context = {"session": session, "card": card_data(session), "shared": True}
    response = TemplateResponse(request, "sessions/card.html", context)
    response["Cache-Control"] = "private, no-cache"
    return response
