"""The phrase box in Chromium: a sentence typed into the real hand form ends in the preview the intended hand
gives (the corpus, tests/js/phrase-corpus.json), asks instead of guessing with Save off, and fills in the form
with the network cut after the page loaded (the service worker keeps its scripts)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Page

from tablekeeper.keeping.models import GameSession
from tests.e2e.conftest import in_ci_only
from tests.e2e.phones import offline_on_the_hand_form, phone, wait_for
from tests.hypothesis_profiles import profile_from_environment
from tests.reading.test_phrase_tables import table_session

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
CORPUS: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[1] / "js" / "phrase-corpus.json").read_text(encoding="utf-8")
)
TABLES = sorted({entry["table"] for entry in CORPUS})
# Every sentence of the corpus is parsed in Node by `node --test tests/js/` at every run; in the browser,
# CI types every CI_SAMPLE-th sentence of each rule book's table (a fixed sample), and the nightly run and a
# developer's run type them all.
CI_SAMPLE = 20


# Questions that never hold Save back: an item or a fact the table does not have, said back with a one-tap answer;
# the figures stay in sight. Read from the parser itself (static/js/phrase-parse.js SOFT), so that a question made
# soft there is expected soft here.
def soft_asks() -> set[str]:
    source = (Path(__file__).resolve().parents[2] / "static" / "js" / "phrase-parse.js").read_text(encoding="utf-8")
    listed = re.search(r"var SOFT = \[([^\]]*)\]", source)
    assert listed, "phrase-parse.js lists its soft questions as `var SOFT = [...]`"
    return set(re.findall(r'"(\w+)"', listed.group(1)))


SOFT_ASKS = soft_asks()


def corpus_of(table: str) -> list[dict[str, Any]]:
    entries = [entry for entry in CORPUS if entry["table"] == table]
    if profile_from_environment() != "ci":
        return entries
    return entries[::CI_SAMPLE]


# The form's values of the fields a sentence may set, as the browser holds them.
FORM_VALUES = """(names) => {
    const form = document.getElementById("hand-form"), values = {};
    for (const name of names) {
        const inputs = [...form.querySelectorAll(`[name="${name}"]`)];
        if (!inputs.length) continue;
        if (name.includes("patterns")) values[name] = inputs.filter((i) => i.checked).map((i) => i.value).sort();
        else if (inputs[0].type === "radio" || inputs[0].type === "checkbox") {
            const on = inputs.find((i) => i.checked);
            values[name] = on ? (inputs[0].type === "checkbox" && inputs.length === 1 ? "on" : on.value) : "";
        } else values[name] = inputs[0].value;
    }
    return values;
}"""


@pytest.fixture
def owner(db: None) -> User:
    return User.objects.create_user("phrase-keeper", password="Tiles-and-Winds-9")


def intended_preview(owner: User, game: GameSession, fields: dict[str, Any]) -> list[str]:
    """The preview the intended hand gives, asked of the server as taps would ask it: each seat's change, or the
    engine's refusal in words (a sentence may say a hand this table's rules refuse; so would the taps)."""
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = "zh-hans"
    data = {"client_token": "phrase-e2e", "expected_number": 1, **fields}
    body = client.post(f"/sessions/{game.pk}/hands/preview/", data, headers={"HX-Request": "true"}).content.decode()
    changes = re.search(r'<ol class="seat-changes">(.*?)</ol>', body, re.S)
    if changes:
        return re.findall(r"<b[^>]*>([+-]\d+)</b>", changes.group(1))
    return [
        _words(re.sub(r"<details.*?</details>", "", item, flags=re.S))
        for item in re.findall(r"<li>(.*?)</li>", body, re.S)
    ]


def _words(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html))).strip()


def say(page: Page, sentence: str) -> None:
    box = page.locator("#phrase")
    box.click()
    wait_for(page, "() => Boolean(window.TKPhrase)")
    box.fill(sentence)


def preview_shown(page: Page) -> list[str]:
    wait_for(page, "() => Boolean(document.querySelector('#preview .seat-changes, #preview .errors'))")
    if page.locator("#preview .seat-changes").count():
        return page.locator("#preview .seat-changes b").all_inner_texts()
    # The refusal's sentence, without its folded details (as the server's copy is read above).
    shown: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('#preview .errors li')].map((item) => {
            const copy = item.cloneNode(true);
            copy.querySelectorAll('details').forEach((details) => details.remove());
            return copy.textContent.replace(/\\s+/g, ' ').trim();
        })"""
    )
    return shown


