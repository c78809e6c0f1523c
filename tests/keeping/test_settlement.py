"""Settling up at the end: the pot's refund, greedy transfers that net every party to zero, money."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.keeping.services.settlement import (
    POT_PARTY,
    Transfer,
    money,
    pot_contributions,
    pro_rata_refund,
    session_ending,
    settle_up,
)
from tablekeeper.rules import replay


def nets(transfers: list[Transfer], parties: int = 4) -> dict[int, int]:
    net = {party: 0 for party in [*range(parties), POT_PARTY]}
    for transfer in transfers:
        net[transfer.payer] -= transfer.amount
        net[transfer.payee] += transfer.amount
    return net


@pytest.mark.parametrize(
    ("pot", "paid", "refund"),
    [
        (12, [4, 8, 0, 0], [4, 8, 0, 0]),
        (10, [1, 2, 0, 0], [3, 7, 0, 0]),  # 3.33 and 6.67: the odd point goes to the larger remainder
        (3, [1, 1, 1, 0], [1, 1, 1, 0]),
        (2, [1, 1, 1, 0], [1, 1, 0, 0]),  # equal remainders: the lower seats first
        (0, [4, 0, 0, 0], [0, 0, 0, 0]),
        (8, [0, 0, 0, 0], [0, 0, 0, 0]),
    ],
)
def test_a_pot_is_refunded_in_proportion_in_whole_points(pot, paid, refund):
    assert pro_rata_refund(pot, paid) == refund


@given(st.integers(0, 500), st.lists(st.integers(0, 100), min_size=4, max_size=4).filter(any))
def test_a_pro_rata_refund_returns_exactly_the_pot_and_never_more_than_a_share_rounded_up(pot, paid):
    refund = pro_rata_refund(pot, paid)
    assert sum(refund) == pot
    for amount, back in zip(paid, refund, strict=True):
        assert pot * amount // sum(paid) <= back <= pot * amount // sum(paid) + 1


def test_what_was_paid_into_a_pot_that_was_won_no_longer_counts():
    # Read from the engine's documented pot_in lines: P2 pays 4 in, P1 wins and takes it, P0 pays 8 in.
    hands = [
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 2}]},
        {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 3, "patterns": []}]},
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 0, "count": 2}]},
    ]
    played = replay("shenyang", hands)["results"]
    rounds = [(result["lines"], result["state"]) for result in played]
    assert [state["pot"] for _, state in rounds] == [4, 0, 8]
    assert pot_contributions(rounds) == [8, 0, 0, 0]
    assert pot_contributions(rounds[:1]) == [0, 0, 4, 0]


@pytest.mark.parametrize(
    ("balances", "pot", "transfers"),
    [
        ([-8, 28, -8, -12], 0, [(3, 1, 12), (0, 1, 8), (2, 1, 8)]),
        ([-12, 20, -8, -12], 12, [(0, 1, 12), (3, POT_PARTY, 12), (2, 1, 8)]),
        ([30, -10, -10, -10], 0, [(1, 0, 10), (2, 0, 10), (3, 0, 10)]),
        ([15, 5, -5, -15], 0, [(3, 0, 15), (2, 1, 5)]),
        ([0, 0, 0, 0], 0, []),
    ],
)
def test_the_biggest_debtor_pays_the_biggest_creditor_first(balances, pot, transfers):
    assert [(t.payer, t.payee, t.amount) for t in settle_up(balances, pot)] == transfers


@given(st.lists(st.integers(-1000, 1000), min_size=3, max_size=3), st.integers(0, 200))
def test_every_transfer_list_nets_every_party_to_zero_in_at_most_one_transfer_fewer_than_parties(three, pot):
    balances = [*three, -sum(three) - pot]
    transfers = settle_up(balances, pot)
    net = nets(transfers)
    assert [net[seat] for seat in range(4)] == balances and net[POT_PARTY] == pot
    assert all(t.amount > 0 and t.payer != POT_PARTY for t in transfers)
    parties = sum(1 for b in balances if b) + (1 if pot else 0)
    assert len(transfers) <= max(parties - 1, 0)


def test_balances_that_do_not_net_to_zero_are_a_bug_not_a_settle_up():
    with pytest.raises(ValueError, match="do not net to zero"):
        settle_up([10, -5, 0, 0])


@pytest.mark.parametrize(
    ("points", "rate", "shown"),
    [(28, Decimal("0.1"), Decimal("2.80")), (-12, Decimal("0.5"), Decimal("-6.00")), (7, None, None)],
)
def test_money_is_the_points_at_the_rate_to_the_cent(points, rate, shown):
    assert money(points, rate) == shown


def test_a_stored_refund_moves_the_pot_back_into_the_standings():
    ending = session_ending([-12, 20, -8, -12], pot=12, refund=[4, 8, 0, 0])
    assert ending.changes == [-8, 28, -8, -12] and ending.unclaimed_pot == 0
    assert sum(t.amount for t in ending.transfers) == 28
