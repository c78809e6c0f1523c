"""Claims of seats: a player at the table says which seat is theirs (我是 老王) from the share board, a keeper
says yes or no with one tap, and a yes links the seat, and the keeper's player of that name, to the
player's account (DESIGN.md, "Players as people").

The rules, each checked after the session's row lock (two phones claiming at once take turns):
- only a seat that exists, at a session whose share link is on (the claim came through it);
- a seat linked to someone else is not claimable; an account has one seat per table, and one phone
  asks for one seat per table (a second account on the same phone is refused);
- one claim waits per seat (the keeper answers "that seat's claim"), and one per account at a table;
- an account the owner took off the session's keepers (a `ClaimBar`) cannot claim there;
- a keeper of the table who claims a seat is linked at once: they are the ones who would say yes;
- a refused claim may be made again, within the limits on claims per table and hour
  (`settings.CLAIMS_PER_SESSION_PER_HOUR`, counted as claims are filed).

A yes also links the keeper's player of that name (`Player.person`), so that the next session that seats
that name is linked from the start (`keeping/services/sessions.py` `linked_people`). Undoing a link, by the
keeper or the player, unlinks the seat; the keeper's undo and the player's "all evenings" also forget
the name's link. Every change bumps the session's version, so the boards that poll redraw at once.

Services return what they came to; a refusal is a `ClaimRefusal` (a message in the request's language and
the HTTP status that fits it), never an exception for a view to catch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from tablekeeper.accounts.models import display_name
from tablekeeper.accounts.throttle import count
from tablekeeper.keeping.models import ClaimBar, GameSession, Keeper, Player, Seat, SeatClaim

OPEN = SeatClaim.Status.OPEN
ACCEPTED = SeatClaim.Status.ACCEPTED


@dataclass(frozen=True)
class ClaimRefusal:
    message: str
    status: int = 409


@dataclass(frozen=True)
class Claimed:
    """A claim that stands: `linked` when the seat is the claimant's now (a keeper's own claim, or a
    claim already accepted), else it waits for the keeper's answer."""

    seat: Seat
    linked: bool


class _Stop(Exception):
    def __init__(self, refusal: ClaimRefusal) -> None:
        super().__init__(refusal.message)
        self.refusal: Final = refusal


def seat_words(seat: Seat) -> dict[str, object]:
    return {"n": seat.index + 1, "name": seat.player.name}


def claim_seat(session: GameSession, index: int, user: User, *, phone: str, token: str) -> Claimed | ClaimRefusal:
    """`user`, on the phone whose digest is `phone`, asks for seat `index` through the share link `token`."""
    try:
        with transaction.atomic():
            return _claim(session.locked(), index, user, phone, token)
    except _Stop as stop:
        return stop.refusal
    except Http404:
        return ClaimRefusal(_("This session no longer exists."), 404)
    except IntegrityError:  # the same claim, or a claim of the same seat, filed by another request at once
        return ClaimRefusal(_("Someone else has just asked for this seat; the keeper answers that first."))


def _claim(session: GameSession, index: int, user: User, phone: str, token: str) -> Claimed:
    if not session.share_enabled or session.share_token != token:
        raise _Stop(ClaimRefusal(_("This share link was turned off or replaced: ask the keeper for the new one."), 404))
    seat = Seat.objects.filter(session=session, index=index).select_related("player").first()
    if seat is None:
        raise _Stop(ClaimRefusal(_("This table has no seat %(n)s.") % {"n": index + 1}, 404))
    if ClaimBar.objects.filter(session=session, user=user).exists():
        raise _Stop(
            ClaimRefusal(_("The owner took you off this session's keepers: no seat here can be linked to you."), 403)
        )
    if seat.person_id == user.pk:
        return Claimed(seat, linked=True)
    if seat.person_id is not None:
        raise _Stop(ClaimRefusal(_("This seat is already linked to another player's account.")))
    elsewhere = Seat.objects.filter(session=session, person=user).select_related("player").first()
    if elsewhere is not None:
        raise _Stop(
            ClaimRefusal(
                _("You are linked to seat %(n)s (%(name)s) at this table already: one seat per player.")
                % seat_words(elsewhere)
            )
        )
    waiting = list(SeatClaim.objects.filter(session=session, status=OPEN))
    own = next((claim for claim in waiting if claim.user_id == user.pk), None)
    if own is not None and own.seat == index:
        return Claimed(seat, linked=False)  # asked twice (a double tap, a reload): the one claim waits
    if own is not None:
        other = Seat.objects.select_related("player").get(session=session, index=own.seat)
        raise _Stop(
            ClaimRefusal(
                _("You have asked for seat %(n)s (%(name)s) at this table already: one seat per player.")
                % seat_words(other)
            )
        )
    if SeatClaim.objects.filter(session=session, phone=phone, status__in=(OPEN, ACCEPTED)).exists():
        said = _("This phone has asked for a seat at this table already: each player claims from their own phone.")
        raise _Stop(ClaimRefusal(said))
    if any(claim.seat == index for claim in waiting):
        raise _Stop(ClaimRefusal(_("Someone else has asked for this seat; the keeper answers that first.")))
    if count(f"throttle:claim:session-{session.pk}") > settings.CLAIMS_PER_SESSION_PER_HOUR:
        raise _Stop(
            ClaimRefusal(_("Too many requests for seats at this table this hour; ask the keeper, or try later."), 429)
        )
    keeps = user.pk == session.owner_id or Keeper.objects.filter(session=session, user=user).exists()
    claim = SeatClaim.objects.create(session=session, seat=index, user=user, phone=phone)
    if keeps:
        _link(session, seat, claim)
    session.save_bumping_version()
    return Claimed(seat, linked=keeps)


