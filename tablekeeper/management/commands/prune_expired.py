"""`manage.py prune_expired`: deletes the failed log-ins, rate counters and known phones that expired
(tablekeeper/accounts/cleanup.py). Run it daily (docs/deployment.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tablekeeper.accounts.cleanup import prune_expired


class Command(BaseCommand):
    help = "Delete expired failed log-ins, old log-in records, spent rate counters and known phones unused for a year."

    def handle(self, *args: Any, **options: Any) -> None:
        pruned = prune_expired()
        self.stdout.write(
            f"deleted {pruned.failed_logins} failed log-ins, {pruned.logins} log-in records, "
            f"{pruned.rate_counters} rate counters, {pruned.known_phones} known phones"
        )
