"""Damage found by the mutation fuzzer (bench/fuzz.py) that reaches the writers: each test builds the
hostile document and expects bounded output, never an exception."""

from __future__ import annotations

import mistune

from zenconv.ir.nodes import Cell, Document, Row, Table, Text

from .conftest import write_with


def test_one_wide_row_does_not_pad_every_short_row():
    # 16,384 cells in one row, 2,000 one-cell rows: padded, the output would be 2,000 × 16,384 cells.
    rows = [Row([Cell([Text("a")], header=True)] * 16_384)] + [Row([str(i)]) for i in range(2_000)]
    written = write_with("markdown", Document([Table(rows)]))
    md = written.text
    assert len(md) < 1_000_000
    assert written.codes == {"to-md.table-rows-unpadded": 1}
    assert "\n| 1999 |" in md


def test_a_ragged_table_of_ordinary_size_is_still_padded():
    rows = [Row([Cell([Text(h)], header=True) for h in "abc"]), Row(["1"])]
    written = write_with("markdown", Document([Table(rows)]))
    md = written.text
    assert not written.codes
    html = mistune.create_markdown(plugins=["table"])(md)
    assert html.count("<td>") == 3
