"""What one Shandong win is worth per share (RULES.md §4.6, §9.5): (base + points) × capped multipliers.

The seed's values, or Jinan's (value_table), with the points and multipliers of the §9.5 house rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...options import Options
from ...records import HandRecord, Win
from ...state import TableState
from ...tiles import is_honor, tile_index
from ..common.factors import Addition, Factor, factor_params, product
from .catalogue import PATTERN_WORDS

LADDER_POINTS = {
    "seven_pairs": 2,
    "luxury_seven_pairs": 4,
    "double_luxury_seven_pairs": 6,
    "triple_luxury_seven_pairs": 8,
}
# The literal reading of the seed, where only triple luxury "does not stack" (SD-10).
STACKED_LADDER_POINTS = {
    "seven_pairs": 2,
    "luxury_seven_pairs": 2 + 4,
    "double_luxury_seven_pairs": 2 + 4 + 6,
    "triple_luxury_seven_pairs": 8,
}
PATTERN_POINTS = {"kong_bloom": 1, "pure_one_suit": 2, "all_generals": 2, "all_triplets": 2}
PATTERN_MULTIPLIERS = {
    "all_triplets": 2,
    "mixed_one_suit": 2,
    "pure_one_suit": 5,
    "pure_terminals": 6,
    "earthly_hand": 6,
    "heavenly_hand": 6,
}
KONG_OPTION = {"exposed": "pts.exposed_kong", "added": "pts.add_kong", "concealed": "pts.concealed_kong"}
KONG_WORDS = {"exposed": "exposed kong", "added": "added kong", "concealed": "concealed kong"}


@dataclass(frozen=True, slots=True)
class WinValue:
    """What one winner's hand is worth per share, with the words that show the arithmetic."""

    base: int
    points: tuple[Addition, ...]
    multipliers: tuple[Factor, ...]
    draw_streak: int
    draw_multiplier: int
    cap: int | None
    cap_on_product: bool

    @property
    def point_total(self) -> int:
        return self.base + sum(addition.points for addition in self.points)

    def uncapped(self, *, extra: int = 1) -> int:
        return product(self.multipliers, extra * self.draw_multiplier)

    def multiplier(self, *, extra: int = 1) -> int:
        """The multiplier after the cap; `extra` is a factor that sits inside the cap (Ming Lou)."""
        if self.cap is None:
            return self.uncapped(extra=extra)
        if self.cap_on_product:
            return min(self.cap, self.uncapped(extra=extra))
        return self.uncapped(extra=extra) // self.draw_multiplier * min(self.cap, self.draw_multiplier)

    def amount(self, *, extra: int = 1) -> int:
        return self.point_total * self.multiplier(extra=extra)

    def factors(self, *, extra: int = 1) -> list[Factor]:
        """Every multiplier in the order the reason names them: the hand's, the Ming Lou discarder's, the draws'."""
        factors = list(self.multipliers)
        if extra > 1:
            factors.append(Factor("Ming Lou discarder", extra, "ming_lou_discarder"))
        if self.draw_streak and self.draw_multiplier > 1:  # a table without the draw multiplier (Jinan) says nothing
            plural = "s" if self.draw_streak > 1 else ""
            label = f"{self.draw_streak} drawn hand{plural} before"
            factors.append(Factor(label, self.draw_multiplier, "draw_multiplier", count=self.draw_streak))
        return factors

    def explain(self, *, extra: int = 1) -> str:
        points = " + ".join([f"base {self.base}", *(addition.words() for addition in self.points)])
        factors = [factor.words() for factor in self.factors(extra=extra)]
        if self.draw_streak and not self.cap_on_product and self.cap is not None and self.draw_multiplier > self.cap:
            factors[-1] += f" capped at ×{self.cap}"
        multiplier = self.multiplier(extra=extra)
        factor_words = " · ".join(factors) if factors else "plain win ×1"
        capped = f", capped at ×{self.cap}" if self.cap_on_product and multiplier < self.uncapped(extra=extra) else ""
        return (
            f"({points} = {self.point_total}) × ({factor_words}{capped}) "
            f"= {self.point_total} × {multiplier} = {self.amount(extra=extra)}"
        )

    def params(self, *, extra: int = 1) -> dict[str, Any]:
        """The numbers `explain` shows, for a `win_points` line (the share fields are the payment's)."""
        return {
            "base": self.base,
            "points": factor_params(self.points),
            "point_total": self.point_total,
            "factors": factor_params(self.factors(extra=extra)),
            "product": self.uncapped(extra=extra),
            "cap": self.cap,
            "cap_scope": "product" if self.cap_on_product else "draw_multiplier",
            "multiplier": self.multiplier(extra=extra),
            "value": self.amount(extra=extra),
        }


# RULES §9.5.9 value_table=jinan: the shape items that exclude one another, in the order the first that holds counts.
JINAN_SHAPE_ORDER = ("seven_pairs", "all_triplets", "all_generals", "thirteen_unrelated")
JINAN_MULTIPLIERS = {**PATTERN_MULTIPLIERS, "pure_one_suit": 4, "all_triplets": 2, "all_generals": 2}
# The §9.5 patterns that multiply (each only while its house rule is on).
OPTION_MULTIPLIERS = {"lone_tile_wait": 2, "flower_bloom": 2, "last_tile": 2}


