"""The groups (牌友圈) a player is in, as the player sees them: the only way a player reads others' figures
(issue 31: "another player's record only as the standings of a group they are in").

A player is in a group when one of its members (a keeper's `Player`) is linked to the player's account
(`Player.person`, set by the keeper's yes to a claim; players/services/claims.py). The link goes with
the keeper's undo of it and with the player's "unlink me from everything", and the group's page with it;
unlinking one evening keeps the name linked, and the group.

A group the player is not in answers as one that does not exist (None, for the view's 404). The standings
are the keeper's own (`standings.group_standings`): one source for both pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User

from tablekeeper.keeping.models import Player

from ..models import PlayerGroup

# Only what the pages show of a group: its name and its keeper's display name (never a log-in name).
GROUP_FIELDS = ("pk", "name", "owner_id", "owner__first_name")


@dataclass(frozen=True)
class MemberGroup:
    group: PlayerGroup
    mine: frozenset[int]  # the group's members linked to the player: their rows are the player's own


def groups_of(user: User) -> list[PlayerGroup]:
    """Every group the player is in, whoever keeps it, by name: one query."""
    members = Player.objects.filter(person=user).values("player_groups")
    return list(
        PlayerGroup.objects.filter(pk__in=members).select_related("owner").only(*GROUP_FIELDS).order_by("name", "pk")
    )


def member_group(user: User, group_id: int) -> MemberGroup | None:
    """The group `group_id` with the player's own members in it; None when the player is not in it or
    it does not exist (the same answer). Two queries."""
    mine = frozenset(Player.objects.filter(player_groups=group_id, person=user).values_list("pk", flat=True))
    if not mine:
        return None
    group = PlayerGroup.objects.filter(pk=group_id).select_related("owner").only(*GROUP_FIELDS).first()
    return None if group is None else MemberGroup(group, mine)
