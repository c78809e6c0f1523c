"""Dalian Qionghu (大连穷胡), RULES.md §1: the variant's declaration and its hooks."""

from .variant import VARIANT

__all__ = ["VARIANT"]
