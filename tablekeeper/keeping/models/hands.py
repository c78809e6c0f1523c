"""The hands of a session (rounds), the client tokens they spent, and the corrections audit trail."""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import TYPE_CHECKING, ClassVar, Literal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tablekeeper.reading.corrected_hands import CorrectedHand, PointsChange
from tablekeeper.rules import (
    ReasonLine,
    Record,
    State,
)

if TYPE_CHECKING:
    pass

from .sessions import GameSession

# A hand row's per-seat columns, by name: spelled out so that mypy knows each as a key of the
# services' typed column dicts (services/derived.py).
GainColumn = Literal["gain_0", "gain_1", "gain_2", "gain_3"]
TotalColumn = Literal["total_0", "total_1", "total_2", "total_3"]


class Round(models.Model):
    """One physical hand: the record the scorekeeper entered and what the engine derived from it."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="rounds")
    # Which hand this is, for good: the number moves when an earlier hand is deleted, the key never
    # does, so the corrections of this hand (Correction.hand_key) stay with it.
    key = models.UUIDField(default=uuid.uuid4, editable=False, unique=True)
    number = models.PositiveIntegerField()
    record: models.JSONField[Record, Record] = models.JSONField()
    deltas: models.JSONField[list[int], list[int]] = models.JSONField()
    pot_delta = models.BigIntegerField(default=0)
    lines: models.JSONField[list[ReasonLine], list[ReasonLine]] = models.JSONField(default=list)
    state_after: models.JSONField[State, State] = models.JSONField()
    # Derived when the hand is written (and re-derived by every re-score), so that history,
    # chart and statistics read small columns instead of every hand's record and reasons:
    # each seat's change from its starting points after this hand (columns, so that a correction
    # that only shifts the later totals is one UPDATE ... SET total_0 = total_0 + %s),
    total_0 = models.BigIntegerField(default=0)
    total_1 = models.BigIntegerField(default=0)
    total_2 = models.BigIntegerField(default=0)
    total_3 = models.BigIntegerField(default=0)
    # how many times the deal has passed to another seat up to the end of this hand (the board's
    # prevailing wind, read from the last hand alone),
    deal_passes = models.PositiveIntegerField(default=0)
    # how it ended (the record's "win", "draw" or "void"), the first winner's method ("" when
    # nobody won), the discarder (or the seat whose kong was robbed),
    result = models.CharField(max_length=5, default="win")
    method = models.CharField(max_length=10, blank=True, default="")
    discarder = models.PositiveSmallIntegerField(null=True, blank=True)
    # and what each seat gained in a hand it won (null for a seat that did not win).
    gain_0 = models.BigIntegerField(null=True, blank=True)
    gain_1 = models.BigIntegerField(null=True, blank=True)
    gain_2 = models.BigIntegerField(null=True, blank=True)
    gain_3 = models.BigIntegerField(null=True, blank=True)
    # Those columns by seat, for the code that reads or writes them by name (queries, re-scores, pages).
    TOTAL_COLUMNS: ClassVar[tuple[TotalColumn, TotalColumn, TotalColumn, TotalColumn]] = (
        "total_0",
        "total_1",
        "total_2",
        "total_3",
    )
    GAIN_COLUMNS: ClassVar[tuple[GainColumn, GainColumn, GainColumn, GainColumn]] = (
        "gain_0",
        "gain_1",
        "gain_2",
        "gain_3",
    )
    # `method` of a hand the rules refused but the keeper insisted on (issue 18): saved as a void hand
    # carrying only a manual adjustment, kept apart from a plain void hand by this value.
    MANUAL_ADJUSTMENT: ClassVar[str] = "manual"
    client_token = models.CharField(max_length=64)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("number",)
        constraints = (
            models.UniqueConstraint(fields=["session", "number"], name="round_number_unique_per_session"),
            models.UniqueConstraint(fields=["session", "client_token"], name="round_token_unique_per_session"),
        )

    def __str__(self) -> str:
        return f"hand {self.number} of session {self.session_id}"

    @property
    def totals_after(self) -> list[int]:
        return [int(getattr(self, column)) for column in self.TOTAL_COLUMNS]

    @property
    def fingerprint(self) -> str:
        """Which hand, as entered, a form was opened on: its token (a hand undone and recorded again
        gets a new one) and its record (an edit from another phone changes it). Renumbering and
        re-scoring leave it alone, as they change nothing the keeper looked at."""
        seen = json.dumps([self.client_token, self.record], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(seen.encode()).hexdigest()[:20]


class SpentToken(models.Model):
    """A client token whose hand no longer stands as it was saved: undone, deleted or replaced by
    an edit. A phone that retries that Save later (its answer was lost, it sat in an outbox) is
    told what happened instead of bringing the hand back (services/recording.py)."""

    class Ending(models.TextChoices):
        UNDONE = "undone", _("undone")
        DELETED = "deleted", _("deleted")
        REPLACED = "replaced", _("replaced")

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="spent_tokens")
    token = models.CharField(max_length=64)
    # The hand the token made, as it was then: its number and record.
    number = models.PositiveIntegerField()
    record: models.JSONField[Record, Record] = models.JSONField()
    ending = models.CharField(max_length=10, choices=Ending.choices)
    when = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-when", "-pk")
        indexes = (models.Index(fields=["session", "token"], name="spent_token_lookup"),)

    def __str__(self) -> str:
        return f"{self.token} ({self.ending} hand {self.number})"


class Correction(models.Model):
    """One change to a hand, for the record: who added, edited, deleted or undid which hand, and
    the hand's record before and after; and each later hand whose points that change moved."""

    class Action(models.TextChoices):
        ADD = "add", _("added")
        EDIT = "edit", _("edited")
        DELETE = "delete", _("deleted")
        UNDO = "undo", _("undone")
        # Written by a data migration when the rule book's law changed a stored hand's figures (RULES §9.9).
        RESCORE = "rescore", _("re-scored under the rule book's new law")
        # A later hand whose points an edit or a delete of an earlier hand (`cause`) moved.
        RESCORED_BY = "rescored_by", _("re-scored by a correction")

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="corrections")
    # The hand's identity (its Round.key), the same after renumbering and after the hand is gone:
    # what the trail is looked up by. `number` is only the number the hand had at the time.
    hand_key = models.UUIDField()
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=12, choices=Action.choices)
    before: models.JSONField[CorrectedHand | None, CorrectedHand | None] = models.JSONField(null=True, blank=True)
    after: models.JSONField[CorrectedHand | None, CorrectedHand | None] = models.JSONField(null=True, blank=True)
    # The hand's points before and after: on an edit, and on each later hand it re-scored.
    points: models.JSONField[PointsChange | None, PointsChange | None] = models.JSONField(null=True, blank=True)
    # Which correction re-scored this hand (RESCORED_BY only). DO_NOTHING: corrections go only with
    # their session, all at once, and this keeps that one DELETE (no row-by-row cascade to collect).
    cause = models.ForeignKey("self", on_delete=models.DO_NOTHING, null=True, blank=True, related_name="knock_ons")
    who = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    when = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = (
            "-when",
            "-pk",
        )
        indexes = (models.Index(fields=["session", "hand_key"], name="correction_hand_key_idx"),)

    def __str__(self) -> str:
        return f"{self.action} hand {self.number}"
