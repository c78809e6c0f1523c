"""Who may open which session: the owner, the keepers they invited, nobody else.

Anyone who is neither owner nor keeper gets 404, as if the session did not exist (a removed
keeper included). A keeper who tries one of the owner's own actions gets 403: they know the
session exists, so pretending otherwise would only confuse them.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

from tablekeeper.web.http import HtmxHttpRequest, current_user

from ..models import GameSession
from ..services import session_kept_by


def kept_session(request: HtmxHttpRequest, session_id: int) -> GameSession:
    """A session the signed-in account owns or keeps score on; 404 for anyone else."""
    session = session_kept_by(current_user(request), session_id)
    if session is None:
        raise Http404("No such session.")
    return session


def owned_session(request: HtmxHttpRequest, session_id: int) -> GameSession:
    """The owner's own session: 404 for strangers, 403 for a keeper (the owner decides this)."""
    session = kept_session(request, session_id)
    if session.owner_id != current_user(request).pk:
        raise PermissionDenied("Only the session's owner can do this.")
    return session


def is_owner(request: HtmxHttpRequest, session: GameSession) -> bool:
    return session.owner_id == current_user(request).pk


def shared_session(token: str) -> GameSession:
    """The session behind a share link that is on; 404 for an unknown token, a link turned off or one
    replaced by a new link, as if it never existed (the share pages' guard, sharing/pages/guard.py, and a
    player's claim of a seat behind the link)."""
    session = GameSession.objects.filter(share_token=token, share_enabled=True).first()
    if session is None:
        raise Http404("This link does not exist or was turned off.")
    return session
