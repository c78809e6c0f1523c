"""Corrections you can follow (issue 24, item 8): a later hand whose points a correction moved says on
its own record what moved, by how much and why; an edit's record says its hand's points before and
after; the share board's line says what the correction changed; the summary marks corrected hands.
Every expected figure is read from the hands as stored before and after the correction."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction, GameSession, Round
from tablekeeper.rules import Record
from tests.conftest import HTMX, draw, make_session, record_all, signed_in, stands, win
from tests.hypothesis_profiles import examples
from tests.keeping.test_corrections import shenyang_hands

pytestmark = pytest.mark.django_db

NAMES = ["老王", "小李", "阿强", "大刘"]
ENGLISH = ["Ann", "Bo", "Cy", "Di"]
# Shenyang pays the dealer double: moving hand 1's win from the dealer (seat 0) to seat 1 moves the
# deal, so hand 2's self-draw by seat 0 pays less; the draw (hand 3) moves no points either way.
HANDS = [win(0), win(0), draw(), win(2)]
# The same with hand 1 won by seat 1: deleting it gives the deal back to seat 0 for hand 2 on.
PASSED_DEAL = [win(1), win(0), draw(), win(2)]


def away_from_the_deal(hands: int) -> list[Record]:
    """Each hand self-drawn by the seat across from the dealer, so the deal passes on every hand.
    With hand 1 given to the dealer, every later dealer is the seat before, never the winner: the
    deal stays one seat behind for good and every later hand's dealer, who pays double, differs."""
    return [win((number + 1) % 4) for number in range(1, hands + 1)]


def shenyang(owner: User, names: list[str] = ENGLISH, hands: list[Record] = HANDS) -> GameSession:
    game = make_session(owner, "shenyang", player_names=names, base=10)
    record_all(game, hands, owner)
    return game


Figures = dict[uuid.UUID, tuple[int, list[int], int]]


def figures(game: GameSession) -> Figures:
    """Each hand's number, points and pot change, by its key."""
    rows = Round.objects.filter(session=game).values_list("key", "number", "deltas", "pot_delta")
    return {key: (number, list(deltas), pot) for key, number, deltas, pot in rows}


def points(amount: int) -> str:
    """As a score sheet writes a hand's points: +60, −40 with a true minus sign, 0."""
    return f"{amount:+d}".replace("-", "\u2212") if amount else "0"


def moves(before: list[int], after: list[int], names: list[str], sep: str = " → ") -> list[str]:
    """What a page says of each seat whose points moved: "Ann +60 → +40"."""
    seats = zip(names, before, after, strict=True)
    return [f"{name} {points(old)}{sep}{points(new)}" for name, old, new in seats if old != new]


def hand_page(client: Any, game: GameSession, number: int, **headers: str) -> str:
    response = client.get(f"/sessions/{game.pk}/hands/{number}/", headers=headers)
    assert response.status_code == 200
    return str(response.content.decode()).split('class="card audit"', 1)[1]


def summary_text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --- what a correction writes


def test_an_edit_notes_each_later_hand_whose_points_moved_and_no_other(owner):
    game = shenyang(owner)
    before = figures(game)
    stands(services.edit_hand(game, 1, win(1), user=owner))
    after = figures(game)
    moved = {key for key in after if after[key] != before[key] and after[key][0] > 1}
    still = {key for key in after if after[key] == before[key]}
    assert moved and still  # the draw (hand 3) keeps its points: the case is not vacuous

    notes = list(Correction.objects.filter(session=game, action=Correction.Action.RESCORED_BY))
    edit = Correction.objects.get(session=game, action=Correction.Action.EDIT)
    assert {note.hand_key for note in notes} == moved
    for note in notes:
        assert note.cause == edit and note.who == owner and note.number == after[note.hand_key][0]
        assert note.points == {
            "before": before[note.hand_key][1],
            "after": after[note.hand_key][1],
            "pot_before": before[note.hand_key][2],
            "pot_after": after[note.hand_key][2],
        }
    first = Round.objects.get(session=game, number=1).key
    assert edit.points == {
        "before": before[first][1],
        "after": after[first][1],
        "pot_before": before[first][2],
        "pot_after": after[first][2],
    }


def test_a_delete_notes_the_renumbered_later_hands_it_moved_under_their_new_numbers(owner):
    game = shenyang(owner, hands=PASSED_DEAL)
    before = figures(game)
    stands(services.delete_hand(game, 1, user=owner))
    after = figures(game)
    notes = {note.hand_key: note for note in Correction.objects.filter(action=Correction.Action.RESCORED_BY)}
    assert set(notes) == {key for key in after if after[key][1:] != before[key][1:]}
    assert notes and all(note.number == after[key][0] == before[key][0] - 1 for key, note in notes.items())
    assert {note.cause.action if note.cause else None for note in notes.values()} == {"delete"}


