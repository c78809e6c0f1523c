"""The database: players, sessions, their seats, hands (rounds) and the corrections audit trail.

The hand record is the source of truth. Each round also stores what the engine derived from it
(deltas, pot change, reasons, state after) and the session stores the running totals and the
current table state, so that every page reads a fixed number of rows however long the session.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import unicodedata
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self, TypedDict

from django.conf import settings
from django.db import models
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tablekeeper.reading.corrected_hands import CorrectedHand, PointsChange
from tablekeeper.rules import (
    HouseRules,
    Names,
    OptionValue,
    PatternValue,
    PresetInfo,
    ReasonLine,
    Record,
    StartingState,
    State,
    TableRules,
    VariantInfo,
    counters_that_count,
    get_variant,
    pattern_values,
    table_rules,
    variant_ids,
)
from .table_fee_fields import TableFeeFields

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser

WIND_NAMES = ("东", "南", "西", "北")


# The bounds the start form and an import both hold a session to (the columns are 32-bit on PostgreSQL).
STARTING_POINTS_RANGE = (0, 10_000_000)
BASE_RANGE = (1, 100_000)
# Hand numbers and ids in URLs and forms: far beyond any session (an import takes at most
# MAX_IMPORT_HANDS), inside every integer column.
MAX_HAND_NUMBER = 1_000_000
# DecimalField(max_digits=8, decimal_places=2) below.
MONEY_RATE_MAX = Decimal("999999.99")

# The playing times a session may hold: far around any real evening, and far inside what Python's
# datetime can hold in any time zone (year 1 at +14:00 or year 9999 at -14:00 is not a date
# Python can read back from PostgreSQL, and would leave the session unopenable and undeletable).
PLAYED_EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
PLAYED_LATEST = datetime(2100, 1, 1, tzinfo=UTC)

# Options that are session settings with their own fields, not house rules.
SESSION_SETTING_OPTIONS = ("base", "starting_points")

# A session's table state: the engine's after the last hand; before the first, the start (the first dealer),
# which the engine reads with every key left out at its zero value.
SessionState = State | StartingState


class PresetShown(TypedDict):
    """The city preset a session started from, and whether its house rules now differ from it."""

    name: Names
    changed: bool


def engine_options_for(variant: str, options: HouseRules, base: int, starting_points: int | None = None) -> HouseRules:
    """The options the engine scores with: the house rules plus the session settings it declares.

    Keys the engine no longer declares are dropped rather than failing every later hand; an older
    name the engine still reads (an option alias) is kept, so the session scores as it always did.
    """
    keys = house_rule_keys(variant)
    scored = {key: value for key, value in options.items() if key in keys}
    if "base" in keys:
        scored["base"] = base
    if "starting_points" in keys and starting_points is not None:
        scored["starting_points"] = starting_points
    return scored


def city_presets(variant: str) -> list[PresetInfo]:
    """The variant's presets (`get_variant(variant)["presets"]`, the rule book first), none for an unknown one."""
    return list(get_variant(variant)["presets"]) if variant in variant_ids() else []


def preset_ids(variant: str) -> set[str]:
    return {preset["id"] for preset in city_presets(variant)}


def same_rules(variant: str, options: HouseRules, others: HouseRules) -> bool:
    """Whether two sets of house rules score alike: every option resolved as the engine does
    (an option left out is its default), the session settings (base, starting points) aside."""

    def resolved(chosen: HouseRules) -> HouseRules:
        rules = table_rules(variant, {k: v for k, v in chosen.items() if k not in SESSION_SETTING_OPTIONS})
        # A list option (Dalian's unscored_items) is a set of items: the form may list them in another order.
        return {
            k: sorted(v, key=str) if isinstance(v, list | tuple) else v
            for k, v in rules["options"].items()
            if k not in SESSION_SETTING_OPTIONS
        }

    return resolved(options) == resolved(others)


def house_rule_keys(variant: str) -> set[str]:
    """Every option key the engine reads for `variant`: its options and their older names."""
    info = get_variant(variant)
    return {option["key"] for option in info["options"]} | {alias["key"] for alias in info["option_aliases"]}


