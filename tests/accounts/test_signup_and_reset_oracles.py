"""Sign-up tells no more than log-in about which names are accounts, and reset mails to one
mailbox are capped whatever addresses ask for them."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
GOOD = {"password1": "Long-Enough-Tiles-77", "password2": "Long-Enough-Tiles-77"}


def errors_of(body: str, name: str) -> list[str]:
    """The form's messages, with the echoed name taken out."""
    return [re.sub(re.escape(name), "NAME", message) for message in re.findall(r"<li>(.*?)</li>", body)]


@pytest.mark.parametrize("weak", [{"password1": "123", "password2": "123"}, {"password1": "a", "password2": "b"}])
def test_a_refused_password_gets_the_same_answer_for_a_taken_and_a_free_name(owner, weak):
    taken = Client(REMOTE_ADDR="203.0.113.80").post("/accounts/signup/", {"username": "KEEPER", **weak})
    free = Client(REMOTE_ADDR="203.0.113.81").post("/accounts/signup/", {"username": "nobody-yet", **weak})
    assert taken.status_code == free.status_code == 200
    assert errors_of(taken.content.decode(), "KEEPER") == errors_of(free.content.decode(), "nobody-yet")
    assert "already exists" not in taken.content.decode()


def test_a_taken_name_in_any_case_is_refused_without_saying_it_exists(owner):
    answer = Client().post("/accounts/signup/", {"username": "Keeper", **GOOD}).content.decode()
    assert "This user name cannot be used; choose another." in answer and "already exists" not in answer
    assert User.objects.filter(username__iexact="keeper").count() == 1


def test_asking_which_names_are_taken_is_limited_per_address(owner, settings):
    settings.SIGNUP_NAMES_REFUSED_PER_HOUR = 3
    prober = Client(REMOTE_ADDR="203.0.113.82")
    codes = [prober.post("/accounts/signup/", {"username": "keeper", **GOOD}).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_reset_mails_to_one_mailbox_are_capped_whatever_addresses_ask(owner, settings):
    settings.PASSWORD_RESET_MAILS_PER_RECIPIENT = 3
    owner.email = "keeper@example.org"
    owner.save()
    answers = {
        Client(REMOTE_ADDR=f"198.18.20.{index}").post("/accounts/reset/", {"email": "Keeper@Example.org"})["Location"]
        for index in range(12)
    }
    assert answers == {"/accounts/reset/sent/"}
    assert len(mail.outbox) == 3
    assert owner.check_password(PASSWORD)
