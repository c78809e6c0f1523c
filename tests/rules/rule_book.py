"""The rule book the engine is checked against, as the repository keeps it (tests/rules/data/): RULES.md and
the worked examples of shared/rules/, copied verbatim, so that a checkout alone runs every rules test and a
test that reads them fails, never skips, when one is missing.

The rule book itself lives beside the checkout (`../shared`, or where TABLEKEEPER_RULE_BOOK points).
`python -m tests.rules.rule_book` says whether the copies are still the rule book's (`.ci/test` runs it): it
fails on a difference, and says so when no rule book is beside the checkout to compare with.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DATA = Path(__file__).parent / "data"
# The rule book's files by their path inside shared/, and the repository's copy of each.
COPIES = {
    "RULES.md": DATA / "RULES.md",
    "rules/examples.json": DATA / "examples.json",
    "rules/regional_examples.json": DATA / "regional_examples.json",
}


def text(name: str) -> str:
    """The repository's copy of one of the rule book's files (a missing copy is an error, not a skip)."""
    return COPIES[name].read_text(encoding="utf-8")


def beside_the_checkout() -> Path | None:
    """The rule book's folder: TABLEKEEPER_RULE_BOOK, else `shared/` beside the checkout; None when neither is there."""
    chosen = os.environ.get("TABLEKEEPER_RULE_BOOK")
    folder = Path(chosen) if chosen else Path(__file__).resolve().parents[3] / "shared"
    return folder if (folder / "RULES.md").is_file() else None


def stale_copies(folder: Path) -> list[str]:
    """The copies that differ from the rule book in `folder` (or that it lacks)."""
    return [
        name
        for name, copy in COPIES.items()
        if not (folder / name).is_file() or (folder / name).read_bytes() != copy.read_bytes()
    ]


def main() -> int:
    folder = beside_the_checkout()
    if folder is None:
        print("No rule book beside this checkout (../shared, TABLEKEEPER_RULE_BOOK): tests/rules/data/ was used.")
        return 0
    stale = stale_copies(folder)
    for name in stale:
        print(
            f"tests/rules/data/ holds another {name} than the rule book in {folder}: copy it again, then run the tests."
        )
    if not stale:
        print(f"The rule book's copies in tests/rules/data/ are those of {folder}.")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
