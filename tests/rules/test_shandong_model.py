"""Shandong against an independent model of RULES.md §4.6-§4.7 on generated records (no tiles).

amount = (base + Σ points) × min(cap, Π multipliers × 2^min(n, 5)); a Ming Lou discarder pays
double after the cap; several winners on one discard are paid separately by the discarder, who
deals next; the dealer pays 1 to each other seat when the drawn hands in a row reach 3.
Where the rule book is open the model follows shandong/decisions.md: `cap_scope=draw_multiplier`, the
seven-pairs ladder option, a robbed kong paid as one share or three (`rob_kong_payer`), the
liable seat paying all the winner receives, and a kong bloom after an exposed kong (the winner's
last one) paid in full by the seat that fed it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hypothesis_profiles import examples
from tests.rules.formula_models import (
    START,
    Options,
    Outcome,
    Record,
    State,
    assert_engine_agrees,
    assert_session_agrees,
    counters_after,
    pay,
)

SUIT_FAMILY = ("pure_one_suit", "mixed_one_suit", "all_generals", "pure_terminals")
LADDER = ("seven_pairs", "luxury_seven_pairs", "double_luxury_seven_pairs", "triple_luxury_seven_pairs")
MULTIPLIERS = {"all_triplets": 2, "mixed_one_suit": 2, "pure_one_suit": 5, "pure_terminals": 6}
MULTIPLIERS |= {"earthly_hand": 6, "heavenly_hand": 6} | dict.fromkeys(LADDER, 2)
POINTS = {"kong_bloom": 1, "pure_one_suit": 2, "all_generals": 2, "all_triplets": 2}


def ladder_points(patterns: list[str], options: Options) -> int:
    for rung, name in enumerate(LADDER, start=1):
        if name in patterns:
            if options["seven_pairs_ladder"] == "stack_below_triple" and rung < 4:
                return sum(2 * below for below in range(1, rung + 1))
            return 2 * rung
    return 0


def amount_for(record: Record, win: dict[str, Any], state: State, options: Options, ming_discarder: bool) -> int:
    """What one payer owes this winner (before counting shares)."""
    seat, patterns = win["seat"], win["patterns"]
    ready = record["seats"][seat].get("ready", "none")
    kong_points = {"exposed": options["pts.exposed_kong"], "added": options["pts.add_kong"]}
    kong_points["concealed"] = options["pts.concealed_kong"]
    points = win.get("flowers", 0) + (1 if ready == "an" else 0) + ladder_points(patterns, options)
    points += sum(kong_points[kong["kind"]] for kong in record["kongs"] if kong["seat"] == seat)
    points += sum(value for item, value in POINTS.items() if item in patterns)
    product = (2 if win["method"] == "self_draw" else 1) * (2 if ready == "ming" else 1)
    for item in patterns:
        product *= MULTIPLIERS.get(item, 1)
    draws: int = 2 ** min(state["draw_streak"], options["draw_mult_cap_exp"])
    penalty = 2 if ming_discarder else 1
    cap: int | None = options["cap"]
    stake: int = options["base"] + points
    if cap is None:
        return stake * product * draws * penalty
    if options["cap_scope"] == "draw_multiplier":
        return stake * product * min(cap, draws) * penalty
    if options["ming_lou_penalty_inside_cap"]:
        return stake * min(cap, product * draws * penalty)
    return stake * min(cap, product * draws) * penalty


def expected(record: Record, state: State, options: Options) -> Outcome:
    deltas = [0, 0, 0, 0]
    dealer, result = state["dealer"], record["result"]
    if result != "win":
        following = (dealer + 1) % 4 if result == "draw" and options["draw_dealer"] == "rotate" else dealer
        in_a_row = state["draw_streak"] + 1
        if result == "draw" and (
            in_a_row == 3 or (in_a_row > 3 and options["dealer_draw_penalty"] == "each_hand_from_3")
        ):
            for seat in range(4):
                if seat != dealer:
                    pay(deltas, dealer, seat, 1)
        return Outcome(deltas, 0, following, counters_after(state, result, following, kept=following == dealer))
    wins = record["wins"]
    for win in wins:
        winner, method = win["seat"], win["method"]
        others = [seat for seat in range(4) if seat != winner]
        source = win.get("from")
        ming_discarder = source is not None and record["seats"][source].get("ready") == "ming"
        share = amount_for(record, win, state, options, ming_discarder)
        own_kongs = [kong for kong in record["kongs"] if kong["seat"] == winner]
        fed_bloom = "kong_bloom" in win["patterns"] and own_kongs and own_kongs[-1]["kind"] == "exposed"
        if method == "self_draw":
            shares = [(payer, share) for payer in others]
        elif method == "rob_kong" and options["rob_kong_payer"] == "declarer_pays_three":
            shares = [(source, 3 * share)]
        else:
            shares = [(source, share)]
        if record.get("liable") is not None:
            shares = [(record["liable"], total) for _, total in shares]
        elif fed_bloom:
            shares = [(own_kongs[-1]["from"], total) for _, total in shares]
        for payer, total in shares:
            pay(deltas, payer, winner, total)
    if len(wins) == 1:
        following = wins[0]["seat"]
    elif wins[0]["method"] == "rob_kong" and options["several_robbers_dealer"] == "first_robber":
        source = wins[0]["from"]
        following = min((win["seat"] for win in wins), key=lambda seat: (seat - source) % 4)
    else:
        following = wins[0]["from"]
    return Outcome(deltas, 0, following, counters_after(state, "win", following, kept=following == dealer))


@st.composite
def one_win(draw: st.DrawFn, record: Record, seat: int, method: str, dealer: int | None) -> dict[str, Any]:
    """One winner's entry, with seat facts and kongs written into `record`: patterns the catalogue allows together."""
    ready = draw(st.sampled_from(["none", "an"] + (["ming"] if method == "self_draw" else [])))
    suit = draw(st.sampled_from([None, *SUIT_FAMILY]))
    shape = draw(st.sampled_from([None, None, "all_triplets", *LADDER]))
    patterns = [item for item in (suit, shape) if item is not None]
    if (suit == "pure_terminals" and shape == "seven_pairs") or (suit == "all_generals" and shape in LADDER):
        patterns.remove(shape)
    first_draw = "heavenly_hand" if seat == dealer else "earthly_hand"
    specials = [None, "kong_bloom"] + ([first_draw] if dealer is not None else [])
    special = draw(st.sampled_from(specials)) if method == "self_draw" else None
    if special == first_draw:
        ready = "none"
    elif not shape or shape == "all_triplets":
        for kind in draw(
            st.lists(st.sampled_from(["exposed", "added", "concealed"]), min_size=special is not None, max_size=2)
        ):
            if len(record["kongs"]) == 3:  # a fourth kong ends the hand as a draw (§4.2)
                break
            kong: dict[str, Any] = {"seat": seat, "kind": kind}
            if kind != "concealed":
                kong["from"] = draw(st.sampled_from([other for other in range(4) if other != seat]))
            record["kongs"].append(kong)
    else:
        special = None
    record["seats"][seat]["ready"] = ready
    win: dict[str, Any] = {"seat": seat, "method": method, "patterns": patterns + ([special] if special else [])}
    win["flowers"] = draw(st.integers(0, 2))
    return win


