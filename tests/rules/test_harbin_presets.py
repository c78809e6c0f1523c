"""Harbin's city presets (RULES.md §9.7): the rule book's and 哈尔滨·Go服, as data beside the variant.

Each preset's options pass check_options, the file is the rule book's "Presets as data", and the Go server's
preset scores hands as that server does (§9.4's house rules together). No database.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.rules import check_options, settle

from . import rule_book
from .helpers import discard, ok, robbed, self_draw, won
from .test_harbin_house_rules import EDGE_3, FOURTH_COPY, SINGLE_WAIT_2P_TREASURE_5S

PRESETS_FILE = Path(__file__).resolve().parents[2] / "tablekeeper" / "rules" / "variants" / "harbin" / "presets.json"
PRESETS = json.loads(PRESETS_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("preset", PRESETS, ids=[preset["id"] for preset in PRESETS])
def test_each_harbin_preset_passes_check_options(preset: dict[str, Any]) -> None:
    assert check_options("harbin", preset["options"]) == {"ok": True, "errors": []}
    assert preset["name"]["zh"] and preset["name"]["en"] and preset["source"]


def test_the_harbin_presets_are_the_rule_book_first_then_the_go_server() -> None:
    assert [preset["id"] for preset in PRESETS] == ["rule_book", "go_server"]
    assert PRESETS[0]["options"] == {}
    assert PRESETS[1]["name"] == {"zh": "哈尔滨·网络版", "en": "Harbin · Go server"}


def test_the_harbin_presets_are_the_rule_books_presets_as_data() -> None:
    text = rule_book.text("RULES.md")
    start = text.index("```json", text.index("**Presets as data**")) + len("```json")
    book = json.loads(text[start : text.index("```", start)])

    # The Chinese name says "网络版" where the book's has a Latin word (Go服): a keeper reads no Latin; the
    # book's own name is kept beside it (`book_name`), so the rules page can name both.
    assert [{**preset, "name": preset["name"]["en"]} for preset in book["harbin"]] == [
        {key: value for key, value in {**preset, "name": preset["name"]["en"]}.items() if key != "book_name"}
        for preset in PRESETS
    ]
    assert [preset.get("book_name", preset["name"]) for preset in PRESETS] == [p["name"] for p in book["harbin"]]


GO_SERVER = PRESETS[1]["options"] if len(PRESETS) > 1 else {}


@pytest.mark.parametrize(
    ("hand", "deltas"),
    [
        pytest.param(won(self_draw(1)), [-1, 3, -1, -1], id="a plain self-draw is 1"),
        pytest.param(won(discard(2, 3)), [0, 0, 1, -1], id="no 出冲: 1"),
        pytest.param(won(robbed(3, 1)), [0, -1, 0, 1], id="the robbed declarer pays 1"),
        pytest.param(won(self_draw(1, tiles=FOURTH_COPY)), [-12, 36, -12, -12], id="刮大风 self-drawn 6×2"),
        pytest.param(won(self_draw(1, tiles=EDGE_3)), [-2, 6, -2, -2], id="12→3 clamps 1"),
        pytest.param(
            won(self_draw(2, tiles=SINGLE_WAIT_2P_TREASURE_5S), treasure="5s"),
            [-24, -24, 72, -24],
            id="宝中宝 on any single wait 12×2",
        ),
    ],
)
def test_the_go_server_preset_scores_as_that_server(hand: dict[str, Any], deltas: list[int]) -> None:
    assert ok(settle("harbin", hand, {"dealer": 0}, GO_SERVER))["deltas"] == deltas
