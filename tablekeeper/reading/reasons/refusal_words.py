"""Why the engine refused a hand, in words a keeper understands: one sentence for each error code
and the two facts of each contradiction (`rules/errors.py`), marked for the message catalogue.

The engine's own English stays as it is (it names tiles and details no fixed sentence can); these
sentences are what a Chinese keeper reads first. tests/reading/test_refusals.py checks that every code
and every contradiction the engine has is here, in both languages.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tablekeeper.rules import errors as E

# One plain sentence for each error code.
HEADLINES: dict[str, Promise] = {
    E.UNKNOWN_VARIANT: _("The app does not know this game type."),
    E.UNKNOWN_FIELD: _("The hand has an entry the rules do not know."),
    E.MISSING_FIELD: _("Something the hand needs is missing."),
    E.INVALID_TYPE: _("An entry is not the kind of value it should be."),
    E.INVALID_VALUE: _("An entry has a value the rules do not allow."),
    E.SEAT_OUT_OF_RANGE: _("A seat must be one of the four players."),
    E.INVALID_STATE: _("The table's running state (dealer, streaks, pot) is broken."),
    E.UNKNOWN_OPTION: _("This game type has no such house rule."),
    E.INVALID_OPTION: _("A house rule is set to a value it cannot take."),
    E.COUNT_ABOVE_MAXIMUM: _("A count entered is more than this table's house rules allow."),
    E.NO_WINNER: _("A won hand needs a winner: tap who won."),
    E.WINS_WITHOUT_WIN: _("Only a won hand has winners."),
    E.DUPLICATE_WINNER: _("The same player is entered as a winner twice."),
    E.MULTIPLE_WINNERS_NOT_ALLOWED: _("These rules allow only one winner in a hand."),
    E.WINNERS_DISAGREE: _("Several winners must all win on the same discard."),
    E.METHOD_NOT_ALLOWED: _("These rules do not allow winning this way."),
    E.MISSING_FROM: _("Tap whose discard the win was on."),
    E.SELF_FROM: _("Nobody can win on their own discard."),
    E.FROM_NOT_ALLOWED: _("A self-drawn win has no discarder."),
    E.UNKNOWN_PATTERN: _("This game type has no such pattern."),
    E.PATTERN_REPEATED: _("A pattern is counted more times than it can be."),
    E.PATTERNS_EXCLUSIVE: _("Two of the patterns ticked cannot go together."),
    E.PATTERN_METHOD_CONFLICT: _("A pattern ticked does not fit how the hand was won."),
    E.PATTERN_NOT_ALLOWED: _("A pattern ticked is not scored under these rules or house rules."),
    E.PATTERN_CONTRADICTS_TILES: _("A pattern ticked does not match the tiles entered."),
    E.FACT_NOT_IN_VARIANT: _("This game type has no such thing."),
    E.PENALTY_NOT_ALLOWED: _("These rules have no such penalty."),
    E.ADJUSTMENT_NOT_ZERO_SUM: _("An adjustment must add up to zero."),
    E.CONTRADICTORY_FACTS: _("Two things entered cannot both be true."),
    E.TILES_NOTATION: _("The tiles cannot be read as a hand: check the tiles entered and how many there are."),
    E.TILES_NOT_IN_SET: _("A tile entered is not in this game's set."),
    E.TILES_COUNT: _("The winning tiles are the wrong number of tiles."),
    E.TILES_NOT_A_WIN: _("These tiles are not a winning hand."),
    E.WIN_REQUIREMENT: _("The hand does not meet what these rules need for a win."),
}

# A code whose headline is about the win, said of a kong instead when its `field` is a kong's:
# a 补杠 missing whose pung it was is no "whose discard did the winner win on".
KONG_HEADLINES: dict[str, Promise] = {
    E.MISSING_FROM: _("Tap whose discard this kong's tile was claimed from (for an added kong: the pung's)."),
    E.SELF_FROM: _("A kong's tile cannot be claimed from its own player's discard."),
}

# A pattern this table counts only after a ready declaration (Dalian's treasures; 夹胡 at 大连·俱乐部), ticked on a
# winner who did not declare ready: what is missing, named, not "not scored".
PATTERN_NEEDS_READY = _("It counts only after a ready declaration (报听): tap 报听 under More if there was one.")
# Two ticked patterns that exclude each other, both named.
PATTERNS_EXCLUSIVE_NAMED = _("%(one)s and %(other)s cannot both count.")
# A win on a discard or a robbed kong by a player who declared Ming Lou (明楼, Shandong).
MING_LOU_SELF_DRAW_ONLY = _("A player who declared Ming Lou may only win by self-draw.")

# The two facts of each contradiction, as a keeper would say them.
CONTRADICTION_FACTS: dict[str, tuple[Promise, Promise]] = {
    "closed_with_claimed_kong": (_("marked closed"), _("an exposed or added kong")),
    "closed_with_claimed_meld": (
        _("the winner is marked closed"),
        _("the winning tiles show a claimed meld (in brackets)"),
    ),
    "closed_kong_robbed": (
        _("the robbed player is marked closed"),
        _("the robbed kong was added to a claimed pung"),
    ),
    "robbed_kong_not_added": (
        _("a win by robbing a kong"),
        _("the robbed player's kong of that tile is entered as exposed or concealed, not added"),
    ),
    "robbed_tile_in_hand": (
        _("a win by robbing a kong"),
        _("the winner's tiles hold another copy of the robbed tile"),
    ),
    "kongs_disagree_with_tiles": (_("the winner's kongs entered"), _("the kongs in the winner's tiles")),
    "pairs_counted_from_kong": (
        _("four of a tile counted as two pairs"),
        _("the winner's kong of that tile"),
    ),
    "kong_item_without_kong": (
        _("kong bloom ticked"),
        _("no kong entered for the winner that draws a replacement tile"),
    ),
    "item_without_discarder_kong": (
        _("kong discard or flowing tears ticked"),
        _("no kong entered for the discarder"),
    ),
    "kong_on_kongless_hand": (
        _("a hand that holds no kong (seven pairs, heavenly or earthly hand)"),
        _("a kong of the winner"),
    ),
    "kong_item_on_kongless_hand": (_("kong bloom ticked"), _("seven pairs ticked, which holds no kong")),
    "pattern_denied_by_kong": (
        _("a whole-hand pattern (one suit, terminals, all generals)"),
        _("a kong of the winner in a tile that pattern does not allow"),
    ),
    "more_kongs_than_sets": (_("the kongs of one player"), _("a hand holds only four sets")),
    "more_copies_than_exist": (
        _("the kongs and the winning tiles entered"),
        _("there are only four of each tile"),
    ),
    "special_set_tile": (_("a dragon or wind set"), _("a tile that is not in that set")),
    "flowers_beyond_set": (_("the winners' flowers"), _("the set has only eight flowers")),
    "liable_without_win": (_("a liable player"), _("nobody won the hand")),
    "liable_is_winner": (_("a liable player"), _("that player is the winner")),
    "added_kong_on_dragon": (_("an added kong"), _("a dragon tile, which is never punged from a discard")),
    "treasure_without_ready": (_("a treasure tile"), _("nobody declared ready")),
    "four_in_hand_beyond_kongs": (
        _("four in hand counted this many times"),
        _("the winner's kongs leave too few tiles for it"),
    ),
    "four_in_hand_without_chow": (
        _("four in hand"),
        _("an all-pungs hand with no first-turn set of the winner to hold the fourth copy"),
    ),
    "false_win_not_void": (_("a false win penalty"), _("the hand is not marked void")),
    "more_dragon_triplets_than_dragons": (
        _("dragon pungs ticked"),
        _("dragon kongs entered, with only three dragons in all"),
    ),
    "fourth_kong_not_won": (
        _("four kongs in a won hand"),
        _("the win is neither a kong bloom nor a robbed kong"),
    ),
    "liable_for_several_winners": (_("a liable player"), _("several winners")),
    "flower_bloom_without_flower": (_("a win on a flower's replacement tile"), _("the winner has no flowers")),
    "all_flowers_without_eight": (_("all eight flowers win"), _("the winner has fewer than eight flowers")),
    "liable_winner_closed": (_("a liable player"), _("the winner is marked closed, so nobody fed them a meld")),
    "liable_without_fed_melds": (
        _("a liable player"),
        _("the winner has neither three claimed melds nor a kong bloom on a claimed kong"),
    ),
    "first_turn_hand_after_ready": (_("a heavenly or earthly hand"), _("a ready declaration before it")),
    "first_turn_hand_after_kong": (_("a heavenly or earthly hand"), _("a kong declared before it")),
    "heavenly_hand_not_dealer": (_("a heavenly hand"), _("the winner is not the dealer")),
    "earthly_hand_by_dealer": (_("an earthly hand"), _("the winner is the dealer")),
    "kong_of_the_wild": (_("a kong"), _("of the wild tile, which is never in a kong")),
    "four_wilds_as_two_pairs": (
        _("four wild tiles counted as two pairs"),
        _("seven pairs, which must be seven different pairs"),
    ),
    "robbed_kong_listed": (_("a win by robbing a kong"), _("the robbed kong listed, though it never completes")),
    "wild_not_after_turned_up": (_("the tile turned up"), _("a wild that is not the tile after it")),
}

# The part of the hand a problem is about, naming the player (`%(who)s`): by the engine's `field`,
# "wins.0.tiles" is the first winner's tiles, "kongs.1" that kong's player, "seats.2.opened" seat 2's 门清.
WIN_PLACES: dict[str, Promise] = {
    "": _("%(who)s's win"),
    "seat": _("%(who)s's win"),
    "method": _("How %(who)s won"),
    "from": _("How %(who)s won"),
    "patterns": _("%(who)s's patterns"),
    "tiles": _("%(who)s's tiles"),
    "flowers": _("%(who)s's flowers"),
}
SEAT_PLACES: dict[str, Promise] = {
    "opened": _("%(who)s's closed hand"),
    "ready": _("%(who)s's ready declaration"),
    "side_bet": _("%(who)s's side bet"),
}
PATTERN_PLACE = _("%(who)s's pattern %(pattern)s")
KONG_PLACE = _("%(who)s's kong")
PENALTY_PLACE = _("%(who)s's penalty")
LIABLE_PLACE = _("Liable player %(who)s")
