"""A session as a spreadsheet (CSV): one row per hand, each seat's change and total, in the keeper's language,
with every cell safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from django.utils.translation import gettext as _

from tablekeeper.reading.reasons.hand_words import method_text, result_text
from tablekeeper.reading.reasons.words import listed
from tablekeeper.rules import Record

from ..models import GameSession, Round, Seat
from .derived import is_manual_adjustment
from .sessions import ending_of
from .table_fee import NONE, fen_text


def _winners_and_method(record: Record, names: Sequence[str]) -> tuple[str, str]:
    """Who won (in the order entered) and how the first winner won, in the keeper's words."""
    wins = record.get("wins") or []
    if not wins:
        return "", ""
    winners = listed(names[win["seat"]] for win in wins)
    first = wins[0]
    return winners, method_text(str(first["method"]), first.get("from"), names)


# A spreadsheet runs a cell that starts with one of these as a formula; player names are typed by
# anyone at the table, so a name like "=HYPERLINK(...)" must arrive as plain text.
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """Text that a spreadsheet would read as a formula, prefixed with an apostrophe; numbers as they are."""
    if isinstance(cell, str) and cell.startswith(FORMULA_TRIGGERS):
        return "'" + cell
    return cell


def export_csv(session: GameSession, seats: Sequence[Seat]) -> str:
    """One row per hand: number, result, winners, how, each seat's change, pot, each seat's points after."""
    names = [seat.player.name for seat in seats]
    out = io.StringIO()
    writer = csv.writer(out)

    def write(cells: Sequence[object]) -> None:
        writer.writerow([spreadsheet_safe(cell) for cell in cells])

    # In the keeper's language, headers and values alike, as the printed summary says them; the JSON
    # export is the stable, machine-readable form.
    totals = [_("%(name)s total") % {"name": name} for name in names]
    # A pot column only where points can wait in one: elsewhere it would be a column of zeros.
    pot = session.variant_info["uses_pot"]
    write([_("Hand"), _("Result"), _("Winners"), _("How"), *names, *([_("Pot")] if pot else []), *totals])
    running = [seat.starting_points for seat in seats]
    for number, record, deltas, pot_delta in (
        Round.objects.filter(session=session).order_by("number").values_list("number", "record", "deltas", "pot_delta")
    ):
        running = [total + delta for total, delta in zip(running, deltas, strict=True)]
        winners, method = _winners_and_method(record, names)
        write(
            [
                number,
                result_text("manual_adjustment" if is_manual_adjustment(record) else str(record.get("result", ""))),
                winners,
                method,
                *deltas,
                *([pot_delta] if pot else []),
                *running,
            ]
        )
    if session.fee_kind != NONE:
        # The table fee is money, not a hand: one row of what each player pays and what the room gets.
        fee = ending_of(session).fee
        shares = [fen_text(paid) for paid in fee] if fee is not None else [""] * 4
        write(
            [
                _("table fee (yuan)"),
                "",
                "",
                _("the room gets %(amount)s") % {"amount": fen_text(sum(fee or []))},
                *shares,
            ]
        )
    return out.getvalue()
