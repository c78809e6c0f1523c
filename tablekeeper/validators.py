"""Checks on text and numbers that arrive from people and files, shared by forms and imports."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import player_name_key

PLAYER_NAME_MAX_LENGTH = 40


def has_control_characters(text: str) -> bool:
    """NUL, tabs, line breaks and the other C0/C1 controls: never part of a name or a note
    (PostgreSQL refuses NUL in text outright, and the rest hide in a page or a spreadsheet)."""
    return any(unicodedata.category(char) == "Cc" for char in text)


def refuse_control_characters(value: str) -> None:
    if has_control_characters(value):
        raise ValidationError(
            gettext_lazy("Control characters (such as tabs, line breaks or NUL) are not allowed here."),
            code="control_characters",
        )


def player_name_problems(names: Sequence[str]) -> list[tuple[int, str]]:
    """(seat, message) for every name the start form (and an import) refuses: empty, too long,
    control characters, or the same player twice (by `player_name_key`)."""
    problems: list[tuple[int, str]] = []
    seen: set[str] = set()
    for index, raw in enumerate(names):
        if has_control_characters(raw):
            problems.append((index, _("Control characters (such as tabs, line breaks or NUL) are not allowed here.")))
            continue
        name = " ".join(raw.split())
        if not name:
            problems.append((index, _("Every seat needs a player's name.")))
            continue
        if len(name) > PLAYER_NAME_MAX_LENGTH:
            problems.append((index, _("A name is at most %(most)s characters.") % {"most": PLAYER_NAME_MAX_LENGTH}))
            continue
        key = player_name_key(name)
        if key in seen:
            problems.append((index, _("Four different names, please: this one is already seated.")))
        seen.add(key)
    return problems
