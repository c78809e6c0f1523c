"""An evaluator for the arithmetic a rendered reason line states, in either language.

A line such as "乙 付给 丙 6 分：(底分 1 = 1) × (碰碰胡 ×2) = 1 × 2 = 2；包三家：3 家 × 2 = 6" is cut at its
clause marks (：；，: ; ,) into statements; each statement with an "=" keeps only its figures and operators,
and every side of every equation, innermost brackets first, must come to the same number. A bracketed
"(碰碰胡 ×2)" is the factor 2, "·" multiplies like "×", and a tile ("5万", "5m") or a count in words is no figure.
"""

from __future__ import annotations

import ast
import re

CLAUSES = re.compile(r"[：；，:;,]")
TILE = re.compile(r"\d+\s?[万条筒饼索mpsz](?![a-z])")
HYPHEN = re.compile(r"(?<=[A-Za-z])-|-(?=[A-Za-z])")  # "self-draw" is a word, not a minus
# A figure and the signs between figures; anything else (words, names) is dropped.
KEPT = re.compile(r"[0-9×·+\-−=()（）]")
INNER = re.compile(r"\(([^()]*)\)")


# A bracket with no "=" right after a word is a remark on that word ("四归一（1 个，每个 ×2）", "长毛（已连庄 2 把）",
# "Four in hand (1, ×2 each)"), no part of the sum; a factor's bracket follows a sign: "× (碰碰胡 ×2)".
REMARK = re.compile(r"(?<=[^\s\d×·+\-−=(（:：])(\s?)[(（][^()（）=]*[)）]")


def false_statements(text: str) -> list[str]:
    """Every statement of `text` whose equation does not hold (or cannot be read as figures)."""
    while (remark := REMARK.search(text)) is not None:
        text = text[: remark.start()] + text[remark.end() :]
    wrong = []
    for statement in CLAUSES.split(text):
        if "=" in statement and not _holds(statement):
            wrong.append(statement.strip())
    return wrong


def _holds(statement: str) -> bool:
    figures = "".join(KEPT.findall(HYPHEN.sub("", TILE.sub("", statement))))
    figures = figures.replace("（", "(").replace("）", ")").replace("−", "-").replace("·", "×").replace("××", "×")
    try:
        while (inner := INNER.search(figures)) is not None:
            if inner.group(1).isdigit() and figures[: inner.start()][-1:] in (*"0123456789", ")"):
                # a remark after a figure, "= 2 (3 drawn hands in a row)": no part of the sum
                figures = figures[: inner.start()] + figures[inner.end() :]
                continue
            value = _chain(inner.group(1))
            if value is None:
                return False
            figures = figures[: inner.start()] + str(value) + figures[inner.end() :]
        return _chain(figures) is not None
    except (SyntaxError, ValueError):
        return False


def _chain(chain: str) -> int | None:
    """The value all sides of `a = b = c` share, or None when they differ; a lone factor "×2" is 2."""
    sides = [_value(side.lstrip("×")) for side in chain.split("=")]
    return sides[0] if len(set(sides)) == 1 else None


def _value(expression: str) -> int:
    return _evaluate(ast.parse(expression.replace("×", "*"), mode="eval").body)


def _evaluate(node: ast.expr) -> int:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_evaluate(node.operand)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub | ast.Mult):
        left, right = _evaluate(node.left), _evaluate(node.right)
        if isinstance(node.op, ast.Add):
            return left + right
        return left - right if isinstance(node.op, ast.Sub) else left * right
    raise ValueError(ast.dump(node))
