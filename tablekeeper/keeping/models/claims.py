"""A player's claim of a seat (我是 老王), which links the seat to their account once a keeper says yes,
and the accounts a session's owner took off its keepers, who may not claim a seat there.

The claims are kept after the keeper's answer (accepted, refused, undone) so that a phone asks once per
table; the rules are in `players/services/claims.py`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .sessions import GameSession


class SeatClaim(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for the keeper")
        ACCEPTED = "accepted", _("accepted")
        REFUSED = "refused", _("refused")
        # Accepted, then the link was undone (by the keeper or the player).
        UNDONE = "undone", _("undone")

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="seat_claims")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_claims")
    # A digest of the claiming phone's own random id (a signed cookie), never the id itself.
    phone = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created = models.DateTimeField(auto_now_add=True)
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("created", "pk")
        indexes = (models.Index(fields=["session", "status"], name="seat_claim_session_status"),)
        constraints = (
            models.CheckConstraint(condition=models.Q(seat__lte=3), name="seat_claim_seat_0_to_3"),
            # The keeper answers "that seat's claim": one waits per seat, and one per account at a table.
            models.UniqueConstraint(
                fields=["session", "seat"], condition=models.Q(status="open"), name="seat_claim_one_open_per_seat"
            ),
            models.UniqueConstraint(
                fields=["session", "user"], condition=models.Q(status="open"), name="seat_claim_one_open_per_user"
            ),
        )

    def __str__(self) -> str:
        return f"claim of seat {self.seat} of {self.session_id} ({self.status})"


class ClaimBar(models.Model):
    """An account the owner took off a session's keepers: it may not claim a seat at that table (the owner
    decided it has no part in that evening's record)."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="claim_bars")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (models.UniqueConstraint(fields=["session", "user"], name="claim_bar_once_per_session"),)

    def __str__(self) -> str:
        return f"{self.user_id} may not claim at {self.session_id}"
