"""How pages name accounts to people who are not their keeper."""

from __future__ import annotations

from typing import Any

from django import template

from tablekeeper.accounts.models import display_name

register = template.Library()


@register.filter(name="display_name")
def display_name_filter(user: Any) -> str:
    """`{{ session.owner|display_name }}`: the name the keeper chose to be seen by, never the log-in name."""
    return display_name(user)
