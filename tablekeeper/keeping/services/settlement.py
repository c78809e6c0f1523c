"""The end of a session: the pot nobody won, final standings, money, and who pays whom.

Pure functions over plain numbers and stored ledger lines, so they are tested without a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from tablekeeper.rules import ReasonLine, State

from .table_fee import NETTED, NO_FEE, FeeRule, fee_shares, rate_fen

# The documented line code of a payment into the pot (tablekeeper/rules/README.md, "Reasons"):
# its params name the payer and the amount.
POT_IN = "pot_in"
POT_PARTY = -1  # the unclaimed pot as a party of the settle-up when it stays on the table
ROOM_PARTY = -2  # the room (台费): paid the table fee, in money


def pot_contributions(rounds: Iterable[tuple[Sequence[ReasonLine], State]]) -> list[int]:
    """What each seat paid into the pot that is still waiting at the end.

    `rounds` are (lines, state_after) in hand order. A hand after which the pot is empty was won
    and the winner took everything in it, so what was paid before no longer waits.
    """
    paid = [0, 0, 0, 0]
    for lines, state_after in rounds:
        if not int(state_after.get("pot", 0)):
            paid = [0, 0, 0, 0]
            continue
        for line in lines:
            params = line.get("params") or {}
            if line.get("code") == POT_IN:
                paid[int(params["payer"])] += int(params["amount"])
    return paid


def pro_rata_refund(pot: int, paid: Sequence[int]) -> list[int]:
    """Split `pot` back in proportion to `paid`, in whole points (largest remainders get the odd points)."""
    total_paid = sum(paid)
    if pot <= 0 or total_paid <= 0:
        return [0] * len(paid)
    shares = [pot * amount // total_paid for amount in paid]
    remainders = [pot * amount % total_paid for amount in paid]
    # Ties go to the lower seat, so the result never depends on anything but the inputs.
    for seat in sorted(range(len(paid)), key=lambda s: (-remainders[s], s))[: pot - sum(shares)]:
        shares[seat] += 1
    return shares


@dataclass(frozen=True)
class Transfer:
    payer: int
    payee: int  # a seat, or POT_PARTY
    amount: int


def settle_up(balances: Sequence[int], pot: int = 0) -> list[Transfer]:
    """Transfers that bring every balance to zero: the biggest debtor pays the biggest creditor first.

    `balances` are each seat's net change (positive: is owed). A pot that stays on the table is a
    creditor of its own (POT_PARTY), so the debtors' surplus is owed to it and every party nets to 0.
    Greedy matching needs at most (parties − 1) transfers; that is the fewest in all but rare ties.
    """
    return settle_parties(dict(enumerate(balances)) | {POT_PARTY: pot})


def settle_parties(balances: dict[int, int]) -> list[Transfer]:
    """`settle_up` over any parties (seats, the pot, the room), which must net to zero."""
    if sum(balances.values()) != 0:
        raise ValueError(f"balances {balances} do not net to zero")
    creditors = [[party, amount] for party, amount in balances.items() if amount > 0]
    debtors = [[party, -amount] for party, amount in balances.items() if amount < 0]
    transfers: list[Transfer] = []
    while creditors and debtors:
        creditors.sort(key=lambda party: (-party[1], party[0]))
        debtors.sort(key=lambda party: (-party[1], party[0]))
        creditor, debtor = creditors[0], debtors[0]
        amount = min(creditor[1], debtor[1])
        transfers.append(Transfer(payer=debtor[0], payee=creditor[0], amount=amount))
        creditor[1] -= amount
        debtor[1] -= amount
        creditors = [party for party in creditors if party[1]]
        debtors = [party for party in debtors if party[1]]
    return transfers


def money(points: int, rate: Decimal | None) -> Decimal | None:
    """The points at the session's money rate, to the cent; None without a rate."""
    if rate is None:
        return None
    return (Decimal(points) * rate).quantize(Decimal("0.01"))


@dataclass(frozen=True)
class Ending:
    """The numbers a finished session shows: per seat, then the transfers."""

    changes: list[int]  # each seat's change including any pot refund
    refund: list[int]
    unclaimed_pot: int
    transfers: list[Transfer]  # in points, without the table fee
    # The table fee, in fen: what each seat pays the room (None: a share of the winnings without a
    # money rate, which cannot be worked out), and with a money rate each seat's money after the
    # fee and the transfers in fen that include the room (None without a rate).
    fee: list[int] | None = None
    money_nets: list[int] | None = None
    money_transfers: list[Transfer] | None = None
    # NETTED: the room is a party of `money_transfers`; otherwise those are among the players (and the
    # pot) only, and each seat's `fee` goes to the room apart (EACH_OWN) or went in cash (PAID_IN_CASH).
    fee_collection: str = NETTED

    @property
    def room(self) -> int:
        return sum(self.fee or [])


def money_after_fee(
    changes: Sequence[int],
    *,
    rate: Decimal | None,
    fee: FeeRule,
    wins: Sequence[int] = (0, 0, 0, 0),
    self_draws: Sequence[int] = (0, 0, 0, 0),
) -> tuple[list[int] | None, list[int] | None]:
    """What each seat pays the room (None: no fee, or a share of the winnings without a rate) and,
    with a money rate, each seat's money after it, both in fen: the settle-up's and the standings' figures."""
    per_point = None if rate is None else rate_fen(rate)
    game_money = None if per_point is None else [change * per_point for change in changes]
    shares = fee_shares(fee, changes, game_money, wins, self_draws) if fee.charges else None
    if game_money is None:
        return shares, None
    charged = shares or [0, 0, 0, 0]
    return shares, [won - paid for won, paid in zip(game_money, charged, strict=True)]


def session_ending(
    totals: Sequence[int],
    pot: int,
    refund: Sequence[int],
    *,
    rate: Decimal | None = None,
    fee: FeeRule = NO_FEE,
    wins: Sequence[int] = (0, 0, 0, 0),
    self_draws: Sequence[int] = (0, 0, 0, 0),
    collection: str = NETTED,
) -> Ending:
    """Apply a stored pot refund to the totals; what is left of the pot stays unclaimed. With a money
    rate the settle-up is also worked out in fen, so that every transfer sums to exactly zero: the
    table fee taken from the players and owed to the room (ROOM_PARTY) when it is `collection`
    NETTED, else the players settle only the game's money among themselves and each one's fee is
    paid to the room apart (or was paid in cash)."""
    changes = [total + back for total, back in zip(totals, refund, strict=True)]
    unclaimed = pot - sum(refund)
    shares, money_nets = money_after_fee(changes, rate=rate, fee=fee, wins=wins, self_draws=self_draws)
    money_transfers = None
    if rate is not None and money_nets is not None:
        charged = shares or [0, 0, 0, 0]
        pot_party = {POT_PARTY: unclaimed * rate_fen(rate)}
        if collection == NETTED:
            parties = dict(enumerate(money_nets)) | pot_party | {ROOM_PARTY: sum(charged)}
        else:
            game_money = [net + paid for net, paid in zip(money_nets, charged, strict=True)]
            parties = dict(enumerate(game_money)) | pot_party
        money_transfers = settle_parties(parties)
    return Ending(
        changes=changes,
        refund=list(refund),
        unclaimed_pot=unclaimed,
        transfers=settle_up(changes, unclaimed),
        fee=shares,
        money_nets=money_nets,
        money_transfers=money_transfers,
        fee_collection=collection,
    )
