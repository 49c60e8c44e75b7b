"""Tables as plain grids, for assertions in the spreadsheet tests; and loading a fixture script."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from zenconv.ir.nodes import Cell, Table
from zenconv.ir.walk import plain_text


def load_script(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def tables(result) -> list[Table]:
    return [b for b in result.document.blocks if isinstance(b, Table)]


def cell_text(cell) -> str:
    return cell if isinstance(cell, str) else plain_text(cell.content)


def grid(table: Table) -> list[list[str]]:
    return [[cell_text(c) for c in row.cells] for row in table.rows]


def spans(table: Table) -> list[list[tuple]]:
    """Each row's cells as (text, col_span, row_span)."""
    return [[(cell_text(c), c.col_span, c.row_span) if isinstance(c, Cell) else (c, 1, 1) for c in row.cells]
            for row in table.rows]
