"""Groups of regular players (牌友圈): the players a keeper plays with across evenings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.urls import reverse

if TYPE_CHECKING:
    pass

from tablekeeper.keeping.models import Player

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
