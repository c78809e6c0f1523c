"""The tile notation of RULES §0.3 and its error messages."""

from __future__ import annotations

import pytest

from tablekeeper.rules.notation import Meld, NotationError, format_hand, parse_hand, parse_tiles
from tablekeeper.rules.tiles import tile_index


def tiles_of(text: str) -> tuple[int, ...]:
    """Indices of compact faces like "78p11z", for writing expectations by hand."""
    found: list[int] = []
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            found.extend(tile_index(digit + char) for digit in digits)
            digits = ""
    return tuple(found)


@pytest.mark.parametrize(
    ("text", "melds", "concealed", "winning"),
    [
        (
            "[123m][777p] 456s 11z 78p +9p",
            [("chow", "123m", True), ("pung", "777p", True)],
            "78p456s11z",
            "9p",
        ),
        (
            "[7777p](1111z)123m456s9m+9m",
            [("kong", "7777p", True), ("concealed_kong", "1111z", False)],
            "123m9m456s",
            "9m",
        ),
        (
            "[567z][1234z] 123m 456p 9s +9s",
            [("dragon_set", "567z", False), ("wind_set", "1234z", False)],
            "123m456p9s",
            "9s",
        ),
        # Any order inside the brackets; stored sorted. Parentheses may hold a special set too.
        (
            "[312m] (576z) (4321z) 99p 55s +5s",
            [("chow", "123m", True), ("dragon_set", "567z", False), ("wind_set", "1234z", False)],
            "99p55s",
            "5s",
        ),
        # Digits share the following letter; one suit may come in several runs; spaces anywhere.
        ("1m2m3m 4 5 6 p 789s 1 1 z 78p + 9p", [], "123m45678p789s11z", "9p"),
        ("1112223334445m+5m", [], "1112223334445m", "5m"),
    ],
)
def test_a_winning_hand_is_parsed_into_melds_concealed_tiles_and_the_winning_tile(text, melds, concealed, winning):
    hand = parse_hand(text)
    assert hand.melds == tuple(Meld(kind, tiles_of(tiles), claimed) for kind, tiles, claimed in melds)
    assert hand.concealed == tuple(sorted(tiles_of(concealed)))
    assert hand.winning_tile == tile_index(winning)


def test_the_counts_of_a_hand_include_melds_only_where_asked():
    hand = parse_hand("[123m][777p] 456s 11z 78p +9p")
    counts = hand.counts()
    assert counts[tile_index("7p")] == 4
    assert counts[tile_index("1m")] == 1
    assert counts[tile_index("1z")] == 2
    assert sum(counts) == 14
    concealed = hand.concealed_counts()
    assert concealed[tile_index("7p")] == 1
    assert concealed[tile_index("9p")] == 1
    assert concealed[tile_index("1m")] == 0
    assert sum(concealed) == 8


@pytest.mark.parametrize(
    ("text", "opened"),
    [
        ("[123m][777p] 456s 11z 78p +9p", True),
        ("[7777p]123m456s11z78s+9s", True),
        ("(1111z)123m456s11p78s+9s", False),
        ("[567z]123m456s11p78s+9s", False),
        ("123m456p789s11z78p+9p", False),
    ],
)
def test_only_claimed_melds_open_a_hand(text, opened):
    assert parse_hand(text).is_opened is opened


@pytest.mark.parametrize(
    "text",
    [
        "[123m][777p] 456s 11z 78p +9p",
        "[7777p](1111z)123m456s9m+9m",
        "[567z][1234z] 123m 456p 9s +9s",
        "1112223334445m+5m",
    ],
)
def test_formatting_a_parsed_hand_gives_notation_that_parses_back_to_it(text):
    hand = parse_hand(text)
    assert parse_hand(format_hand(hand)) == hand
    assert str(hand) == format_hand(hand)


