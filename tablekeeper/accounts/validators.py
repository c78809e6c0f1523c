"""Checks on text and numbers that arrive from people and files, shared by forms and imports."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

PLAYER_NAME_MAX_LENGTH = 40
# Player.name_key's column.
PLAYER_NAME_KEY_MAX_LENGTH = 160
# Characters that print as nothing: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt:
# the soft hyphen, zero-width spaces and joiners, direction marks, the Hangul fillers, variation
# selectors, tags), and the blank Braille pattern, which prints as a space without being one.
# Format characters (category Cf) count too, whatever their code point.
_INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def has_surrogates(text: str) -> bool:
    """Half of a UTF-16 pair on its own (Unicode category Cs, "\\ud800" in JSON): no character at
    all. UTF-8 cannot encode it, so a page, an export or PostgreSQL would fail on it for good."""
    return any(unicodedata.category(char) == "Cs" for char in text)


def has_control_characters(text: str) -> bool:
    """NUL, tabs, line breaks and the other C0/C1 controls: never part of a name or a note
    (PostgreSQL refuses NUL in text outright, and the rest hide in a page or a spreadsheet);
    lone surrogates count too, as nothing can print or store them."""
    return any(unicodedata.category(char) in ("Cc", "Cs") for char in text)


def is_invisible(char: str) -> bool:
    """Whether `char` prints as nothing (a zero-width space, a direction mark, a filler): see
    _INVISIBLE_RANGES. Two names that differ only by such characters look the same on a page."""
    if unicodedata.category(char) == "Cf":
        return True
    point = ord(char)
    return any(first <= point <= last for first, last in _INVISIBLE_RANGES)


def without_invisible(text: str) -> str:
    return "".join(char for char in text if not is_invisible(char))


def refuse_invisible_names(value: str) -> None:
    """A name others read (the display name): no format characters (category Cf: a right-to-left
    override that turns the text around, zero-width spaces that make a look-alike of another name),
    and nothing that would show as a blank name once the characters that print as nothing are gone."""
    if any(unicodedata.category(char) == "Cf" for char in value):
        raise ValidationError(
            gettext_lazy(
                "Invisible characters (such as zero-width spaces or direction marks) are not allowed in a name."
            ),
            code="format_characters",
        )
    if value.strip() and not without_invisible(value).strip():
        raise ValidationError(
            gettext_lazy("This name would show as blank: type a name people can read, or leave it empty."),
            code="blank",
        )


def character_problem(text: str) -> str | None:
    """Why `text` cannot be a name or a note, or None: the message says which kind of character."""
    if has_surrogates(text):
        return _("This text has a broken character (an unpaired surrogate); type it again.")
    if has_control_characters(text):
        return _("Control characters (such as tabs, line breaks or NUL) are not allowed here.")
    return None


def refuse_control_characters(value: str) -> None:
    if has_surrogates(value):
        raise ValidationError(
            gettext_lazy("This text has a broken character (an unpaired surrogate); type it again."),
            code="surrogates",
        )
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
        problem = character_problem(raw)
        if problem is not None:
            problems.append((index, problem))
            continue
        name = " ".join(raw.split())
        if not name or not without_invisible(name).strip():
            problems.append((index, _("Every seat needs a player's name.")))
            continue
        if len(name) > PLAYER_NAME_MAX_LENGTH:
            problems.append((index, _("A name is at most %(most)s characters.") % {"most": PLAYER_NAME_MAX_LENGTH}))
            continue
        key = player_name_key(name)
        if len(key) > PLAYER_NAME_KEY_MAX_LENGTH:
            # NFKC spells some characters out (one "ﷺ" is 18 letters): the stored key must fit too.
            problems.append((index, _("This name is too long once its characters are spelled out; shorten it.")))
            continue
        if key in seen:
            problems.append((index, _("Four different names, please: this one is already seated.")))
        seen.add(key)
    return problems


def player_name_key(name: str) -> str:
    """The one rule for "the same name": characters that print as nothing removed (`is_invisible`:
    "A\u200bnn" is Ann), spaces collapsed, NFKC-normalised and case-folded.

    Python defines it identically on every database, unlike SQL's UPPER/LOWER (PostgreSQL's
    LOWER("İlker") is not its UPPER's inverse, and the Kelvin sign K folds to k only here).
    NFKC also folds full-width Latin letters, which Chinese keyboards type, to their ASCII twins.
    Migration 0025 keys the players stored before invisible characters were removed; a change here
    needs a migration of its own.
    """
    collapsed = " ".join(without_invisible(name).split())
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", collapsed).casefold())
    return " ".join(without_invisible(folded).split())


def account_name_key(username: str) -> str:
    """The one rule for "the same user name", kept as a digest under a unique index
    (account_models.AccountName): NFKC-normalised and case-folded the Unicode way, so that straße and
    STRASSE, Ä and ä, Σ and σ, the Kelvin sign and k are one name; and the Turkish dotted capital İ
    (which folds to i and a combining dot) and dotless ı count as i, so that İdil and Idil are one too.
    A digest, as a folded name can spell out to far more than the 150 characters of the name (one
    "ﷺ" is 18 letters), more than an index entry may hold."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", username).casefold())
    folded = unicodedata.normalize("NFC", folded.replace("i\u0307", "i").replace("\u0131", "i"))
    return hashlib.sha256(folded.encode()).hexdigest()
