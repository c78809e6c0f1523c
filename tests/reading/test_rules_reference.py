"""The rules reference: per variant (/rules/<variant>/, public) and per table (/sessions/<id>/rules/,
/b/<token>/rules/), built from `get_variant` and settled by the engine, so it can never disagree
with it; and every reason line links to the item it applies."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any, Literal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.reading.tile_pictures import PICTURES_FILE
from tablekeeper.rules import VariantInfo, WildsInfo, get_variant, settle, variant_ids
from tablekeeper.rules.folder_data import worked_examples
from tablekeeper.rules.notation import parse_hand
from tablekeeper.rules.rule_words import value_key
from tablekeeper.rules.tiles import tile_index
from tablekeeper.rules.variants import folder_of
from tests.conftest import HTMX, make_session, record_all, signed_in, win

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.one_database(reason="the rules reference is built from the engine; the database holds the session"),
]
LANGUAGES = {"en": "en", "zh": "zh-hans"}


def page(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = LANGUAGES[language]
    response = client.get(url)
    assert response.status_code == 200, url
    return html.unescape(response.content.decode())


def words_of_every_item(info: VariantInfo, language_code: str) -> list[str]:
    """Every name and value `get_variant` gives in `language` that the reference must show."""
    language: Literal["en", "zh"] = "zh" if language_code == "zh" else "en"
    words = [item["name"][language] for item in info["fact_items"]]
    for pattern in info["patterns"]:
        words += [pattern["name"][language], pattern["value_words"][language]]
    for fact in ("kong", "penalty"):
        words += [names[language] for names in info["fact_names"][fact].values()]
    for option in info["options"]:
        words.append(option["label"][language])
        if option["type"] in ("bool", "choice", "subset"):
            allowed = (True, False) if option["type"] == "bool" else option["allowed"]
            words += [option["value_labels"][value_key(value)][language] for value in allowed]
    words += [preset["name"][language] for preset in info["presets"]]
    return words


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", variant_ids())
def test_every_item_of_the_variant_appears_in_its_reference_in_both_languages(variant: str, language: str) -> None:
    body = page(Client(), f"/rules/{variant}/", language)
    info = get_variant(variant)

    missing = [word for word in words_of_every_item(info, language) if word not in body]

    assert missing == []
    for pattern in info["patterns"]:
        assert f'id="item-{pattern["id"]}"' in body
    for item in info["fact_items"]:
        assert f'id="item-{item["id"]}"' in body


@pytest.mark.parametrize("variant", variant_ids())
def test_each_worked_examples_shown_figure_is_what_settle_answers(variant: str) -> None:
    body = page(Client(), f"/rules/{variant}/", "zh")
    cases = worked_examples(variant)
    assert cases, f"{variant} has no worked example to show"

    for case in cases:
        shown = re.search(rf'id="example-{re.escape(str(case["id"]))}".*?data-deltas="([^"]*)"', body, re.S)
        assert shown is not None, case["id"]
        answer = settle(variant, case["hand"], case.get("state"), case.get("options"))
        assert shown.group(1) == ",".join(str(delta) for delta in answer["deltas"]), case["id"]
        assert answer["ok"], case["id"]


def test_the_reference_is_public_cacheable_and_an_unknown_variant_is_404() -> None:
    response = Client().get("/rules/harbin/")
    assert response.status_code == 200
    assert "max-age=" in response["Cache-Control"]
    assert Client().get("/rules/no_such/").status_code == 404


def test_a_worked_example_says_its_record_in_words_and_its_reasons() -> None:
    body = page(Client(), "/rules/dalian/", "zh")
    example = body[body.index('id="example-D1"') :]
    example = example[: example.index('class="example"')]
    # D1: the dealer (seat 1) self-draws, ready, finding the treasure: 16 from each.
    assert "1 号位自摸胡牌。 番型：摸宝。" in example and "1 号位：报听" in example
    assert "1 号位 +48 · 2 号位 −16 · 3 号位 −16 · 4 号位 −16" in example
    assert 'href="/rules/dalian/#item-finding_treasure"' in example


def test_a_tables_rules_mark_its_own_values_and_what_differs_from_the_book(owner: User) -> None:
    game = make_session(owner, "dalian", options={"dealer_pays_double": True})
    body = page(signed_in(owner), f"/sessions/{game.pk}/rules/", "en")

    assert "This table's rules" in body
    assert "Differs from the book: Dealer pays double: Yes" in body
    assert "(this table)" in body


def test_a_tables_rules_are_for_its_keepers_and_the_share_links_viewers(owner: User, stranger: User) -> None:
    game = make_session(owner, "zhengzhou")
    assert signed_in(stranger).get(f"/sessions/{game.pk}/rules/").status_code == 404
    assert Client().get(f"/sessions/{game.pk}/rules/").status_code == 302
    assert Client().get(f"/b/{game.share_token}/rules/").status_code == 200
    game.share_enabled = False
    game.save()
    assert Client().get(f"/b/{game.share_token}/rules/").status_code == 404


def rule_links(body: str) -> list[str]:
    return re.findall(r'class="rule-link" href="([^"]+)"', body)


def anchors_of(variant: str) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', page(Client(), f"/rules/{variant}/", "en")))


def test_every_reason_line_on_the_board_and_the_hand_page_links_to_its_item(owner: User) -> None:
    game = make_session(owner, "zhengzhou")
    record_all(game, [win(1, "self_draw")])
    client = signed_in(owner)
    anchors = anchors_of("zhengzhou")

    for url in (f"/sessions/{game.pk}/hands/1/", f"/b/{game.share_token}/"):
        links = rule_links(page(client, url, "zh"))
        assert links, url
        for link in links:
            path, anchor = link.split("#")
            assert path == "/rules/zhengzhou/" and anchor in anchors, link
    assert "/rules/zhengzhou/#item-self_draw" in rule_links(page(client, f"/sessions/{game.pk}/hands/1/", "en"))


def test_the_live_preview_links_its_reason_lines_to_the_reference(owner: User) -> None:
    game = make_session(owner, "shenyang", base=2)
    response = signed_in(owner).post(
        f"/sessions/{game.pk}/hands/preview/",
        {"client_token": "tok-1", "expected_number": 1, "winner": "1", "how": "self_draw"},
        headers=HTMX,
    )
    links = rule_links(response.content.decode())

    assert response.status_code == 200 and links
    assert all(link.split("#")[1] in anchors_of("shenyang") for link in links)


@pytest.mark.parametrize("variant", variant_ids())
def test_every_line_of_every_worked_example_links_to_an_item_its_reference_has(variant: str) -> None:
    from tablekeeper.reading.reasons import reasons

    info = get_variant(variant)
    anchors = anchors_of(variant)
    broken = []
    for case in worked_examples(variant):
        answer = settle(variant, case["hand"], case.get("state"), case.get("options"))
        for reason in reasons(answer["lines"], ["A", "B", "C", "D"], info):
            if reason.href and reason.href.split("#")[1] not in anchors:
                broken.append((case["id"], reason.href))
            if reason.kind == "payment":
                assert reason.href, (case["id"], reason.text)

    assert broken == []


def test_several_winners_are_said_as_the_tables_house_rules_allow(owner: User) -> None:
    assert "only when the house rule allows it" in page(Client(), "/rules/shenyang/", "en")
    game = make_session(owner, "shenyang", options={"multi_ron": True})
    body = page(signed_in(owner), f"/sessions/{game.pk}/rules/", "en")
    assert "Several players may win on one discard." in body


@pytest.mark.parametrize("variant", variant_ids())
def test_a_chinese_reference_says_what_each_item_is_worth_and_means(variant: str) -> None:
    body = page(Client(), f"/rules/{variant}/", "zh")
    info = get_variant(variant)

    words = [item["value_words"]["zh"] for item in info["fact_items"]]
    words += [pattern["meaning_words"]["zh"] for pattern in info["patterns"]]

    assert [word for word in words if not word or word not in body] == []


# --- Tile pictures: each pattern with a shape is drawn from its variant folder's pattern_tiles.json.


def folder_pictures(variant: str) -> dict[str, Any]:
    from tablekeeper.reading.tile_pictures import pattern_pictures

    return pattern_pictures(variant)


def tiles_written(tiles: str) -> int:
    """How many tiles a §0.3 notation string holds: one per digit."""
    return sum(char.isdigit() for char in tiles)


def item_block(body: str, anchor: str) -> str:
    """The page's part about one item: from its anchor to the next item or the end of its list."""
    start = body.index(f'id="{anchor}"')
    ends = [end for end in (body.find('<div id="', start + 1), body.find("</dl>", start)) if end != -1]
    return body[start : min(ends)]


