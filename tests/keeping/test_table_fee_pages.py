"""The table fee on the pages: chosen at the start, kept in presets, changed on the session's own
page, bounded with a message, asked about when above the stakes, and shown in the settle-up."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, TablePreset
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.keeping.services.exchange import ImportRefused, export_session, import_session
from tablekeeper.keeping.services.sessions import ending_of, wins_and_self_draws
from tablekeeper.keeping.services.spreadsheet import export_csv
from tablekeeper.keeping.services.table_fee import KINDS
from tests.conftest import HTMX, make_session, record_all, signed_in, stands, win
from tests.keeping.test_sessions import start_form_data

pytestmark = pytest.mark.django_db


def start_data(**fee: str) -> dict[str, Any]:
    return start_form_data(base="2", **fee)


def test_the_fee_kinds_of_the_model_are_the_ones_the_settle_up_knows():
    assert tuple(GameSession.FeeKind.values) == KINDS


def test_a_fee_chosen_at_the_start_is_kept_with_the_session_and_its_place(owner):
    phone = signed_in(owner)
    form = phone.get("/sessions/new/").content.decode()
    assert 'name="fee_kind" value="per_player"' in form and 'name="place"' in form
    phone.post(
        "/sessions/new/", start_data(fee_kind="per_hand", fee_amount="1.5", fee_self_draw_only="on", place=" 老 地方 ")
    )
    session = GameSession.objects.get()
    assert (session.fee_kind, session.fee_amount, session.fee_self_draw_only) == ("per_hand", Decimal("1.5"), True)
    assert session.place == "老 地方"


@pytest.mark.parametrize(
    ("fee", "message"),
    [
        ({"fee_kind": "per_player"}, "Say the table fee in yuan"),
        ({"fee_kind": "per_player", "fee_amount": "100001"}, "less than or equal to 100000"),
        ({"fee_kind": "hourly", "fee_amount": "-5"}, "greater than or equal to 0.1"),
        ({"fee_kind": "per_hand", "fee_amount": "1.234"}, "more than 2 decimal places"),
        ({"fee_kind": "winner_share"}, "what share of the winnings"),
        ({"fee_kind": "winner_share", "fee_percent": "101"}, "less than or equal to 100"),
        ({"fee_kind": "by_the_moon", "fee_amount": "5"}, "Select a valid choice"),
        ({"fee_kind": "none", "place": "a\x00b"}, "Control characters"),
    ],
)
def test_a_bad_fee_is_refused_with_a_message_and_starts_nothing(owner, fee, message):
    response = signed_in(owner).post("/sessions/new/", start_data(**fee), headers=HTMX)
    assert response.status_code == 422 and message in response.content.decode()
    assert not GameSession.objects.exists()


def test_a_fee_above_the_stakes_is_asked_about_once_then_allowed(owner):
    phone = signed_in(owner)
    # Base 2: a 台板 of ¥5 a hand is more than a base hand.
    asked = phone.post("/sessions/new/", start_data(fee_kind="per_hand", fee_amount="5"), headers=HTMX)
    body = asked.content.decode()
    assert asked.status_code == 422 and "more than the stakes" in body and 'name="fee_confirmed"' in body
    assert not GameSession.objects.exists()
    phone.post("/sessions/new/", start_data(fee_kind="per_hand", fee_amount="5", fee_confirmed="on"))
    assert GameSession.objects.get().fee_amount == Decimal(5)
    # Within the stakes, nothing is asked.
    phone.post("/sessions/new/", start_data(fee_kind="per_hand", fee_amount="2"))
    assert GameSession.objects.count() == 2


def test_a_preset_keeps_the_fee_and_the_next_session_starts_with_it(owner):
    session = make_session(owner, fee={"fee_kind": "hourly", "fee_amount": Decimal(60), "place": "茶楼"})
    phone = signed_in(owner)
    phone.post(f"/sessions/{session.pk}/preset/", {"name": "Thu"})
    preset = TablePreset.objects.get()
    assert (preset.fee_kind, preset.fee_amount, preset.place) == ("hourly", Decimal(60), "茶楼")
    adjust = phone.get(f"/sessions/new/?preset={preset.pk}").content.decode()
    assert 'name="fee_kind" value="hourly" checked' in adjust and 'value="60' in adjust
    phone.post(f"/presets/{preset.pk}/start/")
    started = GameSession.objects.exclude(pk=session.pk).get()
    assert (started.fee_kind, started.fee_amount, started.place) == ("hourly", Decimal(60), "茶楼")


def test_a_preset_with_a_fee_out_of_bounds_starts_nothing(owner):
    session = make_session(owner)
    phone = signed_in(owner)
    phone.post(f"/sessions/{session.pk}/preset/", {"name": "Thu"})
    TablePreset.objects.update(fee_kind="per_player", fee_amount=Decimal("-3"))
    response = phone.post(f"/presets/{TablePreset.objects.get().pk}/start/", follow=True)
    assert "table fee is not valid any more" in response.content.decode()
    assert GameSession.objects.count() == 1


def test_the_owner_changes_the_fee_and_the_playing_times_later(owner):
    session = make_session(owner)
    phone = signed_in(owner)
    manage = phone.get(f"/sessions/{session.pk}/manage/").content.decode()
    assert f'action="/sessions/{session.pk}/fee/"' in manage
    start = session.created.replace(microsecond=0)
    data = {
        "fee_kind": "hourly",
        "fee_amount": "40",
        "played_from": start.strftime("%Y-%m-%dT%H:%M"),
        "played_until": (start + timedelta(hours=3)).strftime("%Y-%m-%dT%H:%M"),
    }
    assert phone.post(f"/sessions/{session.pk}/fee/", data).status_code == 302
    session.refresh_from_db()
    assert session.fee_kind == "hourly" and session.play_ended - session.play_started == timedelta(hours=3)
    backwards = {**data, "played_until": (start - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")}
    refused = phone.post(f"/sessions/{session.pk}/fee/", backwards)
    assert refused.status_code == 422 and "cannot come before its start" in refused.content.decode()
    too_long = {**data, "played_until": (start + timedelta(hours=49)).strftime("%Y-%m-%dT%H:%M")}
    assert "at most 48 hours" in phone.post(f"/sessions/{session.pk}/fee/", too_long).content.decode()


def test_a_session_that_ended_in_the_minute_it_started_keeps_its_fee(owner):
    """The form's times are to the minute while the session's start has seconds: the same minute is no error."""
    session = make_session(owner)
    minute = timezone.localtime(session.created).strftime("%Y-%m-%dT%H:%M")
    answer = signed_in(owner).post(
        f"/sessions/{session.pk}/fee/", {"fee_kind": "hourly", "fee_amount": "40", "played_until": minute}
    )
    assert answer.status_code == 302
    session.refresh_from_db()
    assert session.fee_kind == "hourly" and session.played_until is not None


def test_a_keeper_who_is_not_the_owner_cannot_change_the_fee(owner, game, co_keeper):
    response = signed_in(co_keeper).post(f"/sessions/{game.pk}/fee/", {"fee_kind": "per_player", "fee_amount": "9"})
    assert response.status_code in (403, 404)
    game.refresh_from_db()
    assert game.fee_kind == "none"


def test_the_finished_board_and_the_summary_show_the_room_as_a_payee(owner):
    session = make_session(owner, base=1, fee={"fee_kind": "per_player", "fee_amount": Decimal(20)})
    record_all(session, [win(0)])
    stands(services.finish_session(session, money_rate=Decimal("1.00")))
    phone = signed_in(owner)
    board = phone.get(f"/sessions/{session.pk}/").content.decode()
    assert "pays the room (table fee) ¥" in board and "Table fee ¥80.00 to the room" in board
    assert "rounded to the jiao" in board
    summary = phone.get(f"/sessions/{session.pk}/summary/").content.decode()
    assert "the room (table fee)" in summary and "¥20" in summary
    # The final board's money column says it is money, and money after the fee: never a bare 52.00.
    standings = re.search(r'<ol class="standings">(.*?)</ol>', board, re.S)
    assert standings is not None
    money = re.findall(r'<span class="money">([^<]*)</span>', standings.group(1))
    assert money and all(m.startswith(("¥", "-¥")) and m.endswith("after the fee") for m in money), money


def test_a_fee_each_player_pays_the_room_apart_is_chosen_at_the_start_and_listed_after_the_players_transfers(owner):
    phone = signed_in(owner)
    form = phone.get("/sessions/new/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'name="fee_collection" value="each_own"' in form and "台费怎么交" in form
    phone.post("/sessions/new/", start_data(fee_kind="per_player", fee_amount="40", fee_collection="each_own"))
    session = GameSession.objects.get()
    assert session.fee_collection == "each_own"
    record_all(session, [win(0)])
    stands(services.finish_session(session, money_rate=Decimal("1.00")))
    board = phone.get(f"/sessions/{session.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    # Base 2 at Zhengzhou: Ann's self-draw takes 2 from each; at ¥1 a point the players' transfers are
    # the game's money alone, and each of the four pays the room their own ¥40 apart.
    assert board.count("付给Ann ¥2.00") == 3
    assert board.count("付给台费/房间 ¥40.00") == 4
    assert "各人自己把台费交给房间" in board


def test_a_tai_ban_paid_in_cash_during_play_is_listed_as_paid_and_never_as_owed(owner):
    session = make_session(
        owner, base=1, fee={"fee_kind": "per_hand", "fee_amount": Decimal(2), "fee_collection": "paid_in_cash"}
    )
    record_all(session, [win(0), win(0)])
    stands(services.finish_session(session, money_rate=Decimal("1.00")))
    board = signed_in(owner).get(f"/sessions/{session.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Ann已在打牌时现金交给台费/房间 ¥4.00" in board
    assert "付给台费/房间" not in board


def test_the_owner_changes_how_the_room_is_paid_on_the_sessions_page(owner):
    session = make_session(owner, fee={"fee_kind": "per_player", "fee_amount": Decimal(20)})
    data = {"fee_kind": "per_player", "fee_amount": "20", "fee_collection": "paid_in_cash"}
    assert signed_in(owner).post(f"/sessions/{session.pk}/fee/", data).status_code == 302
    session.refresh_from_db()
    assert session.fee_collection == "paid_in_cash"


@pytest.mark.parametrize("collection", ["by_wechat", "\x00", "netted" * 10])
def test_a_made_up_way_of_paying_the_room_is_refused_and_starts_nothing(owner, collection):
    data = start_data(fee_kind="per_player", fee_amount="5", fee_collection=collection)
    response = signed_in(owner).post("/sessions/new/", data, headers={"HX-Request": "true"})
    assert response.status_code == 422 and "Select a valid choice" in response.content.decode()
    assert not GameSession.objects.exists()


def test_without_a_money_rate_the_fee_is_money_beside_the_points(owner):
    session = make_session(owner, base=1, fee={"fee_kind": "per_player", "fee_amount": Decimal(15)})
    record_all(session, [win(0)])
    stands(services.finish_session(session))
    board = signed_in(owner).get(f"/sessions/{session.pk}/").content.decode()
    assert board.count("pays the room (table fee) ¥15.00") == 4


def test_a_per_hand_fee_counts_the_wins_the_database_stored(owner):
    session = make_session(owner, "shenyang", base=1, fee={"fee_kind": "per_hand", "fee_amount": Decimal(1)})
    record_all(session, [win(0), win(1, "discard", 0), win(0)])
    assert wins_and_self_draws(session) == ([2, 1, 0, 0], [2, 0, 0, 0])
    assert ending_of(session).fee == [200, 100, 0, 0]
    GameSession.objects.filter(pk=session.pk).update(fee_self_draw_only=True)
    session.refresh_from_db()
    assert ending_of(session).fee == [200, 0, 0, 0]


def test_a_json_export_round_trips_the_fee_place_and_playing_times(owner):
    session = make_session(
        owner,
        "shenyang",
        base=1,
        fee={"fee_kind": "hourly", "fee_amount": Decimal("45.5"), "place": "沈阳", "fee_collection": "each_own"},
    )
    record_all(session, [win(0), win(1, "discard", 0)])
    stands(services.finish_session(session, money_rate=Decimal("0.50")))
    session.refresh_from_db()
    GameSession.objects.filter(pk=session.pk).update(played_until=session.play_started + timedelta(minutes=150))
    session.refresh_from_db()
    exported = json.loads(json.dumps(export_session(session, seats_of(session))))
    assert exported["table_fee"] == {
        "kind": "hourly",
        "amount": "45.50",
        "percent": "0.00",
        "self_draw_only": False,
        "collection": "each_own",
    }
    copy = import_session(owner, exported)
    assert (copy.fee_kind, copy.fee_amount, copy.place, copy.fee_collection) == (
        "hourly",
        Decimal("45.5"),
        "沈阳",
        "each_own",
    )
    # ¥45.50 an hour for 2 h 30 min: ¥113.75, charged as ¥113.80, 1138 jiao: 285, 285, 284, 284.
    assert ending_of(copy).fee == ending_of(session).fee == [2850, 2850, 2840, 2840]


@pytest.mark.parametrize(
    "table_fee",
    [
        {"kind": "tip_jar", "amount": "1"},
        {"kind": "per_player", "amount": "-1"},
        {"kind": "per_player", "amount": "NaN"},
        {"kind": "per_player", "amount": "1.005"},
        {"kind": "winner_share", "percent": "250"},
        "per_player",
    ],
)
def test_an_import_with_a_bad_fee_is_refused(owner, table_fee):
    exported = export_session(make_session(owner), seats_of(make_session(owner)))
    with pytest.raises(ImportRefused, match="table fee"):
        import_session(owner, {**exported, "table_fee": table_fee})


def test_the_csv_shows_what_each_player_pays_the_room(owner):
    session = make_session(owner, base=1, fee={"fee_kind": "per_player", "fee_amount": Decimal(20)})
    rows = list(csv.reader(io.StringIO(export_csv(session, seats_of(session)))))
    assert rows[-1] == ["table fee (yuan)", "", "", "the room gets 80.00", "20.00", "20.00", "20.00", "20.00"]


def test_a_fee_changed_later_above_the_stakes_at_the_money_rate_is_asked_about(owner):
    session = make_session(owner, base=10)
    stands(services.finish_session(session, money_rate=Decimal("0.10")))
    phone = signed_in(owner)
    # One base hand is 10 × ¥0.10 = ¥1: a 台板 of ¥2 is more than the stakes, ¥1 is not.
    asked = phone.post(f"/sessions/{session.pk}/fee/", {"fee_kind": "per_hand", "fee_amount": "2"})
    assert asked.status_code == 422 and 'name="fee_confirmed"' in asked.content.decode()
    session.refresh_from_db()
    assert session.fee_kind == "none"
    phone.post(f"/sessions/{session.pk}/fee/", {"fee_kind": "per_hand", "fee_amount": "2", "fee_confirmed": "on"})
    session.refresh_from_db()
    assert (session.fee_kind, session.fee_amount) == ("per_hand", Decimal(2))
    assert phone.post(f"/sessions/{session.pk}/fee/", {"fee_kind": "per_hand", "fee_amount": "1"}).status_code == 302
    # Agreed once, the same fee is not asked about again when only the place changes.
    phone.post(f"/sessions/{session.pk}/fee/", {"fee_kind": "per_hand", "fee_amount": "2", "fee_confirmed": "on"})
    moved = phone.post(f"/sessions/{session.pk}/fee/", {"fee_kind": "per_hand", "fee_amount": "2", "place": "茶楼"})
    assert moved.status_code == 302


def test_the_finish_form_on_the_board_leads_to_the_fee(owner, game):
    board = signed_in(owner).get(f"/sessions/{game.pk}/").content.decode()
    assert f'href="/sessions/{game.pk}/manage/#table-fee"' in board and "Table fee: No table fee. Change" in board


def test_a_chinese_fee_line_ends_each_sentence_with_a_full_width_stop(owner):
    session = make_session(owner, base=1, fee={"fee_kind": "hourly", "fee_amount": Decimal(30)})
    record_all(session, [win(0)])
    services.finish_session(session, money_rate=Decimal("1.00"))
    phone = signed_in(owner)
    phone.cookies["django_language"] = "zh-hans"
    for url in (f"/sessions/{session.pk}/", f"/sessions/{session.pk}/summary/"):
        page = phone.get(url).content.decode()
        line = re.search(r'<p class="fee-line">(.*?)</p>', page, re.S)
        assert line is not None, url
        assert "和输赢一起结（转账最少）。" in line.group(1), line.group(1)
        assert not re.search(r"[\u4e00-\u9fff）」]\.", line.group(1)), line.group(1)
