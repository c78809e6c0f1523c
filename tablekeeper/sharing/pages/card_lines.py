"""The result card's lines in the keeper's words, each as a group chat writes it: who pays whom, the
fee and how the room was paid, the table's name and what it changed, the evening's titles, the playing
times. `card.card_data` puts them together."""

from __future__ import annotations

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tablekeeper.keeping.models import GameSession, city_presets
from tablekeeper.keeping.pages.board import EndingView, TransferView
from tablekeeper.keeping.services.evening import EveningFacts, big_winner_title, leaders
from tablekeeper.keeping.services.table_fee import EACH_OWN, NETTED, PAID_IN_CASH, yuan
from tablekeeper.reading.house_rules import differences
from tablekeeper.reading.reasons.words import chinese, local

# How the room was paid, as a few words after the fee (the form's choices explain more).
FEE_COLLECTION_SHORT = {
    NETTED: gettext_lazy("in the transfers above"),
    EACH_OWN: gettext_lazy("each pays the room their own"),
    PAID_IN_CASH: gettext_lazy("paid in cash during play"),
}


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


def fee_words(ending: EndingView, *, zh: bool) -> str:
    """The fee and how the room was paid: 台费 ¥20（已算进上面的转账）; nothing without a fee."""
    if not ending.room:
        return ""
    said = _("Table fee %(amount)s") % {"amount": yuan(ending.room)}
    how = str(FEE_COLLECTION_SHORT.get(ending.fee_collection, ""))
    return said + (f"（{how}）" if zh else f" ({how})")


def table_and_rules(session: GameSession) -> tuple[str, str]:
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


def evening_titles(session: GameSession, facts: EveningFacts, names: list[str]) -> list[str]:
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


def play_times(session: GameSession) -> str:
    """When the table played, 20:05–23:40: only the start while nothing has ended it."""
    start = timezone.localtime(session.play_started)
    end = session.played_until or session.finished
    if end is None:
        return formats.time_format(start, "H:i")
    return f"{formats.time_format(start, 'H:i')}–{formats.time_format(timezone.localtime(end), 'H:i')}"