def test_format_writes_the_canonical_form():
    assert format_hand(parse_hand("[312m] (6666p) 11z 456s 87p +9p")) == "[123m] (6666p) 78p456s11z +9p"


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("[123m]8z 456s+1m", 6, "'8z' is not a tile: honours go from 1z to 7z"),
        ("1z9z", 2, "'9z' is not a tile: honours go from 1z to 7z"),
        ("0m123p+1p", 0, "'0m' is not a tile: suits go from 1m to 9m"),
        ("123m[456p", 4, "unclosed bracket opened at 4"),
        ("[124m]123p+1p", 0, "a meld must be a chow, pung or kong"),
        ("[12m]", 0, "a meld must be a chow, pung or kong"),
        ("[11m]", 0, "a meld must be a chow, pung or kong"),
        ("[]", 0, "a meld must be a chow, pung or kong"),
        ("[891m]", 0, "a meld must be a chow, pung or kong"),
        ("[12m3p]", 0, "a meld must be a chow, pung or kong"),
        # 9m 1p 2p are neighbours as indices, not as tiles.
        ("[89m1p]", 0, "a meld must be a chow, pung or kong"),
        ("[77777p]", 0, "a meld must be a chow, pung or kong"),
        ("[123z]", 0, "a meld must be a chow, pung or kong; honours never form chows"),
        ("(777p)", 0, "parentheses hold a concealed kong: four of one tile"),
        ("(123m)", 0, "parentheses hold a concealed kong: four of one tile"),
        ("11111m", 4, "5 copies of 1m: there are only 4 of each tile"),
        ("[333m]33m+1m", 7, "5 copies of 3m: there are only 4 of each tile"),
        ("123m456p789s11z7p+89p", 17, "'+' must be followed by exactly one tile"),
        ("123m456p789s11z78p+", 18, "'+' must be followed by exactly one tile"),
        ("123m+9p 5m", 4, "'+' must be followed by exactly one tile"),
        ("123m+9p[123m]", 4, "'+' must be followed by exactly one tile"),
        ("123m+1m+2m", 7, "only one '+' is allowed; the first is at 4"),
        ("123m45", 4, "digits need a suit letter after them (m, p, s or z)"),
        ("12[3m]", 0, "digits need a suit letter after them (m, p, s or z)"),
        ("[12]3m", 1, "digits need a suit letter after them (m, p, s or z)"),
        ("12+3m", 0, "digits need a suit letter after them (m, p, s or z)"),
        ("m123m", 0, "suit letter 'm' has no digits before it"),
        ("123m+9pp", 7, "suit letter 'p' has no digits before it"),
        ("123x", 3, "'x' is not part of the notation: use digits, m p s z, brackets, spaces and '+'"),
        ("[123m)", 5, "'[' opened at 0 must be closed by ']'"),
        ("(1111m]", 6, "'(' opened at 0 must be closed by ')'"),
        ("123m]", 4, "']' closes no bracket"),
        ("[[123m]]", 1, "a bracket cannot open inside the bracket opened at 0"),
        ("[123m+]", 5, "'+' cannot stand inside the bracket opened at 0"),
    ],
)
def test_a_notation_error_names_the_character_and_says_why(text, position, reason):
    with pytest.raises(NotationError) as caught:
        parse_hand(text)
    error = caught.value
    assert (error.position, error.reason) == (position, reason)
    assert error.character == text[position]
    assert str(error) == error.message == f"character {position} ({text[position]!r}): {reason}"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("123m456p789s1z78p+9p", "a winning hand needs 14 tiles plus one per kong; this has 13"),
        ("123m456p789s11z789p+9p", "a winning hand needs 14 tiles plus one per kong; this has 15"),
        ("[7777p]123m456s11z7s+9s", "a winning hand needs 14 tiles plus one per kong; this has 14"),
        ("123m456p789s11z789p", "the winning tile is missing: end the hand with '+' and the tile, e.g. '+9p'"),
        ("", "the winning tile is missing: end the hand with '+' and the tile, e.g. '+9p'"),
    ],
)
def test_an_error_about_the_whole_hand_has_no_position(text, reason):
    with pytest.raises(NotationError) as caught:
        parse_hand(text)
    assert caught.value.position is None
    assert caught.value.character is None
    assert str(caught.value) == reason


def test_a_notation_error_is_a_value_error():
    with pytest.raises(ValueError, match="honours go from 1z to 7z"):
        parse_hand("8z")


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("123m", ["1m", "2m", "3m"]),
        ("31m 2m", ["3m", "1m", "2m"]),
        ("7z1p", ["7z", "1p"]),
        ("", []),
    ],
)
def test_plain_tiles_are_parsed_in_the_order_written(text, faces):
    assert parse_tiles(text) == [tile_index(face) for face in faces]


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("[123m]", 0, "'[' is not allowed here: give plain tiles, without melds or '+'"),
        ("123m+4m", 4, "'+' is not allowed here: give plain tiles, without melds or '+'"),
        ("12m)", 3, "')' is not allowed here: give plain tiles, without melds or '+'"),
        ("2222m2m", 5, "5 copies of 2m: there are only 4 of each tile"),
        ("8z", 0, "'8z' is not a tile: honours go from 1z to 7z"),
    ],
)
def test_plain_tiles_refuse_melds_and_bad_tiles(text, position, reason):
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert (caught.value.position, caught.value.reason) == (position, reason)
