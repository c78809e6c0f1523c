"""The table as it was before a hand: its state, each seat's running total and the deal's passes, read
from the hand before it (one indexed row at most); and a hand scored against it without saving anything.
What a Save, a correction and the race screen start from."""

from __future__ import annotations

from tablekeeper.rules import Record, SettleResult, settle

from ..models import GameSession, Round, SessionState, zero_totals
from .derived import TOTAL_COLUMNS
from .rescore import Running


def running_before(session: GameSession, number: int) -> Running:
    """The table before hand `number` (one indexed row at most)."""
    if number > 1:
        previous = (
            Round.objects.filter(session=session, number=number - 1)
            .values("state_after", "deal_passes", *TOTAL_COLUMNS)
            .first()
        )
        if previous is not None:
            return Running(previous["state_after"], [previous[name] for name in TOTAL_COLUMNS], previous["deal_passes"])
    return Running(session.starting_state(), zero_totals())


def table_before(session: GameSession, number: int) -> tuple[SessionState, list[int]]:
    """The table as it was when hand `number` was dealt (dealer, streaks, pot) and the running
    totals then: what the edit form of that hand shows."""
    running = running_before(session, number)
    return running.state, running.totals


def current_state(session: GameSession) -> SessionState:
    """The table now: after the session's last hand, or as it starts."""
    return session.state.copy() if session.state else session.starting_state()


def preview_hand(session: GameSession, record: Record, number: int | None = None) -> SettleResult:
    """Score `record` as the next hand (or in place of hand `number`) without saving anything."""
    state = current_state(session) if number is None else running_before(session, number).state
    return settle(session.variant, record, state, session.engine_options())
