"""Harbin (哈尔滨麻将), RULES.md §3: the variant's declaration and its hooks."""

from .variant import VARIANT

__all__ = ["VARIANT"]