def test_an_edit_that_moves_no_points_notes_nothing_on_the_later_hands(owner):
    game = shenyang(owner)
    stands(services.edit_hand(game, 3, draw(), user=owner))
    assert not Correction.objects.filter(action=Correction.Action.RESCORED_BY).exists()
    edit = Correction.objects.get(action="edit")
    assert edit.points is not None and edit.points["before"] == edit.points["after"] == [0, 0, 0, 0]


@settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    records=st.lists(shenyang_hands(), min_size=2, max_size=12),
    action=st.sampled_from(["edit", "delete"]),
    number=st.integers(1, 12),
    replacement=shenyang_hands(),
)
def test_any_correction_notes_exactly_the_later_hands_whose_points_it_moved(
    owner, records, action, number, replacement
):
    game = make_session(owner, "shenyang", base=2)
    record_all(game, records)
    number = min(number, game.hand_count)
    before = figures(game)
    changed = Round.objects.get(session=game, number=number).key
    if action == "edit":
        outcome: object = services.edit_hand(game, number, replacement, user=owner)
    else:
        outcome = services.delete_hand(game, number, user=owner)
    if isinstance(outcome, services.HandRejected):
        assert not Correction.objects.filter(session=game, action=Correction.Action.RESCORED_BY).exists()
        return
    assert not isinstance(outcome, services.Conflict | services.NeedsConfirmation), outcome
    after = figures(game)
    notes = {
        note.hand_key: note.points
        for note in Correction.objects.filter(session=game, action=Correction.Action.RESCORED_BY)
    }
    later = {key for key in after if key != changed}
    assert set(notes) == {key for key in later if after[key][1:] != before[key][1:]}
    for key, points in notes.items():
        assert points == {
            "before": before[key][1],
            "after": after[key][1],
            "pot_before": before[key][2],
            "pot_after": after[key][2],
        }


def _inserts_into_the_trail(queries: CaptureQueriesContext) -> int:
    table = Correction._meta.db_table
    # SQLite's one statement run for many rows is logged as "299 times: INSERT ...".
    return sum(1 for query in queries.captured_queries if f'INSERT INTO "{table}"' in query["sql"])


@pytest.mark.parametrize("hands", [20, 300])
def test_noting_every_later_hand_of_a_long_session_costs_one_insert_more(owner, hands):
    game = make_session(owner, "shenyang", base=10)
    record_all(game, away_from_the_deal(hands))
    before = figures(game)
    with CaptureQueriesContext(connection) as queries:
        stands(services.edit_hand(game, 1, win(0), user=owner))
    after = figures(game)
    moved = sum(1 for key in after if after[key] != before[key]) - 1
    assert moved == hands - 1  # every later hand: the case is the worst there is
    assert Correction.objects.filter(action=Correction.Action.RESCORED_BY).count() == moved
    # The edit's own entry and one INSERT for every later hand it moved (up to 500 of them).
    assert _inserts_into_the_trail(queries) == 2


# --- the hands' records


def test_a_later_hand_re_scored_by_an_edit_says_why_and_by_how_much(owner):
    game = shenyang(owner)
    before = figures(game)
    stands(services.edit_hand(game, 1, win(1), user=owner))
    after = figures(game)
    second = next(key for key, (number, _, _) in after.items() if number == 2)
    said = ", ".join(moves(before[second][1], after[second][1], ENGLISH))

    trail = hand_page(signed_in(owner), game, 2)
    assert f"Because hand 1 was corrected: {said}." in trail
    assert trail.count('<details class="rescored">') == 1 and "re-scored by a correction" in trail
    # The draw kept its points: its record has only its own entry.
    assert "rescored" not in hand_page(signed_in(owner), game, 3)


def test_a_later_hand_says_so_in_chinese_with_full_width_marks_and_no_space_by_a_name(owner):
    game = shenyang(owner, NAMES)
    before = figures(game)
    stands(services.edit_hand(game, 1, win(1), user=owner))
    after = figures(game)
    fourth = next(key for key, (number, _, _) in after.items() if number == 4)
    said = "，".join(moves(before[fourth][1], after[fourth][1], NAMES, sep="→"))

    trail = hand_page(signed_in(owner), game, 4, **{"Accept-Language": "zh-CN"})
    assert f"因第 1 局更正：{said}。" in trail and "因更正重新计分" in trail


