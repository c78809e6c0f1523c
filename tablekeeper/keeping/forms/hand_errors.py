"""Where on the hand form an engine problem belongs: its `field` ("wins.0.from") mapped to a part of the layout."""

from __future__ import annotations

_WIN_PARTS = {"seat": "winner", "method": "how", "from": "how", "patterns": "patterns", "flowers": "flowers"}


def engine_field_to_form_key(field: str | None) -> str:
    """Map an engine error's `field` ("wins.0.from", "kongs.1.kind") to a key of the form's layout."""
    if not field:
        return "general"
    parts = field.split(".")
    head = parts[0]
    if head in ("result", "wins") and len(parts) < 3:
        return "winner"
    if head == "wins" and parts[2] == "liable":
        # A win's liable player is asked under "More", beside the first winner's (RULES §0.2).
        return "liable" if parts[1] == "0" else f"extra_liable_{parts[1]}"
    if head == "wins" and parts[1] != "0":
        return f"extra_{parts[1]}"
    if head == "wins":
        return _WIN_PARTS.get(parts[2], "tiles" if parts[2] == "tiles" else "general")
    if head in ("seats", "kongs", "penalties", "treasure", "turned_up", "liable", "dice_double"):
        return head
    if head == "counts" and len(parts) > 1:
        return f"counts_{parts[1]}"
    return "general"
