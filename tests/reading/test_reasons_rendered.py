"""The engine's reasons in the keeper's language (RULES.md §0.7): rendered from code and params alone.

Every line code (and every note and dealer reason) is rendered in English and in Simplified Chinese;
the Chinese holds no Latin word but the players' names, and neither names a seat P0-P3.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

import pytest
from django.utils import translation

from tablekeeper.reading.reasons import RENDERERS, Reason, error_with_names, headline, reasons, render
from tablekeeper.reading.reasons.words import Words
from tablekeeper.rules import ReasonLine, get_variant, settle
from tablekeeper.rules.ledger import LINE_CODES, Ledger
from tablekeeper.rules.variants.common.factors import Factor, pay_product
from tests.rules.test_reasons import EVERY_KIND_OF_LINE, settled, shape_lines

pytestmark = pytest.mark.one_database(reason="reason lines are rendered from code and params alone")

NAMES = ["Ann", "Bo", "Cy", "Di"]
LATIN_WORD = re.compile(r"[A-Za-z]+")


def every_line() -> list[tuple[str, tuple[str, ReasonLine]]]:
    """(id, (variant, line)) for the lines the table of hands produces, one per code, note, reason and method."""
    found: dict[str, tuple[str, ReasonLine]] = {}
    for case in EVERY_KIND_OF_LINE:
        for line in settled(case)["lines"]:
            kind = line["params"].get("note") or line["params"].get("reason") or line["code"]
            key = f"{line['code']}:{kind}:{line['params'].get('method', '')}"
            found.setdefault(key, (case[1], line))
    # The payment shapes no variant of the rule book uses, with item ids Shenyang names.
    for line in shape_lines():
        found.setdefault(f"{line['code']}:{line['params']['count']}", ("shenyang", line))
    return sorted(found.items(), key=lambda item: item[0])


LINES = every_line()


def rendered(variant: str, line: Mapping[str, Any], language: str) -> str:
    with translation.override(language):
        words = Words(NAMES, get_variant(variant))
        return RENDERERS[line["code"]](line["params"], words)


def test_every_line_code_has_a_renderer() -> None:
    assert set(RENDERERS) == set(LINE_CODES)


@pytest.mark.parametrize(("variant", "line"), [item[1] for item in LINES], ids=[item[0] for item in LINES])
def test_each_line_reads_in_english_with_the_players_names(variant: str, line: dict[str, Any]) -> None:
    text = rendered(variant, line, "en")

    assert text and not re.search(r"\bP[0-3]\b", text)
    for key in ("payer", "payee", "winner", "dealer", "seat"):
        if isinstance(line["params"].get(key), int):
            assert NAMES[line["params"][key]] in text
    if line["amount"] is not None:
        assert str(abs(line["amount"])) in text


@pytest.mark.parametrize(("variant", "line"), [item[1] for item in LINES], ids=[item[0] for item in LINES])
def test_each_line_reads_in_chinese_with_no_latin_word_but_the_players_names(
    variant: str, line: dict[str, Any]
) -> None:
    text = rendered(variant, line, "zh-hans")
    # The keeper's own words in an adjustment stay as they were typed, like the names.
    own_words = [*NAMES, line["params"].get("note") or "\x00"] if line["code"] == "adjustment" else NAMES

    leftover = text
    for words in own_words:
        leftover = leftover.replace(words, "")
    assert LATIN_WORD.findall(leftover) == [], text
    assert re.search(r"[\u4e00-\u9fff]", text), text
    if line["amount"] is not None:
        assert str(abs(line["amount"])) in text


def test_a_chinese_payment_reads_as_the_table_says_it() -> None:
    line = {
        "seat": 2,
        "code": "win_product",
        "amount": -100,
        "params": {
            "payer": 2,
            "payee": 1,
            "base": 1,
            "factors": [
                {"item": "discard", "factor": 4},
                {"item": "dealer_continuation", "factor": 4, "count": 2, "each": 2},
                {"item": "big_concealed_kong", "factor": 8, "tile": "1z"},
            ],
            "raw": 128,
            "cap": 100,
            "amount": 100,
        },
        "text": "",
    }
    with translation.override("zh-hans"):
        (reason,) = reasons([cast(ReasonLine, line)], ["老王", "小张", "李姐", "赵哥"], get_variant("dalian"))

    assert reason == Reason(
        "李姐付给小张 100 分：底分 1 × 点炮 ×4 × 长毛（已连庄 2 局） ×4 × 大杠（东） ×8 = 128，封顶 100", "payment"
    )


def test_a_flat_payment_names_its_item_whose_it_is_and_its_tile_in_the_keepers_language() -> None:
    lines = shape_lines()
    with translation.override("zh-hans"):
        said = [reason.text for reason in reasons(lines, ["老王", "小张", "李姐", "赵哥"], get_variant("shenyang"))]
    with translation.override("en"):
        english = [reason.text for reason in reasons(lines, NAMES, get_variant("shenyang"))]

    assert said[0] == "小张付给老王 1 分：老王的明杠（5万） 1"
    assert said[1] == "李姐付给赵哥 6 分：赵哥的暗杠 3 × 2 = 6"
    assert english[0] == "Bo pays 1 to Ann: Ann's Exposed kong of 5m 1"


def test_a_drawn_hand_with_payments_never_says_nobody_pays() -> None:
    draw: ReasonLine = {
        "seat": None,
        "code": "draw",
        "amount": None,
        "params": {"draws": 1, "next_multiplier": None},
        "text": "",
    }
    kong = shape_lines()[0]
    with translation.override("zh-hans"):
        unpaid_draw: ReasonLine = {**draw, "params": {**draw["params"], "paid": False}}
        paid_draw: ReasonLine = {**draw, "params": {**draw["params"], "paid": True}}
        alone = headline([unpaid_draw], NAMES, get_variant("shenyang"))
        paid = headline([paid_draw, kong], NAMES, get_variant("shenyang"))
        # A line stored before the engine said `paid`: the hand's other lines say it.
        stored = headline([draw, kong], NAMES, get_variant("shenyang"))

    assert alone == "流局：谁也不付分。"
    assert paid == stored == "流局：没有人胡牌。"


def test_item_names_follow_the_language() -> None:
    line: ReasonLine = {
        "seat": 1,
        "code": "tiles_prove",
        "amount": None,
        "params": {"seat": 1, "items": [{"item": "clamp", "count": 1}]},
        "text": "",
    }
    harbin = get_variant("harbin")
    with translation.override("en"):
        english = reasons([line], NAMES, harbin)
    with translation.override("zh-hans"):
        chinese = reasons([line], NAMES, harbin)

    assert [r.text for r in english] == ["The tiles show Clamp for Bo."]
    assert [r.text for r in chinese] == ["按牌面，Bo还有：卡当。"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # A line from an engine this app does not know yet: what moved is still shown, a note is left out.
        ({"seat": 2, "code": "future_code", "amount": -8, "params": {}}, [Reason("Cy −8", "payment")]),
        ({"seat": None, "code": "future_note", "amount": None, "params": {}}, []),
        # A known code with params it cannot read (an older engine's, say): the same.
        ({"seat": 1, "code": "total", "amount": 5, "params": {"seat": "x"}}, [Reason("Bo +5", "total")]),
        ({"seat": 1, "code": "win_product", "amount": -3, "params": {"payer": 1}}, [Reason("Bo −3", "payment")]),
        ({"seat": 1, "code": "total", "amount": 5}, [Reason("Bo +5", "total")]),
    ],
)
def test_a_line_the_app_cannot_read_still_shows_what_moved_and_never_fails(
    line: dict[str, Any], expected: list[Reason]
) -> None:
    with translation.override("en"):
        # As stored by another engine: not the shape this one writes.
        assert reasons([cast(ReasonLine, line)], NAMES, get_variant("dalian")) == expected


def test_render_says_which_kind_of_line_it_is() -> None:
    words = Words(NAMES, get_variant("dalian"))
    with translation.override("en"):
        note = render({"seat": 0, "code": "void", "amount": None, "params": {"dealer": 0}, "text": ""}, words)

    assert note == Reason("Hand void: Ann deals again; it does not count as a drawn hand.", "note")


def test_errors_stay_the_engines_english_with_the_players_names() -> None:
    message = "P2 is marked closed, but the tiles show a set claimed from a discard; P12 is no seat."

    assert error_with_names(message, NAMES) == (
        "Cy is marked closed, but the tiles show a set claimed from a discard; P12 is no seat."
    )


def test_a_share_an_unready_discarder_pays_for_another_seat_names_that_seat_in_both_languages() -> None:
    """Harbin's 包庄 (RULES §9.4.4): one line per loser, each naming whose share the discarder pays."""
    result = settle(
        "harbin", {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 0}]}, None, {"bao_zhuang": True}
    )
    share_of_cy = [line for line in result["lines"] if line["code"] == "win_product"][1]

    assert (
        rendered("harbin", share_of_cy, "en") == "Ann pays 1 to Bo: base 1 × Standard win ×1 × Cy's share (包庄) ×1 = 1"
    )
    assert rendered("harbin", share_of_cy, "zh-hans") == "Ann付给Bo 1 分：底分 1 × 平胡 ×1 × Cy的包庄份 ×1 = 1"