PICTURED = [(variant, pattern) for variant in variant_ids() for pattern in folder_pictures(variant)]


def shaped_pattern_problems(body: str, variant: str, pattern: str, language: str) -> list[str]:
    """What is wrong with one pattern's pictured hand on its variant's reference page, if anything."""
    hand = folder_pictures(variant)[pattern]["hand"]
    tiles = next(win["tiles"] for win in hand["wins"] if "tiles" in win)
    block = item_block(body, f"item-{pattern}")
    problems = []
    if (faces := block.count('class="tf"')) != tiles_written(tiles):
        problems.append(f"{faces} tile faces for {tiles!r}")
    if 'class="tile-group winning"' not in block:
        problems.append("no winning tile group")
    if ("手牌" if language == "zh" else "In hand") not in block:
        problems.append("no in-hand label")
    said = re.search(r'<p class="sr-only">([^<]*)</p>', block)
    if said is None or not said.group(1).startswith("牌：" if language == "zh" else "The tiles: "):
        problems.append(f"the screen reader hears {said and said.group(1)!r}")
    return problems


def test_each_shaped_pattern_shows_its_hand_in_tile_faces_in_both_languages() -> None:
    """Every pictured pattern of every variant, each reference page read once per language; the
    failure lists every pattern that is wrong, not only the first."""
    failures = []
    for variant in variant_ids():
        for language in LANGUAGES:
            body = page(Client(), f"/rules/{variant}/", language)
            for pattern in folder_pictures(variant):
                failures += [
                    f"{variant}:{pattern} ({language}): {problem}"
                    for problem in shaped_pattern_problems(body, variant, pattern, language)
                ]
    assert failures == [], "\n".join(failures)


