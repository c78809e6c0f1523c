"""The keeper at the table: a simulated hand written down as a hand record (RULES.md §0.2), with and without tiles.

The keeper ticks what it sees from the book's definitions (kong bloom, last tile, seven pairs, all pungs, one
suit, dragon pungs, a single wait …); the rest of the shape patterns the engine proves from the tiles (its
`tiles_prove` line), and the record without tiles ticks those too.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .book_patterns import READERS
from .policy import notation
from .requirements import Whole, shandong_exemptions
from .story import Story, WinEvent
from .table import Meld, Seat
from .tiles import DRAGONS, face
from .wins import judge

LADDER = ("seven_pairs", "luxury_seven_pairs", "double_luxury_seven_pairs", "triple_luxury_seven_pairs")


def meld_text(meld: Meld) -> str:
    text = notation(list(meld.tiles))
    return f"({text})" if meld.kind == "concealed" else f"[{text}]"


def tiles_text(event: WinEvent) -> str:
    return "".join(map(meld_text, event.melds)) + notation(event.concealed) + "+" + face(event.tile)


def shape(story: Story, event: WinEvent) -> tuple[Whole | None, list[str]]:
    """The reading the keeper reads the shape from (the one showing most book patterns; None for seven pairs or
    four wilds), and the book patterns it shows."""
    if event.finding.four_wilds or (event.finding.seven_pairs and not event.finding.wholes):
        return None, []
    reader = READERS.get(story.variant)
    if reader is None or event.notes & {"wild", "reveal"}:
        return event.finding.wholes[0], []
    waits = legal_waits(story, event)
    shown = [(reader(whole, event, waits, story.options), whole) for whole in event.finding.wholes]
    patterns, whole = max(shown, key=lambda pair: len(pair[0]))
    return whole, patterns


def ticks(story: Story, event: WinEvent) -> list[str]:
    """The patterns the keeper ticks for one win."""
    notes, options, variant = event.notes, story.options, story.variant
    whole, found = shape(story, event)
    seven = event.finding.seven_pairs if whole is None else None
    bloom = "kong" in notes
    if variant == "dalian":
        found += ["kong_bloom"] * bloom + ["last_tile"] * ("last" in notes)
        found += ["flowing_tears"] * (event.method == "discard" and "after_kong" in notes)
        found += [item for item in ("treasure_rush", "finding_treasure", "hidden_treasure") if item in notes]
    elif variant == "shenyang":
        found += ["kong_bloom"] * bloom + ["last_tile"] * ("last" in notes)
        # §9.3.8 lists 杠上炮 among the items seven pairs excludes, though the kong is the discarder's: the keeper
        # follows the book (a seven-pairs win on the discard after a kong is a real hand; reported as a question).
        kong_discard = event.method == "discard" and "after_kong" in notes and not seven
        found += ["kong_discard"] * kong_discard
        if seven:
            found.append("seven_pairs")
        elif whole is not None:
            found += ["all_pungs"] * (whole.chows() == 0 and "pure_one_suit" not in found)
            pungs = [group for group in whole.sets if group.kind == "pung"]
            kongs = Counter(meld.tiles[0] for meld in event.melds if len(meld.tiles) == 4)
            found += (
                ["dragon_pung"]
                * ("pure_one_suit" not in found)
                * sum(g.tiles[0] in DRAGONS and not kongs[g.tiles[0]] for g in pungs)
            )
        if legal_waits(story, event) == [event.tile] and "wild" not in notes:
            found.append("single_wait")
    elif variant == "harbin":
        if "finding_treasure" in notes and not options["bao_zhong_bao_any_face"]:
            found.append("finding_treasure")
    elif variant == "shandong":
        found += ["kong_bloom"] * bloom
        found += ["last_tile"] * ("last" in notes and options["last_tile_double"])
        found += ["flower_bloom"] * ("flower" in notes and options["flower_bloom"])
        found += ["heavenly_hand"] * ("heavenly" in notes) + ["earthly_hand"] * ("earthly" in notes)
        if seven:
            found.append(LADDER[min(seven[1], 3)])
        elif whole is not None:
            found += [
                item
                for item in shandong_exemptions(whole)
                if item in ("all_triplets", "pure_one_suit", "mixed_one_suit")
            ]
    elif variant == "zhengzhou":
        found += ["kong_bloom"] * bloom + ["four_wilds"] * event.finding.four_wilds
        if seven:
            found.append("luxury_seven_pairs" if seven[1] else "seven_pairs")
    unscored = options.get("unscored_items", [])  # §9.2.10: a table that does not score an item never ticks it
    return [item for item in found if item not in unscored]


def legal_waits(story: Story, event: WinEvent) -> list[int]:
    """The kinds that completed a legal hand before the win, at face value (none held four times): §2.4's single
    wait, §1.6's 夹胡 (D-21), §3.6's 卡当. A Harbin winner was ready."""
    seat = Seat(event.seat, melds=event.melds, ready="ready" if story.variant == "harbin" else "none")
    for tile in event.concealed:
        seat.counts[tile] += 1
    kinds = [t for t in range(34) if (seat.counts[t] + sum(m.tiles.count(t) for m in seat.melds)) < 4]
    return [t for t in kinds if judge(story.variant, story.options, seat, t) is not None]


def liable(story: Story, event: WinEvent) -> int | None:
    """§4.6 承包: the player who fed three of the winner's melds, or whose discarded kong the winner bloomed on."""
    if story.variant != "shandong":
        return None
    fed = Counter(meld.fed_by for meld in event.melds if meld.fed_by is not None)
    for seat, count in fed.items():
        if count >= 3:
            return seat
    for note in event.notes:
        if note.startswith("bloom_exposed_") and "kong" in event.notes and story.options["kong_feeder_liable"]:
            return int(note.rsplit("_", 1)[1])
    return None


