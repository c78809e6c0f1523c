"""Sign-ups decided by the database, not by a look before the insert: one account per name under
Unicode case folding, however many sign-ups of it arrive at once, and at most the hourly limit of
accounts from one address, however many arrive at once. The races are made exact: every sign-up
has passed the form (where a look before the insert would be) before any of them goes on."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connections
from django.test import Client

from tablekeeper.accounts.models import AccountName
from tablekeeper.accounts.validators import account_name_key
from tablekeeper.accounts.views import NAME_REFUSED, SignupForm

PASSWORD = "Long-Enough-Tiles-77"
TOO_MANY = "Too many new accounts from this address"


def sign_up(name: str, address: str, password: str = PASSWORD) -> Any:
    data = {"username": name, "password1": password, "password2": password}
    return Client(REMOTE_ADDR=address).post("/accounts/signup/", data)


def all_past_the_form_at_once(monkeypatch: pytest.MonkeyPatch, parties: int) -> None:
    """No sign-up goes past the form until every one has checked it (a broken barrier: one of them
    could not get there, so the others go on)."""
    everyone_checked = threading.Barrier(parties, timeout=15)
    original_is_valid = SignupForm.is_valid

    def checked_while_the_others_check(form: SignupForm) -> bool:
        valid = original_is_valid(form)
        with contextlib.suppress(threading.BrokenBarrierError):
            everyone_checked.wait()
        return valid

    monkeypatch.setattr(SignupForm, "is_valid", checked_while_the_others_check)


def at_once(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Each job on a thread (and a database connection) of its own; what each returned or raised."""
    results: list[Any] = [None] * len(jobs)

    def run(index: int) -> None:
        try:
            results[index] = jobs[index]()
        except Exception as error:  # the test looks at what each sign-up got
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("straße", "STRASSE"),  # ß folds to ss
        ("Idil", "İdil"),  # the Turkish dotted capital İ
        ("idil", "ıdil"),  # and the dotless ı
        ("Ärger", "äRGER"),
        ("Σοφία", "σοφία"),
        ("Kai", "\u212aai"),  # the Kelvin sign
        ("ｍｅｉ", "Mei"),  # full-width letters, as a Chinese keyboard types them
    ],
)
def test_user_names_that_fold_together_are_one_name_and_the_second_is_refused(first, second):
    assert sign_up(first, "192.0.2.10").status_code == 302
    refused = sign_up(second, "192.0.2.11", password="Someone-Elses-Tiles-8")
    assert refused.status_code == 200 and str(NAME_REFUSED) in refused.content.decode()
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_every_account_holds_the_key_of_its_folded_name_however_it_was_made():
    made = User.objects.create_user("Straße", password=PASSWORD)
    superuser = User.objects.create_superuser("Admin", password=PASSWORD)
    assert AccountName.objects.get(user=made).key == account_name_key("STRASSE")
    assert AccountName.objects.get(user=superuser).key == account_name_key("admin")
    made.username = "Renamed"
    made.save()
    assert AccountName.objects.get(user=made).key == account_name_key("renamed")
    made.first_name = "Auntie Li"
    made.save(update_fields=["first_name"])
    assert AccountName.objects.filter(key=account_name_key("RENAMED")).count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", ["racer", "straße"])
def test_simultaneous_sign_ups_of_one_name_in_four_cases_make_exactly_one_account(monkeypatch, name):
    cases = [name, name.upper(), name.capitalize(), name.swapcase().capitalize().swapcase()]
    assert len({*cases}) == 4
    all_past_the_form_at_once(monkeypatch, 8)
    answers = at_once([partial(sign_up, case, f"192.0.2.{20 + index}") for index, case in enumerate(cases * 2)])
    assert all(not isinstance(answer, Exception) for answer in answers), answers
    assert sorted(answer.status_code for answer in answers)[-1] == 302
    assert {answer.status_code for answer in answers} <= {200, 302}, "never a 500"
    assert User.objects.count() == 1 and AccountName.objects.count() == 1
    # Those who lost were told the name cannot be used, or (the same name, the same password: a double tap)
    # were logged in to the one account.
    for answer in answers:
        assert answer.status_code == 302 or str(NAME_REFUSED) in answer.content.decode()


@pytest.mark.django_db(transaction=True)
def test_thirty_simultaneous_sign_ups_from_one_address_make_at_most_the_hourly_limit(monkeypatch, settings):
    settings.SIGNUPS_PER_HOUR = 5
    all_past_the_form_at_once(monkeypatch, 30)
    answers = at_once([partial(sign_up, f"newcomer{index}", "198.51.100.30") for index in range(30)])
    assert all(not isinstance(answer, Exception) for answer in answers), answers
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [302] * 5 + [429] * 25, codes
    assert User.objects.count() == 5
    assert all(TOO_MANY in answer.content.decode() for answer in answers if answer.status_code == 429)
    # The limit holds afterwards too, and a refused form still counts no account.
    assert sign_up("one-more", "198.51.100.30").status_code == 429
