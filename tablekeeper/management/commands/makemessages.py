"""`manage.py makemessages`, keeping the hand-kept catalogue as it is (tablekeeper/management/catalogue.py).

Django's command runs msgmerge over the whole `.po`: every entry reordered and rewrapped, and each new message
filled with a fuzzy guess from an old one. This one extracts the messages as Django's does, then appends only
the new ones, untranslated and never fuzzy, and (with --no-obsolete) takes out the entries no source names:
the diff is the messages that changed. The documented command is in docs/development.md ("Translations").
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.commands import makemessages

from tablekeeper.management.catalogue import merge


class Command(makemessages.Command):
    help = (
        "Extract the messages, and append the new ones to each existing catalogue (untranslated, never fuzzy), "
        "leaving every other entry as it is written."
    )

    def write_po_file(self, potfile: str, locale: str) -> None:
        pofile = Path(potfile).parent / locale / "LC_MESSAGES" / f"{self.domain}.po"
        if not pofile.exists():
            super().write_po_file(potfile, locale)
            return
        # The template as build_potfiles left it (msguniq: each message once).
        template = Path(potfile).read_text(encoding="utf-8")
        merged = merge(pofile.read_text(encoding="utf-8"), template, drop_obsolete=self.no_obsolete)
        pofile.write_text(merged.text, encoding="utf-8")
        if self.verbosity > 0:
            for key in merged.added:
                self.stdout.write(f"new, to translate: {_named(key)}")
            for key in merged.removed:
                self.stdout.write(f"no longer used, taken out: {_named(key)}")


def _named(key: tuple[str | None, str]) -> str:
    context, message = key
    return f"[{context}] {message!r}" if context else repr(message)
