"""A player's groups (/me/ and /me/groups/<id>/): the groups one of whose members is linked to the player's
account, each with the keeper's own standings read-only, the player's rows marked; anyone else, and a player
no longer linked, gets the 404 of a group that does not exist."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Player, Seat
from tablekeeper.players.models import PlayerGroup
from tablekeeper.players.services import claims
from tablekeeper.players.services.groups import group_from_session
from tests.conftest import HTMX, PASSWORD, draw, make_session, record_all, signed_in, stands, win

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bo", "Cy", "Di"]
HANDS = [[win(1, "discard", 0), win(2), draw()], [win(3, "discard", 1), win(1)], [win(0), win(1, "discard", 2)]]


def person(name: str = "wang-login", shown: str = "老王") -> User:
    return User.objects.create_user(name, password=PASSWORD, first_name=shown)


def evening(keeper: User, number: int, *, who: User | None = None, seat: int = 1) -> GameSession:
    """A finished evening of `keeper`'s four regulars, money at half a yuan a point; `who` is linked to `seat`
    by a claim and the keeper's yes."""
    game = make_session(keeper, "shandong", base=5, player_names=NAMES)
    if who is not None:
        claimed = claims.claim_seat(game, seat, who, phone=f"phone-{who.pk}", token=game.share_token)
        assert isinstance(claimed, claims.Claimed)
        if not claimed.linked:
            assert isinstance(claims.decide_claim(game, seat, accept=True), claims.Decided)
    record_all(game, HANDS[number % len(HANDS)], keeper)
    return stands(services.finish_session(game, money_rate=Decimal("0.50")))


@pytest.fixture
def keeper() -> User:
    return User.objects.create_user("keeper-login", password=PASSWORD, first_name="阿强")


@pytest.fixture
def wang() -> User:
    return person()


@pytest.fixture
def group(keeper: User, wang: User) -> PlayerGroup:
    """The keeper's group of four, three evenings played, 老王 linked to Bo (seat 2) at the first."""
    first = evening(keeper, 0, who=wang)
    evening(keeper, 1)
    evening(keeper, 2)
    return group_from_session(keeper, first, "周四牌友")


def page(client: Client, group: PlayerGroup, query: str = "?period=all", **headers: str) -> str:
    response = client.get(f"/me/groups/{group.pk}/{query}", headers=headers)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def figures(html: str) -> str:
    """The standings' tables as a page draws them, without the marks of the player's own rows."""
    start = html.index('<section class="card stake">')
    end = html.rindex("</section>") + len("</section>")
    tables = html[start:end].replace(' class="mine"', "")
    return re.sub(r' <span class="you-mark">[^<]*</span>', "", tables)


def test_my_record_lists_the_groups_i_am_in_each_linked_to_its_standings(wang, group, keeper):
    other = group_from_session(keeper, GameSession.objects.filter(owner=keeper).order_by("pk").last() or group, "周日")
    elsewhere = User.objects.create_user("k2", first_name="张姐")
    theirs = group_from_session(elsewhere, evening(elsewhere, 0), "张姐的牌友")
    body = signed_in(wang).get("/me/").content.decode()
    assert 'id="my-groups"' in body and "My groups" in body
    assert f'href="/me/groups/{group.pk}/"' in body and "周四牌友" in body and "kept by 阿强" in body
    # The keeper's other group of the same four names has 老王's Bo in it too; another keeper's has not.
    assert f'href="/me/groups/{other.pk}/"' in body
    assert f"/me/groups/{theirs.pk}/" not in body and "张姐的牌友" not in body
    assert "keeper-login" not in body


def test_the_standings_are_the_keepers_own_figures_with_my_rows_marked(wang, group, keeper):
    mine = signed_in(wang).get(f"/me/groups/{group.pk}/?period=all")
    keepers = signed_in(keeper).get(f"/groups/{group.pk}/?period=all")
    assert mine.status_code == keepers.status_code == 200
    assert mine.context["tables"] == keepers.context["tables"], "one service, the same figures"
    [table] = mine.context["tables"]
    assert table.sessions == 3 and len(table.standings) == 4
    html, keeper_html = mine.content.decode(), keepers.content.decode()
    assert figures(html) == figures(keeper_html), "the keeper's tables, drawn the same"
    bo = Player.objects.get(owner=keeper, name="Bo")
    assert mine.context["mine"] == {bo.pk}
    assert html.count('<tr class="mine">') == 2, "my row in the standings and in the hands' table"
    assert re.search(r'<tr class="mine">\s*<td>\d+</td>\s*<td class="name">Bo <span class="you-mark">You</span>', html)
    assert 'class="mine"' not in keeper_html and "you-mark" not in keeper_html


def test_the_page_is_read_only_and_names_people_by_display_name(wang, group, keeper):
    html = page(signed_in(wang), group)
    main = html[html.index("<main") : html.index("</main>")]
    for control in ("/edit/", "/rename/", "/delete/", f"/groups/{group.pk}/players/", 'method="post"'):
        assert control not in main, control
    assert "Kept by 阿强." in html and "keeper-login" not in html and "wang-login" not in html
    assert signed_in(wang).post(f"/me/groups/{group.pk}/").status_code == 405


