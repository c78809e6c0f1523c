"""我的战绩 (/me/): every evening a player was linked to, whoever kept it, with the points and money of each
evening's own settle-up; per stake, never summed over stakes; head-to-head and hand figures; and nothing of
anyone else's."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Player, Round, Seat
from tablekeeper.keeping.services.sessions import ending_of
from tablekeeper.players.services import claims
from tablekeeper.players.services.record import add_biggest_hands, player_record
from tests.conftest import PASSWORD, draw, make_session, record_all, signed_in, stands, win

pytestmark = pytest.mark.django_db


def person(name: str = "wang", shown: str = "老王") -> User:
    return User.objects.create_user(name, password=PASSWORD, first_name=shown)


def link(game: GameSession, seat: int, user: User) -> None:
    """The player claims the seat through the share link and the keeper says yes (a name the keeper's
    earlier yes linked is linked from the start)."""
    claimed = claims.claim_seat(game, seat, user, phone=f"phone-{user.pk}", token=game.share_token)
    assert isinstance(claimed, claims.Claimed)
    if not claimed.linked:
        assert isinstance(claims.decide_claim(game, seat, accept=True), claims.Decided)
    assert Seat.objects.get(session=game, index=seat).person == user


def charged(game: GameSession, kind: str, amount: str) -> GameSession:
    GameSession.objects.filter(pk=game.pk).update(fee_kind=kind, fee_amount=Decimal(amount))
    return GameSession.objects.get(pk=game.pk)


def evening(
    keeper: User,
    records: list[Any],
    *,
    seat: int,
    who: User,
    rate: str | None = "0.50",
    fee: str = "none",
    amount: str = "0",
    variant: str = "shenyang",
    base: int = 2,
    names: list[str] | None = None,
) -> GameSession:
    """A finished evening of `keeper`'s with `who` linked to `seat` (money at `rate`, a table fee `fee`)."""
    game = make_session(keeper, variant, base=base, player_names=names or ["Ann", "Bo", "Cy", "Di"])
    link(game, seat, who)
    record_all(game, records, keeper)
    return stands(services.finish_session(charged(game, fee, amount), money_rate=Decimal(rate) if rate else None))


def test_two_keepers_evenings_with_the_same_player_both_show_with_each_settle_ups_points_and_money(client):
    wang = person()
    first_keeper, second_keeper = User.objects.create_user("k1"), User.objects.create_user("k2", first_name="阿强")
    one = evening(
        first_keeper,
        [win(1), win(2, "discard", 1), win(1, "discard", 3)],
        seat=1,
        who=wang,
        fee="per_player",
        amount="3",
    )
    two = evening(second_keeper, [win(0), draw(), win(3, "discard", 0)], seat=3, who=wang, fee="per_hand", amount="1")
    client.force_login(wang)
    body = client.get("/me/").content.decode()
    record = player_record(wang)
    assert [e.session.pk for e in record.evenings] == [two.pk, one.pk]
    for game, seat in ((one, 1), (two, 3)):
        ending = ending_of(game)
        assert ending.money_nets is not None
        shown = next(e for e in record.evenings if e.session.pk == game.pk)
        assert shown.change == ending.changes[seat]
        assert shown.points == game.starting_points + ending.changes[seat]
        assert shown.money_fen == ending.money_nets[seat]
        assert f'data-points="{shown.points}"' in body and f'data-money="{shown.money}"' in body
    assert "kept by 阿强" in body and "kept by keeper" in body, "keepers by display name, never a log-in name"
    assert "kept by k2" not in body and "kept by k1" not in body


def test_a_correction_of_a_hand_changes_the_record_it_is_read_not_copied(owner):
    wang = person()
    game = evening(owner, [win(1), win(2)], seat=1, who=wang)
    before = player_record(wang).evenings[0].change
    stands(services.reopen_session(game))
    stands(services.edit_hand(game, 2, win(1), user=owner))
    stands(services.finish_session(GameSession.objects.get(pk=game.pk), money_rate=Decimal("0.50")))
    assert player_record(wang).evenings[0].change != before
    assert player_record(wang).evenings[0].change == ending_of(GameSession.objects.get(pk=game.pk)).changes[1]


def test_totals_are_kept_per_stake_by_month_and_never_summed_over_stakes(owner):
    wang = person()
    evening(owner, [win(1)], seat=1, who=wang, rate="0.50")
    evening(owner, [win(1), win(1)], seat=1, who=wang, rate="0.50")
    evening(owner, [win(0)], seat=1, who=wang, rate=None, base=5)
    record = player_record(wang)
    stakes = {(s.stake.base, s.stake.money_rate): s for s in record.stakes}
    assert set(stakes) == {(2, Decimal("0.50")), (5, None)}
    halves = stakes[(2, Decimal("0.50"))]
    changes = [e.change for e in record.evenings if e.session.base == 2]
    assert halves.total.evenings == 2 and halves.total.net == sum(changes)
    assert halves.trend == [changes[1], changes[0] + changes[1]], "the running net, oldest first"
    assert [tally.evenings for _month, tally in halves.month_rows] == [2]
    assert stakes[(5, None)].total.money is None