def record(story: Story, *, with_tiles: bool, extra: list[list[str]] | None = None) -> dict[str, Any]:
    """The hand record; `extra` adds, per win, the patterns the engine proved from the tiles."""
    hand: dict[str, Any] = {"result": story.result, "wins": []}
    for i, event in enumerate(story.wins):
        win: dict[str, Any] = {"seat": event.seat, "method": event.method, "patterns": ticks(story, event)}
        if event.frm is not None:
            win["from"] = event.frm
        if extra:
            win["patterns"] += extra[i]
        if story.variant == "shandong":
            win["flowers"] = event.flowers
            win["liable"] = liable(story, event)
        if with_tiles:
            win["tiles"] = tiles_text(event)
        hand["wins"].append(win)
    hand["seats"] = [seat_facts(story, seat) for seat in story.seats]
    if story.kongs:
        hand["kongs"] = [dict(kong) for kong in story.kongs]
    if story.treasure is not None:
        hand["treasure"] = face(story.treasure)
    if story.variant == "shenyang":
        hand["dice_double"] = story.dice_double
    return hand


def seat_facts(story: Story, seat: Seat) -> dict[str, Any]:
    facts: dict[str, Any] = {"opened": seat.opened}
    if seat.ready != "none":
        facts["ready"] = seat.ready
    if story.variant == "zhengzhou" or (story.variant == "shandong" and story.options["max_side_bet"] > 0):
        facts["side_bet"] = story.side_bets[seat.index]
    return facts


def next_dealer(story: Story) -> int:
    """§1.7, §2.6, §3.7, §4.7, §5.7, from the book (draw: the dealer stays in every variant's default)."""
    dealer = story.dealer
    if story.result != "win":
        return dealer
    winners = [event.seat for event in story.wins]
    if story.variant in ("dalian", "shenyang"):
        return dealer if dealer in winners else (dealer + 1) % 4
    if story.variant == "shandong" and len(winners) > 1:
        if story.robbed_from is not None:  # several robbers: the first after the kong's declarer
            return winners[0]
        return story.wins[0].frm if story.wins[0].frm is not None else dealer
    return winners[0]
