"""Table presets: a keeper's saved rules (and players) for starting the next session in one tap."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tablekeeper.accounts.validators import character_problem, has_control_characters, player_name_problems
from tablekeeper.rules import check_options, variant_ids

from ..models import (
    BASE_RANGE,
    MAX_PRESETS,
    PRESET_NAME_MAX_LENGTH,
    STARTING_POINTS_RANGE,
    GameSession,
    TablePreset,
    engine_options_for,
)
from ..models.table_fee_fields import PLACE_MAX_LENGTH, TableFeeFields, TableFeeValues
from .quotas import lock_account
from .sessions import start_session
from .table_fee import AMOUNT_MAX, COLLECTIONS, KINDS, PERCENT_MAX


class PresetRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def clean_preset_name(raw: str) -> str:
    problem = character_problem(raw)
    if problem is not None:
        raise PresetRefused(problem)
    name = " ".join(raw.split())
    if not name:
        raise PresetRefused(_("Give the preset a name, e.g. “Thursday table”."))
    if len(name) > PRESET_NAME_MAX_LENGTH:
        raise PresetRefused(_("A preset's name is at most %(most)s characters.") % {"most": PRESET_NAME_MAX_LENGTH})
    return name


def _check(preset: TablePreset) -> None:
    """Refuse a preset the engine would not start a session with (a hostile or outdated one)."""
    in_range = BASE_RANGE[0] <= preset.base <= BASE_RANGE[1]
    in_range &= STARTING_POINTS_RANGE[0] <= preset.starting_points <= STARTING_POINTS_RANGE[1]
    if not in_range or preset.variant not in variant_ids() or not isinstance(preset.options, dict):
        raise PresetRefused(_("This preset's rules are not valid any more; start the session by hand."))
    scored = engine_options_for(preset.variant, preset.options, preset.base, preset.starting_points)
    if set(preset.options) - set(scored) or not check_options(preset.variant, scored)["ok"]:
        raise PresetRefused(_("This preset's rules are not valid any more; start the session by hand."))
    if not fee_fields_valid(preset):
        raise PresetRefused(_("This preset's table fee is not valid any more; start the session by hand."))
    names = preset.player_names
    if names and (not isinstance(names, list) or len(names) != 4 or player_name_problems([str(n) for n in names])):
        raise PresetRefused(_("This preset's players are not valid any more; start the session by hand."))


def save_preset(owner: User, session: GameSession, raw_name: str) -> TablePreset:
    """Save `session`'s variant, house rules, base, starting points and players under a name;
    a preset of the same name is replaced (saving "Thursday" again updates it)."""
    name = clean_preset_name(raw_name)
    preset = TablePreset(
        owner=owner,
        name=name,
        variant=session.variant,
        options=dict(session.options),
        base=session.base,
        starting_points=session.starting_points,
        player_names=[seat.player.name for seat in session.seats.select_related("player").order_by("index")],
        **fee_fields_of(session),
    )
    _check(preset)
    with transaction.atomic():
        # Two taps of Save at once would both find no preset of that name and both insert it (an
        # IntegrityError on PostgreSQL): one waits for the other and then replaces its preset,
        # so both answer as the first did.
        lock_account(owner)
        existing = TablePreset.objects.select_for_update().filter(owner=owner, name=name).first()
        if existing is not None:
            preset.pk, preset.created = existing.pk, existing.created
        elif TablePreset.objects.filter(owner=owner).count() >= MAX_PRESETS:
            raise PresetRefused(_("You can keep at most %(most)s presets; delete one first.") % {"most": MAX_PRESETS})
        preset.save()
    return preset


def rename_preset(preset: TablePreset, raw_name: str) -> None:
    name = clean_preset_name(raw_name)
    try:
        with transaction.atomic():
            TablePreset.objects.filter(pk=preset.pk).update(name=name)
    except IntegrityError:
        raise PresetRefused(_("You already have a preset called %(name)s.") % {"name": name}) from None
    preset.name = name


def start_from_preset(preset: TablePreset) -> GameSession:
    """A new session with the preset's rules and players; the first dealer is drawn at random."""
    _check(preset)
    if not preset.player_names:
        raise PresetRefused(_("This preset has no players; fill them in below."))
    return start_session(
        preset.owner,
        variant=preset.variant,
        player_names=[str(name) for name in preset.player_names],
        first_dealer=None,
        starting_points=preset.starting_points,
        base=preset.base,
        options=dict(preset.options),
        fee=fee_fields_of(preset),
    )


def fee_fields_of(source: TableFeeFields) -> TableFeeValues:
    return {
        "fee_kind": source.fee_kind,
        "fee_amount": source.fee_amount,
        "fee_percent": source.fee_percent,
        "fee_self_draw_only": source.fee_self_draw_only,
        "fee_collection": source.fee_collection,
        "place": source.place,
    }


def fee_fields_valid(source: TableFeeFields) -> bool:
    """The bounds the forms hold a fee to, checked again on a stored preset."""
    amount, percent = source.fee_amount, source.fee_percent
    return (
        source.fee_kind in KINDS
        and source.fee_collection in COLLECTIONS
        and 0 <= amount <= AMOUNT_MAX
        and 0 <= percent <= PERCENT_MAX
        and len(source.place) <= PLACE_MAX_LENGTH
        and not has_control_characters(source.place)
    )


# A second tap of 再来一场 within this time lands on the session the first tap started.
AGAIN_TWIN_WINDOW = timedelta(minutes=2)
AGAIN_DEALERS = ("random", "next")


def play_again(session: GameSession, keeper: User, *, dealer: str) -> GameSession:
    """再来一场: a new session for `keeper` with `session`'s players in the same seats, its variant, city
    preset, house rules, base, starting points, money rate and table fee. `dealer` is "random" or
    "next" (whoever would have dealt the next hand of `session`).

    A double tap, or the same tap from a second phone, finds the session the first one started (the
    same table, started moments ago, with no hand recorded) rather than starting a second."""
    if dealer not in AGAIN_DEALERS:
        raise PresetRefused(_("Choose who deals first."))
    seats = list(session.seats.select_related("player").order_by("index"))
    names = [seat.player.name for seat in seats]
    first_dealer = None if dealer == "random" else int((session.state or {}).get("dealer", session.first_dealer))
    with transaction.atomic():
        lock_account(keeper)
        twin = _just_started_twin(session, keeper, names)
        if twin is not None:
            return twin
        again = start_session(
            keeper,
            variant=session.variant,
            player_names=names,
            first_dealer=first_dealer,
            starting_points=session.starting_points,
            base=session.base,
            options=dict(session.options),
            fee=fee_fields_of(session),
            city_preset=session.city_preset,
            money_rate=session.money_rate,
        )
    return again


def _just_started_twin(session: GameSession, keeper: User, names: list[str]) -> GameSession | None:
    recent = GameSession.objects.filter(
        owner=keeper,
        variant=session.variant,
        base=session.base,
        starting_points=session.starting_points,
        hand_count=0,
        status=GameSession.Status.OPEN,
        created__gte=timezone.now() - AGAIN_TWIN_WINDOW,
    ).exclude(pk=session.pk)
    for candidate in recent.order_by("-created")[:5]:
        seated = list(candidate.seats.order_by("index").values_list("player__name", flat=True))
        if seated == names and candidate.options == session.options:
            return candidate
    return None
