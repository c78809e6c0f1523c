"""How each variant is played (claims, wall end, ready, treasure and wild), read from the book and the options.

Only what changes the play is here; what makes a win is in `requirements.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Play:
    flowers: int = 0  # Shandong's 8 flowers (§4.1)
    chow: bool = True  # Zhengzhou has none (§5.4)
    dragon_pung: bool = True  # Dalian never pungs a discarded dragon (§1.2)
    max_melds: int = 4  # no 手把一: at most 3 set-aside sets (§1.2, §3.2); Shenyang's 4th call left out (§2.2)
    special_sets: bool = False  # 喜杠 / 旋风杠, first-turn sets (§1.6, §2.3)
    treasure: bool = False  # Dalian, Harbin (§1.5, §3.5)
    treasure_rush_at_reveal: bool = False  # Dalian's 冲宝 at the reveal (§1.5-4)
    indicator_is_treasure: bool = False  # treasure_mode=indicator
    wild_on_discard: bool = False  # treasure_wild_on_discard
    discard_win: bool = True
    rob_kong: bool = True
    several_winners: bool = False  # Shandong 一炮多响 (§4.3), Shenyang multi_ron
    last_phase: int = 0  # the last four live tiles: self-draw only, no kongs or discards (§1.2, §2.1)
    last_tile_single: bool = False  # Shandong's 海底捞月 on the last live tile (§9.5.5)
    fourth_kong_ends: bool = False  # Shandong (§4.2)
    base_reserve: int = 0
    reserve_per_kong: int = 0
    max_kong_reserve: int = 99
    max_side_bet: int = 0
    dice: bool = False  # Shenyang's dice double
    ready: tuple[tuple[str, float], ...] = ()  # ready kinds a seat declares, with their chances
    must_open: bool = False  # the table needs opened hands: claim eagerly
    chow_ready: bool = False  # 吃听: a chow of anyone's discard that leaves the hand ready (§3.2)

    def reserve(self, kongs: int) -> int:
        return self.base_reserve + self.reserve_per_kong * min(kongs, self.max_kong_reserve)


def dalian(options: dict[str, Any]) -> Play:
    return Play(
        dragon_pung=False,
        max_melds=4 if options["allow_shou_ba_yi"] else 3,
        special_sets=True,
        treasure=True,
        treasure_rush_at_reveal=True,
        indicator_is_treasure=options["treasure_mode"] == "indicator",
        wild_on_discard=options["treasure_wild_on_discard"],
        last_phase=4,
        ready=(("ready", 0.7),),
        must_open=True,
        chow_ready=options["allow_chow_ready"],
    )


def shenyang(options: dict[str, Any]) -> Play:
    return Play(
        max_melds=3,
        special_sets=True,
        several_winners=options["multi_ron"],
        last_phase=4,
        base_reserve=16,
        reserve_per_kong=2,
        dice=options["liuju_dice_mode"] != "off",
        must_open=True,
    )


def harbin(options: dict[str, Any]) -> Play:
    return Play(
        max_melds=3,
        treasure=True,
        indicator_is_treasure=options["treasure_mode"] == "indicator",
        wild_on_discard=options["treasure_wild_on_discard"],
        base_reserve=options["reserve_tiles"],
        ready=(("ready", 1.0),),
        must_open=True,
        chow_ready=options["allow_chow_ready"],
    )


def shandong(options: dict[str, Any]) -> Play:
    return Play(
        flowers=8,
        several_winners=True,
        last_tile_single=options["last_tile_double"],
        fourth_kong_ends=True,
        base_reserve=12,
        reserve_per_kong=2,
        max_kong_reserve=3,
        max_side_bet=options["max_side_bet"],
        ready=(("an", 0.35), ("ming", 0.1)),
    )


def zhengzhou(options: dict[str, Any]) -> Play:
    return Play(
        chow=options["allow_chow"],
        discard_win=options["allow_discard_win"],
        rob_kong=options["allow_rob_kong"],
        max_side_bet=options["max_pao"],
    )


PLAY: dict[str, Callable[[dict[str, Any]], Play]] = {
    "dalian": dalian,
    "shenyang": shenyang,
    "harbin": harbin,
    "shandong": shandong,
    "zhengzhou": zhengzhou,
}
