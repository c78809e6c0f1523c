"""Table presets: a session's rules and players saved under a name, the next session started from
them in one tap, renamed and deleted; a hostile or outdated preset never reaches a 500."""

from __future__ import annotations

import pytest

from tablekeeper.keeping.models import MAX_PRESETS, GameSession, TablePreset
from tests.conftest import make_session, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def thursday(owner):
    return make_session(owner, variant="dalian", base=2, starting_points=500, options={"dealer_pays_double": True})


def test_a_session_saved_as_a_preset_starts_the_next_session_in_one_tap(owner, thursday):
    phone = signed_in(owner)
    saved = phone.post(f"/sessions/{thursday.pk}/preset/", {"name": "  Thursday   table "}, follow=True)
    assert "Saved as “Thursday table”" in saved.content.decode()
    preset = TablePreset.objects.get(owner=owner)
    assert (preset.variant, preset.base, preset.starting_points) == ("dalian", 2, 500)
    assert preset.options == {"dealer_pays_double": True} and preset.player_names == ["Ann", "Bo", "Cy", "Di"]
    start_page = phone.get("/sessions/new/").content.decode()
    assert f'action="/presets/{preset.pk}/start/"' in start_page and "Thursday table" in start_page
    started = phone.post(f"/presets/{preset.pk}/start/", follow=True)
    new = GameSession.objects.exclude(pk=thursday.pk).get()
    assert started.redirect_chain[-1][0] == f"/sessions/{new.pk}/"
    assert (new.variant, new.base, new.starting_points, new.options) == ("dalian", 2, 500, {"dealer_pays_double": True})
    assert [seat.player_id for seat in new.seats.all()] == [seat.player_id for seat in thursday.seats.all()]


def test_a_preset_fills_in_the_start_form_to_adjust_first(owner, thursday):
    phone = signed_in(owner)
    phone.post(f"/sessions/{thursday.pk}/preset/", {"name": "Thu"})
    preset = TablePreset.objects.get()
    body = phone.get(f"/sessions/new/?preset={preset.pk}").content.decode()
    assert '<option value="dalian" selected>' in body and 'name="base" value="2"' in body
    assert 'name="player_0" value="Ann"' in body
    assert '<input type="checkbox" name="opt_dealer_pays_double" checked>' in body
    assert "Changed from the usual: Dealer pays double: Yes" in body


def test_saving_the_same_name_again_replaces_the_preset(owner, thursday):
    phone = signed_in(owner)
    phone.post(f"/sessions/{thursday.pk}/preset/", {"name": "Thu"})
    other = make_session(owner, variant="shenyang", base=3)
    phone.post(f"/sessions/{other.pk}/preset/", {"name": "Thu"})
    assert list(TablePreset.objects.values_list("name", "variant")) == [("Thu", "shenyang")]


@pytest.mark.parametrize(
    ("name", "message"),
    [("", "Give the preset a name"), ("a" * 41, "at most 40 characters"), ("Thu\x00", "Control characters")],
)
def test_it_refuses_a_preset_name_it_cannot_keep(owner, thursday, name, message):
    answer = signed_in(owner).post(f"/sessions/{thursday.pk}/preset/", {"name": name}, follow=True)
    assert answer.status_code == 200 and message in answer.content.decode()
    assert not TablePreset.objects.exists()


def test_an_account_keeps_a_bounded_number_of_presets(owner, thursday):
    phone = signed_in(owner)
    for number in range(MAX_PRESETS):
        phone.post(f"/sessions/{thursday.pk}/preset/", {"name": f"T{number}"})
    answer = phone.post(f"/sessions/{thursday.pk}/preset/", {"name": "one more"}, follow=True)
    assert "at most 20 presets" in answer.content.decode() and TablePreset.objects.count() == MAX_PRESETS


def test_presets_are_renamed_and_deleted_by_their_owner_only(owner, thursday, stranger):
    phone = signed_in(owner)
    phone.post(f"/sessions/{thursday.pk}/preset/", {"name": "Thu"})
    phone.post(f"/sessions/{thursday.pk}/preset/", {"name": "Fri"})
    thu = TablePreset.objects.get(name="Thu")
    assert (
        "already have a preset called Fri"
        in phone.post(f"/presets/{thu.pk}/rename/", {"name": "Fri"}, follow=True).content.decode()
    )
    other = signed_in(stranger)
    for action in ("start", "rename", "delete"):
        assert other.post(f"/presets/{thu.pk}/{action}/", {"name": "x"}).status_code == 404
    phone.post(f"/presets/{thu.pk}/rename/", {"name": "Thursday"})
    assert "Thursday" in phone.get("/presets/").content.decode()
    phone.post(f"/presets/{thu.pk}/delete/")
    assert list(TablePreset.objects.values_list("name", flat=True)) == ["Fri"]


@pytest.mark.parametrize(
    "broken",
    [
        {"options": {"no_such_rule": 1}},
        {"options": {"cap": "lots"}},
        {"options": ["not", "a", "dict"]},
        {"variant": "mars"},
        {"player_names": ["Ann", "Ann", "Cy", "Di"]},
        {"player_names": ["Ann"]},
        {"base": 0},
        {"starting_points": 2_000_000_000},
    ],
)
def test_a_hostile_or_outdated_preset_sends_the_keeper_to_the_form_not_a_500(owner, broken):
    fields = {"name": "odd", "variant": "dalian", "options": {}, "base": 1, "starting_points": 0}
    fields["player_names"] = ["Ann", "Bo", "Cy", "Di"]
    preset = TablePreset.objects.create(owner=owner, **{**fields, **broken})
    phone = signed_in(owner)
    answer = phone.post(f"/presets/{preset.pk}/start/")
    assert answer.status_code == 302 and answer["Location"] == f"/sessions/new/?preset={preset.pk}"
    assert not GameSession.objects.exists()
    assert phone.get(answer["Location"]).status_code == 200
    assert phone.get("/sessions/new/").status_code == 200


@pytest.mark.parametrize("query", ["?preset=abc", "?preset=99999", "?preset=%00", "?preset=" + "9" * 30])
def test_a_preset_parameter_that_names_no_preset_opens_the_plain_form(owner, query):
    assert signed_in(owner).get(f"/sessions/new/{query}").status_code == 200
