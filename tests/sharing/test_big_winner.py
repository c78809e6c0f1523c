"""The big winner (大赢家): who is up most at the end, said the same on the session list and the result card."""

from __future__ import annotations

import pytest
from django.utils import translation

from tablekeeper.keeping.models import GameSession
from tablekeeper.keeping.services.evening import big_winner_title
from tablekeeper.keeping.services.table_fee import big_winners

NAMES = ["Ann", "Bo", "Cy", "Di"]


@pytest.mark.parametrize(
    ("totals", "refund", "english", "chinese"),
    [
        ([30, -10, -10, -10], [0, 0, 0, 0], "Big winner: Ann +30", "大赢家：Ann +30"),
        ([-20, 20, 20, -20], [0, 0, 0, 0], "Big winner: Bo, Cy +20", "大赢家：Bo、Cy +20"),
        # A pot refunded at the end counts: Bo's 15 back makes him the one up most.
        ([-5, -5, 5, -15], [5, 15, 0, 0], "Big winner: Bo +10", "大赢家：Bo +10"),
        # Nobody up (all even, or an unclaimed pot took the points): no title at all.
        ([0, 0, 0, 0], [0, 0, 0, 0], "", ""),
        ([-5, -5, -5, -5], [0, 0, 0, 0], "", ""),
    ],
)
def test_the_big_winner_is_whoever_is_up_most_with_the_pot_refund_ties_named_together(
    totals: list[int], refund: list[int], english: str, chinese: str
) -> None:
    session = GameSession(totals=totals, pot_refund=refund)

    with translation.override("en"):
        assert big_winner_title(session, NAMES) == english
    with translation.override("zh-hans"):
        assert big_winner_title(session, NAMES) == chinese


@pytest.mark.parametrize(
    ("changes", "seats"),
    [([30, -10, -10, -10], [0]), ([-20, 20, 20, -20], [1, 2]), ([0, 0, 0, 0], []), ([-1, -1, -1, -1], [])],
)
def test_the_big_winners_are_the_seats_up_most_and_none_when_nobody_is_up(changes: list[int], seats: list[int]) -> None:
    assert big_winners(changes) == seats
