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

from ..models import ClaimBar, GameSession, Invitation, Keeper, KeeperRequest, SeatClaim

# Long enough to send the link across a table or a chat, short enough that an old message
# forwarded later does not let a stranger in.
INVITATION_LIFETIME = timedelta(days=3)
# A table has four players; a few more keepers covers swapping phones, not a crowd.
MAX_KEEPERS = 8
# An invitation by user name left unanswered this long is gone: a name mistyped, or an account
# that changed hands, is not let in a month later.
REQUEST_LIFETIME = timedelta(days=7)
# Invitations by user name one session can have waiting: a table and its friends, not a directory.
MAX_PENDING_PER_SESSION = 20
# Invitations one owner can have waiting for one name, across all their sessions: enough for a
# few evenings, too few for a stranger with throwaway sessions to crowd someone's sessions page.
# There is no cap per recipient, so a real friend's invitation always arrives.
MAX_PENDING_PER_SENDER_AND_NAME = 3


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
    session = GameSession.by_pk(session_id)
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
            keeper = Keeper.objects.create(session=session, user=user, added_by=added_by)
            # Whatever way they came in, an older invitation by name is spent: it must not bring
            # them back after a removal. Asked back, they may claim a seat again.
            KeeperRequest.objects.filter(session=session, user=user).delete()
            ClaimBar.objects.filter(session=session, user=user).delete()
            return keeper
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


def _name_key(name: str) -> str:
    return name.strip().casefold()[:150]


def _live_requests() -> QuerySet[KeeperRequest]:
    return KeeperRequest.objects.filter(created__gt=timezone.now() - REQUEST_LIFETIME)


def request_keeper(session: GameSession, username: str, *, by: User) -> None:
    """Ask the account called `username` to keep score on `session`; it sees the request on its
    sessions page and becomes a keeper only by accepting it. Whether such an account exists, is
    already a keeper or already asked is never said: the owner gets the same answer for any name,
    and the pending invitation is kept (and listed to the owner) under the name typed either way.
    Asking again for a pending name renews it. Raises KeeperRefused when the owner's own pending
    invitations are at a limit (counted by typed name, so the refusal too is the same for any name)."""
    name = username.strip()
    key = _name_key(name)
    user = _account_called(name)
    if user is not None and (user.pk == session.owner_id or Keeper.objects.filter(session=session, user=user).exists()):
        return
    with transaction.atomic():
        KeeperRequest.objects.filter(created__lte=timezone.now() - REQUEST_LIFETIME, invited_by=by).delete()
        renewed = KeeperRequest.objects.filter(session=session, name_key=key).update(created=timezone.now())
        if renewed:
            return
        if KeeperRequest.objects.filter(session=session).count() >= MAX_PENDING_PER_SESSION:
            raise KeeperRefused(
                _("This session has %(n)s invitations waiting; withdraw some before sending more.")
                % {"n": MAX_PENDING_PER_SESSION}
            )
        if KeeperRequest.objects.filter(invited_by=by, name_key=key).count() >= MAX_PENDING_PER_SENDER_AND_NAME:
            raise KeeperRefused(
                _("“%(name)s” already has %(n)s of your invitations waiting; withdraw one, or wait for an answer.")
                % {"name": name, "n": MAX_PENDING_PER_SENDER_AND_NAME}
            )
        try:
            with transaction.atomic():
                KeeperRequest.objects.create(session=session, user=user, name=name, name_key=key, invited_by=by)
        except IntegrityError:  # the same request made twice at once: one is enough
            pass


def waiting_requests(user: User) -> QuerySet[KeeperRequest]:
    """The requests to keep score that `user` has not answered yet and that are still live, newest first."""
    return (
        _live_requests()
        .filter(user=user)
        .select_related("session", "invited_by")
        .prefetch_related("session__seats__player")
    )


def pending_requests(session: GameSession) -> QuerySet[KeeperRequest]:
    """The session's live invitations by user name, as the owner typed them, newest first."""
    return _live_requests().filter(session=session)


def withdraw_request(session: GameSession, request_id: int) -> bool:
    """The owner takes back one invitation by user name; False when it was already gone."""
    deleted, _ = KeeperRequest.objects.filter(session=session, pk=request_id).delete()
    return bool(deleted)


def answer_request(request_id: int, user: User, *, accept: bool) -> GameSession | None:
    """`user` accepts (becomes a keeper) or declines one of their own live requests; the request is
    gone either way. None when it no longer exists (answered on another phone, withdrawn,
    cancelled, ended with a removal, or expired)."""
    refused: KeeperRefused | None = None
    with transaction.atomic():
        keeper_request = (
            _live_requests().select_for_update().filter(pk=request_id, user=user).select_related("session").first()
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
    """Take a keeper off the session, with every invitation by name that still names them: from
    then on it answers them 404, like a stranger, and nothing old lets them back in. Nor can they
    ask for a seat at the table (a claim waiting is withdrawn): the owner decided they have no part
    in this evening."""
    with transaction.atomic():
        removed, _kinds = Keeper.objects.filter(session=session, user_id=user_id).delete()
        KeeperRequest.objects.filter(session=session, user_id=user_id).delete()
        if removed:
            SeatClaim.objects.filter(session=session, user_id=user_id, status=SeatClaim.Status.OPEN).delete()
            ClaimBar.objects.get_or_create(session=session, user_id=user_id)


def new_invitation(session: GameSession, *, by: User) -> Invitation:
    """A fresh one-time link; any earlier unused link of the session stops working."""
    with transaction.atomic():
        Invitation.objects.filter(session=session).delete()
        return Invitation.objects.create(session=session, created_by=by, expires=timezone.now() + INVITATION_LIFETIME)


def cancel_invitations(session: GameSession) -> None:
    """End every invitation of the session not yet accepted: the link and those by user name."""
    with transaction.atomic():
        Invitation.objects.filter(session=session).delete()
        KeeperRequest.objects.filter(session=session).delete()


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
