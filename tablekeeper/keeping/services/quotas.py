"""Quotas per account: how many sessions one account holds. (Imports per hour are counted in the
view with tablekeeper.accounts.throttle; hands per session are capped where they are written.)

A free account is all an attacker needs, so nothing one account does may grow the database
without bound."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from ..models import GameSession


class QuotaReached(Exception):
    """The account holds as much as it may; `message` says what and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def lock_account(owner: User) -> None:
    """Hold the account's row until the transaction ends, so that two requests of one account that
    count or name its things (sessions, presets) take turns on PostgreSQL. (SQLite's writers
    already take turns: transaction_mode IMMEDIATE.)"""
    User.objects.select_for_update().filter(pk=owner.pk).values_list("pk", flat=True).first()


def check_session_quota(owner: User) -> None:
    """Refuse one more session past SESSIONS_PER_ACCOUNT; call inside the transaction that adds it,
    after `lock_account`."""
    most = settings.SESSIONS_PER_ACCOUNT
    if GameSession.objects.filter(owner=owner).count() >= most:
        raise QuotaReached(
            _("An account can hold at most %(most)s sessions; delete some old ones to start a new one.")
            % {"most": most}
        )


def imports_message() -> str:
    return _("You have imported %(most)s sessions in the last hour, the most allowed; try again later.") % {
        "most": settings.IMPORTS_PER_HOUR
    }
