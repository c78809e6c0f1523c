"""The table fee (台费) in the settle-up: each way of charging it, worked by hand, in whole fen."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.keeping.services.settlement import POT_PARTY, ROOM_PARTY, Transfer, session_ending
from tablekeeper.keeping.services.table_fee import (
    BIG_WINNER,
    COLLECTIONS,
    EACH_OWN,
    HOURLY,
    KINDS,
    NETTED,
    PAID_IN_CASH,
    PER_HAND,
    PER_PLAYER,
    WINNER_SHARE,
    FeeRule,
    fee_outweighs_stakes,
    fee_shares,
    fen_text,
    hourly_total,
    split_evenly,
)


def triples(transfers: list[Transfer] | None) -> list[tuple[int, int, int]]:
    return [(t.payer, t.payee, t.amount) for t in transfers or []]


def test_a_fixed_fee_per_player_is_owed_to_the_room_in_the_fewest_transfers():
    # ¥1 a point: the winner's ¥30 less the ¥20 fee leaves ¥10; each loser pays ¥10 + ¥20.
    ending = session_ending(
        [30, -10, -10, -10], 0, [0, 0, 0, 0], rate=Decimal("1.00"), fee=FeeRule(PER_PLAYER, Decimal(20))
    )
    assert ending.fee == [2000, 2000, 2000, 2000] and ending.room == 8000
    assert ending.money_nets == [1000, -3000, -3000, -3000]
    assert triples(ending.money_transfers) == [
        (1, ROOM_PARTY, 3000),
        (2, ROOM_PARTY, 3000),
        (3, ROOM_PARTY, 2000),
        (3, 0, 1000),
    ]
    # The game's points are untouched by the fee.
    assert ending.changes == [30, -10, -10, -10]
    assert triples(ending.transfers) == [(1, 0, 10), (2, 0, 10), (3, 0, 10)]


def test_an_hourly_room_rate_is_rounded_to_the_jiao_and_split_without_losing_a_fen():
    # ¥50 an hour for 3 h 20 min is ¥166.666…, charged as ¥166.70: 1667 jiao over four players is
    # 416 jiao each and 3 odd jiao, which go to the first three seats.
    rule = FeeRule(HOURLY, Decimal(50), minutes=200)
    assert hourly_total(rule) == 16670
    shares = fee_shares(rule, [0, 0, 0, 0], None)
    assert shares == [4170, 4170, 4170, 4160] and sum(shares) == 16670
    ending = session_ending([8, -8, 4, -4], 0, [0, 0, 0, 0], rate=Decimal("0.50"), fee=rule)
    assert ending.money_nets == [400 - 4170, -400 - 4170, 200 - 4170, -200 - 4160]
    assert ending.room == 16670
    assert sum(t.amount for t in ending.money_transfers or [] if t.payee == ROOM_PARTY) == 16670


def test_an_hourly_rate_rounds_half_a_jiao_up():
    # ¥0.30 an hour for 10 minutes is 5 fen: half a jiao, charged as 1 jiao.
    assert hourly_total(FeeRule(HOURLY, Decimal("0.30"), minutes=10)) == 10
    assert hourly_total(FeeRule(HOURLY, Decimal("0.29"), minutes=10)) == 0


@pytest.mark.parametrize(
    ("changes", "shares"),
    [
        ([40, -10, -10, -20], [10000, 0, 0, 0]),
        ([20, 20, -15, -25], [5000, 5000, 0, 0]),  # two big winners share it
        ([10, 10, 10, -30], [3340, 3330, 3330, 0]),  # 1000 jiao over three: the odd one to the first
        ([-10, -10, -10, -10], [2500, 2500, 2500, 2500]),  # nobody won: everyone shares it
    ],
)
def test_the_big_winner_pays_the_whole_fee(changes, shares):
    assert fee_shares(FeeRule(BIG_WINNER, Decimal(100)), changes, None) == shares


def test_a_share_of_each_winners_money_rounds_to_the_jiao():
    # At ¥0.50 a point the winner has ¥17.50; 10 % is ¥1.75, charged as ¥1.80. Losers pay nothing.
    ending = session_ending(
        [35, -7, -3, -25], 0, [0, 0, 0, 0], rate=Decimal("0.50"), fee=FeeRule(WINNER_SHARE, percent=Decimal(10))
    )
    assert ending.fee == [180, 0, 0, 0]
    assert ending.money_nets == [1570, -350, -150, -1250]
    assert triples(ending.money_transfers) == [(3, 0, 1250), (1, 0, 320), (2, ROOM_PARTY, 150), (1, ROOM_PARTY, 30)]
    # 12.5 % of ¥17.50 is ¥2.1875: ¥2.20; 0.2 % is 3.5 fen: nothing.
    assert fee_shares(FeeRule(WINNER_SHARE, percent=Decimal("12.5")), [], [1750, 0, 0, -1750]) == [220, 0, 0, 0]
    assert fee_shares(FeeRule(WINNER_SHARE, percent=Decimal("0.2")), [], [1750, 0, 0, -1750]) == [0, 0, 0, 0]


def test_a_share_of_the_winnings_without_a_money_rate_is_not_guessed():
    ending = session_ending([35, -7, -3, -25], 0, [0, 0, 0, 0], fee=FeeRule(WINNER_SHARE, percent=Decimal(10)))
    assert ending.fee is None and ending.money_transfers is None and ending.room == 0


def test_a_per_hand_fee_is_taken_from_each_winner_or_only_from_self_draws():
    wins, self_draws = [3, 1, 0, 2], [1, 0, 0, 2]
    every_win = FeeRule(PER_HAND, Decimal(2))
    assert fee_shares(every_win, [0, 0, 0, 0], None, wins, self_draws) == [600, 200, 0, 400]
    only_self_draws = FeeRule(PER_HAND, Decimal(2), self_draw_only=True)
    assert fee_shares(only_self_draws, [0, 0, 0, 0], None, wins, self_draws) == [200, 0, 0, 400]


def test_a_fee_without_a_money_rate_is_money_beside_the_points():
    ending = session_ending([30, -10, -10, -10], 0, [0, 0, 0, 0], fee=FeeRule(PER_PLAYER, Decimal("12.5")))
    assert ending.fee == [1250, 1250, 1250, 1250] and ending.room == 5000
    assert ending.money_transfers is None and triples(ending.transfers) == [(1, 0, 10), (2, 0, 10), (3, 0, 10)]


def test_a_fee_on_a_session_where_everyone_lost_to_the_unclaimed_pot():
    # Shenyang with the pot staying: 40 points in the pot, every player −10; ¥1 a point, ¥5 each.
    ending = session_ending(
        [-10, -10, -10, -10], 40, [0, 0, 0, 0], rate=Decimal("1.00"), fee=FeeRule(PER_PLAYER, Decimal(5))
    )
    assert ending.money_nets == [-1500, -1500, -1500, -1500] and ending.room == 2000
    assert triples(ending.money_transfers) == [
        (0, POT_PARTY, 1500),
        (1, POT_PARTY, 1500),
        (2, ROOM_PARTY, 1500),
        (3, POT_PARTY, 1000),
        (3, ROOM_PARTY, 500),
    ]


def test_odd_jiao_of_a_split_go_to_the_payers_in_order():
    assert split_evenly(70, [3, 1]) == [0, 30, 0, 40]
    assert split_evenly(0, [0, 1]) == [0, 0, 0, 0]
    assert fen_text(-1205) == "-12.05" and fen_text(7) == "0.07"


fee_rules = st.builds(
    FeeRule,
    kind=st.sampled_from(KINDS),
    amount=st.decimals(min_value=0, max_value=100000, places=2),
    percent=st.decimals(min_value=0, max_value=100, places=2),
    self_draw_only=st.booleans(),
    minutes=st.integers(0, 48 * 60),
)


def test_each_player_paying_their_own_fee_leaves_the_room_out_of_the_players_transfers():
    # A Jinan room at ¥40 a player, ¥1 a point. The players settle only the game: Bo, Cy and Di pay Ann
    # ¥10 each; each of the four hands the room their own ¥40. Every player's money after the fee is
    # what the netted settle-up gives: Ann +30 − 40 = −¥10, the others −10 − 40 = −¥50.
    rule = FeeRule(PER_PLAYER, Decimal(40))
    own = session_ending([30, -10, -10, -10], 0, [0, 0, 0, 0], rate=Decimal(1), fee=rule, collection=EACH_OWN)
    assert triples(own.money_transfers) == [(1, 0, 1000), (2, 0, 1000), (3, 0, 1000)]
    assert own.fee == [4000, 4000, 4000, 4000] and own.room == 16000
    assert own.money_nets == [-1000, -5000, -5000, -5000]
    netted = session_ending([30, -10, -10, -10], 0, [0, 0, 0, 0], rate=Decimal(1), fee=rule)
    assert netted.money_nets == own.money_nets
    assert (0, ROOM_PARTY, 1000) in triples(netted.money_transfers)


def test_a_tai_ban_paid_in_cash_during_play_is_not_transferred_again():
    # Zhengzhou 台板 ¥2 from each hand's winner, handed over at the table: Ann won 3 hands (¥6), Bo 1 (¥2).
    # At ¥0.5 a point the settle-up moves only the game's money: Cy pays Ann ¥15 and Di pays Bo ¥5.
    rule = FeeRule(PER_HAND, Decimal(2))
    ending = session_ending(
        [30, 10, -30, -10], 0, [0, 0, 0, 0], rate=Decimal("0.5"), fee=rule, wins=[3, 1, 0, 0], collection=PAID_IN_CASH
    )
    assert triples(ending.money_transfers) == [(2, 0, 1500), (3, 1, 500)]
    assert ending.fee == [600, 200, 0, 0]
    assert ending.money_nets == [900, 300, -1500, -500]
    assert ending.fee_collection == PAID_IN_CASH


@given(
    st.lists(st.integers(-5000, 5000), min_size=3, max_size=3),
    st.integers(0, 300),
    st.decimals(min_value=0, max_value=1000, places=2),
    fee_rules,
    st.lists(st.integers(0, 60), min_size=4, max_size=4),
    st.lists(st.integers(0, 60), min_size=4, max_size=4),
    st.sampled_from(COLLECTIONS),
)
def test_in_every_fee_mode_the_transfers_and_fees_account_for_every_fen(
    three, pot, rate, rule, wins, self_draws, collection
):
    changes = [*three, -sum(three) - pot]
    ending = session_ending(
        changes, pot, [0, 0, 0, 0], rate=rate, fee=rule, wins=wins, self_draws=self_draws, collection=collection
    )
    per_point = int(rate * 100)
    fee = ending.fee or [0, 0, 0, 0]
    assert all(share >= 0 and share % 10 == 0 for share in fee)
    assert ending.money_nets == [change * per_point - share for change, share in zip(changes, fee, strict=True)]
    net = {party: 0 for party in [0, 1, 2, 3, POT_PARTY, ROOM_PARTY]}
    for transfer in ending.money_transfers or []:
        assert transfer.amount > 0 and transfer.payer >= 0
        net[transfer.payer] -= transfer.amount
        net[transfer.payee] += transfer.amount
    if collection != NETTED:
        # The room is paid apart (or was paid in cash): each seat's own fee, never inside a transfer.
        assert net[ROOM_PARTY] == 0
        for seat, share in enumerate(fee):
            net[seat] -= share
            net[ROOM_PARTY] += share
    assert [net[seat] for seat in range(4)] == ending.money_nets
    assert net[POT_PARTY] == pot * per_point and net[ROOM_PARTY] == sum(fee) == ending.room
    assert sum(net.values()) == 0


@pytest.mark.parametrize(
    ("kind", "amount", "percent", "outweighs"),
    [
        (PER_HAND, "2", "0", False),  # a 台板 of one base hand (¥2) is within the stakes
        (PER_HAND, "2.01", "0", True),
        (PER_PLAYER, "200", "0", False),  # a hundred base hands
        (PER_PLAYER, "200.5", "0", True),
        (HOURLY, "201", "0", True),
        (BIG_WINNER, "800", "0", False),  # a hundred base hands a player, paid by one
        (BIG_WINNER, "801", "0", True),
        (WINNER_SHARE, "0", "50", False),
        (WINNER_SHARE, "0", "50.5", True),
        ("none", "0", "0", False),
    ],
)
def test_a_fee_above_the_stakes_is_one_to_ask_about(kind, amount, percent, outweighs):
    assert fee_outweighs_stakes(kind, Decimal(amount), Decimal(percent), stake=Decimal(2)) is outweighs
