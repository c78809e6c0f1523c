"""A seeded session of simulated hands, each written down by the keeper and settled by the engine.

Every record is settled with the session's state carried from hand to hand (what `replay` does) twice: with
the winner's tiles, and without them but ticking what the tiles proved. What must hold is listed in `check`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tablekeeper.rules import SettleResult, get_variant, replay, settle

from .game import Hand
from .keeper import next_dealer, record
from .story import Story


@dataclass
class Refusal:
    """One thing the engine got wrong (or the simulator): enough to replay it as a one-line table case."""

    variant: str
    seed: int
    hand: int
    options: dict[str, Any]
    state: dict[str, Any]
    record: dict[str, Any]
    problem: str

    def __str__(self) -> str:
        return (
            f"{self.problem}\n  variant={self.variant} seed={self.seed} hand={self.hand}\n"
            f"  options={json.dumps(self.options, ensure_ascii=False)}\n  state={json.dumps(self.state)}\n"
            f"  record={json.dumps(self.record, ensure_ascii=False)}"
        )


@dataclass
class Tally:
    games: int = 0
    hands: int = 0
    draws: int = 0
    several: int = 0
    methods: Counter[str] = field(default_factory=Counter)
    items: Counter[str] = field(default_factory=Counter)  # patterns ticked (by the keeper or the tiles), liable
    ticked: Counter[str] = field(default_factory=Counter)  # patterns the keeper ticked by the book
    refusals: list[Refusal] = field(default_factory=list)


def resolved(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """Every option's value: the table's, else the default (the simulator reads them by key)."""
    values = {option["key"]: option["default"] for option in get_variant(variant)["options"]}
    return values | options


def proved(result: SettleResult, wins: int) -> list[list[str]]:
    """Per win, the patterns the engine's `tiles_prove` lines name (each as often as counted)."""
    found: list[list[str]] = [[] for _ in range(wins)]
    for line in result["lines"]:
        if line.get("code") == "tiles_prove":
            seat = line["params"]["seat"]
            facts = result["facts"]
            assert facts is not None
            index = next(i for i, win in enumerate(facts["winners"]) if win["seat"] == seat)
            for item in line["params"]["items"]:
                found[index] += [item["item"]] * item["count"]
    return found


def play_game(variant: str, options: dict[str, Any], seed: int, hands: int, tally: Tally) -> None:
    """`hands` hands from a fresh session; the first problem found is added to `tally.refusals`."""
    rng = random.Random(f"{variant}/{seed}")
    table = resolved(variant, options)
    kinds = get_variant(variant)["tile_set"]
    state: Mapping[str, Any] | None = None
    dealer = 0
    records: list[dict[str, Any]] = []
    totals = [0, 0, 0, 0]
    tally.games += 1
    for number in range(hands):
        story = Hand(variant, table, kinds, dealer, rng).run()
        tally.hands += 1
        tally.draws += story.result == "draw"
        tally.several += len(story.wins) > 1
        tally.methods.update(event.method for event in story.wins)
        hand = record(story, with_tiles=True)
        tiled = settle(variant, hand, state, options)
        problem, shown = settle_without_tiles(story, tiled, state, options)
        if problem:
            tally.refusals.append(Refusal(variant, seed, number, options, dict(state or {}), shown or hand, problem))
            return
        records.append(hand)
        tally.ticked.update(item for win in hand["wins"] for item in win["patterns"])
        for win in (shown or hand)["wins"]:
            tally.items.update(win["patterns"] + ["liable"] * (win.get("liable") is not None))
        tally.items.update(f"kong {kong['kind']}" for kong in hand.get("kongs", []))
        several_liable = len(hand["wins"]) > 1 and any(win.get("liable") is not None for win in hand["wins"])
        tally.items.update(["liable beside another winner"] * several_liable)
        tally.items.update(["treasure rush at the reveal"] * any("reveal" in win.notes for win in story.wins))
        totals = [t + d for t, d in zip(totals, tiled["deltas"], strict=True)]
        state = tiled["state"]
        dealer = next_dealer(story)
    replayed = replay(variant, records, options)
    if not replayed["ok"] or replayed["totals"] != totals:
        problem = f"replay differs: first error {replayed['first_error']}, totals {replayed['totals']} vs {totals}"
        tally.refusals.append(Refusal(variant, seed, -1, options, {}, {"hands": records}, problem))


def settle_without_tiles(
    story: Story, tiled: SettleResult, state: Mapping[str, Any] | None, options: dict[str, Any]
) -> tuple[str, dict[str, Any] | None]:
    """The record without tiles (ticking what the tiles proved) settled beside the one with tiles: the problem
    found, if any, and the record without tiles."""
    if not tiled["ok"]:
        return f"refused with tiles: {tiled['errors']}", None
    bare = record(story, with_tiles=False, extra=proved(tiled, len(story.wins)))
    plain = settle(story.variant, bare, state, options)
    if not plain["ok"]:
        return f"refused without tiles (the same facts are accepted with tiles): {plain['errors']}", bare
    return check(story, tiled, plain), bare


def check(story: Story, tiled: SettleResult, plain: SettleResult) -> str:
    """Zero-sum whole numbers, the same deltas with and without tiles, and the book's next dealer."""
    for result in (tiled, plain):
        if sum(result["deltas"]) + result["pot_delta"] != 0 or not all(type(d) is int for d in result["deltas"]):
            return f"not zero-sum in whole numbers: {result['deltas']} pot {result['pot_delta']}"
    if tiled["deltas"] != plain["deltas"]:
        return f"deltas differ: with tiles {tiled['deltas']}, without {plain['deltas']}"
    if tiled["state"]["dealer"] != next_dealer(story):
        return f"next dealer {tiled['state']['dealer']}, the book says {next_dealer(story)}"
    return ""
