"""What a person notices on a 390×844 phone: tap targets, sideways scrolling, labels, Chinese mode."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tablekeeper.keeping.models import GameSession
from tests.conftest import draw, make_session, record_all, win
from tests.e2e.accounts import signed_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Apple's and Android's guidance for something a finger must hit.
MIN_TAP = 44
# The tile keyboard puts nine keys across the phone, as a phone's own keyboard puts ten: they
# cannot be 44px wide, so they are taller instead (a phone keyboard's keys are about 32px wide).
MIN_KEY_WIDTH = 36
# Every visible control, measured where a finger would hit it: a chip's label, not its hidden radio.
MEASURE_TAP_TARGETS = """
() => {
  const hit = (el) => el.closest('label') || el;
  const seen = new Set();
  const found = [];
  for (const el of document.querySelectorAll('a[href], button, select, input, textarea, summary')) {
    const target = el.matches('input[type=radio], input[type=checkbox]') ? hit(el) : el;
    if (seen.has(target)) continue;
    seen.add(target);
    // A control inside a closed <details> (other than its own summary) is not on the screen to tap.
    let folded = false;
    for (let d = target.parentElement && target.parentElement.closest('details'); d;
         d = d.parentElement && d.parentElement.closest('details')) {
      if (!d.open && !(target.tagName === 'SUMMARY' && target.parentElement === d)) { folded = true; break; }
    }
    if (folded) continue;
    const box = target.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
    // Links inside a sentence are text, sized by the line; a finger still needs a tall enough line.
    const inline = target.tagName === 'A' && getComputedStyle(target).display === 'inline';
    found.push({
      what: (target.innerText || target.getAttribute('name') || target.tagName).trim().slice(0, 40),
      width: Math.round(box.width), height: Math.round(box.height), inline,
      key: target.matches('.tile-keyboard .key'),
    });
  }
  return found;
}
"""


def small_targets(page: Page) -> list[dict[str, Any]]:
    targets: list[dict[str, Any]] = page.evaluate(MEASURE_TAP_TARGETS)
    return [
        t
        for t in targets
        if not t["inline"] and (t["height"] < MIN_TAP or t["width"] < (MIN_KEY_WIDTH if t["key"] else MIN_TAP))
    ]


def assert_no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"


def played_shandong(owner: Any) -> GameSession:
    game = make_session(owner, "shandong", player_names=["Ann", "Bo", "Cy", "Di"], base=5)
    record_all(game, [win(1, "discard", 0), draw(), win(2, "self_draw")], owner)
    return game


def open_more(page: Page) -> None:
    page.locator("details.more > summary").click()


def test_every_control_on_the_main_pages_is_big_enough_for_a_finger(page: Page, live_server, artifacts: Path):
    owner = signed_in(page, live_server)
    game = played_shandong(owner)
    base = f"{live_server.url}/sessions/{game.pk}"
    problems: dict[str, list[dict[str, Any]]] = {}
    for name, url in [
        ("board", f"{base}/"),
        ("history", f"{base}/hands/"),
        ("hand", f"{base}/hands/1/"),
        ("start", f"{live_server.url}/sessions/new/"),
        ("list", f"{live_server.url}/sessions/"),
        ("share", f"{base}/share/"),
    ]:
        page.goto(url)
        for summary in page.locator("main details > summary").all():
            summary.click()
        assert_no_sideways_scroll(page)
        problems[name] = small_targets(page)
    page.goto(f"{base}/hands/new/")
    open_more(page)
    assert_no_sideways_scroll(page)
    problems["hand form with More open"] = small_targets(page)
    assert {name: found for name, found in problems.items() if found} == {}


# Each Chinese name set beside English text, with the visible gap between them on the same line.
MEASURE_GAPS = """
() => {
  const gaps = [];
  for (const zh of document.querySelectorAll('main [lang=zh]')) {
    const before = zh.previousSibling;
    if (!before || before.nodeType !== Node.TEXT_NODE || !/[A-Za-z)]\\s*$/.test(before.textContent)) continue;
    const range = document.createRange();
    // Up to the last letter: a space, if any, must show as the gap, not inside the text's box.
    range.setStart(before, 0);
    range.setEnd(before, before.textContent.replace(/\\s+$/, '').length);
    const rects = range.getClientRects();
    if (!rects.length) continue;
    const text = rects[rects.length - 1];
    const box = zh.getBoundingClientRect();
    if (box.width === 0 || Math.abs(box.top - text.top) > text.height / 2) continue;
    gaps.push({label: (before.textContent.trim() + '|' + zh.innerText).slice(-40), gap: box.left - text.right});
  }
  return gaps;
}
"""


def test_a_chinese_label_beside_an_english_one_is_separated_by_a_visible_space(page: Page, live_server):
    owner = signed_in(page, live_server)
    game = played_shandong(owner)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    open_more(page)
    page.locator("details.rob > summary").click()
    gaps: list[dict[str, Any]] = page.evaluate(MEASURE_GAPS)
    assert any(gap["label"].startswith("Robbed a kong") for gap in gaps)
    assert [gap for gap in gaps if gap["gap"] < 2] == []


# English a keeper would see on the main flow if a translation were missing.
ENGLISH_ON_THE_MAIN_FLOW = [
    "Record hand",
    "History",
    "Share",
    "Undo last hand",
    "Finish session",
    "Who won?",
    "How?",
    "Patterns",
    "Save hand",
    "Robbed a kong",
    "Winning tiles",
    "Closed",
    "Penalties",
    "Manual adjustment",
    "Last hand",
    "Dealer",
]


def test_in_chinese_the_board_and_hand_form_show_no_english_of_the_main_flow(page: Page, live_server):
    owner = signed_in(page, live_server)
    game = played_shandong(owner)
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    seen: dict[str, list[str]] = {}
    for name, path in [("board", "/"), ("form", "/hands/new/"), ("history", "/hands/")]:
        page.goto(f"{live_server.url}/sessions/{game.pk}{path}")
        if name == "form":
            open_more(page)
        body = page.locator("main").inner_text()
        seen[name] = [english for english in ENGLISH_ON_THE_MAIN_FLOW if english in body]
    assert {name: found for name, found in seen.items() if found} == {}


LATIN_OUTSIDE_NAMES = """
(names) => [...document.querySelectorAll('ul.lines li')].map((li) => li.innerText)
  .filter((text) => /[A-Za-z]/.test(names.reduce((left, name) => left.split(name).join(''), text)))
