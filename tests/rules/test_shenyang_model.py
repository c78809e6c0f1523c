"""Shenyang against an independent model of RULES.md §2.4, on generated records (no tiles).

The model is written straight from the rule book's formula, amount(p) = base × W × Dlr(p) × Cls(p),
without reading the engine; any record it considers valid must be accepted and paid exactly so.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import replay, settle
from tests.hypothesis_profiles import examples

DRAGONS = ("5z", "6z", "7z")


def model_deltas(record: dict[str, Any], state: dict[str, Any], options: dict[str, Any]) -> list[int]:
    """Each seat's change for a single-winner hand, from §2.4 alone (the pot is left empty)."""
    win = record["wins"][0]
    winner, method, patterns = win["seat"], win["method"], win["patterns"]
    hand = 1
    if method in ("discard", "rob_kong"):
        hand *= 2
    if method == "rob_kong":
        hand *= 2
    if "all_pungs" in patterns:
        hand *= 8
    hand *= 2 ** patterns.count("dragon_pung")
    for kong in record["kongs"]:
        if kong["seat"] != winner:
            continue
        if kong["kind"] in ("dragon_set", "wind_set"):
            hand *= 4
            continue
        hand *= 4 if kong["kind"] == "concealed" and options["angang_double"] else 2
        if kong.get("tile") in DRAGONS and options["dragon_kong_stacks"]:
            hand *= 2
    hand *= 2 ** sum(1 for p in ("kong_bloom", "kong_discard", "single_wait", "last_tile") if p in patterns)
    previous_drawn = state["draw_streak"] > 0
    if options["liuju_dice_mode"] == "stack":
        hand *= (2 if record["dice_double"] else 1) * (2 if previous_drawn else 1)
    elif state["pending_doubles"] + previous_drawn + record["dice_double"] > 0:
        hand *= 2
    if method == "self_draw" or options["ron_payers"] == "all":
        payers = [seat for seat in range(4) if seat != winner]
    else:
        payers = [win["from"]]
    deltas = [0, 0, 0, 0]
    for payer in payers:
        amount = options["base"] * hand
        amount *= 2 if state["dealer"] in (payer, winner) else 1
        amount *= 1 if record["seats"][payer]["opened"] else 2
        if options["cap_per_payer"] is not None:
            amount = min(amount, options["cap_per_payer"])
        deltas[payer] -= amount
        deltas[winner] += amount
    return deltas


@st.composite
def valid_records(draw: st.DrawFn) -> dict[str, Any]:
    winner = draw(st.integers(0, 3))
    method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
    others = [seat for seat in range(4) if seat != winner]
    source = draw(st.sampled_from(others)) if method != "self_draw" else None
    kinds = st.sampled_from(["exposed", "added", "concealed", "dragon_set", "wind_set"])
    winner_kongs = draw(st.lists(st.tuples(kinds, st.sampled_from([None, "3m", "5z", "6z", "7z"])), max_size=2))
    # Only four copies of each tile (RULES §0.8): no two kongs of one face, no dragon kong beside a 中发白 set.
    faces = [tile for kind, tile in winner_kongs if tile is not None and kind not in ("dragon_set", "wind_set")]
    has_dragon_set = any(kind == "dragon_set" for kind, _ in winner_kongs)
    assume(len(faces) == len(set(faces)) and not (has_dragon_set and {"5z", "6z", "7z"} & set(faces)))
    kongs: list[dict[str, Any]] = []
    for kind, tile in winner_kongs:
        entry: dict[str, Any] = {"seat": winner, "kind": kind}
        if kind not in ("dragon_set", "wind_set") and tile is not None:
            entry["tile"] = tile
        if kind in ("exposed", "added"):
            entry["from"] = others[0]
        kongs.append(entry)
    patterns: list[str] = []
    if draw(st.booleans()):
        patterns.append("all_pungs")
    patterns += ["dragon_pung"] * draw(st.integers(0, 1))
    if draw(st.booleans()):
        patterns.append("single_wait")
    can_bloom = any(kind != "dragon_set" for kind, _ in winner_kongs)
    if method == "self_draw":
        extra = draw(st.sampled_from(["", "last_tile"] + (["kong_bloom"] if can_bloom else [])))
        patterns += [extra] if extra else []
    if method == "discard" and draw(st.booleans()):
        patterns.append("kong_discard")
        kongs.append({"seat": source, "kind": "concealed"})
    # A robbed kong sat on a claimed pung, so its declarer has opened.
    robbed = source if method == "rob_kong" else None
    seats = [{"opened": seat in (winner, robbed) or draw(st.booleans())} for seat in range(4)]
    win: dict[str, Any] = {"seat": winner, "method": method, "patterns": patterns}
    if source is not None:
        win["from"] = source
    return {"result": "win", "wins": [win], "kongs": kongs, "seats": seats, "dice_double": draw(st.booleans())}


