"""Claiming a seat from the share board (我是 老王) and the keeper's one-tap answer: the journey, and every
refusal answered with a 4xx and a message in the phone's language, never a 500."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Keeper, Player, Seat, SeatClaim
from tests.conftest import HTMX, PASSWORD, make_session, record_all, signed_in, stands, win

pytestmark = pytest.mark.django_db

CHINESE = {"Accept-Language": "zh-hans"}


def player(name: str = "wang-login", shown: str = "老王") -> User:
    return User.objects.create_user(name, password=PASSWORD, first_name=shown)


def claim(phone: Client, game: GameSession, seat: int, shown: str = "老王", **headers: str) -> Any:
    return phone.post(f"/b/{game.share_token}/claim/{seat}/", {"display_name": shown}, headers=headers)


def decide(keeper: Client, game: GameSession, seat: int, answer: str, **data: str) -> Any:
    return keeper.post(f"/sessions/{game.pk}/claims/{seat}/", {"answer": answer, **data})


def linked(game: GameSession) -> list[int | None]:
    return list(Seat.objects.filter(session=game).order_by("index").values_list("person_id", flat=True))


def message(response: Any) -> str:
    """The refusal's words as the phone shows them (or the whole page when it has none)."""
    body = html.unescape(response.content.decode())
    return body.split('class="claim-refusal">', 1)[1].split("</p>", 1)[0] if "claim-refusal" in body else body


def test_a_players_claim_shows_on_the_keepers_board_at_once_under_their_display_name(game, keeper_client):
    before = keeper_client.get(f"/sessions/{game.pk}/", headers=HTMX)
    wang = player()
    answer = claim(signed_in(wang), game, 1)
    assert answer.status_code == 302 and answer["Location"] == f"/b/{game.share_token}/"
    # The board's poll with the tag it held is not a 304 any more: the request is drawn at once.
    polled = keeper_client.get(f"/sessions/{game.pk}/", headers={**HTMX, "If-None-Match": before["ETag"]})
    body = polled.content.decode()
    assert polled.status_code == 200 and "Claim: Bo (seat 2) ← 老王" in body
    assert "wang-login" not in body, "a keeper sees the display name, never the log-in name"
    assert linked(game) == [None, None, None, None], "nothing is linked before the keeper's yes"


def test_the_keeper_accepts_with_one_tap_and_the_seat_and_the_name_are_linked(game, keeper_client):
    wang = player()
    claim(signed_in(wang), game, 1)
    answer = decide(keeper_client, game, 1, "accept")
    assert answer.status_code == 302 and answer["Location"] == f"/sessions/{game.pk}/"
    assert linked(game) == [None, wang.pk, None, None]
    assert Player.objects.get(owner=game.owner, name="Bo").person == wang
    assert SeatClaim.objects.get(session=game).status == SeatClaim.Status.ACCEPTED


def test_the_keeper_refuses_and_nothing_is_linked_and_the_player_is_told(game, keeper_client):
    wang = player()
    phone = signed_in(wang)
    claim(phone, game, 1)
    assert decide(keeper_client, game, 1, "refuse").status_code == 302
    assert linked(game) == [None, None, None, None]
    assert "The keeper refused your last claim here." in phone.get(f"/b/{game.share_token}/").content.decode()


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        ({}, "This seat is already linked to another player's account."),
        (CHINESE, "这个座位已经关联到另一位玩家的账号。"),
    ],
)
def test_a_seat_already_linked_to_someone_else_is_refused_in_the_phones_language(game, keeper_client, headers, said):
    claim(signed_in(player()), game, 1)
    decide(keeper_client, game, 1, "accept")
    answer = claim(signed_in(player("li", "小李")), game, 1, "小李", **headers)
    assert answer.status_code == 409 and said in message(answer)


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        ({}, "You have asked for seat 2 (Bo) at this table already: one seat per player."),
        (CHINESE, "你在这桌已认领第 2 座（Bo）：每人只能认领一个座位。"),
    ],
)
def test_a_second_seat_at_the_same_table_is_refused_waiting_or_linked(game, keeper_client, headers, said):
    phone = signed_in(player())
    claim(phone, game, 1)
    answer = claim(phone, game, 2, **headers)
    assert answer.status_code == 409 and said in message(answer)
    decide(keeper_client, game, 1, "accept")
    answer = claim(phone, game, 3, **headers)
    assert answer.status_code == 409 and ("linked to seat 2" in message(answer) or "已关联第 2 座" in message(answer))
    assert SeatClaim.objects.filter(session=game).count() == 1


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        ({}, "This phone has asked for a seat at this table already"),
        (CHINESE, "这部手机已经在这桌认领过座位"),
    ],
)
def test_a_second_claim_from_the_same_phone_is_refused_whatever_account_it_uses(game, headers, said):
    phone = signed_in(player())
    claim(phone, game, 1)
    phone.force_login(player("li", "小李"))  # the same browser, its phone cookie, another account
    answer = claim(phone, game, 2, "小李", **headers)
    assert answer.status_code == 409 and said in message(answer)
    assert SeatClaim.objects.filter(session=game).count() == 1


