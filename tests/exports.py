"""A session export (the JSON the import page reads) built in code: the fastest way for tests,
benchmarks and the load run to set up a long evening. No Django import, so the load run can use
it before Django is configured."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablekeeper.rules import Record


def self_draw(seat: int) -> Record:
    return {"result": "win", "wins": [{"seat": seat, "method": "self_draw", "patterns": []}]}


def zhengzhou_export(players: list[str], hands: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A Zhengzhou session (base 10, 1000 points each, seat 0 dealing first) with these hands."""
    return {
        "format": "tablekeeper-session",
        "version": 1,
        "variant": "zhengzhou",
        "options": {},
        "base": 10,
        "starting_points": 1000,
        "first_dealer": 0,
        "players": players,
        "hands": hands,
    }