@settings(max_examples=examples(400), deadline=None)
@given(
    valid_records(),
    st.fixed_dictionaries(
        {
            "dealer": st.integers(0, 3),
            "draw_streak": st.integers(0, 2),
            "pending_doubles": st.integers(0, 2),
        }
    ),
    st.fixed_dictionaries(
        {
            "base": st.sampled_from([1, 2, 5]),
            "ron_payers": st.sampled_from(["discarder", "all"]),
            "dragon_kong_stacks": st.booleans(),
            "angang_double": st.booleans(),
            "liuju_dice_mode": st.sampled_from(["stack", "no_stack_carry"]),
            "cap_per_payer": st.sampled_from([None, 64, 100]),
        }
    ),
)
def test_every_valid_record_is_paid_as_the_rule_books_formula_says(
    record: dict[str, Any], state: dict[str, Any], options: dict[str, Any]
) -> None:
    result = settle("shenyang", record, state, options)

    assert result["ok"], result["errors"]
    assert result["deltas"] == model_deltas(record, state, options)
    assert result["pot_delta"] == 0


@st.composite
def plain_sessions(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Up to eight plain hands: wins without patterns, draws and void hands, with dice and revealed tiles."""
    hands: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(1, 8))):
        result = draw(st.sampled_from(["win", "win", "draw", "void"]))
        hand: dict[str, Any] = {"result": result, "dice_double": draw(st.booleans())}
        if result == "win":
            seat = draw(st.integers(0, 3))
            source = draw(st.sampled_from([None, *(s for s in range(4) if s != seat)]))
            win: dict[str, Any] = {"seat": seat, "method": "self_draw" if source is None else "discard"}
            if source is not None:
                win["from"] = source
            hand["wins"] = [win]
        if draw(st.booleans()):
            hand["penalties"] = [{"kind": "revealed_tiles", "seat": draw(st.integers(0, 3)), "count": 1}]
        hands.append(hand)
    return hands


@settings(max_examples=examples(300), deadline=None)
@given(plain_sessions(), st.sampled_from(["stack", "no_stack_carry"]))
def test_a_replayed_session_threads_every_counter_as_sections_2_4_to_2_6_say(
    hands: list[dict[str, Any]], mode: str
) -> None:
    result = replay("shenyang", hands, {"liuju_dice_mode": mode})
    dealer, dealer_streak, draw_streak, pending, pot = 0, 0, 0, 0, 0

    assert result["ok"]
    for hand, settled in zip(hands, result["results"], strict=True):
        paid_in = 4 * len(hand.get("penalties", []))
        owed = pending + (draw_streak > 0) + hand["dice_double"]
        deltas = [0, 0, 0, 0]
        for penalty in hand.get("penalties", []):
            deltas[penalty["seat"]] -= 4
        if hand["result"] == "win":
            win = hand["wins"][0]
            if mode == "stack":
                hand_value = (2 if hand["dice_double"] else 1) * (2 if draw_streak > 0 else 1)
            else:
                hand_value = 2 if owed > 0 else 1
            ron = 2 if win["method"] == "discard" else 1
            payers = [win["from"]] if ron == 2 else [s for s in range(4) if s != win["seat"]]
            for payer in payers:
                amount = 2 * ron * hand_value * (2 if dealer in (payer, win["seat"]) else 1)
                deltas[payer] -= amount
                deltas[win["seat"]] += amount
            deltas[win["seat"]] += pot + paid_in
            assert settled["pot_delta"] == -pot
            pending = max(owed - 1, 0) if mode == "no_stack_carry" else pending
            if win["seat"] == dealer:
                dealer_streak += 1
            else:
                dealer, dealer_streak = (dealer + 1) % 4, 0
            draw_streak, pot = 0, 0
        else:
            assert settled["pot_delta"] == paid_in
            pot += paid_in
            if hand["result"] == "draw":
                pending = owed if mode == "no_stack_carry" else pending
                dealer_streak, draw_streak = dealer_streak + 1, draw_streak + 1
        assert settled["deltas"] == deltas
        state = settled["state"]
        assert (state["dealer"], state["dealer_streak"], state["draw_streak"]) == (dealer, dealer_streak, draw_streak)
        assert (state["pending_doubles"], state["pot"], state["previous"]) == (pending, pot, hand["result"])
