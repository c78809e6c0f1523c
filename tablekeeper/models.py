"""Django reads an app's models from `tablekeeper.models`: TableKeeper's live with their concern
(`keeping/models/`, `players/models.py`, `accounts/models.py`) and are gathered here, so that the one app
keeps one migration history and every table keeps its name. The migrations name the field defaults
below by this path."""

from .accounts.models import AccountName, KnownDevice, RateCounter
from .keeping.models import (
    ClaimBar,
    Correction,
    GameSession,
    Invitation,
    Keeper,
    KeeperRequest,
    Player,
    Round,
    Seat,
    SeatClaim,
    SpentToken,
    TablePreset,
    new_invitation_token,
    new_share_token,
    zero_totals,
)
from .players.models import PlayerGroup

__all__ = [
    "AccountName",
    "ClaimBar",
    "Correction",
    "GameSession",
    "Invitation",
    "Keeper",
    "KeeperRequest",
    "KnownDevice",
    "Player",
    "PlayerGroup",
    "RateCounter",
    "Round",
    "Seat",
    "SeatClaim",
    "SpentToken",
    "TablePreset",
    "new_invitation_token",
    "new_share_token",
    "zero_totals",
]
