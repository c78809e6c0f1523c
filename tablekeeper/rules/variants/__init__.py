"""The variants, one package each (`variants/<id>/`, the same modules and hooks in every one).

Each package exposes `VARIANT`, an instance of its `Variant` subclass. The registry lists them
in the rule book's order (RULES.md §1-§5), and that order is `VARIANT_IDS`.
"""

from __future__ import annotations

from ..variant import Variant
from . import dalian, harbin, shandong, shenyang, zhengzhou

REGISTRY: dict[str, Variant] = {
    package.VARIANT.id: package.VARIANT for package in (dalian, shenyang, harbin, shandong, zhengzhou)
}
VARIANT_IDS: tuple[str, ...] = tuple(REGISTRY)