def player_name_key(name: str) -> str:
    """The one rule for "the same name": spaces collapsed, NFKC-normalised and case-folded.

    Python defines it identically on every database, unlike SQL's UPPER/LOWER (PostgreSQL's
    LOWER("İlker") is not its UPPER's inverse, and the Kelvin sign K folds to k only here).
    NFKC also folds full-width Latin letters, which Chinese keyboards type, to their ASCII twins.
    """
    collapsed = " ".join(name.split())
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", collapsed).casefold())


def new_share_token() -> str:
    return secrets.token_urlsafe(18)


def zero_totals() -> list[int]:
    return [0, 0, 0, 0]


class Player(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=40)
    # player_name_key(name): what lookups and the uniqueness constraint compare.
    name_key = models.CharField(max_length=160, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("name",)
        constraints = (models.UniqueConstraint(fields=["owner", "name_key"], name="player_name_key_unique_per_owner"),)

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = player_name_key(self.name)
        super().save(*args, **kwargs)


class GameSession(TableFeeFields):
    """One sitting at the table ("session" on screen; named so as not to clash with auth sessions)."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        FINISHED = "finished", _("finished")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_sessions")
    # A registered variant's id (`rules.variant_ids()`), checked by the forms and services that write it:
    # no choices here, so that a new variant folder needs no migration.
    variant = models.CharField(max_length=20)
    options: models.JSONField[HouseRules, HouseRules] = models.JSONField(default=dict, blank=True)
    # The city preset the session started from (an id of `get_variant(variant)["presets"]`), or "":
    # the board says "<preset> (changed)" once the options differ from it.
    city_preset = models.CharField(max_length=40, blank=True, default="")
    base = models.PositiveIntegerField()
    starting_points = models.IntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    first_dealer = models.PositiveSmallIntegerField()
    share_token = models.CharField(max_length=40, unique=True, default=new_share_token)
    share_enabled = models.BooleanField(default=True)
    # Hidden from the session list unless the keeper asks for the archived ones.
    archived = models.BooleanField(default=False)
    # Derived, cached: the running totals (change from the starting points), the table state
    # for the next hand and the number of hands, kept equal to a replay of the rounds.
    totals = models.JSONField(default=zero_totals)
    state: models.JSONField[SessionState, SessionState] = models.JSONField(default=dict)
    hand_count = models.PositiveIntegerField(default=0)
    # Bumped on every write; the share board's ETag.
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Set when the session is finished: the share of an unclaimed pot refunded to each seat.
    pot_refund = models.JSONField(default=zero_totals)
    # Money per point for the settle-up (e.g. 0.10 yuan); None shows points only.
    money_rate = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    # When play started and ended, for an hourly table fee: the session's start and finish unless
    # the keeper corrected them.
    played_from = models.DateTimeField(null=True, blank=True)
    played_until = models.DateTimeField(null=True, blank=True)
    # For a session made by importing an export: the export's fingerprint (services/exchange.py),
    # so that importing the same file again is asked about instead of making a silent twin.
    import_fingerprint = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ("-created",)
        indexes = (
            models.Index(fields=["owner", "-created"]),
            models.Index(fields=["owner", "import_fingerprint"], name="session_owner_import_idx"),
        )
        constraints = (
            models.CheckConstraint(
                condition=models.Q(played_from__isnull=True)
                | models.Q(played_from__gte=PLAYED_EARLIEST, played_from__lt=PLAYED_LATEST),
                name="session_played_from_in_range",
            ),
            models.CheckConstraint(
                condition=models.Q(played_until__isnull=True)
                | models.Q(played_until__gte=PLAYED_EARLIEST, played_until__lt=PLAYED_LATEST),
                name="session_played_until_in_range",
            ),
        )

    def __str__(self) -> str:
        return f"{self.variant_name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("session_detail", args=[self.pk])

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @cached_property
    def variant_info(self) -> VariantInfo:
        """`get_variant`'s description, read once per instance: a page asks for it many times."""
        return get_variant(self.variant)

    def locked(self) -> Self:
        """This session's row again, locked until the surrounding transaction ends, so that two
        phones writing to one session take turns.

        A session deleted meanwhile (another phone, waiting for this lock) is a 404, as it would
        have been had the request come a moment later: never DoesNotExist, never a half-write.
        """
        row = type(self).objects.select_for_update().filter(pk=self.pk).first()
        if row is None:
            raise Http404("This session no longer exists.")
        return row

    def save_bumping_version(self, *fields: str) -> None:
        """Save `fields` and bump the version that live boards and the share board's ETag follow:
        every write a viewer should see goes through here."""
        self.version += 1
        self.save(update_fields=[*fields, "version", "updated_at"])

    @property
    def preset_shown(self) -> PresetShown | None:
        """The city preset the session started from, `{"name": {"zh", "en"}, "changed": bool}`
        (changed: the house rules now differ from it), or None."""
        preset = next((p for p in city_presets(self.variant) if p["id"] == self.city_preset), None)
        if preset is None:
            return None
        options = self.options if isinstance(self.options, dict) else {}
        return {"name": preset["name"], "changed": not same_rules(self.variant, options, dict(preset["options"]))}

    @property
    def table_name(self) -> Names:
        """The rules this table plays by the name it knows them by: its city preset's (济南·途游), else
        the variant's (a table that started from the rule book plays 大连穷胡, not "大连·规则书")."""
        preset = next((p for p in city_presets(self.variant) if p["id"] == self.city_preset), None)
        if preset is None or preset["id"] == "rule_book":
            return self.variant_info["name"]
        return preset["name"]

    @property
    def not_played(self) -> frozenset[str]:
        """Facts of a hand this table's city preset never marks (its presets.json `not_played`), which
        the engine still accepts: the hand form leaves their pickers out."""
        preset = next((p for p in city_presets(self.variant) if p["id"] == self.city_preset), None)
        return frozenset(preset["not_played"]) if preset else frozenset()

    @property
    def variant_name(self) -> str:
        name = self.variant_info["name"]
        return f"{name['en']} {name['zh']}"

    @property
    def next_number(self) -> int:
        return self.hand_count + 1

    def starting_state(self) -> StartingState:
        return {"dealer": self.first_dealer}

    def engine_options(self) -> HouseRules:
        return engine_options_for(self.variant, self.options, self.base, self.starting_points)

    def option(self, key: str) -> OptionValue:
        """A house rule's value as the engine reads it: the session's choice (or an older name of it), else the
        variant's default; None if the variant has no such rule."""
        return self.table_rules["options"].get(key)

    @cached_property
    def table_rules(self) -> TableRules:
        """The engine's view of this table's rules: resolved options, allowed methods, several winners."""
        return table_rules(self.variant, self.engine_options())

    @cached_property
    def counters_that_count(self) -> dict[str, bool]:
        """Whether the drawn hands and the dealer's kept deals in a row change any payment at this table (a
        board shows only a counter that does)."""
        return counters_that_count(self.variant, self.engine_options())

    @cached_property
    def pattern_values(self) -> dict[str, PatternValue]:
        """Each pattern's value at this table, as the engine settles it here (a chip shows this, or none)."""
        return pattern_values(self.variant, self.engine_options())

    @property
    def pot(self) -> int:
        return int((self.state or {}).get("pot", 0))

    @property
    def play_started(self) -> datetime:
        return self.played_from or self.created

    @property
    def play_ended(self) -> datetime:
        """The end of play: as corrected, else the finish, else now (an open session's fee so far)."""
        return self.played_until or self.finished or timezone.now()


class Seat(models.Model):
    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    starting_points = models.IntegerField()

    class Meta:
        ordering = ("index",)
        constraints = (
            models.UniqueConstraint(fields=["session", "index"], name="seat_index_unique_per_session"),
            models.CheckConstraint(condition=models.Q(index__lte=3), name="seat_index_0_to_3"),
        )

    def __str__(self) -> str:
        return f"P{self.index} {self.player}"


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
    told what happened instead of bringing the hand back (services/hands.py)."""

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


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


class Keeper(models.Model):
    """Another account the owner lets keep score on a session: record, undo, edit and delete hands."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="keepers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="kept_sessions")
    added_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created", "pk")
        constraints = (models.UniqueConstraint(fields=["session", "user"], name="keeper_unique_per_session"),)

    def __str__(self) -> str:
        return f"{self.user} keeps {self.session}"