def test_the_edited_hands_record_gives_its_points_before_and_after(owner):
    game = shenyang(owner)
    before = figures(game)
    stands(services.edit_hand(game, 1, win(1), user=owner))
    first = Round.objects.get(session=game, number=1).key
    said = ", ".join(moves(before[first][1], figures(game)[first][1], ENGLISH))

    trail = hand_page(signed_in(owner), game, 1)
    assert f"Points: {said}." in trail
    assert "Before" in trail and "After" in trail  # the records in words stay too
    chinese = hand_page(signed_in(owner), game, 1, **{"Accept-Language": "zh-CN"})
    assert "得分：Ann " in chinese and "修改前" in chinese


def test_an_edit_that_keeps_the_points_says_so(owner):
    game = shenyang(owner)
    stands(services.edit_hand(game, 3, draw(), user=owner))
    assert "Points unchanged." in hand_page(signed_in(owner), game, 3)


def test_a_later_hand_re_scored_by_a_delete_names_the_deleted_hand(owner):
    game = shenyang(owner, hands=PASSED_DEAL)
    stands(services.delete_hand(game, 1, user=owner))
    note = Correction.objects.filter(action=Correction.Action.RESCORED_BY).order_by("number").first()
    assert note is not None
    trail = hand_page(signed_in(owner), game, note.number)
    assert "Because hand 1 was deleted: " in trail


def test_a_hands_record_reads_its_trail_with_each_cause_in_the_same_queries_however_long(owner):
    game = shenyang(owner)
    client = signed_in(owner)
    counts = []
    for winner in (1, 0, 1, 0):  # each edit of hand 1 re-scores hand 2 again: one more entry each time
        stands(services.edit_hand(game, 1, win(winner), user=owner))
        with CaptureQueriesContext(connection) as queries:
            client.get(f"/sessions/{game.pk}/hands/2/")
        counts.append(len(queries))
    assert Correction.objects.filter(action=Correction.Action.RESCORED_BY, number=2).count() >= 3
    assert len(set(counts)) == 1


# --- the share board


def test_the_share_boards_line_says_what_the_correction_changed(client, owner):
    wang = User.objects.create_user("wang-login", first_name="老王")
    game = shenyang(owner, NAMES)
    before = figures(game)
    stands(services.edit_hand(game, 1, win(1), user=wang))
    after = figures(game)
    first = next(key for key, (number, _, _) in after.items() if number == 1)
    later = sum(1 for key in after if key != first and after[key] != before[key])
    at = timezone.localtime(Correction.objects.get(action="edit").when).strftime("%H:%M")
    client.cookies["django_language"] = "zh-hans"

    said = "，".join(moves(before[first][1], after[first][1], NAMES, sep="→"))
    line = f"第 1 局 {at} 由老王更正：{said}；随后 {later} 局重新计分"
    for page in (client.get(f"/b/{game.share_token}/"), client.get(f"/b/{game.share_token}/", headers=HTMX)):
        body = page.content.decode()
        assert line in body and "wang-login" not in body
        # One line for the correction: the later hands it re-scored are counted in it, not listed.
        assert body.split('class="board-changes"', 1)[1].split("</ul>", 1)[0].count("<li>") == 1


def test_the_share_boards_line_in_english(client, owner):
    game = shenyang(owner)
    before = figures(game)
    stands(services.edit_hand(game, 1, win(1), user=owner))
    after = figures(game)
    first = next(key for key, (number, _, _) in after.items() if number == 1)
    later = sum(1 for key in after if key != first and after[key] != before[key])
    body = client.get(f"/b/{game.share_token}/", headers=HTMX).content.decode()
    said = ", ".join(moves(before[first][1], after[first][1], ENGLISH))
    hands = "hand" if later == 1 else "hands"
    assert re.search(
        rf"Hand 1 corrected by keeper at \d\d:\d\d: {re.escape(said)}; {later} later {hands} re-scored", body
    )


def test_a_delete_on_the_share_board_counts_the_hands_it_re_scored(client, owner):
    game = shenyang(owner, hands=PASSED_DEAL)
    stands(services.delete_hand(game, 1, user=owner))
    later = Correction.objects.filter(action=Correction.Action.RESCORED_BY).count()
    body = client.get(f"/b/{game.share_token}/", headers=HTMX).content.decode()
    assert re.search(rf"Hand 1 deleted by keeper at \d\d:\d\d: {later} later hands? re-scored", body)


def test_a_correction_that_moved_nothing_keeps_its_short_line(client, owner):
    game = shenyang(owner)
    stands(services.edit_hand(game, 3, draw(), user=owner))
    body = client.get(f"/b/{game.share_token}/", headers=HTMX).content.decode()
    assert re.search(r"Hand 3 corrected by keeper at \d\d:\d\d</li>", body)


