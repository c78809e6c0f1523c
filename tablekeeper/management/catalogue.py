"""Merging freshly extracted messages into a hand-kept catalogue (`.po`) without rewriting it.

The Chinese catalogue is kept by hand: grouped by subject under `# --- subject` comments, some lines long,
some wrapped. gettext's msgmerge would reorder and rewrap every entry (a diff of thousands of lines) and fill
each new one with a fuzzy guess from a similar old one (its placeholders wrong more often than not). Here the
catalogue stays as it is, byte for byte: new messages are appended at its end, untranslated and never fuzzy,
under one heading, and with `drop_obsolete` the entries no source names any more are taken out (a subject's
heading stays, with the entry that follows it). No dependency beyond the standard library: the block format of
a catalogue is read here, only as far as naming each entry takes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A message is named by its context and its text (and its plural, which gettext keys with it).
Key = tuple[str | None, str]

_KEYWORD = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(.*)"\s*$')
_CONTINUATION = re.compile(r'^"(.*)"\s*$')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
NEW_HEADING = "# --- new messages (manage.py makemessages): translate each, then compilemessages"


@dataclass(frozen=True)
class Block:
    """One entry of a catalogue as written: its lines, and its fields as read (`msgid`, `msgstr[0]` …)."""

    lines: tuple[str, ...]
    fields: dict[str, str]

    @property
    def key(self) -> Key | None:
        """The entry's name; None for a block with no msgid (a lone comment)."""
        if "msgid" not in self.fields:
            return None
        return self.fields.get("msgctxt"), self.fields["msgid"]

    @property
    def is_header(self) -> bool:
        return self.key == (None, "")

    @property
    def obsolete(self) -> bool:
        return all(line.startswith("#~") for line in self.lines if not line.startswith("# "))


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda match: _ESCAPES.get(match.group(1), match.group(0)), text)


def blocks(text: str) -> list[Block]:
    """The catalogue's entries, in order, each with the lines it is written in (blank lines part them)."""
    return [_block(chunk) for chunk in _chunks(text)[0]]


def _chunks(text: str) -> tuple[list[str], list[str]]:
    """The text's entries as written, and the blank lines after each (so that joining them gives it back)."""
    parts = re.split(r"(\n[ \t]*\n)", text)
    return parts[0::2], [*parts[1::2], ""]


def _block(chunk: str) -> Block:
    lines = tuple(chunk.split("\n"))
    fields: dict[str, str] = {}
    current: str | None = None
    for line in lines:
        if keyword := _KEYWORD.match(line):
            current = keyword.group(1)
            fields[current] = unescape(keyword.group(2))
        elif (more := _CONTINUATION.match(line)) and current is not None:
            fields[current] += unescape(more.group(1))
        else:
            current = None
    return Block(lines, fields)


def plural_forms(catalogue: list[Block]) -> int:
    """How many plural forms the catalogue's language has (its header's `nplurals`), 2 when it says none."""
    header = next((block for block in catalogue if block.is_header), None)
    found = re.search(r"nplurals\s*=\s*(\d+)", header.fields.get("msgstr", "") if header else "")
    return int(found.group(1)) if found else 2


def new_entry(block: Block, plurals: int) -> str:
    """A template's entry as the catalogue takes it: no location, no fuzzy flag, untranslated, with the
    catalogue's number of plural forms."""
    lines = []
    for line in block.lines:
        if line.startswith("#:"):
            continue
        if line.startswith("#,"):
            flags = [flag.strip() for flag in line[2:].split(",") if flag.strip() and flag.strip() != "fuzzy"]
            if flags:
                lines.append("#, " + ", ".join(flags))
            continue
        if line.startswith("msgstr"):
            break
        lines.append(line)
    if "msgid_plural" in block.fields:
        lines += [f'msgstr[{index}] ""' for index in range(plurals)]
    else:
        lines.append('msgstr ""')
    return "\n".join(lines)


@dataclass(frozen=True)
class Merged:
    text: str
    added: list[Key]
    removed: list[Key]


def merge(catalogue_text: str, template_text: str, *, drop_obsolete: bool) -> Merged:
    """`catalogue_text` with the template's messages it lacks appended, and (with `drop_obsolete`) without the
    entries the template no longer names; every other line as it was."""
    chunks, separators = _chunks(catalogue_text)
    catalogue = [_block(chunk) for chunk in chunks]
    template = [block for block in blocks(template_text) if block.key is not None and not block.is_header]
    wanted = {block.key for block in template}
    kept_keys = {block.key for block in catalogue if block.key is not None}
    added = [block for block in template if block.key not in kept_keys]
    removed: list[Key] = []
    text = ""
    carried: list[str] = []  # a dropped entry's subject heading, kept for the entry that follows it
    for chunk, separator, block in zip(chunks, separators, catalogue, strict=True):
        key = block.key
        if drop_obsolete and key is not None and not block.is_header and key not in wanted:
            removed.append(key)
            carried += [line for line in block.lines if line.startswith("# ---")]
            continue
        text += "\n".join([*carried, chunk]) + separator
        carried = []
    if carried:
        text = text.rstrip("\n") + "\n\n" + "\n".join(carried) + "\n"
    if removed:  # a dropped last entry leaves the blank line before it: the catalogue ends as it did
        text = text.rstrip("\n") + "\n"
    if added:
        plurals = plural_forms(catalogue)
        entries = [new_entry(block, plurals) for block in added]
        text = text.rstrip("\n") + "\n\n" + NEW_HEADING + "\n" + "\n\n".join(entries) + "\n"
    return Merged(text, [key for block in added if (key := block.key) is not None], removed)