def normalised(fields: dict[str, Any]) -> dict[str, Any]:
    return {name: sorted(value) if isinstance(value, list) else value for name, value in fields.items()}


def filled_in(page: Page, wanted: dict[str, Any], patience_s: float = 5.0) -> bool:
    """Whether the form comes to hold the intended values (the box waits for a pause in dictation first)."""
    deadline = time.monotonic() + patience_s
    while page.evaluate(FORM_VALUES, list(wanted)) != wanted:
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(100)
    return True


@pytest.fixture
def keeper_phone(browser: Browser, live_server: Any, owner: User) -> Iterator[Page]:
    with phone(browser, live_server.url, owner, language="zh-hans") as page:
        yield page


@pytest.mark.parametrize("table", in_ci_only(TABLES, ci=[table for table in TABLES if table.endswith("/rule_book")]))
def test_each_sentence_typed_into_the_form_ends_in_the_intended_preview_or_asks(
    table: str, keeper_phone: Page, live_server: Any, owner: User
) -> None:
    page = keeper_phone
    game = table_session(owner, table)
    exact, missed = 0, []
    entries = corpus_of(table)
    for entry in entries:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        say(page, entry["sentence"])
        if entry["asks"] and set(entry["asks"]) <= SOFT_ASKS:
            wait_for(page, "() => Boolean(document.querySelector('.phrase-asks:not([hidden]) button'))")
            if page.locator('#hand-form button[value="save"]').is_enabled():
                exact += 1
            else:
                missed.append(f"{entry['sentence']}: Save locked by a question that need not lock it")
            continue
        if entry["asks"]:
            wait_for(page, "() => document.querySelector('#hand-form.phrase-asking') !== null")
            saving_off = page.locator('#hand-form button[value="save"]').is_disabled()
            if saving_off and not page.locator("#preview .seat-changes").is_visible():
                exact += 1
            else:
                missed.append(entry["sentence"])
            continue
        wanted = intended_preview(owner, game, entry["fields"])
        shown = preview_shown(page)
        if shown == wanted:
            exact += 1
        else:
            missed.append(f"{entry['sentence']}: {shown} ≠ {wanted}")
    print(f"{table}: {exact}/{len(entries)} in Chromium; missed {missed}")
    assert exact >= 0.95 * len(entries), missed


def test_with_the_network_cut_after_the_page_loaded_ten_sentences_of_ten_fill_in_the_form(
    keeper_phone: Page, live_server: Any, owner: User
) -> None:
    page = keeper_phone
    game = table_session(owner, "shandong/jinan_tuyoo")
    offline_on_the_hand_form(page, live_server.url, game)
    entries = [entry for entry in CORPUS if entry["table"].startswith("shandong/") and not entry["asks"]][:10]
    assert len(entries) == 10
    filled = 0
    for entry in entries:
        page.locator("#phrase").fill("")
        say(page, entry["sentence"])
        wanted = normalised(entry["fields"])
        filled += filled_in(page, wanted)
    assert filled == 10
    # What it filled in is a hand Save keeps on the phone, as taps would.
    page.locator('#hand-form button[value="save"]').click()
    wait_for(page, "() => (document.getElementById('outbox') || {}).hidden === false")


