"""The invariant every write keeps: a session's stored figures are exactly a replay of its records.

Used by the tests after every kind of change and by the load test after workers were killed
mid-write; a deployment can run it over its sessions to prove nothing drifted.
"""

from __future__ import annotations

from tablekeeper.rules import replay

from ..models import GameSession, Round, SessionState
from .derived import derived_columns, totals_of


def replay_mismatches(session: GameSession) -> list[str]:
    """What differs between the stored rows and a fresh replay (empty when they agree)."""
    session.refresh_from_db()
    rounds = list(Round.objects.filter(session=session).order_by("number"))
    problems: list[str] = []
    if [round_.number for round_ in rounds] != list(range(1, len(rounds) + 1)):
        problems.append("hand numbers are not 1..n")
    fresh = replay(session.variant, [r.record for r in rounds], session.engine_options(), session.starting_state())
    if not fresh["ok"]:
        return [*problems, f"hand {(fresh['first_error'] or 0) + 1} no longer scores"]
    state: SessionState = session.starting_state()
    totals, passes = [0, 0, 0, 0], 0
    for round_, scored in zip(rounds, fresh["results"], strict=True):
        expected = derived_columns(round_.record, scored, totals, state_before=state, passes_before=passes)
        totals, state, passes = totals_of(expected), scored["state"], expected["deal_passes"]
        for name, value in expected.items():
            if getattr(round_, name) != value:
                problems.append(f"hand {round_.number}: stored {name} {getattr(round_, name)!r} != {value!r}")
    if session.totals != fresh["totals"]:
        problems.append(f"session totals {session.totals} != replay {fresh['totals']}")
    if session.hand_count != len(rounds):
        problems.append(f"hand count {session.hand_count} != {len(rounds)} rows")
    if rounds and session.state != fresh["state"]:
        problems.append(f"session state {session.state} != replay {fresh['state']}")
    return problems
