"""Reading a record's fields one by one, so that a record is refused with every problem it has at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import errors as E
from ..errors import Problem


class Reader:
    """Collects every problem in one pass so the scorekeeper sees them all at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, code: str, path: str, message: str) -> None:
        self.problems.append(Problem(code, path, message))

    def unknown_keys(self, raw: Mapping[str, Any], allowed: set[str], path: str) -> None:
        for key in raw:
            if key not in allowed:
                where = f"{path}.{key}" if path else str(key)
                self.fail(E.UNKNOWN_FIELD, where, f"Unknown field '{key}'.")

    def seat(self, value: Any, path: str, *, required: bool = True) -> int | None:
        if value is None:
            if required:
                self.fail(E.MISSING_FIELD, path, "A seat is required here.")
            return None
        if not is_int(value):
            self.fail(E.INVALID_TYPE, path, "A seat must be a whole number from 0 to 3.")
            return None
        if not 0 <= value <= 3:
            self.fail(E.SEAT_OUT_OF_RANGE, path, f"Seat {value} does not exist; seats are 0 to 3.")
            return None
        return int(value)

    def count(self, value: Any, path: str, *, default: int, minimum: int = 0, maximum: int) -> int:
        if value is None:
            return default
        if not is_int(value) or not minimum <= value <= maximum:
            self.fail(E.INVALID_VALUE, path, f"Must be a whole number from {minimum} to {maximum}.")
            return default
        return int(value)

    def choice(self, value: Any, options: Sequence[str], path: str, *, default: str | None) -> str | None:
        if value is None:
            if default is None:
                self.fail(E.MISSING_FIELD, path, f"Required: one of {', '.join(options)}.")
            return default
        if value not in options:
            self.fail(E.INVALID_VALUE, path, f"'{value}' is not one of {', '.join(options)}.")
            return default
        return str(value)

    def boolean(self, value: Any, path: str, *, default: bool) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            self.fail(E.INVALID_TYPE, path, "Must be true or false.")
            return default
        return value

    def listing(self, value: Any, path: str, *, most: int) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list | tuple):
            self.fail(E.INVALID_TYPE, path, "Must be a list.")
            return []
        if len(value) > most:
            self.fail(E.INVALID_VALUE, path, f"At most {most} entries.")
            return []
        return list(value)

    def mapping(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.fail(E.INVALID_TYPE, path, "Must be an object.")
            return None
        return value


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_tile_face(value: object) -> bool:
    if not isinstance(value, str) or len(value) != 2 or value[1] not in "mpsz" or not value[0].isdigit():
        return False
    number = int(value[0])
    return 1 <= number <= (7 if value[1] == "z" else 9)
