"""One module per variant; each exposes `VARIANT`, an instance of its `Variant` subclass."""

from __future__ import annotations

from ..variant import Variant
from . import dalian, harbin, shandong, shenyang, zhengzhou

REGISTRY: dict[str, Variant] = {
    module.VARIANT.id: module.VARIANT for module in (dalian, shenyang, harbin, shandong, zhengzhou)
}