def test_asking_twice_for_the_same_seat_files_one_claim(game):
    phone = signed_in(player())
    assert claim(phone, game, 1).status_code == 302
    assert claim(phone, game, 1).status_code == 302
    assert SeatClaim.objects.filter(session=game).count() == 1


def test_someone_elses_waiting_claim_keeps_the_seat_until_the_keeper_answers(game, keeper_client):
    claim(signed_in(player()), game, 1)
    answer = claim(signed_in(player("li", "小李")), game, 1, "小李")
    assert answer.status_code == 409 and "the keeper answers that first" in message(answer)
    decide(keeper_client, game, 1, "refuse")
    assert claim(signed_in(User.objects.get(username="li")), game, 1, "小李").status_code == 302


@pytest.mark.parametrize("how", ["off", "replaced"])
@pytest.mark.parametrize("headers", [{}, CHINESE])
def test_a_claim_on_a_revoked_share_link_is_the_apps_404_and_files_nothing(game, how, headers):
    token = game.share_token
    services.set_sharing(game, enabled=False) if how == "off" else services.set_sharing(
        game, enabled=True, new_link=True
    )
    phone = signed_in(player())
    for answer in (phone.get(f"/b/{token}/claim/1/", headers=headers), claim(phone, game, 1, **headers)):
        assert answer.status_code == 404
        assert ("Page not found" if not headers else "找不到") in answer.content.decode()
    assert not SeatClaim.objects.exists()


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        ({}, "The owner took you off this session's keepers: no seat here can be linked to you."),
        (CHINESE, "这一场的主人已把你从记分人里移除：这桌的座位不能关联到你。"),
    ],
)
def test_a_claim_by_a_removed_keeper_is_refused_403_in_the_phones_language(game, removed_keeper, headers, said):
    answer = claim(signed_in(removed_keeper), game, 1, "Former", **headers)
    assert answer.status_code == 403 and said in message(answer)
    assert not SeatClaim.objects.exists() and linked(game) == [None] * 4


def test_a_keeper_asked_back_after_a_removal_may_claim_again(game, owner, removed_keeper):
    services.add_keeper(game, removed_keeper.username, by=owner)
    assert claim(signed_in(removed_keeper), game, 1, "Former").status_code == 302


def test_a_removed_keeper_or_a_stranger_cannot_answer_a_claim(game, removed_keeper, stranger):
    claim(signed_in(player()), game, 1)
    for visitor in (removed_keeper, stranger):
        assert decide(signed_in(visitor), game, 1, "accept").status_code == 404
    assert linked(game) == [None] * 4 and SeatClaim.objects.get().status == SeatClaim.Status.OPEN


def test_removing_a_keeper_withdraws_their_waiting_claim(game, owner):
    second = player("second", "二哥")
    Keeper.objects.create(session=game, user=second, added_by=owner)
    # A keeper's own claim links at once; a claim filed before they kept score waits.
    SeatClaim.objects.create(session=game, seat=2, user=second, phone="x")
    services.remove_keeper(game, second.pk)
    assert not SeatClaim.objects.filter(user=second, status=SeatClaim.Status.OPEN).exists()


@pytest.mark.parametrize(
    ("seat", "headers", "said"), [(4, {}, "This table has no seat 5."), (9, CHINESE, "这桌没有第 10 座。")]
)
def test_a_seat_that_does_not_exist_is_404_with_a_message(game, seat, headers, said):
    phone = signed_in(player())
    for answer in (
        phone.get(f"/b/{game.share_token}/claim/{seat}/", headers=headers),
        claim(phone, game, seat, **headers),
    ):
        assert answer.status_code == 404 and said in message(answer)
    assert claim(phone, game, 10**10).status_code == 404  # beyond the bounded id: no route at all


