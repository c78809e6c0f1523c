"""Importing a session from a JSON export: a file, or the text pasted."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..uploads import MAX_UPLOAD_BYTES as MAX_IMPORT_BYTES


class ImportForm(forms.Form):
    file = forms.FileField(label=_("JSON export file"), required=False)
    text = forms.CharField(label=_("…or paste its text"), required=False, widget=forms.Textarea(attrs={"rows": 4}))

    def __init__(self, *args: Any, cut_off: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The upload handler stopped reading the file (tablekeeper.uploads): what arrived is partial.
        self.cut_off = cut_off

    def clean(self) -> dict[str, Any]:
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
        try:
            cleaned["data"] = json.loads(raw)
        # RecursionError: a file of nothing but thousands of nested brackets.
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise forms.ValidationError(_("That is not JSON; choose the file the JSON export saved.")) from None
        return cleaned
