"""Starting, finishing and sharing sessions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tablekeeper.accounts.validators import player_name_key
from tablekeeper.rules import HouseRules, ProblemEntry, StartingState, check_options, variant_ids

from ..models import GameSession, Player, Round, Seat, engine_options_for, new_share_token, preset_ids, zero_totals
from ..models.table_fee_fields import TableFeeValues
from .outcomes import Conflict, OptionsRejected, Refused, returns_refusals
from .quotas import check_session_quota, lock_account
from .settlement import Ending, pot_contributions, pro_rata_refund, session_ending
from .table_fee import COLLECTIONS, HOURLY, KINDS, MINUTES_MAX, NETTED, NONE, PER_HAND, FeeRule


def find_or_create_player(owner: User, name: str) -> Player:
    """Reuse the keeper's player of that name (by `player_name_key`), so statistics follow the person.

    Two phones of one keeper starting sessions with the same new name at once both end with the
    one player: the loser of the race for the unique key rolls back its own savepoint only and
    reads the winner's row (PostgreSQL makes it wait until the winner commits).
    """
    name = " ".join(name.split())
    key = player_name_key(name)
    player = Player.objects.filter(owner=owner, name_key=key).first()
    if player is not None:
        return player
    try:
        with transaction.atomic():
            return Player.objects.create(owner=owner, name=name)
    except IntegrityError:
        return Player.objects.get(owner=owner, name_key=key)


def start_session(
    owner: User,
    *,
    variant: str,
    player_names: Sequence[str],
    first_dealer: int | None,
    starting_points: int,
    base: int,
    options: HouseRules,
    fee: TableFeeValues | None = None,
    city_preset: str = "",
    money_rate: Decimal | None = None,
    link_people: bool = True,
) -> GameSession:
    """Create a session with its four seats; `first_dealer=None` draws the dealer at random.
    `city_preset`: the id of the variant's preset the keeper started from ("" for none; an id the
    variant does not have is not kept).
    `fee`: the table fee's fields and the place (TableFeeFields), as a form or preset cleaned them.
    `money_rate`: yuan per point, so the board shows money during play (None: points only).
    `link_people`: a player of the keeper's linked to an account (its claim was accepted once) links its
    seat to that account from the start (an import, a copy of an evening already counted, does not)."""
    if len(player_names) != 4:
        raise ValueError("a session has exactly four players")
    if variant not in variant_ids():
        # The column takes any id (a new variant folder needs no migration): the registry decides.
        unknown: ProblemEntry = {
            "code": "unknown_variant",
            "field": "variant",
            "message": f"Unknown variant {variant!r}.",
        }
        raise OptionsRejected([unknown])
    checked = check_options(variant, engine_options_for(variant, options, base, starting_points))
    if not checked["ok"]:
        raise OptionsRejected(checked["errors"])
    dealer = random.randrange(4) if first_dealer is None else first_dealer
    with transaction.atomic():
        lock_account(owner)
        check_session_quota(owner)
        session = GameSession.objects.create(
            owner=owner,
            variant=variant,
            options=options,
            city_preset=city_preset if city_preset in preset_ids(variant) else "",
            base=base,
            starting_points=starting_points,
            first_dealer=dealer,
            state=StartingState(dealer=dealer, hand=1),
            money_rate=money_rate,
            **(fee or {}),
        )
        players = [find_or_create_player(owner, name) for name in player_names]
        people = linked_people(players) if link_people else [None] * 4
        Seat.objects.bulk_create(
            Seat(session=session, index=index, player=player, starting_points=starting_points, person_id=person)
            for index, (player, person) in enumerate(zip(players, people, strict=True))
        )
    return session


def linked_people(players: Sequence[Player]) -> list[int | None]:
    """The account each player's seat is linked to: the player's own, once per table (two of the keeper's
    names for one person seat only the first as that person)."""
    seen: set[int] = set()
    people: list[int | None] = []
    for player in players:
        person = player.person_id
        people.append(person if person is not None and person not in seen else None)
        if person is not None:
            seen.add(person)
    return people


@returns_refusals
def finish_session(session: GameSession, *, money_rate: Decimal | None = None) -> GameSession:
    """Close the session to changes and settle an unclaimed pot as the house rule says."""
    with transaction.atomic():
        locked = session.locked()
        if not locked.is_open:
            raise Refused(Conflict(_("This session is already finished.")))
        locked.status = GameSession.Status.FINISHED
        locked.finished = timezone.now()
        locked.money_rate = money_rate
        locked.pot_refund = _pot_refund(locked)
        locked.save_bumping_version("status", "finished", "money_rate", "pot_refund")
    return locked


def fee_rule_of(session: GameSession) -> FeeRule:
    """The session's table fee as the settle-up reads it; an hourly fee counts the minutes played
    (so far, for an open session)."""
    if session.fee_kind not in KINDS:
        return FeeRule(NONE)
    minutes = 0
    if session.fee_kind == HOURLY:
        seconds = (session.play_ended - session.play_started).total_seconds()
        minutes = min(max(int(seconds // 60), 0), MINUTES_MAX)
    return FeeRule(
        kind=session.fee_kind,
        amount=session.fee_amount,
        percent=session.fee_percent,
        self_draw_only=session.fee_self_draw_only,
        minutes=minutes,
    )


def wins_and_self_draws(session: GameSession) -> tuple[list[int], list[int]]:
    """How many hands each seat won, and won by self-draw, counted by the database from the hand
    columns (one query), for a per-hand table fee."""
    counts: dict[str, Any] = {}
    for seat in range(4):
        won = Q(**{f"gain_{seat}__isnull": False})
        counts[f"w{seat}"] = Count("pk", filter=won)
        counts[f"s{seat}"] = Count("pk", filter=won & Q(method="self_draw"))
    row = Round.objects.filter(session=session, result="win").aggregate(**counts)
    return [int(row[f"w{seat}"]) for seat in range(4)], [int(row[f"s{seat}"]) for seat in range(4)]


def ending_of(session: GameSession) -> Ending:
    """The settle-up as it stands: the pot refund applied, money at the rate, the table fee owed to the room."""
    rule = fee_rule_of(session)
    wins, self_draws = wins_and_self_draws(session) if rule.kind == PER_HAND else ((0,) * 4, (0,) * 4)
    return session_ending(
        session.totals,
        session.pot,
        session.pot_refund,
        rate=session.money_rate,
        fee=rule,
        wins=wins,
        self_draws=self_draws,
        collection=session.fee_collection if session.fee_collection in COLLECTIONS else NETTED,
    )


def _pot_refund(session: GameSession) -> list[int]:
    # Only a pot still waiting at the end is refunded; "stays" leaves it out of the standings.
    if not session.pot or session.option("pot_at_session_end") != "refund_pro_rata":
        return zero_totals()
    # Reads every hand's lines once, at the end, never on the board.
    rows = Round.objects.filter(session=session).order_by("number").values_list("lines", "state_after")
    return pro_rata_refund(session.pot, pot_contributions(rows))


@returns_refusals
def reopen_session(session: GameSession) -> GameSession:
    """Let hands be recorded and corrected again; the pot goes back to waiting for a winner."""
    with transaction.atomic():
        locked = session.locked()
        if locked.is_open:
            raise Refused(Conflict(_("This session is already open.")))
        locked.status = GameSession.Status.OPEN
        locked.finished = None
        locked.pot_refund = zero_totals()
        locked.save_bumping_version("status", "finished", "pot_refund")
    return locked


def set_money_rate(session: GameSession, money_rate: Decimal | None) -> GameSession:
    with transaction.atomic():
        locked = session.locked()
        locked.money_rate = money_rate
        locked.save_bumping_version("money_rate")
    return locked


def set_table_fee(session: GameSession, values: TableFeeValues) -> GameSession:
    """Change the table fee, the place or the playing times; the points stay as they are."""
    with transaction.atomic():
        locked = session.locked()
        for name, value in values.items():
            setattr(locked, name, value)
        locked.save_bumping_version(*values)
    return locked


def set_sharing(session: GameSession, *, enabled: bool, new_link: bool = False) -> GameSession:
    """Turn the read-only link on or off; a new link makes every earlier one stop working."""
    with transaction.atomic():
        locked = session.locked()
        locked.share_enabled = enabled
        if new_link:
            locked.share_token = new_share_token()
        locked.save_bumping_version("share_enabled", "share_token")
    return locked


def set_archived(session: GameSession, *, archived: bool) -> None:
    """Hide a session from the list (or bring it back); nothing else about it changes."""
    GameSession.objects.filter(pk=session.pk).update(archived=archived)
    session.archived = archived


def delete_session(session: GameSession) -> None:
    """Delete the session and everything that belongs to it: its hands, seats, corrections, keepers
    and invitations. Its players stay: they belong to the keeper and carry other sessions' statistics.

    Locked like a save: a hand being saved meanwhile finishes first (and is deleted with the rest)
    or, waiting for the lock, finds the session gone (a 404), never a half-deleted session."""
    with transaction.atomic():
        session.locked()
        GameSession.objects.filter(pk=session.pk).delete()
