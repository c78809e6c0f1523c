"""The Chinese catalogue stays whole: no fuzzy guess, every translation with its message's placeholders, the
compiled `.mo` made from this `.po`; and the documented `makemessages` appends new messages, untranslated, and
leaves every other line of the hand-kept catalogue as it is (tablekeeper/management/catalogue.py).

CI runs these with the rest of the suite (`bash .ci/test`), so a fuzzy entry, a placeholder that differs from
its msgid or a `.mo` not compiled again after a change fails the run. Each check is also run on a catalogue that
breaks it, so none of them can pass by reading nothing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from tablekeeper.management.catalogue import NEW_HEADING, blocks, merge

LC_MESSAGES = Path(__file__).resolve().parents[2] / "tablekeeper/locale/zh_Hans/LC_MESSAGES"
CATALOGUE = LC_MESSAGES / "django.po"
COMPILED = LC_MESSAGES / "django.mo"
# A placeholder as Python (`%(n)s`, `%(change)+d`, `%s`) or the page scripts (`{name}`) write it; `%%` is none.
PLACEHOLDER = re.compile(r"%\((\w+)\)[-+#0 ]*\d*(?:\.\d+)?[sdifr]|%[-+#0 ]*\d*(?:\.\d+)?[sdifr]|\{\w*\}")


def placeholders(text: str) -> list[str]:
    """The placeholders of a message, each named as it is filled (a named one by its name), in sorted order."""
    return sorted(match.group(1) or match.group(0) for match in PLACEHOLDER.finditer(text.replace("%%", "")))


def catalogue_problems(catalogue: polib.POFile) -> list[str]:
    """What keeps a catalogue from being used as it is: a fuzzy entry, or a translation whose placeholders are not
    its message's (a missing one says less, a strange one is a KeyError when the page is drawn)."""
    problems = []
    for entry in catalogue:
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {entry.msgid!r}")
        if entry.msgid_plural:
            wanted = [placeholders(entry.msgid), placeholders(entry.msgid_plural)]
            translations = [text for text in entry.msgstr_plural.values() if text]
        else:
            wanted = [placeholders(entry.msgid)]
            translations = [entry.msgstr] if entry.msgstr else []
        problems += [
            f"placeholders {placeholders(text)} are not {wanted[-1]}: {entry.msgid!r} → {text!r}"
            for text in translations
            if placeholders(text) not in wanted
        ]
    return problems


def translations(catalogue: polib.POFile | polib.MOFile) -> dict[tuple[str | None, str, str | None], object]:
    """Every message a catalogue translates (not fuzzy, not obsolete), by context, text and plural."""
    found: dict[tuple[str | None, str, str | None], object] = {}
    for entry in catalogue:
        if entry.msgid == "" or entry.obsolete or "fuzzy" in entry.flags:
            continue
        said = tuple(sorted(entry.msgstr_plural.items())) if entry.msgid_plural else entry.msgstr
        if said:
            found[(entry.msgctxt, entry.msgid, entry.msgid_plural or None)] = said
    return found


def test_the_catalogue_has_no_fuzzy_entry_and_every_translation_keeps_its_placeholders() -> None:
    assert catalogue_problems(polib.pofile(str(CATALOGUE))) == []


def test_the_compiled_catalogue_is_compiled_from_this_catalogue() -> None:
    written, compiled = translations(polib.pofile(str(CATALOGUE))), translations(polib.mofile(str(COMPILED)))

    missing = sorted(str(key) for key in written.keys() - compiled.keys())
    different = sorted(str(key) for key in written.keys() & compiled.keys() if written[key] != compiled[key])
    stale = sorted(str(key) for key in compiled.keys() - written.keys())
    assert (missing, different, stale) == ([], [], []), "run manage.py compilemessages (docs/development.md)"


BROKEN = r"""msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=1; plural=0;\n"

#, fuzzy, python-format
msgid "%(n)s hand in a row"
msgstr "（连续流局 %(count)s 局）"

#, python-format
msgid "%(payer)s pays %(amount)s"
msgstr "%(payer)s 付"

#, python-format
msgid "%(n)s later hand"
msgid_plural "%(n)s later hands"
msgstr[0] "随后 %(count)s 局"

msgid "Heard {name}"
msgstr "听到 {who}"

msgid "100%% sure"
msgstr "百分之百"

#, python-format
msgid "%(change)+d points"
msgstr "%(change)+d 分"
"""


