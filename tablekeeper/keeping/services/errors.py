"""What a service refuses, in words the scorekeeper can act on."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from tablekeeper.rules import ProblemEntry, Record


class Conflict(Exception):
    """The session moved on since the form was drawn (another device saved, or it is finished)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NumberTaken(Conflict):
    """Another phone saved hand `number` first (the race for one hand): the session is at `next` now.
    `compare_with_saved` says whether that hand is the one this Save carried."""

    def __init__(self, message: str, *, number: int, next_number: int) -> None:
        super().__init__(message)
        self.number = number
        self.next_number = next_number


class NumberFreed(Conflict):
    """Hand `number` is free, but was taken and freed again (saved on another phone, then undone or deleted)
    after the phone that sends this Save last saw the board: the hand it kept may be the one undone. It is shown
    to its keeper, as a conflict is, never saved silently; `checked` is when the server looked (the keeper's
    yes sends it again as seen then)."""

    def __init__(self, message: str, *, number: int, checked: datetime) -> None:
        super().__init__(message)
        self.number = number
        self.checked = checked


class TokenSpent(Conflict):
    """A Save whose client token is spent: its hand was undone, deleted or changed since, or the
    token belongs to another record. Retrying it can never succeed; `number` is the hand it made."""

    def __init__(self, message: str, *, number: int) -> None:
        super().__init__(message)
        self.number = number


class SessionFinished(Conflict):
    """The session was finished (on another phone, or before this form was sent): no hand can be
    recorded or changed until its owner reopens it."""


class HandRejected(Exception):
    """The engine refused a hand record; `errors` are its {code, field, message} problems."""

    def __init__(self, errors: list[ProblemEntry], *, number: int | None = None, record: Record | None = None) -> None:
        super().__init__("; ".join(str(error.get("message", "")) for error in errors))
        self.errors = errors
        # The hand the problem was found in, when it is a later hand and not the one being changed,
        # and the record refused (the errors' fields point into it).
        self.number = number
        self.record = record


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


class NeedsConfirmation(Exception):
    """A correction would change later hands the keeper has not seen listed (or the list changed
    since they saw it, `stale`): nothing was written; show `changes` and ask."""

    def __init__(self, changes: list[LaterChange], *, stale: bool) -> None:
        super().__init__(f"{len(changes)} later hands would change")
        self.changes = changes
        self.digest = digest(changes)
        self.stale = stale


def hand_gone(number: int) -> Conflict:
    """A change aimed at a hand that another device has deleted or undone since."""
    return Conflict(_("Hand %(number)s no longer exists; it was changed from another device.") % {"number": number})
