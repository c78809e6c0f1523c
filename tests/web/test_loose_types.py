"""The app reads typed data: a dict or mapping of anything (`dict[str, Any]`, `Mapping[str, object]`) is
kept for what is truly free-form (a form's raw values, Django's own hooks), and counted, so that it does
not grow back: at most LOOSE_BUDGET across the app outside the engine (which has its own typed answers)."""

from __future__ import annotations

import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "tablekeeper"
LOOSE = re.compile(r"\b(?:dict|Mapping)\[str, (?:Any|object)\]")
LOOSE_BUDGET = 40


def loose_annotations(root: Path) -> dict[str, int]:
    """Where the app names a dict of anything, by file (migrations and the engine aside)."""
    found: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if relative.parts[0] in ("rules", "migrations"):
            continue
        if count := len(LOOSE.findall(path.read_text(encoding="utf-8"))):
            found[str(relative)] = count
    return found


def test_the_app_names_a_dict_of_anything_no_more_than_its_budget() -> None:
    found = loose_annotations(APP)
    assert sum(found.values()) <= LOOSE_BUDGET, sorted(found.items(), key=lambda item: -item[1])


def test_the_count_sees_each_spelling_of_a_dict_of_anything(tmp_path: Path) -> None:
    (tmp_path / "loose.py").write_text("a: dict[str, Any]\nb: Mapping[str, object]\nc: dict[str, int]\n")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "engine.py").write_text("d: dict[str, Any]\n")
    assert loose_annotations(tmp_path) == {"loose.py": 2}
