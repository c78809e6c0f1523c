"""The engine against real games played tile by tile (issue 18, "How it is checked"): no record a real game
can produce may be refused.

Seeded games of every variant, under the book's rules and each city preset (§9.7), are played by the simulator
in `tests/rules/simulation/` and written down by its keeper; every record is settled with the session's state,
with the winner's tiles and without them. A failure prints the seed, variant, options, state and record: it
reproduces as a one-line table case (`settle(variant, record, state, options)`), and
`python -m tests.rules.simulation --variant V --preset P --first-seed SEED --games 1` plays that game again.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from tablekeeper.rules import check_options, variant_ids

from .simulation import SUPPORTED, rule_sets, unsimulated_reason
from .simulation import __main__ as simulator
from .simulation.keeper import liable, next_dealer, tiles_text
from .simulation.session import Tally, play_game, resolved
from .simulation.story import Story, WinEvent
from .simulation.table import Meld, Seat
from .simulation.tiles import index
from .simulation.wins import Finding, judge

GAMES = {"rule_book": 6}  # games per rule set (4 hands each): the book's rules get more than a preset
PRESET_GAMES = 3
HANDS = 4

RULE_SETS = [(variant, preset, options) for variant in variant_ids() for preset, options in rule_sets(variant)]
# The rule sets of a variant the simulator has no play rules for are listed all the same, skipped with the reason.
SIMULATED = [
    pytest.param(variant, preset, options, id=f"{variant}-{preset}")
    if variant in SUPPORTED
    else pytest.param(
        variant, preset, options, id=f"{variant}-{preset}", marks=pytest.mark.skip(unsimulated_reason(variant))
    )
    for variant, preset, options in RULE_SETS
]
RULE_BOOK = ("dalian", "shenyang", "harbin", "shandong", "zhengzhou")


def test_the_simulator_plays_every_variant_of_the_rule_book() -> None:
    assert set(RULE_BOOK) <= set(SUPPORTED) and set(RULE_BOOK) <= set(variant_ids())


@pytest.mark.parametrize(("refusals", "status"), [(0, 0), (1, 1)])
def test_the_simulators_run_fails_by_its_status_when_a_record_was_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], refusals: int, status: int
) -> None:
    def game_with_refusals(variant: str, options: dict[str, Any], seed: int, hands: int, tally: Tally) -> None:
        tally.games += 1
        tally.refusals.extend(["a record the engine refused"] * refusals)  # type: ignore[list-item]

    monkeypatch.setattr(simulator, "play_game", game_with_refusals)
    monkeypatch.setattr(sys, "argv", ["simulation", "--games", "1", "--variant", "dalian", "--preset", "rule_book"])

    assert simulator.main() == status
    assert ("refused (above)" in capsys.readouterr().out) is bool(refusals)


def test_every_other_registered_variant_is_skipped_naming_it_as_not_simulated() -> None:
    for case in SIMULATED:
        variant = case.values[0]
        reasons = [mark.args[0] for mark in case.marks if mark.name == "skip"]
        assert reasons == ([] if variant in SUPPORTED else [unsimulated_reason(str(variant))])


@pytest.mark.parametrize(("variant", "preset", "options"), RULE_SETS, ids=[f"{v}-{p}" for v, p, _ in RULE_SETS])
def test_every_preset_passes_check_options(variant: str, preset: str, options: dict[str, Any]) -> None:
    assert check_options(variant, options)["ok"], check_options(variant, options)["errors"]


@pytest.mark.parametrize(("variant", "preset", "options"), SIMULATED)
def test_no_record_of_a_simulated_game_is_refused(variant: str, preset: str, options: dict[str, Any]) -> None:
    """Every record is accepted with and without tiles, scores alike both ways, sums to zero in whole numbers,
    passes the deal as the book says, and the session replays to the same totals."""
    tally = Tally()
    for seed in range(GAMES.get(preset, PRESET_GAMES)):
        play_game(variant, options, seed, HANDS, tally)
    assert not tally.refusals, "\n\n".join(map(str, tally.refusals[:3]))
    assert sum(tally.methods.values()) > 0, "no hand was won: the simulation checked nothing"


def _seat(tiles: str, *melds: Meld, ready: str = "none") -> Seat:
    """A seat holding `tiles` (§0.3 notation, concealed only) and the given melds."""
    seat = Seat(0, melds=list(melds), ready=ready)
    digits = ""
    for char in tiles:
        if char.isdigit():
            digits += char
        else:
            for digit in digits:
                seat.counts[index(digit + char)] += 1
            digits = ""
    return seat


def _claimed(kind: str, tiles: str) -> Meld:
    return Meld(kind, tuple(index(d + tiles[-1]) for d in tiles[:-1]), fed_by=1)


# The simulator's own win checks, from the book's text: each line a hand that is (or is not) a win, and why.
JUDGED: list[tuple[str, str, Seat, str, dict[str, Any], bool]] = [
    (
        "dalian: opened, three suits, a pung, a terminal",
        "dalian",
        _seat("234m567p1s789s", _claimed("pung", "999p")),
        "1s",
        {},
        True,
    ),
    ("dalian: a closed hand is no win (R4)", "dalian", _seat("234m567p1s789s999p"), "1s", {}, False),
    ("dalian: two suits are no win (R1)", "dalian", _seat("234m567m1s789s", _claimed("pung", "999m")), "1s", {}, False),
    ("dalian: no triplet is no win (R2)", "dalian", _seat("234m567p1s789s", _claimed("chow", "789p")), "1s", {}, False),
    (
        "dalian: a float is no win without allow_float_hand",
        "dalian",
        _seat("222m555p1s777s", _claimed("pung", "999p")),
        "1s",
        {"allow_float_hand": False},
        False,
    ),
    (
        "harbin: a ready hand with a chow, a pung and a terminal",
        "harbin",
        _seat("234m567p1s789s", _claimed("pung", "999p"), ready="ready"),
        "1s",
        {},
        True,
    ),
    ("harbin: not ready is no win", "harbin", _seat("234m567p1s789s", _claimed("pung", "999p")), "1s", {}, False),
    (
        "harbin: no chow is no win",
        "harbin",
        _seat("222m555p1s777s", _claimed("pung", "999p"), ready="ready"),
        "1s",
        {},
        False,
    ),
    (
        "shenyang: a dragon pair stands for the triplet",
        "shenyang",
        _seat("234m567p5z789s", _claimed("chow", "123p")),
        "5z",
        {},
        True,
    ),
    ("shandong: a 2-5-8 pair", "shandong", _seat("234m567p5s789s111z"), "5s", {}, True),
    ("shandong: no 2-5-8 pair, no exemption", "shandong", _seat("234m567p1s789s111z"), "1s", {}, False),
    ("shandong: seven pairs are exempt", "shandong", _seat("1133m1144p11s339s"), "9s", {}, True),
    ("shandong: luxury seven pairs without a 2-5-8 pair", "shandong", _seat("1111m3399p11s779s"), "9s", {}, True),
    (
        "shandong: seven pairs need one when not exempt",
        "shandong",
        _seat("1133m1144p11s339s"),
        "9s",
        {"exempt258": ["all_generals"]},
        False,
    ),
    ("zhengzhou: a wild stands in a chow", "zhengzhou", _seat("24m567p11s789s111z"), "5m", {}, True),
    ("zhengzhou: a wild never completes a pung", "zhengzhou", _seat("234m567p11s789s11z"), "5m", {}, False),
    (
        "zhengzhou: it may under wild_in_concealed_pung",
        "zhengzhou",
        _seat("234m567p11s789s11z"),
        "5m",
        {"wild_in_concealed_pung": True},
        True,
    ),
]


@pytest.mark.parametrize(("case", "variant", "seat", "tile", "options", "wins"), JUDGED, ids=[row[0] for row in JUDGED])
def test_the_simulator_judges_wins_by_the_book(
    case: str, variant: str, seat: Seat, tile: str, options: dict[str, Any], wins: bool
) -> None:
    wild = index("5m") if variant == "zhengzhou" else None
    found = judge(variant, resolved(variant, options), seat, index(tile), wild_face=wild)
    assert (found is not None) is wins, case


def _event(concealed: str, tile: str, *melds: Meld, notes: frozenset[str] = frozenset()) -> WinEvent:
    seat = _seat(concealed)
    return WinEvent(0, "discard", 3, index(tile), seat.concealed(), list(melds), Finding(), notes=set(notes))


def _story(variant: str, *events: WinEvent) -> Story:
    return Story(variant, resolved(variant, {}), 0, "win", list(events), [], [Seat(i) for i in range(4)], None, [0] * 4)


def test_the_keeper_writes_melds_then_concealed_tiles_then_the_winning_tile() -> None:
    event = _event(
        "55m", "5m", _claimed("chow", "123m"), Meld("concealed", (index("7p"),) * 4), _claimed("pung", "111z")
    )
    assert tiles_text(event) == "[123m](7777p)[111z]55m+5m"


def test_the_keeper_names_the_feeder_of_three_melds_liable() -> None:
    fed = [Meld("pung", (index(t),) * 3, fed_by=2) for t in ("1m", "5p", "9s")]
    assert liable(_story("shandong"), _event("5m", "5m", *fed)) == 2
    fed[0].fed_by = 1
    assert liable(_story("shandong"), _event("5m", "5m", *fed)) is None


def test_the_keeper_names_the_feeder_of_a_kong_bloomed_on() -> None:
    kong = Meld("exposed", (index("4s"),) * 4, fed_by=1)
    event = _event("2345678m55p", "5p", kong, notes=frozenset({"kong", "bloom_exposed_1"}))
    assert liable(_story("shandong"), event) == 1


@pytest.mark.parametrize(
    ("variant", "winners", "frm", "dealer_next"),
    [("dalian", [2], 1, 1), ("dalian", [0], 1, 0), ("harbin", [2], 1, 2), ("shandong", [1, 2], 3, 3)],
)
def test_the_book_names_the_next_dealer(variant: str, winners: list[int], frm: int, dealer_next: int) -> None:
    events = [WinEvent(seat, "discard", frm, 0, [], [], Finding()) for seat in winners]
    assert next_dealer(_story(variant, *events)) == dealer_next


def test_four_wilds_win_at_once_only_by_self_draw() -> None:
    seat = _seat("55559m13p79s1357z")  # four wilds (5m), nothing else that makes a hand
    options = resolved("zhengzhou", {"allow_discard_win": True})
    found = judge("zhengzhou", options, seat, index("2z"), wild_face=index("5m"))
    assert found is not None and found.four_wilds
    assert judge("zhengzhou", options, seat, index("2z"), wild_face=index("5m"), self_draw=False) is None
