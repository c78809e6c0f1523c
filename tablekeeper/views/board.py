"""What the board shows, computed from the session's cached totals and state (no rounds read)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..models import WIND_NAMES, GameSession, Seat

# Where each seat sits on the screen: seat 0 at the bottom, turn order runs counter-clockwise
# (RULES.md §0.1: the next player sits to the right), so seat 1 is on the right.
SEAT_POSITIONS = ("bottom", "right", "top", "left")


@dataclass(frozen=True)
class SeatView:
    index: int
    name: str
    points: int
    change: int
    wind: str
    position: str
    is_dealer: bool

    @property
    def index_text(self) -> str:
        return str(self.index)


@dataclass(frozen=True)
class BoardView:
    seats: list[SeatView]
    hand_number: int
    dealer_streak: int
    draw_streak: int
    pending_doubles: int
    pot: int
    dealer_name: str

    @property
    def by_position(self) -> dict[str, SeatView]:
        return {seat.position: seat for seat in self.seats}

    @property
    def standings(self) -> list[SeatView]:
        return sorted(self.seats, key=lambda seat: (-seat.points, seat.index))


def build_board(session: GameSession, seats: list[Seat]) -> BoardView:
    state: dict[str, Any] = session.state or session.starting_state()
    dealer = int(state.get("dealer", session.first_dealer))
    views = [
        SeatView(
            index=seat.index,
            name=seat.player.name,
            points=seat.starting_points + session.totals[seat.index],
            change=session.totals[seat.index],
            wind=WIND_NAMES[(seat.index - dealer) % 4],
            position=SEAT_POSITIONS[seat.index],
            is_dealer=seat.index == dealer,
        )
        for seat in seats
    ]
    return BoardView(
        seats=views,
        hand_number=int(state.get("hand", session.next_number)),
        dealer_streak=int(state.get("dealer_streak", 0)),
        draw_streak=int(state.get("draw_streak", 0)),
        pending_doubles=int(state.get("pending_doubles", 0)),
        pot=int(state.get("pot", 0)),
        dealer_name=next((view.name for view in views if view.is_dealer), ""),
    )


def seats_of(session: GameSession) -> list[Seat]:
    return list(session.seats.select_related("player").order_by("index"))


_SEAT_LABEL = re.compile(r"\bP([0-3])\b")


def with_names(text: str, names: Sequence[str]) -> str:
    """The engine speaks of seats P0..P3; the table knows them by name."""
    return _SEAT_LABEL.sub(lambda match: names[int(match.group(1))], text)


def named_lines(lines: Sequence[dict[str, Any]], names: Sequence[str]) -> list[str]:
    return [with_names(str(line.get("text", "")), names) for line in lines]
