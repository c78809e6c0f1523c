"""The phrase box's tables for the parser's Node tests (tests/js/phrase-tables.json): each variant's and city
preset's hand form, rendered by the server, read as static/js/phrase.js reads it in the page (the seats'
names, the pattern chips, the kinds of kong …). The Node tests and the corpus score the parser against these,
so this test fails when the form offers something the file does not say. `PHRASE_TABLES_WRITE=1` rewrites it."""

from __future__ import annotations

import json
import os
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tablekeeper.rules import get_variant, variant_ids

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.one_database(reason="the phrase tables are rendered forms' words, the same on any database"),
]
TABLES_FILE = Path(__file__).resolve().parents[1] / "js" / "phrase-tables.json"
NAMES = {
    "dalian": ["老王", "小李", "张姐", "阿强"],
    "shenyang": ["老刘", "王姐", "大陈", "小赵"],
    "harbin": ["老孙", "李哥", "周姐", "小马"],
    "shandong": ["老王", "小李", "张姐", "阿强"],
    "zhengzhou": ["王姐", "老郑", "刘洋", "小杨"],
}


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html))).strip()


def _label_word(label: str) -> str:
    """A chip's name as phrase.js reads it: the Chinese span if there is one, else the label's text."""
    span = re.search(r'<span lang="zh">(.*?)</span>', label) or re.search(r"<span>(.*?)</span>", label, re.S)
    return _text(span.group(1)) if span else ""


def _chips(body: str, name: str) -> list[tuple[str, str, str]]:
    """(value, the input's attributes, the label's rest) of every chip of one field."""
    found = []
    chip = rf'<label class="chip[^"]*"[^>]*>(<input[^>]*name="{name}"[^>]*>)(.*?)</label>'
    for match in re.finditer(chip, body, re.S):
        value = re.search(r'value="([^"]*)"', match.group(1))
        found.append((value.group(1) if value else "", match.group(1), match.group(2)))
    return found


def table_words(body: str) -> dict[str, Any]:
    """The vocabulary static/js/phrase.js builds from the form (its `vocabulary`), read from the HTML."""
    seats, dealer = ["", "", "", ""], None
    for value, _input, rest in _chips(body, "winner"):
        if value.isdigit():
            name = re.search(r'<span class="seat-name">(.*?)</span>', rest)
            seats[int(value)] = _text(name.group(1)) if name else ""
            if "<i" in rest and "board-unknown" not in body.split('id="hand-form"')[1][:200]:
                dealer = int(value)
    methods: list[str] = []
    for value, _input, _rest in _chips(body, "how"):
        method = value.split("-")[0]
        if method not in methods:
            methods.append(method)
    patterns = []
    for value, attributes, rest in _chips(body, "patterns"):
        limited = re.search(r'data-methods="([^"]*)"', attributes)
        also = re.search(r'data-also="([^"]*)"', attributes)
        ready = re.search(r'data-ready="([^"]*)"', attributes)
        patterns.append(
            {
                "id": value,
                "name": _label_word(rest),
                "methods": limited.group(1).split(" ") if limited else None,
                "repeatable": f'name="count_{value}"' in rest,
                "also": also.group(1).split(" ") if also else [],
                "ready": ready.group(1) if ready else None,
                "anyWait": "data-any-wait" in attributes,
            }
        )
    chips = [pattern["id"] for pattern in patterns]
    excl = re.search(r'<fieldset class="taps patterns[^"]*" data-excl="([^"]*)"', body)
    pairs = excl.group(1).split(" ") if excl else []
    exclusive = [[chips[int(pair[0], 36)], chips[int(pair[1], 36)]] for pair in pairs]
    turn = re.search(r'data-turn="([^"]*)"', body)
    off = re.search(r'<form id="hand-form"[^>]* data-off="([^"]*)"', body)
    # The field the per-hand wild is said into: the tile turned up where the wild follows it, else the wild itself.
    wild = next((name for name in ("turned_up", "treasure") if f'name="{name}"' in body), None)
    side = re.search(r'name="side_bet_0"[^>]*max="(\d+)"', body)
    legend = re.search(r'<fieldset class="side-bets"><legend>(.*?)</legend>', body, re.S)
    closed = _chips(body, "closed_0")
    variant = re.search(r'<span class="variant">(.*?)</span>', body)
    return {
        "variant": _text(variant.group(1)) if variant else "",
        "seats": seats,
        "dealer": dealer,
        "methods": methods,
        "maxWinners": 3 if 'name="extra_winner_2"' in body else 2 if 'name="extra_winner_1"' in body else 1,
        "patterns": patterns,
        "exclusive": exclusive,
        "kongKinds": [{"id": v, "name": _label_word(rest)} for v, _a, rest in _chips(body, "kong_kind_0") if v],
        "ready": [{"id": v, "name": _label_word(rest)} for v, _a, rest in _chips(body, "ready_0") if v != "none"],
        "closed": _label_word(closed[0][2]) if closed else None,
        "flowers": 'name="flowers"' in body,
        "sideBet": (_label_word(legend.group(1)) or _text(legend.group(1))) if side and legend else None,
        "maxSideBet": int(side.group(1)) if side else 0,
        "voidCharges": 'name="false_win_seat"' in body,
        "penalties": [value for value, _a, _rest in _chips(body, "penalty_kind_0") if value],
        "penaltyRows": len(set(re.findall(r'name="(penalty_kind_\d+)"', body))),
        "dice": 'name="dice_double"' in body,
        "liable": 'name="liable"' in body,
        "tiles": 'name="tiles"' in body,
        "kongsPay": bool(re.search(r'<fieldset class="kongs" data-paid', body)),
        "off": off.group(1).split(" ") if off else [],
        "wild": {"field": wild, "turn": turn.group(1) if turn else ""} if wild else None,
    }


def table_session(owner: User, table: str) -> GameSession:
    """A new session at one table of the corpus ("shandong/jinan_tuyoo"): its preset, its names, seat 0 dealing."""
    variant, preset_id = table.split("/")
    info = get_variant(variant)
    preset = next(preset for preset in info["presets"] if preset["id"] == preset_id)
    option_ids = {option["key"] for option in info["options"]} - {"base", "starting_points"}
    return services.start_session(
        owner,
        variant=variant,
        player_names=NAMES[variant],
        first_dealer=0,
        starting_points=1000,
        base=int(str(preset["options"].get("base", info["default_base"]))),
        options={key: value for key, value in preset["options"].items() if key in option_ids},
        city_preset=preset_id,
    )


def tables(owner: User) -> dict[str, Any]:
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = "zh-hans"
    found: dict[str, Any] = {}
    # The corpus's variants (a folder added since has no names in the corpus, and no table in the file).
    for variant in [variant for variant in variant_ids() if variant in NAMES]:
        for preset in get_variant(variant)["presets"]:
            game = table_session(owner, f"{variant}/{preset['id']}")
            body = client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
            found[f"{variant}/{preset['id']}"] = {"session": game.pk, **table_words(body)}
    return found


def test_the_parsers_tables_are_the_hand_forms_words(owner: User) -> None:
    found = {key: {k: v for k, v in value.items() if k != "session"} for key, value in tables(owner).items()}
    if os.environ.get("PHRASE_TABLES_WRITE"):
        TABLES_FILE.write_text(json.dumps(found, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    recorded = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
    # The corpus's tables, each as the form draws it now; a variant folder added since has none in the
    # corpus (the box reads its words off the form all the same).
    assert recorded == {key: found[key] for key in recorded if key in found}
    assert set(recorded) <= set(found)
