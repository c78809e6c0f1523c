"""What the contradiction checks must not refuse, how refusals explain treasures and wilds, and the invariant
that a refused record moves nothing (RULES §0.8).

Each accepted record sits next to a contradiction of test_contradictions.py but is a hand a real table can
produce (or a house rule makes possible); its figures are worked by hand in the comment beside it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant, settle, variant_ids
from tablekeeper.rules.errors import CONTRADICTIONS
from tests.hypothesis_profiles import examples

from .contradiction_helpers import OPEN_HANDS, seats
from .helpers import closed, discard, kong, ok, robbed, self_draw, won

P0_DEALS = {"dealer": 0}

NEAR_MISSES: list[tuple[str, str, dict[str, Any], dict[str, Any] | None, dict[str, Any] | None, list[int]]] = [
    # 喜杠 played as an exposed dragon kong does not open the hand (xi_gang_mode); P1 on P2's discard: 1 × 4.
    (
        "dalian: a closed seat's exposed dragon kong is its 喜杠 under xi_gang_mode=dragon_kong",
        "dalian",
        won(discard(1, 2), seats=closed(3), kongs=[kong(3, "exposed", "7z", 1)]),
        None,
        {"xi_gang_mode": "dragon_kong"},
        [0, 4, -4, 0],
    ),
    # Kongs are optional facts: a bloom with no kongs listed stands. Self-draw 2 × bloom 2 = 4 each.
    (
        "dalian: kong bloom with no kongs listed",
        "dalian",
        won(self_draw(1, "kong_bloom")),
        None,
        None,
        [-4, 12, -4, -4],
    ),
    # Base 2 × bloom 2 = 4, the dealer P0 pays ×2.
    (
        "shenyang: kong bloom with no kongs listed",
        "shenyang",
        won(self_draw(1, "kong_bloom")),
        P0_DEALS,
        None,
        [-8, 16, -4, -4],
    ),
    # (5 + bloom 1) × self-draw 2 = 12 each.
    (
        "shandong: kong bloom with no kongs listed",
        "shandong",
        won(self_draw(1, "kong_bloom")),
        None,
        None,
        [-12, 36, -12, -12],
    ),
    # 10 × 2 each.
    (
        "zhengzhou: win after kong with no kongs listed",
        "zhengzhou",
        won(self_draw(1, "kong_bloom")),
        None,
        None,
        [-20, 60, -20, -20],
    ),
    # The winner's own kong is among others' kongs: 1 × 2 × 2 = 4 each.
    (
        "dalian: kong bloom with the winner's kong among others'",
        "dalian",
        won(self_draw(1, "kong_bloom"), kongs=[kong(2, "concealed", "6m"), kong(1, "concealed", "5m")]),
        None,
        None,
        [-4, 12, -4, -4],
    ),
    # Ron 2 × kong discard 2 × base 2 = 8 from P2, whose kong it followed.
    (
        "shenyang: kong discard after the discarder's listed kong",
        "shenyang",
        won(discard(1, 2, "kong_discard"), kongs=[kong(2, "concealed")]),
        None,
        None,
        [0, 8, -8, 0],
    ),
    # The robbed 8s is the fourth copy of P2's added kong: 3 + 1 copies. 1 × discard 4 × robbing 2 × edge 2 = 16.
    (
        "dalian: robbing a listed added kong whose fourth tile is the winning tile",
        "dalian",
        won(robbed(1, 2, tiles=OPEN_HANDS["dalian"]), kongs=[kong(2, "added", "8s", 0)]),
        None,
        None,
        [0, 16, -16, 0],
    ),
    # Two winners share P3's discarded 8s: one copy, not two. 5 from P3 to each.
    (
        "shandong: two winners' tiles share the one discarded tile",
        "shandong",
        won(
            discard(0, 3, tiles="[123m][999p]456s55p79s+8s"),
            discard(1, 3, tiles="[789m][111p]456p55s67s+8s"),
        ),
        None,
        None,
        [5, 5, 0, -10],
    ),
    # Wilds that complete pairs let four wilds be two pairs: 10 × 2 × 2 = 40 each.
    (
        "zhengzhou: four wilds and seven pairs where wilds complete pairs",
        "zhengzhou",
        won(self_draw(1, "four_wilds", "seven_pairs")),
        None,
        {"seven_pairs_wild_mode": "wilds_complete_pairs"},
        [-40, 120, -40, -40],
    ),
    # P3 fed three melds and then dealt in: liable and discarder at once, 5 from P3.
    (
        "shandong: the liable player is the discarder",
        "shandong",
        won(discard(1, 3), liable=3),
        None,
        None,
        [0, 5, 0, -5],
    ),
    # Three claimed melds fed by P2: P2 pays the discarder's 5.
    (
        "shandong: a liable player with three claimed melds in the tiles",
        "shandong",
        won(discard(1, 3, tiles="[123m][999p][456s]55p79s+8s"), liable=2),
        None,
        None,
        [0, 5, -5, 0],
    ),
    # A kong bloom on a claimed kong: (5 + kong 1 + bloom 1) × 2 = 14, all three shares from the liable P0.
    (
        "shandong: a liable player for a kong bloom on a claimed kong",
        "shandong",
        won(
            self_draw(1, "kong_bloom", tiles="[123m][9999p]456s55p79s+8s"),
            kongs=[kong(1, "exposed", "9p", 2)],
            liable=0,
        ),
        None,
        None,
        [-42, 42, 0, 0],
    ),
    # The dealer may declare An Lou on the first discard, before P1's first draw: 5 × 2 × 6 = 60 each.
    (
        "shandong: an earthly hand after the dealer's An Lou",
        "shandong",
        won(self_draw(1, "earthly_hand"), seats=seats(p0={"ready": "an"})),
        P0_DEALS,
        None,
        [-60, 180, -60, -60],
    ),
    # A concealed kong is no call.
    (
        "shandong: an earthly hand after the dealer's concealed kong",
        "shandong",
        won(self_draw(1, "earthly_hand"), kongs=[kong(0, "concealed", "5m")]),
        P0_DEALS,
        None,
        [-60, 180, -60, -60],
    ),
    # Other players' kongs do not touch the winner's pairs: (5 + 2) × 2 × 2 = 28 each.
    (
        "shandong: seven pairs beside another player's kong",
        "shandong",
        won(self_draw(1, "seven_pairs"), kongs=[kong(2, "exposed", "5m", 0)]),
        None,
        None,
        [-28, 84, -28, -28],
    ),
    # Eight flowers in all: (5 + 4) from P3 to each.
    (
        "shandong: two winners with eight flowers between them",
        "shandong",
        won(discard(0, 3, flowers=4), discard(1, 3, flowers=4)),
        None,
        None,
        [9, 9, 0, -18],
    ),
    # (5 + concealed 3 + exposed 1 + flush 2) × (self-draw 2 × flush 5) = 110 each.
    (
        "shandong: pure one suit with two kongs of that suit",
        "shandong",
        won(self_draw(1, "pure_one_suit"), kongs=[kong(1, "concealed", "3m"), kong(1, "exposed", "7m", 0)]),
        None,
        None,
        [-110, 330, -110, -110],
    ),
    # (5 + 3 + 1) × (2 × mixed 2) = 36 each.
    (
        "shandong: mixed one suit with a kong of the suit and one of Red",
        "shandong",
        won(self_draw(1, "mixed_one_suit"), kongs=[kong(1, "concealed", "3m"), kong(1, "exposed", "7z", 0)]),
        None,
        None,
        [-36, 108, -36, -36],
    ),
    # Two kongs leave 8 other tiles: room for two four-of-a-kinds. 1 × 2 × 2 × 2 = 8 each.
    (
        "dalian: four in hand twice beside two kongs",
        "dalian",
        won(
            self_draw(1, "four_in_hand", "four_in_hand"),
            kongs=[kong(1, "exposed", "2m", 0), kong(1, "concealed", "3m")],
        ),
        None,
        None,
        [-8, 24, -8, -8],
    ),
    # One pung of the dragon nobody kong'd: 2 × ron 2 × dragon pung 2 = 8 from P2.
    (
        "shenyang: one dragon pung beside two other players' dragon kongs",
        "shenyang",
        won(discard(1, 2, "dragon_pung"), kongs=[kong(3, "exposed", "5z", 0), kong(0, "concealed", "6z")]),
        None,
        None,
        [0, 8, -8, 0],
    ),
    # The wild completes 23m as the fourth 1m (three are shown), never as a fifth 4m (four are in the kong);
    # the concealed kong pays 10 from each.
    (
        "zhengzhou: a wild standing for the fourth copy of a tile",
        "zhengzhou",
        won(self_draw(1, tiles="[111m](4444m)23m456p99s+5s"), treasure="5s", kongs=[kong(1, "concealed", "4m")]),
        None,
        None,
        [-20, 60, -20, -20],
    ),
    # RULES §0.8, §5.3: a wild is not a copy of the tile it stands for, so the wild 5s may stand for a 1m with all
    # four 1m already in the hand: it pairs the lone 1m beside [111m]. 10 from each.
    (
        "zhengzhou: a wild standing for a tile whose four copies are all in the hand",
        "zhengzhou",
        won(self_draw(1, tiles="[111m]1m456p789p234s+5s"), treasure="5s"),
        None,
        None,
        [-10, 30, -10, -10],
    ),
    # A concealed kong does not open a hand: the closed P2 pays the self-draw 2 × closed 2.
    (
        "harbin: a closed player with a concealed kong pays the closed ×2",
        "harbin",
        won(self_draw(1), seats=closed(2), kongs=[kong(2, "concealed", "3p")]),
        None,
        {"closed_double": True},
        [-2, 8, -4, -2],
    ),
]


@pytest.mark.parametrize(
    ("variant", "hand", "state", "options", "deltas"), [c[1:] for c in NEAR_MISSES], ids=[c[0] for c in NEAR_MISSES]
)
def test_it_accepts_a_hand_a_real_table_can_produce_next_to_each_contradiction(
    variant: str, hand: dict[str, Any], state: dict[str, Any] | None, options: dict[str, Any] | None, deltas: list[int]
) -> None:
    assert ok(settle(variant, hand, state, options))["deltas"] == deltas


# -- why a treasure was not wild, and which wild rule failed ----------------------------------------------------

HARBIN_FIND_HAND = "[234m][456p]345s999s8s+7s"  # the 7s wins only as a wild 8s: 345s 789s 99s has no pung


@pytest.mark.parametrize(
    ("variant", "hand", "options", "words"),
    [
        (
            "harbin",
            won(discard(1, 2, tiles=HARBIN_FIND_HAND), treasure="7s"),
            None,
            "The treasure 7s would complete this hand as a wild, but the treasure 7s is wild only when self-drawn "
            "(house rule treasure_wild_on_discard); P1 won on P2's discard.",
        ),
        (
            "dalian",
            won(self_draw(1, tiles="[234m][456p]345s999s8s+7s"), treasure="7s", seats=seats(p2={"ready": "ready"})),
            None,
            "the treasure 7s is wild only for a player who declared ready (报听); P1 did not.",
        ),
        (
            "dalian",
            won(robbed(1, 2, tiles="[234m][456p]345s999s8s+7s"), treasure="7s", seats=seats(p1={"ready": "ready"})),
            None,
            "is wild only when self-drawn (house rule treasure_wild_on_discard); P1 won by robbing P2's kong.",
        ),
        (
            "zhengzhou",
            won(self_draw(1, tiles="[555s]123m456p78s99m+9s"), treasure="5s"),
            None,
            "cannot hold the wild 5s in the set aside [555s]: a wild (混) never sits in a pung or kong.",
        ),
        (
            "zhengzhou",
            won(self_draw(1, tiles="[456s]123m456p789m9s+9s"), treasure="5s"),
            {"allow_chow": True},
            "[456s]: a set claimed from a discard holds no wild (混): a discarded wild cannot be claimed.",
        ),
        (
            "zhengzhou",
            won(self_draw(1, tiles="123m456p789s55z7z9m+9m"), treasure="9m"),
            None,
            "only with the wild 9m standing in a pung, and a wild (混) never sits in a pung or kong",
        ),
        (
            "zhengzhou",
            won(self_draw(1, tiles="1111m22m33p44p55s6s+6s")),
            None,
            "seven pairs must be seven different pairs, and four 1m are not two pairs",
        ),
        (
            "zhengzhou",
            won(self_draw(1, tiles="11m22m33p44p55s66s9m+7s"), treasure="9m"),
            None,
            "seven pairs only with the wild 9m completing a pair, and in seven pairs a wild counts only at its own "
            "face (house rule seven_pairs_wild_mode)",
        ),
    ],
    ids=[
        "harbin: a discarded treasure",
        "dalian: a treasure drawn by a player who is not ready",
        "dalian: a treasure robbed from a kong",
        "zhengzhou: the wild in a claimed pung",
        "zhengzhou: the wild in a claimed chow",
        "zhengzhou: a hand that needs the wild in a pung",
        "zhengzhou: four of a kind as two pairs",
        "zhengzhou: a wild completing a pair of seven pairs at face value",
    ],
)
def test_a_refused_win_says_which_treasure_or_wild_rule_failed(
    variant: str, hand: dict[str, Any], options: dict[str, Any] | None, words: str
) -> None:
    result = settle(variant, hand, None, options)

    assert not result["ok"]
    assert any(words in error["message"] for error in result["errors"]), result["errors"]


@pytest.mark.parametrize(
    ("variant", "hand"),
    [
        # The 9m completes only a pair, wild or not: no pung either way (R2 / §3.4).
        (
            "dalian",
            won(discard(1, 2, tiles="[123m][456p]345s567s9m+9m"), treasure="9m", seats=seats(p1={"ready": "ready"})),
        ),
        ("harbin", won(discard(1, 2, tiles="[123m][456p]345s567s9m+9m"), treasure="9m")),
        # The treasure was wild (a ready player's self-draw), and the hand still lacks dots.
        (
            "dalian",
            won(self_draw(1, tiles="[234m][456m]345s999s8s+7s"), treasure="7s", seats=seats(p1={"ready": "ready"})),
        ),
    ],
    ids=["dalian: no wild reading wins either", "harbin: no wild reading wins either", "dalian: the treasure was wild"],
)
def test_a_treasure_that_would_not_have_saved_the_hand_is_not_blamed(variant: str, hand: dict[str, Any]) -> None:
    result = settle(variant, hand)

    assert not result["ok"]
    assert not any("would complete this hand as a wild" in error["message"] for error in result["errors"])


# -- a refused record moves nothing, and names its contradiction as data ------------------------------------------

KINDS = ("exposed", "added", "concealed", "dragon_set", "wind_set")
FACES = ("5m", "9m", "8s", "5z", "7z", None)


@st.composite
def tangled_records(draw: st.DrawFn, variant: str) -> dict[str, Any]:
    """Records mixing the facts that can contradict each other: closed seats, kongs, kong items, seven pairs, liable."""
    described = get_variant(variant)
    patterns = [p["id"] for p in described["patterns"]]
    winner = draw(st.integers(0, 3))
    method = draw(st.sampled_from(described["methods"]))
    win: dict[str, Any] = {
        "seat": winner,
        "method": method,
        "patterns": draw(st.lists(st.sampled_from(patterns), max_size=3, unique=True)),
    }
    if method != "self_draw":
        win["from"] = draw(st.sampled_from([seat for seat in range(4) if seat != winner]))
    if draw(st.booleans()):
        win["tiles"] = OPEN_HANDS.get(variant, OPEN_HANDS["dalian"])
    kongs: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        seat = draw(st.integers(0, 3))
        kind = draw(st.sampled_from([k for k in KINDS if k in described["kong_kinds"]]))
        entry = kong(seat, kind, draw(st.sampled_from(FACES)) if kind in ("exposed", "added", "concealed") else None)
        if kind in ("exposed", "added"):
            entry["from"] = (seat + draw(st.integers(1, 3))) % 4
        kongs.append(entry)
    record: dict[str, Any] = {
        "result": "win",
        "wins": [win],
        "seats": [{"opened": draw(st.booleans())} for _ in range(4)],
        "kongs": kongs,
    }
    if described["uses_liable"] and draw(st.booleans()):
        record["liable"] = draw(st.integers(0, 3))
    return record


@settings(max_examples=examples(150), deadline=None)
@given(
    st.sampled_from(variant_ids()).flatmap(lambda variant: st.tuples(st.just(variant), tangled_records(variant))),
    st.integers(0, 3),
)
def test_a_refused_record_moves_nothing_and_names_each_contradiction(
    generated: tuple[str, dict[str, Any]], dealer: int
) -> None:
    variant, record = generated
    state = {
        "dealer": dealer,
        "dealer_streak": 1,
        "draw_streak": 0,
        "pending_doubles": 0,
        "pot": 0,
        "previous": None,
        "hand": 7,
    }

    result = settle(variant, record, state)

    if result["ok"]:
        assert sum(result["deltas"]) + result["pot_delta"] == 0
        return
    assert result["deltas"] == [0, 0, 0, 0] and result["pot_delta"] == 0 and result["lines"] == []
    assert result["state"] == state
    option_keys = {option["key"] for option in get_variant(variant)["options"]}
    for error in result["errors"]:
        if error["code"] == "contradictory_facts":
            assert error["contradiction"] in CONTRADICTIONS
            assert error["field"] in error["facts"]
        if "contradiction" in error:
            # Words for a player, not internal ids: the only snake_case words are house-rule names.
            assert set(re.findall(r"[a-z]+(?:_[a-z0-9]+)+", error["message"])) <= option_keys, error["message"]
