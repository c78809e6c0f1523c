"""Groups of regular players (牌友圈): made from a preset or a session's players, renamed, edited, deleted."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils.translation import gettext as _

from tablekeeper.accounts.validators import has_control_characters, player_name_key, player_name_problems
from tablekeeper.keeping.models import GameSession, Player, TablePreset
from tablekeeper.keeping.services.sessions import find_or_create_player

from ..models import GROUP_NAME_MAX_LENGTH, GROUP_PLAYERS_RANGE, MAX_GROUPS, PlayerGroup


class GroupRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def has_unpaired_surrogates(text: str) -> bool:
    """Half of a UTF-16 pair on its own: no character at all, and no database stores it."""
    return any(unicodedata.category(char) == "Cs" for char in text)


def clean_group_name(raw: str) -> str:
    if has_control_characters(raw) or has_unpaired_surrogates(raw):
        raise GroupRefused(_("Control characters (such as tabs, line breaks or NUL) are not allowed here."))
    name = " ".join(raw.split())
    if not name:
        raise GroupRefused(_("Give the group a name, e.g. “Thursday friends”."))
    if len(name) > GROUP_NAME_MAX_LENGTH:
        raise GroupRefused(_("A group's name is at most %(most)s characters.") % {"most": GROUP_NAME_MAX_LENGTH})
    return name


def _create(owner: User, raw_name: str, players: Sequence[Player]) -> PlayerGroup:
    name = clean_group_name(raw_name)
    if len({player.pk for player in players}) < GROUP_PLAYERS_RANGE[0]:
        raise GroupRefused(_("A group needs at least %(least)s players.") % {"least": GROUP_PLAYERS_RANGE[0]})
    try:
        with transaction.atomic():
            # The owner's row is the lock that makes two phones creating groups at once count right.
            User.objects.select_for_update().filter(pk=owner.pk).first()
            if PlayerGroup.objects.filter(owner=owner).count() >= MAX_GROUPS:
                raise GroupRefused(_("You can keep at most %(most)s groups; delete one first.") % {"most": MAX_GROUPS})
            group = PlayerGroup.objects.create(owner=owner, name=name)
            group.players.set(players)
    except IntegrityError:
        raise GroupRefused(_("You already have a group called %(name)s.") % {"name": name}) from None
    return group


def group_from_session(owner: User, session: GameSession, raw_name: str) -> PlayerGroup:
    """A group of the four players of one of the keeper's sessions."""
    players = [seat.player for seat in session.seats.select_related("player")]
    return _create(owner, raw_name, players)


def group_from_preset(owner: User, preset: TablePreset, raw_name: str) -> PlayerGroup:
    """A group of a preset's players (a player the keeper has not seated yet is created, as a start would)."""
    names = preset.names_shown
    if len(names) != 4 or player_name_problems(names):
        raise GroupRefused(_("This preset has no players."))
    # A refused group leaves no new players behind either.
    with transaction.atomic():
        return _create(owner, raw_name, [find_or_create_player(owner, name) for name in names])


def _locked(group: PlayerGroup) -> PlayerGroup:
    """The group's row, held until the transaction ends: every change of a group (its members, its
    name, deleting it) takes this lock first, so that two phones editing it take turns instead of
    deadlocking or writing members of a group deleted meanwhile. Http404 when it is gone."""
    locked = PlayerGroup.objects.select_for_update().filter(pk=group.pk).first()
    if locked is None:
        raise Http404("This group was deleted.")
    return locked


def delete_group(group: PlayerGroup) -> None:
    """Delete the group (its players stay), under the group's lock; Http404 when already gone."""
    with transaction.atomic():
        _locked(group).delete()


def rename_group(group: PlayerGroup, raw_name: str) -> None:
    name = clean_group_name(raw_name)
    try:
        with transaction.atomic():
            _locked(group)
            PlayerGroup.objects.filter(pk=group.pk).update(name=name)
    except IntegrityError:
        raise GroupRefused(_("You already have a group called %(name)s.") % {"name": name}) from None
    group.name = name


def add_member(group: PlayerGroup, raw_name: str) -> Player:
    """Add a player by name: one the keeper has seated before, or a new one."""
    problems = player_name_problems([raw_name]) if not has_unpaired_surrogates(raw_name) else [(0, "")]
    if problems:
        message = problems[0][1] or _("Control characters (such as tabs, line breaks or NUL) are not allowed here.")
        raise GroupRefused(message)
    with transaction.atomic():
        locked = _locked(group)
        key = player_name_key(" ".join(raw_name.split()))
        if locked.players.filter(name_key=key).exists():
            raise GroupRefused(_("%(name)s is already in this group.") % {"name": " ".join(raw_name.split())})
        if locked.players.count() >= GROUP_PLAYERS_RANGE[1]:
            raise GroupRefused(_("A group has at most %(most)s players.") % {"most": GROUP_PLAYERS_RANGE[1]})
        player = find_or_create_player(group.owner, raw_name)
        locked.players.add(player)
    return player


def remove_member(group: PlayerGroup, player_id: int) -> None:
    with transaction.atomic():
        locked = _locked(group)
        if not locked.players.filter(pk=player_id).exists():
            raise GroupRefused(_("That player is not in this group."))
        if locked.players.count() <= GROUP_PLAYERS_RANGE[0]:
            raise GroupRefused(
                _("A group needs at least %(least)s players: add someone before removing.")
                % {"least": GROUP_PLAYERS_RANGE[0]}
            )
        locked.players.remove(player_id)