class Invitation(models.Model):
    """A one-time link that makes whoever opens it (signed in) a keeper of the session."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=40, unique=True, default=new_invitation_token)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()

    class Meta:
        ordering = ("-created", "-pk")

    def __str__(self) -> str:
        return f"invitation to {self.session}"

    def get_absolute_url(self) -> str:
        return reverse("join_session", args=[self.token])


class KeeperRequest(models.Model):
    """The owner asked for a keeper by user name. `name` is what the owner typed and is kept whether
    or not such an account exists, so the owner's list of pending invitations says nothing about
    which names are accounts; `user` is the account it reached (None when none matched, and then
    it reaches no one, even an account made with that name later). Nothing changes for `user`
    until they accept it from their sessions page; it ends when declined, withdrawn, cancelled
    with the session's link, when `user` stops being a keeper, or after its lifetime."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="keeper_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="keeper_requests"
    )
    name = models.CharField(max_length=150)
    # `name` case-folded: one pending invitation per typed name and session, whatever its case.
    name_key = models.CharField(max_length=150)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created", "-pk")
        constraints = (
            models.UniqueConstraint(fields=["session", "name_key"], name="keeper_request_unique_name_per_session"),
        )

    def __str__(self) -> str:
        return f"{self.name} asked to keep {self.session}"


