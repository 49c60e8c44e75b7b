"""The IR's one traversal and the plain text built on it."""

from __future__ import annotations

from zenconv.ir import Cell, HardBreak, Paragraph, Row, Table, Text, cell_text, plain_text, walk


def test_the_text_of_a_table_in_a_cell_keeps_its_cells_apart():
    inner = Table(rows=[Row(["I", "II"]), Row(["III", Cell([Text("IV")])])])
    assert cell_text(Cell([Paragraph([Text("V")]), inner])) == "V I II III IV"


def test_blocks_are_apart_and_inlines_run_together():
    assert plain_text([Paragraph([Text("a"), Text("b")]), Paragraph([Text("c")])]) == "ab c"
    assert plain_text([Paragraph([Text("x"), HardBreak(), Text("y")])], break_as="\n") == "x\ny"


def test_walk_never_consumes_a_lazy_row_stream():
    rows = iter([Row(["a"])])
    assert [type(n).__name__ for n in walk(Table(rows=rows))] == ["Table"]
    assert next(rows).cells == ["a"]
