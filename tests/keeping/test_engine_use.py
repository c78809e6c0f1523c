"""The app asks the engine about real hands only (RULES.md §0.7).

What a variant can do is data in `get_variant`; the app never learns it by settling a made-up
hand. So every call to `settle` or `replay` outside the engine must score a record that came
from somewhere (a form, a stored round, an imported file), never one the module built itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "tablekeeper"
ENGINE_CALLS = ("settle", "replay")  # each takes the record (or records) as its second argument
BUILDERS = (ast.Dict, ast.DictComp)


def made_up(node: ast.expr, scope: ast.AST) -> bool:
    """Whether `node` is a record (or list of records) written in place, directly or through a local name."""
    if isinstance(node, BUILDERS):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return True
    if isinstance(node, ast.List | ast.Tuple):
        return any(made_up(element, scope) for element in node.elts)
    if isinstance(node, ast.ListComp):
        return made_up(node.elt, scope)
    if isinstance(node, ast.BinOp):  # [{...}] * 3, or records + [{...}]
        return made_up(node.left, scope) or made_up(node.right, scope)
    if isinstance(node, ast.Name):
        return any(made_up(value, scope) for value in assignments(node.id, scope))
    return False


def assignments(name: str, scope: ast.AST) -> list[ast.expr]:
    values: list[ast.expr] = []
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            values.append(node.value)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            values.extend([node.value] if node.value is not None else [])
    return values


def made_up_engine_calls(source: str) -> list[int]:
    """The lines of every settle/replay call whose record argument the code built itself."""
    tree = ast.parse(source)
    found: list[int] = []
    scopes = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    for scope in [tree, *scopes]:
        for node in ast.walk(scope):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in ENGINE_CALLS:
                continue
            record = (
                node.args[1]
                if len(node.args) > 1
                else next((k.value for k in node.keywords if k.arg in ("hand", "hands")), None)
            )
            if record is not None and made_up(record, scope) and node.lineno not in found:
                found.append(node.lineno)
    return found


def app_modules() -> list[Path]:
    return sorted(path for path in APP.rglob("*.py") if "rules" not in path.relative_to(APP).parts)


@pytest.mark.parametrize("path", app_modules(), ids=lambda path: str(path.relative_to(APP)))
def test_no_module_outside_the_engine_settles_a_record_it_built_itself(path: Path) -> None:
    assert made_up_engine_calls(path.read_text(encoding="utf-8")) == []


def test_the_app_does_call_the_engine_with_real_records() -> None:
    # The check above would pass vacuously if the app never called the engine at all.
    calling = [
        p.name for p in app_modules() if any(f"{call}(" in p.read_text(encoding="utf-8") for call in ENGINE_CALLS)
    ]
    assert {"recording.py", "exchange.py"} <= set(calling)


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        # What keeping/forms/winners.py did to learn whether two may win: a probe built on the spot.
        (
            "def allows(variant):\n"
            "    probe = {'result': 'win', 'wins': []}\n"
            "    return settle(variant, probe, None, None)\n",
            [3],
        ),
        ("settle('harbin', {'result': 'draw'})\n", [1]),
        ("rules.replay('dalian', [{'result': 'draw'}] * 3)\n", [1]),
        ("replay('dalian', [dict(result='draw')])\n", [1]),
        ("replay('dalian', hands=[{'result': 'draw'} for _ in range(3)])\n", [1]),
        ("def save(session, record):\n    return settle(session.variant, record, None, None)\n", []),
        ("def redo(rounds):\n    return replay('x', [r.record for r in rounds])\n", []),
    ],
)
def test_the_check_finds_a_made_up_record_and_lets_a_real_one_pass(source: str, lines: list[int]) -> None:
    assert made_up_engine_calls(source) == lines
