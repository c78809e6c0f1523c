"""House rules in plain words on the start page and the board, in both languages, with what
differs from the usual summarised."""

from __future__ import annotations

import re

import pytest

from tablekeeper.rules import get_variant
from tests.conftest import make_session, signed_in

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.one_database(reason="house rules in words come from the engine; the database only holds the session"),
]
CHINESE = {"Accept-Language": "zh-CN,zh;q=0.9"}


def visible_text(body: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"<[^>]+>", " ", body)


@pytest.mark.parametrize("variant", ["dalian", "shenyang", "harbin", "shandong", "zhengzhou"])
def test_the_start_page_names_every_house_rule_in_chinese_without_a_raw_key(owner, variant):
    body = signed_in(owner).get(f"/sessions/new/?variant={variant}", headers=CHINESE).content.decode()
    text = visible_text(body)
    for option in get_variant(variant)["options"]:
        if option["key"] in ("base", "starting_points"):
            continue
        assert option["label"]["zh"] in text
        assert option["key"] not in text, f"{option['key']} shows on the page"
    assert "True" not in text and "False" not in text and "<code>" not in body


def test_rules_tables_often_change_come_first_and_the_rare_ones_are_folded(owner):
    body = signed_in(owner).get("/sessions/new/?variant=dalian").content.decode()
    # The house rules' own section (the city presets above it name rules too).
    house_rules = body[body.index('<details class="house-rules"') :]
    common, rare = house_rules.split('<details class="rare-rules">')
    assert "Dealer pays double" in common and "Payment cap" in common
    assert "Dragon pair counts as a triplet" in rare and "Dragon pair counts as a triplet" not in common
    assert "Every rule is the usual one for this variant." in common
    assert '<option value="retain" selected>Keeps the deal</option>' in common


def test_a_refused_start_form_summarises_the_rules_it_changes(owner):
    form = {
        "variant": "dalian", "player_0": "Ann", "player_1": "Ann", "player_2": "Cy", "player_3": "Di",
        "first_dealer": "0", "starting_points": "0", "base": "1", "opt_cap": "",
        "opt_dealer_pays_double": "on", "opt_draw_dealer": "rotate", "opt_cap_scope": "per_payer",
    }  # fmt: skip
    body = signed_in(owner).post("/sessions/new/", form, headers=CHINESE).content.decode()
    changes = re.search(r'<p class="rule-changes">(.*?)</p>', body, re.S)
    assert changes is not None
    assert "庄家输双倍：是" in changes.group(1) and "流局后坐庄：下家坐庄" in changes.group(1)
    assert "封顶：不封顶" in changes.group(1)


def test_the_board_says_which_house_rules_differ_from_the_usual(owner):
    game = make_session(owner, variant="dalian", base=1, options={"dealer_pays_double": True, "cap": None})
    phone = signed_in(owner)
    assert "Payment cap: No limit; Dealer pays double: Yes" in phone.get(f"/sessions/{game.pk}/").content.decode()
    plain = make_session(owner, variant="dalian", base=1)
    chinese = phone.get(f"/sessions/{plain.pk}/", headers=CHINESE).content.decode()
    assert "房规：" in chinese and "House rules" not in chinese
