"""Readings of a winning hand: every split, every place of the winning tile, wilds, properties."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tablekeeper.rules.hands import is_standard_win
from tablekeeper.rules.notation import parse_hand
from tablekeeper.rules.shapes import Reading, SetInfo, drawn_wild_readings, readings, winning_tiles
from tablekeeper.rules.tiles import (
    HARBIN_TILES,
    faces,
    is_258,
    is_terminal,
    is_terminal_or_honor,
    tile_face,
    tile_index,
)
from tests.hypothesis_profiles import examples

from .test_hands import naturally_complete


def read(text: str, wild_faces: tuple[str, ...] = (), **options: object) -> list[Reading]:
    wild_indices = [tile_index(face) for face in wild_faces]
    return readings(parse_hand(text), wild_indices, **options)  # type: ignore[arg-type]


def summary(reading: Reading) -> tuple[str, tuple[str, ...], str]:
    """(where the winning tile sits, the sets as compact faces, the pair) for hand-written expectations."""
    return (reading.winning_in, tuple(faces(info.tiles) for info in reading.sets), faces(reading.pair))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Waits on one side: 89+7 and 12+3 are edge waits.
        ("[123m][777p] 456s 11z 89p +7p", [("chow_edge", ("123m", "777p", "789p", "456s"), "11z")]),
        ("[123m][777p] 456s 11z 12p +3p", [("chow_edge", ("123m", "777p", "123p", "456s"), "11z")]),
        ("[123m][777p] 456s 11z 79p +8p", [("chow_middle", ("123m", "777p", "789p", "456s"), "11z")]),
        ("[123m][777p] 456s 11z 78p +9p", [("chow_open", ("123m", "777p", "789p", "456s"), "11z")]),
        ("[123m][777p] 456s 11z 23p +1p", [("chow_open", ("123m", "777p", "123p", "456s"), "11z")]),
        ("[123m][777p] 456s 11z 23p +4p", [("chow_open", ("123m", "777p", "234p", "456s"), "11z")]),
        ("[123m][777p] 456s 789p 1z +1z", [("pair", ("123m", "777p", "789p", "456s"), "11z")]),
        ("[123m][777p] 456s 11z 99p +1z", [("pung", ("123m", "777p", "456s", "111z"), "99p")]),
    ],
)
def test_the_winning_tile_sits_where_the_wait_was(text, expected):
    found = [summary(reading) for reading in read(text)]
    assert found == expected


def test_one_split_can_place_the_winning_tile_in_two_groups():
    found = {summary(reading) for reading in read("[123m][777p] 456s 2344p +4p")}
    assert found == {
        ("chow_open", ("123m", "777p", "234p", "456s"), "44p"),
        ("pair", ("123m", "777p", "234p", "456s"), "44p"),
    }


def test_three_pungs_or_three_chows_are_two_readings():
    found = {summary(reading) for reading in read("111222333m 555p 5s +5s")}
    assert found == {
        ("pair", ("111m", "222m", "333m", "555p"), "55s"),
        ("pair", ("123m", "123m", "123m", "555p"), "55s"),
    }


def test_the_same_winning_tile_completes_a_pung_in_one_split_and_an_edge_chow_in_another():
    found = {summary(reading) for reading in read("11122233m 555p 55s +3m")}
    assert found == {
        ("pung", ("111m", "222m", "333m", "555p"), "55s"),
        ("chow_edge", ("123m", "123m", "123m", "555p"), "55s"),
    }


def test_the_nine_gates_hand_completed_by_5m_reads_one_way():
    # 111 234 678 999 and the pair 55; with 11 or 99 as the pair the rest never splits.
    # Concealed sets come chows first, then pungs.
    assert [summary(reading) for reading in read("1112345678999m +5m")] == [
        ("pair", ("234m", "678m", "111m", "999m"), "55m")
    ]


def test_melds_are_kept_as_fixed_sets():
    found = read("[111m][222m][333m] 555p 5s +5s")
    assert len(found) == 1
    reading = found[0]
    assert reading.sets[:3] == (
        SetInfo("pung", (0, 0, 0), concealed=False, claimed=True),
        SetInfo("pung", (1, 1, 1), concealed=False, claimed=True),
        SetInfo("pung", (2, 2, 2), concealed=False, claimed=True),
    )
    assert reading.sets[3] == SetInfo("pung", (13, 13, 13), concealed=True, claimed=False)
    assert reading.all_pungs


def test_concealed_kongs_and_special_sets_are_sets_that_are_not_claimed():
    (reading,) = read("(1111m)[567z] 234p 789s 5s +5s")
    assert reading.sets[0] == SetInfo("concealed_kong", (0, 0, 0, 0), concealed=True, claimed=False)
    assert reading.sets[1] == SetInfo("dragon_set", (31, 32, 33), concealed=False, claimed=False)
    assert (reading.pung_count, reading.chow_count, reading.all_pungs) == (1, 2, False)
    assert reading.winning_set is None


def test_a_hand_that_is_not_a_standard_win_has_no_reading():
    assert read("[123m][777p] 456s 11z 78p +1p") == []
    assert read("1133557799m113p +3p") == []


def test_the_winning_set_index_points_into_sets():
    (reading,) = read("[123m][777p] 456s 11z 89p +7p")
    assert reading.winning_set == 2
    assert reading.sets[2].tiles == (15, 16, 17)
    assert reading.winning_tile == tile_index("7p")


# --- wilds --------------------------------------------------------------------------------


def test_a_drawn_wild_stands_for_each_tile_that_completes_the_hand():
    found = read("[123m][777p] 456s 11z 78p +5z", winning_tile_is_wild=True)
    assert {(summary(reading), faces((reading.winning_tile,))) for reading in found} == {
        (("chow_open", ("123m", "777p", "678p", "456s"), "11z"), "6p"),
        (("chow_open", ("123m", "777p", "789p", "456s"), "11z"), "9p"),
    }
    for reading in found:
        assert reading.winning_is_wild
        assert reading.wilds_used == 1
        assert reading.sets[2].wilds == 1
        assert reading.pair_wilds == 0
    assert read("[123m][777p] 456s 11z 78p +5z") == []


def test_a_drawn_wild_may_also_stand_for_itself():
    found = read("[123m][777p] 456s 11z 78p +9p", winning_tile_is_wild=True)
    assert {(faces((reading.winning_tile,)), reading.winning_is_wild, reading.wilds_used) for reading in found} == {
        ("9p", False, 0),
        ("6p", True, 1),
    }


def test_a_wild_winning_tile_can_complete_the_pair():
    (reading,) = read("123456m456p789s1z +5z", ("5z",))
    assert (reading.winning_in, reading.pair, reading.pair_wilds) == ("pair", (27, 27), 1)
    assert (reading.winning_is_wild, reading.wilds_used, reading.winning_tile) == (True, 1, 27)


def test_a_concealed_wild_fills_the_middle_of_a_chow():
    (reading,) = read("13m456p789s111z2z5z +2z", ("5z",))
    assert reading.sets[0] == SetInfo("chow", (0, 1, 2), concealed=True, claimed=False, wilds=1)
    assert (reading.winning_in, reading.winning_is_wild, reading.wilds_used) == ("pair", False, 1)


def test_three_wilds_are_read_at_their_own_face_or_as_any_set():
    found = read("123m456p789s11z 55z +5z", ("5z",))
    white_pung = (31, 31, 31)
    natural = [reading for reading in found if any(info.tiles == white_pung for info in reading.sets)]
    assert len(natural) == 1
    assert natural[0].wilds_used == 0
    assert natural[0].winning_in == "pung"
    assert not natural[0].winning_is_wild
    # A wild never "stands for" its own face: that is the natural reading above.
    assert not any(info.tiles == white_pung and info.wilds for reading in found for info in reading.sets)
    # Three wilds as a pung of 1m, or joining the East pair to make a pung with a wild pair.
    assert any(SetInfo("pung", (0, 0, 0), True, False, 3) in reading.sets for reading in found)
    assert any(
        SetInfo("pung", (27, 27, 27), True, False, 1) in reading.sets and reading.pair_wilds == 2 for reading in found
    )
    for reading in found:
        assert sum(info.wilds for info in reading.sets) + reading.pair_wilds == reading.wilds_used <= 3
        assert sum(reading.counts()) == 14


def test_a_tile_set_limits_what_a_wild_may_stand_for():
    assert len(read("[123m][777p] 456s 789p 1z +7z", winning_tile_is_wild=True)) == 1
    assert read("[123m][777p] 456s 789p 1z +7z", winning_tile_is_wild=True, tile_set=HARBIN_TILES) == []


# --- properties ---------------------------------------------------------------------------

FACTS: dict[str, Callable[[Reading], bool]] = {
    "all_pungs": lambda reading: reading.all_pungs,
    "has_terminal_or_honor": lambda reading: reading.some(is_terminal_or_honor),
    "every_group_has_terminal_or_honor": lambda reading: reading.every_group_has_terminal_or_honor,
    "all_terminals_or_honors": lambda reading: reading.every(is_terminal_or_honor),
    "all_terminals": lambda reading: reading.every(is_terminal),
    "pure_one_suit": lambda reading: reading.pure_one_suit,
    "mixed_one_suit": lambda reading: reading.mixed_one_suit,
    "all_258": lambda reading: reading.every(is_258),
    "pair_is_258": lambda reading: reading.pair_is_258,
}


@pytest.mark.parametrize(
    ("text", "suits", "true_properties"),
    [
        ("[123m][777p] 456s 11z 78p +9p", "mps", {"has_terminal_or_honor"}),
        ("123456789m 555m 1m +1m", "m", {"has_terminal_or_honor", "pure_one_suit"}),
        ("123456789m 11z 55m +5m", "m", {"has_terminal_or_honor", "mixed_one_suit"}),
        (
            "111m 999m 111p 999s 1s +1s",
            "mps",
            {
                "all_pungs",
                "has_terminal_or_honor",
                "every_group_has_terminal_or_honor",
                "all_terminals_or_honors",
                "all_terminals",
            },
        ),
        (
            "111m 999p 111z 777z 5z +5z",
            "mp",
            {"all_pungs", "has_terminal_or_honor", "every_group_has_terminal_or_honor", "all_terminals_or_honors"},
        ),
        ("123m 789p 111s 999s 1z +1z", "mps", {"has_terminal_or_honor", "every_group_has_terminal_or_honor"}),
        ("222m 555p 888s 222s 5m +5m", "mps", {"all_pungs", "all_258", "pair_is_258"}),
        ("234m 555p 888s 222s 5m +5m", "mps", {"pair_is_258"}),
        (
            "111z 222z 333z 555z 7z +7z",
            "",
            {"all_pungs", "has_terminal_or_honor", "every_group_has_terminal_or_honor", "all_terminals_or_honors"},
        ),
    ],
)
def test_reading_properties(text, suits, true_properties):
    found = read(text)
    assert found
    for reading in found:
        assert reading.suits == frozenset(suits)
        assert {name for name, fact in FACTS.items() if fact(reading)} == true_properties


def test_counts_follow_the_faces_the_tiles_stand_for():
    hand = parse_hand("[123m][777p] 456s 11z 78p +9p")
    (reading,) = readings(hand)
    assert reading.counts() == hand.counts()
    six_dots = next(r for r in read("[123m][777p] 456s 11z 78p +5z", winning_tile_is_wild=True) if r.winning_tile == 14)
    counts = six_dots.counts()
    assert (counts[tile_index("6p")], counts[tile_index("5z")], sum(counts)) == (1, 0, 14)


def test_pung_and_chow_counts():
    (reading,) = read("[123m][777p] 456s 11z 78p +9p")
    assert (reading.chow_count, reading.pung_count) == (3, 1)
    found = {(r.chow_count, r.pung_count) for r in read("111222333m 555p 5s +5s")}
    assert found == {(0, 4), (3, 1)}


# --- winning tiles ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wild_faces", "expected"),
    [
        ("[123m][777p] 456s 11z 78p +9p", (), ["6p", "9p"]),
        ("[777p][123m] 456s 11z 89p +1z", (), ["7p"]),
        # The only wait is 7p, and the kong holds all four.
        ("[7777p][123m] 456s 11z 89p +1z", (), []),
        ("1112345678999m +5m", (), ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
        # Not ready before the win (the hand is no win either): not even a wild completes it.
        ("[123m][777p] 456s 12z 78p +9p", ("5z",), []),
        # One wild short of the edge wait: the wild face itself is a winning tile.
        ("[123m][777p] 456s 11z 78p +9p", ("5z",), ["6p", "9p", "5z"]),
    ],
)
def test_winning_tiles_are_the_waits_before_the_win(text, wild_faces, expected):
    wilds = [tile_index(face) for face in wild_faces]
    assert winning_tiles(parse_hand(text), wilds) == [tile_index(face) for face in expected]


def test_with_two_wilds_in_hand_every_tile_completes_it():
    assert winning_tiles(parse_hand("123m456p789s11z 55z +5z"), [tile_index("5z")]) == list(range(34))


# --- properties: readings agree with the table-driven check --------------------------------

SET_SHAPES = [(tile,) * 3 for tile in range(34)] + [
    (start, start + 1, start + 2) for start in range(27) if start % 9 <= 6
]


@st.composite
def concealed_hands(draw: st.DrawFn) -> list[int]:
    """Fourteen concealed tiles: a generated win, often with one tile swapped."""
    sets = draw(st.lists(st.sampled_from(SET_SHAPES), min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    tiles = [tile for group in sets for tile in group] + [pair, pair]
    if draw(st.booleans()):
        tiles[draw(st.integers(0, 13))] = draw(st.integers(0, 33))
    assume(all(tiles.count(tile) <= 4 for tile in set(tiles)))
    return draw(st.permutations(tiles))


def hand_text(tiles: list[int]) -> str:
    return f"{faces(sorted(tiles[:-1]))} +{faces(tiles[-1:])}"


def assert_readings_are_sound(reading: Reading) -> None:
    for info in reading.sets:
        tiles = info.tiles
        if info.kind == "chow":
            assert tiles[0] < 27 and tiles[0] % 9 <= 6 and tiles == (tiles[0], tiles[0] + 1, tiles[0] + 2)
        else:
            assert len(set(tiles)) == 1
    assert reading.pair[0] == reading.pair[1]
    assert len(reading.sets) == 4


@settings(max_examples=examples(300), deadline=None)
@given(concealed_hands())
def test_a_hand_has_readings_exactly_when_it_is_a_standard_win(tiles):
    text = hand_text(tiles)
    found = readings(parse_hand(text))
    assert bool(found) is is_standard_win(faces(sorted(tiles)))
    for reading in found:
        assert_readings_are_sound(reading)
        assert reading.counts() == parse_hand(text).counts()
        assert reading.wilds_used == 0 and not reading.winning_is_wild


@settings(max_examples=examples(200), deadline=None)
@given(concealed_hands(), st.integers(0, 33))
def test_with_wild_faces_a_hand_has_readings_exactly_when_it_wins_with_those_wilds(tiles, wild):
    text = hand_text(tiles)
    found = readings(parse_hand(text), [wild])
    assert bool(found) is is_standard_win(faces(sorted(tiles)), (faces([wild]),))
    wild_copies = tiles.count(wild)
    for reading in found:
        assert_readings_are_sound(reading)
        assert reading.wilds_used <= wild_copies
        # Natural tiles stay where they are: only wild copies may turn into other faces.
        counts = reading.counts()
        assert all(counts[tile] >= tiles.count(tile) for tile in range(34) if tile != wild)


@settings(max_examples=examples(200), deadline=None)
@given(concealed_hands())
def test_a_drawn_wild_gives_readings_exactly_when_some_tile_in_its_place_wins(tiles):
    text = hand_text(tiles)
    found = readings(parse_hand(text), winning_tile_is_wild=True)
    rest = tiles[:-1]
    expected = any(
        naturally_complete([rest.count(tile) + (tile == stand_in) for tile in range(34)]) for stand_in in range(34)
    )
    assert bool(found) is expected
    for reading in found:
        assert_readings_are_sound(reading)
        assert reading.wilds_used == int(reading.winning_is_wild)


def test_a_drawn_wild_never_stands_for_a_fifth_copy_of_a_tile() -> None:
    # Three 8p in hand and one in the claimed chow: the wild can complete 67p as 5p, never as a fifth 8p.
    hand = parse_hand("[678p] 789p 67p 111m 88p +1m")

    stood_for = {tile_face(reading.winning_tile) for reading in drawn_wild_readings(hand)}

    assert "5p" in stood_for and "8p" not in stood_for
    assert "8p" in {tile_face(r.winning_tile) for r in readings(hand, winning_tile_is_wild=True)}
