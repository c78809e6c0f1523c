"""The printable summary on a 390×844 phone, in print media, and as an A4 PDF from headless Chromium."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tablekeeper.rules import Record
from tests.conftest import draw, make_session, record_all, stands, win
from tests.e2e.accounts import signed_in
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A4 in PostScript points (1/72 inch): 210 × 297 mm.
A4_POINTS = (595.28, 841.89)

# Every element whose box reaches past the right edge of the page, and any table wider than its box.
MEASURE_OVERFLOW = """
() => {
  const width = document.documentElement.clientWidth;
  const past = [];
  for (const el of document.querySelectorAll('main *')) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 0.5) past.push(el.tagName + '.' + el.className + ' ' + Math.round(box.right));
  }
  for (const table of document.querySelectorAll('table')) {
    if (table.scrollWidth > table.clientWidth + 1) past.push('table wider than its box: ' + table.className);
  }
  return {page: document.documentElement.scrollWidth, width, past};
}
"""


def long_finished_shandong(owner: Any) -> GameSession:
    """Enough hands for the hand table to run past one A4 page, with the longest method text."""
    game = make_session(
        owner, "shandong", player_names=["Annabelle", "Bartholomew", "Cy", "Di"], base=5, options={"cap": 16}
    )
    hands: list[Record] = []
    for number in range(60):
        if number % 5 == 4:
            hands.append(draw())
        elif number % 2:
            hands.append(win(number % 4, "discard", (number + 1) % 4))
        else:
            hands.append(win(number % 4, patterns=["all_triplets"], win_extra={"flowers": 1}))
    record_all(game, hands, owner)
    stands(services.finish_session(game, money_rate=Decimal("0.50")))
    game.refresh_from_db()
    return game


def assert_fits(page: Page, width: int) -> None:
    measured: dict[str, Any] = page.evaluate(MEASURE_OVERFLOW)
    assert measured["width"] <= width
    assert measured["page"] <= measured["width"], measured
    assert measured["past"] == []


def test_the_summary_fits_a_phone_and_prints_black_on_white_without_controls(page: Page, live_server, artifacts: Path):
    owner = signed_in(page, live_server)
    game = long_finished_shandong(owner)
    page.goto(f"{live_server.url}/sessions/{game.pk}/summary/")
    assert page.locator("tr.hand-row").count() == 60
    assert page.locator(".topbar").is_visible()
    assert_fits(page, PHONE["width"])
    page.screenshot(path=str(artifacts / "summary-phone.png"), full_page=True)
    page.locator(".summary-hands h2").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "summary-phone-hands.png"))

    page.emulate_media(media="print", color_scheme="dark")
    assert not page.locator(".topbar").is_visible()
    assert not page.locator("main .back").is_visible()
    assert not page.locator(".no-print").is_visible()
    colours = page.evaluate(
        "() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color,"
        " getComputedStyle(document.querySelector('.hand-table td.down')).color]"
    )
    # Even a phone in dark mode prints black ink on white paper.
    assert colours == ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "rgb(0, 0, 0)"]
    break_inside = page.evaluate("() => getComputedStyle(document.querySelector('tr.hand-row')).breakInside")
    assert break_inside == "avoid"
    assert_fits(page, PHONE["width"])
    page.screenshot(path=str(artifacts / "summary-print.png"), full_page=True)


def test_the_summary_prints_to_a4_pages_that_the_hand_table_fits(page: Page, live_server, artifacts: Path):
    owner = signed_in(page, live_server)
    game = long_finished_shandong(owner)
    page.goto(f"{live_server.url}/sessions/{game.pk}/summary/")
    page.emulate_media(media="print")
    # A4 less 12 mm margins each side at 96 px per inch: 186 mm ≈ 703 px across.
    page.set_viewport_size({"width": 703, "height": 1000})
    assert_fits(page, 703)
    page.screenshot(path=str(artifacts / "summary-print-a4-width.png"), full_page=True)

    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    (artifacts / "summary.pdf").write_bytes(pdf)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    # Sixty hands of rows plus the settings, standings and chart take more than one page.
    assert len(boxes) >= 2
    for width, height in boxes:
        assert float(width) == pytest.approx(A4_POINTS[0], abs=1)
        assert float(height) == pytest.approx(A4_POINTS[1], abs=1)


# How many lines each hand number takes in the summary's hand table.
HAND_NUMBER_LINES = """
() => [...document.querySelectorAll('tr.hand-row td:first-child')].map((cell) => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
  return [cell.textContent.trim(), tops.size];
})
"""


def test_hand_numbers_of_two_digits_and_more_stay_on_one_line_on_the_phone_and_on_paper(page: Page, live_server):
    owner = signed_in(page, live_server)
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    game = long_finished_shandong(owner)
    page.goto(f"{live_server.url}/sessions/{game.pk}/summary/")
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        lines = page.evaluate(HAND_NUMBER_LINES)
        assert len(lines) == 60 and lines[59][0] == "60"
        assert [number for number, count in lines if count != 1] == [], media
        assert_fits(page, PHONE["width"])
