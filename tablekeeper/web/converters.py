"""URL converters."""

from __future__ import annotations


class BoundedIntConverter:
    """A positive whole number of at most 9 digits (ids and hand numbers)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


def query_number(raw: str | None, *, most: int) -> int | None:
    """A whole number from a query or form parameter, or None for anything else: ASCII digits
    only ("²" is a digit to str.isdigit but not to int) and no larger than `most`."""
    if raw is None or not raw.isascii() or not raw.isdecimal() or len(raw) > len(str(most)):
        return None
    number = int(raw)
    return number if 1 <= number <= most else None