@pytest.mark.parametrize("headers", [{}, CHINESE])
def test_a_flood_of_claims_from_one_phone_is_refused_429_with_a_message(game, settings, headers):
    settings.CLAIMS_PER_HOUR = 3
    phone = signed_in(player())
    answers = [claim(phone, game, 1, **headers) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [302, 302, 302, 429, 429]
    said = "Too many requests for seats from this phone" if not headers else "这部手机的认领请求太多了"
    assert said in message(answers[-1])


def test_a_flood_of_claims_at_one_table_is_refused_429_whoever_files_them(game, keeper_client, settings):
    settings.CLAIMS_PER_SESSION_PER_HOUR = 3
    statuses = []
    for number in range(5):
        statuses.append(claim(signed_in(player(f"p{number}", f"P{number}")), game, 1, f"P{number}").status_code)
        decide(keeper_client, game, 1, "refuse")
    assert statuses == [302, 302, 302, 429, 429]
    assert SeatClaim.objects.filter(session=game).count() == 3


def test_claiming_needs_an_account_and_its_screen_signs_up_with_the_seats_name_offered(client, game):
    page = client.get(f"/b/{game.share_token}/claim/2/")
    body = page.content.decode()
    assert page.status_code == 200 and 'name="username"' in body and 'value="Cy"' in body
    answer = client.post(
        f"/b/{game.share_token}/claim/2/",
        {"display_name": "Cy", "username": "cy-phone", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert answer.status_code == 302 and answer["Location"] == f"/b/{game.share_token}/"
    made = User.objects.get(username="cy-phone")
    assert made.first_name == "Cy" and SeatClaim.objects.get().user == made
    assert "Waiting for the keeper" in client.get(f"/b/{game.share_token}/").content.decode()


def test_a_claims_sign_up_with_a_bad_form_is_422_and_files_nothing(client, game):
    answer = client.post(f"/b/{game.share_token}/claim/2/", {"display_name": "", "username": "x"})
    assert answer.status_code == 422 and not SeatClaim.objects.exists() and not User.objects.filter(username="x")


def test_watching_needs_no_account(client, game):
    body = client.get(f"/b/{game.share_token}/").content.decode()
    assert "I am Bo" in body and f"/b/{game.share_token}/claim/1/" in body


def test_a_keeper_who_claims_a_seat_is_linked_at_once(game, owner, keeper_client):
    answer = claim(keeper_client, game, 0, "Ann")
    assert answer.status_code == 302 and linked(game) == [owner.pk, None, None, None]


def test_an_answer_that_came_for_another_claim_decides_nothing(game, keeper_client):
    claim(signed_in(player()), game, 1)
    shown = SeatClaim.objects.get().pk
    answer = decide(keeper_client, game, 1, "accept", claim=str(shown + 1))
    assert answer.status_code == 409 and "look at it again" in message(answer)
    assert linked(game) == [None] * 4


@pytest.mark.parametrize("answer", ["", "yes", "accept\x00", "长" * 500])
def test_an_answer_other_than_accept_or_refuse_is_400(game, keeper_client, answer):
    claim(signed_in(player()), game, 1)
    response = decide(keeper_client, game, 1, answer)
    assert response.status_code == 400 and "Answer the request with Accept or Refuse." in message(response)


def test_answering_a_seat_with_no_waiting_claim_is_409(game, keeper_client):
    response = decide(keeper_client, game, 1, "accept")
    assert response.status_code == 409 and "No request for this seat is waiting" in message(response)


def test_a_claim_after_the_evening_is_answered_like_one_during_it(game, owner, keeper_client):
    record_all(game, [win(1)], owner)
    stands(services.finish_session(game, money_rate=None))
    claim(signed_in(player()), game, 1)
    decide(keeper_client, game, 1, "accept")
    assert linked(game)[1] is not None


def test_the_keeper_undoes_a_link_and_the_next_session_seats_the_name_only(game, owner, keeper_client):
    wang = player()
    claim(signed_in(wang), game, 1)
    decide(keeper_client, game, 1, "accept")
    assert make_session(owner).seats.get(index=1).person == wang, "a linked name links its seat from the start"
    answer = keeper_client.post(f"/sessions/{game.pk}/seats/1/unlink/", {"back": "players"})
    assert answer.status_code == 302 and answer["Location"] == f"/sessions/{game.pk}/players/"
    assert linked(game) == [None] * 4
    assert make_session(owner).seats.get(index=1).person is None
    again = keeper_client.post(f"/sessions/{game.pk}/seats/1/unlink/")
    assert again.status_code == 409 and "not linked to anyone" in message(again)


def test_an_import_of_an_evening_links_nobody(owner, keeper_client):
    from tablekeeper.keeping.pages.board import seats_of
    from tablekeeper.keeping.services.exchange import export_session, import_session

    game = make_session(owner)
    claim(keeper_client, game, 0, "Ann")
    copy = import_session(owner, dict(export_session(game, seats_of(game))))
    assert isinstance(copy, GameSession) and linked(copy) == [None] * 4


def test_two_names_of_the_keepers_for_one_person_link_only_the_first_seat(owner):
    wang = player()
    Player.objects.filter(owner=owner).delete()
    for name in ("Ann", "Bo"):
        Player.objects.create(owner=owner, name=name, person=wang)
    assert linked(make_session(owner)) == [wang.pk, None, None, None]


def test_the_tables_code_page_shows_the_qr_the_link_and_the_claims_polled(game, keeper_client):
    claim(signed_in(player()), game, 3)
    page = keeper_client.get(f"/sessions/{game.pk}/players/")
    body = page.content.decode()
    assert page.status_code == 200 and "<svg" in body and f"/b/{game.share_token}/" in body
    assert "Claim: Di (seat 4) ← 老王" in body
    polled = keeper_client.get(f"/sessions/{game.pk}/players/", headers=HTMX)
    assert polled.status_code == 200 and polled.content.decode().lstrip().startswith('<div id="live-claims"')
    again = keeper_client.get(f"/sessions/{game.pk}/players/", headers={**HTMX, "If-None-Match": polled["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("seat", [4, 999])
def test_answering_a_seat_that_does_not_exist_is_404_with_a_message(game, keeper_client, seat):
    response = keeper_client.post(f"/sessions/{game.pk}/claims/{seat}/", {"answer": "accept"}, headers=HTMX)
    assert response.status_code == 404 and f"This table has no seat {seat + 1}." in message(response)
