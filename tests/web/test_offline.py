"""The server's side of working offline: the service worker, the manifest and icons, the words the
scripts show, the account header the worker keys its pages on, and the answers the outbox reads."""

from __future__ import annotations

import json
import re
import struct
import time
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Round
from tablekeeper.templatetags.client_text import client_text
from tablekeeper.web import offline
from tests.conftest import HTMX, PASSWORD, draw, record_all, win

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def worker_config(script: str) -> dict[str, Any]:
    found = re.search(r"^const CONFIG = (\{.*\});$", script, re.M)
    assert found, "the worker starts from its configuration"
    config: dict[str, Any] = json.loads(found.group(1))
    return config


def test_the_service_worker_is_served_from_the_root_as_javascript_and_never_from_a_stale_cache(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache" and response["Service-Worker-Allowed"] == "/"
    config = worker_config(response.content.decode())
    assert config["offline"] == "/offline/" and config["static"] == "/static/"
    assert re.fullmatch(r"[0-9a-f]{16}", str(config["version"]))


def test_the_worker_keeps_every_file_the_pages_load(keeper_client, game):
    shell = set(worker_config(keeper_client.get("/sw.js").content.decode())["shell"])
    pages = (f"/sessions/{game.pk}/", f"/sessions/{game.pk}/hands/new/", "/sessions/", f"/sessions/{game.pk}/rules/")
    shared = (f"/b/{game.share_token}/rules/", f"/b/{game.share_token}/hands/")
    for page in (*pages, f"/rules/{game.variant}/", *shared):
        body = keeper_client.get(page).content.decode()
        loaded = set(re.findall(r'(?:src|href|data-rules|data-queue|data-sender)="(/static/[^"]+)"', body))
        assert loaded and loaded <= shell, f"{page} loads {loaded - shell}, which would be missing offline"
    for url in shell:
        assert finders.find(url.removeprefix("/static/")), f"{url} does not exist"


def test_with_hashed_static_names_the_worker_keeps_the_hashed_files(client, settings, tmp_path):
    """Production serves collected, hashed files: a deploy that changes app.css changes its URL."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    offline.service_worker_script.cache_clear()
    try:
        response = client.get("/sw.js")
    finally:
        offline.service_worker_script.cache_clear()
    assert response.status_code == 200
    shell = worker_config(response.content.decode())["shell"]
    assert any(re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", url) for url in shell), shell


def test_the_worker_keeps_the_pages_a_keeper_needs_and_nothing_private_to_others(keeper_client, game):
    patterns = [re.compile(p) for p in worker_config(keeper_client.get("/sw.js").content.decode())["pages"]]
    kept = {
        path: any(p.match(path) for p in patterns)
        for path in [
            "/sessions/",
            f"/sessions/{game.pk}/",
            f"/sessions/{game.pk}/hands/new/",
            f"/b/{game.share_token}/",
            f"/sessions/{game.pk}/hands/1/edit/",
            f"/sessions/{game.pk}/export.json",
            "/accounts/login/",
            "/players/",
            f"/rules/{game.variant}/",
            f"/sessions/{game.pk}/rules/",
            f"/b/{game.share_token}/rules/",
            f"/sessions/{game.pk}/card/",
            f"/b/{game.share_token}/card/",
            f"/b/{game.share_token}/hands/",
            f"/b/{game.share_token}/summary/",
        ]
    }
    assert [path for path, yes in kept.items() if yes] == [
        "/sessions/",
        f"/sessions/{game.pk}/",
        f"/sessions/{game.pk}/hands/new/",
        f"/b/{game.share_token}/",
        # The rules reference, the book's and this table's, readable before the first hand offline.
        f"/rules/{game.variant}/",
        f"/sessions/{game.pk}/rules/",
        f"/b/{game.share_token}/rules/",
        # The result card, drawn in the page from data it carries, offline like the board.
        f"/sessions/{game.pk}/card/",
        f"/b/{game.share_token}/card/",
        # The history behind the share link, kept as the shared board is.
        f"/b/{game.share_token}/hands/",
    ]


def test_a_board_the_worker_keeps_unopened_brings_its_result_card_and_nothing_else_does(keeper_client, game):
    rules = worker_config(keeper_client.get("/sw.js").content.decode())["keptWith"]

    def kept_with(path: str) -> list[str]:
        return [path + also for pattern, also in rules if re.match(pattern, path)]

    assert kept_with(f"/sessions/{game.pk}/") == [f"/sessions/{game.pk}/card/"]
    assert kept_with(f"/b/{game.share_token}/") == [f"/b/{game.share_token}/card/"]
    assert kept_with("/sessions/") == [] and kept_with(f"/sessions/{game.pk}/hands/new/") == []


def test_the_board_keeps_its_result_card_for_offline(keeper_client, game):
    board = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    assert re.search(rf'href="/sessions/{game.pk}/card/"[^>]*data-offline-keep', board)


def test_the_worker_gets_a_new_version_when_a_shell_file_changes(monkeypatch, tmp_path):
    offline.service_worker_script.cache_clear()
    before = worker_config(offline.service_worker_script(False))["version"]
    changed = tmp_path / "app.css"
    changed.write_text("body { color: red; }")
    real_find = finders.find
    monkeypatch.setattr(finders, "find", lambda path, **kw: str(changed) if path == "css/app.css" else real_find(path))
    offline.service_worker_script.cache_clear()
    after = worker_config(offline.service_worker_script(False))["version"]
    offline.service_worker_script.cache_clear()
    assert before != after


def test_the_worker_never_answers_a_post_and_keeps_pages_per_account():
    script = (ROOT / "templates" / "offline" / "sw.js").read_text()
    assert 'if (request.method !== "GET") return;' in script
    assert "CONFIG.accountHeader" in script and "forgetPages" in script
    # A kept page is looked for under the signed-in account's name alone (tests/e2e/test_offline.py
    # shows it in Chromium on a slowed network).
    assert "function keptPage(url, account)" in script and "CONFIG.accountCookie" in script


def test_the_worker_knows_which_cookie_names_the_account_and_which_posts_change_it():
    config = worker_config(offline.service_worker_script(False))
    assert config["accountCookie"] == "tk_account"
    assert config["accountPaths"] == ["/accounts/login/", "/accounts/logout/", "/accounts/signup/"]


def test_the_account_cookie_follows_who_is_signed_in_and_says_nothing_else(owner, stranger, game):
    phone = Client()
    phone.get("/accounts/login/")
    assert "tk_account" not in phone.cookies
    phone.post("/accounts/login/", {"username": "keeper", "password": PASSWORD})
    marker = phone.cookies["tk_account"]
    # A digest (tests/web/test_offline_key.py: a new one at every log-in), never the account's id or name.
    assert re.fullmatch(r"[0-9a-f]{32}", marker.value) and marker.value != str(owner.pk)
    assert not marker["httponly"], "the worker and the page read it"
    assert marker["samesite"] == "Lax"
    assert phone.get(f"/sessions/{game.pk}/")["X-TableKeeper-Account"] == marker.value

    phone.post("/accounts/logout/")
    assert phone.cookies["tk_account"].value == "" and phone.cookies["tk_account"]["max-age"] == 0
    phone.post("/accounts/login/", {"username": "stranger", "password": PASSWORD})
    assert phone.cookies["tk_account"].value not in ("", marker.value)


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_the_manifest_has_what_a_phone_needs_to_offer_add_to_home_screen(keeper_client, game):
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["scope"] == "/"
    assert manifest["start_url"].startswith(manifest["scope"]) and manifest["name"] and manifest["short_name"]
    board = keeper_client.get(f"/sessions/{game.pk}/").content.decode()
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in board
    pngs = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= pngs
    for icon in manifest["icons"]:
        path = ROOT / "static" / icon["src"]
        if icon["type"] == "image/png":
            assert png_size(path) == tuple(int(n) for n in icon["sizes"].split("x"))
        else:
            assert path.read_text().startswith("<svg")


def test_the_offline_page_needs_no_login_and_says_what_still_works(client):
    response = client.get("/offline/")
    body = response.content.decode()
    assert response.status_code == 200 and "No connection" in body
    assert "Hands saved offline wait on this phone" in body and 'action="/accounts/logout/"' not in body
    chinese = client.get("/offline/", headers={"accept-language": "zh-hans"}).content.decode()
    assert "没有网络" in chinese


def test_every_html_page_names_its_account_for_the_worker_and_nothing_else_does(keeper_client, owner, game):
    signed_out = Client()
    named = keeper_client.get(f"/sessions/{game.pk}/")["X-TableKeeper-Account"]
    assert named and named == keeper_client.cookies["tk_account"].value
    assert signed_out.get("/accounts/login/")["X-TableKeeper-Account"] == ""
    assert signed_out.get(f"/b/{game.share_token}/")["X-TableKeeper-Account"] == ""
    assert "X-TableKeeper-Account" not in keeper_client.get(f"/sessions/{game.pk}/export.json")
    assert "X-TableKeeper-Account" not in signed_out.get("/sw.js")


def scripts_words() -> set[str]:
    used: set[str] = set()
    for script in (ROOT / "static" / "js").glob("*.js"):
        text = script.read_text()
        used |= set(re.findall(r'TK\.say\("([^"]+)"', text))
        used |= {f"{key}.{form}" for key in re.findall(r'TK\.count\("([^"]+)"', text) for form in ("one", "other")}
    return used


def page_words(client: Client, **headers: str) -> dict[str, str]:
    body = client.get("/offline/", headers=headers).content.decode()
    found = re.search(r'<script id="tk-text" type="application/json">(.*?)</script>', body, re.S)
    assert found, "every page carries the scripts' words"
    words: dict[str, str] = json.loads(found.group(1))
    return words


def test_every_word_the_scripts_show_is_on_the_page_in_both_languages(client):
    english = page_words(client)
    chinese = page_words(client, **{"accept-language": "zh-hans"})
    used = scripts_words()
    assert used and used <= set(english), used - set(english)
    assert set(english) == set(client_text())
    untranslated = [key for key in english if english[key] == chinese[key]]
    assert untranslated == [], untranslated
    assert english["outbox.pending.one"] == "{n} hand not sent yet"
    assert english["outbox.pending.other"] == "{n} hands not sent yet"
    assert chinese["outbox.pending.other"] == "还有 {n} 局没上传"


OUTBOX = {"Accept": "application/json"}


def outbox(game) -> str:
    """The outbox's own address, where static/js/outbox-queue.js sends a kept hand."""
    return f"/sessions/{game.pk}/hands/outbox/"


def kept_hand(number: int, token: str, **fields: str) -> dict[str, str]:
    return {
        "winner": "2",
        "how": "self_draw",
        "client_token": token,
        "expected_number": str(number),
        "action": "save",
        **fields,
    }


def test_a_kept_hand_is_saved_and_the_answer_names_the_outcome(keeper_client, game):
    answer = keeper_client.post(outbox(game), kept_hand(1, "phone-1"), headers=OUTBOX)
    assert (answer.status_code, answer.json()) == (200, {"outcome": "saved", "saved": 1})
    assert Round.objects.get(session=game).client_token == "phone-1"


def test_a_kept_hand_sent_twice_is_saved_once_and_the_second_answer_says_it_already_was(keeper_client, game):
    first = keeper_client.post(outbox(game), kept_hand(1, "phone-1"), headers=OUTBOX)
    again = keeper_client.post(outbox(game), kept_hand(1, "phone-1"), headers=OUTBOX)
    assert (first.status_code, first.json()) == (200, {"outcome": "saved", "saved": 1})
    assert (again.status_code, again.json()) == (200, {"outcome": "already_saved", "saved": 1})
    assert Round.objects.filter(session=game).count() == 1


def test_a_kept_hand_that_another_phone_beat_gets_a_409_with_the_number_now_next(keeper_client, owner, game):
    record_all(game, [win(1), draw()], owner)
    response = keeper_client.post(outbox(game), kept_hand(2, "late-phone"), headers=OUTBOX)
    assert response.status_code == 409
    said = response.json()
    assert isinstance(said.pop("checked"), int)  # when the server looked, for a Save from the form after it
    assert said == {
        "outcome": "conflict",
        "conflict": "Hand 2 was already saved from another device. "
        "The board now shows hand 3; check it before entering this one again.",
        "next": 3,
        "spent": False,
    }


def test_a_kept_hand_the_rules_refuse_gets_a_422_with_every_problem(keeper_client, owner):
    from tests.conftest import make_session

    game = make_session(owner, "shandong", base=5)
    response = keeper_client.post(outbox(game), kept_hand(1, "p", patterns="heavenly_hand"), headers=OUTBOX)
    assert response.status_code == 422 and response.json()["outcome"] == "refused"
    assert any("Only the dealer" in problem for problem in response.json()["errors"])
    assert not Round.objects.exists()


def test_kept_taps_that_are_not_a_hand_get_a_422_naming_what_is_missing(keeper_client, game):
    missing = keeper_client.post(outbox(game), kept_hand(1, "q", how=""), headers=OUTBOX)
    assert missing.status_code == 422
    assert missing.json() == {"outcome": "invalid", "errors": ["Tap how the hand was won: self-draw or whose discard."]}
    assert not Round.objects.exists()


def test_a_kept_hand_for_a_session_finished_meanwhile_is_a_conflict_not_lost_silently(keeper_client, game):
    keeper_client.post(f"/sessions/{game.pk}/finish/", {"money_rate": ""})
    response = keeper_client.post(outbox(game), kept_hand(1, "p"), headers=OUTBOX)
    assert response.status_code == 409
    said = response.json()
    assert said["outcome"] == "finished" and "finished" in said["conflict"] and said["spent"] is False
    assert not Round.objects.exists()


def test_a_kept_hand_whose_hand_was_undone_since_is_spent(keeper_client, owner, game):
    keeper_client.post(outbox(game), kept_hand(1, "lost-answer"), headers=OUTBOX)
    keeper_client.post(f"/sessions/{game.pk}/hands/undo/")
    retry = keeper_client.post(outbox(game), kept_hand(1, "lost-answer"), headers=OUTBOX)
    assert (retry.status_code, retry.json()["outcome"], retry.json()["spent"]) == (409, "spent", True)
    assert not Round.objects.exists()


def test_the_outbox_answers_only_a_keeper_and_only_a_post(keeper_client, stranger, game):
    assert keeper_client.get(outbox(game)).status_code == 405
    stranger_phone = Client()
    stranger_phone.force_login(stranger)
    assert stranger_phone.post(outbox(game), kept_hand(1, "x"), headers=OUTBOX).status_code == 404
    # Signed out: the login page, which the outbox reads as "log in again" (it never follows redirects).
    signed_out = Client().post(outbox(game), kept_hand(1, "x"), headers=OUTBOX)
    assert signed_out.status_code == 302 and signed_out["Location"].startswith("/accounts/login/")
    assert not Round.objects.exists()


def test_a_page_loaded_before_the_outbox_had_its_address_still_gets_json_at_the_forms(keeper_client, game):
    """A phone that kept hands offline through a deploy sends them as its page was written: to the form."""
    first = keeper_client.post(f"/sessions/{game.pk}/hands/new/", kept_hand(1, "old-page"), headers=OUTBOX)
    again = keeper_client.post(f"/sessions/{game.pk}/hands/new/", kept_hand(1, "old-page"), headers=OUTBOX)
    assert (first.status_code, first.json()["saved"], again.json()["saved"]) == (200, 1, 1)
    assert Round.objects.filter(session=game).count() == 1


def test_the_form_that_keeps_hands_names_the_outbox_address(keeper_client, game):
    body = keeper_client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    assert f'data-send="{outbox(game)}"' in body


def test_a_page_that_does_not_ask_for_json_still_gets_the_html_form(keeper_client, game):
    response = keeper_client.post(f"/sessions/{game.pk}/hands/new/", kept_hand(1, "p", how=""), headers=HTMX)
    assert response.status_code == 422 and response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("htmx", [True, False])
def test_a_stale_edit_of_a_hand_deleted_meanwhile_answers_409_with_the_conflict_message(
    keeper_client, owner, game, htmx
):
    record_all(game, [win(2), draw()], owner)
    fingerprint = Round.objects.get(session=game, number=2).fingerprint
    keeper_client.post(f"/sessions/{game.pk}/hands/undo/")
    edit = {"winner": "1", "how": "self_draw", "client_token": "x", "expected_number": "1", "based_on": fingerprint}
    response = keeper_client.post(f"/sessions/{game.pk}/hands/2/edit/", edit, headers=HTMX if htmx else {})
    body = response.content.decode()
    assert response.status_code == 409
    assert "Hand 2 no longer exists; it was changed from another device." in body
    assert '<div id="hand-form"' in body and ("<html" in body) is not htmx
    assert keeper_client.get(f"/sessions/{game.pk}/hands/2/edit/").status_code == 404


def test_a_kept_hand_whose_number_was_taken_and_freed_while_it_waited_is_shown_not_sent_silently(
    keeper_client, owner, game
):
    seen = int(time.time()) - 60  # the phone drew its form, went offline and kept hand 1
    # Meanwhile another phone saves hand 1 and undoes it: the number is free again.
    record_all(game, [win(3)], owner)
    services.undo_last_hand(game, user=owner)

    kept = kept_hand(1, "offline-phone", board_seen=str(seen))
    response = keeper_client.post(outbox(game), kept, headers=OUTBOX)
    said = response.json()
    assert response.status_code == 409 and said["outcome"] == "freed" and said["next"] == 1
    assert "undone again while this phone kept its copy" in said["conflict"]
    assert not Round.objects.exists()
    # The keeper looked and sends it all the same, as seen when the server checked: it is saved, once.
    again = keeper_client.post(outbox(game), {**kept, "board_seen": str(said["checked"])}, headers=OUTBOX)
    assert (again.status_code, again.json()) == (200, {"outcome": "saved", "saved": 1})
    assert Round.objects.get(session=game).client_token == "offline-phone"


def test_a_hand_undone_before_the_phone_drew_its_form_is_no_reason_to_stop_a_kept_hand(keeper_client, owner, game):
    record_all(game, [win(3)], owner)
    services.undo_last_hand(game, user=owner)
    seen = int(time.time()) + 1  # the form was drawn after the undo
    response = keeper_client.post(outbox(game), kept_hand(1, "phone", board_seen=str(seen)), headers=OUTBOX)
    assert (response.status_code, response.json()) == (200, {"outcome": "saved", "saved": 1})


def test_a_kept_hand_from_a_page_drawn_before_board_seen_existed_is_sent_as_before(keeper_client, owner, game):
    record_all(game, [win(3)], owner)
    services.undo_last_hand(game, user=owner)
    response = keeper_client.post(outbox(game), kept_hand(1, "old-page"), headers=OUTBOX)
    assert (response.status_code, response.json()) == (200, {"outcome": "saved", "saved": 1})


def test_a_new_hand_form_carries_when_it_was_drawn_and_an_edit_does_not(keeper_client, owner, game):
    form = keeper_client.get(f"/sessions/{game.pk}/hands/new/").content.decode()
    found = re.search(r'name="board_seen" value="(\d+)"', form)
    assert found is not None and abs(int(found.group(1)) - time.time()) < 60
    record_all(game, [win(3)], owner)
    assert 'name="board_seen"' not in keeper_client.get(f"/sessions/{game.pk}/hands/1/edit/").content.decode()
