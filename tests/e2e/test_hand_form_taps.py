"""The hand form one-handed at 390×844: facts by tapping only, every tap counted.

Each scenario taps through the form as a keeper would (no typing anywhere) and checks the tap
count against the figure reported for issue 7, the record the server stored, that nothing scrolls
sideways with 20-character names, and that every visible control is at least 44×44 px.
Screenshots go to tests/e2e/artifacts/ in both languages and both themes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Locator, Page, expect

from tablekeeper.keeping import services
from tablekeeper.keeping.forms.tiles import keyboard_rows
from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.rules import get_variant
from tablekeeper.templatetags.tile_faces import face_svg
from tests.conftest import make_session, record_all, win
from tests.e2e.accounts import signed_in
from tests.e2e.phones import offline_on_the_hand_form, phone
from tests.e2e.test_scorekeeping import board_points, engine_points

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Twenty characters each, Latin and Chinese: the widest names the form must hold at 390 px.
LONG_NAMES = [
    "Alexandria Montgomer",
    "欧阳娜娜欧阳娜娜欧阳娜娜欧阳娜娜欧阳娜",
    "Bartholomew Fairfaxe",
    "司马相如司马相如司马相如司马相如司马相",
]
LANGUAGES_AND_THEMES = [("en", "light"), ("zh-hans", "dark"), ("zh-hans", "light"), ("en", "dark")]


class Taps:
    """Every tap the keeper makes goes through here, so the test can say how many it took."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def on(self, selector: str | Locator) -> None:
        target = self.page.locator(selector) if isinstance(selector, str) else selector
        target.click()
        self.count += 1

    def chip(self, name: str, value: str) -> None:
        self.on(f'#hand-form label.chip:has(input[name="{name}"][value="{value}"])')

    def tile(self, field: str, face: str) -> None:
        """Open the tile picker for `field`, then tap the tile: two taps."""
        self.on(f'#hand-form button.pick[data-pick="f-{field}"]')
        self.on(f'.tile-keyboard.picking button[data-tile="{face}"]')

    def save(self) -> None:
        expect(self.page.locator("#preview .seat-changes")).to_be_visible()
        self.on("#hand-form button[value=save]")
        self.page.wait_for_url("**/sessions/*/")


def open_form(page: Page, base_url: str, game: GameSession) -> Taps:
    page.goto(f"{base_url}/sessions/{game.pk}/hands/new/")
    return Taps(page)


