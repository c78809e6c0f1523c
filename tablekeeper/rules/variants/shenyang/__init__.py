"""Shenyang (沈阳麻将), RULES.md §2: the variant's declaration and its hooks."""

from .variant import VARIANT

__all__ = ["VARIANT"]