@dataclass(frozen=True)
class Decided:
    seat: Seat
    accepted: bool
    name: str  # the claimant's display name


def decide_claim(
    session: GameSession, index: int, *, accept: bool, claim_id: int | None = None
) -> Decided | ClaimRefusal:
    """A keeper's answer to seat `index`'s waiting claim. `claim_id`: the claim the keeper was shown; when
    another has taken its place meanwhile, nothing is decided (the keeper looks again)."""
    try:
        with transaction.atomic():
            return _decide(session.locked(), index, accept, claim_id)
    except _Stop as stop:
        return stop.refusal
    except Http404:
        return ClaimRefusal(_("This session no longer exists."), 404)
    except IntegrityError:  # every link is written under the session's lock; should one slip by, it is refused
        return ClaimRefusal(_("This seat is already linked to another player's account."))


def _decide(session: GameSession, index: int, accept: bool, claim_id: int | None) -> Decided:
    seat = Seat.objects.filter(session=session, index=index).select_related("player").first()
    if seat is None:
        raise _Stop(ClaimRefusal(_("This table has no seat %(n)s.") % {"n": index + 1}, 404))
    claim = SeatClaim.objects.filter(session=session, seat=index, status=OPEN).select_related("user").first()
    if claim is None:
        raise _Stop(ClaimRefusal(_("No request for this seat is waiting: it was answered or withdrawn.")))
    if claim_id is not None and claim.pk != claim_id:
        raise _Stop(ClaimRefusal(_("Another request for this seat came in meanwhile; look at it again.")))
    name = display_name(claim.user)
    if accept and seat.person_id not in (None, claim.user_id):
        # Linked to someone else since the claim was made: refused, and the keeper told why.
        _refuse(claim)
        session.save_bumping_version()
        raise _Stop(ClaimRefusal(_("This seat is already linked to another player's account.")))
    if accept and Seat.objects.filter(session=session, person_id=claim.user_id).exclude(pk=seat.pk).exists():
        _refuse(claim)
        session.save_bumping_version()
        raise _Stop(ClaimRefusal(_("%(name)s is linked to another seat at this table already.") % {"name": name}))
    if accept:
        _link(session, seat, claim)
    else:
        _refuse(claim)
    session.save_bumping_version()
    return Decided(seat, accepted=accept, name=name)


def _refuse(claim: SeatClaim) -> None:
    claim.status = SeatClaim.Status.REFUSED
    claim.decided = timezone.now()
    claim.save(update_fields=["status", "decided"])


def _link(session: GameSession, seat: Seat, claim: SeatClaim) -> None:
    seat.person_id = claim.user_id
    seat.save(update_fields=["person"])
    Player.objects.filter(pk=seat.player_id).update(person_id=claim.user_id)
    claim.status = ACCEPTED
    claim.decided = timezone.now()
    claim.save(update_fields=["status", "decided"])


def undo_link(session: GameSession, index: int) -> Seat | ClaimRefusal:
    """A keeper undoes seat `index`'s link: the seat keeps its name, the account loses the evening, and
    the keeper's player of that name is no longer linked (the next session seats a name only)."""
    try:
        with transaction.atomic():
            locked = session.locked()
            seat = Seat.objects.filter(session=locked, index=index).select_related("player").first()
            if seat is None or seat.person_id is None:
                return ClaimRefusal(_("This seat is not linked to anyone."))
            person = seat.person_id
            Seat.objects.filter(pk=seat.pk).update(person=None)
            Player.objects.filter(pk=seat.player_id, person_id=person).update(person=None)
            _undo_claims(locked.pk, person)
            locked.save_bumping_version()
            seat.person_id = None
            return seat
    except Http404:
        return ClaimRefusal(_("This session no longer exists."), 404)


def _undo_claims(session_id: int | list[int], person: int) -> None:
    sessions = session_id if isinstance(session_id, list) else [session_id]
    SeatClaim.objects.filter(session_id__in=sessions, user_id=person, status=ACCEPTED).update(
        status=SeatClaim.Status.UNDONE, decided=timezone.now()
    )


def _bump(session_ids: list[int]) -> None:
    """Tell the boards of these sessions that something they show changed (their ETag)."""
    GameSession.objects.filter(pk__in=session_ids).update(version=F("version") + 1, updated_at=timezone.now())


def unlink_evening(user: User, seat_id: int) -> bool:
    """The player takes one evening off their record: False when that seat is not theirs (anyone else's
    seat answers the same as one that does not exist)."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(pk=seat_id, person=user).first()
        if seat is None:
            return False
        Seat.objects.filter(pk=seat.pk).update(person=None)
        _undo_claims(seat.session_id, user.pk)
        _bump([seat.session_id])
    return True


def unlink_everything(user: User) -> int:
    """The player takes every evening off their record, and no keeper's name of theirs stays linked;
    the number of evenings unlinked."""
    with transaction.atomic():
        sessions = list(Seat.objects.filter(person=user).values_list("session_id", flat=True))
        Seat.objects.filter(person=user).update(person=None)
        Player.objects.filter(person=user).update(person=None)
        _undo_claims(sessions, user.pk)
        SeatClaim.objects.filter(user=user, status=OPEN).delete()
        _bump(sessions)
    return len(sessions)


def delete_account(user: User) -> None:
    """The account goes, with the sessions it owns; the evenings it was linked to at other keepers' tables
    keep the seat's name and lose the link (the foreign keys are SET_NULL)."""
    with transaction.atomic():
        sessions = list(Seat.objects.filter(person=user).values_list("session_id", flat=True))
        _bump(sessions)
        # Its own sessions first: their seats hold on to its players (PROTECT), which go with the account.
        GameSession.objects.filter(owner=user).delete()
        user.delete()
