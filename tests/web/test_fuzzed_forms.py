"""Generated hostile values (huge numbers, control characters, NUL, lone surrogates, calendar-edge
dates, long strings) posted to every field of every form the pages offer, and to every field of
an import: each answer is anything but a 500.

The forms are found by reading the pages themselves, so a form added later is fuzzed too."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.keeping import services
from tablekeeper.keeping.pages.board import seats_of
from tablekeeper.keeping.services.exchange import export_session
from tablekeeper.keeping.services.presets import save_preset
from tablekeeper.players.services.claims import claim_seat
from tablekeeper.players.services.groups import group_from_session
from tests.conftest import PASSWORD, draw, make_session, record_all, stands, win

pytestmark = pytest.mark.django_db
# Few examples per field: the point is every field, on both databases, within a CI minute.
EXAMPLES = 3
# Forms whose only effect is to end the test's own footing (its log-in, its session).
LEFT_ALONE = ("/accounts/logout/", "/delete/", "/remove/")
_evenings = itertools.count()

CALENDAR_EDGES = [
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
    "0001-01-01",
    "9999-12-31T23:59",
    "2026-02-30T20:00",
    "0000-00-00T00:00",
]
ODD_NUMBERS = ["1e309", "-0", "NaN", "Infinity", "١٢٣", "１２", "0x10", "9" * 4300, "-" + "9" * 40]
hostile_text = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.sampled_from(CALENDAR_EDGES + ODD_NUMBERS + ["\x00", "a\x00b", "\ud800", "\udfff x", "\r\n", "\u202e"]),
    st.text(st.characters(codec=None, categories=("Cc", "Cs", "Lo", "Nd", "Zs", "So")), max_size=40),
    st.integers(min_value=121, max_value=20_000).map(lambda size: "长" * size),
)


@dataclass
class Form:
    action: str
    fields: dict[str, str] = field(default_factory=dict)


class FormReader(HTMLParser):
    """The post forms of a page: where each goes and its fields with the values the page gave."""

    def __init__(self, page_path: str) -> None:
        super().__init__()
        self.page_path = page_path
        self.forms: list[Form] = []
        self._current: Form | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        seen = {key: value or "" for key, value in attrs}
        if tag == "form" and seen.get("method", "get").lower() == "post":
            self._current = Form(seen.get("action") or self.page_path)
            self.forms.append(self._current)
        elif self._current is None:
            return
        elif tag in ("input", "button", "textarea") and seen.get("name"):
            kind = seen.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in seen:
                self._current.fields.setdefault(seen["name"], "")
            else:
                self._current.fields[seen["name"]] = seen.get("value", "")
        elif tag == "select" and seen.get("name"):
            self._select = seen["name"]
            self._current.fields.setdefault(self._select, "")
        elif tag == "option" and self._select and not self._current.fields[self._select]:
            self._current.fields[self._select] = seen.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None
        elif tag == "select":
            self._select = None


def forms_on(client: Client, paths: list[str]) -> list[Form]:
    found: dict[tuple[str, tuple[str, ...]], Form] = {}
    for path in paths:
        page = client.get(path, headers={"HX-Request": "true"} if path.endswith("preview/") else {})
        assert page.status_code == 200, path
        reader = FormReader(path)
        reader.feed(page.content.decode())
        for form in reader.forms:
            if any(part in form.action for part in LEFT_ALONE):
                continue
            fields = tuple(sorted(name for name in form.fields if name != "csrfmiddlewaretoken"))
            if fields:
                found.setdefault((form.action, fields), form)
                if form.action.endswith("/hands/new/") or form.action.endswith("/edit/"):
                    # The live preview (htmx) scores the same fields as the hand form.
                    preview = form.action.rsplit("/hands/", 1)[0] + "/hands/preview/"
                    found.setdefault((preview, fields), Form(preview, dict(form.fields)))
    return list(found.values())


def raw_post(client: Client, path: str, data: dict[str, str]) -> int:
    """POST the fields as a browser would send their bytes: a lone surrogate goes as the bytes
    UTF-8 would give it (invalid UTF-8), as a hostile client can send."""
    body = "&".join(f"{quote(name)}={quote(value.encode('utf-8', 'surrogatepass'))}" for name, value in data.items())
    response = client.post(
        path,
        data=body.encode("ascii"),
        content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true"},
    )
    return int(response.status_code)


def an_evening() -> dict[str, Any]:
    """A new account with something behind every form: a session with hands, a group, a preset, a
    keeper, a pending invitation and an invitation link (new for each example: the forms change
    what they post to)."""
    number = next(_evenings)
    owner = User.objects.create_user(f"fuzz-owner-{number}", password=PASSWORD)
    game = make_session(owner, "shenyang", base=2)
    record_all(game, [win(1), draw(), win(2)], owner)
    group = group_from_session(owner, game, "Thursday")
    preset = save_preset(owner, game, "Club")
    User.objects.create_user(f"fuzz-friend-{number}", password=PASSWORD)
    services.request_keeper(game, f"fuzz-friend-{number}", by=owner)
    services.new_invitation(game, by=owner)
    # The owner plays at seat 0 (a link, so 我的战绩 has an evening) and a player asks for seat 1.
    claim_seat(game, 0, owner, phone="owner-phone", token=game.share_token)
    asking = User.objects.create_user(f"fuzz-player-{number}", password=PASSWORD, first_name="老王")
    claim_seat(game, 1, asking, phone="player-phone", token=game.share_token)
    return {"owner": owner, "game": game, "group": group, "preset": preset}


def the_pages(evening: dict[str, Any]) -> list[str]:
    game, group = evening["game"], evening["group"]
    return [
        "/sessions/",
        "/sessions/new/",
        f"/sessions/{game.pk}/",
        f"/sessions/{game.pk}/hands/new/",
        f"/sessions/{game.pk}/hands/1/edit/",
        f"/sessions/{game.pk}/hands/1/",
        f"/sessions/{game.pk}/manage/",
        f"/sessions/{game.pk}/keepers/",
        f"/sessions/{game.pk}/share/",
        f"/sessions/{game.pk}/summary/",
        "/groups/",
        f"/groups/{group.pk}/edit/",
        "/presets/",
        "/players/",
        "/sessions/import/",
        "/accounts/password/",
        "/accounts/name/",
        "/me/",
        f"/sessions/{game.pk}/players/",
        f"/b/{game.share_token}/claim/2/",
    ]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_value_in_any_field_of_any_signed_in_form_is_a_500(db, data):
    evening = an_evening()
    client = Client(raise_request_exception=False)
    client.force_login(evening["owner"])
    forms = forms_on(client, the_pages(evening))
    assert len(forms) >= 15, [form.action for form in forms]
    for form in forms:
        for name in form.fields:
            if name == "csrfmiddlewaretoken":
                continue
            value = data.draw(hostile_text, label=f"{form.action} {name}")
            status = raw_post(client, form.action, {**form.fields, name: value})
            assert status < 500, (form.action, name, value[:80])


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_value_in_any_field_of_the_signed_out_forms_is_a_500(db, data):
    client = Client(raise_request_exception=False)
    forms = forms_on(client, ["/accounts/login/", "/accounts/signup/", "/accounts/reset/"])
    assert len(forms) >= 3
    for form in forms:
        for name in form.fields:
            if name == "csrfmiddlewaretoken":
                continue
            value = data.draw(hostile_text, label=f"{form.action} {name}")
            assert raw_post(client, form.action, {**form.fields, name: value}) < 500, (form.action, name)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_value_in_any_field_of_a_claims_sign_up_is_a_500(db, data):
    game = make_session(User.objects.create_user(f"fuzz-keeper-{next(_evenings)}"), "shenyang", base=2)
    client = Client(raise_request_exception=False)
    claim_page = f"/b/{game.share_token}/claim/2/"
    forms = [form for form in forms_on(client, [claim_page]) if form.action == claim_page]
    assert len(forms) == 1 and {"username", "password1", "display_name"} <= set(forms[0].fields)
    for form in forms:
        for name in form.fields:
            if name == "csrfmiddlewaretoken":
                continue
            value = data.draw(hostile_text, label=f"{form.action} {name}")
            assert raw_post(client, form.action, {**form.fields, name: value}) < 500, (form.action, name)


def paths_in(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in an export's JSON a value sits, the containers included."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths_in(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths_in(inner, (*path, index))
    return found


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = replaced(value[path[0]], path[1:], new)
    return copy


hostile_json = st.one_of(
    hostile_text,
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([None, True, [], {}, [None] * 4, {"seat": -1}, [10**20] * 4]),
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_value_in_any_field_of_an_import_is_a_500(settings, data):
    settings.IMPORTS_PER_HOUR = 10_000
    owner = an_evening()["owner"]
    game = make_session(owner, "shenyang", base=2)
    record_all(game, [win(1), draw(), win(2)], owner)
    stands(services.finish_session(game, money_rate=None))
    game.refresh_from_db()
    export = export_session(game, seats_of(game))
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    for path in paths_in(export):
        value = data.draw(hostile_json, label=".".join(map(str, path)))
        # ensure_ascii: a lone surrogate goes as the escape "\ud800", as a file would carry it.
        text = json.dumps(replaced(export, path, value), ensure_ascii=True)
        answer = client.post("/sessions/import/", {"text": text, "anyway": "on"}, headers={"HX-Request": "true"})
        assert answer.status_code < 500, (path, repr(value)[:80])
