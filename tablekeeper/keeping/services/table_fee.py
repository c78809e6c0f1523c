"""The table fee (台费): what each player owes the room, in money, worked out at the settle-up.

The fee never touches the game's points. Every amount here is a whole number of fen (0.01 yuan);
what a player is charged is rounded to the jiao (10 fen), and the room receives exactly the sum of
what the players are charged, so nothing is lost or made up by rounding. Where a fee is split, the
odd jiao go to the seats in a fixed order, so the same session always settles the same way.
Pure functions over plain numbers: tested without a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

JIAO = 10  # fen
SEATS = 4

NONE = "none"
PER_PLAYER = "per_player"  # a fixed amount from each player
HOURLY = "hourly"  # the room's rate per hour for the time played, split evenly
BIG_WINNER = "big_winner"  # 大赢家付: the player with the most points pays the whole fee
WINNER_SHARE = "winner_share"  # a percentage of each winner's money
PER_HAND = "per_hand"  # 台板: an amount from the winner of each hand (or of each self-draw)
KINDS = (NONE, PER_PLAYER, HOURLY, BIG_WINNER, WINNER_SHARE, PER_HAND)

# How the room collects the fee: netted into the settle-up's transfers (the fewest transfers: the
# room is one more party), each player paying their own share to the room apart from the players'
# transfers (as most rooms collect it), or already paid in cash during play (a 台板 handed over hand
# by hand): listed, never transferred again.
NETTED = "netted"
EACH_OWN = "each_own"
PAID_IN_CASH = "paid_in_cash"
COLLECTIONS = (NETTED, EACH_OWN, PAID_IN_CASH)

# Bounds the forms, presets and imports hold a fee to (yuan, percent, minutes).
AMOUNT_MAX = Decimal("100000")
PERCENT_MAX = Decimal("100")
MINUTES_MAX = 48 * 60


@dataclass(frozen=True)
class FeeRule:
    kind: str = NONE
    amount: Decimal = Decimal(0)  # yuan: per player, per hour, the whole fee or per hand
    percent: Decimal = Decimal(0)  # of each winner's money, for WINNER_SHARE
    self_draw_only: bool = False  # PER_HAND: only self-drawn wins pay
    minutes: int = 0  # HOURLY: how long the table was played

    @property
    def charges(self) -> bool:
        return self.kind != NONE


NO_FEE = FeeRule()


def to_fen(amount: Decimal) -> int:
    """An amount of yuan as whole fen (half a fen rounds up; the forms allow two decimals anyway)."""
    return int((amount * 100).to_integral_value(rounding=ROUND_HALF_UP))


def rate_fen(rate: Decimal) -> int:
    """Money per point in fen: a money rate has at most two decimals, so points × rate is exact in fen."""
    return to_fen(rate)


def _jiao_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator fen, rounded half up to a whole jiao, in fen (both non-negative)."""
    return (2 * numerator + JIAO * denominator) // (2 * JIAO * denominator) * JIAO


def split_evenly(total_fen: int, payers: Sequence[int]) -> list[int]:
    """`total_fen` (whole jiao) shared by `payers` in whole jiao; the odd jiao go to the payers in the
    order given. Seats not paying get 0."""
    shares = [0] * SEATS
    if not payers or total_fen <= 0:
        return shares
    jiao, odd = divmod(total_fen // JIAO, len(payers))
    for place, seat in enumerate(payers):
        shares[seat] = (jiao + (1 if place < odd else 0)) * JIAO
    return shares


def big_winners(changes: Sequence[int]) -> list[int]:
    """大赢家: the seats up the most at the end (several when they tie); none when nobody is up."""
    top = max(changes, default=0)
    return [seat for seat, change in enumerate(changes) if change == top] if top > 0 else []


def hourly_total(rule: FeeRule) -> int:
    """The room's rate for the minutes played, rounded to the jiao."""
    return _jiao_half_up(to_fen(rule.amount) * max(rule.minutes, 0), 60)


def fee_shares(
    rule: FeeRule,
    changes: Sequence[int],
    money_fen: Sequence[int] | None,
    wins: Sequence[int] = (0, 0, 0, 0),
    self_draws: Sequence[int] = (0, 0, 0, 0),
) -> list[int] | None:
    """What each seat pays the room, in fen (whole jiao).

    `changes` are the seats' final points (they decide who the big winner is), `money_fen` the same
    in money (None without a money rate: a share of the winnings then cannot be worked out, and the
    answer is None), `wins` and `self_draws` how many hands each seat won and won by self-draw.
    """
    if rule.kind == PER_PLAYER:
        return [_jiao_half_up(to_fen(rule.amount), 1)] * SEATS
    if rule.kind == HOURLY:
        return split_evenly(hourly_total(rule), range(SEATS))
    if rule.kind == BIG_WINNER:
        # Nobody won (an unclaimed pot took it all): the fee is shared by everyone.
        payers = big_winners(changes) or list(range(SEATS))
        return split_evenly(_jiao_half_up(to_fen(rule.amount), 1), payers)
    if rule.kind == WINNER_SHARE:
        if money_fen is None:
            return None
        hundredths = int((rule.percent * 100).to_integral_value(rounding=ROUND_HALF_UP))
        return [_jiao_half_up(won * hundredths, 10_000) if won > 0 else 0 for won in money_fen]
    if rule.kind == PER_HAND:
        counted = self_draws if rule.self_draw_only else wins
        return [_jiao_half_up(to_fen(rule.amount), 1) * int(count) for count in counted]
    return [0] * SEATS


# "More than the stakes": a 台板 above one base hand, a fixed or hourly fee above a hundred base
# hands, the big winner's fee above four hundred (a hundred a player), a share above half.
STAKES_EVENING = 100


def fee_outweighs_stakes(kind: str, amount: Decimal, percent: Decimal, stake: Decimal) -> bool:
    """Whether a fee is larger than the stakes, `stake` being one base hand in yuan: allowed, but asked about."""
    if kind == PER_HAND:
        return amount > stake
    if kind in (PER_PLAYER, HOURLY):
        return amount > stake * STAKES_EVENING
    if kind == BIG_WINNER:
        return amount > stake * STAKES_EVENING * SEATS
    if kind == WINNER_SHARE:
        return percent > 50
    return False


def fen_text(fen: int) -> str:
    """Fen as yuan with two decimals (¥ is added by whoever shows it): 12345 → "123.45"."""
    sign = "-" if fen < 0 else ""
    whole, part = divmod(abs(fen), 100)
    return f"{sign}{whole}.{part:02d}"


def yuan(amount: Decimal | int | None) -> str:
    """¥ and the amount without trailing zeros: ¥35, ¥35.5, ¥12.35, -¥8 (the sign before the ¥); "" for None."""
    if amount is None:
        return ""
    text = fen_text(round(amount * 100))
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return f"-¥{text[1:]}" if text.startswith("-") else f"¥{text}"


def fen_decimal(fen: int) -> Decimal:
    return (Decimal(fen) / 100).quantize(Decimal("0.01"))