@st.composite
def records(draw: st.DrawFn, dealer: int | None = None) -> Record:
    """A hand record; heavenly and earthly hands only when the dealer is known (`dealer`)."""
    result = draw(st.sampled_from(["win", "win", "win", "draw", "void"]))
    seats: list[dict[str, Any]] = [{"ready": draw(st.sampled_from(["none", "ming", "an"]))} for _ in range(4)]
    record: Record = {"result": result, "seats": seats, "kongs": []}
    if result != "win":
        return record
    method = draw(st.sampled_from(["self_draw", "self_draw", "discard", "discard", "rob_kong"]))
    source = draw(st.integers(0, 3))
    count = 1 if method == "self_draw" else draw(st.sampled_from([1, 1, 2, 3]))
    winners = draw(
        st.lists(st.sampled_from([s for s in range(4) if s != source]), min_size=count, max_size=count, unique=True)
    )
    wins = [draw(one_win(record, seat, method, dealer)) for seat in winners]
    for win in wins:
        if method != "self_draw":
            win["from"] = source
    record["wins"] = wins
    if any("heavenly_hand" in win["patterns"] for win in wins):
        # Nobody declares ready before the dealer's dealt hand wins (RULES §0.8).
        for facts in seats:
            facts["ready"] = "none"
    # 承包 needs melds fed to the winner, which seven pairs and the first-turn hands never hold.
    meldless = {*LADDER, "heavenly_hand", "earthly_hand"}
    if len(wins) == 1 and not meldless & set(wins[0]["patterns"]) and draw(st.integers(0, 3)) == 0:
        record["liable"] = draw(st.sampled_from([s for s in range(4) if s != winners[0]]))
    return record


OPTIONS = st.fixed_dictionaries(
    {
        "base": st.sampled_from([5, 1, 10]),
        "pts.exposed_kong": st.integers(0, 2),
        "pts.add_kong": st.integers(0, 2),
        "pts.concealed_kong": st.sampled_from([3, 2]),
        "cap": st.sampled_from([32, None, 64, 8]),
        "cap_scope": st.sampled_from(["product", "draw_multiplier"]),
        "draw_mult_cap_exp": st.sampled_from([5, 2]),
        "ming_lou_penalty_inside_cap": st.booleans(),
        "draw_dealer": st.sampled_from(["retain", "rotate"]),
        "dealer_draw_penalty": st.sampled_from(["once_at_3", "each_hand_from_3"]),
        "rob_kong_payer": st.sampled_from(["declarer_single", "declarer_pays_three"]),
        "several_robbers_dealer": st.sampled_from(["first_robber", "declarer"]),
        "seven_pairs_ladder": st.sampled_from(["highest_only", "stack_below_triple"]),
    }
)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Record, State, Options]:
    state = {
        "dealer": draw(st.integers(0, 3)),
        "dealer_streak": draw(st.integers(0, 3)),
        "draw_streak": draw(st.integers(0, 7)),
    }
    return draw(records(state["dealer"])), {**state, "hand": draw(st.integers(1, 30))}, draw(OPTIONS)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(cases(), min_size=3, max_size=3))
