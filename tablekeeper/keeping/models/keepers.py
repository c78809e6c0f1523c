"""Keepers besides the owner: who keeps score on a session, their one-time invitations and requests."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.urls import reverse

if TYPE_CHECKING:
    pass

from .sessions import GameSession


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
