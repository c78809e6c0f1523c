"""The win requirement a refused hand fails (RULES.md §1-§5), in words a keeper understands: one
sentence per requirement id of the engine (`rules/errors.py` REQUIREMENTS), with its specifics
(the suits missing, the wild's face …) filled in from the problem's `params`.

A Chinese keeper reads "Ann 的牌：万、筒、条三门要齐（缺条）。" instead of the catalogue's general
"the hand does not meet what these rules need for a win". tests/reading/test_requirement_words.py
checks that every requirement the engine declares has a sentence here, in both languages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from .words import HONOURS_ZH, SUITS_ZH, chinese, listed

_SUIT_WORDS_EN = {"m": "characters", "p": "dots", "s": "bamboo"}
_SET_KINDS: dict[str, Promise] = {
    "dragon_set": gettext_lazy("dragon set (中发白)"),
    "wind_set": gettext_lazy("wind set (东南西北)"),
}

REQUIREMENT_WORDS: dict[str, Promise] = {
    "three_suits": gettext_lazy("Needs all three suits, characters, dots and bamboo (none of %(missing)s)."),
    "two_suits": gettext_lazy("Needs tiles of at least two suits (only %(present)s)."),
    "triplet": gettext_lazy("Needs a pung or a kong."),
    "terminal_or_honour": gettext_lazy("Needs a 1, a 9 or an honour tile."),
    "terminal_or_red_dragon": gettext_lazy("Needs a 1, a 9 or the Red Dragon."),
    "opened": gettext_lazy("Needs an open hand: a chow, pung or kong claimed from a discard."),
    "set_aside_limit": gettext_lazy(
        "At most %(limit)s sets may be laid down; a single tile left in hand (手把一) is not allowed here."
    ),
    "chow": gettext_lazy("Needs a chow."),
    "triplet_or_dragon_pair": gettext_lazy("Needs a pung or a kong, or a pair of dragons."),
    "fourth_claim_all_pungs": gettext_lazy("A fourth set may be claimed only when the hand is all pungs."),
    "no_claimed_dragon_pung": gettext_lazy("A discarded dragon (%(tile)s) can never be punged."),
    "declared_ready": gettext_lazy("This table's rules need the winner to declare ready before winning."),
    "pair_258": gettext_lazy("The pair must be 2s, 5s or 8s of a suit (the pair here: %(pair)s)."),
    "no_special_sets": gettext_lazy("These rules have no %(kind)s: honours only form pungs and kongs."),
    "no_chow_claim": gettext_lazy("This table does not allow claiming a chow: only pungs and kongs."),
    "wild_not_in_set": gettext_lazy("The wild (%(tile)s) cannot sit in a set laid down or in a kong."),
    "wild_not_claimed": gettext_lazy("Nobody can win on a discarded wild (%(tile)s)."),
}


def _suits(letters: str) -> str:
    if not letters:
        return _("none")
    if chinese():
        return "、".join(SUITS_ZH.get(letter, letter) for letter in letters)
    return pgettext("alternatives", " or ").join(_SUIT_WORDS_EN.get(letter, letter) for letter in letters)


def _present(letters: str) -> str:
    if not letters:
        return _("none")
    if chinese():
        return "、".join(SUITS_ZH.get(letter, letter) for letter in letters)
    return listed(_SUIT_WORDS_EN.get(letter, letter) for letter in letters)


def _tile(face: str) -> str:
    if not chinese():
        return face
    return HONOURS_ZH.get(face) or f"{face[:1]}{SUITS_ZH.get(face[1:], face[1:])}"


def _tiles(faces: str) -> str:
    return listed(_tile(face) for face in faces.split()) if faces else _("none")


def _kind(kind: str) -> str:
    return str(_SET_KINDS.get(kind, kind.replace("_", " ")))


# How each param is said: suit letters become suit words, faces become tiles (东, 5万) in Chinese.
_PARAM_WORDS: dict[str, Callable[[str], str]] = {
    "missing": _suits,
    "present": _present,
    "tile": _tile,
    "pair": _tiles,
    "kind": _kind,
    "limit": str,
}


# A requirement said without its specific, where the hand has none to name (seven pairs has no single pair).
REQUIREMENT_WORDS_WITHOUT: dict[tuple[str, str], Promise] = {
    ("pair_258", "pair"): gettext_lazy("The pair must be 2s, 5s or 8s of a suit; this hand has no such pair."),
}


def requirement_sentence(requirement: str, params: Mapping[str, object] | None) -> str | None:
    """The sentence for a failed win requirement in the active language, or None for an unknown id."""
    for (known, param), bare in REQUIREMENT_WORDS_WITHOUT.items():
        if known == requirement and not (params or {}).get(param):
            return str(bare)
    words = REQUIREMENT_WORDS.get(requirement)
    if words is None:
        return None
    said = {name: _PARAM_WORDS.get(name, str)(str(value)) for name, value in (params or {}).items()}
    for name in _PARAM_WORDS:
        said.setdefault(name, "?")
    return str(words) % said
