"""Data a variant's folder holds beside its code for the app: city presets and worked examples.

`presets.json` (RULES.md §9.7 "Presets as data") is a list of named option bundles, the rule book
first: `[{"id": "rule_book", "name": {"zh", "en"}, "options": {}, "source": ...}, ...]`; a preset may add
`"not_played": ["liable"]`, facts its tables never mark though the engine accepts them, and `"book_name"`, the
name RULES §9.7 gives it where the app's differs (沈阳·网络版 is the book's 沈阳·Rust服). A folder
without one plays the rule book alone. The file is checked when the variant is first described
(ids unique, the rule book first with no options, every bundle's options accepted by
`check_options`), so a wrong file fails every test that describes the variant, never a request.

`examples.json` holds the rule book's worked examples (`{"cases": [...]}`), which the rules
reference settles live.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, cast

from .answers import OptionsCheck, PresetInfo, WorkedExample
from .variant import Variant
from .variants import folder_of

RULE_BOOK = "rule_book"
# Facts of a record a preset may say its tables do not play (RULES.md §9.7 keeps them available, e.g.
# 承包 at 济南·途游: "do not mark them"): the engine still settles them; a form need not offer them.
NOT_PLAYED_FACTS = frozenset({"liable"})

CheckOptions = Callable[[str, Mapping[str, object] | None], OptionsCheck]


class PresetFileError(ValueError):
    """A variant folder's presets.json that the engine refuses to describe."""


def rule_book_preset(variant: Variant) -> PresetInfo:
    """The preset every variant has: the book's rules, named after the variant."""
    return {
        "id": RULE_BOOK,
        "name": {"zh": f"{variant.name_zh.removesuffix('麻将')}·规则书", "en": f"{variant.name_en} · rule book"},
        "options": {},
        "source": "rule book",
        "not_played": [],
        "book_name": {"zh": f"{variant.name_zh.removesuffix('麻将')}·规则书", "en": f"{variant.name_en} · rule book"},
    }


def load_presets(variant: Variant, check_options: CheckOptions) -> list[PresetInfo]:
    """The variant's presets from its folder's presets.json, checked; the rule book alone without one."""
    path = folder_of(variant.id) / "presets.json"
    if not path.is_file():
        return [rule_book_preset(variant)]
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise PresetFileError(f"{path}: not readable JSON ({error})") from None
    return _checked(variant.id, str(path), raw, check_options)


def _checked(variant_id: str, where: str, raw: Any, check_options: CheckOptions) -> list[PresetInfo]:
    if not isinstance(raw, list) or not raw:
        raise PresetFileError(f"{where}: a presets file is a non-empty JSON list")
    presets: list[PresetInfo] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw):
        at = f"{where} [{index}]"
        if not isinstance(entry, dict):
            raise PresetFileError(f"{at}: each preset is an object")
        preset_id, name, options = entry.get("id"), entry.get("name"), entry.get("options")
        if not isinstance(preset_id, str) or not preset_id:
            raise PresetFileError(f"{at}: a preset needs an id")
        if preset_id in seen:
            raise PresetFileError(f"{at}: the id {preset_id!r} is used twice")
        seen.add(preset_id)
        if not isinstance(name, dict) or not all(
            isinstance(name.get(lang), str) and name[lang] for lang in ("zh", "en")
        ):
            raise PresetFileError(f"{at}: {preset_id!r} needs a name in zh and en")
        if not isinstance(options, dict):
            raise PresetFileError(f"{at}: {preset_id!r}'s options are an object")
        not_played = entry.get("not_played", [])
        if not isinstance(not_played, list) or not set(not_played) <= NOT_PLAYED_FACTS:
            known = ", ".join(sorted(NOT_PLAYED_FACTS))
            raise PresetFileError(f"{at}: {preset_id!r}'s not_played lists facts of a hand among: {known}")
        book_name = entry.get("book_name", name)
        if not isinstance(book_name, dict) or not all(
            isinstance(book_name.get(lang), str) and book_name[lang] for lang in ("zh", "en")
        ):
            raise PresetFileError(f"{at}: {preset_id!r}'s book_name needs a name in zh and en")
        checked = check_options(variant_id, options)
        if not checked["ok"]:
            codes = ", ".join(f"{error['code']} {error.get('field')}" for error in checked["errors"])
            raise PresetFileError(f"{at}: {preset_id!r}'s options are refused: {codes}")
        presets.append(
            {
                "id": preset_id,
                "name": {"zh": name["zh"], "en": name["en"]},
                "options": options,
                "source": entry.get("source", ""),
                "not_played": [str(fact) for fact in not_played],
                "book_name": {"zh": book_name["zh"], "en": book_name["en"]},
            }
        )
    first = presets[0]
    if first["id"] != RULE_BOOK or first["options"]:
        raise PresetFileError(f"{where}: the first preset is the rule book ({RULE_BOOK!r}) with no options")
    return presets


def worked_examples(variant_id: str) -> list[WorkedExample]:
    """The rule book's worked examples of a variant (its folder's examples.json), or none."""
    path = folder_of(variant_id) / "examples.json"
    if not path.is_file():
        return []
    cases = json.loads(path.read_text(encoding="utf-8")).get("cases", [])
    found = [case for case in cases if isinstance(case, dict) and case.get("variant", variant_id) == variant_id]
    return cast(list[WorkedExample], found)  # as the folder's file writes them