def value_of_win(
    record: HandRecord, win: Win, patterns: tuple[str, ...], state: TableState, options: Options
) -> WinValue:
    """The per-share value of `win` with the given patterns (ticked, or read from the tiles)."""
    jinan = options["value_table"] == "jinan"
    points = _fact_points(record, win, patterns, options)
    ladder = STACKED_LADDER_POINTS if options["seven_pairs_ladder"] == "stack_below_triple" else LADDER_POINTS
    unique = tuple(dict.fromkeys(patterns))
    rungs = [p for p in unique if p in ladder]
    top = max(rungs, key=lambda rung: LADDER_POINTS[rung]) if rungs else None
    if top is not None and not jinan:  # Jinan's shapes add no points (RULES §9.5.9)
        points.append(Addition(PATTERN_WORDS[top], ladder[top], top))
    bloom_point = options["kong_bloom_value"] == "point"  # else the bloom doubles (杠呲, RULES §9.5.3)
    points.extend(
        Addition(PATTERN_WORDS[p], PATTERN_POINTS[p], p)
        for p in unique
        if p in PATTERN_POINTS and (bloom_point if p == "kong_bloom" else not jinan)
    )

    multipliers: list[Factor] = []
    if win.method == "self_draw" and not jinan:  # Jinan: "自摸和点炮都不翻倍"
        multipliers.append(Factor("self-draw", 2, "self_draw"))
    if record.seats[win.seat].ready == "ming":
        multipliers.append(Factor("Ming Lou 明楼 win", 2, "ming_lou"))
    if jinan:
        multipliers.extend(_jinan_multipliers(unique, top))
    else:
        multipliers.extend(
            Factor(PATTERN_WORDS[p], PATTERN_MULTIPLIERS[p], p) for p in unique if p in PATTERN_MULTIPLIERS
        )
        if rungs:
            multipliers.append(Factor("seven pairs", 2, "seven_pairs"))
        if "thirteen_unrelated" in unique:
            multipliers.append(Factor(PATTERN_WORDS["thirteen_unrelated"], 2, "thirteen_unrelated"))
    if "kong_bloom" in unique and not bloom_point:
        multipliers.append(Factor("kong bloom 杠呲", 2, "kong_bloom"))
    multipliers.extend(Factor(PATTERN_WORDS[p], OPTION_MULTIPLIERS[p], p) for p in unique if p in OPTION_MULTIPLIERS)
    draw_multiplier = 2 ** min(state.draw_streak, options["draw_mult_cap_exp"])
    return WinValue(
        options["base"],
        tuple(points),
        tuple(multipliers),
        state.draw_streak,
        draw_multiplier,
        options["cap"],
        options["cap_scope"] == "product",
    )


def _fact_points(record: HandRecord, win: Win, patterns: tuple[str, ...], options: Options) -> list[Addition]:
    """Flowers, kong points, An Lou and the honour sets' points (RULES §4.6, §9.5.1)."""
    points: list[Addition] = []
    if win.flowers:
        label = f"{win.flowers} flower{'s' if win.flowers > 1 else ''}"
        points.append(Addition(label, win.flowers, "flowers", count=win.flowers, each=1))
    kongs = record.kongs_of(win.seat)
    for kind in ("exposed", "added", "concealed"):
        count = sum(1 for kong in kongs if kong.kind == kind)
        if count:
            each = options[KONG_OPTION[kind]]
            label = f"{KONG_WORDS[kind]}" if count == 1 else f"{count} {KONG_WORDS[kind]}s ×{each}"
            points.append(Addition(label, count * each, f"{kind}_kong", count=count, each=each))
    if options["honour_set_points"]:
        honour_kongs = sum(1 for kong in kongs if kong.tile is not None and is_honor(tile_index(kong.tile)))
        if honour_kongs:
            points.append(Addition("honour kong 风杠", honour_kongs, "honour_kong", count=honour_kongs, each=1))
        pungs = patterns.count("honour_pung")
        if pungs:
            points.append(Addition("honour pung 风刻", pungs, "honour_pung", count=pungs, each=1))
    if record.seats[win.seat].ready == "an":
        points.append(Addition("An Lou 暗楼", 1, "an_lou"))
    return points


def _jinan_multipliers(unique: tuple[str, ...], top: str | None) -> list[Factor]:
    """Jinan's table (RULES §9.5.9): the flushes and first-turn hands as listed, and the first shape item only."""
    factors = [
        Factor(PATTERN_WORDS[p], JINAN_MULTIPLIERS[p], p)
        for p in unique
        if p in JINAN_MULTIPLIERS and p not in JINAN_SHAPE_ORDER
    ]
    if top is not None:
        luxury = top != "seven_pairs"
        factors.append(Factor(PATTERN_WORDS[top], 4 if luxury else 2, top))
        return factors
    for shape in JINAN_SHAPE_ORDER[1:]:
        if shape in unique:
            factors.append(Factor(PATTERN_WORDS[shape], 2, shape))
            break
    return factors
