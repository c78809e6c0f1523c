"""Honour faces as the hand record writes them, and the words for the suits a hand lacks."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...errors import Unmet, unmet
from ...tiles import suit_of

DRAGON_FACES = frozenset({"5z", "6z", "7z"})
WIND_FACES = frozenset({"1z", "2z", "3z", "4z"})
HONOUR_FACES = DRAGON_FACES | WIND_FACES
SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}


def missing_suits_words(suits: Collection[str], needed: int = 3) -> Unmet | None:
    """Why a hand lacks suits (the win requirement it fails), or None when it has at least `needed` of them."""
    present = [suit for suit in "mps" if suit in suits]
    if len(present) >= needed:
        return None
    if needed == 3:
        absent = [s for s in "mps" if s not in present]
        words = f"needs tiles of all three suits (no {' or '.join(SUIT_NAMES[s] for s in absent)})"
        return unmet("three_suits", words, missing="".join(absent))
    words = f"needs tiles of at least {needed} suits (only {', '.join(SUIT_NAMES[s] for s in present) or 'none'})"
    return unmet("two_suits", words, present="".join(present))


def suits_in(counts: Sequence[int]) -> set[str]:
    return {suit_of(tile) for tile, count in enumerate(counts) if count and suit_of(tile) != "z"}
