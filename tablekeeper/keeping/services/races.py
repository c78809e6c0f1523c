"""Two phones, one hand: when another phone saved a hand's number first, the hand it saved set
beside the record this phone carried, both settled as that hand, so the keeper sees whether both
phones entered the same hand (nothing to record) or two different ones."""

from __future__ import annotations

from dataclasses import dataclass

from tablekeeper.rules import Record, SettleResult, settle

from ..models import GameSession, Round
from .table_before import table_before


@dataclass(frozen=True)
class RaceLost:
    """Hand `saved.number` as the other phone saved it, and this phone's record settled as that
    same hand (`mine`, against the table it was dealt at); `same` when the two settle alike."""

    saved: Round
    mine: SettleResult
    same: bool


def settled_alike(mine: SettleResult, theirs: SettleResult) -> bool:
    """Two records are one hand when the engine settles them alike at the same table: both stand,
    with the same result, winners, ways of winning and kongs (the engine's facts), the same
    payments and pot, and the same table after. Patterns or facts that change none of that (a
    chip worth nothing at this table) make no other hand."""
    if not (mine["ok"] and theirs["ok"]):
        return False
    same_facts = mine["facts"] == theirs["facts"] and mine["state"] == theirs["state"]
    return same_facts and mine["deltas"] == theirs["deltas"] and mine["pot_delta"] == theirs["pot_delta"]


def compare_with_saved(session: GameSession, number: int, record: Record) -> RaceLost | None:
    """Hand `number` as it stands, beside `record` settled as that hand; None when hand `number`
    is gone again (undone or deleted meanwhile), so that there is nothing to compare."""
    saved = Round.objects.filter(session=session, number=number).first()
    if saved is None:
        return None
    state, _totals = table_before(session, number)
    options = session.engine_options()
    mine = settle(session.variant, record, state, options)
    # The stored hand is settled again beside it rather than read from its columns: the same code,
    # the same table, so that only the records can make a difference.
    theirs = settle(session.variant, saved.record, state, options)
    return RaceLost(saved, mine, settled_alike(mine, theirs))
