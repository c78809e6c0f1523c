"""Invitations to keep score have a life cycle: the owner sees and withdraws them, cancelling the
link ends them all, removing a keeper ends theirs, they expire, and no stranger can crowd them out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Keeper, KeeperRequest
from tablekeeper.keeping.services.keepers import MAX_PENDING_PER_SENDER_AND_NAME, REQUEST_LIFETIME
from tests.conftest import PASSWORD, draw, make_session, signed_in

pytestmark = pytest.mark.django_db


def keepers_of(game: GameSession) -> list[str]:
    return list(Keeper.objects.filter(session=game).values_list("user__username", flat=True))


def invite_by_name(owner: User, game: GameSession, username: str):
    return signed_in(owner).post(f"/sessions/{game.pk}/keepers/add/", {"username": username}, follow=True)


def accept_every_invitation(user: User) -> None:
    phone = signed_in(user)
    for pending in KeeperRequest.objects.filter(user=user):
        phone.post(f"/keepers/requests/{pending.pk}/", {"answer": "accept"})


def test_a_removed_keeper_cannot_come_back_through_an_old_invitation_by_name(owner, game):
    mei = User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    stale = KeeperRequest.objects.get(user=mei)
    link = services.new_invitation(game, by=owner).get_absolute_url()
    phone = signed_in(mei)
    phone.post(link)
    assert keepers_of(game) == ["mei"]
    signed_in(owner).post(f"/sessions/{game.pk}/keepers/{mei.pk}/remove/")
    assert "invites you" not in phone.get("/sessions/").content.decode()
    answer = phone.post(f"/keepers/requests/{stale.pk}/", {"answer": "accept"}, follow=True)
    assert "That invitation is no longer there." in answer.content.decode()
    assert keepers_of(game) == []
    assert phone.post(f"/sessions/{game.pk}/hands/new/", draw()).status_code == 404


def test_removing_a_keeper_ends_every_invitation_by_name_that_reaches_them(owner, game):
    mei = User.objects.create_user("mei", password=PASSWORD)
    services.add_keeper(game, "mei", by=owner)
    KeeperRequest.objects.create(session=game, user=mei, name="MEI", name_key="mei-typed-otherwise", invited_by=owner)
    signed_in(owner).post(f"/sessions/{game.pk}/keepers/{mei.pk}/remove/")
    accept_every_invitation(mei)
    assert keepers_of(game) == [] and not KeeperRequest.objects.exists()


def test_the_owner_sees_every_pending_invitation_whether_or_not_the_name_is_an_account(owner, game):
    User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    page = invite_by_name(owner, game, "no-such-account").content.decode()
    assert "Waiting for an answer" in page
    assert "<span>mei</span>" in page and "<span>no-such-account</span>" in page
    assert page.count("/withdraw/") == 2


def test_the_owner_withdraws_an_invitation_by_name_and_it_can_no_longer_be_accepted(owner, game):
    mei = User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    pending = KeeperRequest.objects.get(user=mei)
    withdrawn = (
        signed_in(owner)
        .post(f"/sessions/{game.pk}/keepers/requests/{pending.pk}/withdraw/", follow=True)
        .content.decode()
    )
    assert "The invitation was withdrawn" in withdrawn and "<span>mei</span>" not in withdrawn
    accept_every_invitation(mei)
    answer = signed_in(mei).post(f"/keepers/requests/{pending.pk}/", {"answer": "accept"})
    assert answer.status_code == 302 and keepers_of(game) == []


def test_only_the_owner_withdraws_and_only_their_own_sessions_invitations(owner, game, co_keeper, stranger):
    mei = User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    pending = KeeperRequest.objects.get(user=mei)
    url = f"/sessions/{game.pk}/keepers/requests/{pending.pk}/withdraw/"
    assert signed_in(stranger).post(url).status_code == 404
    assert signed_in(co_keeper).post(url).status_code in (403, 404)
    elsewhere = make_session(stranger)
    signed_in(stranger).post(f"/sessions/{elsewhere.pk}/keepers/requests/{pending.pk}/withdraw/")
    assert KeeperRequest.objects.filter(pk=pending.pk).exists()


def test_cancelling_the_link_ends_every_invitation_not_yet_accepted_by_name_too(owner, game):
    mei = User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    link = services.new_invitation(game, by=owner).get_absolute_url()
    signed_in(owner).post(f"/sessions/{game.pk}/keepers/invitation/", {"action": "cancel"})
    accept_every_invitation(mei)
    assert signed_in(mei).post(link).status_code == 404
    assert keepers_of(game) == [] and not KeeperRequest.objects.exists()


def test_an_invitation_by_name_left_unanswered_expires(owner, game):
    mei = User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    KeeperRequest.objects.update(created=timezone.now() - REQUEST_LIFETIME - timedelta(seconds=1))
    phone = signed_in(mei)
    assert "invites you" not in phone.get("/sessions/").content.decode()
    assert "Waiting for an answer" not in signed_in(owner).get(f"/sessions/{game.pk}/keepers/").content.decode()
    accept_every_invitation(mei)
    assert keepers_of(game) == []


def test_a_stranger_cannot_crowd_out_a_friends_invitation(owner, stranger):
    victim = User.objects.create_user("victim", password=PASSWORD)
    refused = 0
    for _ in range(25):
        try:
            services.request_keeper(make_session(stranger), "victim", by=stranger)
        except services.KeeperRefused:
            refused += 1
    assert KeeperRequest.objects.filter(user=victim).count() == MAX_PENDING_PER_SENDER_AND_NAME
    assert refused == 25 - MAX_PENDING_PER_SENDER_AND_NAME
    friends_game = make_session(owner)
    invite_by_name(owner, friends_game, "victim")
    assert KeeperRequest.objects.filter(user=victim, session=friends_game).exists()


def test_an_owner_past_their_limit_for_a_name_is_told_so_and_the_answer_is_the_same_for_any_name(owner):
    User.objects.create_user("mei", password=PASSWORD)
    answers = {}
    for name in ("mei", "nobody"):
        for _ in range(MAX_PENDING_PER_SENDER_AND_NAME):
            invite_by_name(owner, make_session(owner), name)
        answers[name] = invite_by_name(owner, make_session(owner), name).content.decode()
    for name, body in answers.items():
        assert f"“{name}” already has {MAX_PENDING_PER_SENDER_AND_NAME} of your invitations waiting" in body


def test_the_invitation_names_the_owner_by_display_name_never_by_log_in_name(game, owner):
    mei = User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    listed = signed_in(mei).get("/sessions/").content.decode()
    assert "keeper invites you" in listed and owner.username == "keeper"
    owner.username = "secret-login-name"
    owner.save()
    listed = signed_in(mei).get("/sessions/").content.decode()
    assert "secret-login-name" not in listed and "keeper invites you" in listed
    owner.first_name = "Auntie Li"
    owner.save()
    listed = signed_in(mei).get("/sessions/").content.decode()
    assert "Auntie Li invites you" in listed and "secret-login-name" not in listed
