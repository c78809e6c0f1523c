"""Managing sessions: archive hides one from the list, delete (owner only, after a confirmation)
leaves nothing of it behind but its players; the share page copies or shares the link."""

from __future__ import annotations

import pytest

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction, GameSession, Invitation, Keeper, Player, Round, Seat
from tests.conftest import record_all, signed_in, stands, win

pytestmark = pytest.mark.django_db


def test_an_archived_session_leaves_the_list_and_shows_under_archived(owner, game):
    phone = signed_in(owner)
    assert f"/sessions/{game.pk}/" in phone.get("/sessions/").content.decode()
    answer = phone.post(f"/sessions/{game.pk}/archive/", {"archived": "1"}, follow=True)
    assert "Session archived" in answer.content.decode()
    for listing in ("/sessions/", "/sessions/?status=open", "/sessions/?status=finished"):
        assert f"/sessions/{game.pk}/" not in phone.get(listing).content.decode()
    assert f"/sessions/{game.pk}/" in phone.get("/sessions/?status=archived").content.decode()
    phone.post(f"/sessions/{game.pk}/archive/", {"archived": "0"})
    assert f"/sessions/{game.pk}/" in phone.get("/sessions/").content.decode()


def test_deleting_asks_first_then_leaves_nothing_but_the_players(owner, game, co_keeper):
    record_all(game, [win(2), win(1)], owner)
    stands(services.undo_last_hand(game, user=owner))
    services.new_invitation(game, by=owner)
    phone = signed_in(owner)
    assert f'href="/sessions/{game.pk}/manage/"' in phone.get(f"/sessions/{game.pk}/").content.decode()
    manage = phone.get(f"/sessions/{game.pk}/manage/").content.decode()
    assert "Yes, delete this session" in manage and "its 1 hand for good" in manage
    refused = phone.post(f"/sessions/{game.pk}/delete/", follow=True)
    assert "Nothing was deleted" in refused.content.decode() and GameSession.objects.filter(pk=game.pk).exists()
    answer = phone.post(f"/sessions/{game.pk}/delete/", {"confirm": "delete"}, follow=True)
    assert answer.redirect_chain[-1][0] == "/sessions/" and "Session deleted." in answer.content.decode()
    for model in (GameSession, Round, Seat, Correction, Keeper, Invitation):
        assert not model.objects.exists(), model.__name__
    assert Player.objects.filter(owner=owner).count() == 4
    assert phone.get(f"/sessions/{game.pk}/").status_code == 404


def test_only_the_owner_deletes_or_archives(owner, game, co_keeper, stranger):
    for user, status in ((co_keeper, 403), (stranger, 404)):
        phone = signed_in(user)
        assert phone.post(f"/sessions/{game.pk}/delete/", {"confirm": "delete"}).status_code == status
        assert phone.post(f"/sessions/{game.pk}/archive/", {"archived": "1"}).status_code == status
    keepers_page = signed_in(co_keeper).get(f"/sessions/{game.pk}/manage/").content.decode()
    assert "Delete session" not in keepers_page and "Archive" not in keepers_page and "Save as a preset" in keepers_page
    assert signed_in(stranger).get(f"/sessions/{game.pk}/manage/").status_code == 404
    game.refresh_from_db()
    assert not game.archived


def test_delete_and_archive_take_no_get(owner, game):
    phone = signed_in(owner)
    assert phone.get(f"/sessions/{game.pk}/delete/").status_code == 405
    assert phone.get(f"/sessions/{game.pk}/archive/").status_code == 405


def test_the_share_page_offers_copy_and_the_share_sheet_with_the_link_to_select(owner, game):
    body = signed_in(owner).get(f"/sessions/{game.pk}/share/").content.decode()
    url = f"http://testserver/b/{game.share_token}/"
    assert f'<input class="share-url" type="url" readonly value="{url}">' in body
    assert f'data-copy="{url}"' in body and f'data-share="{url}"' in body
    assert "js/share.js" in body
