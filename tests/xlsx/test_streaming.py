"""Sheets are streamed: rows come lazily and memory does not grow with the sheet."""

from __future__ import annotations

import gc

from zenconv.context import current_rss
from zenconv.ir.nodes import Table
from zenconv.testing import read

from .conftest import FX, READER

ROWS = 60_000


def _big_book() -> bytes:
    cells = "".join(f'<c r="{c}{{r}}" t="inlineStr"><is><t>{c}{{r}} text</t></is></c>' for c in "ABCDE")
    cells += "".join(f'<c r="{c}{{r}}"><v>{{r}}.5</v></c>' for c in "FGHIJ")
    body = "<sheetData>" + "".join(f'<row r="{r}">' + cells.format(r=r) + "</row>" for r in range(1, ROWS + 1))
    return FX.raw_book(body + "</sheetData>")


def test_rows_are_lazy_and_memory_stays_flat():
    data = _big_book()
    result = read(data, READER, name="big.xlsx", materialize=False)
    table = next(b for b in result.document.blocks if isinstance(b, Table))
    assert not isinstance(table.rows, list)
    gc.collect()
    before = current_rss()
    count = cells = 0
    for row in table.rows:
        count += 1
        cells += len(row.cells)
    growth = current_rss() - before
    assert (count, cells) == (ROWS, ROWS * 10)
    # Held in memory, these rows would take some 80 MB; streamed, a few MB of parser state.
    assert growth < 25 << 20, f"RSS grew by {growth >> 20} MiB"
