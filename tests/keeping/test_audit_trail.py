"""The corrections trail belongs to a hand, not to its number: it follows the hand through deletes,
undos and renumbering, a removed hand's records stay findable, and the share board says in the
viewer's language which hand was corrected or deleted, when and by whom."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction, Round
from tablekeeper.reading.corrected_hands import RescoredFigures
from tests.conftest import HTMX, draw, record_all, signed_in, stands, win

pytestmark = pytest.mark.django_db

# Seven hands that each leave the table the same (self-draws by the dealer keep the deal), so a
# delete renumbers without re-scoring anything the test does not look at.
SEVEN = [win(0), draw(), win(0), draw(), win(0), draw(), win(0)]


def _hand_page(client, game, number: int) -> str:
    response = client.get(f"/sessions/{game.pk}/hands/{number}/")
    assert response.status_code == 200
    return str(response.content.decode())


def _audit_section(page: str) -> str:
    return page.split('class="card audit"', 1)[1]


def test_after_deleting_hand_5_the_renumbered_hand_6_lists_its_own_corrections(game, owner):
    record_all(game, SEVEN, owner)
    seventh = Round.objects.get(session=game, number=7)
    stands(services.edit_hand(game, 7, win(1), user=owner))
    stands(services.edit_hand(game, 5, win(3), user=owner))
    stands(services.delete_hand(game, 5, user=owner))
    game.refresh_from_db()
    assert Round.objects.get(session=game, number=6).pk == seventh.pk

    client = signed_in(owner)
    six = _audit_section(_hand_page(client, game, 6))
    # Its own add and edit (Bo's self-draw), each saying the number it had then; nothing of hand 5's.
    assert six.count("<details>") == 2 and "then hand 7" in six
    assert "Bo" in six and "Di" not in six and "deleted" not in six
    five = _audit_section(_hand_page(client, game, 5))  # the old hand 6: only its own add
    assert five.count("<details>") == 1 and "Di" not in five and "then hand 6" in five


def test_a_deleted_hand_keeps_its_records_on_the_removed_hands_page(game, owner):
    record_all(game, SEVEN, owner)
    stands(services.edit_hand(game, 5, win(3), user=owner))
    stands(services.delete_hand(game, 5, user=owner))
    game.refresh_from_db()
    stands(services.undo_last_hand(game, user=owner))

    client = signed_in(owner)
    assert f"/sessions/{game.pk}/hands/removed/" in client.get(f"/sessions/{game.pk}/hands/").content.decode()
    page = client.get(f"/sessions/{game.pk}/hands/removed/").content.decode()
    undone, deleted = page.split('class="card audit removed-hand"')[1:]
    # The latest removed first: the undone hand (the old 7, then 6) and the deleted hand 5 with its
    # add, its edit and its delete, each under its own heading.
    assert "Hand 6, undone" in undone and undone.count("<details>") == 2 and "then hand 7" in undone
    assert "Hand 5, deleted" in deleted and deleted.count("<details>") == 3 and "Di" in deleted
    assert set(Correction.objects.filter(session=game, action="delete").values_list("hand_key", flat=True)) == set(
        Correction.objects.filter(session=game, number=5, action="edit").values_list("hand_key", flat=True)
    )


def test_an_undone_or_deleted_hands_record_is_headed_by_what_happened_to_it(game, owner):
    record_all(game, SEVEN[:3], owner)
    stands(services.delete_hand(game, 2, user=owner))
    game.refresh_from_db()
    stands(services.undo_last_hand(game, user=owner))

    page = signed_in(owner).get(f"/sessions/{game.pk}/hands/removed/", headers={"Accept-Language": "zh-CN"})
    undone, deleted = page.content.decode().split('class="card audit removed-hand"')[1:]
    assert "<p>撤销的这一局</p>" in undone and "<p>删除的这一局</p>" in deleted
    assert "修改前" not in undone + deleted


def test_the_removed_hands_page_is_for_the_keepers_only(client, game, owner, stranger):
    record_all(game, [win(0)], owner)
    assert signed_in(stranger).get(f"/sessions/{game.pk}/hands/removed/").status_code == 404
    assert client.get(f"/sessions/{game.pk}/hands/removed/").status_code == 302


def test_a_hand_recorded_again_after_an_undo_does_not_inherit_the_undone_hands_trail(game, owner):
    record_all(game, [win(0), win(1)], owner)
    stands(services.undo_last_hand(game, user=owner))
    record_all(game, [draw()], owner)
    two = _audit_section(_hand_page(signed_in(owner), game, 2))
    assert two.count("<details>") == 1 and "undone" not in two


def test_the_share_board_says_which_hand_was_corrected_or_deleted_when_and_by_whom(client, game, owner):
    wang = User.objects.create_user("wang-login", first_name="老王")
    record_all(game, SEVEN, owner)
    stands(services.edit_hand(game, 7, win(1), user=wang))
    stands(services.delete_hand(game, 2, user=owner))
    game.refresh_from_db()
    edited = Correction.objects.get(session=game, action="edit")
    at = timezone.localtime(edited.when).strftime("%H:%M")  # in the site's time zone, as the board says it

    english = client.get(f"/b/{game.share_token}/", headers=HTMX).content.decode()
    # The edited hand 7 is hand 6 since the delete: named as the table sees it now.
    assert f"Hand 6 corrected by 老王 at {at}" in english
    assert "Hand 2 deleted by keeper at" in english
    assert english.index("Hand 2 deleted") < english.index("Hand 6 corrected")  # newest first

    client.cookies["django_language"] = "zh-hans"
    chinese = client.get(f"/b/{game.share_token}/").content.decode()
    assert f"第 6 局 {at} 由老王更正" in chinese and "由记分员删除" in chinese
    assert "wang-login" not in english + chinese


def test_the_share_board_with_corrections_still_answers_304_with_one_query(client, game, owner):
    record_all(game, SEVEN, owner)
    for _ in range(8):
        stands(services.edit_hand(game, 1, win(0), user=owner))
    first = client.get(f"/b/{game.share_token}/", headers=HTMX)
    # Only the latest few corrections: the first load stays small however many there were.
    assert first.content.decode().count("corrected by keeper") == 5
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/b/{game.share_token}/", headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert again.status_code == 304 and len(queries) == 1
    stands(services.edit_hand(game, 2, win(1), user=owner))
    changed = client.get(f"/b/{game.share_token}/", headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and "Hand 2 corrected by keeper" in changed.content.decode()


def test_a_board_with_no_correction_says_nothing_about_corrections(client, game, owner):
    record_all(game, [win(0)], owner)
    assert "board-changes" not in client.get(f"/b/{game.share_token}/").content.decode()


def _board_change_lines(page: str) -> list[str]:
    section = page.split('class="board-changes"', 1)[1].split("</ul>", 1)[0]
    return [html.unescape(line) for line in re.findall(r"<li>(.*?)</li>", section)]


def test_a_rescore_under_the_rule_books_new_law_is_named_so_on_the_share_board_never_undone(client, game, owner):
    record_all(game, [win(2), win(2)], owner)
    # What migration 0017 wrote, with the engine of its day, for a hand the new law changed (RULES §9.9).
    Correction.objects.create(
        session=game,
        hand_key=Round.objects.get(session=game, number=1).key,
        number=1,
        action=Correction.Action.RESCORE,
        before=RescoredFigures(law="Z-13", deltas=[-10, -10, 30, -10], pot_delta=0),
        after=RescoredFigures(law="Z-13", deltas=[-20, -10, 40, -10], pot_delta=0),
    )

    english = client.get(f"/b/{game.share_token}/", headers=HTMX).content.decode()
    client.cookies["django_language"] = "zh-hans"
    chinese = client.get(f"/b/{game.share_token}/").content.decode()

    assert _board_change_lines(english) == [
        "Hand 1 re-scored under the rule book's new law: Ann −10 → −20, Cy +30 → +40"
    ]
    assert _board_change_lines(chinese) == ["第 1 局按新规则重新计分：Ann −10→−20，Cy +30→+40"]
