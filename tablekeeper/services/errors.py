"""What a service refuses, in words the scorekeeper can act on."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


class Conflict(Exception):
    """The session moved on since the form was drawn (another device saved, or it is finished)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class HandRejected(Exception):
    """The engine refused a hand record; `errors` are its {code, field, message} problems."""

    def __init__(self, errors: list[dict[str, Any]], *, number: int | None = None) -> None:
        super().__init__("; ".join(str(error.get("message", "")) for error in errors))
        self.errors = errors
        # The hand the problem was found in, when it is a later hand and not the one being changed.
        self.number = number


def hand_gone(number: int) -> Conflict:
    """A change aimed at a hand that another device has deleted or undone since."""
    return Conflict(_("Hand %(number)s no longer exists; it was changed from another device.") % {"number": number})