def test_the_period_choices_are_the_keepers_and_a_bad_one_is_refused_with_its_message(wang, group):
    phone = signed_in(wang)
    assert phone.get(f"/me/groups/{group.pk}/").context["period"].kind == "month"
    season = phone.get(f"/me/groups/{group.pk}/", {"period": "season", "start": "2000-01-01", "end": "2000-01-31"})
    assert season.status_code == 200 and season.context["tables"] == []
    assert "No finished sessions of this group in this period." in season.content.decode()
    for query, message in (
        ({"period": "season", "start": "2024-03-01", "end": "2024-02-01"}, "last day comes before its first"),
        ({"period": "season", "start": "not a day", "end": "2024-02-01"}, "Enter a valid date."),
        ({"period": "forever"}, "Select a valid choice"),
    ):
        page = phone.get(f"/me/groups/{group.pk}/", query)
        assert page.status_code == 400 and page.context["tables"] is None and message in page.content.decode()
        # htmx swaps a 422 in (base.html's htmx-config), not a 400: the form comes back with its message.
        part = phone.get(f"/me/groups/{group.pk}/", query, headers=HTMX)
        assert part.status_code == 422 and message in part.content.decode() and "<html" not in part.content.decode()


def test_a_new_period_asked_with_htmx_answers_the_standings_only(wang, group):
    phone = signed_in(wang)
    full = page(phone, group)
    assert 'hx-get="/me/groups/' in full and 'hx-target="#group-standings"' in full and "<html" in full
    part = phone.get(f"/me/groups/{group.pk}/?period=all", headers=HTMX)
    body = part.content.decode()
    assert part.status_code == 200 and "HX-Request" in part["Vary"]
    assert body.lstrip().startswith('<div id="group-standings">') and "<html" not in body
    assert figures(body) == figures(full)


def test_a_stranger_another_player_or_the_keeper_gets_404_like_a_group_that_does_not_exist(wang, group, keeper):
    li = person("li-login", "小李")
    evening(User.objects.create_user("k2"), 0, who=li)  # linked elsewhere, at another keeper's table
    missing = PlayerGroup.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    for visitor in (User.objects.create_user("stranger"), li, keeper):
        phone = signed_in(visitor)
        for path in (f"/me/groups/{group.pk}/", f"/me/groups/{missing + 1000}/", "/me/groups/9999999999999999999999/"):
            for headers in ({}, HTMX):
                response = phone.get(path, headers=headers)
                assert response.status_code == 404, (visitor.username, path)
                assert "周四牌友" not in response.content.decode()
        assert "/me/groups/" not in phone.get("/me/").content.decode()


def test_anyone_signed_out_is_sent_to_log_in(client, group):
    response = client.get(f"/me/groups/{group.pk}/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_player_the_keeper_unlinks_loses_the_group(wang, group, keeper):
    phone = signed_in(wang)
    page(phone, group)
    game = GameSession.objects.filter(owner=keeper).order_by("pk").first()
    assert game is not None
    assert isinstance(claims.undo_link(game, 1), Seat)
    assert phone.get(f"/me/groups/{group.pk}/").status_code == 404
    assert "/me/groups/" not in phone.get("/me/").content.decode()


def test_a_player_who_unlinks_everything_loses_the_group_but_one_evening_keeps_it(wang, group):
    phone = signed_in(wang)
    seat = Seat.objects.filter(person=wang).first()
    assert seat is not None and phone.post(f"/me/evenings/{seat.pk}/unlink/").status_code == 302
    page(phone, group)  # one evening: the keeper's name for 老王 stays linked, and with it the group
    assert phone.post("/me/unlink/", {"confirm": "all"}).status_code == 302
    assert phone.get(f"/me/groups/{group.pk}/").status_code == 404


def test_both_languages_render(wang, group):
    phone = signed_in(wang)
    english = page(phone, group)
    assert "Kept by 阿强." in english and "Who paid whom" in english and ">You</span>" in english
    me = phone.get("/me/").content.decode()
    assert "My groups" in me
    chinese = page(phone, group, **{"Accept-Language": "zh-hans"})
    assert "阿强记分。你在这个牌友圈里" in chinese and "谁点炮给谁" in chinese and ">你</span>" in chinese
    assert "返回我的战绩" in chinese
    me = phone.get("/me/", headers={"Accept-Language": "zh-hans"}).content.decode()
    assert "我的牌友圈" in me and "阿强记分" in me


def test_the_page_reads_the_same_number_of_queries_at_three_and_at_nine_evenings(wang, group, keeper):
    phone = signed_in(wang)

    def queries(path: str) -> int:
        with CaptureQueriesContext(connection) as seen:
            assert phone.get(path).status_code == 200
        return len(seen)

    path = f"/me/groups/{group.pk}/?period=all"
    few, record = queries(path), queries("/me/")
    for number in range(6):
        evening(keeper, number)  # 老王's Bo is linked from the start: each is on the record too
    group_from_session(keeper, GameSession.objects.filter(owner=keeper).order_by("pk").last() or group, "周日")
    tables = phone.get(path).context["tables"]
    assert sum(table.sessions for table in tables) == 9
    assert queries(path) == few and queries("/me/") == record


@pytest.mark.parametrize(
    "raw",
    [
        "period=season&start=2024-03-01%ED%A0%80&end=2024-03-02",  # a lone surrogate: not even UTF-8
        "period=season&start=%00&end=2024-03-02",
        "period=season&start=99999999999999999999-01-01&end=2024-03-01",
        "period=" + "x" * 5000,
    ],
)
def test_a_hostile_period_is_a_4xx_never_a_500(wang, group, raw):
    client = Client(raise_request_exception=False)
    client.force_login(wang)
    for headers in ({}, HTMX):
        assert client.get(f"/me/groups/{group.pk}/?{raw}", headers=headers).status_code in (400, 422)
