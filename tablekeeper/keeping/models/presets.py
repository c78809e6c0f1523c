"""Table presets: a keeper's saved rules (and players) for starting the next session in one tap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models

from tablekeeper.rules import (
    Names,
    get_variant,
    variant_ids,
)

from .table_fee_fields import TableFeeFields

if TYPE_CHECKING:
    pass


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
