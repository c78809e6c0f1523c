"""Pages anyone with a share link can read, and the pages a co-keeper reads (the keepers page, a hand's
"Entered by" and its trail of corrections), name keepers by the display name they chose (or
"keeper"/"记分员"), never by the log-in name a password guesser would need."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession
from tests.conftest import PASSWORD, draw, make_session, record_all, signed_in, stands, win

pytestmark = pytest.mark.django_db
LOGIN_NAME = "secret-login-name"


def public_pages(client: Client, game: GameSession) -> dict[str, str]:
    token = game.share_token
    return {
        "board": client.get(f"/b/{token}/").content.decode(),
        "polled fragment": client.get(f"/b/{token}/", headers={"HX-Request": "true"}).content.decode(),
        "summary": client.get(f"/b/{token}/summary/").content.decode(),
        "card and its text block": client.get(f"/b/{token}/card/").content.decode(),
        "chinese board": client.get(f"/b/{token}/", headers={"accept-language": "zh-hans"}).content.decode(),
    }


@pytest.fixture
def corrected_by_a_keeper(game: GameSession, owner: User) -> User:
    keeper = User.objects.create_user(LOGIN_NAME, password=PASSWORD)
    services.add_keeper(game, LOGIN_NAME, by=owner)
    record_all(game, [win(0), draw(), win(1)], owner)
    stands(services.edit_hand(game, 1, win(2), user=keeper))
    stands(services.delete_hand(game, 2, user=keeper))
    stands(services.undo_last_hand(game, user=keeper))
    return keeper


def test_no_public_page_shows_a_keepers_log_in_name(client, game, corrected_by_a_keeper):
    pages = public_pages(client, game)
    for page, body in pages.items():
        assert LOGIN_NAME not in body, f"the {page} shows the log-in name"
    assert "Hand 1 corrected by keeper" in pages["polled fragment"]
    assert "由记分员更正" in pages["chinese board"]


def test_public_pages_name_a_keeper_by_the_display_name_they_chose(client, game, corrected_by_a_keeper):
    phone = signed_in(corrected_by_a_keeper)
    saved = phone.post("/accounts/name/", {"display_name": "  Auntie Li "})
    assert saved.status_code == 302
    pages = public_pages(client, game)
    assert "Hand 1 corrected by Auntie Li" in pages["polled fragment"] and "Auntie Li" in pages["board"]
    assert all(LOGIN_NAME not in body for body in pages.values())


@pytest.mark.parametrize("bad", ["x" * 41, "tab\there", "nul\x00"])
def test_a_display_name_too_long_or_with_control_characters_is_refused(owner, bad):
    answer = signed_in(owner).post("/accounts/name/", {"display_name": bad})
    assert answer.status_code == 200 and "errorlist" in answer.content.decode()
    owner.refresh_from_db()
    assert owner.first_name == ""


def test_the_display_name_page_speaks_chinese(owner):
    page = signed_in(owner).get("/accounts/name/", headers={"accept-language": "zh-hans"}).content.decode()
    assert "共享页面上的名字" in page


OWNER_LOGIN_NAME = "owner-secret-login"


@pytest.fixture
def table_of_two_keepers() -> tuple[GameSession, User, User]:
    """A session whose owner and co-keeper have log-in names of their own; the co-keeper entered hand 1
    and corrected it."""
    owner = User.objects.create_user(OWNER_LOGIN_NAME, password=PASSWORD, first_name="Auntie Li")
    game = make_session(owner)
    co_keeper = User.objects.create_user(LOGIN_NAME, password=PASSWORD)
    services.add_keeper(game, LOGIN_NAME, by=owner)
    record_all(game, [win(0)], co_keeper)
    stands(services.edit_hand(game, 1, win(2), user=co_keeper))
    return game, owner, co_keeper


@pytest.mark.parametrize("language, keeper_word", [("en", "keeper"), ("zh-hans", "记分员")])
def test_the_keepers_page_names_the_owner_and_every_keeper_by_display_name_never_the_log_in_name(
    table_of_two_keepers, language, keeper_word
):
    game, owner, co_keeper = table_of_two_keepers
    for viewer in (owner, co_keeper):
        page = signed_in(viewer).get(f"/sessions/{game.pk}/keepers/", headers={"accept-language": language})
        body = page.content.decode()
        assert page.status_code == 200
        assert OWNER_LOGIN_NAME not in body and LOGIN_NAME not in body
        # The owner by the name they chose; the co-keeper, who chose none, by the word; "added by" the owner.
        assert "<span>Auntie Li</span>" in body and f"<span>{keeper_word}</span>" in body
        assert body.count("Auntie Li") >= 2


@pytest.mark.parametrize("language, entered", [("en", "Entered by keeper at"), ("zh-hans", "记分员于")])
def test_a_hands_page_says_who_entered_and_corrected_it_by_display_name(table_of_two_keepers, language, entered):
    game, owner, _co_keeper = table_of_two_keepers
    page = signed_in(owner).get(f"/sessions/{game.pk}/hands/1/", headers={"accept-language": language})
    body = page.content.decode()
    assert page.status_code == 200
    assert entered in body
    assert OWNER_LOGIN_NAME not in body and LOGIN_NAME not in body, "the trail of corrections names a log-in name"


@pytest.mark.parametrize(
    "spoof",
    ["\u202eilA eitnuA", "Auntie\u200bLi", "\u200b\u200b", "Li\u2066Wei\u2069", "\ufeffLi", "Li\u00adWei"],
    ids=["right-to-left override", "zero-width space", "only zero-width spaces", "isolates", "BOM", "soft hyphen"],
)
def test_a_display_name_with_invisible_formatting_characters_is_refused_in_words(owner, spoof):
    answer = signed_in(owner).post("/accounts/name/", {"display_name": spoof})
    body = answer.content.decode()
    assert answer.status_code == 200
    assert "Invisible characters (such as zero-width spaces or direction marks) are not allowed in a name." in body
    owner.refresh_from_db()
    assert owner.first_name == ""


@pytest.mark.parametrize("blank", ["\u3164", "\u2800\u2800", " \u115f\u1160 "], ids=["filler", "braille", "jamo"])
def test_a_display_name_that_would_show_as_blank_is_refused_in_words(owner, blank):
    answer = signed_in(owner).post("/accounts/name/", {"display_name": blank}, headers={"accept-language": "zh-hans"})
    assert answer.status_code == 200 and "这个名字显示出来是一片空白" in answer.content.decode()
    owner.refresh_from_db()
    assert owner.first_name == ""


def test_a_display_name_stored_before_the_refusal_shows_without_its_invisible_characters(client, game, owner):
    record_all(game, [win(0), win(1)], owner)
    stands(services.edit_hand(game, 1, win(2), user=owner))
    owner.first_name = "\u200b\u200b"
    owner.save()
    assert "Hand 1 corrected by keeper" in public_pages(client, game)["polled fragment"]
    owner.first_name = "\u202eilA"
    owner.save()
    assert "Hand 1 corrected by ilA" in public_pages(client, game)["polled fragment"]
