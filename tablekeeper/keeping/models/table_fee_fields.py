"""The table fee's columns, shared by sessions and presets (an abstract model, kept out of keeping/models/)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TypedDict

from django.db import models
from django.utils.translation import gettext_lazy as _

PLACE_MAX_LENGTH = 40


class TableFeeValues(TypedDict, total=False):
    """The table fee's fields and the place (and, for a session, its playing times) as a form, a preset or
    an import gives them: a session or a preset takes them as they are."""

    fee_kind: str
    fee_amount: Decimal
    fee_percent: Decimal
    fee_self_draw_only: bool
    fee_collection: str
    place: str
    played_from: datetime | None
    played_until: datetime | None


class TableFeeFields(models.Model):
    """The table fee (台费) a session charges, and where it is played: kept by presets too.

    Money, never points: the settle-up takes it from the players and owes it to the room.
    """

    class FeeKind(models.TextChoices):
        NONE = "none", _("No table fee")
        PER_PLAYER = "per_player", _("A fixed amount from each player")
        HOURLY = "hourly", _("The room's rate per hour, split evenly")
        BIG_WINNER = "big_winner", _("The big winner pays it all")
        WINNER_SHARE = "winner_share", _("A share of each winner's winnings")
        PER_HAND = "per_hand", _("An amount from each hand's winner")

    class FeeCollection(models.TextChoices):
        NETTED = "netted", _("Settled with the winnings (fewest transfers)")
        EACH_OWN = "each_own", _("Each player pays their own fee to the room")
        PAID_IN_CASH = "paid_in_cash", _("Already paid in cash during play")

    fee_kind = models.CharField(max_length=12, choices=FeeKind.choices, default=FeeKind.NONE)
    fee_collection = models.CharField(max_length=12, choices=FeeCollection.choices, default=FeeCollection.NETTED)
    # Yuan: per player, per hour, the whole fee or per hand, as fee_kind says.
    fee_amount = models.DecimalField(max_digits=8, decimal_places=2, default=Decimal(0))
    fee_percent = models.DecimalField(max_digits=5, decimal_places=2, default=Decimal(0))
    fee_self_draw_only = models.BooleanField(default=False)
    place = models.CharField(max_length=PLACE_MAX_LENGTH, blank=True, default="")

    class Meta:
        abstract = True