def test_the_checks_find_a_fuzzy_guess_and_every_placeholder_that_differs(tmp_path: Path) -> None:
    path = tmp_path / "django.po"
    path.write_text(BROKEN, encoding="utf-8")

    problems = catalogue_problems(polib.pofile(str(path)))

    assert problems == [
        "fuzzy: '%(n)s hand in a row'",
        "placeholders ['count'] are not ['n']: '%(n)s hand in a row' → '（连续流局 %(count)s 局）'",
        "placeholders ['payer'] are not ['amount', 'payer']: '%(payer)s pays %(amount)s' → '%(payer)s 付'",
        "placeholders ['count'] are not ['n']: '%(n)s later hand' → '随后 %(count)s 局'",
        "placeholders ['{who}'] are not ['{name}']: 'Heard {name}' → '听到 {who}'",
    ]


def test_the_compiled_check_finds_a_translation_changed_after_compiling(tmp_path: Path) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed here")
    source = tmp_path / "django.po"
    source.write_text(BROKEN.replace("#, fuzzy, python-format", "#, python-format"), encoding="utf-8")
    subprocess.run(["msgfmt", "-o", str(tmp_path / "django.mo"), str(source)], check=True)
    source.write_text(BROKEN.replace("听到 {who}", "听到了 {who}"), encoding="utf-8")

    written, compiled = translations(polib.pofile(str(source))), translations(polib.mofile(str(tmp_path / "django.mo")))

    assert written.keys() != compiled.keys() or any(written[key] != compiled[key] for key in written)


# -- makemessages: the new messages appended, nothing else touched ------------------------------------


CATALOGUE_TEXT = """msgid ""
msgstr ""
"Plural-Forms: nplurals=1; plural=0;\\n"

# --- board
msgid "Gone"
msgstr "没了"

msgid ""
"A long message that was wrapped "
"by hand"
msgstr "手工折行的长消息"

# --- form
#, python-format
msgid "%(n)s kept"
msgstr "留下 %(n)s"
"""

TEMPLATE_TEXT = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#: tablekeeper/a.py:1
msgid "A long message that was wrapped by hand"
msgstr ""

#: tablekeeper/b.py:2
#, python-format
msgid "%(n)s kept"
msgstr ""

#: tablekeeper/c.py:3
#, fuzzy, python-format
msgid "%(n)s new hand"
msgid_plural "%(n)s new hands"
msgstr[0] ""
msgstr[1] ""

#: tablekeeper/d.py:4
msgctxt "order of tiles"
msgid "; "
msgstr ""
"""


def test_makemessages_appends_each_new_message_untranslated_and_never_fuzzy_and_keeps_every_other_line() -> None:
    merged = merge(CATALOGUE_TEXT, TEMPLATE_TEXT, drop_obsolete=False)

    assert merged.text.startswith(CATALOGUE_TEXT)
    assert merged.text[len(CATALOGUE_TEXT) :] == (
        f"\n{NEW_HEADING}\n"
        '#, python-format\nmsgid "%(n)s new hand"\nmsgid_plural "%(n)s new hands"\nmsgstr[0] ""\n\n'
        'msgctxt "order of tiles"\nmsgid "; "\nmsgstr ""\n'
    )
    assert merged.added == [(None, "%(n)s new hand"), ("order of tiles", "; ")]
    assert merged.removed == []


def test_makemessages_with_no_obsolete_takes_out_what_no_source_names_and_keeps_its_subject_heading() -> None:
    merged = merge(CATALOGUE_TEXT, TEMPLATE_TEXT, drop_obsolete=True)

    assert merged.removed == [(None, "Gone")]
    kept = merged.text.split(NEW_HEADING)[0].removesuffix("\n")
    assert kept == CATALOGUE_TEXT.replace('# --- board\nmsgid "Gone"\nmsgstr "没了"\n\n', "# --- board\n")
    assert [block.key for block in blocks(kept)][1:] == [
        (None, "A long message that was wrapped by hand"),
        (None, "%(n)s kept"),
    ]


def test_makemessages_on_the_catalogue_as_it_is_changes_nothing() -> None:
    text = CATALOGUE.read_text(encoding="utf-8")

    assert merge(text, text, drop_obsolete=True).text == text