def display_name(user: AbstractBaseUser | None) -> str:
    """How pages others can read name an account: the display name its keeper chose (kept in
    User.first_name), else the word "keeper" — never the log-in name, which is half of what a
    password guesser needs."""
    chosen = str(getattr(user, "first_name", "") or "").strip()
    return chosen or str(_("keeper"))


# The most presets one account keeps: a handful of tables, not a library.
MAX_PRESETS = 20
PRESET_NAME_MAX_LENGTH = 40


class TablePreset(TableFeeFields):
    """A keeper's saved table ("our Thursday rules"): variant, house rules, base, starting points and,
    when saved from a session, its four players, so that the next session starts in one tap."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="presets")
    name = models.CharField(max_length=PRESET_NAME_MAX_LENGTH)
    # A registered variant's id (`rules.variant_ids()`), checked by the forms and services that write it:
    # no choices here, so that a new variant folder needs no migration.
    variant = models.CharField(max_length=20)
    options = models.JSONField(default=dict, blank=True)
    base = models.PositiveIntegerField()
    starting_points = models.IntegerField()
    player_names = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("name", "pk")
        constraints = (models.UniqueConstraint(fields=["owner", "name"], name="preset_name_unique_per_owner"),)

    def __str__(self) -> str:
        return self.name

    @property
    def variant_names(self) -> Names:
        """The variant's names; a variant this version no longer plays keeps its stored id."""
        if self.variant in variant_ids():
            name = get_variant(self.variant)["name"]
            return {"en": name["en"], "zh": name["zh"]}
        return {"en": self.variant, "zh": self.variant}

    @property
    def names_shown(self) -> list[str]:
        """The saved players, as stored (a preset from elsewhere may hold anything: shown, never trusted)."""
        names = self.player_names if isinstance(self.player_names, list) else []
        return [str(name) for name in names[:4]]


# A keeper's regular groups (牌友圈): a handful, each of a table's worth of players or a few more.
MAX_GROUPS = 20
GROUP_NAME_MAX_LENGTH = 40
GROUP_PLAYERS_RANGE = (4, 16)


class PlayerGroup(models.Model):
    """A named set of players the keeper plays with: their standings across evenings count the
    keeper's sessions in which all four seats were taken by members."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_groups")
    name = models.CharField(max_length=GROUP_NAME_MAX_LENGTH)
    players = models.ManyToManyField(Player, related_name="player_groups")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("name", "pk")
        constraints = (models.UniqueConstraint(fields=["owner", "name"], name="group_name_unique_per_owner"),)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("group_detail", args=[self.pk])


# Registered with the app from here; they live in a module of their own (account safety, not play).
from tablekeeper.accounts import models as account_models  # noqa: E402, F401
