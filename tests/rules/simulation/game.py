"""One hand played tile by tile (RULES.md §1-§5): the wall, the deal, draws, discards, claims, kongs, ready,
the treasure and the wild, several winners, robbing a kong and the drawn hand at the wall's end."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from tablekeeper.rules import waits

from .policy import choose_discard, notation
from .rulesets import PLAY, Play
from .story import Story, WinEvent
from .table import Meld, Seat
from .tiles import DRAGONS, FLOWER, WINDS, build_wall, index, tile_set, treasure_successor, wild_successor
from .wins import Finding, judge


class HandOver(Exception):
    """Raised with the story once the hand has ended (a win or a draw)."""

    def __init__(self, story: Story) -> None:
        self.story = story


class Hand:
    def __init__(
        self, variant: str, options: dict[str, Any], kinds: list[str], dealer: int, rng: random.Random
    ) -> None:
        self.variant, self.options, self.dealer, self.rng = variant, options, dealer, rng
        self.play: Play = PLAY[variant](options)
        self.kinds = tile_set(kinds)
        self.live = build_wall(self.kinds, self.play.flowers, rng)
        self.seats = [Seat(i) for i in range(4)]
        self.kongs: list[dict[str, Any]] = []
        self.kong_count = 0
        self.calls = 0  # claims, kongs and ready declarations so far (a first-turn hand needs none, §4.6)
        self.treasure: int | None = None
        self.wild: int | None = None
        if variant == "zhengzhou":  # §5.3: the 7th stack from the back shows the indicator; the wall ends there
            self.wild = self.treasure = wild_successor(self.live[-14])
            self.live = self.live[:-14]
        self.side_bets = [rng.randint(0, self.play.max_side_bet) for _ in range(4)]
        self.dice_double = self.play.dice and rng.randrange(6) == 0

    # -- the wall --------------------------------------------------------------------------------------------------
    def left(self) -> int:
        """Live tiles still to draw before the reserve (§2.1, §4.2)."""
        return len(self.live) - self.play.reserve(self.kong_count)

    def draw(self, seat: Seat, *, back: bool = False) -> tuple[int, bool]:
        """A tile into `seat`'s hand (a flower is exposed and replaced from the back); True if one was replaced."""
        tile = self.live.pop() if back else self.live.pop(0)
        replaced = False
        while tile == FLOWER:
            seat.flowers += 1
            replaced = True
            if not self.live:
                self.end("draw", [])
            tile = self.live.pop()
        seat.counts[tile] += 1
        return tile, replaced

    def end(self, result: str, wins: list[WinEvent], robbed_from: int | None = None) -> None:
        story = Story(
            self.variant,
            self.options,
            self.dealer,
            result,
            wins,
            self.kongs,
            self.seats,
            self.treasure,
            self.side_bets,
            self.dice_double,
            robbed_from,
        )
        raise HandOver(story)

    # -- the hand --------------------------------------------------------------------------------------------------
    def run(self) -> Story:
        try:
            self.deal_and_play()
        except HandOver as over:
            return over.story
        raise AssertionError("a hand ends by HandOver")

    def deal_and_play(self) -> None:
        tile = 0
        for dealt in ((self.dealer + i) % 4 for i in (1, 2, 3, 0)):  # the dealer last: its 14th tile opens play
            for _ in range(13 + (dealt == self.dealer)):
                tile, _ = self.draw(self.seats[dealt])
        turn, context = self.dealer, "first"
        while True:
            seat = self.seats[turn]
            seat.turns += 1
            discard = self.own_turn(seat, tile, context)
            claim = None if discard is None else self.after_discard(turn, discard)
            if claim is not None:
                turn, tile, context = claim
                continue
            turn = (turn + 1) % 4
            if self.left() <= 0:
                self.end("draw", [])
            context = "last" if self.left() <= self.play.last_phase else ""
            tile, flower = self.draw(self.seats[turn])
            if flower:
                context = "flower"
            if self.play.last_tile_single and self.left() == 0:
                context = "last"

    def own_turn(self, seat: Seat, tile: int, context: str) -> int | None:
        """Self-draw, kongs, the discard and a ready declaration; None when the drawn tile is dead (last four)."""
        if context != "claim":
            self.try_self_draw(seat, tile, context)
            self.fourth_kong(context)
            if context == "last" and self.play.last_phase:
                seat.take(tile)
                return None
            while (kong := self.choose_kong(seat, tile, context)) is not None:
                self.declare_kong(seat, *kong)
                if kong[0] == "dragon_set":
                    continue
                tile, _flower = self.draw(seat, back=True)
                context = "kong"  # a flower among the replacements still makes a kong bloom
                seat.bloom = f"bloom_{kong[0]}_{kong[2]}"
                self.try_self_draw(seat, tile, context)
                self.fourth_kong(context)
                seat.kong_just_made = True
        if seat.ready != "none" and context != "claim":
            discard = tile
        else:
            discard = choose_discard(seat, self.rng, self.legal_wait, {self.wild} if self.wild is not None else set())
        seat.take(discard)
        if seat.ready == "none":
            self.maybe_declare_ready(seat)
        return discard

    def fourth_kong(self, context: str) -> None:
        """§4.2: a fourth kong whose replacement tile does not win ends the hand as a draw."""
        if context == "kong" and self.play.fourth_kong_ends and self.kong_count >= 4:
            self.end("draw", [])

    # -- wins ------------------------------------------------------------------------------------------------------
    def legal_wait(self, seat: Seat, tile: int) -> bool:
        """`tile` completes a legal hand at face value (§1.3: the treasure at face value)."""
        held = seat.counts[tile] + sum(meld.tiles.count(tile) for meld in seat.melds)
        if self.variant == "harbin" and seat.ready == "none":  # §3.3: one tile from a hand meeting §3.4 once ready
            seat = replace(seat, ready="ready")
        return held < 4 and judge(self.variant, self.options, seat, tile, wild_face=self.wild) is not None

    def legal_waits(self, seat: Seat) -> list[int]:
        """The kinds that complete a legal hand at face value: the shape's waits (and seven pairs'), then the book."""
        shape = {index(text) for text in waits(notation(seat.concealed()))}
        odd = {tile for tile in range(34) if seat.counts[tile] % 2} if not seat.melds else set()
        return [tile for tile in sorted(shape | odd) if tile in self.kinds and self.legal_wait(seat, tile)]

    def finding(self, seat: Seat, tile: int, method: str) -> tuple[Finding | None, bool]:
        """The win `tile` makes for `seat` (not yet in its hand), and whether it needs the treasure as a wild."""
        natural = judge(self.variant, self.options, seat, tile, wild_face=self.wild, self_draw=method == "self_draw")
        treasure_wild = (
            self.play.treasure
            and tile == self.treasure
            and seat.ready == "ready"
            and (method == "self_draw" or (method == "discard" and self.play.wild_on_discard))
        )
        if natural is None and treasure_wild:
            return judge(self.variant, self.options, seat, tile, wild_tile=True), True
        return natural, False

    def win_event(
        self, seat: Seat, tile: int, method: str, frm: int | None, found: Finding, notes: set[str]
    ) -> WinEvent:
        return WinEvent(
            seat.index, method, frm, tile, seat.concealed(), list(seat.melds), found, notes=notes, flowers=seat.flowers
        )

    def try_self_draw(self, seat: Seat, tile: int, context: str) -> None:
        seat.take(tile)
        try:
            found, wild = self.finding(seat, tile, "self_draw")
            if found is None:
                return
            notes = {context, "wild"} if wild else {context}
            if self.play.treasure and tile == self.treasure and seat.ready == "ready":
                notes.add("finding_treasure" if wild else "treasure_rush")
            if context == "kong":
                notes.add(seat.bloom)
            if context == "" and seat.turns == 1 and self.calls == 0 and seat.index != self.dealer:
                notes.add("earthly")
            if context == "first":
                notes.add("heavenly")
            if seat.hidden_treasure and self.variant == "dalian":
                notes.add("hidden_treasure")
            event = self.win_event(seat, tile, "self_draw", None, found, notes)
        finally:
            seat.counts[tile] += 1
        self.end("win", [event])

    def claimers(self, frm: int, tile: int, method: str, notes: set[str]) -> list[WinEvent]:
        """Who wins on a discard or a robbed kong, nearest first; several only where the variant allows."""
        if (method == "discard" and not self.play.discard_win) or (method == "rob_kong" and not self.play.rob_kong):
            return []
        if tile == self.wild:  # a discarded wild cannot be claimed (§5.3)
            return []
        events = []
        for seat in (self.seats[(frm + i) % 4] for i in (1, 2, 3)):
            if seat.ready == "ming":  # Ming Lou wins only by self-draw (§4.4)
                continue
            found, wild = self.finding(seat, tile, method)
            if found is not None:
                hidden = {"hidden_treasure"} if seat.hidden_treasure and self.variant == "dalian" else set()
                events.append(
                    self.win_event(seat, tile, method, frm, found, notes | hidden | ({"wild"} if wild else set()))
                )
        return events if self.play.several_winners else events[:1]

    # -- kongs and special sets ------------------------------------------------------------------------------------
    def choose_kong(self, seat: Seat, tile: int, context: str) -> tuple[str, int, int | None] | None:
        if self.left() <= max(1, self.play.last_phase) or self.rng.random() > 0.7:
            return None
        room = len(seat.melds) < self.play.max_melds
        if seat.ready != "none":
            return self.ready_kong(seat, tile) if room else None
        if self.play.special_sets and seat.turns == 1 and room and not seat.melds:
            if all(seat.counts[t] for t in DRAGONS):
                return ("dragon_set", DRAGONS[0], None)
            if all(seat.counts[t] for t in WINDS):
                return ("wind_set", WINDS[0], None)
        for face in range(34):
            if seat.counts[face] == 4 and face != self.wild and room:
                return ("concealed", face, None)
        for meld in seat.melds:
            face = meld.tiles[0]
            drawn_only = self.variant == "dalian" and face != tile  # §1.2: only a self-drawn fourth tile
            if meld.kind == "pung" and seat.counts[face] and not drawn_only:
                return ("added", face, meld.fed_by)
        return None

    def ready_kong(self, seat: Seat, tile: int) -> tuple[str, int, int | None] | None:
        """A ready hand is frozen but for a concealed kong that keeps its winning tiles (§1.3, §3.3)."""
        for face in range(34):
            if seat.counts[face] != 4 or face == self.wild:
                continue
            seat.counts[tile] -= 1
            before = self.legal_waits(seat)
            seat.counts[tile] += 1
            seat.take(face, 4)
            seat.melds.append(Meld("concealed", (face,) * 4))
            after = self.legal_waits(seat)
            seat.melds.pop()
            seat.counts[face] += 4
            if before and before == after:
                return ("concealed", face, None)
        return None

    def declare_kong(self, seat: Seat, kind: str, face: int, frm: int | None) -> None:
        self.calls += 1
        if kind == "added":
            robbers = self.claimers(seat.index, face, "rob_kong", {"robbed"})
            if robbers:
                self.end("win", robbers, robbed_from=seat.index)
            pung = next(m for m in seat.melds if m.kind == "pung" and m.tiles[0] == face)
            pung.kind, pung.tiles = "added", (face,) * 4
            seat.take(face)
        elif kind in ("dragon_set", "wind_set"):
            faces = DRAGONS if kind == "dragon_set" else WINDS
            for t in faces:
                seat.take(t)
            seat.melds.append(Meld(kind, faces))
            self.kongs.append({"seat": seat.index, "kind": kind})
            self.kong_count += kind == "wind_set" and self.variant == "shenyang"
            return
        else:
            seat.take(face, 4 if kind == "concealed" else 3)
            seat.melds.append(Meld(kind, (face,) * 4, frm))
        entry: dict[str, Any] = {"seat": seat.index, "kind": kind, "tile": f"{face % 9 + 1}{'mpsz'[face // 9]}"}
        if frm is not None:
            entry["from"] = frm
        self.kongs.append(entry)
        self.kong_count += 1

    # -- after a discard -------------------------------------------------------------------------------------------
    def after_discard(self, turn: int, tile: int) -> tuple[int, int, str] | None:
        """Wins, then pungs and kongs, then a chow by the next seat (§1.2 priority); the claimer's turn, if any."""
        discarder = self.seats[turn]
        after_kong = discarder.kong_just_made
        discarder.kong_just_made = False
        if self.left() <= 0:
            return None
        winners = self.claimers(turn, tile, "discard", {"after_kong"} if after_kong else set())
        if winners:
            self.end("win", winners)
        if tile == self.wild:
            return None
        if self.play.chow_ready and (ready_chow := self.chow_ready(turn, tile)) is not None:
            return ready_chow
        for seat in (self.seats[(turn + i) % 4] for i in (1, 2, 3)):
            if seat.ready != "none" or len(seat.melds) >= self.play.max_melds or seat.counts[tile] < 2:
                continue
            eager = 0.85 if self.play.must_open and not seat.opened else 0.4
            if seat.counts[tile] == 3 and self.left() > 1 and self.rng.random() < 0.5:
                self.declare_kong(seat, "exposed", tile, turn)
                drawn, _flower = self.draw(seat, back=True)
                seat.bloom = f"bloom_exposed_{turn}"
                return seat.index, drawn, "kong"
            if (self.play.dragon_pung or tile not in DRAGONS) and self.rng.random() < eager:
                seat.take(tile, 2)
                seat.melds.append(Meld("pung", (tile,) * 3, turn))
                self.calls += 1
                return seat.index, tile, "claim"
        nxt = self.seats[(turn + 1) % 4]
        if self.play.chow and tile < 27 and nxt.ready == "none" and len(nxt.melds) < self.play.max_melds:
            for start in (tile - 2, tile - 1, tile):
                faces = (start, start + 1, start + 2)
                if start // 9 != tile // 9 or start < 0 or (start % 9) > 6:
                    continue
                if all(nxt.counts[t] for t in faces if t != tile) and not (self.wild in faces and self.wild != tile):
                    eager = 0.8 if self.play.must_open and not nxt.opened else 0.4
                    if self.rng.random() < eager:
                        for t in faces:
                            if t != tile:
                                nxt.take(t)
                        nxt.melds.append(Meld("chow", faces, turn))
                        self.calls += 1
                        return nxt.index, tile, "claim"
        return None

    # -- ready and the treasure ------------------------------------------------------------------------------------
    def chow_ready(self, turn: int, tile: int) -> tuple[int, int, str] | None:
        """吃听 (§3.2, `allow_chow_ready`): any seat may chow any discard that leaves it ready, and declares at once."""
        for seat in (self.seats[(turn + i) % 4] for i in (1, 2, 3)):
            if seat.ready != "none" or len(seat.melds) >= self.play.max_melds or tile >= 27:
                continue
            for start in (tile - 2, tile - 1, tile):
                faces = (start, start + 1, start + 2)
                others = [t for t in faces if t != tile]
                if start < tile // 9 * 9 or start % 9 > 6 or not all(seat.counts[t] for t in others):
                    continue
                for t in others:
                    seat.take(t)
                seat.melds.append(Meld("chow", faces, turn))
                if self.ready_after_a_discard(seat) and self.rng.random() < 0.6:
                    seat.must_ready = True
                    self.calls += 1
                    return seat.index, tile, "claim"
                seat.melds.pop()
                for t in others:
                    seat.counts[t] += 1
        return None

    def ready_after_a_discard(self, seat: Seat) -> bool:
        for tile in range(34):
            if seat.counts[tile]:
                seat.counts[tile] -= 1
                ready = bool(self.legal_waits(seat))
                seat.counts[tile] += 1
                if ready:
                    return True
        return False

    def maybe_declare_ready(self, seat: Seat) -> None:
        if not self.play.ready or not self.legal_waits(seat):
            return
        roll, chance = self.rng.random(), 0.0
        for kind, p in self.play.ready:
            chance += p
            if roll < chance or seat.must_ready:
                seat.ready = kind
                break
        if seat.ready == "none":
            return
        self.calls += 1
        if self.play.treasure and self.treasure is None and self.left() > 4:
            indicator = self.live.pop()  # §1.5-1: from the tail of the live wall, set aside
            self.treasure = indicator if self.play.indicator_is_treasure else treasure_successor(indicator, self.kinds)
        if self.treasure is not None:  # a ready hand is frozen: what it held then, it holds at the win
            seat.hidden_treasure = seat.counts[self.treasure] > 0
        if self.play.treasure_rush_at_reveal and self.treasure is not None and self.legal_wait(seat, self.treasure):
            found = judge(self.variant, self.options, seat, self.treasure)
            assert found is not None
            notes = {"treasure_rush", "reveal"} | ({"hidden_treasure"} if seat.hidden_treasure else set())
            self.end("win", [self.win_event(seat, self.treasure, "self_draw", None, found, notes)])
