"""The bridge between Django and the rules engine: every write to a session goes through here."""

from .errors import Conflict, HandRejected
from .hands import delete_hand, edit_hand, preview_hand, record_hand, undo_last_hand
from .sessions import (
    find_or_create_player,
    finish_session,
    reopen_session,
    set_money_rate,
    set_sharing,
    start_session,
)

__all__ = [
    "Conflict",
    "HandRejected",
    "delete_hand",
    "edit_hand",
    "find_or_create_player",
    "finish_session",
    "preview_hand",
    "record_hand",
    "reopen_session",
    "set_money_rate",
    "set_sharing",
    "start_session",
    "undo_last_hand",
]