def test_every_variant_with_a_pictures_file_has_pictures_on_its_page() -> None:
    # The file is optional (tablekeeper/rules/README.md): a folder without it has a reference without pictures.
    with_file = {variant for variant in variant_ids() if (folder_of(variant) / PICTURES_FILE).is_file()}
    assert {variant for variant, _ in PICTURED} == with_file
    assert {"dalian", "shenyang", "harbin", "shandong", "zhengzhou"} <= with_file
    body = page(Client(), "/rules/dalian/", "zh")
    # One body for all the faces, drawn once per page.
    assert body.count('id="tf-body"') == 1


@pytest.mark.parametrize(
    ("variant", "pattern", "marked", "word"),
    [
        ("dalian", "finding_treasure", 1, "宝牌"),
        ("dalian", "hidden_treasure", 1, "宝牌"),
        ("harbin", "treasure_in_treasure", 1, "宝牌"),
        ("zhengzhou", "four_wilds", 4, "混"),
        ("dalian", "edge_wait", 0, ""),
    ],
)
def test_the_treasure_or_wild_is_framed_and_named_for_eyes_and_screen_readers(
    variant: str, pattern: str, marked: int, word: str
) -> None:
    block = item_block(page(Client(), f"/rules/{variant}/", "zh"), f"item-{pattern}")

    assert block.count('class="tile wild"') == marked
    said = re.search(r'<p class="sr-only">([^<]*)</p>', block)
    assert said is not None
    assert said.group(1).count(f"（{word}）") == marked if word else "（" not in said.group(1)
    assert (f'<span class="swatch"></span>{word}</p>' in block) == bool(marked)
    english = item_block(page(Client(), f"/rules/{variant}/", "en"), f"item-{pattern}")
    assert english.count("(Wild)" if variant == "zhengzhou" else "(Treasure)") == marked


