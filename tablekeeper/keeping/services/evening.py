"""What the group chat enjoys about an evening, counted by the database from the hand columns:
who self-drew and who dealt in most, the biggest hand, and which hands were corrected; and who won
most (the session list and the result card say it the same way)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _

from tablekeeper.reading.reasons.words import chinese

from ..models import Correction, GameSession, Round
from .table_fee import big_winners

SEATS = range(4)


@dataclass(frozen=True)
class EveningFacts:
    self_draws: list[int]  # per seat
    deal_ins: list[int]  # per seat: hands won on that seat's discard (a robbed kong is not a deal-in)
    # (hand number, seat, gain) of the biggest win, in hand order; several when they tie (a tie is named a tie).
    biggest: list[tuple[int, int, int]]
    corrected: list[int]  # the numbers, at the time, of the hands edited or deleted, in order


def evening_facts(session: GameSession) -> EveningFacts:
    counts = Round.objects.filter(session=session, result="win").aggregate(
        **{
            f"self_{seat}": Count("pk", filter=Q(**{f"{Round.GAIN_COLUMNS[seat]}__isnull": False}, method="self_draw"))
            for seat in SEATS
        },
        **{f"fed_{seat}": Count("pk", filter=Q(discarder=seat, method="discard")) for seat in SEATS},
        **{f"best_{seat}": Max(column) for seat, column in zip(SEATS, Round.GAIN_COLUMNS, strict=True)},
    )
    best = [int(counts[f"best_{seat}"]) for seat in SEATS if counts[f"best_{seat}"] is not None]
    biggest: list[tuple[int, int, int]] = []
    if best:
        gain = max(best)
        tied = Q()
        for column in Round.GAIN_COLUMNS:
            tied |= Q(**{column: gain})
        for number, *gains in (
            Round.objects.filter(tied, session=session).order_by("number").values_list("number", *Round.GAIN_COLUMNS)
        ):
            biggest += [(number, seat, gain) for seat in SEATS if gains[seat] == gain]
    corrected = sorted(
        set(
            Correction.objects.filter(
                session=session, action__in=(Correction.Action.EDIT, Correction.Action.DELETE)
            ).values_list("number", flat=True)
        )
    )
    return EveningFacts(
        self_draws=[int(counts[f"self_{seat}"]) for seat in SEATS],
        deal_ins=[int(counts[f"fed_{seat}"]) for seat in SEATS],
        biggest=biggest,
        corrected=corrected,
    )


def leaders(counts: list[int]) -> list[int]:
    """The seats with the highest count, when it is above zero (several when they tie)."""
    most = max(counts, default=0)
    return [seat for seat, count in enumerate(counts) if most and count == most]


def big_winner_title(session: GameSession, names: Sequence[str]) -> str:
    """Who won most and by how much, the pot refund included (大赢家：阿强 +62); "" when nobody is up.

    `names` are the players' names in seat order."""
    changes = [total + back for total, back in zip(session.totals, session.pot_refund, strict=True)]
    seats = big_winners(changes)
    if not seats:
        return ""
    joiner = "、" if chinese() else ", "
    return _("Big winner: %(names)s %(change)+d") % {
        "names": joiner.join(names[seat] for seat in seats),
        "change": changes[seats[0]],
    }
