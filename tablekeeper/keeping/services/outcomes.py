"""What a write to a session came to when it did not stand, each by its name, in words the scorekeeper
can act on. A service returns one of these (a view matches on it); nothing is raised for a view to catch.

Inside a service, `Refused` carries the outcome out of the transaction it aborts, so that nothing
half-written stays; the service's boundary (`returns_refusals`) turns it back into the value it returns.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

from django.utils.translation import gettext as _

from tablekeeper.rules import ProblemEntry, Record


@dataclass(frozen=True)
class Conflict:
    """The session moved on since the form was drawn (another device saved, or it is finished)."""

    message: str


@dataclass(frozen=True)
class NumberTaken(Conflict):
    """Another phone saved hand `number` first (the race for one hand): the session is at `next_number`
    now. `compare_with_saved` says whether that hand is the one this Save carried."""

    number: int
    next_number: int


@dataclass(frozen=True)
class NumberFreed(Conflict):
    """Hand `number` is free, but was taken and freed again (saved on another phone, then undone or deleted)
    after the phone that sends this Save last saw the board: the hand it kept may be the one undone. It is shown
    to its keeper, as a conflict is, never saved silently; `checked` is when the server looked (the keeper's
    yes sends it again as seen then)."""

    number: int
    checked: datetime


@dataclass(frozen=True)
class TokenSpent(Conflict):
    """A Save whose client token is spent: its hand was undone, deleted or changed since, or the
    token belongs to another record. Retrying it can never succeed; `number` is the hand it made."""

    number: int


@dataclass(frozen=True)
class SessionFinished(Conflict):
    """The session was finished (on another phone, or before this form was sent): no hand can be
    recorded or changed until its owner reopens it."""


@dataclass(frozen=True)
class HandRejected:
    """The engine refused a hand record; `errors` are its {code, field, message} problems. `number`: the
    hand the problem was found in, when it is a later hand and not the one being changed; `record`: the
    record refused (the errors' fields point into it)."""

    errors: list[ProblemEntry]
    number: int | None = None
    record: Record | None = None

    @property
    def message(self) -> str:
        return "; ".join(str(error.get("message", "")) for error in self.errors)


@dataclass(frozen=True)
class LaterChange:
    """A later hand that a correction would score differently: its number as it is now, each
    seat's change before and after, and who dealt it before and after (a deleted hand moves the
    deal of every later hand)."""

    number: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    dealer_before: int
    dealer_after: int


def digest(changes: list[LaterChange]) -> str:
    """A short fingerprint of what the keeper was shown, to apply the change only while it holds."""
    seen = json.dumps([[c.number, c.before, c.after, c.dealer_before, c.dealer_after] for c in changes])
    return hashlib.sha256(seen.encode()).hexdigest()[:20]


@dataclass(frozen=True)
class NeedsConfirmation:
    """A correction would change later hands the keeper has not seen listed (or the list changed
    since they saw it, `stale`): nothing was written; show `changes` and ask."""

    changes: list[LaterChange]
    stale: bool
    digest: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "digest", digest(self.changes))

    @property
    def message(self) -> str:
        return _("A correction would change later hands; nothing was changed yet.")


# Everything a write to a session's hands can come to besides standing.
Refusal = Conflict | HandRejected | NeedsConfirmation


class Refused(Exception):
    """Carries a refusal out of the transaction it aborts, to the service's boundary."""

    def __init__(self, outcome: Refusal) -> None:
        super().__init__(getattr(outcome, "message", type(outcome).__name__))
        self.outcome: Final = outcome


def returns_refusals[**P, T](service: Callable[P, T]) -> Callable[P, T | Refusal]:
    """A service's boundary: what it refused, returned by name instead of raised (its transaction,
    entered inside the service, has rolled back by then)."""

    @functools.wraps(service)
    def boundary(*args: P.args, **kwargs: P.kwargs) -> T | Refusal:
        try:
            return service(*args, **kwargs)
        except Refused as refused:
            return refused.outcome

    return boundary


class OptionsRejected(Exception):
    """Starting a session: the engine refused its variant or house rules; `errors` are its problems.
    (Starting, like presets, imports and keepers, still raises: only the hand's writes return outcomes.)"""

    def __init__(self, errors: list[ProblemEntry]) -> None:
        super().__init__("; ".join(str(error.get("message", "")) for error in errors))
        self.errors = errors


def hand_gone(number: int) -> Conflict:
    """A change aimed at a hand that another device has deleted or undone since."""
    return Conflict(_("Hand %(number)s no longer exists; it was changed from another device.") % {"number": number})
