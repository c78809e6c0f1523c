"""The variant registry: one folder is one variant, found by its presence, in a stable order.

A new variant is a folder copied under `tablekeeper/rules/variants/` (or under an extra search path);
the generic rules tests then test it from what its folder holds, or say which of its files is missing.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _pytest.outcomes import Failed

from tablekeeper.rules import VARIANT_IDS, get_variant, settle, variant_ids
from tablekeeper.rules.variants import PATHS_VARIABLE, REGISTRY, folder_of, search_path
from tests.fixtures.variant_folder import FIXTURE_VARIANTS, copy_variant_folder, fixture_variant_ids

from .variant_data import FILES, expected, folder_file

REPOSITORY = Path(__file__).resolve().parents[2]
# The rules tests that loop over the registry and read each variant's folder.
GENERIC_TESTS = (
    "test_engine.py",
    "test_capabilities.py",
    "test_house_rule_words.py",
    "test_examples.py",
    "test_contradictions.py",
    "test_properties.py",
    "test_reasons.py",
    "test_contradictions_near_misses.py",
    "test_pattern_tiles.py",
    "test_item_words.py",
    "test_presets.py",
    "test_stated_values.py",
)


RULE_BOOK = ("dalian", "shenyang", "harbin", "shandong", "zhengzhou")


def test_the_registry_lists_the_rule_books_five_first_in_its_order_then_any_other_folder() -> None:
    assert variant_ids() == VARIANT_IDS
    assert variant_ids()[: len(RULE_BOOK)] == RULE_BOOK
    orders = [REGISTRY[variant].order for variant in variant_ids()]
    assert orders == sorted(orders) and max(orders[: len(RULE_BOOK)]) < min(orders[len(RULE_BOOK) :], default=1000)


def declared_order(folder: Path) -> int:
    """The `order` a variant folder's variant.py declares."""
    found = re.search(r"^\s+order = (\d+)$", (folder / "variant.py").read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None, f"{folder}/variant.py declares no order"
    return int(found.group(1))


def test_the_engine_readme_names_the_orders_the_folders_hold_and_one_free_of_them() -> None:
    """Following "Adding a variant" gives a folder an order no other folder holds, the fixtures' included."""
    readme = (REPOSITORY / "tablekeeper/rules/README.md").read_text(encoding="utf-8")
    where = r"the fixtures in `tests/fixtures/variants/` hold ([\d, and]+); take one of (\d+) and above"
    said = re.search(where, readme)
    assert said is not None, "the README's step 2 names the fixtures' orders and where a new folder's starts"
    fixtures = sorted(declared_order(FIXTURE_VARIANTS / variant) for variant in fixture_variant_ids())
    assert [int(order) for order in re.findall(r"\d+", said.group(1))] == fixtures
    assert len(set(fixtures)) == len(fixtures), "each fixture has an order of its own"
    book = [REGISTRY[variant].order for variant in RULE_BOOK]
    assert int(said.group(2)) > max(fixtures + book)


@pytest.mark.parametrize("variant", variant_ids())
@pytest.mark.parametrize("name", FILES)
def test_every_variant_folder_holds_the_data_its_generic_tests_read(variant: str, name: str) -> None:
    assert folder_file(variant, name)


# The files every variant folder is made of (checks.py only where the variant refuses something of its own).
FOLDER_FILES = (
    "__init__.py",
    "variant.py",
    "catalogue.py",
    "fact_items.json",
    "house_rules.py",
    "tiles.py",
    "scoring.py",
    "decisions.md",
    *FILES,
)


@pytest.mark.parametrize("variant", [*variant_ids(), *fixture_variant_ids()])
def test_every_variant_folder_has_the_files_a_variant_is_made_of(variant: str) -> None:
    folder = folder_of(variant) if variant in variant_ids() else FIXTURE_VARIANTS / variant

    missing = [name for name in FOLDER_FILES if not (folder / name).is_file()]

    assert missing == [], f"{folder} lacks {', '.join(missing)}"


def test_the_shared_folder_is_no_variant() -> None:
    assert "common" not in variant_ids()
    assert folder_of("harbin").name == "harbin"


@pytest.mark.parametrize("variant", fixture_variant_ids())
def test_a_copied_folder_is_a_variant_listed_after_the_rule_books_and_gone_with_its_folder(
    variant: str, tmp_path: Path
) -> None:
    if variant in VARIANT_IDS:
        pytest.skip(f"{variant} is registered from its own folder under variants/, which a copy cannot shadow")
    with search_path(copy_variant_folder(variant, tmp_path)):
        listed = variant_ids()
        # The registered variants keep their order; the new one takes its place by its folder's `order`
        # (after the rule book's variants, and before another newcomer with a higher one).
        assert [other for other in listed if other != variant] == list(VARIANT_IDS)
        assert listed == tuple(sorted(listed, key=lambda id_: (REGISTRY[id_].order, id_)))
        # Before it, every folder with a lower order, or the same order and an id sorting first (a newcomer's
        # folder may share a fixture's order: the id decides between them).
        before = listed[: listed.index(variant)]
        assert all((REGISTRY[other].order, other) < (REGISTRY[variant].order, variant) for other in before)
        assert get_variant(variant)["id"] == variant
        assert settle(variant, {"result": "draw"})["ok"]
    assert variant_ids() == VARIANT_IDS
    assert settle(variant, {"result": "draw"})["errors"][0]["code"] == "unknown_variant"


@pytest.mark.parametrize("variant", fixture_variant_ids())
def test_a_folder_without_its_test_data_fails_the_generic_tests_naming_the_missing_file(
    variant: str, tmp_path: Path
) -> None:
    if variant in VARIANT_IDS:
        pytest.skip(f"{variant} is registered from its own folder under variants/, which a copy cannot shadow")
    root = copy_variant_folder(variant, tmp_path)
    (root / variant / "expected.json").unlink()
    with search_path(root), pytest.raises(Failed, match=r"has no expected\.json"):
        expected(variant)


@pytest.mark.parametrize("variant", fixture_variant_ids())
def test_a_copied_variant_folder_passes_every_generic_rules_test(variant: str, tmp_path: Path) -> None:
    """The proof that one folder is the whole change: the generic rules tests, run in a fresh process
    whose registry also reads a temporary copy of the folder, select and pass the new variant's cases."""
    env = {**os.environ, PATHS_VARIABLE: str(copy_variant_folder(variant, tmp_path))}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", variant]
    command += [str(Path(__file__).parent / name) for name in GENERIC_TESTS]
    done = subprocess.run(command, cwd=REPOSITORY, env=env, capture_output=True, text=True, check=False)

    assert done.returncode == 0, done.stdout[-4000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed is not None and int(passed.group(1)) >= 30, done.stdout[-2000:]
    assert " failed" not in done.stdout and " error" not in done.stdout


@pytest.mark.parametrize("variant", fixture_variant_ids())
def test_a_folder_that_declares_another_id_or_no_variant_is_refused_by_name(variant: str, tmp_path: Path) -> None:
    root = copy_variant_folder(variant, tmp_path)
    (root / variant).rename(root / "elsewhere")
    with pytest.raises(ImportError, match="a folder is named after its variant"), search_path(root):
        pass
    (root / "elsewhere" / "__init__.py").write_text('"""Not a variant."""\n', encoding="utf-8")
    with pytest.raises(ImportError, match="holds no VARIANT"), search_path(root):
        pass
    assert variant_ids() == VARIANT_IDS
