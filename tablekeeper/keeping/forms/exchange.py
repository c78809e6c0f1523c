"""Importing a session from a JSON export: a file, or the text pasted."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tablekeeper.accounts.uploads import MAX_UPLOAD_BYTES as MAX_IMPORT_BYTES
from tablekeeper.accounts.validators import has_surrogates

from ..services.exchange import ImportRefused
from .values import FieldValues


class ImportForm(forms.Form):
    file = forms.FileField(label=_("JSON export file"), required=False)
    text = forms.CharField(label=_("…or paste its text"), required=False, widget=forms.Textarea(attrs={"rows": 4}))
    # Yes to "this looks like … already here: import anyway?" (the file comes back as text).
    anyway = forms.BooleanField(required=False)

    def __init__(self, *args: Any, cut_off: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The upload handler stopped reading the file (tablekeeper.accounts.uploads): what arrived is partial.
        self.cut_off = cut_off
        self.raw_text = ""

    def clean(self) -> FieldValues:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if self.cut_off:
            raise forms.ValidationError(_("The file is too large for a session export."))
        if upload is not None:
            if upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(_("The file is too large for a session export."))
            raw = upload.read()
        else:
            raw = (cleaned.get("text") or "").encode()
        if not raw.strip():
            raise forms.ValidationError(_("Choose an export file or paste its text."))
        # What the question about a duplicate sends back; a file that is not UTF-8 is refused below.
        self.raw_text = raw.decode("utf-8", errors="replace")
        try:
            cleaned["data"] = parse_export(raw)
        except ImportRefused as strange:
            raise forms.ValidationError(strange.message) from None
        # RecursionError: a file of nothing but thousands of nested brackets.
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise forms.ValidationError(_("That is not JSON; choose the file the JSON export saved.")) from None
        return cleaned


# An export nests four levels deep (session, hands, a hand's wins, a win's patterns) and its largest
# number is a points total; anything far past both is not an export, and refusing it while parsing
# keeps giant integers (Python refuses to print those over 4,300 digits) out of every later step.
MAX_DEPTH = 8
MAX_INTEGER_DIGITS = 15


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise ImportRefused(
            str(_("The file has a number with more than %(digits)s digits; no session export does."))
            % {"digits": MAX_INTEGER_DIGITS}
        )
    return int(text)


def _no_constant(name: str) -> Any:
    raise ImportRefused(_("The file has %(name)s in it, which is not a number a session export uses.") % {"name": name})


def _refuse_surrogates(texts: Iterable[Any]) -> None:
    # json.loads turns "\ud800" (and the bytes of one, as it decodes with surrogatepass) into a lone
    # surrogate, which no page, export or PostgreSQL column can hold: refused wherever it is, a
    # name, a house rule's key, a pattern, a tile, a note.
    if any(isinstance(text, str) and has_surrogates(text) for text in texts):
        raise ImportRefused(
            str(_("The file has a broken character (an unpaired surrogate) in it; nothing was imported."))
        )


def parse_export(raw: bytes) -> Any:
    """json.loads with limits: integers of at most MAX_INTEGER_DIGITS digits, no NaN or Infinity,
    nesting at most MAX_DEPTH deep, and no lone surrogate in any text or key."""
    data = json.loads(raw, parse_int=_bounded_int, parse_constant=_no_constant)
    _refuse_surrogates([data])
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ImportRefused(str(_("The file nests deeper than a session export does.")))
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        if isinstance(value, dict):
            _refuse_surrogates(value)
        _refuse_surrogates(children)
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return data
