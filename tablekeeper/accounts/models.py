"""What keeps accounts safe and must not be forgotten early: rate-limit counters and known phones.

Both live in tables of their own, with their own expiry, rather than in Django's cache: the
database cache culls a third of its entries by key once it holds MAX_ENTRIES, so a burst of
requests from new addresses (an attacker's, or a busy evening's) would wipe live limits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .validators import account_name_key, without_invisible

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser


class RateCounter(models.Model):
    """How many times something happened in the window that ends at `expires` (accounts/throttle.py)."""

    key = models.CharField(max_length=200, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: {self.count} until {self.expires:%Y-%m-%d %H:%M}"


class KnownDevice(models.Model):
    """A browser that logged in to `user` (accounts/login_throttle.py): its cookie holds only a random token,
    whose digest is kept here. A known device counts only its own wrong passwords, so strangers'
    guesses cannot lock its keeper out. It stops being known when the password changes or is
    reset (`password_mark` no longer matches), when it uses up its own allowance of wrong
    passwords, when the same browser logs in again (its token is replaced, so a copy of the old
    cookie is worth nothing) and a year after its last log-in."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token_digest = models.CharField(max_length=64, unique=True)
    password_mark = models.CharField(max_length=64)
    last_login = models.DateTimeField()

    def __str__(self) -> str:
        return f"known device of {self.user_id}"


class AccountName(models.Model):
    """An account's user name as "the same name" compares it (validators.account_name_key), under a
    unique index: the one thing that decides whether a sign-up's name is free, in the same transaction
    as the account, so that simultaneous sign-ups of one name in any letter case make one account on
    every database. Kept by `keep_account_name` whenever an account is made or renamed. `key` is empty
    (NULL) only for the younger of two accounts made before this rule that share a name in it
    (migration 0026): both keep working, and the name stays taken by the older."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # NULL, not "": a unique index holds any number of NULLs on both databases, and one "" only.
    key = models.CharField(max_length=64, unique=True, null=True)  # noqa: DJ001

    def __str__(self) -> str:
        return f"name of {self.user_id}"


def keep_account_name(
    sender: object, instance: AbstractBaseUser, created: bool, raw: bool = False, **kwargs: object
) -> None:
    """post_save of an account: its name's key, made with the account (its insert then fails, and the
    caller's transaction with it, when an account has the name already) or changed with a rename."""
    update_fields = kwargs.get("update_fields")
    if raw or (update_fields is not None and "username" not in update_fields):  # type: ignore[operator]
        return
    key = account_name_key(instance.get_username())
    if created:
        AccountName.objects.create(user_id=instance.pk, key=key)
        return
    row = AccountName.objects.filter(user_id=instance.pk).first()
    if row is None:
        AccountName.objects.create(user_id=instance.pk, key=key)
    elif row.key is not None and row.key != key:  # renamed (an older twin without a key stays without)
        AccountName.objects.filter(pk=row.pk).update(key=key)


def display_name(user: AbstractBaseUser | None) -> str:
    """How pages others can read name an account: the display name its keeper chose (kept in
    User.first_name), else the word "keeper" — never the log-in name, which is half of what a
    password guesser needs."""
    return name_shown(str(getattr(user, "first_name", "") or ""))


def name_shown(chosen: str) -> str:
    """A chosen display name as pages show it: without the characters that print as nothing (a name
    saved before they were refused cannot turn the text around or show as a blank), else "keeper"."""
    return without_invisible(chosen).strip() or str(_("keeper"))
