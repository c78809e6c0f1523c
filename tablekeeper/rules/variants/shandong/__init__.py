"""Shandong (山东麻将), RULES.md §4: the variant's declaration and its hooks."""

from .variant import VARIANT

__all__ = ["VARIANT"]
