"""Zhengzhou (郑州麻将), RULES.md §5: the variant's declaration and its hooks."""

from .variant import VARIANT

__all__ = ["VARIANT"]