def test_head_to_head_counts_evenings_together_win_rate_and_what_the_settle_ups_moved(owner):
    wang = person()
    games = [
        evening(owner, [win(1), win(1, "discard", 0)], seat=1, who=wang),
        evening(owner, [win(0)], seat=1, who=wang),
    ]
    [stake] = player_record(wang).stakes
    ann = next(other for other in stake.regulars if other.name == "Ann")
    assert ann.evenings == 2
    ahead = sum(1 for game in games if ending_of(game).changes[1] > ending_of(game).changes[0])
    assert ann.win_percent == round(100 * ahead / 2)
    moved = 0
    for game in games:
        ending = ending_of(game)
        for transfer in ending.transfers:
            if (transfer.payer, transfer.payee) == (0, 1):
                moved += transfer.amount
            elif (transfer.payer, transfer.payee) == (1, 0):
                moved -= transfer.amount
    assert ann.net == moved and ann.money == (Decimal(moved) * Decimal("0.50")).quantize(Decimal("0.01"))


def test_an_opponent_linked_at_two_keepers_tables_is_one_opponent_whatever_they_were_called(owner):
    wang, li = person(), person("li", "小李")
    other_keeper = User.objects.create_user("k2")
    for keeper, names in ((owner, ["Ann", "Bo", "Cy", "Di"]), (other_keeper, ["Ann", "Bo", "李子", "Di"])):
        game = make_session(keeper, "shenyang", base=2, player_names=names)
        link(game, 1, wang)
        link(game, 2, li)
        record_all(game, [win(1)], keeper)
        stands(services.finish_session(game, money_rate=Decimal("0.50")))
    [stake] = player_record(wang).stakes
    assert {(o.name, o.evenings) for o in stake.regulars} >= {("李子", 2), ("Ann", 2)}


def test_hand_figures_come_from_the_hands_the_player_won_and_fed(owner):
    wang = person()
    game = evening(
        owner,
        [
            win(1, patterns=["dragon_pung"]),
            win(1, "discard", 0, patterns=["dragon_pung"]),
            draw(),
            win(2, "discard", 1),
        ],
        seat=1,
        who=wang,
    )
    [figures] = player_record(wang).figures
    gains = [
        int(gain or 0)
        for gain in Round.objects.filter(session=game, gain_1__isnull=False).values_list("gain_1", flat=True)
    ]
    assert (figures.hands, figures.wins, figures.self_draws, figures.deal_ins) == (4, 2, 1, 1)
    assert figures.self_draw_percent == 50 and figures.deal_in_percent == 25
    assert figures.average_win == round(sum(gains) / 2) and figures.biggest == max(gains)
    assert figures.streak >= 1
    assert [(name["zh"], times) for name, times in figures.patterns] == [("箭刻", 2)]


def test_the_biggest_hand_of_each_evening_is_shown_with_its_reasons_in_the_pages_language(owner):
    wang = person()
    evening(owner, [win(1, patterns=["dragon_pung"]), win(1)], seat=1, who=wang)
    phone = signed_in(wang)
    english = phone.get("/me/").content.decode()
    assert "Biggest hand: hand 1" in english and "Dragon pung" in english
    chinese = phone.get("/me/", headers={"Accept-Language": "zh-hans"}).content.decode()
    assert "最大的一局：第 1 局" in chinese and "箭刻" in chinese
    [shown] = player_record(wang).evenings
    add_biggest_hands([shown])
    assert shown.biggest is not None and shown.biggest.number == 1 and shown.biggest.why


def test_an_evening_still_played_is_listed_so_far_and_counted_nowhere(owner):
    wang = person()
    game = make_session(owner, "shenyang", base=2)
    link(game, 1, wang)
    record_all(game, [win(1)], owner)
    record = player_record(wang)
    assert len(record.evenings) == 1 and record.playing == 1 and record.stakes == []
    assert "so far" in signed_in(wang).get("/me/").content.decode()