def test_a_sentence_that_leaves_out_the_discarder_asks_in_chinese_and_a_tap_answers_it(
    keeper_phone: Page, live_server: Any, owner: User
) -> None:
    page = keeper_phone
    game = table_session(owner, "dalian/rule_book")
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    say(page, "嗯 小李胡了")
    wait_for(page, "() => document.querySelector('#hand-form.phrase-asking') !== null")
    asks = page.locator(".phrase-asks")
    assert "小李怎么胡的：自摸还是谁点的炮？" in asks.inner_text()
    save = page.locator('#hand-form button[value="save"]')
    assert save.is_disabled()
    assert page.locator('#hand-form input[name="winner"][value="1"]').is_checked()
    assert page.locator("fieldset.how").evaluate("(element) => element.classList.contains('phrase-missing')")
    # The keeper taps who discarded: the question is answered, Save comes back, the figures show.
    page.locator("fieldset.how .seats4").first.locator("label.chip").filter(has_text="张姐").click()
    wait_for(page, "() => document.querySelector('#hand-form.phrase-asking') === null")
    assert save.is_enabled()
    wait_for(page, "() => document.querySelector('#preview .seat-changes') !== null")
    assert preview_shown(page) == intended_preview(owner, game, {"winner": "1", "how": "discard-2"})

    # That hand was said: this phone remembers it, and the next hand's form opens with the box focused and its
    # scripts loaded. A plain win is then the sentence and one tap, Save (the phone's taps on the form counted).
    save.click()
    wait_for(page, "() => document.getElementById('hand-form') === null")
    next_hand_said_with_taps(page, "阿强自摸")
    game.refresh_from_db()
    assert game.hand_count == 2
    assert game.rounds.get(number=2).record["wins"] == [{"seat": 3, "method": "self_draw", "patterns": []}]

    # A keeper who taps this one instead (the box left empty) is not offered the box focused again.
    page.locator(f'a[href="/sessions/{game.pk}/hands/new/"]').first.click()
    wait_for(page, "() => document.activeElement && document.activeElement.id === 'phrase'")
    page.locator('#hand-form input[name="winner"][value="0"]').locator("..").click()
    page.locator('#hand-form input[name="how"][value="self_draw"]').locator("..").click()
    page.locator('#hand-form button[value="save"]').click()
    wait_for(page, "() => document.getElementById('hand-form') === null")
    page.locator(f'a[href="/sessions/{game.pk}/hands/new/"]').first.click()
    wait_for(page, "() => Boolean(document.getElementById('hand-form'))")
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.activeElement === document.body && !window.TKPhrase")
    game.refresh_from_db()
    assert game.hand_count == 3


# Taps on the page a person made (Playwright's clicks are trusted, as a finger's are), counted from now on.
COUNT_TAPS = """() => {
    window.tapsSeen = 0;
    document.addEventListener("pointerdown", (event) => { if (event.isTrusted) window.tapsSeen += 1; }, true);
}"""


def next_hand_said_with_taps(page: Page, sentence: str) -> None:
    """From the board: 记一局, then on the form no tap but Save; the sentence typed into the box that has the focus."""
    page.locator('a.button.primary.big[href$="/hands/new/"]').click()
    wait_for(page, "() => document.activeElement && document.activeElement.id === 'phrase' && Boolean(window.TKPhrase)")
    page.evaluate(COUNT_TAPS)
    page.keyboard.type(sentence)
    wait_for(page, "() => document.querySelector('#preview .seat-changes') !== null")
    page.locator('#hand-form button[value="save"]').click()
    wait_for(page, "() => document.getElementById('hand-form') === null")
    assert page.evaluate("() => window.tapsSeen") == 1


def test_a_wild_said_by_its_face_is_saved_as_the_tile_turned_up_before_it(
    keeper_phone: Page, live_server: Any, owner: User
) -> None:
    page = keeper_phone
    game = table_session(owner, "zhengzhou/rule_book")
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    # 混是红中: by the book's one honour cycle (北 → 中) the tile turned up was 北, and that is what the form takes.
    say(page, "王姐自摸，混是红中")
    assert filled_in(page, {"winner": "0", "how": "self_draw", "turned_up": "4z"})
    wait_for(page, "() => document.querySelector('#preview .seat-changes') !== null")
    page.locator('#hand-form button[value="save"]').click()
    wait_for(page, "() => document.getElementById('hand-form') === null")
    record = game.rounds.get(number=1).record
    assert (record["turned_up"], record["treasure"]) == ("4z", "7z")
