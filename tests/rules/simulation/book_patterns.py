"""Shape patterns the keeper reads from one reading of the winning hand, by the book's definitions.

Dalian §1.6 (floats, the terminal family, 缺幺胡幺, 夹胡 under D-21, 四归一), Shenyang §9.3.4 (四归一), Harbin §3.6
(卡当), Shandong §4.6 and §9.5.1-2 (将将胡, 清幺九, 风刻, 大吊车). Only where the win used no wild or treasure and
the table's options keep the book's definition; everything else is left to what the engine proves from the tiles.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .requirements import Whole
from .story import WinEvent
from .tiles import is_honour, is_terminal, is_terminal_or_honour, rank


def held(event: WinEvent) -> Counter[int]:
    """Physical copies in the winning hand outside declared kongs: concealed tiles, the winning tile, sets."""
    copies = Counter([*event.concealed, event.tile])
    for meld in event.melds:
        if len(meld.tiles) != 4 or meld.kind == "wind_set":
            copies.update(meld.tiles)
    return copies


def edge(whole: Whole, event: WinEvent, waits: list[int]) -> bool:
    """A single wait whose tile is the middle of a concealed chow (夹胡 §1.6 D-21, 卡当 §3.6)."""
    concealed = whole.sets[len(event.melds) :]
    return waits == [event.tile] and any(g.kind == "chow" and g.tiles[1] == event.tile for g in concealed)


def dalian(whole: Whole, event: WinEvent, waits: list[int], options: dict[str, Any]) -> list[str]:
    found: list[str] = []
    groups = [*whole.sets, whole.pair]
    faces = whole.faces()
    if whole.chows() == 0 and len(event.melds) < 4:
        single = whole.pair.tiles[0] == event.tile and waits == [event.tile]
        found.append("single_float" if single else "double_float")
    if all(map(is_terminal, faces)):
        found.append("pure_terminals")
    elif all(map(is_terminal_or_honour, faces)):
        found.append("mixed_terminals")
    elif all(any(map(is_terminal_or_honour, g.tiles)) for g in groups):
        found.append("outside_hand")
    before = event.concealed + [t for meld in event.melds for t in meld.tiles]
    if not any(map(is_terminal_or_honour, before)) and is_terminal_or_honour(event.tile):
        found.append("terminal_wait")
    if options["edge_wait_mode"] == "single_wait" and edge(whole, event, waits):
        found.append("edge_wait")
    found += ["four_in_hand"] * sum(n == 4 for n in held(event).values())
    return found


def shenyang(whole: Whole, event: WinEvent, waits: list[int], options: dict[str, Any]) -> list[str]:
    found = ["four_in_hand"] * sum(n == 4 for n in held(event).values()) if options["four_in_hand"] else []
    one_suit = len(whole.suits()) == 1 and not any(map(is_honour, whole.faces()))
    return found + ["pure_one_suit"] * (one_suit and options["allow_pure_one_suit"])


def harbin(whole: Whole, event: WinEvent, waits: list[int], options: dict[str, Any]) -> list[str]:
    return ["clamp"] if not options["clamp_edge_37"] and edge(whole, event, waits) else []


def shandong(whole: Whole, event: WinEvent, waits: list[int], options: dict[str, Any]) -> list[str]:
    found: list[str] = []
    faces = whole.faces()
    if all(not is_honour(t) and rank(t) in (2, 5, 8) for t in faces) and not options["all_generals_free_form"]:
        found.append("all_generals")
    if all(map(is_terminal, faces)):
        found.append("pure_terminals")
    if options["honour_set_points"]:
        claimed = sum(meld.kind == "pung" and is_honour(meld.tiles[0]) for meld in event.melds)
        concealed = sum(n == 3 and is_honour(t) for t, n in Counter(event.concealed).items())
        found += ["honour_pung"] * (claimed + concealed)
    if options["da_diao_che"] and len(event.melds) == 4:
        found.append("lone_tile_wait")
    return found


READERS = {"dalian": dalian, "shenyang": shenyang, "harbin": harbin, "shandong": shandong}
