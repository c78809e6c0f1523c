"""Read-only lists and dicts: `get_variant` hands every caller the one description it built.

They are a `list` and a `dict` to whoever reads them (equality, JSON, templates, `isinstance`), but
every method that would change them raises, so no caller can change what the next one reads.
`copy.deepcopy` gives ordinary, changeable copies.
"""

from __future__ import annotations

import copy
from typing import Any, NoReturn


def _refuse(self: object, *_args: object, **_kwargs: object) -> NoReturn:
    raise TypeError(f"{type(self).__name__} is read-only: copy it (copy.deepcopy) to change it")


class FrozenList(list[Any]):
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return [copy.deepcopy(item, memo) for item in self]

    def __copy__(self) -> list[Any]:
        return list(self)


class FrozenDict(dict[str, Any]):
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return {key: copy.deepcopy(value, memo) for key, value in self.items()}

    def __copy__(self) -> dict[str, Any]:
        return dict(self)


def frozen(value: Any) -> Any:
    """`value` with every list and dict inside it made read-only."""
    if isinstance(value, dict):
        return FrozenDict({key: frozen(item) for key, item in value.items()})
    if isinstance(value, list):
        return FrozenList(frozen(item) for item in value)
    return value
