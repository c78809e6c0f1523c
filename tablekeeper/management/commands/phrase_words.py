"""Rewrites static/js/phrase-words.js, the phrase box's questions and sound table (reading/reasons/phrase_words.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from tablekeeper.reading.reasons.phrase_words import WORDS_FILE, words_script


class Command(BaseCommand):
    help = "Rewrite static/js/phrase-words.js after changing the phrase box's questions or their translations."

    def handle(self, *args: Any, **options: Any) -> None:
        target = Path(settings.BASE_DIR) / WORDS_FILE
        target.write_text(words_script(), encoding="utf-8")
        self.stdout.write(f"wrote {target} ({target.stat().st_size} bytes)")