"""


def test_in_chinese_the_preview_the_history_and_a_hands_page_give_every_reason_in_chinese(
    page: Page, live_server, artifacts: Path
):
    owner = signed_in(page, live_server)
    game = played_shandong(owner)
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    names = ["Ann", "Bo", "Cy", "Di"]

    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    page.locator("fieldset.winner label.chip").filter(has_text="Di").click()
    page.locator('fieldset.how label.chip:has(input[value="self_draw"])').click()
    preview = page.locator("#preview ul.lines")
    # Cy dealt the last hand and won it; Di self-draws now: (5) × 2 = 10 from each of the three.
    expect(preview).to_contain_text("Di自摸胡牌。")
    expect(preview).to_contain_text("Ann付给Di 10 分：底分 5 × （自摸 ×2） = 10")
    assert page.evaluate(LATIN_OUTSIDE_NAMES, names) == []
    page.screenshot(path=str(artifacts / "preview-in-chinese.png"), full_page=True)

    # The history keeps one row per hand; a hand's reasons are on its own page, one tap away.
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/")
    assert page.evaluate(LATIN_OUTSIDE_NAMES, names) == []
    page.locator(f'a[href="/sessions/{game.pk}/hands/1/"]').first.click()
    expect(page.locator("ul.lines").first).to_be_visible()
    assert page.evaluate(LATIN_OUTSIDE_NAMES, names) == []
    assert page.locator("ul.lines li").count() >= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the reasons are wider than the phone"
