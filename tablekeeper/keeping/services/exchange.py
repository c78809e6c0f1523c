"""Export and import: JSON that round-trips a session losslessly, and CSV for spreadsheets.

The JSON holds the settings and the hand records, the source of truth; the totals ride along only
so that an import can prove its replay reproduced them.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any, TypedDict

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from tablekeeper.accounts.validators import has_control_characters, player_name_problems
from tablekeeper.reading.reasons.refusals import explained, refusals
from tablekeeper.rules import HouseRules, Record, replay, variant_ids

from ..models import (
    BASE_RANGE,
    MONEY_RATE_MAX,
    PLAYED_EARLIEST,
    PLAYED_LATEST,
    STARTING_POINTS_RANGE,
    GameSession,
    Round,
    Seat,
    SessionState,
    house_rule_keys,
    zero_totals,
)
from ..models.table_fee_fields import PLACE_MAX_LENGTH, TableFeeValues
from .derived import derived_columns, totals_of
from .outcomes import OptionsRejected
from .sessions import finish_session, start_session
from .table_fee import AMOUNT_MAX, COLLECTIONS, KINDS, MINUTES_MAX, NETTED, NONE, PERCENT_MAX

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


class ImportedSettings(TypedDict):
    """An export's session settings, checked: `start_session`'s arguments."""

    variant: str
    player_names: list[str]
    first_dealer: int
    starting_points: int
    base: int
    options: HouseRules


class ExportedFee(TypedDict):
    kind: str
    amount: str
    percent: str
    self_draw_only: bool
    collection: str


class SessionExport(TypedDict):
    """A session as its JSON export writes it (FORMAT, FORMAT_VERSION); an import reads it back."""

    format: str
    version: int
    variant: str
    options: HouseRules
    base: int
    starting_points: int
    first_dealer: int
    players: list[str]
    status: str
    money_rate: str | None
    created: str
    table_fee: ExportedFee
    place: str
    played_from: str
    played_until: str | None
    hands: list[Record]
    totals: list[int]
    pot: int


def export_session(session: GameSession, seats: Sequence[Seat]) -> SessionExport:
    records = list(Round.objects.filter(session=session).order_by("number").values_list("record", flat=True))
    ended = session.played_until or session.finished
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
        "table_fee": {
            "kind": session.fee_kind,
            "amount": str(session.fee_amount),
            "percent": str(session.fee_percent),
            "self_draw_only": session.fee_self_draw_only,
            "collection": session.fee_collection,
        },
        "place": session.place,
        # When play started and ended as the settle-up counts it, so an hourly fee comes back the same.
        "played_from": session.play_started.isoformat(),
        "played_until": None if ended is None else ended.isoformat(),
        "hands": records,
        "totals": list(session.totals),
        "pot": session.pot,
    }


class AlreadyImported(Exception):
    """The account already has this export's session: asked about, never a silent twin (the players
    page would count the evening twice). `session` is the one already here; `played` its date."""

    def __init__(self, session: GameSession, played: date) -> None:
        super().__init__(f"already imported as session {session.pk}")
        self.session = session
        self.played = played


# What makes an export the same evening: its settings, players, hands and the time it began.
_FINGERPRINTED = ("variant", "options", "base", "starting_points", "first_dealer", "players", "created", "hands")


def export_fingerprint(data: Mapping[str, object]) -> str:
    """A digest of what an export is, stored with the session it became."""
    same = {key: data.get(key) for key in _FINGERPRINTED}
    return hashlib.sha256(json.dumps(same, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _in_range(moment: datetime | None) -> datetime | None:
    """`moment` when it is an aware time PLAYED_EARLIEST..PLAYED_LATEST, else None."""
    if moment is None or moment.tzinfo is None:
        return None
    try:
        return moment if PLAYED_EARLIEST <= moment < PLAYED_LATEST else None
    except OverflowError:  # year 1 or 9999 shifted by its offset past what datetime holds
        return None


def _exported_at(data: Mapping[str, object]) -> datetime | None:
    created = data.get("created")
    try:
        when = datetime.fromisoformat(created) if isinstance(created, str) and len(created) <= 40 else None
    except ValueError:
        return None
    return _in_range(when)


def _already_here(owner: User, fingerprint: str) -> GameSession | None:
    """The owner's session imported from this same export before."""
    return GameSession.objects.filter(owner=owner, import_fingerprint=fingerprint).order_by("pk").first()