def fixed_wild_of(variant: str) -> WildsInfo | None:
    wilds = get_variant(variant)["wilds"]
    return wilds if wilds is not None and wilds["face"] else None


FIXED_WILDS = [(variant, pattern) for variant, pattern in PICTURED if fixed_wild_of(variant)]


@pytest.mark.parametrize(("variant", "pattern"), FIXED_WILDS, ids=[f"{v}:{p}" for v, p in FIXED_WILDS])
def test_a_fixed_wild_is_framed_and_named_wherever_a_picture_holds_it(variant: str, pattern: str) -> None:
    wilds = fixed_wild_of(variant)
    assert wilds is not None and wilds["face"] is not None
    tiles = next(win["tiles"] for win in folder_pictures(variant)[pattern]["hand"]["wins"] if "tiles" in win)
    held = parse_hand(tiles.replace(" ", ""))
    face = tile_index(wilds["face"])
    marked = list(held.concealed).count(face) + (held.winning_tile == face)

    block = item_block(page(Client(), f"/rules/{variant}/", "zh"), f"item-{pattern}")

    assert block.count('class="tile wild"') == marked
    assert (f'<span class="swatch"></span>{wilds["name"]["zh"]}</p>' in block) == bool(marked)
    english = item_block(page(Client(), f"/rules/{variant}/", "en"), f"item-{pattern}")
    assert english.count(f"({wilds['name']['en']})") == marked


def test_the_melds_are_grouped_apart_from_the_hand_and_named_in_the_variants_words() -> None:
    block = item_block(page(Client(), "/rules/shandong/", "zh"), "item-lone_tile_wait")
    groups = re.findall(r'class="tile-group (\w+)"', block)

    # [123m] [456p] [789s] [111z] 5m +5m: four melds set aside, one tile in hand, the winning tile.
    assert groups == ["chow", "chow", "chow", "pung", "hand", "winning"]
    assert "吃：1万、2万、3万；吃：4筒、5筒、6筒；吃：7条、8条、9条；碰：东、东、东；手牌：5万；胡：5万；点炮" in block


def test_a_tables_rules_show_the_pictures_too(owner: User) -> None:
    game = make_session(owner, "dalian")
    body = page(signed_in(owner), f"/sessions/{game.pk}/rules/", "zh")
    hand = folder_pictures("dalian")["four_in_hand"]["hand"]

    block = item_block(body, "item-four_in_hand")

    assert block.count('class="tf"') == tiles_written(hand["wins"][0]["tiles"])
    shared = page(Client(), f"/b/{game.share_token}/rules/", "en")
    assert item_block(shared, "item-four_in_hand").count('class="tf"') == tiles_written(hand["wins"][0]["tiles"])