def test_every_generated_record_is_paid_and_rotated_as_the_rule_books_formula_says(
    generated: list[tuple[Record, State, Options]],
) -> None:
    accepted = [
        assert_engine_agrees("shandong", expected, record, state, options) for record, state, options in generated
    ]

    assert all(accepted), [case[0] for case, ok in zip(generated, accepted, strict=True) if not ok]


@st.composite
def sessions(draw: st.DrawFn) -> tuple[list[Record], Options]:
    """Up to ten hands, each drawn knowing the dealer the model says deals it (for heavenly and earthly hands)."""
    options = draw(OPTIONS)
    state, hands = dict(START), []
    for _ in range(draw(st.integers(1, 10))):
        hands.append(draw(records(state["dealer"])))
        state = expected(hands[-1], state, options).counters
    return hands, options


@settings(max_examples=examples(300), deadline=None)
@given(sessions())
def test_a_replayed_session_pays_and_passes_the_deal_hand_after_hand_as_the_model_says(
    session: tuple[list[Record], Options],
) -> None:
    assert_session_agrees("shandong", expected, *session)


DEFAULTS: Options = {
    "base": 5,
    "pts.exposed_kong": 1,
    "pts.add_kong": 1,
    "pts.concealed_kong": 3,
    "cap": 32,
    "cap_scope": "product",
    "draw_mult_cap_exp": 5,
    "ming_lou_penalty_inside_cap": False,
    "draw_dealer": "retain",
    "dealer_draw_penalty": "once_at_3",
    "rob_kong_payer": "declarer_single",
    "several_robbers_dealer": "first_robber",
    "seven_pairs_ladder": "highest_only",
}
PLAIN_SEATS = [{"ready": "none"}] * 4


@pytest.mark.parametrize(
    ("record", "draw_streak", "deltas", "next_dealer"),
    [
        (  # SD1: (5 + 2 flowers + 2) × (self-draw 2 × all triplets 2) = 36 each
            {
                "result": "win",
                "seats": PLAIN_SEATS,
                "kongs": [],
                "wins": [{"seat": 2, "method": "self_draw", "patterns": ["all_triplets"], "flowers": 2}],
            },
            0,
            [-36, -36, 108, -36],
            2,
        ),
        (  # SD2: (5 + 1 flower + 3 concealed kong + 1 An Lou) × 1 = 10 from P3
            {
                "result": "win",
                "seats": [{}, {"ready": "an"}, {}, {}],
                "kongs": [{"seat": 1, "kind": "concealed"}],
                "wins": [{"seat": 1, "method": "discard", "from": 3, "patterns": [], "flowers": 1}],
            },
            0,
            [0, 10, 0, -10],
            1,
        ),
        (  # SD4: two draws before: 5 × 4 = 20 from P1
            {
                "result": "win",
                "seats": PLAIN_SEATS,
                "kongs": [],
                "wins": [{"seat": 3, "method": "discard", "from": 1, "patterns": []}],
            },
            2,
            [0, -20, 0, 20],
            3,
        ),
        (  # SD6: P0 (5 + 2) × 1 = 7, P1 (5 + 2) × 2 = 14, both from P3, who deals next
            {
                "result": "win",
                "seats": PLAIN_SEATS,
                "kongs": [],
                "wins": [
                    {"seat": 0, "method": "discard", "from": 3, "patterns": [], "flowers": 2},
                    {"seat": 1, "method": "discard", "from": 3, "patterns": ["seven_pairs"]},
                ],
            },
            0,
            [7, 14, 0, -21],
            3,
        ),
        (  # the third drawn hand in a row: the dealer pays 1 to each other seat
            {"result": "draw", "seats": PLAIN_SEATS, "kongs": []},
            2,
            [-3, 1, 1, 1],
            0,
        ),
    ],
)
def test_the_model_reproduces_the_rule_books_worked_examples(
    record: Record, draw_streak: int, deltas: list[int], next_dealer: int
) -> None:
    start: State = {"dealer": 0, "dealer_streak": 0, "draw_streak": draw_streak, "previous": None, "hand": 1}

    wanted = expected(record, start, DEFAULTS)

    assert (wanted.deltas, wanted.next_dealer) == (deltas, next_dealer)