def test_the_share_board_reads_its_corrections_in_the_same_queries_however_many_hands_they_moved(client, owner):
    counts = []
    for hands in (6, 60):
        game = make_session(owner, "shenyang", base=10)
        record_all(game, away_from_the_deal(hands))
        stands(services.edit_hand(game, 1, win(0), user=owner))
        with CaptureQueriesContext(connection) as queries:
            client.get(f"/b/{game.share_token}/", headers=HTMX)
        counts.append(len(queries))
    assert counts[0] == counts[1]


# --- the printable summary


def marks(html: str) -> dict[int, list[str]]:
    """Each hand's marks in the summary's hand table, by its number."""
    rows = re.findall(r'<tr class="hand-row"><td class="no">(\d+)</td>(.*?)</tr>', html, flags=re.S)
    return {int(number): re.findall(r'class="mark (\w+)"', row) for number, row in rows}


def test_the_summary_marks_the_edited_hand_and_the_hands_it_re_scored(client, owner):
    game = shenyang(owner)
    before = figures(game)
    stands(services.edit_hand(game, 1, win(1), user=owner))
    after = figures(game)
    rescored = {after[key][0] for key in after if after[key] != before[key] and after[key][0] != 1}
    expected: dict[int, list[str]] = {number: ["rescored"] if number in rescored else [] for number in range(2, 5)}
    expected[1] = ["corrected"]
    client.force_login(owner)
    page = client.get(reverse("session_summary", args=[game.pk])).content.decode()
    assert marks(page) == expected and "a correction of an earlier hand changed its points" in page
    shared = client.get(f"/b/{game.share_token}/summary/").content.decode()
    assert marks(shared) == expected
    chinese = client.get(reverse("session_summary", args=[game.pk]), headers={"Accept-Language": "zh-CN"})
    text = summary_text(chinese.content.decode())
    assert "已更正" in text and "已重算" in text


def test_a_summary_without_corrections_marks_nothing(client, owner):
    game = shenyang(owner)
    client.force_login(owner)
    page = client.get(reverse("session_summary", args=[game.pk])).content.decode()
    assert marks(page) == {number: [] for number in range(1, 5)} and "re-scored:" not in page


def test_the_marked_summary_reads_no_more_queries(client, owner):
    plain, corrected = shenyang(owner), shenyang(owner)
    stands(services.edit_hand(corrected, 1, win(1), user=owner))
    client.force_login(owner)
    counts = []
    for game in (plain, corrected):
        with CaptureQueriesContext(connection) as queries:
            client.get(reverse("session_summary", args=[game.pk]))
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_deleting_a_session_takes_its_whole_trail_with_the_notes_that_point_at_each_other(owner):
    game = shenyang(owner)
    stands(services.edit_hand(game, 1, win(1), user=owner))
    stands(services.delete_hand(game, 1, user=owner))
    assert Correction.objects.filter(session=game, cause__isnull=False).exists()
    services.delete_session(game)
    assert not Correction.objects.exists() and not Round.objects.exists()


def test_a_hostile_name_in_what_a_correction_changed_stays_text(client, owner):
    hostile = '<img src=x onerror="alert(1)">'
    game = shenyang(owner, [hostile, "Bo", "Cy", "Di"])
    stands(services.edit_hand(game, 1, win(1), user=owner))
    pages = [
        hand_page(signed_in(owner), game, 1),
        hand_page(signed_in(owner), game, 2),
        client.get(f"/b/{game.share_token}/", headers=HTMX).content.decode(),
    ]
    for page in pages:
        assert hostile not in page and "&lt;img src=x" in page


def test_the_keepers_own_board_says_an_earlier_hand_was_corrected_as_the_share_board_does(client, owner):
    game = shenyang(owner)
    services.edit_hand(game, 1, win(1), user=owner)
    phone = signed_in(owner)
    for page in (phone.get(f"/sessions/{game.pk}/"), phone.get(f"/sessions/{game.pk}/", headers=HTMX)):
        board = page.content.decode()
        assert 'class="board-changes"' in board
        assert re.search(r"Hand 1 corrected by keeper at \d\d:\d\d", board)


def test_the_keepers_history_marks_a_corrected_hand_as_the_share_history_does(client, owner):
    game = shenyang(owner)
    services.edit_hand(game, 1, win(1), user=owner)
    history = signed_in(owner).get(f"/sessions/{game.pk}/hands/").content.decode()
    row = r'<tr class="hand-row"><th class="no" scope="row"><a href="[^"]*/hands/1/">(.*?)</a>'
    first = re.search(row, history, re.S)
    assert first is not None and 'class="mark corrected"' in first.group(1)
