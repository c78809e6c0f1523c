"""Who may keep score on a session: its owner, and the keepers the owner invites.

A keeper records, undoes, edits and deletes hands exactly as the owner does (the same conflict
checks protect two phones from each other). Finishing, reopening, the money rate, the share
link and the list of keepers stay with the owner: they settle the evening or decide who can
see and change it.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import GameSession, Invitation, Keeper, KeeperRequest

# Long enough to send the link across a table or a chat, short enough that an old message
# forwarded later does not let a stranger in.
INVITATION_LIFETIME = timedelta(days=3)
# A table has four players; a few more keepers covers swapping phones, not a crowd.
MAX_KEEPERS = 8
# Invitations by user name an account can have waiting: enough for a club, not a mailbox to flood.
MAX_WAITING_REQUESTS = 20


class KeeperRefused(Exception):
    """An invitation or a keeper change that cannot be made, in words the owner can act on."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def sessions_kept_by(user: User) -> QuerySet[GameSession]:
    """The sessions `user` may keep score on: their own, and those they were made a keeper of."""
    kept = Keeper.objects.filter(session=OuterRef("pk"), user=user)
    return GameSession.objects.filter(Q(owner=user) | Exists(kept))


def session_kept_by(user: User, session_id: int) -> GameSession | None:
    """One session `user` may keep score on, else None: the same rule as `sessions_kept_by`, asked of
    one row. The owner (nearly every request) costs one plain query; a keeper one more."""
    session = GameSession.objects.filter(pk=session_id).first()
    if session is None:
        return None
    if session.owner_id == user.pk or Keeper.objects.filter(session=session, user=user).exists():
        return session
    return None


def _check_room(session: GameSession, user: User) -> None:
    if user.pk == session.owner_id:
        raise KeeperRefused(_("You own this session; you keep score on it already."))
    if Keeper.objects.filter(session=session, user=user).exists():
        raise KeeperRefused(_("%(name)s already keeps score on this session.") % {"name": user.get_username()})
    if Keeper.objects.filter(session=session).count() >= MAX_KEEPERS:
        raise KeeperRefused(_("A session can have at most %(n)s keepers.") % {"n": MAX_KEEPERS})


def _add(session: GameSession, user: User, added_by: User | None) -> Keeper:
    try:
        with transaction.atomic():
            return Keeper.objects.create(session=session, user=user, added_by=added_by)
    except IntegrityError:
        # Two taps (or an invitation and a user name) adding the same account at once.
        raise KeeperRefused(
            _("%(name)s already keeps score on this session.") % {"name": user.get_username()}
        ) from None


def _account_called(username: str) -> User | None:
    """The active account called `username`: exactly, else in any case when only one matches."""
    name = username.strip()
    matches = list(User.objects.filter(username__iexact=name, is_active=True)[:2])
    exact = [user for user in matches if user.username == name]
    if len(exact) == 1:
        return exact[0]
    return matches[0] if len(matches) == 1 else None


def add_keeper(session: GameSession, username: str, *, by: User) -> Keeper:
    """Make the account called `username` (any case) a keeper of `session` at once (the owner's
    own tools and tests; the keepers page asks the account first, through `request_keeper`)."""
    user = _account_called(username)
    if user is None:
        raise KeeperRefused(_("There is no account called “%(name)s”.") % {"name": username.strip()})
    _check_room(session, user)
    return _add(session, user, by)


def request_keeper(session: GameSession, username: str, *, by: User) -> None:
    """Ask the account called `username` to keep score on `session`; it sees the request on its
    sessions page and becomes a keeper only by accepting it. Whether such an account exists, is
    already a keeper or already asked is never said: the owner gets the same answer for any name."""
    user = _account_called(username)
    if user is None or user.pk == session.owner_id:
        return
    if Keeper.objects.filter(session=session, user=user).exists():
        return
    if KeeperRequest.objects.filter(user=user).count() >= MAX_WAITING_REQUESTS:
        return
    try:
        with transaction.atomic():
            KeeperRequest.objects.get_or_create(session=session, user=user, defaults={"invited_by": by})
    except IntegrityError:  # the same request made twice at once: one is enough
        pass


def waiting_requests(user: User) -> QuerySet[KeeperRequest]:
    """The requests to keep score that `user` has not answered yet, newest first."""
    return (
        KeeperRequest.objects.filter(user=user)
        .select_related("session", "invited_by")
        .prefetch_related("session__seats__player")
    )


def answer_request(request_id: int, user: User, *, accept: bool) -> GameSession | None:
    """`user` accepts (becomes a keeper) or declines one of their own requests; the request is
    gone either way. None when it no longer exists (answered on another phone, or withdrawn)."""
    refused: KeeperRefused | None = None
    with transaction.atomic():
        keeper_request = (
            KeeperRequest.objects.select_for_update().filter(pk=request_id, user=user).select_related("session").first()
        )
        if keeper_request is None:
            return None
        session = keeper_request.session
        keeper_request.delete()
        if accept and not Keeper.objects.filter(session=session, user=user).exists():
            try:
                _check_room(session, user)
                _add(session, user, keeper_request.invited_by)
            except KeeperRefused as problem:  # the session filled up meanwhile: the request is spent
                refused = problem
    if refused is not None:
        raise refused
    return session


def remove_keeper(session: GameSession, user_id: int) -> None:
    """Take a keeper off the session; from then on it answers them 404, like a stranger."""
    Keeper.objects.filter(session=session, user_id=user_id).delete()


def new_invitation(session: GameSession, *, by: User) -> Invitation:
    """A fresh one-time link; any earlier unused link of the session stops working."""
    with transaction.atomic():
        Invitation.objects.filter(session=session).delete()
        return Invitation.objects.create(session=session, created_by=by, expires=timezone.now() + INVITATION_LIFETIME)


def cancel_invitations(session: GameSession) -> None:
    Invitation.objects.filter(session=session).delete()


def open_invitation(token: str) -> Invitation | None:
    """The invitation behind a link, if it is still unused and unexpired."""
    return (
        Invitation.objects.filter(token=token, expires__gt=timezone.now())
        .select_related("session", "session__owner")
        .first()
    )


def accept_invitation(token: str, user: User) -> GameSession:
    """Use the link once: `user` becomes a keeper and the link stops working for anyone else."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(token=token, expires__gt=timezone.now()).first()
        if invitation is None:
            raise KeeperRefused(_("This invitation was used, cancelled or has expired. Ask for a new link."))
        session = invitation.session
        _check_room(session, user)
        _add(session, user, invitation.created_by)
        invitation.delete()
    return session
