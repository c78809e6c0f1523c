"""The screen of the phone that lost the race for a hand: what the other phone saved (as the
board's last-hand strip says it) beside what this phone entered (its preview), seat by seat."""

from __future__ import annotations

from dataclasses import dataclass

from tablekeeper.reading.reasons import headline
from tablekeeper.reading.reasons.refusals import Refusal, pattern_names, refusals
from tablekeeper.rules import Record

from .. import services
from ..models import GameSession, Seat
from .board import LastHandView, build_last_hand


@dataclass(frozen=True)
class RaceRow:
    name: str
    theirs: int
    mine: int | None  # None: the rules refuse this phone's record as that hand

    @property
    def differs(self) -> bool:
        return self.mine != self.theirs


@dataclass(frozen=True)
class RaceView:
    number: int
    same: bool
    theirs: LastHandView
    mine_headline: str
    mine_refused: list[Refusal]
    rows: list[RaceRow]
    pot: tuple[int, int | None] | None  # the pot's change, theirs and mine, when either moves it


def race_view(session: GameSession, seats: list[Seat], race: services.RaceLost, record: Record) -> RaceView:
    names = [seat.player.name for seat in seats]
    theirs = build_last_hand(session, seats, race.saved)
    assert theirs is not None  # a saved hand is always there to show
    mine = race.mine
    ok = mine["ok"]
    mine_deltas: list[int | None] = [int(delta) for delta in mine["deltas"]] if ok else [None] * len(names)
    mine_pot = mine["pot_delta"] if ok else None
    return RaceView(
        number=race.saved.number,
        same=race.same,
        theirs=theirs,
        mine_headline=headline(mine["lines"], names, session.variant_info) if ok else "",
        mine_refused=[] if ok else refusals(mine["errors"], names, record, pattern_names(session.variant_info)),
        rows=[
            RaceRow(name, theirs_change, mine_change)
            for (name, theirs_change), mine_change in zip(theirs.changes, mine_deltas, strict=True)
        ],
        pot=(theirs.pot_delta, mine_pot) if theirs.pot_delta or mine_pot else None,
    )