def import_session(owner: User, data: Any, *, ask_if_imported: bool = False) -> GameSession:
    """A new session for `owner` from an export: the records are replayed, and must give its totals.

    `ask_if_imported` (the import page): an export this account imported before raises
    AlreadyImported, so that the keeper is asked first. Scripts and tests import as often as they like."""
    settings = _checked_settings(data)
    records = data.get("hands") or []
    if not isinstance(records, list) or not all(isinstance(record, dict) for record in records):
        raise ImportRefused(_("The file's hands must be a list of hand records."))
    if len(records) > MAX_IMPORT_HANDS:
        raise ImportRefused(
            _("The file has %(count)s hands; a session can import at most %(most)s.")
            % {"count": len(records), "most": MAX_IMPORT_HANDS}
        )
    fee = table_fee_of(data)
    fingerprint = export_fingerprint(data)
    with transaction.atomic():
        try:
            session = start_session(owner, **settings, fee=fee, link_people=False)
        except OptionsRejected as rejected:
            said = explained(_("The file's house rules are not valid: %(why)s"), refusals(rejected.errors, []))
            raise ImportRefused(said.text, said.detail) from None
        # Looked for after start_session took the account's lock: a double-tapped Import asks too.
        twin = _already_here(owner, fingerprint) if ask_if_imported else None
        if twin is not None:
            began = _exported_at(data)
            raise AlreadyImported(twin, timezone.localtime(began or twin.created).date())
        session.import_fingerprint = fingerprint
        session.save(update_fields=["import_fingerprint"])
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
            finished = finish_session(session, money_rate=_money_rate(data.get("money_rate")))
            # A session this import started is open until here: nothing else can have finished it.
            assert isinstance(finished, GameSession), finished
            session = finished
    return session


def table_fee_of(data: Mapping[str, object]) -> TableFeeValues:
    """The table fee, place and playing times of an export (none in an older one), in the forms' bounds."""
    fee = data.get("table_fee") or {"kind": NONE}
    if not isinstance(fee, dict) or fee.get("kind") not in KINDS:
        raise ImportRefused(_("The file's table fee is not one this app knows."))
    amount = _decimal_in(fee.get("amount", "0"), AMOUNT_MAX)
    percent = _decimal_in(fee.get("percent", "0"), PERCENT_MAX)
    # An export made before the fee could be paid apart settled it with the winnings.
    collection = fee.get("collection", NETTED)
    if collection not in COLLECTIONS:
        raise ImportRefused(_("The file's table fee is not one this app knows."))
    place = data.get("place") or ""
    if not isinstance(place, str) or len(place) > PLACE_MAX_LENGTH or has_control_characters(place):
        raise ImportRefused(_("The file's place is not a short line of text."))
    started, ended = _moment(data.get("played_from")), _moment(data.get("played_until"))
    if (
        started is not None
        and ended is not None
        and not timedelta(0) < ended - started <= timedelta(minutes=MINUTES_MAX)
    ):
        raise ImportRefused(_("The file's playing times are out of range."))
    return {
        "fee_kind": fee["kind"],
        "fee_amount": amount,
        "fee_percent": percent,
        "fee_self_draw_only": fee.get("self_draw_only") is True,
        "fee_collection": collection,
        "place": place,
        "played_from": started,
        "played_until": ended,
    }


def _decimal_in(value: Any, most: Decimal) -> Decimal:
    try:
        number = Decimal(value) if isinstance(value, str) and len(value) <= 12 else None
    except InvalidOperation:
        number = None
    if (
        number is None
        or not number.is_finite()
        or not 0 <= number <= most
        or number != number.quantize(Decimal("0.01"))
    ):
        raise ImportRefused(_("The file's table fee is out of range."))
    return number.quantize(Decimal("0.01"))


def _moment(value: Any) -> datetime | None:
    if value is None:
        return None
    try:
        moment = parse_datetime(value) if isinstance(value, str) and len(value) <= 40 else None
    except ValueError:  # well formed, but no such day or hour
        moment = None
    moment = _in_range(moment)
    if moment is None:
        raise ImportRefused(_("The file's playing times are out of range."))
    return moment


def _four_whole_numbers(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 4 and all(type(item) is int for item in value)


def _checked_settings(data: Any) -> ImportedSettings:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused(_("This is not a TableKeeper session export."))
    if data.get("version") != FORMAT_VERSION:
        raise ImportRefused(_("This export's format version is not one this app reads."))
    players = data.get("players")
    if data.get("variant") not in variant_ids():
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


def _replay_into(session: GameSession, records: list[Record], owner: User) -> None:
    """Store `records` as the session's hands: hand records as the file says, which the replay checks."""
    result = replay(session.variant, records, session.engine_options(), session.starting_state())
    if not result["ok"]:
        index = result["first_error"] or 0
        names = [seat.player.name for seat in Seat.objects.filter(session=session).select_related("player")]
        said = refusals(result["results"][index]["errors"], names, records[index])
        why = explained(_("Hand %(number)s cannot be scored: %(why)s"), said, number=index + 1)
        raise ImportRefused(why.text, why.detail)
    rows = []
    # Tokens no one can guess: a phone's retried Save names its hand by token, and a guessable one
    # ("import-3") would let a Save that was never stored be answered as if it were hand 3.
    batch = secrets.token_urlsafe(12)
    state: SessionState = session.starting_state()
    totals, passes = zero_totals(), 0
    for number, (record, scored) in enumerate(zip(records, result["results"], strict=True), start=1):
        values = derived_columns(record, scored, totals, state_before=state, passes_before=passes)
        totals, state, passes = totals_of(values), scored["state"], values["deal_passes"]
        rows.append(
            Round(
                session=session,
                number=number,
                record=record,
                client_token=f"import-{batch}-{number}",
                entered_by=owner,
                **values,
            )
        )
    Round.objects.bulk_create(rows, batch_size=500)
    session.totals = list(result["totals"])
    session.state = result["state"]
    session.hand_count = len(records)
    session.save_bumping_version("totals", "state", "hand_count")
