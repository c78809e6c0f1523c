"""How characters sound, for the phrase box (static/js/phrase-parse.js): dictation writes a near-homophone
(老汪 for 老王, 字模 for 自摸), so the parser compares toneless pinyin with the table's words.

The sentence's characters are not known in advance, so the page needs a character → sound table. It holds
the 3,755 characters of GB 2312 level 1 (China's list of common characters, read from Python's own gb2312
codec, so no list is copied in) plus every character of the phrase box's fixed words, each under every
reading pypinyin knows (和 is both he and hu). The table is a static file (static/js/phrase-sounds.json),
written by `manage.py phrase_sounds` and checked by a test, so the page loads it lazily and the service worker
keeps it. A name's characters are found there too (GB 2312 level 1 holds the common surnames and given names);
a rarer one is matched as written.
"""

from __future__ import annotations

from collections.abc import Iterable

from pypinyin import Style, pinyin

# GB 2312 level 1: rows 16-55 (lead bytes 0xB0-0xD7), 94 cells each; row 55 stops at cell 89.
_LEVEL_ONE_LEADS = range(0xB0, 0xD8)
_CELLS = range(0xA1, 0xFF)


def common_characters() -> list[str]:
    found = []
    for lead in _LEVEL_ONE_LEADS:
        for cell in _CELLS:
            try:
                found.append(bytes((lead, cell)).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return found


def _readings(character: str) -> list[str]:
    readings = pinyin(character, style=Style.NORMAL, heteronym=True, errors="ignore")
    return [reading for reading in (readings[0] if readings else []) if reading.isascii() and reading.isalpha()]


def sound_table(extra: Iterable[str] = ()) -> dict[str, str]:
    """Syllable → the characters that read so (a character with several readings is under each)."""
    characters = dict.fromkeys([*common_characters(), *"".join(extra)])
    table: dict[str, list[str]] = {}
    for character in characters:
        for reading in _readings(character):
            table.setdefault(reading, []).append(character)
    return {syllable: "".join(chars) for syllable, chars in sorted(table.items())}
