"""Export and import: JSON that round-trips a session losslessly, and CSV for spreadsheets.

The JSON holds the settings and the hand records, the source of truth; the totals ride along only
so that an import can prove its replay reproduced them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import (
    BASE_RANGE,
    MONEY_RATE_MAX,
    STARTING_POINTS_RANGE,
    GameSession,
    Round,
    Seat,
    house_rule_keys,
    zero_totals,
)
from ..reasons.refusals import explained, refusals
from ..rules import VARIANT_IDS, replay
from ..validators import player_name_problems
from .derived import derived_columns, is_manual_adjustment, totals_of
from .errors import HandRejected
from .sessions import finish_session, start_session

FORMAT = "tablekeeper-session"
FORMAT_VERSION = 1
# Far beyond any night at the table, and short enough to correct quickly: deleting hand 1 of a
# 2000-hand session re-scores every later hand (their hand numbers all change) in about 0.4 s on
# SQLite and 0.7 s on PostgreSQL on a small machine, under the one second a session's lock may be held.
MAX_IMPORT_HANDS = 2000


class ImportRefused(Exception):
    """Why a file cannot be imported; `detail` is the engine's own English when it refused a hand."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


def export_session(session: GameSession, seats: Sequence[Seat]) -> dict[str, Any]:
    records = list(Round.objects.filter(session=session).order_by("number").values_list("record", flat=True))
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "variant": session.variant,
        "options": session.options,
        "base": session.base,
        "starting_points": session.starting_points,
        "first_dealer": session.first_dealer,
        "players": [seat.player.name for seat in seats],
        "status": session.status,
        "money_rate": None if session.money_rate is None else str(session.money_rate),
        "created": session.created.isoformat(),
        "hands": records,
        "totals": list(session.totals),
        "pot": session.pot,
    }


def import_session(owner: User, data: Any) -> GameSession:
    """A new session for `owner` from an export: the records are replayed, and must give its totals."""
    settings = _checked_settings(data)
    records = data.get("hands") or []
    if not isinstance(records, list) or not all(isinstance(record, dict) for record in records):
        raise ImportRefused(_("The file's hands must be a list of hand records."))
    if len(records) > MAX_IMPORT_HANDS:
        raise ImportRefused(
            _("The file has %(count)s hands; a session can import at most %(most)s.")
            % {"count": len(records), "most": MAX_IMPORT_HANDS}
        )
    with transaction.atomic():
        try:
            session = start_session(owner, **settings)
        except HandRejected as rejected:
            said = explained(_("The file's house rules are not valid: %(why)s"), refusals(rejected.errors, []))
            raise ImportRefused(said.text, said.detail) from None
        if records:
            _replay_into(session, records, owner)
        if "totals" in data and not _four_whole_numbers(data["totals"]):
            raise ImportRefused(_("The file's totals must be four whole numbers."))
        if "totals" in data and data["totals"] != session.totals:
            raise ImportRefused(
                _("Replaying the hands gives totals %(got)s, not the %(expected)s the file says; nothing imported.")
                % {"got": session.totals, "expected": data["totals"]}
            )
        if data.get("status") == GameSession.Status.FINISHED:
            session = finish_session(session, money_rate=_money_rate(data.get("money_rate")))
    return session


