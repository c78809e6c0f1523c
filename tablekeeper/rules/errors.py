"""Stable error codes for records the engine cannot score.

The engine never lets bad input escape as an exception: `settle` and `replay` catch
`Rejected` and report its problems as plain data. The codes are part of the public
interface (the web app maps them to form fields), so never rename one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from .answers import ProblemEntry

# Shape of the record or its values.
UNKNOWN_VARIANT = "unknown_variant"
UNKNOWN_FIELD = "unknown_field"
MISSING_FIELD = "missing_field"
INVALID_TYPE = "invalid_type"
INVALID_VALUE = "invalid_value"
SEAT_OUT_OF_RANGE = "seat_out_of_range"
INVALID_STATE = "invalid_state"
UNKNOWN_OPTION = "unknown_option"
INVALID_OPTION = "invalid_option"
# A count the keeper entered (the record's `counts`) above its maximum at this table's house rules.
COUNT_ABOVE_MAXIMUM = "count_above_maximum"

# Who won, how, and from whom.
NO_WINNER = "no_winner"
WINS_WITHOUT_WIN = "wins_without_win"
DUPLICATE_WINNER = "duplicate_winner"
MULTIPLE_WINNERS_NOT_ALLOWED = "multiple_winners_not_allowed"
WINNERS_DISAGREE = "winners_disagree"
METHOD_NOT_ALLOWED = "method_not_allowed"
MISSING_FROM = "missing_from"
SELF_FROM = "self_from"
FROM_NOT_ALLOWED = "from_not_allowed"

# Patterns.
UNKNOWN_PATTERN = "unknown_pattern"
PATTERN_REPEATED = "pattern_repeated"
PATTERNS_EXCLUSIVE = "patterns_exclusive"
PATTERN_METHOD_CONFLICT = "pattern_method_conflict"
PATTERN_NOT_ALLOWED = "pattern_not_allowed"
PATTERN_CONTRADICTS_TILES = "pattern_contradicts_tiles"

# Facts that this variant has no use for, or that contradict each other (each contradiction also
# carries its own stable id, `Problem.contradiction`).
FACT_NOT_IN_VARIANT = "fact_not_in_variant"
PENALTY_NOT_ALLOWED = "penalty_not_allowed"
ADJUSTMENT_NOT_ZERO_SUM = "adjustment_not_zero_sum"
CONTRADICTORY_FACTS = "contradictory_facts"

# Tiles (§0.3).
TILES_NOTATION = "tiles_notation"
TILES_NOT_IN_SET = "tiles_not_in_set"
TILES_COUNT = "tiles_count"
TILES_NOT_A_WIN = "tiles_not_a_win"
WIN_REQUIREMENT = "win_requirement"


# Contradictions (RULES §0.8): records whose facts no real hand can produce. Each one is reported as
# `contradictory_facts` with its own id here, which never changes meaning either; the value names the
# two facts that cannot both be true. Most are checked for every variant by the shared consistency
# layer (`variants/common/consistency.py`), the rest by the variant whose rules make them impossible.
CONTRADICTIONS: dict[str, str] = {
    # Every variant where the facts can arise (variants/common/).
    "closed_with_claimed_kong": "a seat marked closed | an exposed or added kong of that seat",
    "closed_with_claimed_meld": "a winner marked closed | a claimed (bracketed) meld in their tiles",
    "closed_kong_robbed": "a seat marked closed | a win by robbing that seat's kong, which sat on a claimed pung",
    "robbed_kong_not_added": "a win by robbing a kong | the robbed seat's kong of that tile listed as exposed or "
    "concealed",
    "robbed_tile_in_hand": "a win by robbing a kong | another copy of the robbed tile in the winner's tiles",
    "kongs_disagree_with_tiles": "the winner's kongs in the record | the kongs in the winner's tiles",
    "pairs_counted_from_kong": "four of a tile counted as two pairs in the winner's tiles | a kong of that tile "
    "declared by the winner",
    "kong_item_without_kong": "an item that needs the winner's own kong (kong bloom) | kongs listed, none of "
    "them a kong of the winner's that draws a replacement tile",
    "item_without_discarder_kong": "an item that needs the discarder's own kong (kong discard, flowing tears) | "
    "kongs listed, none of them the discarder's",
    "kong_on_kongless_hand": "a hand that holds no kong (seven pairs, heavenly or earthly hand) | a kong of its winner",
    "kong_item_on_kongless_hand": "an item that needs the winner's own kong (kong bloom) | a pattern of a hand "
    "that holds no kong (seven pairs)",
    "pattern_denied_by_kong": "a whole-hand pattern (one suit, terminals, all generals) | a kong of the winner "
    "whose tile the pattern forbids",
    "more_kongs_than_sets": "a seat's kongs | the four sets a hand holds",
    "more_copies_than_exist": "the kongs and the winners' tiles | the four copies of each tile",
    "special_set_tile": "a dragon or wind set | a tile that is not one of its faces",
    "flowers_beyond_set": "the flowers of the winners | the eight flowers of the set",
    "liable_without_win": "a liable player (承包) | a hand nobody won",
    "liable_is_winner": "a liable player (承包) | the winner",
    # One variant's rules.
    "added_kong_on_dragon": "an added kong | a dragon tile, which is never punged from a discard (Dalian)",
    "treasure_without_ready": "a treasure face | no seat declared ready (Dalian)",
    "four_in_hand_beyond_kongs": "four in hand counted several times | the winner's kongs, which leave too few "
    "tiles (Dalian, Shenyang)",
    "four_in_hand_without_chow": "four in hand | an all-pungs hand with no first-turn set to hold the fourth copy "
    "(Shenyang)",
    "robbed_kong_listed": "a win by robbing a kong | that added kong listed among the hand's kongs, though a "
    "robbed kong never completes (Dalian with kong_payments=club, Zhengzhou)",
    "false_win_not_void": "a false win (诈胡) | a hand that was not marked void (Shenyang)",
    "more_dragon_triplets_than_dragons": "dragon pungs ticked | dragon kongs listed: three dragons in all (Shenyang)",
    "fourth_kong_not_won": "four kongs in a won hand | a win that is neither a kong bloom nor a robbed kong (Shandong)",
    "liable_for_several_winners": "a liable player | several winners (Shandong)",
    "flower_bloom_without_flower": "a flower bloom (花呲) | a winner with no flowers (Shandong, flower_bloom)",
    "all_flowers_without_eight": "all eight flowers (花胡) | a winner with fewer than eight flowers (Shandong, "
    "flower_win)",
    "liable_winner_closed": "a liable player | a winner marked closed, who was fed no meld (Shandong)",
    "liable_without_fed_melds": "a liable player | a winning hand with neither three claimed melds nor a kong "
    "bloom on a claimed kong (Shandong)",
    "first_turn_hand_after_ready": "a heavenly or earthly hand | a ready declaration before it (Shandong)",
    "first_turn_hand_after_kong": "a heavenly or earthly hand | a kong declared before it (Shandong)",
    "heavenly_hand_not_dealer": "a heavenly hand | a winner who is not the dealer (Shandong)",
    "earthly_hand_by_dealer": "an earthly hand | a winner who is the dealer (Shandong)",
    "kong_of_the_wild": "a kong | the wild tile (混), which never sits in a kong (Zhengzhou)",
    "four_wilds_as_two_pairs": "four wilds | seven pairs, which must be seven different pairs at face value "
    "(Zhengzhou)",
    "wild_not_after_turned_up": "the tile turned up | a wild that is not the face after it in the variant's order "
    "(a variant whose wild follows a turned-up tile: Wilds.succession)",
}


# What kind of refusal a problem is, as data (`Problem.kind`): the tiles are no legal win (or what they
# show contradicts the record), facts of the record contradict each other, or a value is not one the
# record, the options or this variant may have.
# (Not upper-case strings: every such constant of this module is an error code.)
RefusalKind = Literal["tiles", "contradiction", "value"]
REFUSAL_KINDS: tuple[RefusalKind, ...] = ("tiles", "contradiction", "value")
_TILE_CODES = frozenset({TILES_NOTATION, TILES_NOT_IN_SET, TILES_COUNT, TILES_NOT_A_WIN})

# Win requirements (RULES §1-§5): what a hand must hold or be to win at all. Each `win_requirement`
# problem says which one it failed (`Problem.requirement`, a stable id here) and its specifics
# (`Problem.params`, e.g. the suits missing), so the app can say it in the keeper's language.
REQUIREMENTS: dict[str, str] = {
    "three_suits": "tiles (or sets) of all three suits; params: missing (of m, p, s) (Dalian R1, Shenyang)",
    "two_suits": "tiles of at least two suits; params: present (of m, p, s) (Harbin)",
    "triplet": "a pung or kong (Dalian R2, Harbin)",
    "terminal_or_honour": "a 1, 9 or honour tile (Dalian R3, Shenyang)",
    "terminal_or_red_dragon": "a 1 or 9, or the Red Dragon (Harbin)",
    "opened": "a chow, pung or kong claimed from a discard: an open hand (Dalian R4, Harbin, Shenyang)",
    "set_aside_limit": "at most three sets set aside, four tiles left in hand: no 手把一 (Dalian R5, Harbin)",
    "chow": "a chow (Harbin; Dalian with allow_float_hand off, R7)",
    "triplet_or_dragon_pair": "a pung or kong, or a pair of dragons (Shenyang)",
    "fourth_claim_all_pungs": "a fourth claimed set only in an all-pungs hand (Shenyang)",
    "no_claimed_dragon_pung": "no pung claimed from a discarded dragon (Dalian)",
    "declared_ready": "a declared ready before the win (house rule must_declare_ready: Dalian, Shandong)",
    "pair_258": "a pair of 2s, 5s or 8s, unless the hand is exempt (Shandong)",
    "no_special_sets": "no dragon or wind set: honours only form pungs and kongs (Shandong, Zhengzhou)",
    "no_chow_claim": "no chow claimed (house rule allow_chow off: Zhengzhou)",
    "wild_not_in_set": "no wild in a set aside or a kong (Zhengzhou)",
    "wild_not_claimed": "no win on a discarded wild (Zhengzhou)",
}


class Unmet(NamedTuple):
    """A win requirement a hand fails: its id (`REQUIREMENTS`), the English words, and the specifics."""

    requirement: str
    words: str
    params: tuple[tuple[str, str], ...] = ()


def unmet(requirement: str, words: str, **params: str) -> Unmet:
    if requirement not in REQUIREMENTS:
        raise ValueError(f"unknown win requirement {requirement!r}: list it in REQUIREMENTS")
    return Unmet(requirement, words, tuple(sorted(params.items())))


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a record was rejected: a stable code, the field at fault, and words for a player.

    A record whose facts contradict each other (RULES §0.8) is `contradictory_facts`, and says
    which contradiction it is (`contradiction`, a stable id listed in
    `variants/common/contradictions.py` and the engine's README) and the fields of both facts
    (`facts`); `field` is the one of them the scorekeeper most likely has to change.
    """

    code: str
    field: str | None
    message: str
    contradiction: str | None = None
    facts: tuple[str, ...] = ()
    requirement: str | None = None
    params: tuple[tuple[str, str], ...] = ()
    # One of REFUSAL_KINDS; unset, it follows from the code (the flow sets "tiles" on whatever the
    # reading of a win's tiles refused).
    kind: RefusalKind | None = None

    def of_kind(self, kind: RefusalKind) -> Problem:
        return Problem(
            self.code, self.field, self.message, self.contradiction, self.facts, self.requirement, self.params, kind
        )

    @property
    def refusal_kind(self) -> RefusalKind:
        if self.kind is not None:
            return self.kind
        if self.code in _TILE_CODES:
            return "tiles"
        return "contradiction" if self.code == CONTRADICTORY_FACTS else "value"

    def as_dict(self) -> ProblemEntry:
        found: ProblemEntry = {
            "code": self.code,
            "field": self.field,
            "message": self.message,
            "kind": self.refusal_kind,
        }
        if self.contradiction is not None:
            found["contradiction"] = self.contradiction
            found["facts"] = list(self.facts)
        if self.requirement is not None:
            found["requirement"] = self.requirement
            found["params"] = dict(self.params)
        return found


class Rejected(Exception):
    """Raised inside the engine when a record cannot be scored; never escapes `settle`/`replay`."""

    def __init__(self, problems: list[Problem] | Problem) -> None:
        self.problems = problems if isinstance(problems, list) else [problems]
        super().__init__("; ".join(p.message for p in self.problems))


def reject(code: str, field: str | None, message: str) -> Rejected:
    """Build a `Rejected` for one problem, for `raise reject(...)`."""
    return Rejected(Problem(code, field, message))


def requirement(failed: Unmet, field: str) -> Problem:
    """A `win_requirement` problem at `field` for the requirement the hand failed."""
    return Problem(WIN_REQUIREMENT, field, failed.words, requirement=failed.requirement, params=failed.params)


def contradiction(kind: str, field: str, message: str, *facts: str) -> Problem:
    """A `contradictory_facts` problem of the contradiction `kind`, at `field`, naming the fields of both facts."""
    if kind not in CONTRADICTIONS:
        raise ValueError(f"unknown contradiction {kind!r}: list it in CONTRADICTIONS")
    return Problem(CONTRADICTORY_FACTS, field, message, kind, facts or (field,))