def test_a_variant_without_a_pictures_file_draws_the_tiles_of_its_worked_examples(
    new_variant: str, tmp_path: Path
) -> None:
    # The fixture is a temporary copy: without its pictures file (optional), the worked examples draw the tiles.
    # Never the registered folder itself (a fixture copied under variants/ is read from there).
    if not folder_of(new_variant).is_relative_to(tmp_path):
        pytest.skip(f"{new_variant} is registered from its own folder under variants/, which a copy cannot shadow")
    (folder_of(new_variant) / PICTURES_FILE).unlink(missing_ok=True)
    body = page(Client(), f"/rules/{new_variant}/", "zh")
    pictured = [
        case for case in worked_examples(new_variant) if any("tiles" in win for win in case["hand"].get("wins", []))
    ]
    assert pictured, "the fixture variant has a worked example with tiles"

    held: set[str] = set()
    for case in pictured:
        win = next(win for win in case["hand"]["wins"] if "tiles" in win)
        start = body.index(f'id="example-{case["id"]}"')
        end = body.find('<div class="example"', start)
        example = body[start : end if end != -1 else body.index("</section>", start)]
        assert example.count('class="tf"') == tiles_written(str(win.get("tiles")))
        answer = settle(new_variant, case["hand"], case.get("state"), case.get("options"))
        held |= set(win.get("patterns") or [])
        held |= {
            entry["item"]
            for line in answer["lines"]
            if line["code"] == "tiles_prove" and line["params"]["seat"] == win["seat"]
            for entry in line["params"]["items"]
        }
    # The patterns those tiles hold (ticked, or proven by the engine) are drawn beside them; the others are not.
    patterns = [p["id"] for p in get_variant(new_variant)["patterns"]]
    drawn = [pattern for pattern in patterns if 'class="tf"' in item_block(body, f"item-{pattern}")]
    assert drawn == [pattern for pattern in patterns if pattern in held] and drawn


def test_a_picture_the_engine_refuses_or_that_lacks_its_pattern_is_not_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablekeeper.reading import reference

    def win_of(tiles: str, patterns: list[str]) -> dict[str, Any]:
        return {
            "hand": {
                "result": "win",
                "wins": [{"seat": 1, "method": "discard", "from": 0, "patterns": patterns, "tiles": tiles}],
            }
        }

    monkeypatch.setattr(
        reference,
        "pattern_pictures",
        lambda variant: {
            # No pung: Dalian refuses it (R2).
            "edge_wait": win_of("[123m] 456p 789s 99m 13s +2s", ["edge_wait"]),
            # Accepted, but a chow hand is no double float.
            "double_float": win_of("[123m] 456p 777s 99m 13s +2s", []),
            "outside_hand": win_of("[123m] 789p 111s 99s 78m +9m", ["outside_hand"]),
        },
    )
    body = page(Client(), "/rules/dalian/", "en")

    assert 'class="tf"' not in item_block(body, "item-edge_wait")
    assert 'class="tf"' not in item_block(body, "item-double_float")
    assert item_block(body, "item-outside_hand").count('class="tf"') == 14


KONG_BONUSES = {"concealed": "concealed_kong_bonus", "exposed": "exposed_kong_bonus", "added": "added_kong_bonus"}


def kong_bonus_per_payer(options: dict[str, Any], kind: str) -> list[int]:
    """What one payer pays for a kong of `kind` at this table, as settle pays it: the payers' changes with the kong
    less those without it, for a self-drawn win by its owner, the dealer and another player."""
    paid: set[int] = set()
    for owner in (0, 1):
        plain: Any = {"result": "win", "wins": [{"seat": owner, "method": "self_draw", "patterns": []}]}
        kong: dict[str, Any] = {"seat": owner, "kind": kind, "tile": "5m"}
        if kind != "concealed":
            kong["from"] = (owner + 2) % 4
        without = settle("zhengzhou", plain, {"dealer": 0}, options)
        with_kong = settle("zhengzhou", {**plain, "kongs": [kong]}, {"dealer": 0}, options)
        assert without["ok"] and with_kong["ok"], with_kong
        paid |= {before - after for before, after in zip(without["deltas"], with_kong["deltas"], strict=True)} - {0}
    return sorted(amount for amount in paid if amount > 0)


