"""Reading ODS bytes through the registered reader; fixtures come from make_fixtures.py."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from zenconv.ir.nodes import Cell, Table
from zenconv.ir.walk import plain_text
from zenconv.testing import ReadResult, read

READER = "ai.insan.zenfmt.ods"
HERE = Path(__file__).resolve().parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


FX = _load("zenconv_ods_fixtures", HERE / "make_fixtures.py")


def read_ods(data: bytes, **options) -> ReadResult:
    return read(data, READER, name="input.ods", **options)


def tables(result: ReadResult) -> list[Table]:
    return [b for b in result.document.blocks if isinstance(b, Table)]


def cell_text(cell) -> str:
    return cell if isinstance(cell, str) else plain_text(cell.content)


def grid(table: Table) -> list[list[str]]:
    return [[cell_text(c) for c in row.cells] for row in table.rows]


def spans(table: Table) -> list[list[tuple]]:
    return [[(cell_text(c), c.col_span, c.row_span) if isinstance(c, Cell) else (c, 1, 1) for c in row.cells]
            for row in table.rows]


def row_body(cells: str, repeat: int = 1, attrs: str = "") -> str:
    rep = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
    return f"<table:table-row{rep}{attrs}>{cells}</table:table-row>"


def float_cell(value, repeat: int = 1) -> str:
    rep = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    return f'<table:table-cell office:value-type="float" office:value="{value}"{rep}><text:p>{value}</text:p></table:table-cell>'
