"""No module compiles a regular expression when it is imported: every module-level pattern is a
``zenconv.patterns.pattern``, compiled at its first use. Compiling runs the standard library's parser in
Python (about half a million instructions a pattern), and a conversion imports dozens of modules whose
patterns the document at hand never needs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(p for folder in ("zenconv", "plugins") for p in (ROOT / folder).rglob("*.py"))


def _import_time_compiles(tree: ast.AST) -> list[int]:
    """Lines of ``re.compile(...)`` calls run when the module is imported (outside any function)."""
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if (not inside and isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                    and child.func.attr == "compile" and isinstance(child.func.value, ast.Name)
                    and child.func.value.id == "re"):
                found.append(child.lineno)
            visit(child, inside)

    visit(tree, False)
    return found


def test_the_sources_are_found():
    assert len(SOURCES) > 100


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_pattern_is_compiled_at_import(path):
    lines = _import_time_compiles(ast.parse(path.read_text(encoding="utf-8")))
    assert not lines, f"{path.relative_to(ROOT)}: re.compile at import on line(s) {lines}: use zenconv.patterns.pattern"