@pytest.mark.parametrize("base", [1, 10])
@pytest.mark.parametrize("preset", [preset["id"] for preset in get_variant("zhengzhou")["presets"]])
def test_a_zhengzhou_tables_rules_state_each_kong_bonus_as_settle_pays_it_at_its_base_in_both_languages(
    owner: User, preset: str, base: int
) -> None:
    options = next(p["options"] for p in get_variant("zhengzhou")["presets"] if p["id"] == preset)
    game = make_session(owner, "zhengzhou", base=base, options=options, city_preset=preset)
    client = signed_in(owner)
    for kind, item in KONG_BONUSES.items():
        paid = kong_bonus_per_payer({**options, "base": base}, kind)
        said = {"en": " or ".join(map(str, paid)) + " per payer", "zh": "每位付款者付" + "或".join(map(str, paid))}
        for url in (f"/sessions/{game.pk}/rules/", f"/b/{game.share_token}/rules/"):
            for language in LANGUAGES:
                found = re.search(rf'id="item-{item}"[^>]*><dt>.*?</dt><dd>(.*?)</dd>', page(client, url, language))
                assert found is not None and found.group(1) == said[language], (url, language, paid)


HARBIN_ONLINE = next(p["options"] for p in get_variant("harbin")["presets"] if p["id"] == "go_server")


def test_a_tables_picture_of_a_pattern_is_a_hand_that_table_scores_as_that_pattern() -> None:
    from tablekeeper.reading.reference import build_reference

    # At 哈尔滨·网络版 (单听摸宝算宝中宝) a treasure drawn on a single wait is 宝中宝: the 摸宝 picture must not be one.
    reference = build_reference("harbin", dict(HARBIN_ONLINE))
    (finding,) = [entry for entry in reference.patterns if entry.anchor == "item-finding_treasure"]
    hand = json_pictures("harbin")["finding_treasure"]["hand"]
    answer = settle("harbin", hand, None, dict(HARBIN_ONLINE))

    assert finding.pictures
    assert answer["ok"]
    paid = {f["item"] for line in answer["lines"] for f in line["params"].get("factors") or []}
    assert "finding_treasure" in paid and "treasure_in_treasure" not in paid


def test_a_picture_this_table_scores_as_another_pattern_is_not_drawn_on_its_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tablekeeper.reading import reference

    win = {"seat": 1, "method": "self_draw", "patterns": ["finding_treasure"], "tiles": "[123m] 456p 777s 99m 13s +5m"}
    single_wait = {"hand": {"result": "win", "treasure": "5m", "wins": [win]}}
    monkeypatch.setattr(reference, "pattern_pictures", lambda variant: {"finding_treasure": single_wait})
    monkeypatch.setattr(reference, "worked_examples", lambda variant: [])

    def pictured(options: dict[str, Any] | None) -> bool:
        built = reference.build_reference("harbin", options)
        return any(entry.pictures for entry in built.patterns if entry.anchor == "item-finding_treasure")

    assert pictured(None) and pictured({})
    assert not pictured(dict(HARBIN_ONLINE))


def json_pictures(variant: str) -> dict[str, Any]:
    import json

    return dict(json.loads((folder_of(variant) / PICTURES_FILE).read_text(encoding="utf-8"))["pictures"])


def test_a_tables_rules_page_names_its_presets_name_in_the_rule_book_and_links_it(owner: User) -> None:
    options = next(p["options"] for p in get_variant("shenyang")["presets"] if p["id"] == "rust_server")
    game = make_session(owner, "shenyang", base=2, options=dict(options), city_preset="rust_server")
    phone = signed_in(owner)
    phone.cookies["django_language"] = "zh-hans"
    body = phone.get(f"/sessions/{game.pk}/rules/").content.decode()

    assert '<a class="preset-shown" href="#preset-rust_server">沈阳·网络版</a>' in body
    assert "（规则书里的“沈阳·Rust服”）" in body
    assert "规则书（§9.7）里叫“沈阳·Rust服”" in body
    assert "[RS-S]" not in body, "the book's citation of its source means nothing to a keeper"