def _four_whole_numbers(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 4 and all(type(item) is int for item in value)


def _checked_settings(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused(_("This is not a TableKeeper session export."))
    if data.get("version") != FORMAT_VERSION:
        raise ImportRefused(_("This export's format version is not one this app reads."))
    players = data.get("players")
    if data.get("variant") not in VARIANT_IDS:
        raise ImportRefused(_("The file names a variant this app does not know."))
    if not isinstance(players, list) or len(players) != 4 or not all(isinstance(p, str) for p in players):
        raise ImportRefused(_("The file must name four players."))
    # The start form's own checks: a name the form would refuse is refused here, never cut or merged.
    for seat, message in player_name_problems(players):
        raise ImportRefused(_("Player %(seat)s in the file: %(why)s") % {"seat": seat + 1, "why": message})
    numbers = [data.get("base"), data.get("starting_points"), data.get("first_dealer")]
    if not all(isinstance(number, int) and not isinstance(number, bool) for number in numbers):
        raise ImportRefused(_("The file's base, starting points and first dealer must be whole numbers."))
    if (
        not 0 <= data["first_dealer"] <= 3
        or not BASE_RANGE[0] <= data["base"] <= BASE_RANGE[1]
        or not STARTING_POINTS_RANGE[0] <= data["starting_points"] <= STARTING_POINTS_RANGE[1]
    ):
        raise ImportRefused(_("The file's first dealer, base or starting points are out of range."))
    if not isinstance(data.get("options", {}), dict):
        raise ImportRefused(_("The file's house rules must be an object."))
    known = house_rule_keys(data["variant"])
    unknown = sorted(set(data.get("options", {})) - known)
    if unknown:
        # start_session would drop them quietly; an import that loses a rule is not lossless.
        raise ImportRefused(
            _("The file has house rules this variant does not have: %(keys)s") % {"keys": ", ".join(unknown)}
        )
    return {
        "variant": data["variant"],
        "player_names": players,
        "first_dealer": data["first_dealer"],
        "starting_points": data["starting_points"],
        "base": data["base"],
        "options": data.get("options", {}),
    }


def _money_rate(value: Any) -> Decimal | None:
    if value in (None, ""):
        return None
    try:
        rate = Decimal(str(value)) if isinstance(value, (str, int, float)) else None
    except InvalidOperation:
        rate = None
    if rate is None or not rate.is_finite():
        raise ImportRefused(_("The file's money rate is not a number."))
    # The same bounds as the form on the board: never negative, at most two decimal places.
    if not 0 <= rate <= MONEY_RATE_MAX or rate != rate.quantize(Decimal("0.01")):
        raise ImportRefused(_("The file's money rate is out of range."))
    return rate.quantize(Decimal("0.01"))


def _replay_into(session: GameSession, records: list[dict[str, Any]], owner: User) -> None:
    result = replay(session.variant, records, session.engine_options(), session.starting_state())
    if not result["ok"]:
        index = result["first_error"] or 0
        names = [seat.player.name for seat in Seat.objects.filter(session=session).select_related("player")]
        said = refusals(result["results"][index]["errors"], names, records[index])
        why = explained(_("Hand %(number)s cannot be scored: %(why)s"), said, number=index + 1)
        raise ImportRefused(why.text, why.detail)
    rows = []
    totals, state, passes = zero_totals(), session.starting_state(), 0
    for number, (record, scored) in enumerate(zip(records, result["results"], strict=True), start=1):
        values = derived_columns(record, scored, totals, state_before=state, passes_before=passes)
        totals, state, passes = totals_of(values), scored["state"], values["deal_passes"]
        rows.append(
            Round(
                session=session,
                number=number,
                record=record,
                client_token=f"import-{number}",
                entered_by=owner,
                **values,
            )
        )
    Round.objects.bulk_create(rows, batch_size=500)
    session.totals = list(result["totals"])
    session.state = result["state"]
    session.hand_count = len(records)
    session.save_bumping_version("totals", "state", "hand_count")


def _winners_and_method(record: dict[str, Any], names: Sequence[str]) -> tuple[str, str]:
    wins = record.get("wins") or []
    if not wins:
        return "", ""
    winners = " + ".join(names[win["seat"]] for win in wins)
    first = wins[0]
    method = str(first["method"])
    if first.get("from") is not None:
        method = f"{method} {names[first['from']]}"
    return winners, method


# A spreadsheet runs a cell that starts with one of these as a formula; player names are typed by
# anyone at the table, so a name like "=HYPERLINK(...)" must arrive as plain text.
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """Text that a spreadsheet would read as a formula, prefixed with an apostrophe; numbers as they are."""
    if isinstance(cell, str) and cell.startswith(FORMULA_TRIGGERS):
        return "'" + cell
    return cell


def export_csv(session: GameSession, seats: Sequence[Seat]) -> str:
    """One row per hand: number, result, winners, method, each seat's change, pot, each seat's points after."""
    names = [seat.player.name for seat in seats]
    out = io.StringIO()
    writer = csv.writer(out)

    def write(cells: Sequence[object]) -> None:
        writer.writerow([spreadsheet_safe(cell) for cell in cells])

    write(["hand", "result", "winners", "method", *names, "pot", *[_("%(name)s total") % {"name": n} for n in names]])
    running = [seat.starting_points for seat in seats]
    for number, record, deltas, pot_delta in (
        Round.objects.filter(session=session).order_by("number").values_list("number", "record", "deltas", "pot_delta")
    ):
        running = [total + delta for total, delta in zip(running, deltas, strict=True)]
        winners, method = _winners_and_method(record, names)
        result = "manual_adjustment" if is_manual_adjustment(record) else record.get("result", "")
        write([number, result, winners, method, *deltas, pot_delta, *running])
    return out.getvalue()
