"""Taps saved by the phrase box on the two evenings of issues 23 and 24: a Jinan table on 济南·途游 (29 hands)
and a Zhengzhou table on 郑州·常见 (16 hands).

The evenings' own hands were not kept, so each is a **reconstruction**: hands in the proportions such evenings
have (self-draws and discard wins, a draw or two, Shandong's flowers on nearly every win, a few patterns and
kongs, the side bets set at the start and changed now and then), each as the sentence a keeper would say and the
form's fields it means. For each hand it counts the taps on the hand form's own chips and steppers, and the taps
with the phrase box: the sentence parsed by the real parser (static/js/phrase-parse.js, run by Node against the
table's words in tests/js/phrase-tables.json), plus the taps for whatever the parser did not fill in as meant.

    .venv/bin/python -m tests.benchmarks.phrase_taps

Taps counted by the form: 记一局 (from the board), the winner (or 流局), how (自摸, the discarder; 抢杠 is its
folded section and the seat), each pattern chip and the + of its count, the flowers' + (from 0), each side bet's
+ or − from the value carried from the last hand, "更多" (folded again on every new hand) and per kong its owner,
kind, tile (the field and the key) and feeder, each 明楼/暗楼, a further winner's section and chip, and Save.
By phrase: 记一局, a tap on the box (only on the evening's first hand: after a said hand the next form opens with
the box focused), the keyboard's microphone, Save, and the form's taps for any field the sentence did not set
right (none when the parser understood the hand).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
S = "self_draw"

# (sentence, the form's fields it means). Side bets appear only when they change (the form carries them).
JINAN: list[tuple[str, dict[str, Any]]] = [
    (
        "老王自摸两个花，小李漂一，阿强漂三",
        {"winner": "0", "how": S, "flowers": "2", "side_bet_1": "1", "side_bet_3": "3"},
    ),
    ("小李胡了，张姐点的炮，三个花", {"winner": "1", "how": "discard-2", "flowers": "3"}),
    ("张姐自摸清一色，一个花", {"winner": "2", "how": S, "patterns": ["pure_one_suit"], "flowers": "1"}),
    ("阿强胡了老王的，两个花", {"winner": "3", "how": "discard-0", "flowers": "2"}),
    ("荒庄", {"winner": "draw"}),
    ("老王自摸碰碰胡，四个花", {"winner": "0", "how": S, "patterns": ["all_triplets"], "flowers": "4"}),
    ("小李自摸 没花", {"winner": "1", "how": S, "flowers": "0"}),
    (
        "张姐胡了，阿强点的，两个花，老王暗杠五万",
        {
            "winner": "2",
            "how": "discard-3",
            "flowers": "2",
            "kong_seat_0": "0",
            "kong_kind_0": "concealed",
            "kong_tile_0": "5m",
        },
    ),
    ("阿强杠上开花，三个花", {"winner": "3", "how": S, "patterns": ["kong_bloom"], "flowers": "3"}),
    ("老王胡了小李点的炮 一个花", {"winner": "0", "how": "discard-1", "flowers": "1"}),
    ("小李自摸七小对，两个花", {"winner": "1", "how": S, "patterns": ["seven_pairs"], "flowers": "2"}),
    (
        "张姐自摸，风刻两个，三个花",
        {"winner": "2", "how": S, "patterns": ["honour_pung"], "count_honour_pung": "2", "flowers": "3"},
    ),
    ("阿强胡张姐的，没花", {"winner": "3", "how": "discard-2", "flowers": "0"}),
    ("老王明楼自摸，两个花", {"winner": "0", "how": S, "ready_0": "ming", "flowers": "2"}),
    ("小李胡了，老王点炮，一个花，张姐漂一", {"winner": "1", "how": "discard-0", "flowers": "1", "side_bet_2": "1"}),
    ("张姐自摸将将胡，两个花", {"winner": "2", "how": S, "patterns": ["all_generals"], "flowers": "2"}),
    ("黄了", {"winner": "draw"}),
    ("阿强自摸，四个花", {"winner": "3", "how": S, "flowers": "4"}),
    (
        "老王胡了阿强点的 张姐明杠东风 小李点的 两个花",
        {
            "winner": "0",
            "how": "discard-3",
            "flowers": "2",
            "kong_seat_0": "2",
            "kong_kind_0": "exposed",
            "kong_tile_0": "1z",
            "kong_from_0": "1",
        },
    ),
    ("小李自摸混一色，三个花", {"winner": "1", "how": S, "patterns": ["mixed_one_suit"], "flowers": "3"}),
    ("张姐胡了小李的，一个花", {"winner": "2", "how": "discard-1", "flowers": "1"}),
    ("阿强抢了老王的杠，两个花", {"winner": "3", "how": "rob_kong-0", "flowers": "2"}),
    (
        "老王自摸豪华七小对，没花，阿强漂五",
        {"winner": "0", "how": S, "patterns": ["luxury_seven_pairs"], "flowers": "0", "side_bet_3": "5"},
    ),
    ("小李胡了，张姐点的炮，两个花", {"winner": "1", "how": "discard-2", "flowers": "2"}),
    ("张姐自摸海底捞月，一个花", {"winner": "2", "how": S, "patterns": ["last_tile"], "flowers": "1"}),
    ("阿强胡了小李点的，三个花", {"winner": "3", "how": "discard-1", "flowers": "3"}),
    ("老王自摸，两个花", {"winner": "0", "how": S, "flowers": "2"}),
    ("小李自摸大吊车，一个花", {"winner": "1", "how": S, "patterns": ["lone_tile_wait"], "flowers": "1"}),
    ("张姐胡了老王的炮，没花", {"winner": "2", "how": "discard-0", "flowers": "0"}),
]

ZHENGZHOU: list[tuple[str, dict[str, Any]]] = [
    (
        "大家都跑一，王姐自摸",
        {"winner": "0", "how": S, "side_bet_0": "1", "side_bet_1": "1", "side_bet_2": "1", "side_bet_3": "1"},
    ),
    ("老郑胡了刘洋点的", {"winner": "1", "how": "discard-2"}),
    ("刘洋自摸四混", {"winner": "2", "how": S, "patterns": ["four_wilds"]}),
    ("小杨自摸七对", {"winner": "3", "how": S, "patterns": ["seven_pairs"]}),
    ("流局", {"winner": "draw"}),
    ("王姐胡了小杨点的炮", {"winner": "0", "how": "discard-3"}),
    (
        "老郑自摸，刘洋暗杠三万",
        {"winner": "1", "how": S, "kong_seat_0": "2", "kong_kind_0": "concealed", "kong_tile_0": "3m"},
    ),
    ("刘洋杠开", {"winner": "2", "how": S, "patterns": ["kong_bloom"]}),
    ("小杨胡了王姐的，老郑跑二", {"winner": "3", "how": "discard-0", "side_bet_1": "2"}),
    ("王姐自摸", {"winner": "0", "how": S}),
    ("老郑自摸豪华七小对", {"winner": "1", "how": S, "patterns": ["luxury_seven_pairs"]}),
    ("刘洋胡了老郑点的", {"winner": "2", "how": "discard-1"}),
    ("小杨自摸", {"winner": "3", "how": S}),
    ("荒庄", {"winner": "draw"}),
    ("王姐自摸四混", {"winner": "0", "how": S, "patterns": ["four_wilds"]}),
    ("老郑胡了小杨点的炮", {"winner": "1", "how": "discard-3"}),
]

EVENINGS = {
    "济南·途游 (Jinan)": ("shandong/jinan_tuyoo", JINAN),
    "郑州·常见 (Zhengzhou)": ("zhengzhou/common", ZHENGZHOU),
}

PARSE = """
const parser = require(process.argv[1] + "/static/js/phrase-parse.js");
const words = require(process.argv[1] + "/static/js/phrase-words.js");
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = input.sentences.map((s) => parser.parse(s, input.table, words.sounds));
process.stdout.write(JSON.stringify(out));
"""


def parsed(table: str, sentences: list[str]) -> list[dict[str, Any]]:
    tables = json.loads((ROOT / "tests" / "js" / "phrase-tables.json").read_text(encoding="utf-8"))
    payload = json.dumps({"table": tables[table], "sentences": sentences}, ensure_ascii=False)
    done = subprocess.run(
        ["node", "-e", PARSE, str(ROOT)], input=payload, capture_output=True, text=True, check=True, encoding="utf-8"
    )
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def field_taps(name: str, value: Any, carried: dict[str, str]) -> int:
    """The taps one field takes on the form (beyond opening a folded section)."""
    if name == "patterns":
        return len(value)
    if name.startswith("count_"):
        return int(value) - 1  # the stepper starts at 1 once the chip is ticked
    if name == "how":
        return 2 if str(value).startswith("rob_kong-") else 1
    if name == "flowers":
        return int(value)
    if name.startswith("side_bet_"):
        return abs(int(value) - int(carried.get(name, "0")))
    if name.startswith("kong_tile_"):
        return 2  # the field, then the tile's key
    return 1


FOLDED = ("kong_", "ready_", "closed_", "penalty_")


def form_taps(fields: dict[str, Any], carried: dict[str, str]) -> int:
    taps = 1 + 1  # 记一局 and Save
    taps += sum(field_taps(name, value, carried) for name, value in fields.items())
    if any(name.startswith(FOLDED) for name in fields):
        taps += 1  # 更多, folded again for every new hand
    return taps


def wrong_fields(meant: dict[str, Any], got: dict[str, Any]) -> dict[str, Any]:
    def same(a: Any, b: Any) -> bool:
        return sorted(a) == sorted(b) if isinstance(a, list) or isinstance(b, list) else a == b

    return {
        name: value
        for name, value in meant.items()
        if not same(got.get(name, [] if name == "patterns" else None), value)
    }


def evening(table: str, hands: list[tuple[str, dict[str, Any]]]) -> tuple[int, int, list[str]]:
    results = parsed(table, [sentence for sentence, _ in hands])
    carried: dict[str, str] = {}
    by_form = by_phrase = 0
    lines = []
    for number, ((sentence, meant), result) in enumerate(zip(hands, results, strict=True), start=1):
        tapped = form_taps(meant, carried)
        missed = wrong_fields(meant, result["fields"])
        # 记一局, the box (first hand only), the microphone, Save; then whatever the sentence did not set right.
        said = 1 + (1 if number == 1 else 0) + 1 + 1
        said += sum(field_taps(name, value, carried) for name, value in missed.items())
        if any(name.startswith(FOLDED) for name in missed):
            said += 1
        by_form += tapped
        by_phrase += said
        note = f"  missed {sorted(missed)}" if missed else ""
        lines.append(f"  {number:2} {tapped:2} → {said:2}  {sentence}{note}")
        carried.update({name: value for name, value in meant.items() if name.startswith("side_bet_")})
    return by_form, by_phrase, lines


def main() -> None:
    print("Taps per hand on a reconstruction of each evening: by the form's taps → by one sentence and Save.")
    total_form = total_phrase = 0
    for title, (table, hands) in EVENINGS.items():
        by_form, by_phrase, lines = evening(table, hands)
        print(f"\n{title}, {len(hands)} hands ({table}):")
        print("\n".join(lines))
        print(
            f"  total {by_form} → {by_phrase} taps: {by_form - by_phrase} saved "
            f"({by_form / len(hands):.1f} → {by_phrase / len(hands):.1f} a hand)"
        )
        total_form += by_form
        total_phrase += by_phrase
    print(f"\nBoth evenings: {total_form} → {total_phrase} taps, {total_form - total_phrase} saved.")


if __name__ == "__main__":
    main()