def test_a_zhengzhou_robbed_kong_win_says_the_robbed_player_alone_pays_and_names_luxury_seven_pairs() -> None:
    from tablekeeper.rules import settle

    robbing = {"result": "win", "wins": [{"seat": 2, "method": "rob_kong", "from": 1, "patterns": []}]}
    luxury = {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": ["luxury_seven_pairs"]}]}
    options = {"allow_rob_kong": True, "luxury_seven_pairs": "x4"}
    [robbed_line] = [
        line for line in settle("zhengzhou", robbing, None, options)["lines"] if line["code"] == "win_stakes"
    ]
    luxury_line = next(
        line for line in settle("zhengzhou", luxury, None, options)["lines"] if line["code"] == "win_stakes"
    )

    assert "the robbed player alone pays" in rendered("zhengzhou", robbed_line, "en")
    assert "被抢杠者一家付" in rendered("zhengzhou", robbed_line, "zh-hans")
    assert "豪华七小对" in rendered("zhengzhou", luxury_line, "zh-hans")
    assert "Luxury seven pairs" in rendered("zhengzhou", luxury_line, "en")


def test_a_shandong_side_bet_reads_in_both_languages_with_each_stake() -> None:
    from tablekeeper.rules import settle

    hand = {
        "result": "win",
        "wins": [{"seat": 2, "method": "discard", "from": 3, "patterns": []}],
        "seats": [{}, {}, {"side_bet": 2}, {"side_bet": 1}],
    }
    line = next(
        line
        for line in settle("shandong", hand, {"dealer": 0}, {"max_side_bet": 5})["lines"]
        if line["code"] == "win_points"
    )

    english, chinese = rendered("shandong", line, "en"), rendered("shandong", line, "zh-hans")
    assert "Cy's Side bet 2 + Di's Side bet 1 = 3: 5 + 3 = 8" in english
    assert "漂" in chinese and "5 + 3 = 8" in chinese
    assert set(LATIN_WORD.findall(chinese)) <= set(NAMES)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ", capped at 3; Dealer win after the cap: 3 × 2 = 6"),
        ("zh-hans", "，封顶 3；庄家在封顶之后再算：3 × 2 = 6"),
    ],
)
def test_a_factor_after_the_cap_reads_as_what_the_cap_left_times_it(language: str, said: str) -> None:
    ledger = Ledger()
    factors = [Factor("self-draw", 2, "self_draw"), Factor("edge win", 2, "edge_wait")]
    pay_product(ledger, 0, 1, 1, factors, cap=3, after_cap=[Factor("dealer", 2, "dealer")])
    (line,) = [line.as_dict() for line in ledger.lines]

    text = rendered("dalian", line, language)

    assert text.endswith(said) and "6" in text and NAMES[0] in text and NAMES[1] in text
