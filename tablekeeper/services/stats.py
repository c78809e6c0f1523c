"""Per-player statistics across a keeper's sessions, from the stored hand records and deltas.

Definitions (RULES.md is silent; these are the table's usual meanings):
- hands played: every stored hand of the sessions the player sat in, draws and void hands included;
- hands won: hands in which the player is one of the winners (several on one discard each count);
- self-draw rate: self-drawn wins / hands won;
- deal-in rate: hands in which someone won on the player's discard or robbed the player's kong /
  hands played (one deal-in per hand, however many won on that tile);
- biggest hand: the most points the player gained in one hand they won.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User

from ..models import Round, Seat

DEAL_IN_METHODS = frozenset({"discard", "rob_kong"})


@dataclass
class PlayerStats:
    name: str
    sessions: set[int] = field(default_factory=set)
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    biggest_hand: int | None = None

    @property
    def sessions_played(self) -> int:
        return len(self.sessions)

    @property
    def self_draw_rate(self) -> float | None:
        return self.self_draws / self.wins if self.wins else None

    @property
    def deal_in_rate(self) -> float | None:
        return self.deal_ins / self.hands if self.hands else None


def tally(
    seats: Iterable[tuple[int, int, int, str]], rounds: Iterable[tuple[int, dict[str, Any], list[int]]]
) -> list[PlayerStats]:
    """`seats`: (session id, seat index, player id, name); `rounds`: (session id, record, deltas)."""
    players: dict[int, PlayerStats] = {}
    seated: dict[int, dict[int, PlayerStats]] = {}
    for session_id, index, player_id, name in seats:
        stats = players.setdefault(player_id, PlayerStats(name))
        stats.sessions.add(session_id)
        seated.setdefault(session_id, {})[index] = stats
    for session_id, record, deltas in rounds:
        at_table = seated.get(session_id, {})
        for stats in at_table.values():
            stats.hands += 1
        wins = record.get("wins") or []
        for win in wins:
            winner = at_table.get(win["seat"])
            if winner is None:
                continue
            winner.wins += 1
            winner.self_draws += win["method"] == "self_draw"
            gain = deltas[win["seat"]]
            winner.biggest_hand = gain if winner.biggest_hand is None else max(winner.biggest_hand, gain)
        sources = {win.get("from") for win in wins if win["method"] in DEAL_IN_METHODS}
        for source in sources - {None}:
            if source in at_table:
                at_table[source].deal_ins += 1
    return sorted(players.values(), key=lambda stats: (-stats.wins, stats.name.lower()))


def player_statistics(owner: User) -> list[PlayerStats]:
    """Two queries, whatever the number of sessions and hands."""
    seats = Seat.objects.filter(session__owner=owner).values_list("session_id", "index", "player_id", "player__name")
    rounds = Round.objects.filter(session__owner=owner).values_list("session_id", "record", "deltas")
    return tally(seats, rounds.iterator(chunk_size=2000))