def assert_fits_and_taps_are_large(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the form is {width}px wide on a 390px phone"
    small = page.evaluate(
        """() => [...document.querySelectorAll('#hand-form label.chip, #hand-form button, #hand-form summary,'
                 + ' #hand-form .stepper input, #hand-form a')]
            .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false }))
            .map((el) => [el.textContent.trim().slice(0, 20), el.getBoundingClientRect()])
            .filter(([, box]) => box.width > 0 && (box.width < 44 || box.height < 44))
            .map(([text, box]) => `${text} ${Math.round(box.width)}×${Math.round(box.height)}`)"""
    )
    assert not small, f"tap targets under 44×44 px: {small}"


def assert_nothing_hidden_behind_the_bar(page: Page) -> None:
    """Scrolled to the end, the form's last control ends above the fixed preview bar."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    bar = page.locator("#hand-form .save-bar").bounding_box()
    last = page.locator("#hand-form details.more > summary").bounding_box()
    assert bar is not None and last is not None
    assert last["y"] + last["height"] <= bar["y"] + 1, (last, bar)


def shoot(page: Page, artifacts: Path, name: str, language: str, theme: str) -> None:
    page.screenshot(path=str(artifacts / f"form-{name}-{language}-{theme}.png"), full_page=False)


def test_a_keeper_records_zhengzhou_side_bets_once_and_they_carry_to_the_next_hand(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    """In both languages and both themes, a session each."""
    for language, theme in LANGUAGES_AND_THEMES:
        game = make_session(owner, "zhengzhou", player_names=LONG_NAMES)
        with phone(browser, live_server.url, owner, language, theme) as page:
            taps = open_form(page, live_server.url, game)
            # Self-draw is Zhengzhou's only way to win (no allow_discard_win): chosen already.
            expect(page.locator('input[name="how"][value="self_draw"]')).to_be_checked()
            taps.chip("winner", "1")
            for seat, taps_up in ((0, 1), (2, 2)):
                for _ in range(taps_up):
                    taps.on(f'.side-bets .stepper:has(input[name="side_bet_{seat}"]) button[data-step="1"]')
            expect(page.locator("#preview .seat-changes")).to_be_visible()
            assert_fits_and_taps_are_large(page)
            shoot(page, artifacts, "zhengzhou-side-bets", language, theme)
            taps.save()
            assert taps.count == 5, "winner, three side-bet taps, Save"

            taps = open_form(page, live_server.url, game)
            for seat, bet in enumerate(["1", "0", "2", "0"]):
                expect(page.locator(f'input[name="side_bet_{seat}"]')).to_have_value(bet)
            taps.chip("winner", "3")
            shoot(page, artifacts, "zhengzhou-carried", language, theme)
            taps.save()
            assert taps.count == 2, "the side bets carried: winner and Save only"
        records = [round_.record for round_ in Round.objects.filter(session=game).order_by("number")]
        side_bets = [{"side_bet": 1}, {}, {"side_bet": 2}, {}]
        assert records == [
            {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": []}], "seats": side_bets},
            {"result": "win", "wins": [{"seat": 3, "method": "self_draw", "patterns": []}], "seats": side_bets},
        ]


def test_a_keeper_records_a_dalian_kong_and_the_tile_turned_up_by_tapping_tiles(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    """In both languages and both themes, a session each."""
    for language, theme in LANGUAGES_AND_THEMES:
        game = make_session(owner, "dalian", player_names=LONG_NAMES, base=1)
        with phone(browser, live_server.url, owner, language, theme) as page:
            taps = open_form(page, live_server.url, game)
            taps.chip("winner", "2")
            taps.chip("how", "self_draw")
            taps.on("#hand-form details.more > summary")
            taps.chip("ready_2", "ready")  # 报听: Dalian shows the treasure only once someone is ready
            taps.chip("kong_seat_0", "2")
            taps.chip("kong_kind_0", "concealed")
            # Only an exposed or added kong asks whose discard it was.
            expect(page.locator('.kong-row[data-row="0"] .kong-from')).to_be_hidden()
            taps.on('#hand-form button.pick[data-pick="f-kong_tile_0"]')
            expect(page.locator(".tile-keyboard.picking")).to_be_visible()
            shoot(page, artifacts, "dalian-tile-picker", language, theme)
            taps.on('.tile-keyboard.picking button[data-tile="5m"]')
            taps.tile("turned_up", "8p")  # the tile turned up: the treasure is the one after it, 9p
            expect(page.locator('#hand-form button.pick[data-pick="f-turned_up"] svg.tf')).to_be_visible()
            expect(page.locator("#preview .seat-changes")).to_contain_text("+12")
            assert_fits_and_taps_are_large(page)
            assert_nothing_hidden_behind_the_bar(page)
            page.locator(".kongs").scroll_into_view_if_needed()
            shoot(page, artifacts, "dalian-kong-treasure", language, theme)
            taps.save()
            assert taps.count == 11, "winner, self-draw, More, ready, kong seat, kind, tile ×2, turned up ×2, Save"
        assert Round.objects.get(session=game, number=1).record == {
            "result": "win",
            "wins": [{"seat": 2, "method": "self_draw", "patterns": []}],
            "seats": [{}, {}, {"ready": "ready"}, {}],
            "kongs": [{"seat": 2, "kind": "concealed", "tile": "5m"}],
            "treasure": "9p",
            "turned_up": "8p",
        }


def test_the_common_hands_take_few_taps(browser: Browser, live_server, owner: User, artifacts: Path):
    """The tap counts reported for issue 7: a plain win, a win with an exposed kong, a Shenyang draw
    with a penalty."""
    shandong = make_session(owner, "shandong", base=5)
    shenyang = make_session(owner, "shenyang", base=2)
    with phone(browser, live_server.url, owner) as page:
        taps = open_form(page, live_server.url, shandong)
        taps.chip("winner", "1")
        taps.chip("how", "discard-3")
        taps.save()
        assert taps.count == 3, "a plain win: winner, discarder, Save"

        taps = open_form(page, live_server.url, shandong)
        taps.chip("winner", "2")
        taps.chip("how", "discard-0")
        taps.on("#hand-form details.more > summary")
        taps.chip("kong_seat_0", "2")
        taps.chip("kong_kind_0", "exposed")
        taps.chip("kong_from_0", "3")
        taps.tile("kong_tile_0", "7s")
        taps.save()
        assert taps.count == 9, "winner, discarder, More, kong seat, kind, from, tile ×2, Save"

        taps = open_form(page, live_server.url, shenyang)
        taps.chip("winner", "draw")
        taps.on("#hand-form details.more > summary")
        taps.chip("penalty_kind_0", "revealed_tiles")
        taps.chip("penalty_seat_0", "2")
        page.locator(".penalties").scroll_into_view_if_needed()
        shoot(page, artifacts, "shenyang-penalty", "en", "light")
        taps.save()
        assert taps.count == 5, "Draw, More, penalty kind, who, Save"
    assert Round.objects.get(session=shandong, number=2).record["kongs"] == [
        {"seat": 2, "kind": "exposed", "tile": "7s", "from": 3}
    ]
    assert Round.objects.get(session=shenyang, number=1).record == {
        "result": "draw",
        "penalties": [{"kind": "revealed_tiles", "seat": 2, "count": 1}],
    }


@pytest.mark.parametrize(("language", "theme"), LANGUAGES_AND_THEMES[:2])
def test_an_edit_shows_that_hands_dealer_and_lists_the_later_hands_it_changes_before_saving(
    browser: Browser, live_server, owner: User, artifacts: Path, language: str, theme: str
):
    game = make_session(owner, "dalian", base=1)
    # Ann deals hand 1 and Bo wins it, so Bo deals hand 2 and wins again; Cy wins hand 3.
    record_all(game, [win(1), win(1), win(2)], owner)
    dealer_of_hand_2 = services.table_before(game, 2)[0]["dealer"]
    assert dealer_of_hand_2 == 1
    with phone(browser, live_server.url, owner, language, theme) as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/2/edit/")
        # The table as hand 2 was dealt (Bo), not today's dealer (Cy), and hand 2 scored as it stands.
        expect(page.locator(".table-line")).to_contain_text("Bo")
        expect(page.locator('label.seat-chip:has(input[value="1"]) i')).to_have_text("庄")
        expect(page.locator("#preview .seat-changes")).to_be_visible()
        shoot(page, artifacts, "edit-opened", language, theme)

        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/1/edit/")
        page.locator('#hand-form label.chip:has(input[name="winner"][value="0"])').click()
        expect(page.locator("#preview .seat-changes")).to_be_visible()
        page.locator("#hand-form button[value=save]").click()
        # Ann keeps the deal: hand 2 and hand 3 are scored differently; the keeper is asked first.
        listed = page.locator(".later-changes")
        expect(listed).to_be_visible()
        expect(listed).to_contain_text("2")
        expect(listed).to_contain_text("→")
        assert Round.objects.get(session=game, number=1).record == win(1), "nothing saved before the keeper agrees"
        shoot(page, artifacts, "edit-later-hands", language, theme)
        page.locator("#hand-form button[value=save]").click()
        page.wait_for_url(f"**/sessions/{game.pk}/")
    assert Round.objects.get(session=game, number=1).record == win(0)


def test_side_bets_carry_to_the_next_hand_kept_on_the_phone_without_a_network(
    browser: Browser, live_server, owner: User
):
    game = make_session(owner, "zhengzhou")
    with phone(browser, live_server.url, owner) as page:
        offline_on_the_hand_form(page, live_server.url, game)
        page.locator('.side-bets .stepper:has(input[name="side_bet_2"]) button[data-step="1"]').click()
        page.locator('#hand-form label.chip:has(input[name="winner"][value="1"])').click()
        page.locator("#hand-form button[value=save]").click()
        expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
        expect(page.locator("#hand-form h1")).to_have_text("Hand 2")
        # A blank form for hand 2, but the table's side bets stay as they were.
        expect(page.locator('input[name="side_bet_2"]')).to_have_value("1")
        expect(page.locator('input[name="winner"]:checked')).to_have_count(0)
        expect(page.locator('input[name="how"][value="self_draw"]')).to_be_checked()
        page.context.set_offline(False)
        expect(page.locator("#outbox")).to_contain_text("All hands kept on this phone were sent.", timeout=20_000)
    assert Round.objects.get(session=game).record["seats"] == [{}, {}, {"side_bet": 1}, {}]


@pytest.mark.parametrize(("language", "theme"), LANGUAGES_AND_THEMES[:2])
def test_the_hand_page_fits_says_what_was_entered_and_asks_before_a_delete_moves_the_deal(
    browser: Browser, live_server, owner: User, artifacts: Path, language: str, theme: str
):
    game = make_session(owner, "dalian", base=1, player_names=LONG_NAMES)
    ready = [{}, {}, {"ready": "ready"}, {}]
    kong = [{"seat": 2, "kind": "concealed", "tile": "5m"}]
    record_all(game, [win(2, seats=ready, kongs=kong, treasure="9p"), win(2), win(3)], owner)
    with phone(browser, live_server.url, owner, language, theme) as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/1/")
        page.locator("section.card > details > summary").first.click()
        expect(page.locator("section.card > details ul.lines").first).to_contain_text("5")
        # Two taps delete: the first asks, and the answer lists what the delete changes.
        page.locator(".actions form button[type=submit]").click()
        # Deleting hand 1 hands the deal of hand 2 to someone else: listed before anything is deleted.
        expect(page.locator("#confirm-delete .later-changes")).to_contain_text("→")
        assert Round.objects.filter(session=game).count() == 3
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the hand page is {width}px wide"
        small = page.evaluate(
            """() => [...document.querySelectorAll('main button, main summary, main a')]
                .filter((el) => el.checkVisibility())
                .map((el) => [el.textContent.trim().slice(0, 20), el.getBoundingClientRect()])
                .filter(([, box]) => box.width < 44 || box.height < 44)
                .map(([text, box]) => `${text} ${Math.round(box.width)}×${Math.round(box.height)}`)"""
        )
        assert not small, f"tap targets under 44×44 px: {small}"
        page.screenshot(path=str(artifacts / f"hand-page-delete-{language}-{theme}.png"), full_page=True)
        page.locator("#confirm-delete button.danger").click()
        page.wait_for_url(f"**/sessions/{game.pk}/")
    assert Round.objects.filter(session=game).count() == 2


def test_the_reasons_open_as_a_sheet_over_the_bar_and_the_tiles_verdict_shows_in_full(
    browser: Browser, live_server, owner: User, artifacts: Path
):
    game = make_session(owner, "shandong", base=5)
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
        page.locator('#hand-form label.chip:has(input[name="winner"][value="1"])').click()
        page.locator('#hand-form label.chip:has(input[name="how"][value="discard-0"])').click()
        page.locator("#hand-form details.more > summary").click()
        keys = "[ 1m 1m 1m ] [ 4p 4p 4p ] 7s 7s 7s 2s 2s 5s 5s + 5s"
        for key in keys.split():
            page.locator(f'.tile-keyboard button[data-{"tile" if len(key) == 2 else "insert"}="{key}"]').click()
        expect(page.locator("#tiles-input")).to_have_value("[111m][444p]7772255s+5s")
        verdict = page.locator("#preview .tile-verdict.legal")
        expect(verdict).to_be_visible()
        bar = page.locator("#hand-form .save-bar").bounding_box()
        box = verdict.bounding_box()
        assert bar is not None and box is not None
        assert box["y"] >= bar["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"], "the verdict is cut"
        assert bar["height"] < 844 * 0.25, f"the bar takes {bar['height']}px of an 844px screen"
        page.locator("#preview .why > summary").click()
        sheet = page.locator("#preview .why-body")
        expect(sheet).to_be_visible()
        expect(sheet).to_contain_text("碰碰胡")
        page.screenshot(path=str(artifacts / "form-why-sheet-zh-hans-light.png"))


def type_tiles(page: Page, keys: str) -> None:
    """Tap keys: a tile as '5s', a mark as '[' ']' '(' ')' '+', backspace as '<'."""
    for token in re.findall(r"\d[mpsz]|[\[\]()+<]", keys):
        if token == "<":
            page.locator('.tile-keyboard button[data-action="back"]').click()
        elif len(token) == 2:
            page.locator(f'.tile-keyboard button[data-tile="{token}"]').click()
        else:
            page.locator(f'.tile-keyboard button[data-insert="{token}"]').click()


def test_the_tile_keyboard_writes_the_notation_and_the_engine_judges_it(page: Page, live_server, artifacts: Path):
    user = signed_in(page, live_server)
    game = make_session(user, "shandong", base=5)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    page.locator("fieldset.winner label.chip").filter(has_text="Bo").click()
    page.locator("fieldset.how .seats4").first.locator("label.chip").filter(has_text="Ann").click()
    page.locator("details.more > summary").click()
    expect(page.locator(".tile-keyboard")).to_be_visible()
    type_tiles(page, "[1m1m1m][4p4p4p]7s7s7s2s2s5s9s<5s+5s")
    expect(page.locator("#tiles-input")).to_have_value("[111m][444p]7772255s+5s")
    expect(page.locator("#preview .tile-verdict.legal")).to_contain_text("The tiles are a legal win.")
    expect(page.locator("#preview .lines")).to_contain_text("The tiles show All triplets for Bo.")
    # RULES.md §4.6: (5 + all triplets 2) × 2 = 14 from Ann, proved by the tiles with no chip tapped.
    expect(page.locator("#preview .seat-changes")).to_contain_text("+14")
    page.screenshot(path=str(artifacts / "tile-keyboard.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the keyboard is wider than the phone"

    page.locator('.tile-keyboard button[data-action="clear"]').click()
    type_tiles(page, "[1m2m3m][4p5p6p]7s8s9s1z1z2s3s+1s")
    expect(page.locator("#tiles-input")).to_have_value("[123m][456p]789s11z23s+1s")
    expect(page.locator("#preview .tile-verdict.illegal")).to_contain_text("The tiles are not a legal win")
    expect(page.locator("#preview .errors")).to_contain_text("2s, 5s or 8s")


@pytest.mark.parametrize("variant", ["harbin", "zhengzhou"])
def test_the_keys_the_script_draws_are_the_servers_tile_faces_named_in_chinese(page: Page, live_server, variant: str):
    user = signed_in(page, live_server)
    game = make_session(user, variant, base=5)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    page.locator("details.more > summary").click()
    expect(page.locator(".tile-keyboard")).to_be_visible()
    keys = page.evaluate(
        """() => [...document.querySelectorAll('.tile-keyboard .key[data-tile]')]
            .map((key) => [key.dataset.tile, key.getAttribute('aria-label'), key.innerHTML])"""
    )
    expected = [key for row in keyboard_rows(get_variant(variant)) for key in row]
    assert [face for face, _label, _svg in keys] == [key.face for key in expected]
    assert [label for _face, label, _svg in keys] == [f"{key.number}{key.word}" for key in expected]
    # The same markup as the server's drawing once the browser has read both.
    servers = page.evaluate(
        """(faces) => faces.map((svg) => { const box = document.createElement('div'); box.innerHTML = svg;
            return box.innerHTML; })""",
        [str(face_svg(face)) for face, _label, _svg in keys],
    )
    for (face, _label, drawn), server in zip(keys, servers, strict=True):
        assert drawn == server, face
    # Every key is a tap target of 44×44 px at least, and the winning tiles typed are drawn as faces.
    small = page.evaluate(
        """() => [...document.querySelectorAll('.tile-keyboard .key')].map((key) => key.getBoundingClientRect())
            .filter((box) => box.width < 44 || box.height < 44).length"""
    )
    assert small == 0
    type_tiles(page, "[1m1m1m]")
    expect(page.locator(".tiles-faces .group.claimed svg")).to_have_count(3)


def test_two_players_win_on_one_discard_from_the_form(page: Page, live_server, artifacts: Path):
    user = signed_in(page, live_server)
    game = make_session(user, "shandong", base=5)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    page.locator("fieldset.winner label.chip").filter(has_text="Bo").click()
    page.locator("fieldset.how .seats4").first.locator("label.chip").filter(has_text="Ann").click()
    page.locator("details.more-winners > summary").click()
    second = page.locator('fieldset.extra-winner[data-extra="1"]')
    # Neither the first winner nor the discarder can be tapped as a second winner.
    expect(second.locator('input[name="extra_winner_1"][value="0"]')).to_be_disabled()
    expect(second.locator('input[name="extra_winner_1"][value="1"]')).to_be_disabled()
    second.locator("label.chip").filter(has_text="Cy").click()
    expect(page.locator("#preview .seat-changes")).to_contain_text("-10")
    page.screenshot(path=str(artifacts / "hand-form-two-winners.png"), full_page=True)
    page.locator(".save-bar button[value=save]").click()
    page.wait_for_url(f"**/sessions/{game.pk}/")
    game.refresh_from_db()
    assert [win["seat"] for win in game.rounds.get().record["wins"]] == [1, 2]
    assert board_points(page) == engine_points(game) == [990, 1005, 1005, 1000]


def test_a_fixed_wild_is_framed_and_named_and_a_count_is_stepped_then_saved(
    browser: Browser, live_server, owner: User, new_variant: str
):
    """A folder's tile wild in every hand (红中) is framed wherever the keyboard draws it and named on its key; a
    count the keeper enters (bird hits) is a stepper bounded by the table's house rule and lands in the record."""
    info = get_variant(new_variant)
    wilds = info["wilds"]
    wild = wilds["face"] if wilds is not None else None
    if wilds is None or not wild or not info["counts"]:
        pytest.skip(f"{new_variant} has no fixed wild or no count the keeper enters")
    count = info["counts"][0]
    game = make_session(owner, new_variant, base=1)
    with phone(browser, live_server.url, owner, "zh-hans") as page:
        taps = open_form(page, live_server.url, game)
        taps.chip("winner", "1")
        if page.locator('#hand-form input[name="how"][value="self_draw"]').count():
            taps.chip("how", "self_draw")
        stepper = page.locator(f'.stepper:has(input[name="counts_{count["id"]}"])')
        for _ in range(2):
            taps.on(stepper.locator('button[data-step="1"]'))
        expect(stepper.locator("input")).to_have_value("2")
        taps.on("#hand-form details.more > summary")
        key = page.locator(f'.tile-keyboard button[data-tile="{wild}"]')
        expect(key).to_have_attribute("aria-label", re.compile(re.escape(f"({wilds['name']['zh']})") + "$"))
        assert key.locator("svg").evaluate("(svg) => getComputedStyle(svg).outlineStyle") == "solid"
        plain = page.locator('.tile-keyboard button[data-tile="1m"] svg')
        assert plain.evaluate("(svg) => getComputedStyle(svg).outlineStyle") == "none"
        type_tiles(page, "1m2m3m4p5p6p7s8s9s5s" + wild + wild + "9m+9m")
        drawn = page.locator('.tiles-faces[data-faces-of="tiles-input"] svg.wild')
        expect(drawn).to_have_count(2)
        taps.save()
    record = Round.objects.get(session=game, number=1).record
    assert record["counts"] == {count["id"]: 2}
    assert record["wins"][0]["tiles"] == f"123m456p7895s{wild[0]}{wild[0]}{wild[1]}9m+9m"


def test_a_chip_is_a_finger_wide_however_narrow_its_label_is_drawn(page: Page, live_server):
    """No CJK font on a phone (or on CI) draws two characters in 42 px: a chip's width must not depend on the font.
    The narrowest labels there are, in every kind of chip the form has, still leave it 44 px wide."""
    owner = signed_in(page, live_server)
    game = make_session(owner, "dalian", base=1)
    page.goto(f"{live_server.url}/sessions/{game.pk}/hands/new/")
    page.locator("#hand-form details.more > summary").click()
    widths = page.evaluate(
        """() => [...document.querySelectorAll('#hand-form label.chip')]
            .filter((chip) => chip.checkVisibility())
            .map((chip) => {
                chip.querySelector(':scope > span').textContent = 'i';
                return Math.round(chip.getBoundingClientRect().width);
            })"""
    )
    assert len(widths) > 10 and min(widths) >= 44, widths
