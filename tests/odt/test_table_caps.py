"""The caps on an ODF text table's repeats are options (--max-table-rows, --max-table-cols), reported when hit."""

from __future__ import annotations

import zenconv

from .conftest import read_odt
from .test_comments import package

_NS_TABLE = ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'


def _repeated(rows: int, cols: int) -> bytes:
    """A table of one row holding ``x``, repeated ``rows`` times, of ``cols`` repeated cells."""
    cell = f'<table:table-cell table:number-columns-repeated="{cols}"><text:p>x</text:p></table:table-cell>'
    body = (f'<table:table{_NS_TABLE} table:name="T"><table:table-column table:number-columns-repeated="{cols}"/>'
            f'<table:table-row table:number-rows-repeated="{rows}">{cell}</table:table-row></table:table>')
    return package(body)


def test_repeats_past_the_caps_are_cut_and_reported():
    data = _repeated(50, 20)
    assert read_odt(data).codes() == {}
    result = read_odt(data, max_table_rows=10, max_table_cols=5)
    assert result.codes() == {"odt.table-truncated": 1}
    [table] = result.document.blocks
    assert len(table.rows) == 10 and {len(row.cells) for row in table.rows} == {5}
    assert table.notes == ["Table truncated: at most 10 rows and 5 columns are read."]
    manifest = zenconv.convert(data, to="markdown", name="t.odt", max_table_rows=10).manifest
    assert manifest["limits"]["max-table-rows"] == 10 and manifest["limits"]["max-table-cols"] == 1024


def test_the_default_caps_hold_a_hostile_repeat():
    result = read_odt(_repeated(10**9, 3))
    assert result.codes() == {"odt.table-truncated": 1} and len(result.document.blocks[0].rows) == 100_000
