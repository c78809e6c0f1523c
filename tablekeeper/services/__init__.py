"""The bridge between Django and the rules engine: every write to a session goes through here."""

from .errors import Conflict, HandRejected, LaterChange, NeedsConfirmation, TokenSpent, hand_gone
from .hands import delete_hand, edit_hand, preview_hand, record_hand, table_before, undo_last_hand
from .keepers import (
    KeeperRefused,
    accept_invitation,
    add_keeper,
    answer_request,
    cancel_invitations,
    new_invitation,
    open_invitation,
    remove_keeper,
    request_keeper,
    sessions_kept_by,
    waiting_requests,
)
from .quotas import QuotaReached
from .sessions import (
    delete_session,
    find_or_create_player,
    finish_session,
    reopen_session,
    set_archived,
    set_money_rate,
    set_sharing,
    start_session,
)

__all__ = [
    "Conflict",
    "HandRejected",
    "KeeperRefused",
    "LaterChange",
    "NeedsConfirmation",
    "QuotaReached",
    "TokenSpent",
    "accept_invitation",
    "add_keeper",
    "answer_request",
    "cancel_invitations",
    "delete_hand",
    "delete_session",
    "edit_hand",
    "find_or_create_player",
    "finish_session",
    "hand_gone",
    "new_invitation",
    "open_invitation",
    "preview_hand",
    "record_hand",
    "remove_keeper",
    "reopen_session",
    "request_keeper",
    "sessions_kept_by",
    "set_archived",
    "set_money_rate",
    "set_sharing",
    "start_session",
    "table_before",
    "undo_last_hand",
    "waiting_requests",
]
