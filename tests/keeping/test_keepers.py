"""More than one keeper: adding by user name or one-time link, removing, and what a keeper may do."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction, GameSession, Invitation, Keeper, KeeperRequest, Round
from tablekeeper.keeping.services.keepers import MAX_KEEPERS
from tests.conftest import (
    HTMX,
    PASSWORD,
    answered_with_the_board,
    draw,
    make_session,
    post_confirmed,
    record_all,
    signed_in,
)

pytestmark = pytest.mark.django_db


def keepers_of(game: GameSession) -> list[str]:
    return list(Keeper.objects.filter(session=game).values_list("user__username", flat=True))


def invitation_path(page: str) -> str:
    found = re.search(r'href="https?://[^/"]+(/join/[^/"]+/)"', page)
    assert found, "the keepers page must show the invitation link"
    return found.group(1)


def invite_by_name(owner: User, game: GameSession, username: str):
    return signed_in(owner).post(f"/sessions/{game.pk}/keepers/add/", {"username": username}, follow=True)


def test_a_user_name_invitation_adds_no_one_until_the_account_accepts_it_in_any_case(owner, game):
    mei = User.objects.create_user("Mei", password=PASSWORD)
    response = invite_by_name(owner, game, " mei ")
    assert "If there is an account called “mei”, it now sees your invitation" in response.content.decode()
    assert keepers_of(game) == []
    phone = signed_in(mei)
    listed = phone.get("/sessions/").content.decode()
    assert f'href="/sessions/{game.pk}/"' not in listed, "nothing of the session shows before accepting"
    assert "keeper invites you to keep score" in listed and "Ann · Bo · Cy · Di" in listed
    assert phone.get(f"/sessions/{game.pk}/").status_code == 404
    pending = KeeperRequest.objects.get(user=mei)
    accepted = phone.post(f"/keepers/requests/{pending.pk}/", {"answer": "accept"}, follow=True)
    assert accepted.redirect_chain[-1][0] == f"/sessions/{game.pk}/" and keepers_of(game) == ["Mei"]
    assert not KeeperRequest.objects.exists()


def test_a_declined_user_name_invitation_is_gone_and_adds_no_one(owner, game):
    mei = User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    pending = KeeperRequest.objects.get(user=mei)
    declined = signed_in(mei).post(f"/keepers/requests/{pending.pk}/", {"answer": "decline"}, follow=True)
    assert "You declined the invitation." in declined.content.decode()
    assert keepers_of(game) == [] and not KeeperRequest.objects.exists()
    assert "invites you" not in signed_in(mei).get("/sessions/").content.decode()


def test_only_the_invited_account_can_answer_its_invitation(owner, game, stranger):
    mei = User.objects.create_user("mei", password=PASSWORD)
    invite_by_name(owner, game, "mei")
    pending = KeeperRequest.objects.get(user=mei)
    answer = signed_in(stranger).post(f"/keepers/requests/{pending.pk}/", {"answer": "accept"}, follow=True)
    assert "That invitation is no longer there." in answer.content.decode()
    assert keepers_of(game) == [] and KeeperRequest.objects.filter(pk=pending.pk).exists()


@pytest.mark.parametrize("username", ["nobody-here", "keeper", "second", "mei"])
def test_the_answer_to_a_user_name_is_the_same_whoever_it_names(owner, game, co_keeper, username):
    User.objects.create_user("mei", password=PASSWORD)
    body = invite_by_name(owner, game, username).content.decode()
    # What the page says, without the words every page carries for its scripts (#tk-text).
    said = re.sub(r'<script id="tk-text".*?</script>', "", body, flags=re.S)
    assert f"If there is an account called “{username}”, it now sees your invitation" in said
    assert "no account" not in said and "already" not in said
    assert keepers_of(game) == ["second"]


@pytest.mark.parametrize("username", ["", "x" * 151])
def test_an_empty_or_overlong_user_name_is_refused_in_the_form(owner, game, username):
    assert "Type the user name of the account to add." in invite_by_name(owner, game, username).content.decode()
    assert not KeeperRequest.objects.exists()


def test_user_name_invitations_are_limited_per_owner_and_hour(owner, game, settings):
    settings.KEEPER_REQUESTS_PER_HOUR = 3
    phone = signed_in(owner)
    codes = [
        phone.post(f"/sessions/{game.pk}/keepers/add/", {"username": f"guess{index}"}).status_code for index in range(4)
    ]
    assert codes == [302, 302, 302, 429]


def test_removing_a_keeper_says_they_may_still_have_the_share_link_and_replaces_it_in_one_tap(owner, game, co_keeper):
    phone = signed_in(owner)
    removed = phone.post(f"/sessions/{game.pk}/keepers/{co_keeper.pk}/remove/", follow=True).content.decode()
    assert "may still have the share link" in removed
    old_token = game.share_token
    assert f'action="/sessions/{game.pk}/share/settings/"' in removed and 'value="new_link"' in removed
    phone.post(f"/sessions/{game.pk}/share/settings/", {"action": "new_link"})
    game.refresh_from_db()
    assert game.share_token != old_token
    assert signed_in(co_keeper).get(f"/b/{old_token}/").status_code == 404


def test_the_invitation_link_has_copy_and_share_buttons(owner, game):
    services.new_invitation(game, by=owner)
    page = signed_in(owner).get(f"/sessions/{game.pk}/keepers/").content.decode()
    assert "data-copy=" in page and "data-share=" in page and "js/share.js" in page


def test_the_log_in_page_of_an_invited_newcomer_names_the_invitation_and_offers_sign_up(client, owner, game):
    invitation = services.new_invitation(game, by=owner)
    body = client.get(invitation.get_absolute_url(), follow=True).content.decode()
    assert "keeper invites you to keep score on their Zhengzhou" in body and "Ann · Bo · Cy · Di" in body
    assert f'href="/accounts/signup/?next=/join/{invitation.token}/"' in body.replace("%2F", "/")


def test_a_session_has_a_bounded_number_of_keepers(owner, game):
    for index in range(MAX_KEEPERS):
        services.add_keeper(game, User.objects.create_user(f"k{index}").username, by=owner)
    User.objects.create_user("one-too-many")
    with pytest.raises(services.KeeperRefused, match="at most"):
        services.add_keeper(game, "one-too-many", by=owner)


def test_an_invitation_link_makes_whoever_confirms_it_a_keeper_and_works_once(owner, game):
    page = signed_in(owner).post(f"/sessions/{game.pk}/keepers/invitation/", {"action": "new"}, follow=True)
    body = page.content.decode()
    link = invitation_path(body)
    assert "<svg" in body, "a QR code to show across the table"
    mei = signed_in(User.objects.create_user("mei"))
    question = mei.get(link)
    said = question.content.decode()
    assert question.status_code == 200 and "invites you to keep score with them" in said
    # An owner with no display name is not a bare "keeper invites you": the page says they chose no name.
    assert "they have not chosen a name to be seen by" in said and "keeper invites you" not in said
    assert keepers_of(game) == [], "opening the link alone changes nothing"
    joined = mei.post(link, follow=True)
    assert joined.redirect_chain[-1][0] == f"/sessions/{game.pk}/" and keepers_of(game) == ["mei"]
    late = signed_in(User.objects.create_user("late")).get(link)
    assert late.status_code == 404 and "This invitation was used, cancelled or has expired." in late.content.decode()
    assert keepers_of(game) == ["mei"]


def test_a_new_invitation_link_replaces_the_old_one_and_a_cancelled_one_is_gone(owner, game):
    first = services.new_invitation(game, by=owner)
    second = services.new_invitation(game, by=owner)
    visitor = signed_in(User.objects.create_user("mei"))
    assert visitor.get(first.get_absolute_url()).status_code == 404
    assert visitor.get(second.get_absolute_url()).status_code == 200
    signed_in(owner).post(f"/sessions/{game.pk}/keepers/invitation/", {"action": "cancel"})
    assert visitor.get(second.get_absolute_url()).status_code == 404
    assert not Invitation.objects.exists()


def test_an_expired_invitation_is_refused_even_if_confirmed(owner, game):
    invitation = services.new_invitation(game, by=owner)
    Invitation.objects.filter(pk=invitation.pk).update(expires=timezone.now() - timedelta(seconds=1))
    response = signed_in(User.objects.create_user("mei")).post(invitation.get_absolute_url())
    assert response.status_code == 404 and keepers_of(game) == []


def test_the_owner_opening_their_own_link_lands_on_the_board_and_leaves_it_unused(owner, game):
    invitation = services.new_invitation(game, by=owner)
    response = signed_in(owner).post(invitation.get_absolute_url())
    assert response.status_code == 302 and response["Location"] == f"/sessions/{game.pk}/"
    assert Invitation.objects.filter(pk=invitation.pk).exists() and keepers_of(game) == []


def test_accepting_a_link_twice_in_a_race_makes_one_keeper_and_refuses_the_other(owner, game):
    invitation = services.new_invitation(game, by=owner)
    first, second = User.objects.create_user("a"), User.objects.create_user("b")
    services.accept_invitation(invitation.token, first)
    with pytest.raises(services.KeeperRefused):
        services.accept_invitation(invitation.token, second)
    assert keepers_of(game) == ["a"]


def test_someone_signed_out_who_follows_a_link_is_asked_to_log_in_and_comes_back(client, owner, game):
    invitation = services.new_invitation(game, by=owner)
    response = client.get(invitation.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next=/join/{invitation.token}/"


def test_a_newcomer_with_no_account_signs_up_from_the_link_and_comes_back_to_it(client, owner, game):
    invitation = services.new_invitation(game, by=owner)
    login_page = client.get(invitation.get_absolute_url(), follow=True).content.decode()
    found = re.search(r'href="(/accounts/signup/\?next=[^"]+)"', login_page)
    assert found, "the login page must offer sign-up that keeps the invitation"
    signup_url = found.group(1).replace("&amp;", "&")
    assert f'name="next" value="/join/{invitation.token}/"' in client.get(signup_url).content.decode()

    password = "Tiles-and-Winds-9"
    signed_up = client.post(
        signup_url,
        {"username": "mei", "password1": password, "password2": password, "next": f"/join/{invitation.token}/"},
    )
    assert signed_up["Location"] == f"/join/{invitation.token}/"
    joined = client.post(signed_up["Location"], follow=True)
    assert joined.redirect_chain[-1][0] == f"/sessions/{game.pk}/" and keepers_of(game) == ["mei"]


@pytest.mark.parametrize(
    "elsewhere",
    ["https://evil.example/", "//evil.example/join/x/", "javascript:alert(1)", "/join/\x00x/", "/" + "a" * 5000],
)
def test_sign_up_never_sends_the_newcomer_to_another_site(client, elsewhere):
    password = "Tiles-and-Winds-9"
    response = client.post(
        "/accounts/signup/", {"username": "mei", "password1": password, "password2": password, "next": elsewhere}
    )
    assert response.status_code == 302 and response["Location"] == "/sessions/new/"


@pytest.mark.parametrize("odd", ["/join/\x00x/", "/" + "a" * 5000, "https://evil.example/"])
def test_the_sign_up_page_echoes_no_next_it_would_not_follow(client, odd):
    page = client.get("/accounts/signup/", {"next": odd}).content.decode()
    signup_form = page[
        page.index('action="/accounts/signup/"') : page.index("</form>", page.index('action="/accounts/signup/"'))
    ]
    assert 'name="next"' not in signup_form and "?next=" not in page[page.index("Already have one?") :]


def test_a_keeper_records_undoes_and_corrects_and_the_audit_trail_names_who_did_what(owner, game, co_keeper):
    second = signed_in(co_keeper)
    taps = {"winner": "2", "how": "self_draw", "client_token": "from-second", "expected_number": "1"}
    assert second.post(f"/sessions/{game.pk}/hands/new/", taps, headers=HTMX).status_code == 200
    record_all(game, [draw()], owner)
    edit = {"winner": "1", "how": "self_draw", "client_token": "unused", "expected_number": "1"}
    assert answered_with_the_board(
        post_confirmed(second, f"/sessions/{game.pk}/hands/1/edit/", edit, headers=HTMX), game
    )
    assert second.post(f"/sessions/{game.pk}/hands/undo/").status_code == 302
    assert list(Correction.objects.filter(session=game).order_by("pk").values_list("action", "who__username")) == [
        ("add", "second"),
        ("add", "keeper"),
        ("edit", "second"),
        ("undo", "second"),
    ]
    page = signed_in(owner).get(f"/sessions/{game.pk}/hands/1/").content.decode()
    # Named as other keepers see them: by display name ("keeper" when none was chosen), never the log-in name.
    assert "Entered by keeper" in page and "edited · keeper" in page and "second" not in page


def test_a_keeper_and_the_owner_saving_the_same_hand_get_one_success_and_one_conflict(owner, game, co_keeper):
    first = signed_in(owner).post(
        f"/sessions/{game.pk}/hands/new/",
        {"winner": "2", "how": "self_draw", "client_token": "owner-phone", "expected_number": "1"},
        headers=HTMX,
    )
    second = signed_in(co_keeper).post(
        f"/sessions/{game.pk}/hands/new/",
        {"winner": "1", "how": "self_draw", "client_token": "keeper-phone", "expected_number": "1"},
        headers=HTMX,
    )
    assert first.status_code == 200 and second.status_code == 409
    assert "Hand 1 was already saved from another device" in second.content.decode()
    assert list(Round.objects.filter(session=game).values_list("client_token", flat=True)) == ["owner-phone"]


def test_the_owner_removes_a_keeper_who_then_gets_404_like_a_stranger(owner, game, co_keeper):
    second = signed_in(co_keeper)
    assert second.get(f"/sessions/{game.pk}/").status_code == 200
    response = signed_in(owner).post(f"/sessions/{game.pk}/keepers/{co_keeper.pk}/remove/", follow=True)
    assert "The keeper was removed" in response.content.decode()
    assert second.get(f"/sessions/{game.pk}/").status_code == 404
    assert second.post(f"/sessions/{game.pk}/hands/new/", {"winner": "1"}).status_code == 404


def test_a_keeper_may_leave_but_not_remove_another_keeper(owner, game, co_keeper):
    other = User.objects.create_user("third")
    Keeper.objects.create(session=game, user=other, added_by=owner)
    second = signed_in(co_keeper)
    assert second.post(f"/sessions/{game.pk}/keepers/{other.pk}/remove/").status_code == 403
    left = second.post(f"/sessions/{game.pk}/keepers/{co_keeper.pk}/remove/", follow=True)
    assert "You no longer keep score on that session." in left.content.decode()
    assert keepers_of(game) == ["third"]


def test_the_session_list_shows_kept_sessions_with_their_owner(owner, game, co_keeper):
    page = signed_in(co_keeper).get("/sessions/").content.decode()
    assert f'href="/sessions/{game.pk}/"' in page and "kept with keeper" in page
    own = signed_in(owner).get("/sessions/").content.decode()
    assert "kept with" not in own


def test_the_keepers_page_lists_everyone_and_explains_who_may_do_what(owner, game, co_keeper):
    co_keeper.first_name = "Auntie Li"
    co_keeper.save(update_fields=["first_name"])
    page = signed_in(co_keeper).get(f"/sessions/{game.pk}/keepers/").content.decode()
    assert "<span>keeper</span>" in page and "<span>Auntie Li</span>" in page and "added by keeper" in page
    assert "Only the owner can finish or reopen the session" in page
    assert "Stop keeping this session" in page and "Yes, remove" not in page


def test_the_keepers_page_speaks_chinese(owner, game, co_keeper):
    page = signed_in(owner).get(f"/sessions/{game.pk}/keepers/", headers={"accept-language": "zh-hans"})
    body = page.content.decode()
    assert "谁在记分" in body and "按用户名添加记分员" in body and "移除" in body


def test_one_owner_holds_a_bounded_number_of_unanswered_invitations_per_name(owner):
    from tablekeeper.keeping.services.keepers import MAX_PENDING_PER_SENDER_AND_NAME

    User.objects.create_user("popular", password=PASSWORD)
    for _ in range(MAX_PENDING_PER_SENDER_AND_NAME):
        services.request_keeper(make_session(owner), "popular", by=owner)
    with pytest.raises(services.KeeperRefused, match="withdraw one"):
        services.request_keeper(make_session(owner), "popular", by=owner)
    assert KeeperRequest.objects.filter(user__username="popular").count() == MAX_PENDING_PER_SENDER_AND_NAME


def test_accepting_an_invitation_to_a_full_session_says_so_and_spends_it(owner, game):
    for index in range(MAX_KEEPERS):
        services.add_keeper(game, User.objects.create_user(f"k{index}").username, by=owner)
    late = User.objects.create_user("late", password=PASSWORD)
    KeeperRequest.objects.create(session=game, user=late, invited_by=owner)
    pending = KeeperRequest.objects.get(user=late)
    answer = signed_in(late).post(f"/keepers/requests/{pending.pk}/", {"answer": "accept"}, follow=True)
    assert "at most" in answer.content.decode() and not KeeperRequest.objects.exists()
    assert "late" not in keepers_of(game)


def test_the_invitation_page_names_who_made_the_link_by_their_chosen_name(owner, game):
    owner.first_name = "老王"
    owner.save(update_fields=["first_name"])
    keepers = signed_in(owner).get(f"/sessions/{game.pk}/keepers/").content.decode()
    assert "choose a name to be seen by" not in keepers
    page = signed_in(owner).post(f"/sessions/{game.pk}/keepers/invitation/", {"action": "new"}, follow=True)
    mei = signed_in(User.objects.create_user("mei"))
    mei.cookies["django_language"] = "zh-hans"
    said = mei.get(invitation_path(page.content.decode())).content.decode()
    assert "老王邀请你一起给这场" in said and "记分员邀请你" not in said


def test_an_owner_without_a_display_name_is_told_before_making_a_link(owner, game):
    keepers = signed_in(owner).get(f"/sessions/{game.pk}/keepers/").content.decode()
    assert "choose a name to be seen by" in keepers and 'href="/accounts/name/"' in keepers
