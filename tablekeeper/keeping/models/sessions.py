"""A table's evening: the players a keeper seats, the session and its four seats.

The hand record is the source of truth. Each round also stores what the engine derived from it
(deltas, pot change, reasons, state after) and the session stores the running totals and the
current table state, so that every page reads a fixed number of rows however long the session.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from decimal import Decimal
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, TypedDict

from django.conf import settings
from django.db import connection, models
from django.db.transaction import TransactionManagementError
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tablekeeper.rules import (
    HouseRules,
    Names,
    OptionValue,
    PatternValue,
    PresetInfo,
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

from .sql_rows import SqlRows
from .table_fee_fields import TableFeeFields

if TYPE_CHECKING:
    pass

from tablekeeper.accounts.validators import player_name_key

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

    id: str
    name: Names
    changed: bool
    book_name: Names  # the rule book's name for it (RULES §9.7): 沈阳·Rust服 for 沈阳·网络版


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


def new_share_token() -> str:
    return secrets.token_urlsafe(18)


def zero_totals() -> list[int]:
    return [0, 0, 0, 0]


class Player(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=40)
    # player_name_key(name): what lookups and the uniqueness constraint compare.
    name_key = models.CharField(max_length=160, editable=False)
    # The account this name is, once the keeper said yes to its claim of a seat (players/services/claims.py):
    # a session that seats this player again is linked to it from the start. None: a name only.
    person = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="named_players"
    )
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
    # For a session made by importing an export: the export's fingerprint (keeping/services/exchange.py),
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

    def locked(self) -> GameSession:
        """This session's row again, locked until the surrounding transaction ends, so that two
        phones writing to one session take turns.

        A session deleted meanwhile (another phone, waiting for this lock) is a 404, as it would
        have been had the request come a moment later: never DoesNotExist, never a half-write.
        """
        row = GameSession.by_pk(self.pk, lock=True)
        if row is None:
            raise Http404("This session no longer exists.")
        return row

    @staticmethod
    def by_pk(pk: int, *, lock: bool = False) -> GameSession | None:
        """A session's row, or None, in a statement written once (`sql_rows.py`): every page of a session reads it,
        and a Save reads it again under the lock. `lock`: FOR UPDATE, as `select_for_update()` where the database
        has row locks (PostgreSQL); SQLite has none, and its write transactions take the database (BEGIN IMMEDIATE)."""
        if lock and connection.features.has_select_for_update and connection.get_autocommit():
            # What the ORM says too: a lock outside a transaction would end with the statement.
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        with connection.cursor() as cursor:
            cursor.execute(_session_by_pk(connection.vendor, lock=lock), [pk])
            row = cursor.fetchone()
        return None if row is None else _SESSION_ROWS.instance(row)

    def save_bumping_version(self, *fields: str) -> None:
        """Save `fields` and bump the version that live boards and the share board's ETag follow:
        every write a viewer should see goes through here."""
        self.version += 1
        # As save(update_fields=...), in a statement written once per set of fields (sql_rows.py).
        _SESSION_ROWS.update(self, [*fields, "version", "updated_at"])

    @cached_property
    def started_from(self) -> PresetInfo | None:
        """The city preset the session started from (`city_preset`), or None."""
        return next((p for p in city_presets(self.variant) if p["id"] == self.city_preset), None)

    @property
    def preset_shown(self) -> PresetShown | None:
        """The city preset the session started from, `{"name": {"zh", "en"}, "changed": bool}`
        (changed: the house rules now differ from it), or None."""
        preset = self.started_from
        if preset is None:
            return None
        options = self.options if isinstance(self.options, dict) else {}
        changed = not same_rules(self.variant, options, dict(preset["options"]))
        return {"id": preset["id"], "name": preset["name"], "changed": changed, "book_name": preset["book_name"]}

    @property
    def table_name(self) -> Names:
        """The rules this table plays by the name it knows them by: its city preset's (济南·途游), else
        the variant's (a table that started from the rule book plays 大连穷胡, not "大连·规则书")."""
        preset = self.started_from
        if preset is None or preset["id"] == "rule_book":
            return self.variant_info["name"]
        return preset["name"]

    @property
    def not_played(self) -> frozenset[str]:
        """Facts of a hand this table's city preset never marks (its presets.json `not_played`), which
        the engine still accepts: the hand form leaves their pickers out."""
        preset = self.started_from
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


_SESSION_ROWS = SqlRows(GameSession)


@cache
def _session_by_pk(vendor: str, *, lock: bool) -> str:
    """`GameSession.by_pk`'s SELECT on this database (`vendor` only keys the cache)."""
    quote = connection.ops.quote_name
    locking = " FOR UPDATE" if lock and connection.features.has_select_for_update else ""
    return (
        f"SELECT {_SESSION_ROWS.columns('s')} FROM {quote(_SESSION_ROWS.table)} s"
        f" WHERE s.{quote(_SESSION_ROWS.column('id'))} = %s{locking}"
    )


class Seat(models.Model):
    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    starting_points = models.IntegerField()
    # The account that sat here, by the keeper's yes (a claim, or a linked player seated from the start
    # form): this evening is on its 我的战绩. Deleting the account keeps the seat and its name.
    person = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="linked_seats"
    )

    class Meta:
        ordering = ("index",)
        constraints = (
            models.UniqueConstraint(fields=["session", "index"], name="seat_index_unique_per_session"),
            models.CheckConstraint(condition=models.Q(index__lte=3), name="seat_index_0_to_3"),
            # One person, one seat at a table.
            models.UniqueConstraint(
                fields=["session", "person"],
                condition=models.Q(person__isnull=False),
                name="seat_person_once_per_session",
            ),
        )

    def __str__(self) -> str:
        return f"P{self.index} {self.player}"