def test_a_player_reads_only_their_own_record_and_cannot_touch_anothers(owner):
    wang, li = person("wang-login", "老王"), person("li-login", "小李")
    evening(owner, [win(1)], seat=1, who=wang, names=["Ann", "欧阳娜娜", "Cy", "Di"])
    evening(owner, [win(2)], seat=2, who=li, names=["Eve", "Fay", "司马相如", "Hal"])
    theirs = Seat.objects.get(person=wang)
    phone = signed_in(li)
    body = phone.get("/me/").content.decode()
    assert "司马相如" in body
    assert "欧阳娜娜" not in body and "老王" not in body and "wang-login" not in body
    assert phone.post(f"/me/evenings/{theirs.pk}/unlink/").status_code == 404
    assert phone.post("/me/evenings/999999999/unlink/").status_code == 404
    assert Seat.objects.get(pk=theirs.pk).person == wang
    for query in ("?user=1", f"?player={wang.pk}", f"?page=1&person={wang.pk}"):
        assert "欧阳娜娜" not in phone.get(f"/me/{query}").content.decode()


def test_anyone_signed_out_is_sent_to_log_in(client):
    for path in ("/me/", "/me/record.csv"):
        response = client.get(path)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_unlinking_one_evening_removes_it_from_the_page_and_changes_nothing_else(owner):
    wang = person()
    kept = evening(owner, [win(1)], seat=1, who=wang)
    dropped = evening(owner, [win(2)], seat=1, who=wang)
    before = (dropped.version, list(Round.objects.filter(session=dropped).values_list("number", "record", "deltas")))
    phone = signed_in(wang)
    seat = Seat.objects.get(session=dropped, person=wang)
    assert phone.post(f"/me/evenings/{seat.pk}/unlink/").status_code == 302
    assert [e.session.pk for e in player_record(wang).evenings] == [kept.pk]
    dropped.refresh_from_db()
    assert list(Round.objects.filter(session=dropped).values_list("number", "record", "deltas")) == before[1]
    assert Seat.objects.get(pk=seat.pk).player.name == "Bo" and dropped.version == before[0] + 1
    assert Player.objects.get(owner=owner, name="Bo").person == wang, "one evening: the name stays linked"


def test_unlinking_everything_unlinks_every_evening_and_every_keepers_name(owner):
    wang = person()
    evening(owner, [win(1)], seat=1, who=wang)
    phone = signed_in(wang)
    assert phone.post("/me/unlink/", {"confirm": "no"}).status_code == 302
    assert Seat.objects.filter(person=wang).exists()
    assert phone.post("/me/unlink/", {"confirm": "all"}).status_code == 302
    assert not Seat.objects.filter(person=wang).exists() and not Player.objects.filter(person=wang).exists()


def test_deleting_the_account_needs_its_password_and_leaves_the_seats_names(owner):
    wang = person()
    game = evening(owner, [win(1)], seat=1, who=wang)
    phone = signed_in(wang)
    assert phone.post("/me/delete/", {"password": "wrong"}).status_code == 302
    assert User.objects.filter(pk=wang.pk).exists()
    assert phone.post("/me/delete/", {"password": PASSWORD}).status_code == 302
    assert not User.objects.filter(pk=wang.pk).exists()
    seat = Seat.objects.get(session=game, index=1)
    assert seat.person is None and seat.player.name == "Bo" and GameSession.objects.filter(pk=game.pk).exists()


def test_a_keeper_who_deletes_their_account_takes_their_own_sessions_with_it(owner):
    game = make_session(owner)
    claims.claim_seat(game, 0, owner, phone="p", token=game.share_token)
    phone = signed_in(owner)
    assert "The 1 session you keep is deleted with it." in phone.get("/me/").content.decode()
    phone.post("/me/delete/", {"password": PASSWORD})
    assert not GameSession.objects.filter(pk=game.pk).exists()


def test_the_csv_has_one_row_per_evening_safe_for_a_spreadsheet(owner):
    wang = person()
    evening(owner, [win(1)], seat=1, who=wang, names=["Ann", "=SUM(A1)", "Cy", "Di"])
    response = signed_in(wang).get("/me/record.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Date", "Place", "Table"] and len(rows) == 2
    assert rows[1][5] == "'=SUM(A1)"


@pytest.mark.parametrize("page", ["0", "-1", "x", "9" * 30, "2"])
def test_a_page_of_evenings_that_does_not_exist_is_404(owner, page):
    wang = person()
    evening(owner, [win(1)], seat=1, who=wang)
    assert signed_in(wang).get(f"/me/?page={page}").status_code == 404


def test_the_record_reads_the_same_number_of_queries_at_two_and_at_twelve_evenings(owner):
    wang = person()
    phone = signed_in(wang)

    def queries() -> int:
        with CaptureQueriesContext(connection) as seen:
            assert phone.get("/me/").status_code == 200
        return len(seen)

    for _ in range(2):
        evening(owner, [win(1, patterns=["dragon_pung"]), win(2, "discard", 1), draw()], seat=1, who=wang)
    few = queries()
    other = User.objects.create_user("k2")
    for number in range(10):
        evening(
            other if number % 2 else owner,
            [win(number % 4), win(1)],
            seat=1,
            who=wang,
            rate=None if number % 3 else "1",
        )
    assert queries() == few
