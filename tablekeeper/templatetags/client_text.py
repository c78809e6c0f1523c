"""The words the page scripts show (static/js/*.js), in the page's language, as one JSON block.

The scripts are static files without a build step, so they read their text from the page:
`{% client_text %}` writes a `<script type="application/json" id="tk-text">`, which the CSP allows
because it is data, not code. Plurals come as the language's "one" and "other" forms, picked in
the browser with Intl.PluralRules.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.html import json_script
from django.utils.safestring import SafeString
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

register = template.Library()


def client_text() -> dict[str, str]:
    return {
        "net.offline": _("No connection: nothing was sent."),
        "net.timeout": _("The server did not answer in time."),
        "net.server": _("The server had a problem (error {status}); nothing was changed."),
        "net.refused": _("The server refused this (error {status}). Reload the page and try again."),
        "net.retry": _("Retry"),
        "net.close": _("Close"),
        "live.heard": _("Updated {time}"),
        "live.offline": _("No connection: the board as of {time}. Trying again…"),
        "live.failing": _("The server is not answering: the board as of {time}. Trying again…"),
        "outbox.pending.one": ngettext("{n} hand not sent yet", "{n} hands not sent yet", 1),
        "outbox.pending.other": ngettext("{n} hand not sent yet", "{n} hands not sent yet", 2),
        "outbox.attention.one": ngettext("{n} hand needs you", "{n} hands need you", 1),
        "outbox.attention.other": ngettext("{n} hand needs you", "{n} hands need you", 2),
        "outbox.notIncluded": _("The totals above do not include them yet."),
        "outbox.see": _("See them"),
        "outbox.hand": _("Hand {n}"),
        "outbox.queued": _("Hand {n} is kept on this phone and will be sent when the connection is back."),
        "outbox.noPreview": _("No connection: the preview needs the server. Save still keeps the hand on this phone."),
        "outbox.queuedAt": _("kept at {time}"),
        "outbox.waiting": _("waiting to be sent"),
        "outbox.sending": _("sending…"),
        "outbox.retryAt": _("no connection; trying again at {time}"),
        "outbox.refused": _("refused by the server"),
        "outbox.conflict": _("conflicts with the hands on the server"),
        "outbox.spent": _("not sent again: another phone undid or changed it"),
        "outbox.spentHint": _("To keep it after all, open it in the form and save it as a new hand; or delete it."),
        "outbox.freed": _("not sent: hand {n} was saved and taken back on another phone meanwhile"),
        "outbox.freedHint": _(
            "Another phone saved this hand's number and took it back while this phone kept it. If the hand is "
            "still wanted, send it; if it was taken back for a reason, delete it."
        ),
        "outbox.sendFreed": _("Send it as hand {n} all the same"),
        "outbox.signin": _("Log in again to send the hands kept on this phone."),
        "outbox.gone": _("This session is gone, or you no longer keep score on it."),
        "outbox.unexpected": _("The server refused this hand (error {status})."),
        "outbox.sendNow": _("Send now"),
        "outbox.sendAsNext": _("Send as hand {n}"),
        "outbox.open": _("Open in the form"),
        "outbox.delete": _("Delete…"),
        "outbox.confirmDelete": _("Yes, delete this hand for good"),
        "outbox.fixing": _("Fixing hand {n} kept on this phone: Save puts it back in the queue, in its place."),
        "outbox.allSent": _("All hands kept on this phone were sent."),
        "outbox.sameHand": _(
            "Hand {n} was already saved on another phone, the same hand as this one: it was not recorded again."
        ),
        "outbox.selfDraw": _("{who} won by self-draw"),
        "outbox.onDiscard": _("{who} won on {from}'s discard"),
        "outbox.robbedKong": _("{who} won by robbing {from}'s kong"),
        "outbox.cannotKeep": _("This phone could not keep the hand (its storage is off or full). Nothing was saved."),
        "outbox.cannotLoad": _(
            "No connection, and this page could not keep the hand on the phone: nothing was saved."
            " The hand is still in the form; Save again once the connection is back."
        ),
        "outbox.logout": _(
            "Hands not sent yet: {n}. They stay on this phone and are sent when you log in again. Log out anyway?"
        ),
    }


class _PlainTextEncoder(DjangoJSONEncoder):
    """The words as they are, not as \\u escapes: a Chinese page's words take half the bytes (json_script
    still escapes <, > and &, so the block cannot end early)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{**kwargs, "ensure_ascii": False})


@register.simple_tag(name="client_text")
def client_text_tag() -> SafeString:
    return _client_text_block(get_language())


# Every page carries the block, and translating and encoding its fifty sentences was the costliest tag of a page
# (the most of any part of the board a Save answers with); the words change only with the language, so each
# language's block is written once per process. A handful of languages: the cache stays small.
@lru_cache(maxsize=8)
def _client_text_block(language: str | None) -> SafeString:
    return json_script(client_text(), "tk-text", encoder=_PlainTextEncoder)
