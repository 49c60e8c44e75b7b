"""Tables: header rows, gridSpan, vMerge folding, gridBefore, nested tables, lazy rows and locators."""

from __future__ import annotations

from zenconv.ir.nodes import Cell, Table
from zenconv.ir.walk import cell_text

from .conftest import FX, blocks, read_docx, text


def _table():
    return [b for b in blocks(FX.tables()) if isinstance(b, Table)][0]


def test_columns_and_header_row():
    table = _table()
    assert table.columns.count == 3
    header = table.rows[0]
    assert header.is_header and [cell_text(c) for c in header.cells] == ["H1", "H2", "H3"]
    assert not table.rows[1].is_header


def test_grid_span_and_vertical_merge_fold_into_the_origin():
    table = _table()
    wide, tall = table.rows[1].cells
    assert isinstance(wide, Cell) and wide.col_span == 2
    assert isinstance(tall, Cell) and tall.row_span == 2 and cell_text(tall) == "tall"
    assert [cell_text(c) for c in table.rows[2].cells] == ["a", "b"]   # the continuation is left out
    assert read_docx(FX.tables()).codes()["docx.merged-cells-degraded"] == 1


def test_grid_before_pads_the_row_start():
    assert [cell_text(c) for c in _table().rows[3].cells] == ["", "late", "end"]


def test_nested_table_is_a_block_of_its_cell():
    cell = _table().rows[4].cells[1]
    nested = [b for b in cell.content if isinstance(b, Table)]
    assert len(nested) == 1 and [cell_text(c) for c in nested[0].rows[0].cells] == ["in 1", "in 2"]
    assert text(cell.content[0]) == "outer"


def test_rows_carry_table_ordinal_row_index_and_paragraph():
    table = _table()
    assert table.locator.table == 1 and table.locator.paragraph == 2
    assert [(r.locator.table, r.locator.row) for r in table.rows] == [(1, i) for i in range(5)]
    assert table.rows[1].locator.paragraph == 5   # Before + three header cells, then this row


def test_body_table_rows_are_lazy():
    doc = read_docx(FX.tables(), materialize=False).document
    stream = iter(doc.blocks)
    next(stream)
    table = next(stream)
    assert not isinstance(table.rows, list)
    rows = iter(table.rows)
    assert cell_text(next(rows).cells[0]) == "H1"
    # moving on without reading every row keeps them: the reader drains them into the table
    after = next(stream)
    assert text(after) == "After"
    assert len(list(rows)) == 4


def test_deleted_rows_follow_the_revision_mode():
    row = '<w:tr><w:trPr><w:del w:id="1" w:author="A"/></w:trPr><w:tc><w:p><w:r><w:t>gone</w:t></w:r></w:p></w:tc></w:tr>'
    keep = '<w:tr><w:tc><w:p><w:r><w:t>kept</w:t></w:r></w:p></w:tc></w:tr>'
    data = FX.package(f"<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid>{keep}{row}</w:tbl>")
    assert [cell_text(r.cells[0]) for r in blocks(data)[0].rows] == ["kept"]
    assert [cell_text(r.cells[0]) for r in blocks(data, revisions="reject")[0].rows] == ["kept", "gone"]


def test_a_one_cell_table_is_a_frame_and_its_content_is_unwrapped():
    from zenconv.ir.nodes import Heading, Paragraph

    found = blocks(FX.charts_and_frames())
    heading = next(b for b in found if isinstance(b, Heading))
    assert text(heading) == "Boxed heading"
    assert any(isinstance(b, Paragraph) and text(b) == "boxed text" for b in found)
    # a one-column table of several rows is still a table, streamed
    column = [b for b in found if isinstance(b, Table)][-1]
    assert [cell_text(r.cells[0]) for r in column.rows] == ["row 0", "row 1", "row 2"]


def test_a_chart_becomes_a_table_of_its_cached_data():
    result = read_docx(FX.charts_and_frames())
    chart = [b for b in result.document.blocks if isinstance(b, Table)][0]
    assert text(chart.caption) == "Sales" and chart.columns.count == 3
    assert [[cell_text(c) for c in r.cells] for r in chart.rows] == [
        ["", "North", "South"], ["Q1", "1.5", "2"], ["Q2", "4.4", "3"]]
    assert chart.rows[0].is_header
    assert result.codes()["docx.chart-as-table"] == 1


def test_the_header_row_table_option_makes_the_first_row_a_header():
    row = '<w:tr><w:tc><w:p><w:r><w:t>{}</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc></w:tr>'
    grid = '<w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid>'
    for look, expected in (('<w:tblLook w:firstRow="1"/>', True), ('<w:tblLook w:val="04A0"/>', True),
                           ('<w:tblLook w:val="0400" w:firstRow="0"/>', False), ("", False)):
        data = FX.package(f'<w:tbl><w:tblPr>{look}</w:tblPr>{grid}{row.format("a")}{row.format("b")}</w:tbl>')
        table = blocks(data)[0]
        assert table.rows[0].is_header is expected and not table.rows[1].is_header
