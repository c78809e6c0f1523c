"""Export and import: lossless JSON that replays to the same totals in every variant, and CSV."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from decimal import Decimal
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.files.uploadhandler import StopUpload

from tablekeeper.accounts.uploads import MAX_UPLOAD_BYTES, UploadSizeLimit
from tablekeeper.keeping import services
from tablekeeper.keeping.models import GameSession, Round
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.keeping.services.exchange import (
    AlreadyImported,
    ImportRefused,
    SessionExport,
    export_session,
    import_session,
)
from tablekeeper.rules import Record
from tests.conftest import HTMX, draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db


def won(*wins: dict[str, Any], **extra: Any) -> Record:
    return cast(Record, {"result": "win", "wins": list(wins), **extra})


def by(seat: int, method: str = "self_draw", source: int | None = None, *patterns: str, **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "method": method, "patterns": list(patterns), **extra}
    if source is not None:
        entry["from"] = source
    return entry


# Hands that exercise each variant's record: patterns, repeats, kongs, seats' facts, penalties,
# several winners, the pot, side bets. Each must be accepted by the engine when recorded.
SESSIONS: dict[str, tuple[dict[str, Any], list[Record]]] = {
    "dalian": (
        {},
        [
            won(by(1, "discard", 0, "edge_wait")),
            draw(),
            won(by(2, "self_draw", None, "four_in_hand", "four_in_hand"), kongs=[{"seat": 2, "kind": "concealed"}]),
            won(by(0), seats=[{}, {"opened": False}, {}, {}]),
        ],
    ),
    "shenyang": (
        {"multi_ron": True},
        [
            draw(penalties=[{"kind": "revealed_tiles", "seat": 3, "count": 1}]),
            won(by(1, "discard", 2, "all_pungs"), by(3, "discard", 2), dice_double=True),
            draw(result="void", penalties=[{"kind": "false_win", "seat": 0}]),
            won(
                by(3, "self_draw", None, "dragon_pung"), kongs=[{"seat": 3, "kind": "exposed", "tile": "7z", "from": 1}]
            ),
            draw(penalties=[{"kind": "revealed_tiles", "seat": 0, "count": 2}]),
        ],
    ),
    "harbin": (
        {},
        [won(by(1, "discard", 0, "clamp"), seats=[{"ready": "ready"}, {}, {}, {}]), draw(), won(by(2, "self_draw"))],
    ),
    "shandong": (
        {},
        [
            won(by(1, "discard", 0, "all_triplets", flowers=2)),
            draw(),
            won(by(2, "discard", 3), by(0, "discard", 3, "seven_pairs")),
            won(by(3, "self_draw", None, "kong_bloom"), kongs=[{"seat": 3, "kind": "concealed"}]),
        ],
    ),
    "zhengzhou": (
        {},
        [
            won(by(1, "self_draw", None, "seven_pairs"), seats=[{"side_bet": 2}, {}, {}, {}]),
            draw(),
            won(by(2, "self_draw", None, "kong_bloom"), kongs=[{"seat": 2, "kind": "exposed", "from": 0}]),
        ],
    ),
}


def played(owner: User, variant: str) -> GameSession:
    options, records = SESSIONS[variant]
    game = make_session(owner, variant, base=5, options=options, first_dealer=1)
    record_all(game, records)
    assert game.hand_count == len(records)
    return game


@pytest.mark.parametrize("variant", list(SESSIONS))
def test_a_json_export_imports_back_to_the_same_records_totals_and_state(keeper_client, owner, variant):
    game = played(owner, variant)
    response = keeper_client.get(f"/sessions/{game.pk}/export.json")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    upload = SimpleUploadedFile("export.json", response.content, content_type="application/json")
    imported_response = keeper_client.post("/sessions/import/", {"file": upload})
    copy = GameSession.objects.exclude(pk=game.pk).get()
    assert imported_response.headers["Location"] == f"/sessions/{copy.pk}/"
    assert (copy.variant, copy.options, copy.base, copy.first_dealer) == (variant, game.options, 5, 1)
    assert copy.totals == game.totals and copy.state == game.state and copy.hand_count == game.hand_count
    assert [seat.player.name for seat in seats_of(copy)] == ["Ann", "Bo", "Cy", "Di"]
    originals = list(Round.objects.filter(session=game).values_list("record", "deltas", "pot_delta", "state_after"))
    copies = list(Round.objects.filter(session=copy).values_list("record", "deltas", "pot_delta", "state_after"))
    assert copies == originals


def test_a_finished_session_imports_finished_with_its_money_rate_and_pot_refund(owner):
    game = stands(services.finish_session(played(owner, "shenyang"), money_rate=None))
    services.set_money_rate(game, Decimal("0.2"))
    game.refresh_from_db()
    copy = import_session(owner, json.loads(json.dumps(export_session(game, seats_of(game)))))
    assert not copy.is_open and str(copy.money_rate) == "0.20"
    # The last hand left Ann's 2 revealed tiles (8) in the pot; the refund gives them back to her.
    assert copy.pot_refund == game.pot_refund == [8, 0, 0, 0]


def test_the_imported_players_are_the_importers_own(owner, stranger):
    exported = export_session(played(owner, "harbin"), seats_of(GameSession.objects.get()))
    copy = import_session(stranger, exported)
    assert copy.owner == stranger and {seat.player.owner for seat in seats_of(copy)} == {stranger}


def exported_harbin(owner: User) -> SessionExport:
    game = played(owner, "harbin")
    return export_session(game, seats_of(game))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(format="something-else"), "not a TableKeeper session export"),
        (lambda data: data.update(version=99), "format version"),
        (lambda data: data.update(variant="riichi"), "variant this app does not know"),
        (lambda data: data.update(players=["Ann", "Bo"]), "four players"),
        (lambda data: data.update(base="five"), "whole numbers"),
        (lambda data: data.update(first_dealer=7), "out of range"),
        (lambda data: data.update(options={"no_such_rule": 1}), "house rules this variant does not have: no_such_rule"),
        (lambda data: data.update(options={"treasure_mode": "nonsense"}), "house rules are not valid"),
        (lambda data: data["hands"].append({"result": "win"}), "Hand 4 cannot be scored"),
        (lambda data: data.update(totals=[1, 2, 3, -6]), "not the [1, 2, 3, -6] the file says"),
        (lambda data: data.update(hands="none"), "list of hand records"),
    ],
)
def test_an_import_that_cannot_be_trusted_is_refused_and_leaves_nothing(owner, change, message):
    data = exported_harbin(owner)
    change(data)
    with pytest.raises(ImportRefused, match=message.replace("[", r"\[").replace("]", r"\]")):
        import_session(owner, data)
    assert GameSession.objects.count() == 1 and Round.objects.count() == 3


def finished_with_rate(rate: Any) -> Any:
    return lambda data: data.update(status="finished", money_rate=rate)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(totals=5), "totals must be four whole numbers"),
        (lambda data: data.update(totals=None), "totals must be four whole numbers"),
        (lambda data: data.update(base=10**30), "more than 15 digits"),
        (lambda data: data.update(base=2**31), "out of range"),
        (lambda data: data.update(base=100_001), "out of range"),
        (lambda data: data.update(starting_points=10**30), "more than 15 digits"),
        (lambda data: data.update(starting_points=-1), "out of range"),
        (finished_with_rate("NaN"), "money rate is not a number"),
        (finished_with_rate("Infinity"), "money rate is not a number"),
        (finished_with_rate([1]), "money rate is not a number"),
        (finished_with_rate("1e30"), "money rate is out of range"),
        (finished_with_rate("-0.5"), "money rate is out of range"),
        (finished_with_rate("0.125"), "money rate is out of range"),
        (lambda data: data["hands"].extend([{"result": "draw"}] * 2000), "at most 2000"),
    ],
)
def test_a_hostile_import_is_refused_in_the_form_with_a_422_and_leaves_nothing(keeper_client, owner, change, message):
    data = exported_harbin(owner)
    change(data)
    response = keeper_client.post("/sessions/import/", {"text": json.dumps(data)}, headers=HTMX)
    assert response.status_code == 422 and message in response.content.decode()
    assert GameSession.objects.count() == 1 and Round.objects.count() == 3


def test_a_file_of_nothing_but_nested_brackets_is_refused_as_not_json(keeper_client):
    upload = SimpleUploadedFile("deep.json", b"[" * 200_000 + b"]" * 200_000, content_type="application/json")
    response = keeper_client.post("/sessions/import/", {"file": upload}, headers=HTMX)
    assert response.status_code == 422 and "That is not JSON" in response.content.decode()


def test_an_oversized_upload_is_cut_off_and_refused_even_with_good_pasted_text(keeper_client, owner):
    good = json.dumps(exported_harbin(owner))
    huge = SimpleUploadedFile("big.json", b" " * 2_500_000 + b"{}", content_type="application/json")
    response = keeper_client.post("/sessions/import/", {"text": good, "file": huge}, headers=HTMX)
    assert response.status_code == 422 and "too large for a session export" in response.content.decode()
    assert GameSession.objects.count() == 1


def test_the_upload_handler_stops_reading_past_the_limit_instead_of_spooling_to_disk(rf, settings):
    # First in line, and nothing after it writes to disk.
    assert settings.FILE_UPLOAD_HANDLERS == [
        "tablekeeper.accounts.uploads.UploadSizeLimit",
        "django.core.files.uploadhandler.MemoryFileUploadHandler",
    ]
    request = rf.post("/sessions/import/")
    handler = UploadSizeLimit(request)
    handler.new_file("file", "big.json", "application/json", MAX_UPLOAD_BYTES + 1)
    assert handler.receive_data_chunk(b"x" * 1000, 0) == b"x" * 1000
    with pytest.raises(StopUpload):
        handler.receive_data_chunk(b"x" * 1000, MAX_UPLOAD_BYTES - 10)
    assert request.upload_too_large is True


def test_pasted_text_that_is_not_json_is_refused_in_the_form(keeper_client):
    response = keeper_client.post("/sessions/import/", {"text": "hello"}, headers=HTMX)
    assert response.status_code == 422 and "That is not JSON" in response.content.decode()


def test_pasted_json_imports_too(keeper_client, owner):
    data = exported_harbin(owner)
    response = keeper_client.post("/sessions/import/", {"text": json.dumps(data)})
    assert response.status_code == 302 and GameSession.objects.count() == 2


def test_the_csv_has_one_row_per_hand_with_changes_and_running_points(keeper_client, owner):
    game = played(owner, "shandong")
    response = keeper_client.get(f"/sessions/{game.pk}/export.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "Hand", "Result", "Winners", "How", "Ann", "Bo", "Cy", "Di",
        "Ann total", "Bo total", "Cy total", "Di total",
    ]  # fmt: skip
    assert len(rows) == 1 + 4
    # Hand 1, RULES.md §4.6: (5 + 2 flowers + 2 all triplets) × 2 = 18 from the discarder Ann.
    assert rows[1] == ["1", "Won", "Bo", "on Ann's discard", "-18", "18", "0", "0", "982", "1018", "1000", "1000"]
    assert rows[2][:4] == ["2", "Draw", "", ""]
    assert rows[3][2:4] == ["Cy, Ann", "on Di's discard"]
    final = [int(value) for value in rows[4][8:]]
    game.refresh_from_db()
    assert final == [1000 + total for total in game.totals]


def test_the_csv_speaks_chinese_to_a_chinese_keeper_as_the_summary_does(keeper_client, owner):
    game = make_session(owner, "shandong", player_names=["张姐", "老王", "小李", "阿强"])
    record_all(game, [win(1, "discard", 0), draw(), win(2, "self_draw")], owner)
    keeper_client.cookies["django_language"] = "zh-hans"
    response = keeper_client.get(f"/sessions/{game.pk}/export.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "局", "结果", "胡牌者", "方式", "张姐", "老王", "小李", "阿强",
        "张姐累计", "老王累计", "小李累计", "阿强累计",
    ]  # fmt: skip
    assert rows[1][:4] == ["1", "胡", "老王", "张姐点炮"]
    assert rows[2][:4] == ["2", "流局", "", ""]
    assert rows[3][:4] == ["3", "胡", "小李", "自摸"]
    # The same words as the printed summary's rows.
    summary = keeper_client.get(f"/sessions/{game.pk}/summary/").content.decode()
    assert "<td>张姐点炮</td>" in summary and "<td>自摸</td>" in summary
    assert not [cell for row in rows for cell in row if any("a" <= c.lower() <= "z" for c in cell)]


def test_the_json_export_keeps_its_machine_words_in_any_language_and_still_imports(keeper_client, owner):
    game = played(owner, "shandong")
    english = keeper_client.get(f"/sessions/{game.pk}/export.json").content
    keeper_client.cookies["django_language"] = "zh-hans"
    chinese = keeper_client.get(f"/sessions/{game.pk}/export.json").content
    assert english == chinese
    data = json.loads(chinese)
    assert data["hands"][0]["result"] == "win" and data["hands"][0]["wins"][0]["method"] == "discard"
    copy = import_session(owner, data)
    assert copy.totals == game.totals


def test_csv_cells_that_a_spreadsheet_would_run_as_formulas_are_plain_text(keeper_client, owner):
    names = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)"]
    game = make_session(owner, "shandong", player_names=names)
    # Hand 1: "+1" (seat 1) wins on the discard of "-2" (seat 2); the numbers stay numbers.
    record_all(game, [win(1, "discard", 2)], owner)
    response = keeper_client.get(f"/sessions/{game.pk}/export.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][4:8] == ["'" + name for name in names]
    assert rows[0][8] == '\'=HYPERLINK("http://x") total'  # Shandong keeps no pot: no column for one
    assert rows[1][2:4] == ["'+1", "on -2's discard"]
    assert int(rows[1][6]) < 0 and rows[1][6].startswith("-")
    formula_cells = [cell for row in rows for cell in row if cell[:1] in "=+@"]
    assert formula_cells == []


def test_the_board_links_both_downloads(keeper_client, game):
    body = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    assert f'href="/sessions/{game.pk}/export.csv"' in body and f'href="/sessions/{game.pk}/export.json"' in body


def test_the_downloads_say_what_each_file_is_for_in_chinese(keeper_client, game):
    body = keeper_client.get(f"/sessions/{game.pk}/", headers={"Accept-Language": "zh-CN"}).content.decode()
    line = body.split('<p class="downloads">', 1)[1].split("</p>", 1)[0]
    assert line.startswith("下载：") and ">表格（CSV）</a>" in line and ">备份（JSON）</a>" in line


@pytest.mark.parametrize("url", ["export.json", "export.csv"])
def test_a_stranger_cannot_download_someone_elses_session(client, stranger, game, url):
    client.force_login(stranger)
    assert client.get(f"/sessions/{game.pk}/{url}").status_code == 404


def shenyang_export_of_the_25th(owner: User) -> str:
    game = make_session(owner, "shenyang", base=2)
    record_all(game, [win(1), win(2)])
    GameSession.objects.filter(pk=game.pk).update(created="2026-11-25T20:00:00+08:00")
    game.refresh_from_db()
    return json.dumps(export_session(game, seats_of(game)))


def test_importing_the_same_export_twice_asks_first_and_makes_no_silent_twin(keeper_client, owner):
    text = shenyang_export_of_the_25th(owner)
    first = keeper_client.post("/sessions/import/", {"text": text})
    assert first.status_code == 302
    imported = GameSession.objects.filter(owner=owner).exclude(import_fingerprint="").get()

    again = keeper_client.post("/sessions/import/", {"text": text}, headers=HTMX)
    body = again.content.decode()
    assert again.status_code == 409
    assert "This looks like Shenyang of 11-25, already here. Import it anyway?" in body
    assert f'href="/sessions/{imported.pk}/"' in body, "the one already here is a tap away"
    assert GameSession.objects.filter(owner=owner).count() == 2


def test_the_question_about_a_duplicate_is_asked_in_chinese(keeper_client, owner):
    text = shenyang_export_of_the_25th(owner)
    keeper_client.post("/sessions/import/", {"text": text})
    again = keeper_client.post("/sessions/import/", {"text": text}, headers={"accept-language": "zh-hans"})
    body = again.content.decode()
    assert "这看起来是 11-25 的沈阳麻将，已经导入过了。仍要导入吗？" in body
    assert "仍要导入" in body


def test_import_anyway_imports_the_same_export_a_second_time(keeper_client, owner):
    text = shenyang_export_of_the_25th(owner)
    keeper_client.post("/sessions/import/", {"text": text})
    asked = keeper_client.post("/sessions/import/", {"text": text}).content.decode()
    # The question's form sends the file back as text, with the keeper's yes.
    kept = re.search(r'<textarea name="text" hidden>(.*?)</textarea>', asked, re.S)
    assert kept is not None and 'name="anyway" value="on"' in asked
    anyway = keeper_client.post("/sessions/import/", {"text": html.unescape(kept.group(1)), "anyway": "on"})
    assert anyway.status_code == 302
    twins = GameSession.objects.filter(owner=owner).exclude(import_fingerprint="")
    assert twins.count() == 2 and len({twin.import_fingerprint for twin in twins}) == 1


def test_another_export_or_another_account_is_not_asked_about(keeper_client, owner, stranger):
    text = shenyang_export_of_the_25th(owner)
    keeper_client.post("/sessions/import/", {"text": text})
    other = json.loads(text)
    other["hands"] = other["hands"][:1]
    other["totals"] = None
    del other["totals"]
    assert keeper_client.post("/sessions/import/", {"text": json.dumps(other)}).status_code == 302
    assert import_session(stranger, json.loads(text), ask_if_imported=True).owner == stranger


def test_the_service_asks_only_when_told_to_so_scripts_import_as_often_as_they_like(owner):
    data = json.loads(shenyang_export_of_the_25th(owner))
    first = import_session(owner, data, ask_if_imported=True)
    with pytest.raises(AlreadyImported) as asked:
        import_session(owner, data, ask_if_imported=True)
    assert asked.value.session == first and asked.value.played.isoformat().endswith("-11-25")
    assert import_session(owner, data).import_fingerprint == first.import_fingerprint


def test_the_csv_has_a_pot_column_only_where_points_can_wait_in_a_pot(keeper_client, owner):
    shenyang = make_session(owner, "shenyang", base=1)
    record_all(shenyang, [draw(penalties=[{"kind": "revealed_tiles", "seat": 2, "count": 1}])], owner)
    rows = list(
        csv.reader(io.StringIO(keeper_client.get(f"/sessions/{shenyang.pk}/export.csv").content.decode("utf-8-sig")))
    )
    assert rows[0][8] == "Pot" and rows[1][8] == "4"
    shandong = make_session(owner, "shandong", base=1)
    header = keeper_client.get(f"/sessions/{shandong.pk}/export.csv").content.decode("utf-8-sig").splitlines()[0]
    assert "Pot" not in header
